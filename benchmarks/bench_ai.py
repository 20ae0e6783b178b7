"""Search speed on every installed game: MCTS simulations per second and forward-model
calls per simulation from each game's opening position, plus random and heuristic
decisions per second. Never part of the test run:

    .venv/bin/pytest benchmarks/bench_ai.py --benchmark-only --benchmark-group-by=group

A game whose plugin cannot set up (being built) is skipped with its error; one that fails
while searching fails its benchmark, since that is a real bug of the plugin.
"""

from __future__ import annotations

import pytest
from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple.core.plugins import load

PLUGINS = load()
GAMES = sorted(PLUGINS.games)


def opening(name: str):
    game = PLUGINS.game(name)
    try:
        local = LocalGame(game, game.default_players(game.min_players), seed=1)
        player = local.to_act()[0]
        return game, game.view(local.state, player), player
    except Exception as exc:  # a plugin under construction must not stop the others
        pytest.skip(f"{name}: {type(exc).__name__}: {exc}")


@pytest.mark.benchmark(group="mcts-sims")
@pytest.mark.parametrize("name", GAMES)
def test_mcts_simulations_per_second(benchmark, name):
    game, view, player = opening(name)
    # Rollouts cut after 20 plies (scored by evaluate), as in docs/performance.md: a full
    # random playout of the big games runs to hundreds of commands.
    agent = make_agent("mcts:sims=200,depth=20,reuse=0", 1)
    benchmark.pedantic(agent.act, args=(game, view, player), rounds=3, iterations=1)
    s = agent.stats
    benchmark.extra_info["simulations_per_second"] = round(s.simulations / s.seconds, 1)
    benchmark.extra_info["calls_per_simulation"] = round(s.calls / s.simulations, 2)


@pytest.mark.benchmark(group="ismcts-sims")
@pytest.mark.parametrize("name", [g for g in GAMES if PLUGINS.game(g).hidden_information])
def test_ismcts_simulations_per_second(benchmark, name):
    game, view, player = opening(name)
    agent = make_agent("ismcts:sims=200,depth=20", 1)
    benchmark.pedantic(agent.act, args=(game, view, player), rounds=3, iterations=1)
    s = agent.stats
    benchmark.extra_info["simulations_per_second"] = round(s.simulations / s.seconds, 1)


@pytest.mark.benchmark(group="decisions")
@pytest.mark.parametrize("spec", ["random", "heuristic", "heuristic:depth=2"])
@pytest.mark.parametrize("name", GAMES)
def test_simple_agent_decisions(benchmark, name, spec):
    game, view, player = opening(name)
    agent = make_agent(spec, 1)
    benchmark(agent.act, game, view, player)
