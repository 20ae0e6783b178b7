from meeple.core.testing import GameContract
from meeple_carcassonne_hill_dale import HillDale


class TestContract(GameContract):
    game = HillDale()
    player_counts = (2, 3, 4, 5)
    random_games = 1000
    # fold applies what the events record; the log lines come from render: every other
    # module (rules, scoring, the board's placement rules) is forbidden in a replay
    fold_modules = ("meeple_carcassonne_hill_dale.fold", "meeple_carcassonne_hill_dale.render")
