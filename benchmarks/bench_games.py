"""Speed of every installed game, measured the same way: fold events per second over
recorded random games, clone of a mid-game state, a whole random game (legal + decide +
fold), and ISMCTS simulations per second from a position. What differs from game to game
(players, positions, simulations) is its profile in game_profiles/; what only one game
has stays in its own module (bench_utopia.py, bench_terra_mystica.py).

    .venv/bin/pytest benchmarks/bench_games.py --benchmark-only --benchmark-group-by=group
    .venv/bin/pytest benchmarks/bench_games.py --benchmark-only -k utopia

The tests are named after the game (``test_clone_per_second[utopia]``), so ``-k GAME``
measures one game and ``-k clone`` one measurement on every game.
"""

from __future__ import annotations

import pytest
from game_bench import (
    bench_clone,
    bench_fold,
    bench_ismcts,
    bench_random_game,
    mid_recorded_game,
    position,
    profile,
    recorded_games,
)
from meeple.core.plugins import load

PLUGINS = load()
GAMES = sorted(PLUGINS.games)
SEARCHES = [pytest.param(name, depth, sims, id=f"{name}-depth{depth}")
            for name in GAMES for depth, sims in profile(PLUGINS.game(name)).searches]


@pytest.mark.parametrize("name", GAMES)
def test_fold_events_per_second(benchmark, name):
    game = PLUGINS.game(name)
    p = profile(game)
    benchmark.group = f"{name} fold"
    bench_fold(benchmark, game, recorded_games(game, p.recorded, p.players))


@pytest.mark.parametrize("name", GAMES)
def test_clone_per_second(benchmark, name):
    game = PLUGINS.game(name)
    p = profile(game)
    benchmark.group = f"{name} fold"
    state = p.mid_game(game) if p.mid_game else mid_recorded_game(game, p.players)
    bench_clone(benchmark, game, state)


@pytest.mark.parametrize("name", GAMES)
def test_random_game_legal_decide_fold(benchmark, name):
    game = PLUGINS.game(name)
    p = profile(game)
    benchmark.group = f"{name} play"
    bench_random_game(benchmark, game, p.random_players or p.players, p.random_rounds)


@pytest.mark.parametrize("name, depth, sims", SEARCHES)
def test_ismcts_simulations_per_second(benchmark, name, depth, sims):
    game = PLUGINS.game(name)
    p = profile(game)
    benchmark.group = f"{name} search"
    local = (p.search_position(game) if p.search_position
             else position(game, p.players, 10))
    bench_ismcts(benchmark, game, local, sims, depth)
