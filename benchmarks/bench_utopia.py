"""Utopia speed: fold events per second on recorded random games, clone, a whole random
game (legal + decide + fold), determinize, and ISMCTS simulations per second.

    .venv/bin/pytest benchmarks/bench_utopia.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest
from game_bench import (
    bench_clone_mid_game,
    bench_fold,
    bench_ismcts,
    bench_random_game,
    position,
    recorded_games,
)
from meeple_utopia import Utopia

GAME = Utopia()


@pytest.mark.benchmark(group="utopia fold")
def test_fold_events_per_second(benchmark):
    bench_fold(benchmark, GAME, recorded_games(GAME, 20, 4))


@pytest.mark.benchmark(group="utopia fold")
def test_clone_per_second(benchmark):
    bench_clone_mid_game(benchmark, GAME, 4)


@pytest.mark.benchmark(group="utopia play")
def test_random_game_legal_decide_fold(benchmark):
    bench_random_game(benchmark, GAME, 4)


@pytest.mark.benchmark(group="utopia search")
def test_determinize_per_second(benchmark):
    local = position(GAME, 4, 60)  # into phase 2 of the first round or later
    player = local.to_act()[0]
    benchmark(GAME.determinize, GAME.view(local.state, player), player, random.Random(0))


@pytest.mark.benchmark(group="utopia search")
@pytest.mark.parametrize("depth", [0, 40])
def test_ismcts_simulations_per_second(benchmark, depth):
    """depth 0 plays every rollout to the end of the game (hundreds of plies); depth 40
    cuts rollouts off after about one player's turn and asks ``evaluate``."""
    bench_ismcts(benchmark, GAME, position(GAME, 4, 60), 200 if depth else 50, depth)
