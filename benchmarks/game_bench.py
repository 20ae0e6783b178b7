"""Measurements every game's benchmark module shares: fold over recorded random games,
clone of a mid-game state, a whole random game, ISMCTS simulations on a position."""

from __future__ import annotations

import random
from typing import Any

from meeple.core import LocalGame


def per_second(benchmark: Any, count: int) -> float | None:
    """``count`` per second at the measured mean (None when benchmarks are disabled)."""
    stats = getattr(benchmark, "stats", None)
    return count / stats.stats.mean if stats else None


def recorded_games(game: Any, n: int = 20, players: int = 2) -> list[list]:
    games = []
    for seed in range(n):
        g = LocalGame(game, game.default_players(players), seed=seed)
        g.play_randomly(random.Random(seed))
        games.append(g.events)
    return games


def bench_fold(benchmark: Any, game: Any, games: list[list]) -> None:
    n_events = sum(len(g) for g in games)
    fold = game.fold

    def replay_all() -> None:
        for events in games:
            state = None
            for ev in events:
                state = fold(state, ev)

    benchmark(replay_all)
    benchmark.extra_info["events"] = n_events
    benchmark.extra_info["events_per_second"] = per_second(benchmark, n_events)


def bench_clone_mid_game(benchmark: Any, game: Any, players: int = 2) -> None:
    events = recorded_games(game, 1, players)[0]
    state = None
    for ev in events[: len(events) // 2]:
        state = game.fold(state, ev)
    benchmark(game.clone, state)


def bench_random_game(benchmark: Any, game: Any, players: int = 2) -> None:
    seeds = iter(range(10**6))

    def one_game() -> None:
        seed = next(seeds)
        g = LocalGame(game, game.default_players(players), seed=seed)
        g.play_randomly(random.Random(seed))

    benchmark(one_game)


def position(game: Any, players: int, plies: int, seed: int = 1) -> LocalGame:
    """A position ``plies`` random commands into a seeded game."""
    local = LocalGame(game, game.default_players(players), seed=seed)
    rng = random.Random(0)
    for _ in range(plies):
        if local.outcome() is not None:
            break
        p = local.to_act()[0]
        local.play(p, rng.choice(game.legal(local.state, p)))
    return local


def bench_ismcts(benchmark: Any, game: Any, local: LocalGame, sims: int, depth: int) -> None:
    from meeple.ai.mcts import ISMCTSAgent

    player = local.to_act()[0]
    view = game.view(local.state, player)

    def search() -> None:
        ISMCTSAgent({"sims": str(sims), "depth": str(depth)}, seed=0).act(game, view, player)

    benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations_per_second"] = per_second(benchmark, sims)
