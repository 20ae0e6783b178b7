"""Turn order and standing: rules that decide applies and records in the events (the next
seat to act, the standing discard), so that fold only reads them. fold calls these only
for logs written before the events carried the result."""

from __future__ import annotations

from .state import State


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
