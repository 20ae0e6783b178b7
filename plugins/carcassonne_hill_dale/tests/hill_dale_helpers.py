"""Build games with a chosen stack, for scenarios with hand-worked points."""

from __future__ import annotations

import random
from typing import Any

from meeple.core import IllegalCommand
from meeple.core.testing import vp_totals
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.events import Started
from meeple_carcassonne_hill_dale.rules import draw

GAME = HillDale()


class Table:
    """A game whose stack is given in draw order (the start tile is always at 0,0)."""

    def __init__(self, tiles: list[str], players: tuple[str, ...] = ("ann", "bob"),
                 sharing: str = "majority") -> None:
        self.events: list[Any] = [Started(players, tuple(tiles), sharing)]
        self.state = GAME.fold(None, self.events[0])
        draw(self.state, 0, self._emit)

    def _emit(self, ev: Any) -> None:
        self.events.append(ev)
        GAME.fold(self.state, ev)

    def play(self, player: str, text: str) -> list[Any]:
        cmd = GAME.parse(text, self.state, player)
        if player not in GAME.to_act(self.state):
            raise IllegalCommand(f"not {player}'s turn")
        evs = GAME.decide(self.state, player, cmd, random.Random(0))
        for ev in evs:
            self._emit(ev)
        return evs

    def vp(self) -> dict[str, float]:
        """Points per player summed from the events' ``changes`` (what the log shows)."""
        return vp_totals(GAME, self.events, self.state.players)

    def score(self, player: str) -> int:
        return self.state.scores[self.state.players.index(player)]
