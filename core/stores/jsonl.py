"""JSON Lines: the export/import format, and a store backend of one file per game.

A file's first line is ``{"header": {...}}``; every further line is one record with its
data inline as JSON. The same format is what ``meeple export`` writes and ``meeple
import`` reads, so an exported game is a one-game JSON Lines store.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from ..errors import BadOptions, GameNotFound, ImportFailed, MeepleError, StoreError
from ..records import GameHeader, Record
from .base import EventStore, check_game_id, check_sequence


def dump_game(header: GameHeader, records: Iterable[Record], trailer: bool = True) -> bytes:
    """An export: the header, one line per record, and a trailer with the event count and
    the last hash, so that a file cut at a line boundary cannot pass for a shorter game."""
    recs = list(records)
    lines = [orjson.dumps({"header": header.to_json()})]
    lines += [orjson.dumps(r.to_json()) for r in recs]
    if trailer:
        last = recs[-1].hash if recs else header.hash()
        lines.append(orjson.dumps({"trailer": {"events": len(recs), "last_hash": last}}))
    return b"\n".join(lines) + b"\n"


def _header(line: bytes) -> GameHeader:
    try:
        first = orjson.loads(line)
        return GameHeader.from_json(first["header"])
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ImportFailed(f"not a Meeple export header ({exc})", line=1) from None


def _lines(raw: bytes) -> list[tuple[int, bytes]]:
    return [(i, ln) for i, ln in enumerate(raw.splitlines(), start=1) if ln.strip()]


def _record(i: int, line: bytes) -> Record:
    try:
        d = orjson.loads(line)
        if not isinstance(d, dict) or "trailer" in d:
            raise TypeError("a record must be an object with the record's fields")
        r = Record.from_json(d)
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ImportFailed(f"not a Meeple event record ({exc})", line=i) from None
    # A record numbered 0 or below would fall outside every load (they read "after 0"),
    # so a line slipped in with such a number would pass verify unseen.
    if not isinstance(r.seq, int) or r.seq < 1:
        raise ImportFailed(f"a record carries sequence number {r.seq!r}; records are "
                           "numbered from 1", line=i)
    return r


def read_game(text: bytes | str) -> tuple[GameHeader, list[Record]]:
    """Parse a store file (no trailer); ImportFailed names the first unreadable line."""
    raw = text.encode() if isinstance(text, str) else text
    lines = _lines(raw)
    if not lines:
        raise ImportFailed("the file is empty; expected a Meeple JSON Lines export", line=1)
    header = _header(lines[0][1])
    return header, [_record(i, ln) for i, ln in lines[1:]]


def read_export(text: bytes | str) -> tuple[GameHeader, list[Record], int, Any]:
    """Parse an export: (header, records, the trailer's line, the trailer's last hash). A
    missing trailer, or one whose count disagrees with the records (a file cut short or
    extended), is refused naming the line; the caller compares the last hash once the
    chain is checked (a damaged record is then named rather than the trailer)."""
    raw = text.encode() if isinstance(text, str) else text
    lines = _lines(raw)
    if not lines:
        raise ImportFailed("the file is empty; expected a Meeple JSON Lines export", line=1)
    header = _header(lines[0][1])
    rest = lines[1:]
    try:
        trailer = orjson.loads(rest[-1][1])["trailer"] if rest else None
    except (orjson.JSONDecodeError, KeyError, TypeError):
        trailer = None
    body = rest[:-1] if isinstance(trailer, dict) else rest
    after = next((i for i, ln in body if ln.startswith(b'{"trailer"')), None)
    cut = rest[-1][1] if rest and not isinstance(trailer, dict) else b""
    if cut and (cut.startswith(b'{"trailer"') or b'{"trailer"'.startswith(cut)):
        raise ImportFailed("the trailer line is cut short (the file ends inside it); an export "
                           'ends with {"trailer": {"events": N, "last_hash": H}}',
                           line=lines[-1][0])
    if after is not None:
        raise ImportFailed("nothing may follow the trailer (an export ends with it)",
                           line=next(i for i, _ in lines if i > after))
    records = [_record(i, ln) for i, ln in body]  # a damaged record is named first
    if not isinstance(trailer, dict):
        raise ImportFailed("the export ends without its trailer (the last line must be "
                           '{"trailer": {"events": N, "last_hash": H}}): the file was cut short '
                           "or is not a whole export", line=lines[-1][0] + 1)
    count, last_hash = trailer.get("events"), trailer.get("last_hash")
    end = lines[-1][0]  # the trailer's line
    if count != len(records):
        raise ImportFailed(f"the trailer says {count!r} events, the file holds {len(records)}",
                           line=end)
    if not records:
        raise ImportFailed("the export holds no events (a game always has its setup events)",
                           line=end)
    return header, records, end, last_hash


def whole_lines(data: bytes) -> bytes:
    """A store file up to its last newline. Every append ends with one, so bytes after it
    are a write that never finished (a writer killed mid-write) and never counted."""
    return data[: data.rfind(b"\n") + 1]


def _os_error(exc: OSError, path: Path, doing: str) -> StoreError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return StoreError(f"the disk holding {path} is full: nothing was written ({exc.strerror})")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StoreError(f"{path} is read-only: nothing was written ({exc.strerror})")
    return StoreError(f"cannot {doing} {path}: {exc}")


def dir_from_url(url: str) -> str:
    rest = url[len("jsonl:"):] if url.startswith("jsonl:") else url
    if rest.startswith("///"):
        return "/" + rest[3:].lstrip("/")
    return rest[2:] if rest.startswith("//") else rest


class JsonlStore(EventStore):
    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.dir = Path(directory)
        self.url = f"jsonl:///{self.dir.resolve()}"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot use {self.dir} as a JSON Lines store: {exc}") from exc

    @classmethod
    def from_url(cls, url: str) -> JsonlStore:
        return cls(dir_from_url(url))

    def _file(self, game_id: str) -> Path:
        check_game_id(game_id)
        return self.dir / f"{game_id}.jsonl"

    def _read(self, game_id: str) -> tuple[GameHeader, list[Record]]:
        path = self._file(game_id)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}") from None
        return read_game(whole_lines(data))

    def create_game(self, header: GameHeader) -> None:
        self._create_with_records(header, [])

    def _create_with_records(self, header: GameHeader, records: list[Record],
                             status: dict[str, Any] | None = None) -> None:
        path = self._file(header.game_id)
        check_sequence(header.game_id, 0, records)
        if path.exists():
            raise BadOptions(f"a game with id {header.game_id!r} exists already")
        # The whole game is written to a private file first and linked into place: a
        # writer killed or out of disk midway never leaves an empty, half or header-only
        # game file (a killed writer's private file is a dot file no listing reads).
        tmp = self.dir / f".{header.game_id}.{uuid.uuid4().hex}.creating"
        try:
            with open(tmp, "wb") as f:
                f.write(dump_game(header, records, trailer=False))
                f.flush()
                os.fsync(f.fileno())
            os.link(tmp, path)  # fails if another writer created the game first
        except FileExistsError:
            raise BadOptions(f"a game with id {header.game_id!r} exists already") from None
        except OSError as exc:
            raise _os_error(exc, path, "write") from exc
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()
        if status is not None:
            # A cache, written once the game is in place: the records are what count.
            with contextlib.suppress(StoreError):
                self.set_status(header.game_id, status)

    def header(self, game_id: str) -> GameHeader:
        path = self._file(game_id)
        try:
            with open(path, "rb") as f:
                first = f.readline()
        except FileNotFoundError:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}") from None
        return read_game(first)[0]

    def game_ids(self) -> list[str]:
        # Oldest first by the header's creation time: a file's mtime moves on every append.
        ids = [p.stem for p in self.dir.glob("*.jsonl")]

        def created(gid: str) -> str:
            try:
                return self.header(gid).created
            except MeepleError:  # a damaged header: listed (verify reports it), last
                return "\uffff"

        return sorted(ids, key=lambda gid: (created(gid), gid))

    def last(self, game_id: str) -> tuple[int, str]:
        header, records = self._read(game_id)
        return (records[-1].seq, records[-1].hash) if records else (0, header.hash())

    def _append_records(self, game_id: str, expected_seq: int, make: Any,
                        status: dict[str, Any] | None = None) -> list[Record]:
        path = self._file(game_id)
        if not path.exists():
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}")
        try:
            # Unbuffered, so that nothing written is left in a buffer after a failure.
            with open(path, "r+b", buffering=0) as f:
                fcntl.flock(f, fcntl.LOCK_EX)  # one writer at a time, across processes
                data = f.readall()
                kept = whole_lines(data)
                header, records = read_game(kept)
                last = (records[-1].seq, records[-1].hash) if records else (0, header.hash())
                new = make(*last)
                check_sequence(game_id, last[0], new)
                payload = memoryview(b"".join(orjson.dumps(r.to_json()) + b"\n" for r in new))
                end = len(kept)
                f.truncate(end)  # the torn tail of a killed writer, if any, goes now
                f.seek(end)
                try:
                    while payload:
                        payload = payload[f.write(payload):]
                    os.fsync(f.fileno())
                except OSError:
                    # A full disk may take part of the lines: cut them off again, so the
                    # file ends with the last whole record as before.
                    with contextlib.suppress(OSError):
                        f.truncate(end)
                        os.fsync(f.fileno())
                    raise
                if status is not None:
                    # Still under the lock, so statuses land in the order of the appends
                    # (a later writer's status is never overwritten by an earlier one's).
                    # The status is a cache: the records are stored, so a failed status
                    # write must not report the append as failed.
                    with contextlib.suppress(StoreError):
                        self._write_status(game_id, status)
        except OSError as exc:
            raise _os_error(exc, path, "append to") from exc
        return new

    def load(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        _, records = self._read(game_id)
        return [r for r in records if r.seq > after and (upto is None or r.seq <= upto)]

    def set_status(self, game_id: str, status: dict[str, Any]) -> None:
        path = self._file(game_id)
        try:
            with open(path, "rb") as f:
                fcntl.flock(f, fcntl.LOCK_EX)  # the game's lock, as appends take it
                self._write_status(game_id, status)
        except FileNotFoundError:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}") from None
        except OSError as exc:
            raise _os_error(exc, path, "lock") from exc

    def _write_status(self, game_id: str, status: dict[str, Any]) -> None:
        """Write the status whole: a temporary file of this writer's own (several writers
        sharing one name would move each other's half-written files into place), then
        an atomic rename. The caller holds the game's lock."""
        tmp = self.dir / f".{game_id}.status.{uuid.uuid4().hex}.tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(orjson.dumps(status))
            os.replace(tmp, self.dir / f".{game_id}.status.json")
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise _os_error(exc, tmp, "write") from exc

    def status(self, game_id: str) -> dict[str, Any]:
        if not self._file(game_id).exists():
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}")
        p = self.dir / f".{game_id}.status.json"
        try:
            data = p.read_bytes()
        except FileNotFoundError:
            return {}
        try:
            status = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise StoreError(f"the status cache of {game_id} ({p}) is damaged: {exc}") from None
        if not isinstance(status, dict):
            raise StoreError(f"the status cache of {game_id} ({p}) is not an object")
        return status
