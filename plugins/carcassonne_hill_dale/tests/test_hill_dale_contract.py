from meeple.core.testing import GameContract
from meeple_carcassonne_hill_dale import HillDale


class TestContract(GameContract):
    game = HillDale()
    player_counts = (2, 3, 4, 5)
    random_games = 1000
    # fold applies what the events record: no rule or scoring function may run in replay
    rule_modules = ("meeple_carcassonne_hill_dale.rules", "meeple_carcassonne_hill_dale.scoring")
