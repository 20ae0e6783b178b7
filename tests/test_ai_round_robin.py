"""Tournament shapes: a round robin when there are more entrants than seats, the fixed
format, a tournament id bound to its agents and options, and Ctrl-C."""

from __future__ import annotations

import collections
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runner import run_meeple
from meeple.ai.tournament import plan, run_tournament
from meeple.core import BadOptions, MeepleError
from meeple.core.engine import Engine
from meeple.core.plugins import load

#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


SPECS = ["mcts:sims=10", "heuristic", "random"]


def test_more_entrants_than_seats_is_a_round_robin_with_equal_games_per_pairing(url):
    units = plan("connect-four", SPECS, 12, 1, url)
    pairs = collections.Counter(frozenset(u.entrants) for u in units)
    assert pairs == {frozenset(p): 4 for p in itertools.combinations(SPECS, 2)}
    for entrant in SPECS:
        seats = collections.Counter(u.seats[u.entrants.index(entrant)]
                                    for u in units if entrant in u.entrants)
        assert seats == {"red": 4, "yellow": 4}  # every seat equally often
    assert len({u.seed for u in units}) == 12


def test_round_robin_needs_a_multiple_of_pairings_times_seats(url):
    with pytest.raises(BadOptions, match=r"multiple of 6 \(3 pairings x 2 seats\)"):
        plan("connect-four", SPECS, 8, 1, url)


def test_fixed_format_keeps_every_entrant_in_every_game(url):
    with pytest.raises(BadOptions, match="connect-four takes 2 to 2 players, not 3"):
        plan("connect-four", SPECS, 6, 1, url, fmt="fixed")
    fixed = plan("connect-four", SPECS[:2], 4, 1, url, fmt="fixed")
    auto = plan("connect-four", SPECS[:2], 4, 1, url)
    assert fixed == auto  # two entrants in a two-player game: today's ids and seats
    with pytest.raises(BadOptions, match="--format must be one of auto, fixed, round-robin"):
        plan("connect-four", SPECS, 6, 1, url, fmt="swiss")
    with pytest.raises(BadOptions, match="--seats must be from 2 to 2"):
        plan("connect-four", SPECS, 6, 1, url, seats=3)


def test_round_robin_standings_count_each_entrants_games(url):
    result = run_tournament(plan("connect-four", SPECS, 6, 3, url), SPECS, 3)
    games = {s.entrant: s.games for s in result.standings}
    assert games == {"mcts:sims=10": 4, "heuristic": 4, "random": 4}
    assert result.standings[-1].entrant == "random"
    eng = Engine(url, load())
    assert all(eng.verify(m.game_id).ok for m in result.matches)


def test_the_readme_example_runs(capsys, tmp_path):
    code, out, err = run_meeple(capsys, "tournament", "connect-four", "--players",
                                "mcts:sims=20,heuristic,random", "--games", "6", "--workers",
                                "2", "--db", str(tmp_path / "x.sqlite"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 6
    assert sorted(s["entrant"] for s in data["standings"]) == sorted(
        ["mcts:sims=20", "heuristic", "random"])


def test_a_tournament_id_belongs_to_its_agents_and_options(url):
    run_tournament(plan("connect-four", ["random", "heuristic"], 2, 1, url,
                        tournament_id="t1"), ["random", "heuristic"], 1)
    other = plan("connect-four", ["random", "mcts:sims=5"], 2, 1, url, tournament_id="t1")
    with pytest.raises(MeepleError, match="tournament t1 was played with other agents"):
        run_tournament(other, ["random", "mcts:sims=5"], 1)
    # Its stored games are untouched and still credited to the agents that played them.
    eng = Engine(url, load())
    assert "heuristic" in eng.store.header("t1-1").title


def test_cli_refuses_a_rerun_with_other_agents(capsys, tmp_path):
    db = str(tmp_path / "t.sqlite")
    args = ("tournament", "connect-four", "--games", "2", "--id", "same", "--db", db)
    code, _, err = run_meeple(capsys, *args, "-p", "random,heuristic")
    assert code == 0, err
    code, out, err = run_meeple(capsys, *args, "-p", "random,mcts:sims=5")
    assert code == 2 and out == ""
    assert "played with other agents" in err and "choose another --id" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (("--format", "ladder"), "--format must be one of"),
    (("--seats", "5"), "--seats must be from 2 to 2"),
    (("--executor", "slurm"), "--executor must be one of local, ray"),
    (("--ray-address", "127.0.0.1:1"), "--ray-address goes with --executor ray"),
    (("--games", "5"), "multiple of 6"),
])
def test_cli_tournament_shape_errors_are_one_line(capsys, tmp_path, args, message):
    code, out, err = run_meeple(capsys, "tournament", "connect-four", "-p",
                                "random,heuristic,mcts:sims=5", "--games", "6",
                                "--db", str(tmp_path / "e.sqlite"), *args)
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "e.sqlite").exists() or not Engine(
        f"sqlite:///{tmp_path / 'e.sqlite'}", load()).store.game_ids()


def _meeple_command(*args: str) -> list[str]:
    exe = Path(sys.executable).with_name("meeple")
    if exe.exists():
        return [str(exe), *args]
    return [sys.executable, "-c", "from meeple.cli.app import main; main()", *args]


def test_ctrl_c_stops_within_seconds_and_says_which_games_finished(tmp_path):
    db = tmp_path / "int.sqlite"
    cmd = _meeple_command("tournament", "connect-four", "-p", "mcts:sims=3000",
                          "-p", "mcts:sims=3000", "-n", "40", "-w", "2", "--db", str(db),
                          "--id", "ci")
    env = {**os.environ, "MEEPLE_LOAD_PLUGINS": "connect_four"}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            if db.exists() and _finished(db):
                break
        assert proc.poll() is None, proc.stderr.read().decode()
        # Ctrl-C at a terminal reaches the whole foreground group: the driver and workers.
        os.killpg(proc.pid, signal.SIGINT)
        sent = time.monotonic()
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    text = err.decode()
    assert proc.returncode == 130, text
    assert took < 8, f"Ctrl-C took {took:.1f} s"
    finished = _finished(db)
    assert f"interrupted: {len(finished)} of 40 games finished" in text, text
    assert "ci-" in text and "Traceback" not in text
    eng = Engine(f"sqlite:///{db}", load())
    assert all(eng.verify(g).ok for g in eng.store.game_ids())


def _finished(db: Path) -> list[str]:
    eng = Engine(f"sqlite:///{db}", load())
    try:
        return [g for g in eng.store.game_ids() if eng.outcome(g) is not None]
    finally:
        eng.close()
