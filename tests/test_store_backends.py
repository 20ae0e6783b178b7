"""Every store backend under one contract, message by message: each refusal names the game and
the store exactly and changes nothing, loads honour both bounds, empty batches write
nothing; and the pieces around the backends (URLs, header and status parsing, the JSON Lines
export format) checked branch by branch. PostgreSQL runs when MEEPLE_TEST_POSTGRES names a
server."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import orjson
import pytest
from conftest import postgres_url_or_skip
from meeple.core.codec import dumps
from meeple.core.errors import (
    BadOptions,
    ConcurrencyError,
    GameNotFound,
    ImportFailed,
    StoreError,
    UnknownName,
)
from meeple.core.plugins import load
from meeple.core.records import GameHeader, NewEvent, Record, chain
from meeple.core.stores.annotations import Annotations, MemoryAnnotations, annotations_for
from meeple.core.stores.base import (
    DamagedRecord,
    EventStore,
    check_game_id,
    check_sequence,
    checked_record,
    parse_header,
    parse_status,
)
from meeple.core.stores.jsonl import (
    JsonlStore,
    dir_from_url,
    dump_game,
    read_export,
    read_game,
    whole_lines,
)
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.open import ENV_DB, default_db_path, open_store, resolve_url
from meeple.core.stores.sqlite import SqliteStore, path_from_url
from test_verify_findings import connect_four_played

PLUGINS = load()


def header(game_id: str = "g1", created: str = "2026-01-01T00:00:00.000000+00:00",
           **kw: Any) -> GameHeader:
    return GameHeader.sealed_new(game_id, "test-game", "tests", "1", ("ann", "bob"),
                                 {"n": 1}, 7, created, **kw)


def ev(n: int, actor: str | None = "ann") -> NewEvent:
    return NewEvent("test.event", 1, dumps({"n": n}), actor, f"move {n}" if actor else None)


BACKENDS = ["memory", "sqlite", "jsonl", "postgresql"]


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    kind = request.param
    if kind == "memory":
        s: EventStore = MemoryStore()
    elif kind == "sqlite":
        s = SqliteStore(tmp_path / "s.sqlite")
    elif kind == "jsonl":
        s = JsonlStore(tmp_path / "games")
    else:
        pg = request.getfixturevalue("pg_url")
        s = open_store(pg, PLUGINS.stores)
    yield s
    s.close()


def test_every_refusal_of_an_unknown_game_names_it_and_the_store(store: EventStore) -> None:
    store.create_game(header("known"))
    want = f"no game with id 'nope' in {store.url}"
    for call in (lambda: store.header("nope"), lambda: store.last("nope"),
                 lambda: store.load("nope"), lambda: store.status("nope"),
                 lambda: store.set_status("nope", {"a": 1}),
                 lambda: store.append("nope", 0, [ev(1)]),
                 lambda: store.append_records("nope", 0, chain("nope", 0, "x", [ev(1)], "t"))):
        with pytest.raises(GameNotFound) as exc:
            call()
        assert str(exc.value) == want
    assert store.game_ids() == ["known"] and store.load("known") == []


def test_a_taken_id_is_refused_by_both_ways_of_creating(store: EventStore) -> None:
    h = header()
    store.start_game(h, [[ev(1, None)]], "t0", {"seq": 1})
    for call in (lambda: store.create_game(header(title="x")),
                 lambda: store.start_game(header(title="y"), [[ev(5, None)]], "t1", {"seq": 9}),
                 lambda: store.import_game(header(title="z"), [])):
        with pytest.raises(BadOptions) as exc:
            call()
        assert str(exc.value) == "a game with id 'g1' exists already"
    assert store.header("g1") == h and len(store.load("g1")) == 1
    assert store.status("g1") == {"seq": 1}


def test_a_bad_id_is_refused_before_anything_is_stored(store: EventStore) -> None:
    for make in (lambda h: store.create_game(h), lambda h: store.start_game(h, [[ev(1, None)]])):
        with pytest.raises(BadOptions) as exc:
            make(header("../x"))
        assert str(exc.value) == (
            "game id '../x' is not allowed: use 1-100 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit")
    assert store.game_ids() == []


def test_stale_appends_say_where_the_log_is_and_write_nothing(store: EventStore) -> None:
    h = header()
    store.create_game(h)
    first = store.append("g1", 0, [ev(1, None)], recorded_at="t0", status={"seq": 1})
    with pytest.raises(ConcurrencyError) as exc:
        store.append_batches("g1", 3, [[ev(2)]], status={"seq": 9})
    assert str(exc.value) == ("game g1 has moved on: expected event 3, the log is at 1; "
                              "reload and try again")
    # Records chained elsewhere must continue both the number and the hash.
    good = chain("g1", 1, first[-1].hash, [ev(2), ev(3)], "t1")
    for expected, recs in ((0, good), (2, good),  # the log is at 1: neither before nor after
                           (1, chain("g1", 1, "not-the-hash", [ev(2)], "t1")),
                           (1, chain("g1", 1, "0" * 64, [ev(2)], "t1"))):  # one sorting lower
        with pytest.raises(ConcurrencyError) as exc:
            store.append_records("g1", expected, recs)
        assert str(exc.value) == (f"game g1 has moved on: expected event {expected}, the log "
                                  "is at 1; nothing was written")
    # Records of another game, whatever its id, do not continue this one.
    for other in ("a0", "zz"):
        with pytest.raises(ConcurrencyError) as exc:
            store.append_records("g1", 1, chain(other, 1, first[-1].hash, [ev(2)], "t1"))
        assert str(exc.value) == (f"game g1: event 2 of {other} cannot follow event 1; "
                                  "nothing was written")
    assert store.load("g1") == first and store.status("g1") == {"seq": 1}
    assert store.append_records("g1", 1, good) == good
    assert store.load("g1") == first + good
    assert store.last("g1") == (3, good[-1].hash)


def test_records_chained_elsewhere_continue_a_long_log(store: EventStore) -> None:
    # Past 256 an event number is a new int object each time it is read: compared by value.
    store.create_game(header())
    first = store.append("g1", 0, [ev(n) for n in range(1, 301)], recorded_at="t0")
    more = chain("g1", 300, first[-1].hash, [ev(301)], "t1")
    assert store.append_records("g1", 300, more) == more
    assert store.last("g1") == (301, more[-1].hash)


def test_nothing_to_append_writes_nothing(store: EventStore) -> None:
    store.create_game(header())
    assert store.append_batches("g1", 0, [[], []], status={"seq": 5}) == []
    assert store.append("g1", 0, [], status={"seq": 5}) == []
    assert store.append_records("g1", 0, []) == []
    assert store.load("g1") == [] and store.status("g1") == {}
    store.import_game(header("empty"), [])
    assert store.load("empty") == [] and store.last("empty") == (0, header("empty").hash())


def test_an_append_without_a_stamp_is_stamped_now(store: EventStore) -> None:
    store.create_game(header())
    rec = store.append("g1", 0, [ev(1, None)])[0]
    assert rec.recorded_at[:2] == "20" and rec.recorded_at.endswith("+00:00")
    assert store.load("g1") == [rec] and store.status("g1") == {}
    started = store.start_game(header("g2"), [[ev(1, None)]])
    assert started[0].recorded_at.endswith("+00:00") and store.status("g2") == {}


def test_a_status_given_with_an_append_replaces_only_then(store: EventStore) -> None:
    store.create_game(header())
    store.set_status("g1", {"seq": 0, "status": "running"})
    store.append("g1", 0, [ev(1, None)], recorded_at="t")
    assert store.status("g1") == {"seq": 0, "status": "running"}
    store.append("g1", 1, [ev(2)], recorded_at="t", status={"seq": 2})
    assert store.status("g1") == {"seq": 2}
    store.set_status("g1", {})
    assert store.status("g1") == {}


def test_loads_honour_both_bounds_beyond_the_log(store: EventStore) -> None:
    store.create_game(header())
    recs = store.append_batches("g1", 0, [[ev(1, None)], [ev(2), ev(3)]], "t")
    assert store.load("g1", upto=0) == [] and store.load("g1", after=3) == []
    assert store.load("g1", upto=-1) == []
    assert store.load("g1", after=1) == recs[1:] and store.load("g1", upto=1) == recs[:1]
    assert store.load("g1", after=1, upto=2) == recs[1:2]
    assert store.load("g1", upto=99) == recs and store.load("g1", after=-5) == recs
    assert store.load("g1", after=2, upto=1) == []


def test_file_stores_make_the_folders_they_are_put_in(tmp_path: Path) -> None:
    JsonlStore(tmp_path / "a" / "b").close()
    SqliteStore(tmp_path / "c" / "d" / "s.sqlite").close()
    assert (tmp_path / "a" / "b").is_dir() and (tmp_path / "c" / "d" / "s.sqlite").is_file()


def test_a_store_closes_as_a_context_manager(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / "c.sqlite") as s:
        s.create_game(header())
    with SqliteStore(tmp_path / "c.sqlite") as again:
        assert again.game_ids() == ["g1"]
    with MemoryStore() as m:
        assert m.url == "memory:" and MemoryStore.from_url("memory:").game_ids() == []


# -- the checks the backends share ----------------------------------------------------------


def test_check_sequence_names_the_first_record_that_does_not_follow() -> None:
    recs = chain("g1", 4, "h", [ev(1), ev(2)], "t")
    check_sequence("g1", 4, recs)
    check_sequence("g1", 4, [])
    with pytest.raises(ConcurrencyError) as exc:
        check_sequence("g1", 3, recs)
    assert str(exc.value) == "game g1: event 5 of g1 cannot follow event 3; nothing was written"
    with pytest.raises(ConcurrencyError) as exc:
        check_sequence("g1", 4, [recs[0], recs[0]])
    assert str(exc.value) == "game g1: event 5 of g1 cannot follow event 5; nothing was written"
    with pytest.raises(ConcurrencyError) as exc:
        check_sequence("other", 4, recs)
    assert str(exc.value) == ("game other: event 5 of g1 cannot follow event 4; nothing was "
                              "written")


def test_game_ids_at_the_limits() -> None:
    for good in ("a", "0", "A" * 100, "a.b_c-d", "9-x"):
        check_game_id(good)
    # A trailing newline too: "$" alone would let "a\n" through (a file name with a newline).
    for bad in ("", "a" * 101, "_a", ".a", "-a", "a b", "a\n", "a\nb", "\na", "ä"):
        with pytest.raises(BadOptions):
            check_game_id(bad)


def test_a_stored_header_and_status_are_parsed_or_named_damaged() -> None:
    h = header()
    assert parse_header("g1", orjson.dumps(h.to_json())) == h
    assert parse_header("g1", memoryview(orjson.dumps(h.to_json()))) == h
    for raw in (b"{", b"[1]", b'{"game_id": 1}', orjson.dumps({**h.to_json(), "seed": "x"})):
        with pytest.raises(StoreError) as exc:
            parse_header("g1", raw)
        assert str(exc.value).startswith("the stored header of g1 is damaged: ")
    assert parse_status("g1", None) == {} and parse_status("g1", b"") == {}
    assert parse_status("g1", b'{"seq": 2}') == {"seq": 2}
    assert parse_status("g1", b"{}") == {}
    with pytest.raises(StoreError) as exc:
        parse_status("g1", b"{")
    assert str(exc.value).startswith("the status cache of g1 is damaged: ")
    with pytest.raises(StoreError) as exc:
        parse_status("g1", b"[1]")
    assert str(exc.value) == "the status cache of g1 is not an object"


def test_a_row_of_the_wrong_kinds_is_a_damaged_record_naming_its_event() -> None:
    good = chain("g1", 0, "h", [ev(1)], "t")[0]
    fields = dict(game_id="g1", seq=1, type="t", version=1, data=b"{}", actor=None,
                  command_text=None, batch=1, recorded_at="t", prev_hash="p", hash="h")
    assert checked_record("g1", good) == good
    as_view = checked_record("g1", Record(**{**fields, "data": memoryview(b"{}")}))
    assert as_view.data == b"{}" and type(as_view.data) is bytes
    assert checked_record("g1", Record(**{**fields, "data": bytearray(b"{}")})).data == b"{}"
    with pytest.raises(DamagedRecord) as exc:
        checked_record("g1", Record(**{**fields, "data": "{}"}))
    assert str(exc.value) == "event 1 of g1 is damaged: its data is stored as str, not bytes"
    assert exc.value.seq == 1
    # Every column is checked on its own (one wrong column among right ones is enough), and
    # a bool is no integer and a float no batch number.
    for name, value in [("seq", "1"), ("seq", True), ("version", 1.0), ("version", True),
                        ("batch", None), ("batch", 1.0), ("game_id", 1), ("type", None),
                        ("type", 5), ("recorded_at", 5), ("prev_hash", b"p"), ("prev_hash", 5),
                        ("hash", None), ("hash", 5), ("actor", 3), ("command_text", b"x"),
                        ("command_text", 5)]:
        with pytest.raises(DamagedRecord) as exc:
            checked_record("g1", Record(**{**fields, name: value}))
        assert str(exc.value).endswith("is damaged: a column holds a value of the wrong kind")
        assert exc.value.seq == (1 if name != "seq" else None), name
    ok = checked_record("g1", Record(**{**fields, "actor": "a", "command_text": "c"}))
    assert (ok.actor, ok.command_text) == ("a", "c")


# -- choosing a store from a URL ------------------------------------------------------------


def test_urls_and_bare_paths(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_DB, raising=False)
    assert resolve_url(None) == f"sqlite:///{default_db_path()}"
    assert default_db_path().name == "meeple.sqlite"
    assert resolve_url("") == f"sqlite:///{default_db_path()}"
    monkeypatch.setenv(ENV_DB, "memory:")
    assert resolve_url(None) == "memory:" and resolve_url("jsonl:///x") == "jsonl:///x"
    monkeypatch.chdir(tmp_path)
    assert resolve_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    assert resolve_url("sub/games.db") == f"sqlite:///{tmp_path / 'sub' / 'games.db'}"
    # A colon after the first slash is part of a path; before it, a scheme.
    assert resolve_url("sub/a:b.db") == f"sqlite:///{tmp_path / 'sub' / 'a:b.db'}"
    assert resolve_url("c:/x") == "c:/x"
    assert resolve_url("postgresql://h/db") == "postgresql://h/db"


def test_open_store_picks_the_backend_by_scheme(tmp_path: Path) -> None:
    made: list[str] = []
    factories = {"postgresql": made.append, "memory": MemoryStore.from_url}
    for url in ("postgres://h/db", "postgresql+psycopg://h/db", "POSTGRESQL://h/db"):
        open_store(url, factories)
    assert made == ["postgres://h/db", "postgresql+psycopg://h/db", "POSTGRESQL://h/db"]
    assert isinstance(open_store("memory:", PLUGINS.stores), MemoryStore)
    with pytest.raises(UnknownName) as exc:
        open_store("mongo://h/db", factories)
    assert str(exc.value) == ("no store for 'mongo' URLs (mongo://h/db); installed stores: "
                              "memory, postgresql")
    with pytest.raises(UnknownName) as exc:
        open_store("mongo://h/db", {})
    assert str(exc.value).endswith("installed stores: none")
    s = open_store(str(tmp_path / "bare.sqlite"), PLUGINS.stores)
    assert isinstance(s, SqliteStore) and s.url == f"sqlite:///{tmp_path / 'bare.sqlite'}"
    s.close()
    j = open_store(f"jsonl://{tmp_path / 'j'}", PLUGINS.stores)
    assert isinstance(j, JsonlStore) and j.url == f"jsonl:///{tmp_path / 'j'}"


@pytest.mark.parametrize("name", ["db.sqlite", "A.sqlite", "~x.sqlite", "sub/x.sqlite"])
def test_a_relative_sqlite_path_is_named_by_its_absolute_path(name, tmp_path, monkeypatch) -> None:
    # Names sorting before and after ":memory:", which alone names the in-memory store.
    monkeypatch.chdir(tmp_path)
    s = SqliteStore(name)
    assert s.url == f"sqlite:///{(tmp_path / name).resolve()}" and (tmp_path / name).exists()
    s.close()


def test_sqlite_and_jsonl_paths_from_urls(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    assert path_from_url("sqlite:///abs/x.db") == "/abs/x.db"
    assert path_from_url("sqlite:////abs/x.db") == "/abs/x.db"
    assert path_from_url("sqlite://rel/x.db") == "rel/x.db"
    assert path_from_url("sqlite:rel.db") == "rel.db"
    assert path_from_url("plain/x.db") == "plain/x.db"
    assert path_from_url("sqlite::memory:") == ":memory:"
    assert path_from_url("sqlite:///:memory:") == ":memory:"
    assert dir_from_url("jsonl:///abs/d") == "/abs/d"
    assert dir_from_url("jsonl:////abs/d") == "/abs/d"
    assert dir_from_url("jsonl://rel/d") == "rel/d"
    assert dir_from_url("jsonl:rel") == "rel"
    assert dir_from_url("plain/d") == "plain/d"
    for url in ("sqlite::memory:", "sqlite:///:memory:"):
        mem = SqliteStore.from_url(url)  # a path cut from the URL: equal, not the same string
        assert mem.url == "sqlite::memory:" and mem.in_memory
        mem.create_game(header())
        assert mem.game_ids() == ["g1"]
        mem.close()
    assert list(tmp_path.iterdir()) == [] and not Path("/:memory:").exists()


# -- JSON Lines: the export format ----------------------------------------------------------


def exported(n: int = 2) -> tuple[GameHeader, list[Record], bytes]:
    h = header()
    recs = chain("g1", 0, h.hash(), [ev(i, None if i == 1 else "ann") for i in range(1, n + 1)],
                 "t")
    return h, recs, dump_game(h, recs)


def test_an_export_is_header_records_and_trailer() -> None:
    h, recs, data = exported()
    lines = data.split(b"\n")
    assert lines[-1] == b"" and len(lines) == 5
    assert orjson.loads(lines[0]) == {"header": h.to_json()}
    assert [orjson.loads(x) for x in lines[1:3]] == [r.to_json() for r in recs]
    assert orjson.loads(lines[3]) == {"trailer": {"events": 2, "last_hash": recs[-1].hash}}
    assert read_export(data) == (h, recs, 4, recs[-1].hash)
    assert read_export(data.decode()) == (h, recs, 4, recs[-1].hash)
    assert read_game(dump_game(h, recs, trailer=False)) == (h, recs)
    assert read_game(dump_game(h, recs, trailer=False).decode()) == (h, recs)
    empty = dump_game(h, [])
    assert orjson.loads(empty.split(b"\n")[1]) == {"trailer": {"events": 0, "last_hash": h.hash()}}


def failure(data: bytes) -> tuple[str, int | None]:
    with pytest.raises(ImportFailed) as exc:
        read_export(data)
    return str(exc.value), exc.value.line


def test_every_way_an_export_is_incomplete_names_its_line() -> None:
    h, recs, data = exported()
    lines = data.split(b"\n")[:-1]
    assert failure(b"") == ("line 1: the file is empty; expected a Meeple JSON Lines export", 1)
    assert failure(b"\n  \n") == (
        "line 1: the file is empty; expected a Meeple JSON Lines export", 1)
    text, line = failure(b"{\n")
    assert line == 1 and text.startswith("line 1: not a Meeple export header (")
    assert failure(b'{"head": 1}\n')[0].startswith("line 1: not a Meeple export header (")
    # The header alone: no trailer after it.
    assert failure(lines[0] + b"\n") == (
        'line 2: the export ends without its trailer (the last line must be {"trailer": '
        '{"events": N, "last_hash": H}}): the file was cut short or is not a whole export', 2)
    # Cut after the first record.
    cut = b"\n".join(lines[:2]) + b"\n"
    assert failure(cut)[1] == 3 and "ends without its trailer" in failure(cut)[0]
    # A header and a trailer of no events.
    assert failure(dump_game(h, [])) == (
        "line 2: the export holds no events (a game always has its setup events)", 2)
    # A count that disagrees.
    for count in (5, 1):
        trailer = orjson.dumps({"trailer": {"events": count, "last_hash": "x"}})
        wrong = b"\n".join([*lines[:3], trailer])
        assert failure(wrong) == (f"line 4: the trailer says {count} events, the file holds 2", 4)
    # Something after the trailer.
    extra = data + lines[1] + b"\n"
    assert failure(extra) == ("line 5: nothing may follow the trailer (an export ends with it)", 5)
    twice = data + lines[3] + b"\n"
    assert failure(twice) == ("line 5: nothing may follow the trailer (an export ends with it)", 5)
    # A damaged record is named before the missing trailer.
    bad = b"\n".join([lines[0], b"[1, 2]", lines[2]]) + b"\n"
    text, line = failure(bad)
    assert line == 2 and text == ("line 2: not a Meeple event record (a record must be an object "
                                  "with the record's fields)")
    text, line = failure(b"\n".join([lines[0], b'{"seq": 1}', lines[3]]) + b"\n")
    assert line == 2 and text.startswith("line 2: not a Meeple event record (")
    # The trailer itself cut short, inside or before its key: named at its own line.
    for torn in (lines[3][:12], lines[3][:5]):
        assert failure(b"\n".join([*lines[:3], torn]) + b"\n") == (
            "line 4: the trailer line is cut short (the file ends inside it); an export ends "
            'with {"trailer": {"events": N, "last_hash": H}}', 4)
    # Blank lines are skipped but still counted.
    spaced = b"\n".join([lines[0], b"", lines[1], b" ", lines[2], lines[3]]) + b"\n"
    assert read_export(spaced) == (h, recs, 6, recs[-1].hash)


def test_only_whole_lines_count() -> None:
    assert whole_lines(b"a\nb\npartial") == b"a\nb\n"
    assert whole_lines(b"a\n") == b"a\n" and whole_lines(b"torn") == b"" and whole_lines(b"") == b""


def test_a_jsonl_store_drops_a_torn_tail_and_lists_damaged_games_last(tmp_path: Path) -> None:
    s = JsonlStore(tmp_path / "d")
    assert s.url == f"jsonl:///{(tmp_path / 'd').resolve()}"
    s.create_game(header("b-game", created="2026-01-02"))
    s.create_game(header("a-game", created="2026-01-03"))
    s.create_game(header("c-game", created="2026-01-02"))
    recs = s.append("a-game", 0, [ev(1, None)], "t")
    path = tmp_path / "d" / "a-game.jsonl"
    with open(path, "ab") as f:
        f.write(b'{"game_id": "a-ga')  # a writer killed mid-line
    assert s.load("a-game") == recs and s.last("a-game") == (1, recs[0].hash)
    more = s.append("a-game", 1, [ev(2)], "t")
    assert s.load("a-game") == recs + more
    assert path.read_bytes().endswith(b"\n") and b'"a-ga\n' not in path.read_bytes()
    (tmp_path / "d" / "0-broken.jsonl").write_bytes(b"not json\n")
    assert s.game_ids() == ["b-game", "c-game", "a-game", "0-broken"]
    with pytest.raises(ImportFailed):
        s.header("0-broken")


def test_a_jsonl_status_cache_that_is_damaged_is_named(tmp_path: Path) -> None:
    s = JsonlStore(tmp_path)
    s.create_game(header())
    cache = tmp_path / ".g1.status.json"
    assert s.status("g1") == {} and not cache.exists()
    s.set_status("g1", {"seq": 3})
    assert orjson.loads(cache.read_bytes()) == {"seq": 3} and s.status("g1") == {"seq": 3}
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    cache.write_bytes(b"{")
    with pytest.raises(StoreError) as exc:
        s.status("g1")
    assert str(exc.value).startswith(f"the status cache of g1 ({cache}) is damaged: ")
    cache.write_bytes(b"[]")
    with pytest.raises(StoreError) as exc:
        s.status("g1")
    assert str(exc.value) == f"the status cache of g1 ({cache}) is not an object"
    # A status written with an append replaces the damaged one.
    s.append("g1", 0, [ev(1, None)], "t", status={"seq": 1})
    assert s.status("g1") == {"seq": 1}


def test_a_jsonl_store_reports_an_unusable_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as exc:
        JsonlStore(blocker / "sub")
    assert str(exc.value).startswith(f"cannot use {blocker / 'sub'} as a JSON Lines store: ")


def test_postgres_urls_keep_settings_and_refuse_bad_schemas() -> None:
    pytest.importorskip("psycopg")
    from meeple.core.stores.postgresql import split_url

    assert split_url("postgresql://h/db") == ("postgresql://h/db", None)
    assert split_url("postgres://u@h:5/db?schema=_s9&a=1&b=") == (
        "postgresql://u@h:5/db?a=1&b=", "_s9")
    for bad in ("Upper", "9lead", "a-b", "x" * 64, ""):
        with pytest.raises(BadOptions) as exc:
            split_url(f"postgresql://h/db?schema={bad}")
        assert str(exc.value) == (f"schema {bad!r} is not allowed: use lowercase letters, "
                                  "digits and '_', starting with a letter or '_'")
    assert split_url("postgresql://h/db?schema=" + "y" * 63)[1] == "y" * 63


def test_a_postgres_store_names_where_it_is_without_the_password(pg_url: str) -> None:
    postgres_url_or_skip()
    s = open_store(pg_url, PLUGINS.stores)
    try:
        assert s.url.startswith("postgresql://") and "schema=t_" in s.url
        assert s.where.startswith("postgresql://") and "?" not in s.where
        s.create_game(header("pg-1", created="2026-01-02"))
        s.create_game(header("pg-0", created="2026-01-02"))
        s.create_game(header("pg-old", created="2026-01-01"))
        # Same creation time: the order they were stored in.
        assert s.game_ids() == ["pg-old", "pg-1", "pg-0"]
    finally:
        s.close()


def test_a_postgres_store_url_keeps_a_blank_parameter(pg_url: str) -> None:
    postgres_url_or_skip()
    s = open_store(pg_url + "&application_name=", PLUGINS.stores)
    try:
        assert ("application_name", "") in parse_qsl(urlsplit(s.url).query,
                                                     keep_blank_values=True)
    finally:
        s.close()


def test_a_postgres_store_that_may_not_create_its_tables_says_so_in_one_line(
        pg_url: str) -> None:
    import psycopg

    base = postgres_url_or_skip()
    role = f"r_{uuid.uuid4().hex[:12]}"  # no privilege to create a schema or a table
    with psycopg.connect(base, autocommit=True) as db:
        db.execute(f'CREATE ROLE "{role}" LOGIN')
    try:
        parts = urlsplit(pg_url)
        url = urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port}"))
        with pytest.raises(StoreError) as exc:
            open_store(url, PLUGINS.stores)
        assert "\n" not in str(exc.value) and "permission denied" in str(exc.value)
    finally:
        with psycopg.connect(base, autocommit=True) as db:
            db.execute(f'DROP ROLE "{role}"')


def test_a_postgres_write_that_fails_half_way_leaves_nothing(pg_url: str) -> None:
    # Each write is one transaction: a failure after some rows went in takes them back.
    postgres_url_or_skip()
    s = open_store(pg_url, PLUGINS.stores)
    try:
        s.start_game(header("g1"), [[ev(1, None)]], "t0", {"seq": 1})
        before = (s.load("g1"), s.status("g1"))
        real = s._insert  # type: ignore[attr-defined]

        def half(db: Any, records: list[Record]) -> None:
            real(db, records[:1])
            raise RuntimeError("the connection dropped")

        s._insert = half  # type: ignore[attr-defined]
        with pytest.raises(RuntimeError):
            s.append("g1", 1, [ev(2), ev(3)], status={"seq": 3})
        with pytest.raises(RuntimeError):
            s.start_game(header("g2"), [[ev(1, None), ev(2, None)]], "t0")
        s._insert = real  # type: ignore[attr-defined]
        assert (s.load("g1"), s.status("g1")) == before
        assert s.game_ids() == ["g1"]
        assert [r.seq for r in s.append("g1", 1, [ev(2)])] == [2]
    finally:
        s.close()


def test_creating_leaves_no_temporary_file_and_ties_are_ordered_by_id(tmp_path: Path) -> None:
    j = JsonlStore(tmp_path / "j")
    s = SqliteStore(tmp_path / "s.sqlite")
    for store in (j, s):
        for gid in ("b", "c", "a"):
            store.create_game(header(gid, created="2026-01-01"))
        assert store.game_ids() == ["a", "b", "c"]
    assert sorted(p.name for p in (tmp_path / "j").iterdir()) == ["a.jsonl", "b.jsonl", "c.jsonl"]
    with pytest.raises(BadOptions):
        j.create_game(header("a"))
    assert sorted(p.name for p in (tmp_path / "j").iterdir()) == ["a.jsonl", "b.jsonl", "c.jsonl"]
    m = MemoryStore()
    for gid in ("b", "a"):
        m.create_game(header(gid, created="2026-01-01"))
    assert m.game_ids() == ["b", "a"]  # in memory: the order they were made
    s.close()


def test_json_lines_races_and_lock_failures_are_one_line(tmp_path: Path, monkeypatch) -> None:
    from meeple.core.stores import jsonl

    s = JsonlStore(tmp_path)
    s.create_game(header())
    # Another writer creates the game between the check and the link.
    monkeypatch.setattr(jsonl.Path, "exists", lambda self: False)
    with pytest.raises(BadOptions) as exc:
        s.create_game(header())
    assert str(exc.value) == "a game with id 'g1' exists already"
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g1.jsonl"]

    def no_lock(f, how):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(jsonl.fcntl, "flock", no_lock)
    with pytest.raises(StoreError) as exc:
        s.set_status("g1", {"seq": 1})
    assert str(exc.value) == f"cannot lock {tmp_path / 'g1.jsonl'}: [Errno 5] Input/output error"
    with pytest.raises(StoreError) as exc:
        s.append("g1", 0, [ev(1, None)])
    assert str(exc.value) == (f"cannot append to {tmp_path / 'g1.jsonl'}: [Errno 5] Input/output "
                              "error")


def test_read_game_of_an_empty_file_names_line_one() -> None:
    with pytest.raises(ImportFailed) as exc:
        read_game(b"\n")
    assert str(exc.value) == "line 1: the file is empty; expected a Meeple JSON Lines export"


@pytest.mark.parametrize(("last", "skip"), [(3, 1), (4, 2), (6, 1)])
def test_a_batch_that_skips_events_names_the_event_it_had_to_follow(last: int, skip: int) -> None:
    eng, gid = connect_four_played()
    records = eng.store.load(gid)
    late = records[last + skip]  # seq last + skip + 1: `skip` events missing
    with pytest.raises(ConcurrencyError,
                       match=f"event {late.seq} of {gid} cannot follow event {last};"):
        check_sequence(gid, last, [late])
    check_sequence(gid, last, [records[last]])  # the next one is fine


def test_a_url_its_store_cannot_parse_is_named_without_its_password() -> None:
    def refuse(url: str):
        raise ValueError("port out of range")

    factories = {"postgresql": refuse, "sqlite": refuse, "mongo": refuse}
    with pytest.raises(BadOptions) as exc:
        open_store("postgres://ann:secret@db:99999/games", factories)
    assert str(exc.value) == ("the store URL 'postgres://db:99999/games' is not valid: port out "
                              "of range; postgresql URLs look like "
                              "postgresql://user@host:5432/database")
    with pytest.raises(BadOptions) as exc:
        open_store("sqlite:///a@b/x.db", factories)
    assert str(exc.value) == ("the store URL 'sqlite:///a@b/x.db' is not valid: port out of "
                              "range; sqlite URLs look like sqlite:///path/to/games.sqlite")
    with pytest.raises(BadOptions) as exc:
        open_store("mongo://u:p@h@i", factories)
    assert str(exc.value) == ("the store URL 'mongo://i' is not valid: port out of range; mongo "
                              "URLs look like mongo://...")


class OwnNotes(MemoryStore):
    """A store plugin's store that keeps its annotations its own way."""

    def __init__(self) -> None:
        super().__init__()
        self.notes = MemoryAnnotations(self)

    def annotations(self) -> MemoryAnnotations:
        return self.notes


class NoNotes:
    """A store plugin's store that offers no annotations."""

    url = "mongo://h/games"


def test_a_store_plugins_own_annotations_are_used_and_a_store_without_any_is_refused() -> None:
    s = OwnNotes()
    assert annotations_for(s) is s.notes
    with pytest.raises(StoreError) as exc:
        annotations_for(NoNotes())  # type: ignore[arg-type]
    assert str(exc.value) == ("the store mongo://h/games keeps no annotations (reviews and other "
                              "data about a game need an SQLite, JSON Lines, PostgreSQL or "
                              "memory store)")


def test_a_url_without_slashes_its_store_cannot_parse_is_named_as_given() -> None:
    # Only an authority (after "://") can hold a user and password to leave out.
    def refuse(url: str):
        raise ValueError("no path")

    with pytest.raises(BadOptions) as exc:
        open_store("sqlite:games.db", {"sqlite": refuse})
    assert str(exc.value) == ("the store URL 'sqlite:games.db' is not valid: no path; sqlite "
                              "URLs look like sqlite:///path/to/games.sqlite")


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_an_event_number_taken_since_the_log_was_read_is_a_concurrency_error(
        kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    # The database itself refuses a second event at a number: whatever a write believed
    # the last event was, it cannot overwrite one, and nothing of it is stored.
    if kind == "sqlite":
        s: Any = SqliteStore(tmp_path / "s.sqlite")
    else:
        s = open_store(request.getfixturevalue("pg_url"), PLUGINS.stores)
    try:
        first = s.start_game(header("g1"), [[ev(1, None)], [ev(2)]], "t0", {"seq": 2})
        s._last = lambda db, game_id: (1, first[0].hash)  # a read from before event 2
        with pytest.raises(ConcurrencyError) as exc:
            s.append("g1", 1, [ev(3), ev(4)], status={"seq": 3})
        assert "another writer took that event number" in str(exc.value)
        del s._last
        assert (s.load("g1"), s.status("g1")) == (first, {"seq": 2})
    finally:
        s.close()


@pytest.mark.parametrize("missing", ["_put", "_get", "_keys", "_delete"])
def test_an_annotations_class_must_write_each_of_its_four_operations(missing: str) -> None:
    # A store plugin's annotations: one left out is refused when the class is used,
    # not when a review first reaches it.
    written = {name: (lambda self, *args: None) for name in ("_put", "_get", "_keys", "_delete")
               if name != missing}
    partial = type("Partial", (Annotations,), written)
    with pytest.raises(TypeError, match=missing):
        partial(MemoryStore())


STORE_OPERATIONS = ("create_game", "header", "game_ids", "last", "_append_records", "load",
                    "set_status", "status", "_create_with_records")


@pytest.mark.parametrize("missing", STORE_OPERATIONS)
def test_a_store_class_must_write_each_of_its_operations(missing: str) -> None:
    # A store plugin that leaves one out is refused when the class is used, not when a
    # game first reaches the missing operation.
    written = {name: (lambda self, *args, **kwargs: None) for name in STORE_OPERATIONS
               if name != missing}
    partial = type("Partial", (EventStore,), written)
    with pytest.raises(TypeError, match=missing):
        partial()
    complete = type("Complete", (EventStore,), {**written, missing: lambda self: None})
    assert isinstance(complete(), EventStore)
