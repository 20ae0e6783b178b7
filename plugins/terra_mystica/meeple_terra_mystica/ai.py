"""A heuristic value of a position: the score a player would expect to finish with.

Victory points so far, plus what the position is worth in the rounds left: buildings
(their income for the remaining rounds and their weight in the network), resources
(coins, workers, priests, power in bowl III and half of bowl II, at the end-game rate of
three to a point), cult standing (the majority points each track would give now) and the
shipping/digging tracks. The result is that estimate minus the best opponent's, scaled to
roughly [-1, 1].
"""

from __future__ import annotations

from . import state as R
from .data import CULTS

BUILD_VALUE = {"D": 2.0, "TP": 4.0, "TE": 5.0, "SH": 8.0, "SA": 8.0}


def estimate(g: R.State, f: dict) -> float:
    left = max(0, 6 - g.round) + (0 if g.finished else 1)
    v = float(f["VP"])
    if g.finished:
        return v
    v += (f["C"] + f["W"] * 1.5 + f["P"] * 3 + f["P3"] + f["P2"] / 2) / 3
    for b, w in BUILD_VALUE.items():
        v += f["L_" + b] * w * (0.4 + 0.1 * left)
    v += f["ship"] * 1.5 + f["dig"] * 1.5
    for c in CULTS:
        mine = f[c]
        better = sum(1 for o in g.fac.values() if o is not f and o[c] > mine)
        v += (8, 4, 2, 0, 0)[min(better, 4)] * (0.3 if mine else 0) + mine * 0.3
    return v


def evaluate(g: R.State, player: str) -> float:
    name = g.faction_of.get(player)
    if name is None or not g.fac:
        return 0.0
    mine = estimate(g, g.fac[name])
    others = [estimate(g, o) for n, o in g.fac.items() if n != name and not o["dropped"]]
    best = max(others) if others else 0.0
    return max(-1.0, min(1.0, (mine - best) / 60.0))
