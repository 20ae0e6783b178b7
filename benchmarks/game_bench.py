"""Measurements bench_games.py takes of every installed game (fold over recorded random
games, clone of a mid-game state, a whole random game, ISMCTS simulations on a position),
and the profile that sets them for one game (game_profiles/<game>.py)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meeple.core import LocalGame


@dataclass(frozen=True)
class Profile:
    """How one game is measured.

    ``players``: seats of the recorded games folded and of the clone's game;
    ``random_players``: of the whole random game (default ``players``);
    ``recorded``: how many recorded random games are folded;
    ``random_rounds``: rounds of the whole random game (None: pytest-benchmark decides);
    ``mid_game``: the state cloned (default: halfway through a recorded random game);
    ``search_position``: the position ISMCTS searches from;
    ``searches``: (depth, simulations) of each ISMCTS measurement (depth 0 plays every
    rollout to the end), none for a game searched otherwise."""

    players: int = 2
    random_players: int | None = None
    recorded: int = 20
    random_rounds: int | None = None
    mid_game: Callable[[Any], Any] | None = None
    search_position: Callable[[Any], LocalGame] | None = None
    searches: tuple[tuple[int, int], ...] = ((20, 100),)


def profile(game: Any) -> Profile:
    """The game's profile from game_profiles/, else the default one at its fewest players."""
    module = "game_profiles." + game.name.replace("-", "_")
    try:
        return importlib.import_module(module).PROFILE
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return Profile(players=game.min_players)


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


def mid_recorded_game(game: Any, players: int) -> Any:
    """The state halfway through a recorded random game."""
    events = recorded_games(game, 1, players)[0]
    state = None
    for ev in events[: len(events) // 2]:
        state = game.fold(state, ev)
    return state


def bench_clone(benchmark: Any, game: Any, state: Any) -> None:
    benchmark(game.clone, state)


def bench_random_game(benchmark: Any, game: Any, players: int = 2,
                      rounds: int | None = None) -> None:
    seeds = iter(range(10**6))

    def one_game() -> None:
        seed = next(seeds)
        g = LocalGame(game, game.default_players(players), seed=seed)
        g.play_randomly(random.Random(seed))

    if rounds is None:
        benchmark(one_game)
    else:
        benchmark.pedantic(one_game, rounds=rounds, iterations=1)


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
