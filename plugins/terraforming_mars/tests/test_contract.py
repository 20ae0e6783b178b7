from meeple.core.testing import GameContract
from meeple_terraforming_mars import TerraformingMars


class TestContract(GameContract):
    game = TerraformingMars()
    player_counts = (2, 3, 4, 5)
    option_sets = ({}, {"corporations": "beginner"})
    # A random game is 250-600 commands; the full 1000 run in test_random_games.py with
    # the codec round trip checked on a sample (see docs/games/terraforming-mars.md).
    random_games = 150
