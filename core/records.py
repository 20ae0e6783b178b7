"""Stored shapes: a game's header and its hash-chained event records.

``hash = sha256(prev_hash + canonical bytes of the record)``; the first record's
``prev_hash`` is the hash of the header, so the seed, players and options are sealed into
the chain too. Any edit, insertion, deletion or reordering breaks the chain at the first
record it touches.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import attrs
import orjson

from .codec import dumps


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


@attrs.frozen
class GameHeader:
    game_id: str
    game: str
    plugin: str
    plugin_version: str
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    created: str
    title: str = ""
    #: Games forked from another: (source game id, last seq taken).
    forked_from: tuple[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self)
        d["players"] = list(self.players)
        d["forked_from"] = list(self.forked_from) if self.forked_from else None
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameHeader:
        d = dict(d)
        d["players"] = tuple(d["players"])
        d["forked_from"] = tuple(d["forked_from"]) if d.get("forked_from") else None
        return cls(**d)

    def hash(self) -> str:
        return hashlib.sha256(dumps(self.to_json())).hexdigest()


@attrs.frozen
class NewEvent:
    """An event ready to append: encoded data plus who caused it and with what command."""

    type: str
    version: int
    data: bytes
    actor: str | None = None
    command_text: str | None = None


@attrs.frozen
class Record:
    game_id: str
    seq: int
    type: str
    version: int
    data: bytes
    actor: str | None
    command_text: str | None
    #: seq of the first record written by the same command (setup: 1).
    batch: int
    recorded_at: str
    prev_hash: str
    hash: str

    def content_bytes(self) -> bytes:
        return record_bytes(
            self.game_id, self.seq, self.type, self.version, self.data, self.actor,
            self.command_text, self.batch, self.recorded_at,
        )

    def expected_hash(self) -> str:
        return hashlib.sha256(self.prev_hash.encode() + self.content_bytes()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self)
        d["data"] = orjson.loads(self.data)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Record:
        d = dict(d)
        d["data"] = dumps(d["data"])
        return cls(**d)


def record_bytes(game_id: str, seq: int, type_: str, version: int, data: bytes,
                 actor: str | None, command_text: str | None, batch: int,
                 recorded_at: str) -> bytes:
    return dumps([game_id, seq, type_, version, data.decode(), actor, command_text, batch,
                  recorded_at])


def chain(game_id: str, last_seq: int, prev_hash: str, events: Sequence[NewEvent],
          recorded_at: str) -> list[Record]:
    """Seal new events onto a log whose last record has ``last_seq`` and ``prev_hash``."""
    out: list[Record] = []
    batch = last_seq + 1
    for i, ev in enumerate(events):
        seq = last_seq + 1 + i
        content = record_bytes(game_id, seq, ev.type, ev.version, ev.data, ev.actor,
                               ev.command_text, batch, recorded_at)
        h = hashlib.sha256(prev_hash.encode() + content).hexdigest()
        out.append(Record(game_id, seq, ev.type, ev.version, ev.data, ev.actor,
                          ev.command_text, batch, recorded_at, prev_hash, h))
        prev_hash = h
    return out


def chain_batches(game_id: str, last_seq: int, prev_hash: str,
                  batches: Sequence[Sequence[NewEvent]], recorded_at: str) -> list[Record]:
    """Seal several commands' events, each batch numbered by its first record."""
    out: list[Record] = []
    for batch in batches:
        if batch:
            out += chain(game_id, last_seq, prev_hash, batch, recorded_at)
            last_seq, prev_hash = out[-1].seq, out[-1].hash
    return out
