"""A tournament match in progress is written to the store on time (``flush_on_time``), so a
page watching it follows it move by move, while a fast match still writes in few batches."""

from __future__ import annotations

import attrs
from meeple.ai.tournament import FLUSH_SECONDS, flush_on_time


class FakeTable:
    def __init__(self) -> None:
        self.pending: list[int] = []
        self.writes: list[list[int]] = []

    def flush(self, store, clock) -> None:
        self.writes.append(self.pending[:])
        self.pending.clear()


ENGINE = attrs.make_class("E", ["store", "clock"])(None, None)


def _played(times: list[float], seconds: float, start: float = 0.0,
            pending: bool = True) -> list[list[int]]:
    """The writes of a match whose commands come at ``times`` (clock values)."""
    now = [start]
    hook = flush_on_time(ENGINE, seconds, clock=lambda: now[0])
    assert hook is not None
    t = FakeTable()
    for i, at in enumerate(times):
        now[0] = at
        if pending:
            t.pending.append(i)
        hook(t, "p", i)
    return t.writes


def test_a_match_is_written_whenever_the_flush_time_has_passed() -> None:
    assert _played([0.1, 0.2, 0.26, 0.3, 0.4, 0.52, 2.0], 0.25) == [[0, 1, 2], [3, 4, 5], [6]]
    assert flush_on_time(ENGINE, None) is None
    assert FLUSH_SECONDS is not None and FLUSH_SECONDS <= 1  # watchers see a move a second


def test_the_flush_time_counts_from_the_hook_and_from_each_write_on_the_dot() -> None:
    assert _played([10.2, 10.5, 10.7], 0.5, start=10.0) == [[0, 1]]  # 10.5 - 10.0, then 0.2
    assert _played([10.49, 10.5, 10.99, 11.0], 0.5, start=10.0) == [[0, 1], [2, 3]]
    assert _played([1.0, 5.0], 0.0) == [[0], [1]]


def test_nothing_pending_is_not_written() -> None:
    assert _played([1.0, 2.0, 3.0], 0.25, pending=False) == []
