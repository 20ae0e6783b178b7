"""verify of logs full of undo/redo pairs: its time grows with the pairs, not their square.

    .venv/bin/pytest benchmarks/bench_verify.py --benchmark-only --benchmark-group-by=group -s

A connect-four game of 30 moves, each followed by its share of undo/redo pairs (every
player undoing and redoing their own move, as at one screen), verified as stored.
``test_doubling_the_pairs_at_most_about_doubles_verify`` measures 2,000 and 4,000 pairs
side by side, interleaved, each its best of five rounds in CPU time.
"""

from __future__ import annotations

import random
import time

import pytest
from meeple.core.audit import verify
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.events import Redone, Undone
from meeple.core.plugins import load
from meeple.core.records import GameHeader, NewEvent, Record
from meeple.core.stores.memory import MemoryStore

PLUGINS = load()
GAME = PLUGINS.game("connect-four")
MOVES = 30


def undo_redo_log(pairs: int) -> tuple[GameHeader, list[Record]]:
    """The log with ``pairs`` undo/redo pairs spread over its moves, the events the engine
    writes, appended to the store a move's pairs at a time (through ``Engine.undo`` one by
    one the setup alone would take minutes: each undo there looks at the whole log)."""
    eng = Engine(MemoryStore(), PLUGINS, clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=0, game_id="u")
    rng = random.Random(0)
    codec = Codec(GAME)
    records = eng.store.load(gid)
    header = eng.store.header(gid)
    t = eng.table(gid)
    for i in range(MOVES):
        p = t.to_act()[0]
        # Never a winning drop: the game runs on to its last move.
        safe = [c for c in GAME.legal(t.state, p)
                if len(GAME.decide(t.state, p, c, random.Random(0))) == 1]
        t.apply(p, rng.choice(safe))
        t.flush(eng.store, eng.clock)
        records = eng.store.load(gid)
        move = records[-1].batch, records[-1].seq
        batches = []
        seq = records[-1].seq
        for _ in range(pairs // MOVES + (i < pairs % MOVES)):
            batches.append([NewEvent(*codec.encode(Undone(*move, p)), p, "undo")])
            batches.append([NewEvent(*codec.encode(Redone(seq + 1, p)), p, "redo")])
            seq += 2
        eng.store.append_batches(gid, records[-1].seq, batches, "2026-01-01T00:00:00+00:00",
                                 t.status() | {"seq": seq})
        eng.forget(gid)
        t = eng.table(gid)
    return header, eng.store.load(gid)


@pytest.mark.parametrize("pairs", [2000, 4000])
@pytest.mark.benchmark(group="verify with undo/redo pairs")
def test_verify_a_log_with_undo_redo_pairs(benchmark, pairs):
    header, records = undo_redo_log(pairs)
    report = benchmark.pedantic(verify, args=(GAME, header, records), rounds=5)
    assert report.ok, report
    benchmark.extra_info["records"] = len(records)


def test_doubling_the_pairs_at_most_about_doubles_verify():
    logs = {n: undo_redo_log(n) for n in (2000, 4000)}
    best = {n: float("inf") for n in logs}
    for _ in range(5):
        for n, (header, records) in logs.items():
            t0 = time.process_time()
            report = verify(GAME, header, records)
            best[n] = min(best[n], time.process_time() - t0)
            assert report.ok, report
    ratio = best[4000] / best[2000]
    print(f"\nverify, CPU time best of 5: 2,000 pairs {best[2000] * 1000:.0f} ms, "
          f"4,000 pairs {best[4000] * 1000:.0f} ms, ratio {ratio:.2f}")
    assert ratio <= 2.3
    assert best[4000] < 0.5
