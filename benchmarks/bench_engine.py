"""Engine speed on connect four: fold, decide+fold, store appends, and the cost of storing
matches in SQLite against memory, measured side by side in one run.

    .venv/bin/pytest benchmarks/bench_engine.py --benchmark-only --benchmark-group-by=group
"""

from __future__ import annotations

import random
import time

import pytest
from game_bench import bench_fold, per_second
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.records import NewEvent
from meeple.core.scheduler import run_match
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore
from meeple.core.testing import random_game

PLUGINS = load()
GAME = PLUGINS.game("connect-four")


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game, view, player):
        return self.rng.choice(game.legal(view, player))


def recorded_games(n: int = 50) -> list[list]:
    return [random_game(GAME, 2, seed).events for seed in range(n)]


@pytest.mark.benchmark(group="fold")
def test_fold_events_per_second(benchmark):
    """The same fold as bench_games.py's, on these games, beside their decoding below."""
    bench_fold(benchmark, GAME, recorded_games())


@pytest.mark.benchmark(group="fold")
def test_decode_and_fold_events_per_second(benchmark):
    codec = Codec(GAME)
    logs = [[codec.encode(e) for e in g] for g in recorded_games()]
    n_events = sum(len(g) for g in logs)

    def replay_all():
        for log in logs:
            state = None
            for t, v, d in log:
                state = GAME.fold(state, codec.decode(t, v, d))

    benchmark(replay_all)
    benchmark.extra_info["events_per_second"] = per_second(benchmark, n_events)


@pytest.mark.benchmark(group="decide+fold")
def test_decide_fold_steps_per_second(benchmark):
    rng = random.Random(1)
    start = LocalGame(GAME, ["a", "b"], seed=1).state
    steps = [0]

    def playouts():
        for _ in range(100):
            state = GAME.clone(start)
            while state.winner < 0:
                player = GAME.to_act(state)[0]
                cmd = rng.choice(GAME.legal(state, player))
                for ev in GAME.decide(state, player, cmd, rng):
                    state = GAME.fold(state, ev)
                steps[0] += 1

    benchmark(playouts)
    stats = getattr(benchmark, "stats", None)  # None when benchmarks are disabled
    benchmark.extra_info["steps_per_second"] = steps[0] / stats.stats.total if stats else None


def _append_many(store, n: int = 500) -> None:
    eng = Engine(store, PLUGINS)
    gid = eng.new_game("connect-four", ["a", "b"], seed=1)
    ev = NewEvent("connect-four.dropped", 1, b'{"column":1,"seat":0}', "a", "2")
    seq = store.last(gid)[0]
    for _ in range(n):
        store.append(gid, seq, [ev])
        seq += 1


@pytest.mark.benchmark(group="append")
def test_memory_appends_per_second(benchmark):
    benchmark.pedantic(lambda: _append_many(MemoryStore()), rounds=5)
    benchmark.extra_info["appends_per_second"] = per_second(benchmark, 500)


@pytest.mark.benchmark(group="append")
def test_sqlite_appends_per_second(benchmark, tmp_path):
    counter = iter(range(10**6))
    benchmark.pedantic(lambda: _append_many(SqliteStore(tmp_path / f"a{next(counter)}.db")),
                       rounds=5)
    benchmark.extra_info["appends_per_second"] = per_second(benchmark, 500)


def play_matches(store, n: int = 200) -> None:
    eng = Engine(store, PLUGINS)
    for i in range(n):
        gid = eng.new_game("connect-four", ["a", "b"], seed=i, game_id=f"m{i}", deferred=True)
        run_match(eng, gid, {"a": RandomAgent(2 * i), "b": RandomAgent(2 * i + 1)},
                  flush_every=50)


@pytest.mark.benchmark(group="200 matches")
def test_200_matches_in_memory(benchmark):
    benchmark.pedantic(lambda: play_matches(MemoryStore()), rounds=3)


@pytest.mark.benchmark(group="200 matches")
def test_200_matches_in_sqlite(benchmark, tmp_path):
    counter = iter(range(10**6))
    benchmark.pedantic(lambda: play_matches(SqliteStore(tmp_path / f"m{next(counter)}.db")),
                       rounds=3)


def test_sqlite_costs_at_most_1_3x_memory_for_200_matches(tmp_path):
    """Side by side and interleaved, so machine noise hits both alike. Each side's cost is
    its best of seven rounds in CPU time (user + system of this process, which includes
    SQLite's file writes), the measurement least disturbed by other work on the machine."""
    mem, sql = [], []
    for i in range(7):
        t0 = time.process_time()
        play_matches(MemoryStore())
        t1 = time.process_time()
        store = SqliteStore(tmp_path / f"r{i}.db")
        play_matches(store)
        t2 = time.process_time()
        store.close()
        mem.append(t1 - t0)
        sql.append(t2 - t1)
    ratio = min(sql) / min(mem)
    print(f"\n200 random matches, CPU time: memory {min(mem) * 1000:.0f} ms, "
          f"SQLite {min(sql) * 1000:.0f} ms, ratio {ratio:.2f}x")
    assert ratio <= 1.3


def _log_with_undos(moves: int = 30, cycles: int = 8):
    """A connect-four log where every move is undone and redone ``cycles`` times."""
    eng = Engine(MemoryStore(), PLUGINS, clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=0)
    rng = random.Random(0)
    for _ in range(moves):
        acting = eng.to_act(gid)
        if not acting:
            break
        p = acting[0]
        t = eng.table(gid)
        eng.move(gid, rng.choice(GAME.legal(t.state, p)), p)
        for _ in range(cycles):
            eng.undo(gid, p)
            eng.redo(gid, p)
    return eng.store.header(gid), eng.store.load(gid)


@pytest.mark.benchmark(group="engine load with undos")
def test_load_a_log_with_many_undos(benchmark):
    """Table.extend folds the state again once after the undos and redos (or before an
    old event that needs it), not at each of them."""
    from meeple.core.table import Table

    header, records = _log_with_undos()

    def load_it():
        t = Table(GAME, header)
        t.extend(records)
        return t

    t = benchmark(load_it)
    benchmark.extra_info["records"] = len(records)
    benchmark.extra_info["undos_and_redos"] = sum(r.type.startswith("meeple.") for r in records)
    assert t.counting == sum(not r.type.startswith("meeple.") for r in records)
