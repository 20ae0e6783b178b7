"""Tournaments: seat rotation, stored and verifiable games, resuming, statistics, and the
``meeple tournament`` / ``meeple bench`` commands."""

from __future__ import annotations

import json

import pytest
from cli_runner import run_meeple
from meeple.ai.ratings import Ratings, wilson
from meeple.ai.tournament import (
    ProcessExecutor,
    default_id,
    entrant_labels,
    plan,
    run_tournament,
)
from meeple.cli.commands_ai import split_players
from meeple.core import BadOptions, UnknownName
from meeple.core.engine import Engine
from meeple.core.scheduler import run_match

#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


SPECS = ["random", "mcts:sims=20"]


def test_seats_rotate_so_every_agent_plays_every_seat_equally(url):
    units = plan("connect-four", ["random", "heuristic"], 6, 1, url)
    assert [u.entrants for u in units] == [("random", "heuristic"), ("heuristic", "random")] * 3
    assert [u.game_id for u in units][:2] == [f"{units[0].tournament}-1",
                                              f"{units[0].tournament}-2"]
    assert len({u.seed for u in units}) == 6
    assert units == plan("connect-four", ["random", "heuristic"], 6, 1, url)  # seeded


def test_planning_refuses_bad_input_before_playing(url):
    with pytest.raises(BadOptions, match="multiple of 2"):
        plan("connect-four", SPECS, 3, 1, url)
    with pytest.raises(BadOptions, match="at least 1"):
        plan("connect-four", SPECS, 0, 1, url)
    with pytest.raises(BadOptions, match="takes 2 to 2 players, not 3"):
        plan("connect-four", ["random"] * 3, 3, 1, url, fmt="fixed")
    with pytest.raises(BadOptions, match=r"multiple of 6 \(3 pairings x 2 seats\)"):
        plan("connect-four", ["random"] * 3, 3, 1, url)  # three entrants: a round robin
    with pytest.raises(UnknownName, match="no agent named 'deep'"):
        plan("connect-four", ["random", "deep"], 2, 1, url)
    with pytest.raises(BadOptions, match="no option 'sim'"):
        plan("connect-four", ["random", "mcts:sim=3"], 2, 1, url)
    with pytest.raises(UnknownName, match="no game named 'go'"):
        plan("go", SPECS, 2, 1, url)


def test_tournament_stores_every_game_and_they_verify(url):
    units = plan("connect-four", SPECS, 4, 2, url)
    result = run_tournament(units, SPECS, 2)
    assert [m.index for m in result.matches] == [0, 1, 2, 3]
    engine = Engine(url)
    for m in result.matches:
        assert engine.verify(m.game_id).ok
        out = engine.outcome(m.game_id)
        assert out is not None
        assert tuple(out.scores[s] for s in m.seats) == m.scores
    mcts = next(s for s in result.standings if s.entrant == "mcts:sims=20")
    assert mcts.games == 4 and mcts.seat_games == {"red": 2, "yellow": 2}
    assert mcts.wins >= 3 and result.standings[0] is mcts
    assert "mcts" in engine.store.header(result.matches[0].game_id).title


def test_same_seed_same_results(tmp_path):
    a = run_tournament(plan("connect-four", SPECS, 2, 5, f"sqlite:///{tmp_path / 'a.db'}"),
                       SPECS, 5)
    b = run_tournament(plan("connect-four", SPECS, 2, 5, f"sqlite:///{tmp_path / 'b.db'}"),
                       SPECS, 5)
    assert [(m.scores, m.ranks) for m in a.matches] == [(m.scores, m.ranks) for m in b.matches]
    ea, eb = Engine(a.store_url), Engine(b.store_url)
    for m in a.matches:
        assert [r.data for r in ea.store.load(m.game_id)] == \
            [r.data for r in eb.store.load(m.game_id)]


def test_interrupted_tournament_resumes(url):
    units = plan("connect-four", SPECS, 4, 3, url)
    first = run_tournament(units[:2], SPECS, 3)  # games 1 and 2 finished
    engine = Engine(url)
    # game 3 was cut off after four commands, as by Ctrl-C or a crash
    from meeple.ai.registry import make_agent

    u = units[2]
    engine.new_game(u.game, list(u.seats), seed=u.seed, game_id=u.game_id, title=u.title)
    agents = {s: make_agent(spec, seed) for s, spec, seed in
              zip(u.seats, u.specs, u.agent_seeds, strict=True)}
    run_match(engine, u.game_id, agents, max_commands=4, flush_every=1000)
    assert engine.outcome(u.game_id) is None
    stored_before = len(engine.store.load(u.game_id))

    again = run_tournament(units, SPECS, 3)
    assert [m.resumed for m in again.matches] == [True, True, True, False]
    assert [m.scores for m in again.matches[:2]] == [m.scores for m in first.matches]
    log = engine.store.load(u.game_id)
    assert len(log) > stored_before and engine.verify(u.game_id).ok
    assert engine.outcome(u.game_id) is not None
    assert sum(s.games for s in again.standings) == 8


def test_a_stored_game_of_another_tournament_is_not_taken_over(url):
    units = plan("connect-four", SPECS, 2, 1, url, tournament_id="clash")
    run_tournament(units, SPECS, 1)
    other = plan("connect-four", SPECS, 2, 99, url, tournament_id="clash")
    with pytest.raises(Exception, match="not this tournament's"):
        run_tournament(other, SPECS, 99)


def test_worker_processes_give_the_same_results(tmp_path):
    specs = ["random", "heuristic"]
    one = run_tournament(plan("connect-four", specs, 4, 7, f"sqlite:///{tmp_path / '1.db'}"),
                         specs, 7)
    units = plan("connect-four", specs, 4, 7, f"sqlite:///{tmp_path / '2.db'}")
    two = run_tournament(units, specs, 7, executor=ProcessExecutor(2))
    assert [(m.game_id, m.scores) for m in one.matches] == \
        [(m.game_id, m.scores) for m in two.matches]


def test_wilson_interval():
    lo, hi = wilson(8, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_favour_the_winner():
    r = Ratings(["a", "b", "c"])
    for _ in range(5):
        r.update(["a", "b", "c"], [1, 2, 3])
    assert r.ordinal("a") > r.ordinal("b") > r.ordinal("c")


def test_labels_and_ids():
    assert entrant_labels(["random", "random", "mcts"]) == ["random", "random#2", "mcts"]
    assert default_id("connect-four", SPECS, 1) == default_id("connect-four", SPECS, 1)
    assert default_id("connect-four", SPECS, 1) != default_id("connect-four", SPECS, 2)


def test_split_players_keeps_options_with_their_spec():
    assert split_players(["random,mcts:sims=100,c=2,heuristic:depth=2"]) == \
        ["random", "mcts:sims=100,c=2", "heuristic:depth=2"]
    assert split_players(["mcts:sims=5", "random"]) == ["mcts:sims=5", "random"]


# -- the command line -----------------------------------------------------------------------------

def test_cli_tournament_json_and_resume(capsys, tmp_path):
    db = str(tmp_path / "cli.sqlite")
    args = ("tournament", "connect-four", "--players", "random,mcts:sims=20,c=2", "--games",
            "4", "--seed", "3", "--db", db, "--json")
    code, out, err = run_meeple(capsys, *args)
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 4 and data["resumed"] == 0
    assert {s["entrant"] for s in data["standings"]} == {"random", "mcts:sims=20,c=2"}
    top = data["standings"][0]
    assert set(top) >= {"win_rate", "win_rate_95ci", "mean_score", "rating"}
    code, out, _ = run_meeple(capsys, *args)
    assert code == 0 and json.loads(out)["resumed"] == 4
    code, out, _ = run_meeple(capsys, "verify", f"{data['tournament']}-1", "--db", db)
    assert code == 0


def test_cli_tournament_table(capsys, tmp_path):
    code, out, err = run_meeple(capsys, "tournament", "connect-four", "-p", "random", "-p",
                            "heuristic", "--games", "2", "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "win rate" in out and "95% CI" in out and "heuristic" in out


@pytest.mark.parametrize("args, message", [
    (("--players", "random,mcts:simz=3", "--games", "2"), "no option 'simz'"),
    (("--players", "random,wizard", "--games", "2"), "no agent named 'wizard'"),
    (("--players", "random,random", "--games", "3"), "multiple of 2"),
    (("--players", "random,random", "--games", "2", "--workers", "0"), "--workers"),
    (("--players", "random,random", "--games", "2", "-o", "size=9"), "has no option 'size'"),
])
def test_cli_tournament_errors_are_one_line_and_exit_2(capsys, tmp_path, args, message):
    code, out, err = run_meeple(capsys, "tournament", "connect-four", *args,
                            "--db", str(tmp_path / "e.db"))
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "e.db").exists()  # refused before anything was stored


def test_cli_tournament_unknown_game(capsys, tmp_path):
    code, _, err = run_meeple(capsys, "tournament", "chess", "-p", "random,random", "--db",
                          str(tmp_path / "e.db"))
    assert code == 2 and "no game named 'chess'" in err


def test_cli_bench_json(capsys):
    code, out, err = run_meeple(capsys, "bench", "connect-four", "--agent", "mcts:sims=50",
                            "--moves", "4", "--seed", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["moves"] == 4 and data["simulations"] >= 4
    assert data["simulations_per_s"] > 0 and data["decisions_per_s"] > 0
    assert 1 < data["calls_per_simulation"] <= 42
    code, _, err = run_meeple(capsys, "bench", "connect-four", "--agent", "mcts:c=x", "--json")
    assert code == 2 and "takes a number" in err
    code, _, err = run_meeple(capsys, "bench", "connect-four", "--moves", "0")
    assert code == 2 and "--moves" in err


def test_cli_refuses_workers_on_a_memory_store(capsys):
    code, _, err = run_meeple(capsys, "tournament", "connect-four", "-p", "random,random",
                          "--games", "2", "--workers", "2", "--db", "memory:")
    assert code == 2 and "memory: store lives in one process" in err
    code, out, err = run_meeple(capsys, "tournament", "connect-four", "-p", "random,random",
                            "--games", "2", "--db", "memory:", "--json")
    assert code == 0 and json.loads(out)["games"] == 2


def test_three_entrants_rotate_through_three_seats(url):
    from meeple.core.plugins import load
    from meeple_connect_four import ConnectFour

    class ThreeSeats(ConnectFour):  # only the seat count matters to planning
        name = "ai-test-three-seats"
        min_players = max_players = 3

    class Extra:
        from meeple.core import hookimpl

        @hookimpl
        def meeple_games(self):
            return [ThreeSeats()]

    plugins = load(only="connect_four", extra=[Extra()])
    specs = ["random", "heuristic", "mcts:sims=5"]
    units = plan("ai-test-three-seats", specs, 6, 1, url, plugins=plugins)
    for entrant in specs:
        seats = [u.seats[u.entrants.index(entrant)] for u in units]
        assert sorted(seats) == ["p1", "p1", "p2", "p2", "p3", "p3"]
    # each game moves every entrant one seat towards the first
    r, h, m = specs
    assert [u.entrants for u in units] == [(r, h, m), (h, m, r), (m, r, h)] * 2
    with pytest.raises(BadOptions, match="multiple of 3"):
        plan("ai-test-three-seats", specs, 4, 1, url, plugins=plugins)
