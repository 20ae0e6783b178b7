"""How each store backend words a failure: a full disk, a read-only file and an unreachable
server are each one line that says so and that nothing was written; a bad place for a store
is a StoreError, never a traceback."""

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


def header(game_id: str = "g1", created: str = "2026-01-01T00:00:00.000000+00:00"):
    # Made here, not imported from another test module: a full run may hold another
    # module named conftest, which that module imports from.
    from meeple.core.records import GameHeader

    return GameHeader.sealed_new(game_id, "test-game", "tests", "1", ("ann", "bob"),
                                 {"n": 1}, 7, created)


def ev(n: int, actor: str | None = "ann"):
    from meeple.core.codec import dumps
    from meeple.core.records import NewEvent

    return NewEvent("test.event", 1, dumps({"n": n}), actor, f"move {n}" if actor else None)


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
    # Another writer's lock is waited for (milliseconds): half a minute unless told.
    assert s._db.execute("PRAGMA busy_timeout").fetchone()[0] == 30_000
    s.close()
    brief = SqliteStore(tmp_path / "w.sqlite", timeout=2.5)
    assert brief._db.execute("PRAGMA busy_timeout").fetchone()[0] == 2_500
    brief.close()
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
    assert "connect-four" in Engine(store).plugins.games  # the installed plugins by default
    eng2 = Engine(str(tmp_path / "e.sqlite"), plugins)
    assert isinstance(eng2.store, SqliteStore)
    eng2.close()
    with pytest.raises(sqlite3.ProgrammingError):
        eng2.store._db.execute("SELECT 1")


def test_postgres_errors_are_worded_by_their_cause() -> None:
    psycopg = pytest.importorskip("psycopg")
    from meeple.core.stores.postgresql import _wrap as pg_wrap
    from psycopg import errors as pgerrors

    where = "postgresql://h/db"
    assert str(pg_wrap(pgerrors.ReadOnlySqlTransaction("cannot write\nDETAIL: x"), where)) == (
        "the database postgresql://h/db is read-only: nothing was written (cannot write)")
    assert str(pg_wrap(pgerrors.DiskFull("no space"), where)) == (
        "the disk of the database postgresql://h/db is full: nothing was written (no space)")
    assert str(pg_wrap(psycopg.OperationalError("refused\nhint"), where)) == (
        "cannot reach the database postgresql://h/db: refused")
    assert str(pg_wrap(psycopg.DataError("bad value"), where)) == (
        "PostgreSQL error on postgresql://h/db: bad value")
    assert str(pg_wrap(psycopg.DataError(""), where)) == (
        "PostgreSQL error on postgresql://h/db: DataError")


def test_sqlite_transactions_roll_back_and_word_their_errors(tmp_path: Path, monkeypatch) -> None:
    from meeple.core.errors import ConcurrencyError

    s = SqliteStore(tmp_path / "t.sqlite")
    s.create_game(header())
    s.append("g1", 0, [ev(1, None)], "t")

    def full(db):
        db.execute("UPDATE games SET status='x'")
        raise sqlite3.OperationalError("database or disk is full")

    with pytest.raises(StoreError) as exc:
        s._tx(full)
    assert str(exc.value) == (f"the disk holding {s.path} is full: nothing was written "
                              "(database or disk is full)")
    assert s.status("g1") == {} and not s._db.in_transaction

    def clash(db):
        raise sqlite3.IntegrityError("UNIQUE constraint failed")

    with pytest.raises(sqlite3.IntegrityError):
        s._tx(clash)
    # A second event 2 slipping past the sequence check is refused by the primary key.
    monkeypatch.setattr("meeple.core.stores.sqlite.check_sequence", lambda *a: None)
    from meeple.core.records import chain

    recs = chain("g1", 1, s.last("g1")[1], [ev(2)], "t")
    with pytest.raises(ConcurrencyError) as exc:
        s._append_records("g1", 1, lambda last, h: recs + recs)
    assert str(exc.value) == "game g1: another writer took that event number"
    assert len(s.load("g1")) == 1
    s._rollback()  # nothing open: no error
    s.close()


def test_a_sqlite_rollback_that_fails_does_not_hide_the_error_that_caused_it(
        tmp_path: Path) -> None:
    s = SqliteStore(tmp_path / "t.sqlite")
    s.create_game(header())
    real = s._db

    class RolledBackAlready:
        """A connection after SQLite rolled back by itself: a second ROLLBACK fails."""

        in_transaction = True

        def execute(self, sql, *args):
            if sql == "ROLLBACK":
                real.execute(sql)
                raise sqlite3.OperationalError("cannot rollback - no transaction is active")
            return real.execute(sql, *args)

    def full(db):
        raise sqlite3.OperationalError("database or disk is full")

    s._db = RolledBackAlready()
    with pytest.raises(StoreError) as exc:
        s._tx(full)
    assert str(exc.value) == (f"the disk holding {s.path} is full: nothing was written "
                              "(database or disk is full)")
    s._db = real
    assert s.status("g1") == {} and not real.in_transaction
    s.close()


def test_an_engine_reuses_a_table_while_the_store_has_not_moved() -> None:
    class Counting(MemoryStore):
        loads = 0

        def load(self, *args, **kwargs):
            type(self).loads += 1
            return super().load(*args, **kwargs)

    store = Counting()
    eng = Engine(store, load())
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="g")
    eng.move(gid, "1", "a")
    before = Counting.loads
    for _ in range(3):
        eng.to_act(gid)
        eng.state(gid)
    assert Counting.loads == before  # one cheap `last` query each, no reload
    other = Engine(store, load())
    other.move(gid, "2", "b")
    assert eng.to_act(gid) == ["a"] and Counting.loads == before + 2


def test_a_json_lines_write_that_fails_leaves_the_file_as_it_was(tmp_path: Path,
                                                                  monkeypatch) -> None:
    from meeple.core.stores import jsonl
    from meeple.core.stores.jsonl import JsonlStore

    s = JsonlStore(tmp_path)
    s.create_game(header())
    first = s.append("g1", 0, [ev(1, None)], "t", status={"seq": 1})
    path = tmp_path / "g1.jsonl"
    before = path.read_bytes()

    def no_room(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jsonl.os, "fsync", no_room)
    with pytest.raises(StoreError) as exc:
        s.append("g1", 1, [ev(2)], "t", status={"seq": 2})
    assert str(exc.value) == (f"the disk holding {path} is full: nothing was written (No space "
                              "left on device)")
    assert path.read_bytes() == before and s.load("g1") == first and s.status("g1") == {"seq": 1}
    with pytest.raises(StoreError) as exc:
        s.create_game(header("g2"))
    assert str(exc.value).startswith(f"the disk holding {tmp_path / 'g2.jsonl'} is full")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".g1.status.json", "g1.jsonl"]
    monkeypatch.undo()

    # The status is a cache: a failed status write does not fail the append.
    def broken(game_id, status):
        raise StoreError("status disk gone")

    monkeypatch.setattr(s, "_write_status", broken)
    more = s.append("g1", 1, [ev(2)], "t", status={"seq": 2})
    assert s.load("g1") == first + more and s.status("g1") == {"seq": 1}
    with pytest.raises(StoreError, match="status disk gone"):
        s.set_status("g1", {"seq": 2})


class _NoWrites:
    """A connection whose schema script fails as on read-only media."""

    def __init__(self, db):
        self._db = db

    def execute(self, *args):
        return self._db.execute(*args)

    def executescript(self, script):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    def close(self):
        self._db.close()


def test_a_database_that_cannot_be_written_still_opens_for_reading(tmp_path: Path,
                                                                   monkeypatch) -> None:

    path = tmp_path / "ro.sqlite"
    s = SqliteStore(path)
    s.create_game(header())
    s.close()
    real = sqlite3.connect

    def connect(target, *args, uri=False, **kwargs):
        db = real(target, *args, uri=uri, **kwargs)
        return db if uri else _NoWrites(db)

    monkeypatch.setattr("meeple.core.stores.sqlite.sqlite3.connect", connect)
    ro = SqliteStore(path)
    assert ro.game_ids() == ["g1"] and ro.header("g1") == header()
    with pytest.raises(StoreError) as exc:
        ro.create_game(header("g2"))
    assert str(exc.value).startswith(f"the database {path} is read-only: nothing was written (")
    ro.close()
    for missing in (tmp_path / "none.sqlite", ":memory:"):
        with pytest.raises(StoreError) as exc:
            SqliteStore(missing)
        assert str(exc.value).endswith("is read-only: nothing was written (attempt to write a "
                                       "readonly database)")


def test_a_sqlite_path_that_cannot_be_opened_is_a_store_error(tmp_path) -> None:
    # The failed open's clean-up must not trip over a connection that never opened: the
    # user gets the one-line store error, not an AttributeError.
    from meeple.core.errors import StoreError
    from meeple.core.stores.sqlite import SqliteStore

    (tmp_path / "games.sqlite").mkdir()  # a folder where the database file should be
    with pytest.raises(StoreError):
        SqliteStore(str(tmp_path / "games.sqlite"))


def test_an_sqlite_annotations_table_that_cannot_be_read_is_a_store_error(tmp_path: Path) -> None:
    # A missing table only means nothing was annotated yet; any other failure of the read
    # (here a table of that name made by something else) is named with the database.
    from meeple.core.stores.annotations import annotations_for

    path = tmp_path / "s.sqlite"
    s = SqliteStore(path)
    s.create_game(header())
    notes = annotations_for(s)
    assert notes.get("g1", "review", "k") == {} and notes.keys("g1", "review") == []
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE annotations (game_id TEXT, note TEXT)")
    for read in (lambda: notes.get("g1", "review", "k"), lambda: notes.keys("g1", "review")):
        with pytest.raises(StoreError) as exc:
            read()
        assert str(exc.value).startswith(f"SQLite error on {path}: no such column: ")
    s.close()


def test_a_json_lines_annotation_that_cannot_be_written_is_a_store_error(tmp_path: Path) -> None:
    from meeple.core.stores.annotations import annotations_for
    from meeple.core.stores.jsonl import JsonlStore

    s = JsonlStore(tmp_path)
    s.create_game(header())
    place = tmp_path / ".g1.annotations"
    place.mkdir()  # a folder where the annotations file should be
    with pytest.raises(StoreError) as exc:
        annotations_for(s).put("g1", "review", "k", 0, {"x": 1})
    assert str(exc.value) == (f"cannot write {place}: [Errno {errno.EISDIR}] Is a directory: "
                              f"'{place}'")
    assert s.game_ids() == ["g1"] and not any(place.iterdir())


def test_a_json_lines_annotation_cut_off_by_a_killed_writer_is_not_read(tmp_path: Path) -> None:
    from meeple.core.stores.annotations import annotations_for
    from meeple.core.stores.jsonl import JsonlStore

    s = JsonlStore(tmp_path)
    s.create_game(header())
    notes = annotations_for(s)
    notes.put("g1", "review", "k", 0, {"x": 1})
    place = tmp_path / ".g1.annotations"
    whole = place.read_bytes()
    # The next line's bytes all written but its newline: the write never finished.
    place.write_bytes(whole + whole.replace(b'{"x":1}', b'{"x":2}').rstrip(b"\n"))
    assert notes.get("g1", "review", "k") == {0: {"x": 1}}
    notes.put("g1", "review", "k", 1, {"y": 3})  # the next write goes on after it
    assert notes.get("g1", "review", "k")[1] == {"y": 3}


def test_a_new_sqlite_game_the_database_refuses_is_a_store_error(tmp_path: Path) -> None:
    # A constraint of the database's own (here a trigger someone added), not a taken id.
    path = tmp_path / "s.sqlite"
    s = SqliteStore(path)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TRIGGER closed BEFORE INSERT ON games "
                   "BEGIN SELECT RAISE(ABORT, 'this database takes no new games'); END")
    with pytest.raises(StoreError) as exc:
        s.create_game(header())
    assert str(exc.value) == f"SQLite error on {path}: this database takes no new games"
    assert s.game_ids() == [] and not s._db.in_transaction
    s.close()


def test_an_sqlite_import_onto_events_already_stored_is_a_concurrency_error(
        tmp_path: Path) -> None:
    from meeple.core.errors import ConcurrencyError
    from meeple.core.records import chain

    path = tmp_path / "s.sqlite"
    s = SqliteStore(path)
    records = chain("g1", 0, header().hash(), [ev(1, None), ev(2)], "t")
    # Event 1 of g1 written by another writer whose game row is not there (yet).
    with sqlite3.connect(path) as db:
        r = records[0]
        db.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                   (r.game_id, r.seq, r.type, r.version, r.data, r.actor, r.command_text,
                    r.batch, r.recorded_at, r.prev_hash, r.hash))
    with pytest.raises(ConcurrencyError) as exc:
        s.import_game(header(), records)
    assert str(exc.value) == "game g1: another writer took that event number"
    assert s.game_ids() == []  # the header went back with the events
    s.close()


