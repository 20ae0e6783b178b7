"""Turning outcomes and evaluations into the per-player rewards search backs up.

Rewards lie in [-1, 1], the scale OpenSpiel uses, so a UCT constant means the same on
both sides: +1 beats every other player, -1 loses to all, 0 is an even result. For n
players a reward is the mean over the others of +1 (ranked above), 0 (tied), -1 (below):
max^n search then lets every player maximise their own entry.
"""

from __future__ import annotations

from collections.abc import Iterable

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


def evaluate_rewards(game: Game, state: object, players: Iterable[str]) -> dict[str, float]:
    """The game's ``evaluate`` for each player, clipped to [-1, 1]."""
    return {p: clip(game.evaluate(state, p)) for p in players}


def match_score(outcome: Outcome, player: str) -> float:
    """A player's result as a tournament counts it: 1 for a sole win, 1/k when k players
    share first place, 0 otherwise."""
    ranks = outcome.ranks
    if ranks.get(player) != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranks.values() if r == 1)
