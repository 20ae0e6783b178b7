"""Old logs in today's terms: events written before they carried the players' names
(each knew its players by seat only) get those names from the state before them when
the log is read, so that every log line names players, never seat numbers."""

from __future__ import annotations

from typing import Any

import attrs

from .events import FinalScored, Scored
from .state import State


def unnamed(ev: Any) -> bool:
    """Whether ``ev`` knows a player by seat only (a log written before names)."""
    t = type(ev)
    if t is Scored:
        return not ev.names and bool(ev.awards)
    if t is FinalScored:
        return not ev.players and bool(ev.rows)
    return getattr(ev, "player", None) == ""


def named(state: State, ev: Any) -> Any:
    """``ev`` with the name of every player it knew by seat only."""
    t = type(ev)
    if t is Scored:
        return attrs.evolve(ev, names=tuple(state.players[s] for s, _ in ev.awards))
    if t is FinalScored:
        return attrs.evolve(ev, players=tuple(state.players))
    return attrs.evolve(ev, player=state.players[ev.seat])
