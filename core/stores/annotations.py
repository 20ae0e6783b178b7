"""Annotations: data about a stored game that is not part of its log.

A game's events stay exactly as played; what tools work out about a game (a review of
every decision, say) is kept beside it, per game, under a ``kind`` ("review") and a
``key`` (which agent, budget and seed), as numbered ``parts`` of JSON each written on its
own, so that a long job stores every finished piece at once and can be resumed. Writing a
part again replaces it. Annotations never touch the events, the hash chain or the status
cache: verify, export and fork ignore them.

Every built-in backend keeps them in its own place: an ``annotations`` table beside the
events (SQLite, PostgreSQL, made when first written), a hidden ``.ID.annotations`` file of
JSON lines beside the game's file (JSON Lines), a dictionary (memory). A store from
another plugin may offer ``annotations()`` returning an ``Annotations``.
"""

from __future__ import annotations

import contextlib
import fcntl
import sqlite3
from abc import ABC, abstractmethod
from typing import Any

import orjson

from ..errors import StoreError
from .base import EventStore
from .jsonl import whole_lines


class Annotations(ABC):
    """A store's annotations: ``put`` a part, ``get`` every part of a key, list ``keys``."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def put(self, game_id: str, kind: str, key: str, part: int, data: Any) -> None:
        """Store ``data`` (anything JSON can hold) as ``part`` of (kind, key) of a game."""
        self.store.header(game_id)  # GameNotFound for a game that is not there
        self._put(game_id, kind, key, int(part), orjson.dumps(data))

    def get(self, game_id: str, kind: str, key: str) -> dict[int, Any]:
        """Every part of (kind, key): part -> data ({} when nothing is stored)."""
        self.store.header(game_id)
        return {part: orjson.loads(raw) for part, raw in self._get(game_id, kind, key)}

    def keys(self, game_id: str, kind: str) -> list[str]:
        """The keys of ``kind`` stored with a game, sorted."""
        self.store.header(game_id)
        return sorted(self._keys(game_id, kind))

    def delete(self, game_id: str, kind: str, key: str) -> None:
        """Forget every part of (kind, key)."""
        self.store.header(game_id)
        self._delete(game_id, kind, key)

    @abstractmethod
    def _put(self, game_id: str, kind: str, key: str, part: int, data: bytes) -> None: ...

    @abstractmethod
    def _get(self, game_id: str, kind: str, key: str) -> list[tuple[int, bytes]]: ...

    @abstractmethod
    def _keys(self, game_id: str, kind: str) -> set[str]: ...

    @abstractmethod
    def _delete(self, game_id: str, kind: str, key: str) -> None: ...


class MemoryAnnotations(Annotations):
    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self._parts: dict[tuple[str, str, str], dict[int, bytes]] = {}

    def _put(self, game_id: str, kind: str, key: str, part: int, data: bytes) -> None:
        self._parts.setdefault((game_id, kind, key), {})[part] = data

    def _get(self, game_id: str, kind: str, key: str) -> list[tuple[int, bytes]]:
        return sorted(self._parts.get((game_id, kind, key), {}).items())

    def _keys(self, game_id: str, kind: str) -> set[str]:
        return {k for g, kd, k in self._parts if g == game_id and kd == kind and
                self._parts[(g, kd, k)]}

    def _delete(self, game_id: str, kind: str, key: str) -> None:
        self._parts.pop((game_id, kind, key), None)


SQL_TABLE = """CREATE TABLE IF NOT EXISTS {name} (
    game_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    part INTEGER NOT NULL,
    data {blob} NOT NULL,
    PRIMARY KEY (game_id, kind, key, part)
)"""


class SqliteAnnotations(Annotations):
    """An ``annotations`` table in the store's own database file."""

    def _missing(self, exc: sqlite3.Error) -> bool:
        return "no such table" in str(exc)

    def _put(self, game_id: str, kind: str, key: str, part: int, data: bytes) -> None:
        def run(db: sqlite3.Connection) -> None:
            db.execute(SQL_TABLE.format(name="annotations", blob="BLOB"))
            db.execute("INSERT OR REPLACE INTO annotations VALUES (?,?,?,?,?)",
                       (game_id, kind, key, part, data))

        self.store._tx(run)  # type: ignore[attr-defined]

    def _read(self, sql: str, args: tuple) -> list[tuple]:
        store: Any = self.store
        with store._lock:
            try:
                return store._db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                if self._missing(exc):
                    return []
                raise StoreError(f"SQLite error on {store.path}: {exc}") from exc

    def _get(self, game_id: str, kind: str, key: str) -> list[tuple[int, bytes]]:
        rows = self._read("SELECT part, data FROM annotations WHERE game_id=? AND kind=? AND "
                          "key=? ORDER BY part", (game_id, kind, key))
        return [(r[0], bytes(r[1])) for r in rows]

    def _keys(self, game_id: str, kind: str) -> set[str]:
        rows = self._read("SELECT DISTINCT key FROM annotations WHERE game_id=? AND kind=?",
                          (game_id, kind))
        return {key for (key,) in rows}

    def _delete(self, game_id: str, kind: str, key: str) -> None:
        def run(db: sqlite3.Connection) -> None:
            db.execute(SQL_TABLE.format(name="annotations", blob="BLOB"))
            db.execute("DELETE FROM annotations WHERE game_id=? AND kind=? AND key=?",
                       (game_id, kind, key))

        self.store._tx(run)  # type: ignore[attr-defined]


class PostgresAnnotations(Annotations):
    """A ``meeple_annotations`` table in the store's schema."""

    def _put(self, game_id: str, kind: str, key: str, part: int, data: bytes) -> None:
        def run(db: Any) -> None:
            db.execute(SQL_TABLE.format(name="meeple_annotations", blob="BYTEA"))
            db.execute("INSERT INTO meeple_annotations VALUES (%s,%s,%s,%s,%s) "
                       "ON CONFLICT (game_id, kind, key, part) DO UPDATE SET data=EXCLUDED.data",
                       (game_id, kind, key, part, data))

        self.store._run(run)  # type: ignore[attr-defined]

    def _read(self, sql: str, args: tuple) -> list[tuple]:
        def run(db: Any) -> list[tuple]:
            (made,) = db.execute("SELECT to_regclass('meeple_annotations') IS NOT NULL").fetchone()
            if not made:
                return []
            return db.execute(sql, args).fetchall()

        return self.store._read(run)  # type: ignore[attr-defined]

    def _get(self, game_id: str, kind: str, key: str) -> list[tuple[int, bytes]]:
        rows = self._read("SELECT part, data FROM meeple_annotations WHERE game_id=%s AND "
                          "kind=%s AND key=%s ORDER BY part", (game_id, kind, key))
        return [(r[0], bytes(r[1])) for r in rows]

    def _keys(self, game_id: str, kind: str) -> set[str]:
        rows = self._read("SELECT DISTINCT key FROM meeple_annotations WHERE game_id=%s AND "
                          "kind=%s", (game_id, kind))
        return {r[0] for r in rows}

    def _delete(self, game_id: str, kind: str, key: str) -> None:
        def run(db: Any) -> None:
            db.execute(SQL_TABLE.format(name="meeple_annotations", blob="BYTEA"))
            db.execute("DELETE FROM meeple_annotations WHERE game_id=%s AND kind=%s AND key=%s",
                       (game_id, kind, key))

        self.store._run(run)  # type: ignore[attr-defined]


class JsonlAnnotations(Annotations):
    """A hidden file per game, ``.ID.annotations``: one JSON line per part written; the
    last line of a part wins. Appends take the file's lock, as the game's own appends do."""

    def _path(self, game_id: str) -> Any:
        return self.store.dir / f".{game_id}.annotations"  # type: ignore[attr-defined]

    def _append(self, game_id: str, line: dict[str, Any]) -> None:
        path = self._path(game_id)
        try:
            with open(path, "a+b") as f:
                fcntl.flock(f, fcntl.LOCK_EX)
                self._cut_unfinished_line(f)
                f.write(orjson.dumps(line) + b"\n")
        except OSError as exc:
            raise StoreError(f"cannot write {path}: {exc}") from exc

    @staticmethod
    def _cut_unfinished_line(f: Any) -> None:
        """A killed writer's last line, written all but its newline, is cut: this append
        would otherwise join it, and both would be lost. The whole file is read, as the
        store's own appends read theirs."""
        f.seek(0)
        f.truncate(len(whole_lines(f.read())))

    def _lines(self, game_id: str) -> list[dict[str, Any]]:
        path = self._path(game_id)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return []
        out = []
        for ln in whole_lines(raw).splitlines():
            with contextlib.suppress(orjson.JSONDecodeError):
                d = orjson.loads(ln)
                if isinstance(d, dict):
                    out.append(d)
        return out

    def _put(self, game_id: str, kind: str, key: str, part: int, data: bytes) -> None:
        self._append(game_id, {"kind": kind, "key": key, "part": part,
                               "data": orjson.Fragment(data)})

    def _get(self, game_id: str, kind: str, key: str) -> list[tuple[int, bytes]]:
        parts: dict[int, bytes] = {}
        for d in self._lines(game_id):
            if d.get("kind") == kind and d.get("key") == key:
                if d.get("deleted"):
                    parts.clear()
                else:
                    parts[d["part"]] = orjson.dumps(d["data"])
        return sorted(parts.items())

    def _keys(self, game_id: str, kind: str) -> set[str]:
        keys: set[str] = set()
        for d in self._lines(game_id):
            if d.get("kind") == kind:
                if d.get("deleted"):
                    keys.discard(d.get("key"))
                else:
                    keys.add(d.get("key"))
        return keys

    def _delete(self, game_id: str, kind: str, key: str) -> None:
        self._append(game_id, {"kind": kind, "key": key, "deleted": True})


def annotations_for(store: EventStore) -> Annotations:
    """The annotations of ``store`` (one object per store: memory keeps them in it)."""
    own = getattr(store, "annotations", None)
    if callable(own):
        return own()
    found = store.__dict__.get("_annotations")
    if found is not None:
        return found
    from .jsonl import JsonlStore
    from .memory import MemoryStore
    from .sqlite import SqliteStore

    kinds: list[tuple[type, type[Annotations]]] = [
        (SqliteStore, SqliteAnnotations), (JsonlStore, JsonlAnnotations),
        (MemoryStore, MemoryAnnotations)]
    with contextlib.suppress(ImportError):
        from .postgresql import PostgresStore

        kinds.append((PostgresStore, PostgresAnnotations))
    for cls, made in kinds:
        if isinstance(store, cls):
            notes = made(store)
            store.__dict__["_annotations"] = notes
            return notes
    raise StoreError(f"the store {store.url} keeps no annotations (reviews and other data "
                       "about a game need an SQLite, JSON Lines, PostgreSQL or memory store)")
