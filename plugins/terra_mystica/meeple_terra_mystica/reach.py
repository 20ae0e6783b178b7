"""Where a faction can build: direct neighbours (bridges count), shipping along rivers,
and the Dwarves' tunnels and Fakirs' carpet flights; also the network for final scoring."""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import board as B
from .factions import has_shipping
from .state import State


def shipping(f: dict, with_bonus: bool = True) -> int:
    s = f["shipping"]
    # BON4 lends one shipping level until its holder passes (not to non-shippers).
    if with_bonus and f["BON4"] and not f["passed"] and has_shipping(f):
        s += 1
    return s


def directly_adjacent(g: State, f: dict, h: int) -> bool:
    adj = g.adj[h]
    return any(loc in adj for loc in f["locations"])


def reach_cost(g: State, f: dict, h: int) -> tuple[dict, int]:
    """(cost, VP gained) of reaching ``h``; raises if it is out of reach."""
    if g.round == 0 or not f["locations"] or f["paid_reach"] == h:
        return {}, 0
    if directly_adjacent(g, f, h):
        return {}, 0
    s = shipping(f)
    if s:
        rr = B.RANGE_RIVER[h]
        for loc in f["locations"]:
            d = rr.get(loc)
            if d is not None and d <= s:
                return {}, 0
    rl = B.RANGE_LAND[h]
    if f["tunnel_cost"]:
        if any(rl.get(loc, 9) <= 1 for loc in f["locations"]):
            return {"W": f["tunnel_cost"]}, 4
    if f["carpet"]:
        if any(rl.get(loc, 9) <= f["carpet"] for loc in f["locations"]):
            return {"P": 1}, 4
    raise IllegalCommand(f"{B.NAMES[h]} is not reachable: shipping {s}, no adjacent building")


def network_size(g: State, f: dict) -> int:
    """The largest set of the faction's buildings linked directly or within its range."""
    locs = list(f["locations"])
    if not locs:
        return 0
    adj = g.adj
    s = shipping(f, with_bonus=False)
    land = f["carpet"] if f["carpet"] else (1 if f["tunnel_cost"] else 0)
    seen: set[int] = set()
    best = 0
    for start in locs:
        if start in seen:
            continue
        stack = [start]
        seen.add(start)
        size = 0
        while stack:
            h = stack.pop()
            size += 1
            rr = B.RANGE_RIVER[h]
            rl = B.RANGE_LAND[h]
            for o in locs:
                if o in seen:
                    continue
                if o in adj[h] or (s and rr.get(o, 99) <= s) or (land and rl.get(o, 99) <= land):
                    seen.add(o)
                    stack.append(o)
        best = max(best, size)
    return best
