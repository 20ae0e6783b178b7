"""Nim, written into the package `meeple plugin new nim` makes (test_plugin_template.py
copies this file over its meeple_nim/game.py): the smallest complete game plugin.

Players take turns taking one or more stones from one heap; who takes the last stone
wins (normal play). The heaps are an option: "3,4,5" by default.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core import BadOptions, Game, IllegalCommand, Option, Outcome, command, event

NOTATION = re.compile(r"take (\d{1,3}) from (\d{1,2})")


@command
class Take:
    heap: int  # 0-based; the notation counts heaps from 1
    count: int


@event("nim.started")
class Started:
    players: tuple[str, ...]
    heaps: tuple[int, ...]


@event("nim.took")
class Took:
    player: str
    heap: int
    count: int
    last: bool  # the last stone of the game: the taker wins


@dataclass
class State:
    players: tuple[str, ...]
    heaps: list[int]
    turn: int = 0
    winner: str | None = None


class Nim(Game):
    name = "nim"
    title = "Nim"
    version = "0.1.0"
    options = (Option("heaps", "3,4,5", "heap sizes, comma-separated, each 1 to 20"),)
    events = (Started, Took)
    render_formats = ("text",)

    def setup(self, players: Sequence[str], options: Mapping[str, Any],
              rng: random.Random) -> list:
        parts = str(options["heaps"]).split(",")
        if not 1 <= len(parts) <= 6 or not all(p.strip().isdigit() and 1 <= int(p) <= 20
                                               for p in parts):
            raise BadOptions(f"option 'heaps' takes 1 to 6 sizes from 1 to 20, like 3,4,5; "
                             f"not {options['heaps']!r}")
        return [Started(tuple(players), tuple(int(p) for p in parts))]

    def decide(self, state: State, player: str, command: Any, rng: random.Random) -> list:
        if player not in self.to_act(state):
            raise IllegalCommand(f"it is not {player}'s turn")
        if not isinstance(command, Take) or not 0 <= command.heap < len(state.heaps):
            raise IllegalCommand(f"take N from a heap 1 to {len(state.heaps)}")
        if not 1 <= command.count <= state.heaps[command.heap]:
            raise IllegalCommand(f"heap {command.heap + 1} holds {state.heaps[command.heap]}")
        left = sum(state.heaps) - command.count
        return [Took(player, command.heap, command.count, left == 0)]

    def fold(self, state: State | None, event: Any) -> State:
        if isinstance(event, Started):
            return State(event.players, list(event.heaps))
        state.heaps[event.heap] -= event.count
        state.turn += 1
        if event.last:
            state.winner = event.player
        return state

    def clone(self, state: State) -> State:
        return State(state.players, list(state.heaps), state.turn, state.winner)

    def to_act(self, state: State) -> Sequence[str]:
        if state.winner is not None:
            return ()
        return (state.players[state.turn % len(state.players)],)

    def legal(self, state: State, player: str) -> list:
        if player not in self.to_act(state):
            return []
        return [Take(h, n) for h, size in enumerate(state.heaps) for n in range(1, size + 1)]

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome.from_scores({p: int(p == state.winner) for p in state.players})

    def changes(self, event: Any) -> Mapping[str, Mapping[str, int | float]]:
        return {event.player: {"vp": 1}} if isinstance(event, Took) and event.last else {}

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:
        found = NOTATION.fullmatch(text.strip().lower())
        if not found:
            raise IllegalCommand(f"{text!r}: type take N from HEAP, like take 2 from 1")
        return Take(int(found[2]) - 1, int(found[1]))

    def format(self, command: Any, state: State | None = None) -> str:
        return f"take {command.count} from {command.heap + 1}"

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        return "  ".join(f"{i + 1}:{'|' * n}" for i, n in enumerate(state.heaps))
