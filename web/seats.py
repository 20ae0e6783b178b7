"""Who sits where in games made from the browser: one private key per human seat, the
agent spec of each AI seat.

This is the web layer's own small table, kept beside the event store and never in it: a
key is an access credential of this front end, not a fact of the game, so it must not be
hash-chained into the log, exported with it or shown by ``meeple log``. Only the SHA-256
of each key is stored; the key itself exists in the link handed out once at creation, so
a copied seat file opens no seat.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
from pathlib import Path

import attrs
from meeple.core import BadOptions

SCHEMA = """
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    key_hash TEXT UNIQUE,      -- NULL for AI seats
    agent TEXT,                -- agent spec for AI seats, NULL for people
    agent_seed INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- Games whose seed was chosen to be public: every page of the game shows it.
CREATE TABLE IF NOT EXISTS public_seeds (
    game_id TEXT PRIMARY KEY,
    seed INTEGER NOT NULL
);
-- The server's own secret, mixed into every seed typed without "public".
CREATE TABLE IF NOT EXISTS secret (
    value BLOB NOT NULL
);
"""


@attrs.frozen
class Seat:
    game_id: str
    seat: str
    agent: str | None
    agent_seed: int

    @property
    def is_ai(self) -> bool:
        return self.agent is not None


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def seats_path_for(store_url: str) -> str:
    """Where the seat table lives for a store: next to an SQLite file, inside a JSON Lines
    folder, in memory for a memory store, in the user's data folder otherwise."""
    if store_url.startswith("sqlite:") and "memory" not in store_url:
        from meeple.core.stores.sqlite import path_from_url

        return path_from_url(store_url) + ".seats"
    if store_url.startswith("jsonl:"):
        folder = store_url.split(":", 1)[1].lstrip("/")
        return "/" + folder.rstrip("/") + "/.serve-seats.sqlite"
    if store_url.startswith("memory"):
        return ":memory:"
    import platformdirs

    digest = hashlib.sha256(store_url.encode()).hexdigest()[:12]
    return str(Path(platformdirs.user_data_dir("meeple")) / f"serve-seats-{digest}.sqlite")


class SeatBook:
    def __init__(self, path: str) -> None:
        self.path = path
        try:
            if path != ":memory:":
                if Path(path).is_dir():
                    raise BadOptions(f"the seats file {path} is a folder; name a file in it")
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            why = getattr(exc, "strerror", None) or str(exc)
            raise BadOptions(f"cannot keep the seat keys in {path}: {why}; give --seats a "
                             "file in a folder you can write") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def add_game(self, game_id: str, seats: dict[str, str | None],
                 seeds: dict[str, int], public_seed: int | None = None) -> dict[str, str]:
        """Record a game's seats (seat -> agent spec, None for a person) and its seed when
        that is public; returns the new key of every human seat. All rows are written in
        one transaction."""
        keys: dict[str, str] = {}
        rows = []
        for seat, agent in seats.items():
            if agent is None:
                keys[seat] = secrets.token_urlsafe(24)
                rows.append((game_id, seat, key_hash(keys[seat]), None, seeds[seat]))
            else:
                rows.append((game_id, seat, None, agent, seeds[seat]))
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", rows)
                if public_seed is not None:
                    self._db.execute("INSERT INTO public_seeds VALUES (?, ?)",
                                     (game_id, public_seed))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return keys

    def public_seed(self, game_id: str) -> int | None:
        """The game's seed if it was made public when the game was created, else None."""
        with self._lock:
            row = self._db.execute("SELECT seed FROM public_seeds WHERE game_id = ?",
                                   (game_id,)).fetchone()
        return row[0] if row else None

    def secret(self) -> bytes:
        """This server's secret (made once, kept with the seats): what typed seeds are
        mixed with. Like the keys, it is never in the event store."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT value FROM secret").fetchone()
                if row is None:
                    row = (secrets.token_bytes(32),)
                    self._db.execute("INSERT INTO secret VALUES (?)", row)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return bytes(row[0])

    def by_key(self, key: str) -> Seat | None:
        with self._lock:
            row = self._db.execute(
                "SELECT game_id, seat, agent, agent_seed FROM seats WHERE key_hash = ?",
                (key_hash(key),)).fetchone()
        return Seat(*row) if row else None

    def seats(self, game_id: str) -> list[Seat]:
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, seat, agent, agent_seed FROM seats WHERE game_id = ?",
                (game_id,)).fetchall()
        return [Seat(*r) for r in rows]

    def ai_games(self) -> list[str]:
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT game_id FROM seats WHERE agent IS NOT NULL").fetchall()
        return [r[0] for r in rows]
