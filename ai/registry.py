"""The built-in agents by name, and making any installed agent from a spec string."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meeple.core import BadOptions, Game
from meeple.core.agents import check_table, parse_spec
from meeple.core.plugins import Plugins, load

from .mcts import ISMCTSAgent, MCTSAgent
from .simple import HeuristicAgent, RandomAgent

AgentFactory = Callable[[dict[str, str], int], Any]


def builtin_agents() -> dict[str, AgentFactory]:
    """name -> factory(options, seed) -> Agent, as the ``meeple_agents`` hook returns."""
    return {
        "random": RandomAgent,
        "heuristic": HeuristicAgent,
        "mcts": MCTSAgent,
        "ismcts": ISMCTSAgent,
    }


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Like ``parse_spec`` but every mistake is a BadOptions with a readable message."""
    try:
        return parse_spec(spec)
    except ValueError as exc:
        raise BadOptions(str(exc)) from None


def make_agent(spec: str, seed: int, plugins: Plugins | None = None) -> Any:
    """An agent from a spec such as ``mcts:sims=200,c=2``. Unknown agents raise UnknownName,
    unknown or bad options BadOptions."""
    name, options = split_spec(spec)
    if plugins is None:
        factory = builtin_agents().get(name) or load().agent_factory(name)
    else:
        factory = plugins.agent_factory(name)
    return factory(options, seed)


def check_spec(spec: str, plugins: Plugins | None = None, game: Game | None = None,
               players: Sequence[str] | None = None) -> None:
    """Raise now, before any game is played, if ``spec`` cannot make an agent (or, given
    the table, cannot play at it: ``meeple.core.agents.check_table``)."""
    agent = make_agent(spec, 0, plugins)
    if game is not None and players is not None:
        check_table(agent, game, players)
