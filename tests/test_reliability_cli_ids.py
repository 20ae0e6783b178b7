"""Game ids, store URLs, numbers and agents that no store or agent can take, on every
command: each is one line on stderr, exit code 2, and nothing stored (SQLite, JSON Lines
and PostgreSQL). Then a fuzz run (hypothesis) over ids and store URLs for every command
path, and verify's own wording for ids and stored keys."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import orjson
import pytest
from cli_runner import run_meeple
from conftest import count, installed_games, play_random, postgres_url_or_skip
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core.engine import Engine
from meeple.core.plugins import load

PLUGINS = load()
GAMES = installed_games()
NOT_UTF8 = "\udcff"  # how Python hands over the byte 0xff of a command-line argument


def snapshot(url: str) -> dict[str, Any]:
    """Every stored game: its header and log, to compare before and after."""
    eng = Engine(url, PLUGINS)
    try:
        return {gid: (eng.store.header(gid).to_json(), [r.hash for r in eng.store.load(gid)])
                for gid in eng.store.game_ids()}
    finally:
        eng.close()


def one_line_refusal(capsys: Any, *args: str, db: str, message: str | None = None) -> str:
    code, out, err = run_meeple(capsys, *args, "--db", db)
    assert code == 2, (args[:4], code, out[-300:], err[-300:])
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("error: "), err
    if message:
        assert message in err, err
    count("cli.ids_refused")
    return err


def commands_with(gid: str, export_file: Path) -> list[tuple[str, ...]]:
    """Every command path that takes a game id, given ``gid``; ``c4`` is a stored game."""
    return [
        ("show", gid), ("log", gid), ("replay", gid), ("export", gid), ("verify", gid),
        ("move", gid, "1", "--as", "red"), ("undo", gid, "--as", "red"),
        ("redo", gid, "--as", "red"), ("fork", gid, "--at", "1"),
        ("fork", "c4", "--at", "1", "--id", gid),
        ("new", "connect-four", "--players", "red,yellow", "--id", gid),
        ("play", "connect-four", "--players", "random,random", "--id", gid, "-q"),
        ("import", str(export_file), "--id", gid),
        ("show", "c4", "--as", gid), ("move", "c4", "1", "--as", gid),
    ]


@pytest.fixture(params=["sqlite", "jsonl", "postgresql"])
def db(request: Any, tmp_path: Path) -> str:
    """A store of the kind asked for holding connect four ``c4`` (running) and its export."""
    if request.param == "postgresql":
        postgres_url_or_skip()
        url = request.getfixturevalue("pg_url")
    elif request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    else:
        url = f"jsonl:///{tmp_path / 'games'}"
    eng = Engine(url, PLUGINS)
    gid = eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="c4")
    eng.move(gid, "4", "red")
    (tmp_path / "c4.jsonl").write_bytes(eng.export(gid))
    eng.close()
    return url


def test_a_game_id_that_is_not_utf8_is_one_line_on_every_command(capsys, db, tmp_path) -> None:
    before = snapshot(db)
    for args in commands_with(f"c{NOT_UTF8}", tmp_path / "c4.jsonl"):
        err = one_line_refusal(capsys, *args, db=db, message="is not UTF-8 text")
        assert "'c\\xff'" in err, err
    assert snapshot(db) == before


def test_path_like_and_huge_ids_are_one_line_on_every_command(capsys, db, tmp_path) -> None:
    before = snapshot(db)
    for gid in ("../c4", "a/b", "/etc/passwd", "x" * 5000, " ", "c4\n"):
        for args in commands_with(gid, tmp_path / "c4.jsonl"):
            code, out, err = run_meeple(capsys, *args, "--db", db)
            assert code == 2 and len(err.strip().splitlines()) == 1, (gid[:20], args, out, err)
            assert "Traceback" not in err
    assert snapshot(db) == before


BAD_URLS = ["postgresql://x:secret@[::1", "postgresql://postgres@127.0.0.1:99999/meeple",
            "postgres://u@[fe80::1/db", "postgresql://u@host:-1/db",
            f"postgresql://u@h/{NOT_UTF8}", f"sqlite:///tmp/{NOT_UTF8}.sqlite"]


def test_bad_store_urls_are_one_line_on_every_command(capsys, tmp_path) -> None:
    export = tmp_path / "c4.jsonl"
    eng = Engine(f"sqlite:///{tmp_path / 'src.sqlite'}", PLUGINS)
    eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="c4")
    export.write_bytes(eng.export("c4"))
    paths = [*commands_with("c4", export), ("list",), ("verify", "--all")]
    for url in BAD_URLS:
        for args in paths:
            err = one_line_refusal(capsys, *args, db=url)
            assert "secret" not in err, err  # a password in a URL is not echoed
        if NOT_UTF8 not in url:
            assert "is not valid" in err, err


def test_a_fork_point_beyond_any_store_number_is_refused(capsys, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    eng = Engine(db, PLUGINS)
    eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="c1")
    eng.move("c1", "4", "red")
    before = snapshot(db)
    for at in ("9223372036854775808", "9223372036854775807", "-9223372036854775809", "0", "3"):
        one_line_refusal(capsys, "fork", "c1", "--at", at, db=db,
                         message="--at must be a sequence number from 1 to 2")
    assert snapshot(db) == before


@pytest.mark.parametrize("backend", ["sqlite", "jsonl", "postgresql"])
@pytest.mark.parametrize("name", GAMES)
def test_an_export_cut_inside_its_trailer_is_refused(capsys, tmp_path, request, name,
                                                     backend) -> None:
    src = Engine(f"sqlite:///{tmp_path / 'src.sqlite'}", PLUGINS)
    play_random(src, name, seed=2, commands=3000, game_id="g")
    data = src.export("g")
    trailer = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
    assert trailer.startswith(b'{"trailer"')
    db = {"sqlite": f"sqlite:///{tmp_path / 'db.sqlite'}",
          "jsonl": f"jsonl:///{tmp_path / 'games'}"}.get(backend)
    db = db or request.getfixturevalue("pg_url")
    Engine(db, PLUGINS).close()
    before = snapshot(db)
    for keep in (1, 12, len(trailer) // 2, len(trailer) - 1):
        f = tmp_path / f"cut{keep}.jsonl"
        f.write_bytes(data[:len(data) - len(trailer) - 1 + keep])
        one_line_refusal(capsys, "import", str(f), db=db, message="trailer")
    assert snapshot(db) == before


def test_an_agent_that_cannot_play_fails_before_the_game_is_created(capsys, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    Engine(db, PLUGINS).close()
    cases = [
        (("--players", "openspiel-mcts:sims=1,random"), "must be 2 or more"),
        (("--players", "openspiel-mcts,random", "--names", "ann,bob"),
         "only with the default seat names (red, yellow)"),
        (("--players", "random,openspiel-mcts", "--names", "yellow,red"),
         "only with the default seat names"),
    ]
    for args, words in cases:
        one_line_refusal(capsys, "play", "connect-four", *args, "--seed", "1", db=db,
                         message=words)
        assert snapshot(db) == {}  # no game, not even its setup


def test_the_openspiel_agent_still_plays_at_the_default_seats(capsys, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    code, out, err = run_meeple(capsys, "play", "connect-four", "--players",
                                "openspiel-mcts:sims=2,random", "--seed", "3", "--id", "m",
                                "-q", "--db", db)
    assert code == 0, err
    assert Engine(db, PLUGINS).verify("m").ok


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_refuses_a_seats_file_it_cannot_keep(capsys, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    for seats, words in (("/proc/nope/x", "cannot keep the seat keys in /proc/nope/x"),
                         (str(tmp_path), "is a folder")):
        one_line_refusal(capsys, "serve", "--seats", seats, "--port", str(_free_port()),
                         db=db, message=words)


# -- verify's wording ------------------------------------------------------------------------


def test_verify_of_an_id_no_game_can_have_is_one_line_not_damaged(capsys, tmp_path) -> None:
    db = f"jsonl:///{tmp_path / 'games'}"
    Engine(db, PLUGINS).new_game("connect-four", ["red", "yellow"], seed=1, game_id="c4")
    for gid in ("../c4", "a/b", f"c{NOT_UTF8}"):
        err = one_line_refusal(capsys, "verify", gid, db=db)
        assert "damaged" not in err and "FAIL" not in err, err


def test_verify_all_names_a_game_by_its_stored_key(capsys, tmp_path) -> None:
    root = tmp_path / "games"
    db = f"jsonl:///{root}"
    eng = Engine(db, PLUGINS)
    for gid in ("a1", "b1"):
        eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id=gid)
    eng.close()
    (root / "b1.jsonl").rename(root / "z9.jsonl")  # filed under another key than its id
    for status in root.glob(".b1.*"):
        status.rename(root / status.name.replace("b1", "z9"))
    code, out, err = run_meeple(capsys, "verify", "--all", "--json", "--db", db)
    reports = {r["game_id"]: r for r in orjson.loads(out)}
    assert set(reports) == {"a1", "z9"}, reports
    assert reports["a1"]["ok"] and not reports["z9"]["ok"]
    assert reports["z9"]["header_id"] == "b1"
    assert reports["z9"]["problem"] == ("header field 'game_id' names 'b1', but the store files "
                                        "this game under 'z9'")
    code, out, err = run_meeple(capsys, "verify", "--all", "--db", db)
    assert code == 1 and "FAIL z9: header field 'game_id' names 'b1'" in out, out
    # A file named so that no game id fits: that entry fails, the others are verified.
    (root / "a1.jsonl").rename(root / "a 1.jsonl")
    code, out, err = run_meeple(capsys, "verify", "--all", "--json", "--db", db)
    reports = {r["game_id"]: r for r in orjson.loads(out)}
    assert code == 1 and set(reports) == {"a 1", "z9"}, (out, err)
    assert reports["a 1"]["problem"].startswith("the store lists it, but: game id 'a 1' is not")


# -- fuzz --------------------------------------------------------------------------------------

ids = st.one_of(
    st.binary(min_size=1, max_size=12).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.lists(st.sampled_from(["..", ".", "a", "/", "\\", "c4", "~", "%2e"]), min_size=1,
             max_size=6).map("".join),
    st.integers(101, 20000).map(lambda n: "g" * n),
    st.text(max_size=20),
)
urls = st.one_of(
    st.builds(lambda host, port: f"postgresql://u:pw@{host}:{port}/db",
              st.sampled_from(["[::1", "[", "]", "h]", "[fe80::1%", "x y"]),
              st.integers(-5, 200000)),
    st.builds(lambda scheme, rest: f"{scheme}://{rest}",
              st.sampled_from(["postgresql", "postgres", "sqlite", "jsonl", "nope"]),
              st.binary(max_size=10).map(lambda b: b.decode("utf-8", "surrogateescape"))),
)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(gid=ids)
def test_fuzzed_ids_on_every_command_are_refused_or_not_found(capsys, tmp_path, gid) -> None:
    db = f"sqlite:///{tmp_path / 'fuzz.sqlite'}"
    eng = Engine(db, PLUGINS)
    if "c4" not in eng.store.game_ids():
        eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="c4")
        (tmp_path / "c4.jsonl").write_bytes(eng.export("c4"))
    eng.close()
    for args in commands_with(gid, tmp_path / "c4.jsonl"):
        before = snapshot(db)
        code, out, err = run_meeple(capsys, *args, "--db", db)
        assert "Traceback" not in err and code in (0, 1, 2), (args, code, err)
        if code == 2:
            assert len(err.strip().splitlines()) == 1, err
            assert snapshot(db) == before, args
        count("cli.fuzzed_ids")
    # a game the fuzz made is removed by making a fresh file next time
    (tmp_path / "fuzz.sqlite").unlink()


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(url=urls)
def test_fuzzed_store_urls_on_every_command_are_one_line(capsys, tmp_path, url) -> None:
    if url.startswith(("sqlite://", "jsonl://")) and NOT_UTF8 not in url:
        url = url.replace("://", ":///" + str(tmp_path) + "/", 1)  # never outside tmp_path
    export = tmp_path / "c4.jsonl"
    if not export.exists():
        eng = Engine(f"sqlite:///{tmp_path / 'src.sqlite'}", PLUGINS)
        eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="c4")
        export.write_bytes(eng.export("c4"))
        eng.close()
    for args in [*commands_with("c4", export), ("list",), ("verify", "--all")]:
        code, out, err = run_meeple(capsys, *args, "--db", url)
        assert "Traceback" not in err and code in (0, 1, 2), (url, args, code, err)
        if code == 2:
            assert len(err.strip().splitlines()) == 1, (url, args, err)
            assert "pw@" not in err, err
        count("cli.fuzzed_store_urls")


def test_a_finished_game_without_its_seed_is_unverifiable_draws(capsys, tmp_path) -> None:
    """Not "draws wait for the seed": a finished game's seed is disclosed, so one without
    it is a finding, exit 1. A running game's sealed export still just counts its draws."""
    db = f"sqlite:///{tmp_path / 'db.sqlite'}"
    eng = Engine(db, PLUGINS)
    play_random(eng, "utopia", seed=4, commands=3000, game_id="u")
    assert eng.table("u").outcome() is not None
    header, records = eng.store.header("u"), eng.store.load("u")
    other = Engine(f"sqlite:///{tmp_path / 'other.sqlite'}", PLUGINS)
    other.store.import_game(header.sealed(), records)  # same hash: the seed is outside it
    code, out, _ = run_meeple(capsys, "verify", "u", "--db",
                              f"sqlite:///{tmp_path / 'other.sqlite'}")
    assert code == 1 and "unverifiable draws: the game is over, but header field 'seed'" in out
    assert "wait for the seed" not in out, out
    play_random(eng, "utopia", seed=4, commands=6, game_id="r")
    running = Engine(f"sqlite:///{tmp_path / 'running.sqlite'}", PLUGINS)
    running.store.import_game(eng.store.header("r").sealed(), eng.store.load("r"))
    code, out, _ = run_meeple(capsys, "verify", "r", "--db",
                              f"sqlite:///{tmp_path / 'running.sqlite'}")
    assert code == 0 and "draws wait for the seed" in out, out


def test_a_browser_game_with_an_agent_that_cannot_play_is_not_created(tmp_path) -> None:
    from meeple.core import BadOptions
    from meeple.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}",
                     seats_path=str(tmp_path / "seats.sqlite"), ai=False)
    service = app.state.service
    with pytest.raises(BadOptions, match="bot: agent 'openspiel-mcts' plays connect-four only"):
        service.create("connect-four", [("ann", "human"), ("bot", "openspiel-mcts")], {}, 1)
    assert service.engine.store.game_ids() == []
