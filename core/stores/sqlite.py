"""The embedded default: one SQLite file in WAL mode.

Appends run in ``BEGIN IMMEDIATE`` transactions, so two processes writing one game are
serialised by SQLite's write lock, and the (game_id, seq) primary key makes a second
event N impossible even if a backend bug slipped past the expected-seq check.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import orjson

from ..errors import BadOptions, ConcurrencyError, GameNotFound, StoreError
from ..records import GameHeader, Record
from .base import (
    EventStore,
    check_game_id,
    check_sequence,
    parse_header,
)
from .sql_rows import read_status, records_of, seq_bounds, write_status

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    game_id TEXT PRIMARY KEY,
    header BLOB NOT NULL,
    status BLOB,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(game_id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data BLOB NOT NULL,
    actor TEXT,
    command_text TEXT,
    batch INTEGER NOT NULL,
    recorded_at TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


def path_from_url(url: str) -> str:
    """``sqlite:///abs/path.db``, ``sqlite:relative.db`` or a bare path; ``sqlite::memory:``
    and ``sqlite:///:memory:`` (as SQLAlchemy writes it) name the in-memory database."""
    if url.startswith("sqlite:"):
        rest = url[len("sqlite:"):]
        if rest == "///:memory:":
            return ":memory:"
        if rest.startswith("///"):
            return "/" + rest.lstrip("/")
        if rest.startswith("//"):
            rest = rest[2:]
        return rest
    return url


def _wrap(exc: sqlite3.Error, path: str) -> StoreError:
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return StoreError(f"the database {path} is read-only: nothing was written ({text})")
    if "disk" in text and "full" in text:
        return StoreError(f"the disk holding {path} is full: nothing was written ({text})")
    return StoreError(f"SQLite error on {path}: {text}")


WAL_PAGES = 10_000


class SqliteStore(EventStore):
    def __init__(self, path: str | os.PathLike[str], timeout: float = 30.0) -> None:
        self.path = str(path)
        self.in_memory = self.path == ":memory:"
        if self.in_memory:
            self.url = "sqlite::memory:"
        else:
            self.url = f"sqlite:///{Path(self.path).resolve()}"
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # a file where a folder should be: one line, not a traceback
                raise StoreError(f"cannot use {self.path} as an SQLite database: {exc}") from exc
        self._lock = threading.RLock()
        db = None
        try:
            db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None,
                                 check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            # Checkpoints (copying the WAL into the database, with an fsync) are what a
            # commit costs here; letting the WAL grow to ~40 MB between them halves the
            # cost of storing a match. close() checkpoints, so files stay tidy.
            db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            # A database on read-only media or without write permission still opens for
            # reading (list, show, verify, export); every write then says it is read-only.
            db = self._open_read_only(timeout)
            if db is None:
                raise _wrap(exc, self.path) from exc
        self._db = db

    def _open_read_only(self, timeout: float) -> sqlite3.Connection | None:
        if self.in_memory:
            return None
        uri = Path(self.path).resolve().as_uri()
        # mode=ro needs the WAL index to be writable; immutable=1 reads a file nobody can
        # change (read-only media) without it.
        for params in ("mode=ro", "mode=ro&immutable=1"):
            try:
                db = sqlite3.connect(f"{uri}?{params}", uri=True, timeout=timeout,
                                     isolation_level=None, check_same_thread=False)
                db.execute("SELECT count(*) FROM games").fetchone()
                return db
            except sqlite3.Error:
                continue
        return None

    @classmethod
    def from_url(cls, url: str) -> SqliteStore:
        return cls(path_from_url(url))

    def _tx(self, fn: Any) -> Any:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise _wrap(exc, self.path) from exc
            try:
                result = fn(self._db)
            except BaseException as exc:
                self._rollback()
                # Every write path reports a read-only or full database the same clear way;
                # IntegrityError stays for the callers that turn it into ConcurrencyError.
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise _wrap(exc, self.path) from exc
                raise
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rollback()
                raise _wrap(exc, self.path) from exc
            return result

    def _rollback(self) -> None:
        # SQLite rolls back by itself on some errors (a full disk); a second ROLLBACK would
        # then fail and hide the real error.
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def create_game(self, header: GameHeader) -> None:
        check_game_id(header.game_id)

        def run(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM games WHERE game_id=?", (header.game_id,)).fetchone():
                raise BadOptions(f"a game with id {header.game_id!r} exists already")
            db.execute(
                "INSERT INTO games(game_id, header, status, created) VALUES (?,?,?,?)",
                (header.game_id, orjson.dumps(header.to_json()), None, header.created),
            )

        try:
            self._tx(run)
        except sqlite3.Error as exc:
            raise _wrap(exc, self.path) from exc

    def _create_with_records(self, header: GameHeader, records: list[Record],
                             status: dict[str, Any] | None = None) -> None:
        check_game_id(header.game_id)
        check_sequence(header.game_id, 0, records)

        def run(db: sqlite3.Connection) -> None:
            if db.execute("SELECT 1 FROM games WHERE game_id=?", (header.game_id,)).fetchone():
                raise BadOptions(f"a game with id {header.game_id!r} exists already")
            db.execute(
                "INSERT INTO games(game_id, header, status, created) VALUES (?,?,?,?)",
                (header.game_id, orjson.dumps(header.to_json()),
                 orjson.dumps(status) if status is not None else None, header.created),
            )
            self._insert(db, records)

        try:
            self._tx(run)
        except sqlite3.IntegrityError as exc:
            raise ConcurrencyError(f"game {header.game_id}: another writer took that event "
                                   "number") from exc

    def _insert(self, db: sqlite3.Connection, records: list[Record]) -> None:
        db.executemany(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [(r.game_id, r.seq, r.type, r.version, r.data, r.actor, r.command_text,
              r.batch, r.recorded_at, r.prev_hash, r.hash) for r in records],
        )

    def header(self, game_id: str) -> GameHeader:
        with self._lock:
            row = self._db.execute("SELECT header FROM games WHERE game_id=?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}")
        (text,) = row
        return parse_header(game_id, text)

    def game_ids(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT game_id FROM games ORDER BY created, game_id").fetchall()
        return [game_id for (game_id,) in rows]

    def _last(self, db: sqlite3.Connection, game_id: str) -> tuple[int, str]:
        row = db.execute(
            "SELECT seq, hash FROM events WHERE game_id=? ORDER BY seq DESC LIMIT 1", (game_id,)
        ).fetchone()
        if row is None:
            return 0, self.header(game_id).hash()
        return row[0], row[1]

    def last(self, game_id: str) -> tuple[int, str]:
        with self._lock:
            return self._last(self._db, game_id)

    def _append_records(self, game_id: str, expected_seq: int, make: Any,
                        status: dict[str, Any] | None = None) -> list[Record]:
        def run(db: sqlite3.Connection) -> list[Record]:
            last_seq, last_hash = self._last(db, game_id)
            records = make(last_seq, last_hash)
            check_sequence(game_id, last_seq, records)
            db.executemany(
                "INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                [(r.game_id, r.seq, r.type, r.version, r.data, r.actor, r.command_text,
                  r.batch, r.recorded_at, r.prev_hash, r.hash) for r in records],
            )
            if status is not None:
                db.execute("UPDATE games SET status=? WHERE game_id=?",
                           (orjson.dumps(status), game_id))
            return records

        try:
            return self._tx(run)  # which words every other sqlite3 error
        except sqlite3.IntegrityError as exc:
            raise ConcurrencyError(f"game {game_id}: another writer took that event number") from exc

    def load(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        self.header(game_id)
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, seq, type, version, data, actor, command_text, batch, "
                "recorded_at, prev_hash, hash FROM events WHERE game_id=? AND seq>? AND seq<=? "
                "ORDER BY seq",
                (game_id, *seq_bounds(after, upto)),
            ).fetchall()
        return records_of(game_id, rows)

    def set_status(self, game_id: str, status: dict[str, Any]) -> None:
        self._tx(lambda db: write_status(
            db.execute, "UPDATE games SET status=? WHERE game_id=?", game_id, status, self.url))

    def status(self, game_id: str) -> dict[str, Any]:
        with self._lock:
            row = self._db.execute("SELECT status FROM games WHERE game_id=?", (game_id,)).fetchone()
        return read_status(row, game_id, self.url)

    def close(self) -> None:
        with self._lock:
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass  # read-only, or another connection is reading: the next writer's turn
            self._db.close()
