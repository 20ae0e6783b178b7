"""Turning outcomes and evaluations into the per-player rewards search backs up.

Rewards lie in [-1, 1], the scale OpenSpiel uses, so a UCT constant means the same on
both sides: +1 beats every other player, -1 loses to all, 0 is an even result. For n
players a reward is the mean over the others of +1 (ranked above), 0 (tied), -1 (below):
max^n search then lets every player maximise their own entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from meeple.core import Game, Outcome


def outcome_rewards(outcome: Outcome) -> dict[str, float]:
    ranks = outcome.ranks
    players = list(ranks)
    if len(players) < 2:
        return {p: 1.0 if ranks[p] == 1 else -1.0 for p in players}
    out: dict[str, float] = {}
    others = len(players) - 1
    for p in players:
        rp = ranks[p]
        total = 0
        for q in players:
            rq = ranks[q]
            total += (rp < rq) - (rp > rq)
        out[p] = total / others
    return out


def clip(value: float) -> float:
    """A game's ``evaluate`` as a reward: clipped to [-1, 1]."""
    v = float(value)
    return 1.0 if v > 1.0 else -1.0 if v < -1.0 else v


def rewards_of(evaluate: Callable[[Any, str], float], state: object,
               players: Iterable[str]) -> dict[str, float]:
    """``evaluate`` (a game's, or its ``evaluator()``) for each player, clipped to [-1, 1]."""
    return {p: clip(evaluate(state, p)) for p in players}


class Evaluation:
    """The evaluate function an agent uses: ``game.evaluator()`` of the Game object it
    plays, made on first use and kept while it plays that Game object, so that whatever
    the game keeps in it (caches, weights) belongs to this agent alone."""

    __slots__ = ("_fn", "_game")

    def __init__(self) -> None:
        self._game: Game | None = None
        self._fn: Callable[[Any, str], float] | None = None

    def of(self, game: Game) -> Callable[[Any, str], float]:
        if game is not self._game or self._fn is None:
            # A stand-in game that is no Game subclass may have evaluate alone.
            make = getattr(game, "evaluator", None)
            self._fn = make() if make is not None else game.evaluate
            self._game = game
        return self._fn


def match_score(outcome: Outcome, player: str) -> float:
    """A player's result as a tournament counts it: 1 for a sole win, 1/k when k players
    share first place, 0 otherwise."""
    ranks = outcome.ranks
    if ranks.get(player) != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranks.values() if r == 1)
