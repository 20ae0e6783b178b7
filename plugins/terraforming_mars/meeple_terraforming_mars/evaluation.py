"""The heuristic value of a state, in M€-equivalents turned into roughly [-1, 1].

A player's worth is what they would score now (TR, tiles, cards, milestones, awards
already won) times ``VP_MC`` M€, plus their resources, plus their production and TR
income over the generations likely left (estimated from how far terraforming has got),
plus a little for cards in hand. One-ply greedy play then raises parameters when the
gain in TR and income beats the price, which is what ends games in 10-16 generations.
"""

from __future__ import annotations

from typing import Any

from .scoring import breakdown
from .state import MAX_OCEANS, MAX_OXYGEN, MAX_TEMP_STEP, State

VP_MC = 7.0
RES_VALUE = (1.0, 1.8, 2.6, 1.6, 0.8, 0.6)
PROD_VALUE = (1.0, 1.7, 2.4, 1.9, 1.4, 0.9)
STEPS = MAX_TEMP_STEP + MAX_OXYGEN + MAX_OCEANS


def generations_left(s: State) -> float:
    left = STEPS - s.temp - s.oxygen - s.oceans
    return max(0.0, left / (2.0 + 1.3 * len(s.names)))


def worth(s: State, name: str, points: dict[str, int], left: float) -> float:
    p = s.players[name]
    value = VP_MC * points["total"]
    value += sum(v * r for v, r in zip(RES_VALUE, p.res, strict=False))
    value += left * (sum(v * r for v, r in zip(PROD_VALUE, p.prod, strict=False)) + p.tr)
    value += min(len(p.hand), 12) * min(3.5, 0.6 * left)
    return value


def evaluate(game: Any, s: State, player: str) -> float:
    out = game.outcome(s)
    if out is not None:
        best = max(out.scores.values())
        others = [v for n, v in out.scores.items() if n != player]
        margin = out.scores[player] - max(others) if others else out.scores[player] - 60
        base = 0.6 if out.scores[player] == best else -0.6
        return max(-1.0, min(1.0, base + margin / 200.0))
    parts = breakdown(s)
    left = generations_left(s)
    mine = worth(s, player, parts[player], left)
    # pending decisions of this player are still worth their effect: a tile to place
    for item in s.pending:
        if item[0] == player and item[1] == "place":
            mine += VP_MC * 1.5 + left
    others = [worth(s, n, parts[n], left) for n in s.names if n != player]
    rel = mine - (max(others) if others else 300.0)
    return max(-0.95, min(0.95, rel / 600.0))
