"""Towns, tiles (favor, town), rankings, and the end of the game (cult majorities,
the largest network, leftover resources)."""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import board as B
from .data import CULTS, FAVOR, STRENGTH, TOWNS
from .economy import gain, score_event
from .factions import coin_vp_rate, has_shipping, town_extra
from .journal import note, own_map, unshare, why
from .reach import network_size
from .state import State


def _groups(g: State, f: dict, only: tuple = ()) -> list[list[int]]:
    """The faction's buildings split into directly connected groups (bridges and the
    Mermaids' river links join hexes); with ``only``, just the groups holding those."""
    locs = set(f["locations"])
    adj = g.adj
    linked: dict[int, set[int]] = {}
    for r in f["links"]:
        near = [h for h in B.ADJ[r] if h in locs]
        for h in near:
            linked.setdefault(h, set()).update(near)
    seen: set[int] = set()
    out = []
    for start in only or f["locations"]:
        if start in seen or start not in locs:
            continue
        seen.add(start)
        stack, grp = [start], []
        while stack:
            h = stack.pop()
            grp.append(h)
            for o in adj[h]:
                if o in locs and o not in seen:
                    seen.add(o)
                    stack.append(o)
            if linked:
                for o in linked.get(h, ()):
                    if o in locs and o not in seen:
                        seen.add(o)
                        stack.append(o)
        out.append(grp)
    return out


def towns_left(g: State) -> bool:
    return any(g.pool.get(t, 0) > 0 for t in TOWNS)


def check_towns(g: State, f: dict, near: tuple = ()) -> int:
    """Found every town the faction's groups now qualify for; buildings joining an
    existing town become part of it. Returns the number of new towns. ``near``: only the
    groups holding these hexes changed (a build, an upgrade, a bridge)."""
    need = 6 if f["FAV5"] else 7
    new = 0
    for grp in _groups(g, f, near):
        if any(g.town[h] for h in grp):
            own_map(g, *grp)
            for h in grp:
                g.town[h] = True
            continue
        power = sum(STRENGTH[g.hbld[h]] for h in grp)
        count = len(grp) + sum(1 for h in grp if g.hbld[h] == "SA")
        if power >= need and count >= 4 and towns_left(g) and f["TOWN"] + new < _free_towns(g):
            own_map(g, *grp)
            for h in grp:
                g.town[h] = True
            new += 1
            note(g, "town", f["name"], " ".join(sorted(B.NAMES[h] for h in grp)))
    if new:
        f["TOWN"] += new
        # The town's key comes with founding it (the tile may be chosen later).
        with why(g, "town founded"):
            f["KEY"] += new
    return new


def _free_towns(g: State) -> int:
    return sum(g.pool.get(t, 0) for t in TOWNS)


def take_town(g: State, f: dict, tile: str) -> None:
    if not f["TOWN"]:
        raise IllegalCommand(f"{f['name']} have not founded a town to take {tile} for")
    if g.pool.get(tile, 0) <= 0:
        raise IllegalCommand(f"{tile} is not in the supply")
    with why(g, f"town {tile}"):
        _town_tile(g, f, tile)


def _town_tile(g: State, f: dict, tile: str) -> None:
    unshare(g, "pool")
    g.pool[tile] -= 1
    f["TOWN"] -= 1
    f[tile] += 1
    for k, v in TOWNS[tile][0].items():
        if k == "KEY":
            f["KEY"] += v - 1  # one key came with founding the town
        elif k == "GAIN_SHIP":
            if f["carpet"]:
                f["carpet"] += 1
            elif has_shipping(f):
                for _ in range(v):
                    advance_ship(g, f, free=True)
        elif k == "carpet_range":
            continue
        elif k in CULTS:
            gain(g, f, k, v)
        else:
            gain(g, f, k, v)
    score_event(g, f, tile)
    for k, v in town_extra(f, tile).items():
        f[k] += v


def advance_ship(g: State, f: dict, free: bool = False) -> None:
    from .data import FACTIONS
    sh = FACTIONS[f["name"]]["ship"]
    if f["shipping"] >= sh["max"]:
        if free:
            return
        raise IllegalCommand(f"{f['name']} are at the top of the shipping track")
    if not free:
        from .economy import pay
        pay(f, sh["cost"])
    f["shipping"] += 1
    f["VP"] += sh["gain"][f["shipping"] - 1].get("VP", 0)


def take_favor(g: State, f: dict, tile: str) -> None:
    if not f["FAVOR"]:
        raise IllegalCommand(f"{f['name']} are owed no favor tile")
    if g.pool.get(tile, 0) <= 0:
        raise IllegalCommand(f"{tile} is not in the supply")
    if f[tile]:
        raise IllegalCommand(f"{f['name']} already have {tile}")
    with why(g, f"favor {tile}"):
        _favor_tile(g, f, tile)


def _favor_tile(g: State, f: dict, tile: str) -> None:
    unshare(g, "pool")
    g.pool[tile] -= 1
    f["FAVOR"] -= 1
    f[tile] = 1
    if tile == "FAV5":
        # A smaller town size may found a town at once; its key counts for the steps.
        check_towns(g, f)
    for k, v in FAVOR[tile][0].items():
        if k in CULTS:
            gain(g, f, k, v)


def rank_points(values: dict, points: tuple) -> dict:
    """Places by value (0 scores nothing); tied factions share their places' points,
    rounded down."""
    ordered = sorted((v for v in values.values() if v > 0), reverse=True)
    out = {}
    for name, v in values.items():
        if v <= 0:
            continue
        first = ordered.index(v)
        n = ordered.count(v)
        total = sum(points[i] for i in range(first, first + n) if i < len(points))
        if total:
            out[name] = total // n
    return out


def final_scoring(g: State) -> None:
    detail: dict = {}
    for c in CULTS:
        got = rank_points({n: g.fac[n][c] for n in g.order}, (8, 4, 2))
        with why(g, f"final scoring: {c.lower()} cult"):
            for n, v in got.items():
                g.fac[n]["VP"] += v
        detail[c.lower()] = got
    nets = {n: network_size(g, g.fac[n]) for n in g.order}
    got = rank_points(nets, (18, 12, 6))
    with why(g, "final scoring: area"):
        for n, v in got.items():
            g.fac[n]["VP"] += v
    detail["network"] = got
    detail["network_size"] = nets
    res = {}
    with why(g, "final scoring: resources"):
        _resources(g, res)
    detail["resources"] = res
    g.final = detail
    g.finished = True
    g.phase = "over"


def _resources(g: State, res: dict) -> None:
    """Every resource to coins (power burnt first), coins to VP."""
    for n in g.order:
        f = g.fac[n]
        burn = f["P2"] // 2
        f["P2"] -= 2 * burn
        f["P3"] += burn
        coins = f["C"] + f["P3"] + f["P"] + f["W"]
        f["C"] = coins
        f["P1"] += f["P3"]
        f["P3"] = 0
        f["P"] = f["W"] = 0
        rate = coin_vp_rate(f)
        vp = coins // rate
        f["VP"] += vp
        f["C"] = coins - vp * rate
        res[n] = vp
