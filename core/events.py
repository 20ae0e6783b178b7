"""Event and command classes: frozen attrs classes with a namespaced type name and version.

A game declares its events with ``@event("connect-four.dropped", version=1)``. The type
name is what the store records; the version lets ``Game.upcast`` read old logs. An event
that reveals something a player did not know before (a draw, a shuffle, a tile flip) is
declared with ``barrier=True``: undo may not cross it without consent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def event(type_name: str, version: int = 1, *, barrier: bool = False) -> Callable[[type[T]], type[T]]:
    """Make a frozen attrs event class with a recorded type name and version."""
    if "." not in type_name:
        raise ValueError(f"event type {type_name!r} must be namespaced, like 'my-game.placed'")

    def wrap(cls: type[T]) -> type[T]:
        frozen = attrs.frozen(cls)
        frozen.TYPE = type_name  # type: ignore[attr-defined]
        frozen.VERSION = version  # type: ignore[attr-defined]
        frozen.BARRIER = barrier  # type: ignore[attr-defined]
        return frozen

    return wrap


def command(cls: type[T]) -> type[T]:
    """Make a frozen, hashable attrs command class (commands are values)."""
    return attrs.frozen(cls)


def type_name(ev: Any) -> str:
    return type(ev).TYPE


def is_barrier(ev: Any) -> bool:
    return bool(getattr(type(ev), "BARRIER", False))


# Events the engine itself appends to every game's log, whatever the game.
@event("meeple.undone")
class Undone:
    """Commands from first_seq to last_seq no longer count; replay skips them.

    ``forced_by`` (a name kept from the first format) is the consent: every player who
    agreed, the asker last. ``forced``: the undo went ahead without some consent that was
    needed (``--force``). ``proof``: how the consent was given, "hot-seat" (named by the
    asker at the CLI, trusted) or "seat-key" (each player proved their seat to a server)."""

    first_seq: int
    last_seq: int
    by: str
    forced_by: tuple[str, ...] = ()
    forced: bool = False
    proof: str = ""


@event("meeple.redone")
class Redone:
    """Cancels the Undone event at undo_seq: its span counts again."""

    undo_seq: int
    by: str


ENGINE_EVENTS: tuple[type, ...] = (Undone, Redone)
