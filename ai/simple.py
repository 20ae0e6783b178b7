"""The two simple agents: uniform random, and greedy by the game's ``evaluate``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from meeple.core import Game

from .options import AgentOption, parse_options, positive
from .rewards import Evaluation
from .stats import SearchStats


class RandomAgent:
    """Uniform over the legal commands of the view."""

    schema: tuple[AgentOption, ...] = ()

    def __init__(self, options: dict[str, str] | None = None, seed: int = 0) -> None:
        parse_options("random", self.schema, options or {})
        self.name = "random"
        self.rng = random.Random(seed)
        self.stats = SearchStats()

    def act(self, game: Game, view: Any, player: str) -> Any:
        moves = game.legal(view, player)
        self.stats.decisions += 1
        return moves[self.rng.randrange(len(moves))]


class HeuristicAgent:
    """The command whose resulting state ``evaluate`` likes best for the acting player.

    ``depth=1`` looks one ply ahead. ``depth=d`` plays d-1 further plies greedily (each
    player in turn takes its own best-evaluated command) before judging the result, so
    that an obvious reply is seen. Ties are broken at random (seeded). Games with hidden
    information are judged on one ``determinize`` sample per decision.
    """

    schema = (
        AgentOption("depth", int, 1, "plies looked at: 1 = one ply, more = greedy replies",
                    positive),
    )

    def __init__(self, options: dict[str, str] | None = None, seed: int = 0) -> None:
        opts = parse_options("heuristic", self.schema, options or {})
        self.depth: int = opts["depth"]
        self.name = f"heuristic:depth={self.depth}" if self.depth != 1 else "heuristic"
        self.rng = random.Random(seed)
        self.stats = SearchStats()
        self.evaluation = Evaluation()

    def act(self, game: Game, view: Any, player: str) -> Any:
        rng = self.rng
        evaluate = self.evaluation.of(game)
        state = game.determinize(view, player, rng) if game.hidden_information else view
        moves = game.legal(state, player)
        best: list[Any] = []
        best_value = float("-inf")
        for move in moves:
            child = game.step(game.clone(state), player, move, rng)
            self.stats.calls += 1
            child = self._greedy(game, child, self.depth - 1, evaluate)
            value = evaluate(child, player)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        self.stats.decisions += 1
        return best[rng.randrange(len(best))]

    def _greedy(self, game: Game, state: Any, plies: int,
                evaluate: Callable[[Any, str], float]) -> Any:
        for _ in range(plies):
            acting = game.to_act(state)
            if not acting:
                break
            p = acting[0]
            options = []
            for move in game.legal(state, p):
                child = game.step(game.clone(state), p, move, self.rng)
                self.stats.calls += 1
                options.append((evaluate(child, p), child))
            top = max(v for v, _ in options)
            choices = [c for v, c in options if v == top]
            state = choices[self.rng.randrange(len(choices))]
        return state
