"""Counters every built-in agent keeps, read by ``meeple bench``."""

from __future__ import annotations

import attrs


@attrs.define
class SearchStats:
    decisions: int = 0
    simulations: int = 0
    calls: int = 0  # forward-model calls: commands applied with game.step
    seconds: float = 0.0  # time spent thinking

    def to_json(self) -> dict[str, float]:
        return attrs.asdict(self)
