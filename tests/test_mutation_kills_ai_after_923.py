"""Tests for the gaps found by the held-out mutation sample of the ai package, seed 923
(docs/testing.md, the ai section). They were written after that figure was measured, so
they are not counted in it."""

from __future__ import annotations

import time

import pytest
from meeple.ai.ratings import wilson
from meeple.ai.tournament import Standing, plan, run_tournament
from test_mutation_kills_ai_search import Tree, binary, long_lines, search


# A wall-clock or CPU budget still far from spent must leave the end of the search to the
# other budgets; a deadline tested with anything but "reached" (`!=`, `>`) stops after one
# simulation. The hour-long budgets keep this independent of the machine's speed.
@pytest.mark.parametrize("budget", ["seconds=3600", "cpu=3600"])
@pytest.mark.parametrize("sims", [2, 3, 7])
def test_mcts_with_a_time_budget_not_yet_spent_runs_its_simulation_budget(budget, sims):
    agent, _, root = search(f"mcts:sims={sims},{budget},reuse=0,solve=false",
                            Tree(long_lines("ab", 6)))
    assert agent.stats.simulations == root.n == sims


@pytest.mark.parametrize("budget", ["seconds=3600", "cpu=3600"])
def test_mcts_with_a_time_budget_not_yet_spent_runs_its_call_budget(budget):
    # each simulation of these lines costs 6 calls, so 13 calls end the third
    agent, _, _ = search(f"mcts:calls=13,{budget},reuse=0,solve=false",
                         Tree(long_lines("ab", 6)))
    assert agent.stats.simulations == 3


# A random rollout picks any of the commands: one that always took the first (a random
# number scaled wrongly, `random() // n`) would score every line by a single ending. Here
# the last command decides the game, so forty rollouts see both endings.
@pytest.mark.parametrize("rollout", ["rollout=random", "rollout=heuristic,eps=1"])
def test_mcts_random_rollouts_take_every_command(rollout):
    game = Tree(binary(12, lambda p: (1, 0) if p[-1] == "l" else (0, 1)))
    _, _, root = search(f"mcts:sims=40,reuse=0,solve=false,{rollout}", game)
    visits = sum(ch.n for ch in root.children.values())
    assert -visits < sum(ch.w for ch in root.children.values()) < visits


# Greedy rollouts break ties between equally evaluated commands at random. evaluate
# returns a fresh float each call, so a tie tested by identity (`is`) instead of equality
# would never be seen, and the first command would always be taken.
def test_mcts_greedy_rollouts_break_ties_at_random():
    def level(path, player):
        return float("0.25")  # equal every time, a new object every time

    game = Tree(binary(12, lambda p: (1, 0) if p[-1] == "l" else (0, 1)), level)
    _, _, root = search("mcts:sims=40,reuse=0,solve=false,rollout=heuristic,eps=0", game)
    visits = sum(ch.n for ch in root.children.values())
    assert -visits < sum(ch.w for ch in root.children.values()) < visits


# A tournament's elapsed seconds must be a difference of two clock readings: a quotient
# (`//`, `/`) of them is about 1 whatever happened. A tournament whose games are all in
# the store already only reads them, so its elapsed time lies well inside one second.
def test_a_tournament_reports_the_seconds_it_took(monkeypatch, tmp_path):
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four")
    url, specs = f"sqlite:///{tmp_path / 't.sqlite'}", ["random", "heuristic"]
    run_tournament(plan("connect-four", specs, 2, 5, url), specs, 5)
    units = plan("connect-four", specs, 2, 5, url)
    t0 = time.perf_counter()
    again = run_tournament(units, specs, 5)
    t1 = time.perf_counter()
    assert all(m.resumed for m in again.matches)
    assert 0 < again.seconds <= t1 - t0


# Every rate in a standing's JSON is rounded to 4 decimals and the ratings to 3: more
# digits would make the JSON change with float noise, fewer would lose what a small
# difference between agents shows. Thirds and sevenths never round exactly.
@pytest.mark.parametrize(("wins", "games", "score_sum"), [(1.0, 3, 2.0), (2.5, 7, 10.0)])
def test_a_standings_json_rounds_rates_to_four_decimals_and_ratings_to_three(
        wins, games, score_sum):
    s = Standing("A", "random", games=games, wins=wins, score_sum=score_sum,
                 rating_mu=25 / 3, rating_sigma=25 / 9, rating=1 / 7)
    out = s.to_json()
    lo, hi = wilson(wins, games)
    exact = {"win_rate": wins / games, "mean_score": score_sum / games}
    for key, value in exact.items():
        assert out[key] == round(out[key], 4) and abs(out[key] - value) <= 0.00005, key
    for got, value in zip(out["win_rate_95ci"], (lo, hi), strict=True):
        assert got == round(got, 4) and abs(got - value) <= 0.00005
    for key in ("rating", "rating_mu", "rating_sigma"):
        value = getattr(s, key)
        assert out[key] == round(out[key], 3) and abs(out[key] - value) <= 0.0005, key


def test_bench_cpu_seconds_is_the_cpu_its_decisions_took() -> None:
    """Seed 924's `ai/bench.py` survivor: the CPU of a decision summed as
    `process_time() ** start` instead of the difference. What bench reports must lie
    within the CPU the whole call used (never more), and be positive when the agent
    searched."""
    from meeple.ai.bench import bench
    from meeple_connect_four import ConnectFour

    before = time.process_time()
    out = bench(ConnectFour(), "mcts:sims=200", 4, seed=1)
    spent = time.process_time() - before
    assert 0 < out["cpu_seconds"] <= spent + 1e-3
