"""`meeple log` shows each event's consequences, and `--json` its `changes`: summed over a
finished game's lines, vp gives each player's score as `meeple show --format json` has it.
Undone events change nothing."""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_meeple
from meeple.core.engine import Engine
from meeple.core.plugins import load

GAMES = sorted(load().games)


def _play_with_an_undone_ending(capsys, db: str, game: str) -> str:
    """A random game to its end, its last command undone, then played to the end again:
    the log holds a whole undone command (the final scoring, for most games)."""
    n = load().game(game).min_players
    players = ",".join(["random"] * n)
    code, _, err = run_meeple(capsys, "play", game, "--players", players, "--id", "g",
                              "--seed", "5", "-q", "--db", db)
    assert code == 0, err
    eng = Engine(db)
    last = eng.store.load("g")[-1].actor
    eng.undo("g", last, force=True)
    eng.close()
    code, _, err = run_meeple(capsys, "play", "g", "--resume", "--players", players,
                              "--seed", "6", "-q", "--db", db)
    assert code == 0, err
    return "g"


def _vp_sums(lines: list[dict]) -> dict[str, float]:
    sums: dict[str, float] = {}
    for ln in lines:
        for player, counters in ln["changes"].items():
            sums[player] = sums.get(player, 0.0) + counters.get("vp", 0)
    return sums


@pytest.mark.parametrize("game", GAMES)
def test_vp_over_the_log_gives_the_final_scores(capsys, tmp_path, game):
    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    gid = _play_with_an_undone_ending(capsys, db, game)
    code, out, err = run_meeple(capsys, "log", gid, "--json", "--db", db)
    assert code == 0, err
    lines = orjson.loads(out)
    assert all(isinstance(ln["changes"], dict) for ln in lines)
    assert any(ln["undone"] for ln in lines)
    assert all(ln["changes"] == {} for ln in lines if ln["undone"])
    code, out, err = run_meeple(capsys, "show", gid, "--format", "json", "--db", db)
    scores = orjson.loads(out)["scores"]
    sums = _vp_sums(lines)
    agrees = {p: sums.get(p, 0.0) for p in scores} == pytest.approx(scores)
    assert agrees, f"vp over the log {sums} != scores {scores}"


def test_connect_four_log_shows_the_win_and_its_vp(capsys, tmp_path):
    db = f"sqlite:///{tmp_path / 'c4.sqlite'}"
    run_meeple(capsys, "new", "connect-four", "--players", "ann,bob", "--id", "c", "--db", db)
    for player, col in [("ann", 1), ("bob", 7)] * 3 + [("ann", 1)]:
        code, _, err = run_meeple(capsys, "move", "c", str(col), "--as", player, "--db", db)
        assert code == 0, err
    code, out, _ = run_meeple(capsys, "log", "c", "--db", db)
    last = [ln for ln in out.splitlines() if ln.strip()][-1]
    assert "ann (X) wins with four in column 1, rows 1-4" in last
    assert "(ann +1 vp)" in last
    code, out, _ = run_meeple(capsys, "log", "c", "--json", "--db", db)
    lines = orjson.loads(out)
    assert lines[-1]["type"] == "connect-four.won"
    assert lines[-1]["changes"] == {"ann": {"vp": 1.0}}
    assert all(ln["changes"] == {} for ln in lines[:-1])


def test_log_lines_render_changes_compactly():
    from meeple.core.facts import render_changes
    assert render_changes({"ann": {"coins": -2, "vp": 3}, "bob": {"vp": 0.5, "pw": 0}}) == \
        "ann +3 vp, -2 coins; bob +0.5 vp"
    assert render_changes({"ann": {"vp": 0}}) == ""
