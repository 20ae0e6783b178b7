"""Terraforming Mars speed: fold events per second on recorded games (random and greedy),
clone, a whole random game (legal + decide + fold), and ISMCTS simulations per second.

    .venv/bin/pytest benchmarks/bench_terraforming_mars.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest
from meeple.core import LocalGame
from meeple_terraforming_mars import TerraformingMars

GAME = TerraformingMars()


def recorded_games(n: int = 20, players: int = 3) -> list[list]:
    games = []
    for seed in range(n):
        g = LocalGame(GAME, GAME.default_players(players), seed=seed)
        g.play_randomly(random.Random(seed))
        games.append(g.events)
    return games


@pytest.mark.benchmark(group="terraforming-mars fold")
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


@pytest.mark.benchmark(group="terraforming-mars fold")
def test_clone_per_second(benchmark):
    events = recorded_games(1)[0]
    state = None
    for ev in events[: len(events) // 2]:
        state = GAME.fold(state, ev)
    benchmark(GAME.clone, state)


@pytest.mark.benchmark(group="terraforming-mars play")
def test_random_game_legal_decide_fold(benchmark):
    seeds = iter(range(10**6))

    def one_game():
        seed = next(seeds)
        g = LocalGame(GAME, GAME.default_players(2), seed=seed)
        g.play_randomly(random.Random(seed))

    benchmark(one_game)


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
    mcts = pytest.importorskip("meeple.ai.mcts")  # the benchmark only; never the plugin
    local = _mid_game()
    player = local.to_act()[0]
    view = GAME.view(local.state, player)
    sims = 100 if depth else 20

    def search():
        agent = mcts.ISMCTSAgent({"sims": str(sims), "depth": str(depth)}, seed=0)
        agent.act(GAME, view, player)

    benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations"] = sims
    benchmark.extra_info["simulations_per_second"] = sims / benchmark.stats.stats.mean
