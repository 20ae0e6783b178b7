"""The event-store interface every backend implements, and the checks they share."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import orjson

from ..errors import BadOptions, ConcurrencyError, StoreError
from ..records import GameHeader, NewEvent, Record, chain_batches, utc_now

GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")


def check_game_id(game_id: str) -> None:
    if not GAME_ID.fullmatch(game_id):  # match() with "$" would accept a trailing newline
        raise BadOptions(
            f"game id {game_id!r} is not allowed: use 1-100 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )


def check_sequence(game_id: str, last_seq: int, records: Sequence[Record]) -> None:
    """Records to append must continue the log: last_seq + 1, + 2, ... Backends call this
    inside their atomic write, so a bad batch (a duplicate or a gap) stores nothing."""
    for i, r in enumerate(records, start=last_seq + 1):
        if r.seq != i or r.game_id != game_id:
            raise ConcurrencyError(
                f"game {game_id}: event {r.seq} of {r.game_id} cannot follow event {i - 1}; "
                "nothing was written")


def parse_header(game_id: str, raw: Any) -> GameHeader:
    """A stored header's bytes as a header; StoreError naming the game if damaged."""
    try:
        return GameHeader.from_json(orjson.loads(bytes(raw)))
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise StoreError(f"the stored header of {game_id} is damaged: {exc}") from None


def parse_status(game_id: str, raw: Any) -> dict[str, Any]:
    """A stored status cache ({} if none); StoreError naming the game if damaged."""
    if not raw:  # None, or nothing stored
        return {}
    try:
        status = orjson.loads(bytes(raw))
    except (orjson.JSONDecodeError, TypeError) as exc:
        raise StoreError(f"the status cache of {game_id} is damaged: {exc}") from None
    if not isinstance(status, dict):
        raise StoreError(f"the status cache of {game_id} is not an object")
    return status


class DamagedRecord(StoreError):
    """A stored row that is not a record any writer wrote (verify names its seq)."""

    def __init__(self, message: str, seq: Any) -> None:
        super().__init__(message)
        self.seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def checked_record(game_id: str, r: Record) -> Record:
    """A row as a Record, its columns of the stored kinds (a value stored as TEXT where
    bytes belong, say): StoreError naming the game and event otherwise."""
    if not isinstance(r.data, bytes | bytearray | memoryview):
        raise DamagedRecord(f"event {r.seq} of {game_id} is damaged: its data is stored as "
                            f"{type(r.data).__name__}, not bytes", r.seq)
    ints = (r.seq, r.version, r.batch)
    texts = (r.game_id, r.type, r.recorded_at, r.prev_hash, r.hash)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in ints) or not all(
            isinstance(v, str) for v in texts) or not all(
            v is None or isinstance(v, str) for v in (r.actor, r.command_text)):
        raise DamagedRecord(f"event {r.seq} of {game_id} is damaged: a column holds a value "
                            "of the wrong kind", r.seq)
    return Record(r.game_id, r.seq, r.type, r.version, bytes(r.data), r.actor, r.command_text,
                  r.batch, r.recorded_at, r.prev_hash, r.hash)


class EventStore(ABC):
    """Per game: a header, a status cache, and an append-only, hash-chained event log."""

    url: str = ""

    @abstractmethod
    def create_game(self, header: GameHeader) -> None:
        """Store a new game's header; BadOptions if the id is taken."""

    @abstractmethod
    def header(self, game_id: str) -> GameHeader:
        """The header; GameNotFound if there is no such game."""

    @abstractmethod
    def game_ids(self) -> list[str]:
        """Every game id, oldest first."""

    @abstractmethod
    def last(self, game_id: str) -> tuple[int, str]:
        """(last seq, its hash); (0, header hash) for an empty log."""

    @abstractmethod
    def _append_records(self, game_id: str, expected_seq: int, make: Any,
                        status: dict[str, Any] | None = None) -> list[Record]:
        """Atomically: call ``make(last_seq, last_hash)`` for the records (it raises
        ConcurrencyError on a stale sequence number), write them all or none, and with
        them the status cache if one is given."""

    @abstractmethod
    def load(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        """Records with after < seq <= upto, in order."""

    @abstractmethod
    def set_status(self, game_id: str, status: dict[str, Any]) -> None:
        """Cache of where a game stands (running/finished, scores); the log is the truth."""

    @abstractmethod
    def status(self, game_id: str) -> dict[str, Any]:
        """The cached status ({} if none)."""

    def append(self, game_id: str, expected_seq: int, events: Sequence[NewEvent],
               recorded_at: str | None = None,
               status: dict[str, Any] | None = None) -> list[Record]:
        """Append one command's events atomically; ConcurrencyError if the log has moved
        past ``expected_seq``."""
        return self.append_batches(game_id, expected_seq, [events], recorded_at, status)

    def append_batches(self, game_id: str, expected_seq: int,
                       batches: Sequence[Sequence[NewEvent]], recorded_at: str | None = None,
                       status: dict[str, Any] | None = None) -> list[Record]:
        """Append several commands' events in one atomic write, each keeping its own batch
        number (how the scheduler stores many AI moves at the cost of one transaction)."""
        batches = [b for b in batches if b]
        if not batches:
            return []
        stamp = recorded_at or utc_now()

        def make(last_seq: int, last_hash: str) -> list[Record]:
            if last_seq != expected_seq:
                raise ConcurrencyError(
                    f"game {game_id} has moved on: expected event {expected_seq}, "
                    f"the log is at {last_seq}; reload and try again"
                )
            return chain_batches(game_id, last_seq, last_hash, batches, stamp)

        return self._append_records(game_id, expected_seq, make, status)

    def start_game(self, header: GameHeader, batches: Sequence[Sequence[NewEvent]],
                   recorded_at: str | None = None,
                   status: dict[str, Any] | None = None) -> list[Record]:
        """Create a game with its first events (setup, maybe whole commands), all in one
        write: no crash leaves its header without them."""
        records = chain_batches(header.game_id, 0, header.hash(), batches,
                                recorded_at or utc_now())
        self._create_with_records(header, records, status)
        return records

    def import_game(self, header: GameHeader, records: Sequence[Record],
                    status: dict[str, Any] | None = None) -> None:
        """Store a whole game as it was (export/import, fork), records keeping their
        hashes, in one write: a crash leaves either no game or all of it."""
        self._create_with_records(header, list(records), status)

    @abstractmethod
    def _create_with_records(self, header: GameHeader, records: list[Record],
                             status: dict[str, Any] | None = None) -> None:
        """Atomically: store a new game's header with its records (already chained, seq
        1, 2, ...; checked with ``check_sequence``) and its status cache if one is given.
        BadOptions if the id is taken; on any failure or kill, nothing of it is stored."""

    def append_records(self, game_id: str, expected_seq: int,
                       records: Sequence[Record]) -> list[Record]:
        """Append records already chained elsewhere (a game continued on another machine
        from this store's log), keeping their hashes; ConcurrencyError if the log has moved
        past ``expected_seq``. The backend checks the sequence inside its atomic write."""
        recs = list(records)
        if not recs:
            return []

        def make(last_seq: int, last_hash: str) -> list[Record]:
            if last_seq != expected_seq or recs[0].prev_hash != last_hash:
                raise ConcurrencyError(
                    f"game {game_id} has moved on: expected event {expected_seq}, the log "
                    f"is at {last_seq}; nothing was written")
            return recs

        return self._append_records(game_id, expected_seq, make)

    def close(self) -> None:  # noqa: B027 - most backends hold nothing to release
        pass

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
