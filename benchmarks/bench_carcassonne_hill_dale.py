"""Carcassonne - Over Hill and Dale speed: fold events per second on recorded random
games, clone, a whole random game (legal + decide + fold), and ISMCTS simulations per second.

    .venv/bin/pytest benchmarks/bench_carcassonne_hill_dale.py --benchmark-only
"""

from __future__ import annotations

import pytest
from game_bench import (
    bench_clone_mid_game,
    bench_fold,
    bench_ismcts,
    bench_random_game,
    position,
    recorded_games,
)
from meeple_carcassonne_hill_dale import HillDale

GAME = HillDale()


@pytest.mark.benchmark(group="carcassonne-hill-dale fold")
def test_fold_events_per_second(benchmark):
    bench_fold(benchmark, GAME, recorded_games(GAME, 20, 3))


@pytest.mark.benchmark(group="carcassonne-hill-dale fold")
def test_clone_per_second(benchmark):
    bench_clone_mid_game(benchmark, GAME, 3)


@pytest.mark.benchmark(group="carcassonne-hill-dale play")
def test_random_game_legal_decide_fold(benchmark):
    bench_random_game(benchmark, GAME, 3)


@pytest.mark.benchmark(group="carcassonne-hill-dale search")
@pytest.mark.parametrize("depth", [0, 8])  # 0: random play-outs to the end
def test_ismcts_simulations_per_second(benchmark, depth):
    bench_ismcts(benchmark, GAME, position(GAME, 3, 20), 100 if depth == 0 else 400, depth)
