from meeple.core.testing import GameContract
from meeple_terraforming_mars import TerraformingMars


class TestContract(GameContract):
    game = TerraformingMars()
    player_counts = (2, 3, 4, 5)
    option_sets = ({}, {"corporations": "beginner"})
    random_games = 1000  # about 40 s of CPU: a random game is 250-600 commands
