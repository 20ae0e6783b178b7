"""Turn order, passes and standing: rules that decide applies and records in the events
(the next seat to act, the pass and phase after a welcome, the standing discard, who falls
behind at a scoring), so that fold only reads them. ``upcast_in_context`` uses them once
for a log written before an event carried the result."""

from __future__ import annotations

from collections.abc import Sequence

from .state import DEVELOP, PASSES, State


def next_actor(state: State, acted: list[bool] | None = None) -> int:
    """The highest score among those who have not acted in this pass (``acted``, default
    the state's); among equal scores, who reached that square first."""
    acted = state.acted if acted is None else acted
    best, key = -1, None
    for s in range(state.n):
        if not acted[s]:
            k = (-state.scores[s], state.stamps[s])
            if key is None or k < key:
                best, key = s, k
    return best


def next_after_welcome(state: State, seat: int) -> int:
    """Who acts once ``seat`` has welcomed its guest (a new pass when all have)."""
    acted = state.acted[:]
    acted[seat] = True
    if all(acted):
        acted = [False] * state.n
    return next_actor(state, acted)


def next_after_development(state: State, seat: int) -> int:
    """Who develops after ``seat``; -1 when everyone has (the round is scored)."""
    acted = state.acted[:]
    acted[seat] = True
    return -1 if all(acted) else next_actor(state, acted)


def discard_count(state: State, seat: int) -> int:
    """Leader 2, last 0, others 1; when everyone is level, everyone is "other"."""
    hi, lo, me = max(state.scores), min(state.scores), state.scores[seat]
    if hi == lo:
        return 1
    return 2 if me == hi else 0 if me == lo else 1


def after_welcome(state: State, seat: int) -> tuple[int, int]:
    """The pass under way and the phase once ``seat`` has welcomed its guest: a pass ends
    when every seat has, and phase 2 begins after the last one."""
    acted = state.acted[:]
    acted[seat] = True
    if not all(acted):
        return state.pass_no, state.phase
    passes = state.pass_no + 1
    return passes, DEVELOP if passes == PASSES else state.phase


def scores_after(state: State, points: Sequence[int]) -> list[int]:
    """The scores once a round's ``points`` are paid to the seats that developed."""
    scores = state.scores[:]
    for seat in state.order:
        scores[seat] += points[seat]
    return scores


def left_behind(state: State, scores: Sequence[int]) -> int:
    """The round's first player, still on the start square after the scoring, moves behind
    the others: that seat, or -1."""
    first = state.round_first
    return first if first >= 0 and scores[first] == 0 else -1
