"""Resources: paying, gaining, the three power bowls, priests and cult steps.

Every gain goes through ``gain`` so that the things that react to a gain (round scoring
tiles that pay per spade or per town, the Halflings' and Alchemists' spade bonuses, the
priest limit) are handled in one place.
"""

from __future__ import annotations

from meeple.core import IllegalCommand

from .data import CULTS, SCORING
from .factions import spade_extra
from .journal import why
from .state import State

#: Power from crossing these cult positions.
CULT_POWER = {3: 1, 5: 2, 7: 2, 10: 3}


def gain_power(f: dict, n: int) -> int:
    """Bowl I to II first, then II to III. Returns the power actually moved."""
    # No write where nothing moves (a journaled write costs a call; it records no delta).
    a = min(n, f["P1"])
    if a:
        f["P1"] -= a
        f["P2"] += a
    b = min(n - a, f["P2"])
    if b:
        f["P2"] -= b
        f["P3"] += b
    return a + b


def power_room(f: dict) -> int:
    return 2 * f["P1"] + f["P2"]


def spend_power(f: dict, n: int) -> None:
    if f["P3"] < n:
        raise IllegalCommand(f"not enough power in bowl III: {f['name']} have {f['P3']}, "
                             f"need {n} (burn power first)")
    f["P3"] -= n
    f["P1"] += n


def pay(f: dict, cost: dict) -> None:
    for k, v in cost.items():
        if not v:
            continue
        if k == "PW":
            spend_power(f, v)
            continue
        if f[k] < v:
            raise IllegalCommand(f"not enough {k}: {f['name']} have {f[k]}, need {v}")
    for k, v in cost.items():
        if k != "PW":
            f[k] -= v


def round_tile(g: State) -> tuple | None:
    if 1 <= g.round <= 6:
        return SCORING[g.score_tiles[g.round - 1]]
    return None


def score_event(g: State, f: dict, what: str, n: int = 1) -> None:
    """VP from the round's scoring tile for building or gaining ``what``."""
    t = round_tile(g)
    if t is not None and g.phase == "play":
        vp = t[0].get(what)
        if vp:
            with why(g, f"round scoring {g.score_tiles[g.round - 1]}"):
                f["VP"] += vp * n


def gain(g: State, f: dict, what: str, n: int) -> None:
    if n == 0:
        return
    if what == "PW":
        gain_power(f, n)
    elif what == "P":
        room = 7 - f["priests_out"] - f["P"]
        f["P"] += max(0, min(n, room))
    elif what in CULTS:
        cult_steps(g, f, what, n)
    elif what == "SPADE":
        f["SPADE"] += n
        spade_bonus(g, f, n)
    else:
        f[what] += n


def spade_bonus(g: State, f: dict, n: int) -> None:
    """What a spade is worth besides terraforming (scoring tile, faction abilities)."""
    score_event(g, f, "SPADE", n)
    vp, power = spade_extra(f, n)
    if vp or power:
        with why(g, f"{f['name']} spade bonus"):
            f["VP"] += vp
            gain_power(f, power)


def cult_steps(g: State, f: dict, track: str, n: int) -> int:
    """Move up (never beyond 9 without a town key, and 10 is one faction's alone)."""
    old = f[track]
    if old >= 10:
        return 0
    new = min(10, old + n)
    if new == 10:
        taken = any(o[track] == 10 for o in g.fac.values() if o is not f)
        if taken or f["KEY"] <= 0:
            new = 9
        else:
            f["KEY"] -= 1
    new = max(new, old)
    for step, p in CULT_POWER.items():
        if old < step <= new:
            gain_power(f, p)
    f[track] = new
    return new - old


def cult_back(f: dict, track: str, n: int) -> None:
    f[track] = max(0, f[track] - n)

