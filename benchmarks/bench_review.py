"""What `meeple review` costs: per decision on every installed game at its default
budget, and a whole imported Terra Mystica league game on two worker processes.
Never part of the test run:

    .venv/bin/pytest benchmarks/bench_review.py --benchmark-only --benchmark-group-by=group

Per game, five positions of a seeded game played at random (after 8, 16, 24, 32 and 40
commands, or fewer if it ends) are reviewed with the game's default search and budget
(ai/review_defaults.toml); extra_info has the CPU seconds and simulations per decision,
and the simulations per CPU second to set beside the file's ``rate``. The league game is
4pLeague_S60_D1L1_G1 (262 decisions) from ../shared/data, reviewed into a fresh SQLite
store with ``ProcessExecutor(2)``; without the shared data that benchmark skips.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from meeple.ai.executors import ProcessExecutor
from meeple.ai.review import (
    Task,
    defaults_for,
    plan_review,
    resolve_spec,
    review_decision,
    run_review,
)
from meeple.core import LocalGame
from meeple.core.engine import Engine
from meeple.core.plugins import load

PLUGINS = load()
GAMES = sorted(PLUGINS.games)
LEAGUE = "4pLeague_S60_D1L1_G1.txt"


def positions(name: str) -> list[Task]:
    game = PLUGINS.game(name)
    players = game.default_players(game.min_players)
    local = LocalGame(game, players, seed=1)
    rng = random.Random(1)
    spec, _ = resolve_spec(name, None, None)
    tasks = []
    for step in range(1, 41):
        acting = local.to_act()
        if not acting:
            break
        p = acting[0]
        moves = game.legal(local.state, p)
        if step % 8 == 0:
            view = game.clone(game.view(local.state, p))
            tasks.append(Task(name, len(tasks), step, p, tuple(players), view, moves[0], spec,
                              step, None))
        local.play(p, rng.choice(moves))
    return tasks


@pytest.mark.benchmark(group="review-decision")
@pytest.mark.parametrize("name", GAMES)
def test_review_cost_per_decision_at_the_default_budget(benchmark, name):
    game = PLUGINS.game(name)
    tasks = positions(name)
    sims = []

    def review_all() -> None:
        sims.clear()
        for t in tasks:
            sims.append(review_decision(t, game)["simulations"])

    start = time.process_time()
    benchmark.pedantic(review_all, rounds=1, iterations=1)
    cpu = time.process_time() - start
    d = defaults_for(name)
    benchmark.extra_info.update({
        "spec": tasks[0].spec, "budget": d.budget, "decisions": len(tasks),
        "cpu_per_decision": round(cpu / len(tasks), 3),
        "simulations_per_decision": round(sum(sims) / len(tasks), 1),
        "simulations_per_cpu_second": round(sum(sims) / cpu, 1),
        "rate_in_defaults": d.rate})


def league_record() -> Path:
    for folder in Path(__file__).resolve().parents:
        found = list((folder / "shared" / "data" / "terra-mystica" / "league").glob(
            f"*/{LEAGUE}"))
        if found:
            return found[0]
    pytest.skip(f"{LEAGUE} (shared/data) not found")


@pytest.mark.benchmark(group="review-league-game")
def test_review_a_whole_league_game_on_two_cores(benchmark, tmp_path):
    record = league_record()
    eng = Engine(f"sqlite:///{tmp_path / 'league.sqlite'}")
    eng.import_record("snellman", record.read_text(), "tm")
    plan = plan_review(eng, "tm")
    done = []

    def review() -> None:
        done[:] = run_review(eng, plan, ProcessExecutor(2))

    benchmark.pedantic(review, rounds=1, iterations=1)
    benchmark.extra_info.update({"spec": plan.spec, "budget": plan.budget,
                                 "decisions": len(done),
                                 "simulations": sum(d["simulations"] for d in done)})
