"""How a Meeple game becomes numbers: actions as integers, views as vectors.

Actions. A game with a fixed encoding (``Game.action_count`` set) numbers its commands
itself (``encode_action`` / ``decode_action``): the same command always has the same index,
which is what a policy network wants. An encoding may be bounded (Over Hill and Dale's
covers a window of the endless landscape): ``encode_action`` raises ValueError for a legal
command beyond its bounds, and the action mask leaves that command out. Otherwise the
index is the command's place in the canonical order of ``legal`` at that state (sorted by
notation), bounded by ``Game.max_actions``: index ``i`` is "the i-th legal command", so
its meaning depends on the state, and the action mask says which indices are legal now.

Observations. A game with ``Game.observation_size`` set gives ``observation(view, player)``.
Otherwise ``summary(view, player)`` (the public data ``meeple show --format json`` prints)
is flattened: every number and boolean in it, visited in sorted key order, then strings
hashed into [0, 1), padded with zeros or cut to ``GENERIC_SIZE``. Either way only the
acting player's view is used, never the full state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

from meeple.core.game import Game

GENERIC_SIZE = 256


class ActionCodec:
    """Commands <-> integers for one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.fixed = game.action_count is not None
        self.size = int(game.action_count if self.fixed else game.max_actions)

    def legal(self, state: Any, player: str) -> list[Any]:
        """The legal commands in the order their indices follow (default encoding)."""
        cmds = self.game.legal(state, player)
        if self.fixed:
            return cmds
        ordered = sorted(cmds, key=lambda c: self.game.format(c, state))
        if len(ordered) > self.size:
            raise ValueError(
                f"{self.game.name} offers {len(ordered)} commands here, more than its "
                f"max_actions bound of {self.size}; raise Game.max_actions or give the game "
                "a fixed action encoding")
        return ordered

    def mask(self, state: Any, player: str) -> list[int]:
        """1 for every index that is a legal command now."""
        out = [0] * self.size
        for i in self.indices(state, player):
            out[i] = 1
        return out

    def indices(self, state: Any, player: str) -> list[int]:
        cmds = self.legal(state, player)
        if not self.fixed:
            return list(range(len(cmds)))
        out = set()
        for c in cmds:
            try:
                out.add(self.game.encode_action(c, state))
            except ValueError:
                continue  # beyond the bounds the game documents for its encoding
        if cmds and not out:
            raise ValueError(
                f"none of the {len(cmds)} legal commands of {self.game.name} here has an "
                "index in its fixed action encoding (beyond the bounds it documents)")
        return sorted(out)

    def decode(self, index: int, state: Any, player: str) -> Any:
        if self.fixed:
            return self.game.decode_action(index, state, player)
        cmds = self.legal(state, player)
        if not 0 <= index < len(cmds):
            raise ValueError(f"action {index} is not legal: {len(cmds)} commands are offered")
        return cmds[index]

    def encode(self, command: Any, state: Any, player: str) -> int:
        if self.fixed:
            return self.game.encode_action(command, state)
        text = self.game.format(command, state)
        for i, c in enumerate(self.legal(state, player)):
            if self.game.format(c, state) == text:
                return i
        raise ValueError(f"{text!r} is not a legal command here")


def observation_size(game: Game) -> int:
    return int(game.observation_size) if game.observation_size is not None else GENERIC_SIZE


def observe(game: Game, view: Any, player: str) -> list[float]:
    """The numeric observation of ``player``'s view."""
    if game.observation_size is not None:
        values = [float(x) for x in game.observation(view, player)]
        if len(values) != game.observation_size:
            raise ValueError(f"{game.name}.observation gave {len(values)} numbers, not "
                             f"observation_size={game.observation_size}")
        return values
    flat = list(_numbers(game.summary(view, player)))[:GENERIC_SIZE]
    return flat + [0.0] * (GENERIC_SIZE - len(flat))


def _numbers(data: Any) -> Iterator[float]:
    if isinstance(data, bool):
        yield 1.0 if data else 0.0
    elif isinstance(data, int | float):
        yield float(data)
    elif isinstance(data, str):
        digest = hashlib.sha256(data.encode()).digest()
        yield int.from_bytes(digest[:4], "big") / 2**32
    elif isinstance(data, dict):
        for key in sorted(data, key=str):
            yield from _numbers(data[key])
    elif isinstance(data, Sequence):
        for item in data:
            yield from _numbers(item)
    # None and anything else carries no number


__all__ = ["ActionCodec", "GENERIC_SIZE", "observation_size", "observe"]
