"""How verify says what differs between a stored event and the one today's rules give.

Events record outcomes, so a rules change shows up as a different event. The message
names the event by its sequence number and shows both versions readably: as changes
(``stored +2 vp for p1, today's rules give +3 vp for p1``) when both events report
some, otherwise as the fields that differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import orjson

from .codec import Codec
from .facts import plain_changes, render_counters
from .records import Record

#: Values longer than this are cut in messages (a deck of 200 cards helps nobody).
MAX_VALUE = 80


def changes_for(changes: Mapping[str, Mapping[str, int | float]]) -> str:
    """``+2 vp, -1 coins for p1; +3 vp for p2`` ('no change' when empty)."""
    return "; ".join(f"{render_counters(counters)} for {player}"
                     for player, counters in plain_changes(changes).items()) or "no change"


def _value(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 3] + "..."


def _fields(ev: Any) -> dict[str, Any]:
    return attrs.asdict(ev, recurse=False) if attrs.has(type(ev)) else {"value": ev}


def show_event(ev: Any) -> str:
    """``connect-four.won {player='red', seat=0, ...}``."""
    args = ", ".join(f"{k}={_value(v)}" for k, v in _fields(ev).items())
    return f"{getattr(type(ev), 'TYPE', type(ev).__name__)} {{{args}}}"


def _show_record(r: Record) -> str:
    try:
        data = orjson.loads(r.data)
    except (orjson.JSONDecodeError, TypeError):
        data = r.data
    return f"{r.type} v{r.version} {_value(data)}"


def _changes(game: Any, ev: Any) -> Mapping[str, Mapping[str, int | float]] | None:
    try:
        return game.changes(ev)
    except Exception:  # a damaged event must give a finding, not a traceback
        return None


def difference(game: Any, codec: Codec, stored: Record | None, today: Any | None) -> str:
    """What differs, in words: the part of the message after ``seq N:``."""
    if stored is None:
        return f"the log has no event here; today's rules give {show_event(today)}"
    if today is None:
        return f"stored {_show_record(stored)}; today's rules give no event here"
    try:
        old = codec.decode(stored.type, stored.version, stored.data)
    except Exception:  # unreadable data: show the raw record
        return f"stored {_show_record(stored)}, today's rules give {show_event(today)}"
    old_changes, new_changes = _changes(game, old), _changes(game, today)
    if old_changes and new_changes and plain_changes(old_changes) != plain_changes(new_changes):
        return (f"stored {changes_for(old_changes)}, today's rules give "
                f"{changes_for(new_changes)}")
    if type(old) is not type(today):
        return f"stored {show_event(old)}, today's rules give {show_event(today)}"
    a, b = _fields(old), _fields(today)
    diffs = [f"{k}: stored {_value(a.get(k))}, today's rules give {_value(b.get(k))}"
             for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
    return f"{stored.type}: " + ("; ".join(diffs) or "the stored bytes differ from today's encoding")
