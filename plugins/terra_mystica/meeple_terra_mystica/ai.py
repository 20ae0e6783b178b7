"""A heuristic value of a position: the score a player would expect to finish with.

Victory points so far, plus what the position is worth in the rounds left:

- resources at rates that fall toward the end-game rate (3 coins to a point) as the
  rounds run out: early on a worker or a priest buys buildings, late it only converts;
- buildings: their income for the rounds left, their share of the largest-area bonus,
  and (stronghold, temple, sanctuary) what they unlock;
- town potential: connected groups on their way to 7 power and 4 buildings;
- cult standing: the majority points each track would give now, plus the round
  scoring tiles' cult rewards still to come;
- spades, favor tiles and town tiles still to be taken, shipping and digging levels.

The result is that estimate minus the best opponent's, scaled to roughly [-1, 1]. The
weights were tuned on heuristic-vs-heuristic games (docs/ai.md).
"""

from __future__ import annotations

import math

from . import state as R
from .data import BONUS, CULTS, FACTIONS, SCORING, STRENGTH

#: Final value of a resource (end-game conversion) and its value with all rounds ahead.
LATE = {"C": 1 / 3, "W": 1 / 3, "P": 1 / 3, "P3": 1 / 3, "P2": 1 / 6, "P1": 0.0}
EARLY = {"C": 0.3, "W": 0.5, "P": 1.0, "P3": 0.6, "P2": 0.55, "P1": 0.0}
#: VP a unit of income is worth, per round of it still to come.
INCOME = {"C": 0.3, "W": 0.55, "P": 1.1, "PW": 0.25, "SPADE": 2.0}
#: What a building stands for beyond its income (abilities, favor tiles already counted).
EXTRA = {"D": 0.0, "TP": 2.0, "TE": 3.5, "SH": 7.0, "SA": 5.0}
#: The other weights (scripts/tm_tune_eval.py searches them).
W = {"building": 3.0, "town": 8.0, "prepared": 1.0, "spade": -0.3, "favor": 3.0,
     "ship": 2.0, "dig": 2.5, "cult_rank": 0.4, "cult_step": 0.25, "cult_bonus": 0.8,
     "income": 1.0, "extra": 1.0}


def _rounds_left(g: R.State) -> int:
    """Income phases still to come (round r's income is paid at its start)."""
    return max(0, 6 - g.round)


def _income(f: dict) -> dict:
    d = FACTIONS[f["name"]]["income"]
    inc = {"C": 0, "W": 0, "P": 0, "PW": 0}
    for b in ("D", "TP", "TE", "SH", "SA"):
        for k, table in d[b].items():
            inc[k] = inc.get(k, 0) + table[f["L_" + b]]
    return inc


def _groups_value(g: R.State, f: dict) -> float:
    """Town potential: groups not yet a town, valued by how close they are to one."""
    locs = f["locations"]
    if len(locs) < 2:
        return 0.0
    locset = set(locs)
    adj = g.adj
    seen: set[int] = set()
    need = 6 if f["FAV5"] else 7
    total = 0.0
    for start in locs:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        power = count = 0
        town = False
        while stack:
            h = stack.pop()
            power += STRENGTH[g.hbld[h]]
            count += 2 if g.hbld[h] == "SA" else 1
            town = town or g.town[h]
            for o in adj[h]:
                if o in locset and o not in seen:
                    seen.add(o)
                    stack.append(o)
        if not town and count >= 2:
            closeness = min(1.0, power / need) * min(1.0, count / 4)
            total += W["town"] * closeness * closeness
    return total


def _prepared(g: R.State, f: dict) -> float:
    """Empty hexes of the home terrain next to the faction's buildings: ready to build on."""
    home = f["color"]
    seen = set()
    for h in f["locations"]:
        for o in g.adj[h]:
            if not g.hbld[o] and g.hcolor[o] == home:
                seen.add(o)
    return min(len(seen), 3) * W["prepared"]


def estimate(g: R.State, f: dict) -> float:
    v = float(f["VP"])
    if g.finished:
        return v
    left = _rounds_left(g)
    t = min(1.0, left / 5)  # 1 with five income phases ahead, 0 in the last round
    rate = {k: LATE[k] + (EARLY[k] - LATE[k]) * t for k in LATE}
    v += f["C"] * rate["C"] + f["W"] * rate["W"] + f["P"] * rate["P"]
    v += f["P3"] * rate["P3"] + f["P2"] * rate["P2"] + f["P1"] * rate["P1"]
    # Income still to come (and the bonus tile's, for the next round).
    inc = _income(f)
    if f["bonus"] and left:
        for k, n in BONUS[f["bonus"]]["income"].items():
            v += n * INCOME[k] * W["income"]
    for k, n in inc.items():
        v += n * INCOME[k] * left * (0.5 + 0.5 * t) * W["income"]
    # Buildings: what they unlock, and the area bonus (18/12/6 for the three largest).
    nb = len(f["locations"])
    for b, w in EXTRA.items():
        v += f["L_" + b] * w * (0.3 + 0.7 * t) * W["extra"]
    v += nb * W["building"]
    v += _prepared(g, f) * t
    v += _groups_value(g, f) * (0.4 + 0.6 * t) if left or g.phase != "over" else 0.0
    # What the current action still owes the faction.
    # Spades at hand are worth nothing until spent (so they are spent on a building).
    v += W["spade"] * f["SPADE"] + f["FAVOR"] * W["favor"] + f["TOWN"] * 8.0 + f["CULT"] * 1.0
    # Tracks: reach along rivers and cheaper spades pay off while there is room to build.
    v += (f["ship"] * W["ship"] + f["dig"] * W["dig"]) * t
    # Cults: the majority now, and the round tiles' cult rewards still ahead.
    for c in CULTS:
        mine = f[c]
        if mine:
            better = sum(1 for o in g.fac.values() if o is not f and o[c] > mine)
            v += (8, 4, 2, 0, 0)[min(better, 4)] * (W["cult_rank"] + 0.3 * (1 - t))
        v += mine * W["cult_step"]
    for r in range(max(g.round, 1), 6):
        _, _, cult, req, reward, _ = SCORING[g.score_tiles[r - 1]]
        times = f["priests_out"] if cult == "CULT_P" else f[cult] // req
        for k, n in reward.items():
            v += times * n * INCOME.get(k, 0.4) * W["cult_bonus"]
    return v


def evaluate(g: R.State, player: str) -> float:
    name = g.faction_of.get(player)
    if name is None or not g.fac:
        return 0.0
    mine = estimate(g, g.fac[name])
    others = [estimate(g, o) for n, o in g.fac.items() if n != name and not o["dropped"]]
    best = max(others) if others else 0.0
    # tanh, not a clip: a big lead must still tell a good move from a bad one.
    return math.tanh((mine - best) / 60.0)
