"""The `meeple` command: every command's happy path and its bad inputs. Bad input must
print one clear line, exit with code 2, and leave the store exactly as it was."""

from __future__ import annotations

import sqlite3

import orjson
import pytest
from cli_runner import run_meeple


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "cli.sqlite"
    monkeypatch.setenv("MEEPLE_DB", str(path))
    return path


run = run_meeple


def dump(db_path):
    if not db_path.exists():
        return None
    con = sqlite3.connect(db_path)
    try:
        return (con.execute("SELECT * FROM games ORDER BY game_id").fetchall(),
                con.execute("SELECT * FROM events ORDER BY game_id, seq").fetchall())
    finally:
        con.close()


def new_game(capsys, gid="g1"):
    code, out, _ = run(capsys, "new", "connect-four", "--players", "ann,bob", "--seed", "3",
                       "--id", gid)
    assert code == 0 and out.strip() == gid
    return gid


def test_games_plugins_and_agents_list_what_is_installed(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    names = [g["name"] for g in orjson.loads(out)]
    assert "connect-four" in names
    code, out, _ = run(capsys, "plugins", "--json")
    rows = {p["name"]: p for p in orjson.loads(out)}
    assert rows["connect_four"]["hooks"] == ["meeple_games"]
    assert rows["stores"]["distribution"] == "meeple"
    code, out, _ = run(capsys, "agents", "--json")
    assert code == 0 and "human" in orjson.loads(out)


def test_a_game_played_by_commands(capsys, db):
    gid = new_game(capsys)
    for player, col in [("ann", "4"), ("bob", "5"), ("ann", "4")]:
        code, out, err = run(capsys, "move", gid, col, "--as", player)
        assert code == 0, err
    code, out, _ = run(capsys, "show", gid, "--format", "json")
    shown = orjson.loads(out)
    assert shown["to_act"] == ["bob"] and shown["finished"] is False and shown["seq"] == 4
    code, out, _ = run(capsys, "show", gid)
    assert "X" in out and "bob to move" in out
    code, out, _ = run(capsys, "show", gid, "--format", "svg", "--at", "2")
    assert out.startswith("<svg")
    code, out, _ = run(capsys, "log", gid, "--json")
    assert [ln["command"] for ln in orjson.loads(out)][1:] == ["4", "5", "4"]
    code, out, _ = run(capsys, "list", "--json")
    assert orjson.loads(out)[0]["status"] == "running"
    code, out, _ = run(capsys, "replay", gid, "--to", "2")
    assert "replayed 2 events" in out
    code, out, _ = run(capsys, "verify", gid)
    assert code == 0 and "ok" in out


def test_finished_game_shows_its_scores(capsys, db):
    gid = new_game(capsys)
    for i, col in enumerate("1212121"):
        run(capsys, "move", gid, col, "--as", ["ann", "bob"][i % 2])
    code, out, _ = run(capsys, "show", gid, "--format", "json")
    shown = orjson.loads(out)
    assert shown["finished"] and shown["scores"] == {"ann": 1.0, "bob": 0.0}
    code, out, err = run(capsys, "move", gid, "3", "--as", "bob")
    assert code == 2 and "game is over" in err


def test_undo_redo_fork_export_import(capsys, db, tmp_path):
    gid = new_game(capsys)
    run(capsys, "move", gid, "4", "--as", "ann")
    run(capsys, "move", gid, "4", "--as", "bob")
    code, out, err = run(capsys, "undo", gid, "--as", "bob")
    assert code == 0 and "to act: bob" in out
    code, out, err = run(capsys, "redo", gid, "--as", "bob")
    assert code == 0
    code, out, _ = run(capsys, "fork", gid, "--at", "2", "--id", "f1")
    assert out.strip() == "f1"
    code, out, _ = run(capsys, "show", "f1", "--format", "json")
    assert orjson.loads(out)["to_act"] == ["bob"]
    export_file = tmp_path / "g1.jsonl"
    code, _, _ = run(capsys, "export", gid, "-o", str(export_file))
    assert code == 0
    code, out, err = run(capsys, "import", str(export_file), "--id", "copy")
    assert code == 0 and out.strip() == "copy", err
    code, out, _ = run(capsys, "verify", "--all", "--json")
    assert code == 0 and all(r["ok"] for r in orjson.loads(out))


def test_verify_fails_with_exit_1_and_names_the_event(capsys, db):
    gid = new_game(capsys)
    run(capsys, "move", gid, "4", "--as", "ann")
    con = sqlite3.connect(db)
    con.execute("UPDATE events SET actor='bob' WHERE seq=2")
    con.commit()
    con.close()
    code, out, _ = run(capsys, "verify", gid)
    assert code == 1 and "event 2" in out


BAD = [
    (["new", "chess", "--players", "a,b"], "no game named 'chess'; installed games:"),
    (["new", "connect-four", "--players", "a"], "takes 2 to 2 players, not 1"),
    (["new", "connect-four", "--players", "a,,b"], "no empty entries"),
    (["new", "connect-four", "--players", "a,b", "-o", "speed=3"], "has no option 'speed'"),
    (["new", "connect-four", "--players", "a,b", "--id", "no spaces"], "not allowed"),
    (["new", "connect-four", "--players", "a,b", "--id", "g1"], "exists already"),
    (["move", "g1", "8", "--as", "ann"], "8' is not a column: type a number from 1 to 7"),
    (["move", "g1", "drop it", "--as", "ann"], "type a number from 1 to 7"),
    (["move", "g1", "4", "--as", "bob"], "not bob's turn"),
    (["move", "g1", "4", "--as", "zoe"], "'zoe' does not play in g1"),
    (["move", "nope", "4", "--as", "ann"], "no game with id 'nope'"),
    (["show", "g1", "--format", "png"], "text, svg or json"),
    (["show", "g1", "--as", "zoe"], "'zoe' does not play"),
    (["log", "nope"], "no game with id 'nope'"),
    (["replay", "g1", "--to", "99"], "from 1 to 1"),
    (["undo", "g1", "--as", "ann"], "nothing to undo"),
    (["redo", "g1", "--as", "ann"], "nothing to redo"),
    (["fork", "g1", "--at", "7"], "from 1 to 1"),
    (["verify"], "give a game id or --all"),
    (["import", "/nonexistent/file.jsonl"], "cannot read"),
    (["play", "connect-four", "--players", "random,nobody"], "no agent named 'nobody'"),
    (["play", "connect-four", "--players", "random"], "takes 2 to 2 players, not 1"),
    (["play", "connect-four", "--players", "random,random", "--names", "a"],
     "2 agent specs for 1 player names"),
    (["play", "connect-four", "--players", "random,mcts:sims"], "key=value"),
    (["play", "connect-four", "--players", "random,random", "--bogus"],
     "No such option: --bogus (see `meeple play --help`)"),
    (["show"], "Missing argument"),
    (["nosuchcommand"], "No such command"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_clear_line_exit_2_and_changes_nothing(capsys, db, args, message):
    new_game(capsys)
    before = dump(db)
    code, out, err = run(capsys, *args)
    assert code == 2, (out, err)
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert dump(db) == before


def test_corrupt_import_names_the_line_and_stores_nothing(capsys, db, tmp_path):
    gid = new_game(capsys)
    run(capsys, "move", gid, "4", "--as", "ann")
    good = tmp_path / "good.jsonl"
    run(capsys, "export", gid, "-o", str(good))
    lines = good.read_bytes().splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\n".join([lines[0], lines[1], b'{"seq": "x"}']) + b"\n")
    before = dump(db)
    code, _, err = run(capsys, "import", str(bad), "--id", "other")
    assert code == 2 and "line 3" in err
    assert dump(db) == before
    code, _, err = run(capsys, "import", str(good), "--format", "nosuch")
    assert code == 2 and "no importer named 'nosuch'" in err


def test_help_exists_for_every_command(capsys):
    from meeple.cli.app import app

    names = {cmd.name or cmd.callback.__name__ for cmd in app.registered_commands}
    assert {"games", "plugins", "new", "play", "move", "show", "log", "verify"} <= names
    for cmd in app.registered_commands:
        name = cmd.name or cmd.callback.__name__
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and "Usage" in out, name
        assert cmd.callback.__doc__, f"{name} has no help text"


def test_meeple_load_plugins_limits_what_loads(monkeypatch):
    from meeple.core import plugins as plugin_mod

    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "nothing_by_this_name")
    loaded = plugin_mod.load()
    assert loaded.games == {}
    assert "memory" in loaded.stores  # the engine's own plugins always load
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four")
    assert list(plugin_mod.load().games) == ["connect-four"]


def test_play_runs_an_ai_match_to_the_end_and_stores_it(capsys, db):
    code, out, err = run(capsys, "play", "connect-four", "--players",
                         "mcts:sims=20,c=2,heuristic", "--seed", "5", "--id", "m1", "--quiet")
    assert code == 0, err
    code, out, _ = run(capsys, "show", "m1", "--format", "json")
    shown = orjson.loads(out)
    assert shown["finished"] and sum(shown["scores"].values()) == 1.0
    code, out, _ = run(capsys, "verify", "m1")
    assert code == 0


def test_a_person_plays_through_the_prompt_and_can_resume(capsys, db, monkeypatch):
    from rich.console import Console

    answers = iter(["9", "4"])  # the first is refused with a reason, the second taken

    def fake_input(self, prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(Console, "input", fake_input)
    code, out, err = run(capsys, "play", "connect-four", "--players", "human,random",
                         "--id", "h1", "--seed", "2")
    # Ctrl-D stops as `quit` does: the game stored, the command that resumes it printed
    assert code == 0 and "To play on, type:" in out
    assert "meeple play h1 --resume --players human,random" in out
    assert "type a number from 1 to 7" in out
    code, out, _ = run(capsys, "show", "h1", "--format", "json")
    shown = orjson.loads(out)
    assert shown["seq"] == 3 and shown["to_act"] == ["red"]  # our 4, then random's reply
    code, out, err = run(capsys, "play", "h1", "--resume", "--players", "random,random",
                         "--quiet")
    assert code == 0, err
    code, out, _ = run(capsys, "show", "h1", "--format", "json")
    assert orjson.loads(out)["finished"]


def test_verify_and_replay_count_one_event_in_the_singular(capsys, db):
    gid = new_game(capsys)
    code, out, _ = run(capsys, "verify", gid)
    assert code == 0 and f"{gid}: 1 event" in out and "1 events" not in out
    code, out, _ = run(capsys, "replay", gid, "--to", "1")
    assert code == 0 and f"{gid}: replayed 1 event\n" in out
    run(capsys, "move", gid, "4", "--as", "ann")
    code, out, _ = run(capsys, "verify", gid)
    assert f"{gid}: 2 events" in out
