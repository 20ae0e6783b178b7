from meeple.core.testing import GameContract
from meeple_utopia import Utopia


class TestContract(GameContract):
    game = Utopia()
    player_counts = (2, 3, 4, 5)
    # fold applies what the events record: every other module (rules, turn order, the
    # old-log upcast) is forbidden in a replay
    fold_modules = ("meeple_utopia.fold",)
    garbage = GameContract.garbage + (
        "take", "take maya", "take maya Z9", "take dwarf F3", "move 3 maya F3 F4",
        "move maya F3", "raise", "lower atlantis", "wonder moon", "end now", "discard",
        "take maya F3 as", "monument F3", "add maya", "remove greek Q1",
    )
