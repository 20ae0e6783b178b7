"""Carcassonne - Over Hill and Dale speed: fold events per second on recorded random
games, a full replay, decide+legal per turn, and ISMCTS simulations per second.

    .venv/bin/pytest benchmarks/bench_carcassonne_hill_dale.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest
from meeple.core import LocalGame
from meeple_carcassonne_hill_dale import HillDale

GAME = HillDale()


def recorded_games(n: int = 20, players: int = 3) -> list[list]:
    games = []
    for seed in range(n):
        g = LocalGame(GAME, GAME.default_players(players), seed=seed)
        g.play_randomly(random.Random(seed))
        games.append(g.events)
    return games


@pytest.mark.benchmark(group="carcassonne-hill-dale fold")
def test_fold_events_per_second(benchmark):
    games = recorded_games()
    n_events = sum(len(g) for g in games)

    def replay_all():
        for events in games:
            state = None
            for ev in events:
                state = GAME.fold(state, ev)

    benchmark(replay_all)
    benchmark.extra_info["events"] = n_events
    benchmark.extra_info["events_per_second"] = n_events / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="carcassonne-hill-dale fold")
def test_clone_per_second(benchmark):
    events = recorded_games(1)[0]
    state = None
    for ev in events[: len(events) // 2]:
        state = GAME.fold(state, ev)
    benchmark(GAME.clone, state)


@pytest.mark.benchmark(group="carcassonne-hill-dale play")
def test_random_game_legal_decide_fold(benchmark):
    seeds = iter(range(10**6))

    def one_game():
        seed = next(seeds)
        g = LocalGame(GAME, GAME.default_players(3), seed=seed)
        g.play_randomly(random.Random(seed))

    benchmark(one_game)


@pytest.mark.benchmark(group="carcassonne-hill-dale search")
@pytest.mark.parametrize("depth", [0, 8])  # 0: random play-outs to the end
def test_ismcts_simulations_per_second(benchmark, depth):
    mcts = pytest.importorskip("meeple.ai.mcts")
    local = LocalGame(GAME, GAME.default_players(3), seed=1)
    for _ in range(20):  # a mid-game position
        local.play(local.to_act()[0], random.Random(0).choice(
            GAME.legal(local.state, local.to_act()[0])))
    player = local.to_act()[0]
    view = GAME.view(local.state, player)
    sims = 100 if depth == 0 else 400

    def search():
        agent = mcts.ISMCTSAgent({"sims": str(sims), "depth": str(depth)}, seed=0)
        agent.act(GAME, view, player)

    benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations"] = sims
    benchmark.extra_info["simulations_per_second"] = sims / benchmark.stats.stats.mean
