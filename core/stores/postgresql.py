"""PostgreSQL: a shared server for many writers (tournament workers, several machines).

``postgresql://user@host:port/db`` (any libpq URL). An extra query parameter
``schema=NAME`` keeps Meeple's two tables in their own schema (created if missing); the
tests use it to give every test a clean store on one server.

Appends lock the game's row (``SELECT ... FOR UPDATE``), so writers of one game queue
behind each other while other games are written in parallel; the (game_id, seq) primary
key makes a second event N impossible even if the expected-seq check were bypassed. Event
data is ``bytea``: the hash covers the exact bytes, so they must come back unchanged.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import orjson
import psycopg
from psycopg import errors as pgerrors

from ..errors import BadOptions, ConcurrencyError, GameNotFound, StoreError
from ..records import GameHeader, Record
from .base import (
    EventStore,
    check_game_id,
    check_sequence,
    parse_header,
)
from .sql_rows import read_status, records_of, seq_bounds, write_status

SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")

TABLES = """
CREATE TABLE IF NOT EXISTS meeple_games (
    game_id TEXT PRIMARY KEY,
    header BYTEA NOT NULL,
    status BYTEA,
    created TEXT NOT NULL,
    ord BIGSERIAL
);
CREATE TABLE IF NOT EXISTS meeple_events (
    game_id TEXT NOT NULL REFERENCES meeple_games(game_id),
    seq BIGINT NOT NULL,
    type TEXT NOT NULL,
    version INTEGER NOT NULL,
    data BYTEA NOT NULL,
    actor TEXT,
    command_text TEXT,
    batch BIGINT NOT NULL,
    recorded_at TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

COLUMNS = ("game_id, seq, type, version, data, actor, command_text, batch, recorded_at, "
           "prev_hash, hash")


def split_url(url: str) -> tuple[str, str | None]:
    """(libpq URL, schema): the scheme normalised, Meeple's ``schema`` parameter removed."""
    parts = urlsplit(url)
    parts.port  # noqa: B018 - reading it refuses a port out of range (ValueError)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == "schema"), None)
    rest = [(k, v) for k, v in query if k != "schema"]
    if schema is not None and not SCHEMA_NAME.match(schema):
        raise BadOptions(f"schema {schema!r} is not allowed: use lowercase letters, digits "
                         "and '_', starting with a letter or '_'")
    return _url(parts.netloc, parts.path, rest), schema


def _url(netloc: str, path: str, query: list[tuple[str, str]]) -> str:
    """A ``postgresql://`` URL; its authority may be empty (``postgresql:///db``: the local
    socket, or a host given as a parameter), which ``urlunsplit`` would drop."""
    # libpq decodes %XX but not '+' in URLs: spaces (options=-c x=y) must stay %20.
    text = urlencode(query, quote_via=quote)
    return f"postgresql://{netloc}{path}" + (f"?{text}" if text else "")


def _wrap(exc: psycopg.Error, where: str) -> StoreError:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if isinstance(exc, pgerrors.ReadOnlySqlTransaction):
        return StoreError(f"the database {where} is read-only: nothing was written ({text})")
    if isinstance(exc, pgerrors.DiskFull):
        return StoreError(f"the disk of the database {where} is full: nothing was written "
                          f"({text})")
    if isinstance(exc, psycopg.OperationalError):
        return StoreError(f"cannot reach the database {where}: {text}")
    return StoreError(f"PostgreSQL error on {where}: {text}")


#: Seconds to wait for the server when neither the URL nor the caller says.
CONNECT_TIMEOUT = 10


class PostgresStore(EventStore):
    def __init__(self, url: str, connect_timeout: int | None = None) -> None:
        """``connect_timeout`` (seconds): the caller's, else the URL's own
        ``connect_timeout`` parameter, else ``CONNECT_TIMEOUT``."""
        conninfo, self.schema = split_url(url)
        parts = urlsplit(conninfo)
        if connect_timeout is None and not any(
                k == "connect_timeout" for k, _ in parse_qsl(parts.query)):
            connect_timeout = CONNECT_TIMEOUT
        # A keyword given to psycopg overrides the URL's parameter of the same name.
        waiting = {} if connect_timeout is None else {"connect_timeout": connect_timeout}
        # Never show a password in messages or listings (a password belongs in PGPASSWORD
        # or ~/.pgpass; the URL then still opens the same store from another process).
        host = parts.netloc.rpartition("@")[2]  # and port, as written (IPv6 in brackets)
        user = f"{parts.username}@" if parts.username else ""
        self.where = f"postgresql://{host or 'localhost'}{parts.path}"
        query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                 if k != "password"]
        if self.schema:
            query.append(("schema", self.schema))
        self.url = _url(f"{user}{host}", parts.path, query)
        self._lock = threading.RLock()
        try:
            self._db = psycopg.connect(conninfo, autocommit=True, **waiting)
        except psycopg.Error as exc:
            raise _wrap(exc, self.where) from exc
        try:
            with self._db.transaction():
                if self.schema:
                    self._db.execute(f'SET search_path TO "{self.schema}"')
                # Only create what is missing: a read-only session must still open.
                (ready,) = self._db.execute(
                    "SELECT to_regclass('meeple_events') IS NOT NULL").fetchone()
                if not ready:
                    # Several processes may open a fresh database at once: CREATE ... IF
                    # NOT EXISTS alone can still collide, so creation is serialised.
                    self._db.execute("SELECT pg_advisory_xact_lock(hashtext('meeple-schema'))")
                    if self.schema:
                        self._db.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
                    self._db.execute(TABLES)
        except psycopg.Error as exc:
            self._db.close()
            raise _wrap(exc, self.where) from exc

    @classmethod
    def from_url(cls, url: str) -> PostgresStore:
        return cls(url)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[psycopg.Connection]:
        """The connection, held by this thread, its errors worded as the store's."""
        with self._lock:
            try:
                yield self._db
            except pgerrors.UniqueViolation as exc:
                raise ConcurrencyError(f"another writer took that event number ({exc})") from exc
            except psycopg.Error as exc:
                raise _wrap(exc, self.where) from exc

    def _run(self, fn: Any) -> Any:
        """``fn(connection)`` in one transaction."""
        with self._connection() as db, db.transaction():
            return fn(db)

    def _read(self, fn: Any) -> Any:
        """``fn(connection)`` that only reads, in autocommit: no round trips to begin and
        end a transaction."""
        with self._connection() as db:
            return fn(db)

    # -- games ----------------------------------------------------------------------------

    def create_game(self, header: GameHeader) -> None:
        check_game_id(header.game_id)

        def run(db: psycopg.Connection) -> None:
            cur = db.execute(
                "INSERT INTO meeple_games(game_id, header, status, created) VALUES "
                "(%s, %s, NULL, %s) ON CONFLICT (game_id) DO NOTHING",
                (header.game_id, orjson.dumps(header.to_json()), header.created))
            if not cur.rowcount:
                raise BadOptions(f"a game with id {header.game_id!r} exists already")

        self._run(run)

    def header(self, game_id: str) -> GameHeader:
        row = self._read(lambda db: db.execute(
            "SELECT header FROM meeple_games WHERE game_id=%s", (game_id,)).fetchone())
        if row is None:
            raise GameNotFound(f"no game with id {game_id!r} in {self.url}")
        (text,) = row
        return parse_header(game_id, text)

    def game_ids(self) -> list[str]:
        rows = self._read(lambda db: db.execute(
            "SELECT game_id FROM meeple_games ORDER BY created, ord").fetchall())
        return [game_id for (game_id,) in rows]

    def _last(self, db: psycopg.Connection, game_id: str) -> tuple[int, str]:
        row = db.execute(
            "SELECT seq, hash FROM meeple_events WHERE game_id=%s ORDER BY seq DESC LIMIT 1",
            (game_id,)).fetchone()
        if row is None:
            return 0, self.header(game_id).hash()
        return int(row[0]), row[1]

    def last(self, game_id: str) -> tuple[int, str]:
        return self._read(lambda db: self._last(db, game_id))

    def _append_records(self, game_id: str, expected_seq: int, make: Any,
                        status: dict[str, Any] | None = None) -> list[Record]:
        def run(db: psycopg.Connection) -> list[Record]:
            locked = db.execute("SELECT 1 FROM meeple_games WHERE game_id=%s FOR UPDATE",
                                (game_id,)).fetchone()
            if locked is None:
                raise GameNotFound(f"no game with id {game_id!r} in {self.url}")
            last_seq, last_hash = self._last(db, game_id)
            records = make(last_seq, last_hash)
            check_sequence(game_id, last_seq, records)
            self._insert(db, records)
            if status is not None:
                db.execute("UPDATE meeple_games SET status=%s WHERE game_id=%s",
                           (orjson.dumps(status), game_id))
            return records

        return self._run(run)

    def _insert(self, db: psycopg.Connection, records: list[Record]) -> None:
        with db.cursor() as cur:
            cur.executemany(
                f"INSERT INTO meeple_events({COLUMNS}) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
                [(r.game_id, r.seq, r.type, r.version, r.data, r.actor, r.command_text,
                  r.batch, r.recorded_at, r.prev_hash, r.hash) for r in records])

    def _create_with_records(self, header: GameHeader, records: list[Record],
                             status: dict[str, Any] | None = None) -> None:
        """The header and the records in one transaction: no empty game after a crash."""
        check_game_id(header.game_id)
        check_sequence(header.game_id, 0, records)

        def run(db: psycopg.Connection) -> None:
            cur = db.execute(
                "INSERT INTO meeple_games(game_id, header, status, created) VALUES "
                "(%s, %s, %s, %s) ON CONFLICT (game_id) DO NOTHING",
                (header.game_id, orjson.dumps(header.to_json()),
                 orjson.dumps(status) if status is not None else None, header.created))
            if not cur.rowcount:
                raise BadOptions(f"a game with id {header.game_id!r} exists already")
            self._insert(db, records)

        self._run(run)

    def load(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        self.header(game_id)
        rows = self._read(lambda db: db.execute(
            f"SELECT {COLUMNS} FROM meeple_events WHERE game_id=%s AND seq>%s AND seq<=%s "
            "ORDER BY seq",
            (game_id, *seq_bounds(after, upto))).fetchall())
        return records_of(game_id, rows)

    def set_status(self, game_id: str, status: dict[str, Any]) -> None:
        self._run(lambda db: write_status(
            db.execute, "UPDATE meeple_games SET status=%s WHERE game_id=%s", game_id, status,
            self.url))

    def status(self, game_id: str) -> dict[str, Any]:
        row = self._read(lambda db: db.execute(
            "SELECT status FROM meeple_games WHERE game_id=%s", (game_id,)).fetchone())
        return read_status(row, game_id, self.url)

    def close(self) -> None:
        with self._lock:
            self._db.close()
