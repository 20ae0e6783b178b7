"""Terraforming Mars speed: fold events per second on recorded random games,
clone, a whole random game (legal + decide + fold), and ISMCTS simulations per second.

    .venv/bin/pytest benchmarks/bench_terraforming_mars.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest
from game_bench import (
    bench_clone_mid_game,
    bench_fold,
    bench_ismcts,
    bench_random_game,
    recorded_games,
)
from meeple.core import LocalGame
from meeple_terraforming_mars import TerraformingMars

GAME = TerraformingMars()


@pytest.mark.benchmark(group="terraforming-mars fold")
def test_fold_events_per_second(benchmark):
    bench_fold(benchmark, GAME, recorded_games(GAME, 20, 3))


@pytest.mark.benchmark(group="terraforming-mars fold")
def test_clone_per_second(benchmark):
    bench_clone_mid_game(benchmark, GAME, 3)


@pytest.mark.benchmark(group="terraforming-mars play")
def test_random_game_legal_decide_fold(benchmark):
    bench_random_game(benchmark, GAME, 2)


def _mid_game(players: int = 2) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(players), seed=1)
    rng = random.Random(0)
    while local.state.generation < 4:
        p = local.to_act()[0]
        local.play(p, rng.choice(GAME.legal(local.state, p)))
    while local.state.phase != "action" or local.state.pending:
        p = local.to_act()[0]
        local.play(p, GAME.legal(local.state, p)[0])
    return local


@pytest.mark.benchmark(group="terraforming-mars search")
@pytest.mark.parametrize("depth", [0, 30])
def test_ismcts_simulations_per_second(benchmark, depth):
    """depth 0 plays every rollout to the end of the game; depth 30 cuts rollouts off
    after a few turns and asks ``evaluate``."""
    bench_ismcts(benchmark, GAME, _mid_game(), 100 if depth else 20, depth)
