"""What writing a tournament's matches as they go costs: the same tournament into a fresh
SQLite store, once writing each match only at its end and once also every
``FLUSH_SECONDS`` (what lets ``meeple serve`` follow a match move by move), side by side.

    .venv/bin/pytest benchmarks/bench_tournament_flush.py --benchmark-only \\
        --benchmark-group-by=group --benchmark-columns=mean,rounds
"""

from __future__ import annotations

import uuid

import attrs
import pytest
from meeple.ai.executors import InlineExecutor
from meeple.ai.tournament import FLUSH_SECONDS, plan, run_tournament

CASES = {
    "connect-four random": ("connect-four", ["random", "random"], 40),
    "connect-four mcts:sims=200": ("connect-four", ["mcts:sims=200", "mcts:sims=200"], 4),
    "utopia heuristic": ("utopia", ["heuristic", "heuristic"], 2),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("flush", ["at the end", "also on time"])
def test_tournament_with_and_without_timed_writes(benchmark, tmp_path, case, flush):
    game, specs, games = CASES[case]
    benchmark.group = f"tournament writes: {case}"
    benchmark.name = flush
    seconds = FLUSH_SECONDS if flush == "also on time" else None

    def one_round():
        url = f"sqlite:///{tmp_path / (uuid.uuid4().hex + '.sqlite')}"
        units = [attrs.evolve(u, flush_seconds=seconds) for u in plan(game, specs, games, 1, url)]
        result = run_tournament(units, specs, 1, executor=InlineExecutor())
        assert len(result.matches) == games

    benchmark.pedantic(one_round, rounds=5, iterations=1)
