"""``meeple bench``'s report (meeple.ai.bench): every field of what the agent did, a new game
whenever one ends, the CPU its decisions took, and the refusal of fewer than one move."""

from __future__ import annotations

import time

import pytest
from meeple.ai.bench import bench
from meeple.core import BadOptions
from meeple_connect_four import ConnectFour
from test_ai_options import C4


def test_bench_cpu_seconds_is_the_cpu_its_decisions_took() -> None:
    """The CPU of a decision is the difference of two process times: what bench reports
    lies within the CPU the whole call used (never more), and is positive when the agent
    searched."""
    from meeple.ai.bench import bench

    before = time.process_time()
    out = bench(ConnectFour(), "mcts:sims=200", 4, seed=1)
    spent = time.process_time() - before
    assert 0 < out["cpu_seconds"] <= spent + 1e-3


# -- meeple bench ------------------------------------------------------------------------------

def test_bench_reports_what_the_agent_did() -> None:
    out = bench(C4, "mcts:sims=25", 3, seed=4)
    assert (out["game"], out["agent"], out["seed"], out["players"]) == (
        "connect-four", "mcts:sims=25", 4, 2)
    assert (out["moves"], out["games"], out["simulations"]) == (3, 1, 75)
    assert out["calls"] > 75
    assert out["calls_per_simulation"] == round(out["calls"] / 75, 2)
    assert out["simulations_per_s"] == pytest.approx(75 / out["seconds"], rel=0.05)
    assert out["decisions_per_s"] == pytest.approx(3 / out["seconds"], rel=0.05)
    assert 0 < out["cpu_seconds"]
    assert bench(C4, "mcts:sims=25", 3, seed=4)["calls"] == out["calls"]  # seeded


def test_bench_starts_a_new_game_whenever_one_ends() -> None:
    one = bench(C4, "random", 1, seed=0)
    assert (one["moves"], one["games"], one["simulations"], one["calls"]) == (1, 1, 0, 0)
    assert one["calls_per_simulation"] is None and one["simulations_per_s"] == 0.0
    many = bench(C4, "random", 90, seed=0, players=2)
    assert many["moves"] == 90 and 3 <= many["games"] <= 90 // 7 + 1


def test_bench_refuses_fewer_than_one_move() -> None:
    for moves in (0, -2):
        with pytest.raises(BadOptions) as info:
            bench(C4, "random", moves)
        assert str(info.value) == f"--moves must be at least 1, not {moves}"
    with pytest.raises(BadOptions):
        bench(C4, "random", 2, players=3)
