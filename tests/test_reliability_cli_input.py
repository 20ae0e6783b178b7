"""Bad input at the command line: every case known, and a fuzz run
over every command that takes user text, for every game. Each refusal is one line on
stderr, exit code 2, and the store exactly as it was; never a traceback."""

from __future__ import annotations

import sqlite3
from typing import Any

import orjson
import pytest
from cli_runner import run_meeple
from conftest import count, installed_games, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core import BadOptions, IllegalCommand
from meeple.core.engine import Engine
from meeple.core.events import event
from meeple.core.game import Game
from meeple.core.hookspecs import hookimpl
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore

GAMES = installed_games()


def dump(path) -> Any:
    con = sqlite3.connect(path)
    try:
        return (con.execute("SELECT * FROM games ORDER BY game_id").fetchall(),
                con.execute("SELECT * FROM events ORDER BY game_id, seq").fetchall())
    finally:
        con.close()


def refused(capsys, db, *args: str, message: str | None = None) -> str:
    before = dump(db)
    code, out, err = run_meeple(capsys, *args, "--db", str(db))
    assert code == 2, (args[:3], code, out[-300:], err[-300:])
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    if message:
        assert message in err, err
    assert dump(db) == before
    count("cli.bad_inputs_refused")
    return err


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Any:
    path = tmp_path_factory.mktemp("bad") / "bad.sqlite"
    eng = Engine(SqliteStore(path))
    for name in GAMES:
        play_random(eng, name, seed=3, commands=3, game_id=name)
    eng.close()
    return path


HUGE = "9" * 4400


@pytest.mark.parametrize("name", GAMES)
def test_odd_digits_and_huge_numbers_in_a_move(capsys, store, name: str) -> None:
    code, out, _ = run_meeple(capsys, "show", name, "--format", "json", "--db", str(store))
    acting = orjson.loads(out)["to_act"]
    assert acting
    texts = ["①", "¹", "٣", HUGE] if name == "connect-four" else [HUGE]
    for text in texts:
        for cmd in (text, f"dig {text}", f"pay {text}"):
            err = refused(capsys, store, "move", name, cmd, "--as", acting[0])
            if name == "connect-four":  # says what is allowed, not how the plugin failed
                assert "type a number from 1 to 7" in err, err
            assert "failed while" not in err, err  # no game fails on its own int()


def test_user_text_in_an_error_stays_one_line_and_is_not_markup(capsys, store) -> None:
    # A closing tag crashed rich ("[/x]" at position 35 doesn't match any open tag), an
    # opening one vanished from the message, and a record separator split it in two.
    for gid in ("[/x]", "[bold]x[/bold]", "a\x1eb", "a\u2028b", "a\rb"):
        err = refused(capsys, store, "show", gid)
        assert "[/x]" in err if gid == "[/x]" else True
        assert "[bold]x[/bold]" in err if gid.startswith("[bold]") else True
    err = refused(capsys, store, "export", "connect-four", "-o", "/nonexistent\x1e/x")
    assert "/nonexistent\\x1e/x" in err, err
    refused(capsys, store, "tournament", "connect-four", "-p", "random,[/x]", "-n", "2")


def test_a_tournament_id_rerun_with_other_agents_is_one_line(capsys, tmp_path) -> None:
    db = tmp_path / "t.sqlite"
    code, _, err = run_meeple(capsys, "tournament", "connect-four", "-p", "random,random",
                              "-n", "2", "--id", "T", "--db", str(db))
    assert code == 0, err
    err = refused(capsys, db, "tournament", "connect-four", "-p", "random,heuristic",
                  "-n", "2", "--id", "T", message="was played with other agents")
    assert err.startswith("error: tournament T ")  # no progress bar before it


def test_show_at_outside_the_log(capsys, store) -> None:
    for name in GAMES:
        for at in ("0", "-1", HUGE):
            refused(capsys, store, "show", name, "--at", at,
                    "--format", "json" if at == "-1" else "text")


def test_export_to_a_missing_folder_or_onto_a_folder(capsys, store, tmp_path) -> None:
    refused(capsys, store, "export", "connect-four", "-o", "/nonexistent/x",
            message="cannot write /nonexistent/x")
    refused(capsys, store, "export", "connect-four", "-o", str(tmp_path), message="is a folder")


SNELLMAN = {
    "round-0": "Round 0 scoring: SCORE1\n",
    "infinity": '{"gamelog": [{"faction": "witches", "commands": "", '
                '"CULT": {"value": "0/0/0/0"}, "VP": {"value": Infinity}}]}',
    "deep": "[" * 200_000 + "]" * 200_000,
    "huge-option": "# witches=" + "9" * 5000 + "\n",
    "huge-dig": "".join(f"Round {r} scoring: SCORE{r}\n" for r in range(1, 7))
                + "witches income_for_faction\nnomads income_for_faction\n"
                + f"witches: dig {HUGE}\n",
}


@pytest.mark.parametrize("case", sorted(SNELLMAN))
def test_snellman_import_of_broken_records(capsys, store, tmp_path, case: str) -> None:
    if "terra-mystica" not in GAMES:
        pytest.skip("terra-mystica is not installed")
    f = tmp_path / f"{case}.txt"
    f.write_text(SNELLMAN[case])
    refused(capsys, store, "import", str(f), "--format", "snellman")


def test_truncated_and_header_only_exports_are_refused(capsys, store, tmp_path) -> None:
    code, out, err = run_meeple(capsys, "export", "connect-four", "--db", str(store))
    assert code == 0, err
    lines = out.encode().splitlines()
    for name, body in {"cut": lines[:-1], "header": lines[:1], "short": [*lines[:-2], lines[-1]]}.items():
        f = tmp_path / f"{name}.jsonl"
        f.write_bytes(b"\n".join(body) + b"\n")
        err = refused(capsys, store, "import", str(f), "--id", f"copy-{name}")
        assert "line" in err


# -- a plugin's own exceptions ------------------------------------------------------------------

@event("broken.started")
class Started:
    n: int


class Broken(Game):
    """A game whose plugin raises what plugins should not: every case must become one
    line naming the plugin."""

    name = "broken"

    def setup(self, players, options, rng):
        if options.get("fail"):
            raise ValueError("bad option value")
        return [Started(0)]

    events = (Started,)

    from meeple.core.game import Option

    options = (Option("fail", False, "raise in setup"),)

    def fold(self, state, ev):
        return {"n": ev.n}

    def to_act(self, state):
        return ["a"]

    def legal(self, state, player):
        return ["x"]

    def outcome(self, state):
        return None

    def parse(self, text, state=None, player=None):
        if text == "parse":
            raise KeyError("boom")
        return text

    def format(self, cmd, state=None):
        return cmd

    def decide(self, state, player, cmd, rng):
        return [Started(1 // 0)]


class BrokenPlugin:
    @hookimpl
    def meeple_games(self) -> list[Any]:
        return [Broken()]


def test_a_plugins_unexpected_exception_is_one_line_naming_it() -> None:
    eng = Engine(MemoryStore(), load(extra=[BrokenPlugin()]))
    with pytest.raises(BadOptions, match=r"broken plugin \(.*\) failed while setting up.*"
                                         r"ValueError: bad option value"):
        eng.new_game("broken", ["a", "b"], {"fail": "true"}, seed=1)
    assert eng.store.game_ids() == []
    gid = eng.new_game("broken", ["a", "b"], seed=1)
    n = eng.store.last(gid)[0]
    with pytest.raises(IllegalCommand, match="failed while reading the command 'parse'.*KeyError"):
        eng.move(gid, "parse", "a")
    with pytest.raises(IllegalCommand, match="failed while deciding.*ZeroDivisionError"):
        eng.move(gid, "go", "a")
    assert eng.store.last(gid)[0] == n


# -- fuzz: every command that takes user text, for every game -----------------------------------

TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=12)
NUMBER = st.one_of(st.integers(-10**6, 10**6).map(str), st.sampled_from(["0", "-1", HUGE, "1e3",
                                                                         "٣", "①", ""]), TEXT)


def _argv(game: str, kind: str, data: st.DataObject, tmp: str) -> list[str]:
    d = data.draw
    if kind == "move":
        return ["move", game, d(TEXT), "--as", d(st.sampled_from(["p1", "p2", d(TEXT)]))]
    if kind == "new":
        return ["new", game, "--players", d(TEXT), "-o", f"{d(TEXT)}={d(TEXT)}",
                "--id", d(st.sampled_from([game, "ok-id", d(TEXT)]))]
    if kind == "show":
        return ["show", game, "--at", d(NUMBER), "--as", d(st.sampled_from(["p1", d(TEXT)]))]
    if kind == "log":
        return ["log", game, "--as", d(TEXT)]
    if kind == "replay":
        return ["replay", game, "--to", d(NUMBER)]
    if kind == "undo":
        return ["undo", game, "--as", d(st.sampled_from(["p1", "p2", d(TEXT)])),
                "--agreed-by", d(TEXT)]
    if kind == "fork":
        return ["fork", game, "--at", d(NUMBER), "--id", d(TEXT)]
    if kind == "export":
        return ["export", game, "-o", f"{tmp}/{d(TEXT)}/x"]
    if kind == "redo":
        return ["redo", game, "--as", d(st.sampled_from(["p1", "p2", d(TEXT)]))]
    if kind == "rules":
        return ["rules", d(st.sampled_from([game, d(TEXT)])), d(TEXT)]
    if kind == "play":  # agent specs that are no agent (a valid one would play a whole game)
        return ["play", game, "--players", f"{d(TEXT)}:{d(TEXT)}={d(NUMBER)},random",
                "--id", d(TEXT)]
    if kind == "tournament":
        return ["tournament", game, "-p", f"random,{d(TEXT)}x:{d(TEXT)}", "-n", d(NUMBER),
                "--id", d(TEXT)]
    if kind == "import":
        path = f"{tmp}/import.txt"
        with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
            f.write(d(st.sampled_from(["", "{}", '{"header": 1}', d(TEXT)])))
        fmt = d(st.sampled_from([[], ["--format", "snellman"], ["--format", d(TEXT)]]))
        return ["import", path, *fmt, "--id", d(TEXT)]
    return ["verify", d(TEXT)]


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_every_command_that_takes_text(capsys, tmp_path, name: str) -> None:
    db = tmp_path / "fuzz.sqlite"
    eng = Engine(SqliteStore(db))
    play_random(eng, name, seed=5, commands=2, game_id=name)
    eng.close()
    kinds = ["move", "new", "show", "log", "replay", "undo", "redo", "fork", "export",
             "verify", "rules", "play", "tournament", "import"]

    @settings(max_examples=2, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(kind: str, data: st.DataObject) -> None:
        argv = _argv(name, kind, data, str(tmp_path))
        before = dump(db)
        code, out, err = run_meeple(capsys, *argv, "--db", str(db))
        count("cli.fuzzed_inputs")
        assert "Traceback" not in out + err
        if code == 0:
            return  # it happened to be valid (a legal move, a new game, a fork)
        assert code == 2, (argv, code, out, err)
        assert len(err.strip().splitlines()) == 1, (argv, err)
        assert dump(db) == before, argv

    for kind in kinds:  # each command its own examples
        check(kind)
    verify = Engine(SqliteStore(db))
    assert all(verify.verify(g).ok for g in verify.store.game_ids())


def test_player_names_that_look_like_markup_are_printed_as_given(capsys, tmp_path) -> None:
    """`new` takes any distinct names; every output prints them as text (a name "[/x]"
    made `list` and `log` end in a rich MarkupError traceback)."""
    db = str(tmp_path / "names.sqlite")
    names = "[/x],[bold]b"
    for argv in (["new", "connect-four", "-p", names, "--id", "mk"],
                 ["move", "mk", "4", "--as", "[/x]"], ["list"], ["log", "mk"], ["show", "mk"],
                 ["replay", "mk"], ["verify", "mk"], ["undo", "mk", "--as", "[/x]"],
                 ["play", "connect-four", "-p", "random,random", "--names", names, "-q"]):
        code, out, err = run_meeple(capsys, *argv, "--db", db)
        assert code == 0 and not err, (argv, code, err[-400:])
        if argv[0] in ("list", "log", "play"):
            assert "[/x]" in out and "[bold]b" in out, (argv, out)
