from meeple.core.testing import GameContract
from meeple_carcassonne_hill_dale import HillDale


class TestContract(GameContract):
    game = HillDale()
    player_counts = (2, 3, 4, 5)
    random_games = 1000
