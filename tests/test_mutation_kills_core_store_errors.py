"""How each store backend words a failure (scripts/mutation.py, docs/testing.md): a full
disk, a read-only file and an unreachable server are each one line that says so and that
nothing was written; a bad place for a store is a StoreError, never a traceback."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest
from meeple.core.engine import Engine
from meeple.core.errors import StoreError
from meeple.core.plugins import load
from meeple.core.stores.jsonl import _os_error
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import WAL_PAGES, SqliteStore, _wrap


def test_json_lines_os_errors_are_worded_by_their_cause(tmp_path: Path) -> None:
    p = tmp_path / "g.jsonl"
    for code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        assert str(_os_error(OSError(code, "no room"), p, "write")) == (
            f"the disk holding {p} is full: nothing was written (no room)")
    for code in (errno.EROFS, errno.EACCES, errno.EPERM):
        assert str(_os_error(OSError(code, "locked"), p, "write")) == (
            f"{p} is read-only: nothing was written (locked)")
    assert str(_os_error(OSError(errno.EIO, "bad"), p, "append to")) == (
        f"cannot append to {p}: [Errno {errno.EIO}] bad")


def test_sqlite_errors_are_worded_by_their_cause() -> None:
    assert str(_wrap(sqlite3.OperationalError("attempt to write a readonly database"), "/d")) == (
        "the database /d is read-only: nothing was written (attempt to write a readonly database)")
    assert str(_wrap(sqlite3.OperationalError("read-only file"), "/d")).startswith(
        "the database /d is read-only")
    assert str(_wrap(sqlite3.OperationalError("database or disk is full"), "/d")) == (
        "the disk holding /d is full: nothing was written (database or disk is full)")
    assert str(_wrap(sqlite3.OperationalError("disk I/O error"), "/d")) == (
        "SQLite error on /d: disk I/O error")
    assert str(_wrap(sqlite3.OperationalError("the table is full"), "/d")) == (
        "SQLite error on /d: the table is full")


def test_a_store_in_a_place_that_cannot_hold_one_is_one_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as exc:
        SqliteStore(blocker / "x.sqlite")
    assert str(exc.value).startswith(f"cannot use {blocker / 'x.sqlite'} as an SQLite database: ")
    folder = tmp_path / "folder.sqlite"
    folder.mkdir()
    with pytest.raises(StoreError) as exc:
        SqliteStore(folder)
    assert str(exc.value).startswith(f"SQLite error on {folder}: ")
    with pytest.raises(StoreError):
        Engine(f"sqlite:///{blocker}/x.sqlite", load())


def test_an_sqlite_store_is_set_up_for_many_small_commits(tmp_path: Path) -> None:
    s = SqliteStore(tmp_path / "w.sqlite")
    assert s._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == WAL_PAGES == 10_000
    assert s._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    s.close()
    assert not (tmp_path / "w.sqlite-wal").exists() or (tmp_path / "w.sqlite-wal").stat().st_size == 0


def test_an_engine_opens_its_store_from_a_url_or_takes_one(tmp_path: Path) -> None:
    plugins = load()
    eng = Engine("memory:", plugins)
    assert isinstance(eng.store, MemoryStore) and eng.plugins is plugins
    game = plugins.game("connect-four")
    assert eng.codec(game) is eng.codec(game)
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="g")
    assert eng.game_of(gid) is game
    store = MemoryStore()
    assert Engine(store, plugins).store is store
    eng2 = Engine(str(tmp_path / "e.sqlite"), plugins)
    assert isinstance(eng2.store, SqliteStore)
    eng2.close()
    with pytest.raises(sqlite3.ProgrammingError):
        eng2.store._db.execute("SELECT 1")
