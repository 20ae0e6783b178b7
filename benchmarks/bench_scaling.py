"""Tournament throughput: matches per second with 1 and 2 workers, the local and the Ray
executor side by side in one run, and PostgreSQL appends per second with several writers.

    export MEEPLE_TEST_POSTGRES=$(bash scripts/ci-postgres.sh)
    .venv/bin/pytest benchmarks/bench_scaling.py --benchmark-only --benchmark-group-by=group \
        --benchmark-columns=mean,rounds

Figures and what they mean for a bigger cluster: docs/scaling.md. Each round plays a fresh
tournament into a fresh store, so nothing is read back from an earlier round. Ray is
started once for the module on 127.0.0.1 (its start-up is not part of any figure).
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterator

import pytest
from meeple.ai.executors import InlineExecutor, ProcessExecutor, RayExecutor
from meeple.ai.tournament import plan, run_tournament
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.records import NewEvent

CASES = {
    # name: (game, agent specs, games per round)
    "connect-four random": ("connect-four", ["random", "random"], 40),
    "connect-four mcts:sims=200": ("connect-four", ["mcts:sims=200", "mcts:sims=200"], 8),
    "utopia heuristic": ("utopia", ["heuristic", "heuristic"], 4),
}


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level="WARNING")
    yield
    ray.shutdown()


def _executor(kind: str, workers: int):
    if kind == "local":
        return InlineExecutor() if workers == 1 else ProcessExecutor(workers)
    return _RayWorkers(workers)


class _RayWorkers(RayExecutor):
    """The Ray executor held to ``workers`` tasks at a time (each task takes 1 CPU of a
    2-CPU Ray; with workers=1 a task takes both)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers, store_shared=False)
        self.cpus = 2 // workers

    def run(self, fn, items):
        import ray

        remote = ray.remote(num_cpus=self.cpus, max_retries=3)(fn)
        pending = [remote.remote(item) for item in items]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("kind", ["local", "ray"])
@pytest.mark.parametrize("workers", [1, 2])
def test_matches_per_second(benchmark, ray_cluster, tmp_path, case, kind, workers):
    game, specs, games = CASES[case]
    benchmark.group = f"tournament: {case}"
    benchmark.name = f"{kind} x{workers}"

    def one_round():
        url = f"sqlite:///{tmp_path / (uuid.uuid4().hex + '.sqlite')}"
        units = plan(game, specs, games, 1, url)
        result = run_tournament(units, specs, 1, executor=_executor(kind, workers))
        assert len(result.matches) == games

    benchmark.pedantic(one_round, rounds=2, iterations=1)
    benchmark.extra_info["games"] = games
    benchmark.extra_info["matches_per_second"] = games / benchmark.stats.stats.mean


@pytest.mark.parametrize("writers", [1, 4, 8])
def test_postgresql_appends_per_second(benchmark, writers):
    base = os.environ.get("MEEPLE_TEST_POSTGRES")
    if not base:
        pytest.skip("export MEEPLE_TEST_POSTGRES=$(bash scripts/ci-postgres.sh)")
    benchmark.group = "postgresql appends"
    benchmark.name = f"{writers} writers"
    per_writer = 200
    plugins = load()

    def one_round():
        schema = f"b_{uuid.uuid4().hex[:12]}"
        url = f"{base}{'&' if '?' in base else '?'}schema={schema}"
        ids = []
        setup = Engine(url, plugins)
        for w in range(writers):
            ids.append(setup.new_game("connect-four", ["a", "b"], seed=w, game_id=f"g{w}"))
        setup.close()

        def write(gid: str) -> None:
            eng = Engine(url, plugins)  # one connection per writer, as separate clients
            seq = eng.store.last(gid)[0]
            for _ in range(per_writer):
                eng.store.append(gid, seq, [NewEvent("bench.appended", 1, b"{}", "a", "x")])
                seq += 1
            eng.close()

        threads = [threading.Thread(target=write, args=(g,)) for g in ids]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    benchmark.pedantic(one_round, rounds=2, iterations=1)
    total = writers * per_writer
    benchmark.extra_info["appends"] = total
    benchmark.extra_info["appends_per_second"] = total / benchmark.stats.stats.mean
