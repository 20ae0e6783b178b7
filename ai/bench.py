"""``meeple bench``: how fast an agent decides, from a fixed seed, in memory."""

from __future__ import annotations

import random
import time
from typing import Any

from meeple.core import BadOptions, Game, LocalGame

from .registry import make_agent


def bench(game: Game, spec: str, moves: int, seed: int = 0,
          players: int | None = None) -> dict[str, Any]:
    """The agent plays every seat of in-memory games (a new game, seeded, whenever one
    ends) until it has made ``moves`` decisions. Only time inside ``act`` is counted; rates
    are by wall time, and ``cpu_seconds`` tells how much of it was this process's CPU."""
    if moves < 1:
        raise BadOptions(f"--moves must be at least 1, not {moves}")
    n = players or game.min_players
    seats = game.default_players(n)
    game.check_players(seats)
    agent = make_agent(spec, seed)
    rng = random.Random(seed)
    made = games = 0
    thinking = cpu = 0.0
    local = None
    while made < moves:
        if local is None or local.outcome() is not None:
            local = LocalGame(game, seats, seed=rng.getrandbits(63))
            games += 1
        player = local.to_act()[0]
        view = game.view(local.state, player)
        t, c = time.perf_counter(), time.process_time()
        command = agent.act(game, view, player)
        thinking += time.perf_counter() - t
        cpu += time.process_time() - c
        local.play(player, command)
        made += 1
    stats = getattr(agent, "stats", None)
    sims = stats.simulations if stats else 0
    calls = stats.calls if stats else 0
    return {
        "game": game.name, "agent": spec, "seed": seed, "players": n, "moves": made,
        "games": games, "seconds": round(thinking, 4), "cpu_seconds": round(cpu, 4),
        "decisions_per_s": round(made / thinking, 2) if thinking else None,
        "simulations": sims,
        "simulations_per_s": round(sims / thinking, 1) if thinking and sims else 0.0,
        "calls": calls,
        "calls_per_simulation": round(calls / sims, 2) if sims else None,
    }
