"""What the engine asks of a player, human or machine. Agents live in meeple.ai and in
plugins; the engine only knows this small protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .game import Game


class Agent(Protocol):
    name: str

    def act(self, game: Game, view: Any, player: str) -> Any:
        """Choose a command for ``player`` given only what ``player`` may see."""


def check_table(agent: Any, game: Game, players: Sequence[str]) -> None:
    """An agent that can play only some tables (certain seat names, player counts) says
    so with an optional ``check_table(game, players)`` that raises BadOptions: called
    before a game is created, so a match it cannot play leaves nothing stored."""
    check = getattr(agent, "check_table", None)
    if check is not None:
        check(game, list(players))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:sims=1000,c=1.4"`` -> ``("mcts", {"sims": "1000", "c": "1.4"})``."""
    name, _, rest = spec.strip().partition(":")
    opts: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"agent option {part!r} in {spec!r} must look like key=value")
        opts[key.strip()] = value.strip()
    if not name:
        raise ValueError(f"agent spec {spec!r} has no agent name")
    return name, opts


def split_specs(text: str) -> list[str]:
    """``"random,mcts:sims=100,c=2,heuristic"`` -> three specs: a ``key=value`` part with no
    ``:`` belongs to the spec before it, so options may follow their agent naturally."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += ("," if ":" in specs[-1] else ":") + part
        else:
            specs.append(part)
    return specs
