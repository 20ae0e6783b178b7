"""The engine's promises for Connect Four: GameContract plays random games and checks
replay, determinism, decide changing nothing, notation, refusals, options and the end."""

from meeple.core.testing import GameContract
from meeple_connect_four import ConnectFour


class TestContract(GameContract):
    game = ConnectFour()
    player_counts = (2,)
