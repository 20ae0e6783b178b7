"""What the SQL stores (SQLite, PostgreSQL) do alike with their rows: events read back as
checked records, and the status cache written and read, each refusing an unknown game
the same way. The SQL itself (table names, parameter style) stays with each store."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import orjson

from ..errors import GameNotFound
from ..records import Record
from .base import checked_record, parse_status


def seq_bounds(after: int, upto: int | None) -> tuple[int, int]:
    """The (exclusive, inclusive) bounds of a SQL load's ``seq > ? AND seq <= ?``. From
    the start means every row: one numbered 0 or below (slipped in by hand) then comes
    first, out of sequence, and verify names it."""
    return (after if after > 0 else -sys.maxsize, upto if upto is not None else sys.maxsize)


def records_of(game_id: str, rows: Iterable[Sequence[Any]]) -> list[Record]:
    """Event rows (the columns in Record's order) as checked records."""
    return [checked_record(game_id, Record(r[0], r[1], r[2], r[3], r[4], *r[5:]))
            for r in rows]


def write_status(execute: Callable[[str, tuple], Any], sql: str, game_id: str,
                 status: dict[str, Any], url: str) -> None:
    """Run the store's ``UPDATE ... SET status=? WHERE game_id=?``; GameNotFound if no
    row was changed."""
    if not execute(sql, (orjson.dumps(status), game_id)).rowcount:
        raise GameNotFound(f"no game with id {game_id!r} in {url}")


def read_status(row: Sequence[Any] | None, game_id: str, url: str) -> dict[str, Any]:
    """The status cache from the store's ``SELECT status`` row; GameNotFound if none."""
    if row is None:
        raise GameNotFound(f"no game with id {game_id!r} in {url}")
    (text,) = row
    return parse_status(game_id, text)
