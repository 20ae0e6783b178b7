"""Outcomes shown by `meeple list` and tournament standings come from the hash-chained log
(whose events record the result), never from the editable status cache; verify compares
that cache with the log."""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_meeple
from meeple.ai.tournament import plan, run_tournament
from meeple.core.engine import Engine

#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


def finished_game(db: str) -> Engine:
    eng = Engine(db)
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="c4")
    for i, col in enumerate("1717171"):  # ann wins
        eng.move("c4", col, "ann" if i % 2 == 0 else "bob")
    return eng


def forge_winner(eng: Engine, game_id: str, winner: str, loser: str) -> None:
    """Edit only the status cache: what someone with write access to the store can do."""
    status = eng.store.status(game_id)
    status["outcome"] = {"scores": {winner: 1.0, loser: 0.0}, "ranks": {winner: 1, loser: 2},
                         "winners": [winner], "detail": {"result": f"{winner} wins"}}
    eng.store.set_status(game_id, status)


def test_an_edited_status_cache_fails_verify_and_list_shows_the_log(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    eng = finished_game(db)
    assert eng.verify("c4").ok
    forge_winner(eng, "c4", "bob", "ann")
    report = eng.verify("c4")
    assert not report.ok and report.first_bad_seq == 9
    assert "the status cache does not match the log" in report.problem
    assert "'winners': ['bob']" in report.problem and "'winners': ['ann']" in report.problem
    code, out, _ = run_meeple(capsys, "verify", "c4", "--db", db)
    assert code == 1 and "status cache" in out
    code, out, _ = run_meeple(capsys, "list", "--json", "--db", db)
    (row,) = orjson.loads(out)
    assert row["outcome"]["winners"] == ["ann"] and row["outcome"]["scores"]["ann"] == 1.0
    code, out, _ = run_meeple(capsys, "list", "--db", db)
    assert "won by ann" in out and "bob" not in out.split("won by")[1].split("\n")[0]


def test_a_cache_claiming_a_running_game_is_over_is_caught(tmp_path):
    eng = Engine(f"sqlite:///{tmp_path / 'g.sqlite'}")
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="c4")
    eng.move("c4", "4", "ann")
    forge_winner(eng, "c4", "ann", "bob")
    eng.store.set_status("c4", {**eng.store.status("c4"), "status": "finished"})
    report = eng.verify("c4")
    assert not report.ok and "status cache" in report.problem
    assert eng.list_games()[0]["status"] == "running"
    assert eng.list_games()[0]["to_act"] == ["bob"]


def test_a_stale_cache_is_no_finding(tmp_path):
    """A status write can fail after the records are safe (JSON Lines): behind is fine."""
    eng = Engine(f"sqlite:///{tmp_path / 'g.sqlite'}")
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="c4")
    eng.move("c4", "4", "ann")
    stale = eng.store.status("c4")
    eng.move("c4", "4", "bob")
    eng.store.set_status("c4", stale)
    assert eng.verify("c4").ok


def test_standings_do_not_change_when_only_the_cache_is_edited(tmp_path):
    url = f"sqlite:///{tmp_path / 't.sqlite'}"
    specs = ["random", "mcts:sims=20"]
    units = plan("connect-four", specs, 4, 3, url)
    first = run_tournament(units, specs, 3)
    engine = Engine(url)
    for m in first.matches:  # every game's cache now says the other seat won
        out = engine.outcome(m.game_id)
        winner = max(m.seats, key=lambda s: out.scores[s])
        loser = next(s for s in m.seats if s != winner)
        forge_winner(engine, m.game_id, loser, winner)
        assert not engine.verify(m.game_id).ok
    again = run_tournament(units, specs, 3)
    assert all(m.resumed for m in again.matches)
    assert [m.scores for m in again.matches] == [m.scores for m in first.matches]
    assert [s.to_json() for s in again.standings] == [s.to_json() for s in first.standings]


def test_list_shows_a_damaged_log_as_damaged_and_goes_on(capsys, tmp_path):
    import sqlite3

    path = tmp_path / "g.sqlite"
    eng = finished_game(f"sqlite:///{path}")
    eng.new_game("connect-four", ["ann", "bob"], seed=2, game_id="other")
    eng.close()
    with sqlite3.connect(path) as con:
        con.execute("UPDATE events SET data = ? WHERE game_id = 'c4' AND seq = 3",
                    (b'{"column": "x"}',))
    code, out, err = run_meeple(capsys, "list", "--json", "--db", f"sqlite:///{path}")
    assert code == 1 and not err, err  # 1: listed, and something is damaged
    rows = {r["game_id"]: r for r in orjson.loads(out)}
    assert rows["c4"]["status"] == "damaged" and "meeple verify c4" in rows["c4"]["problem"]
    assert rows["other"]["status"] == "running"
    code, out, err = run_meeple(capsys, "list", "--db", f"sqlite:///{path}")
    assert code == 1 and "damaged c4: " in out and "Traceback" not in err
