"""The commands of a row, one function each, applied to the state in place.

A faction's turn is one main action (build, upgrade, dig, send a priest, advance a track,
an action space, pass) with any number of free actions around it (conversions, burning,
answering power offers). What an action leaves owed (spades, a favor tile, a town tile,
cult steps, a bridge) is recorded on the faction and settled by later commands.
"""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import board as B
from .data import ACTIONS, FACTIONS, FAVOR, FAVOR_VP, STRENGTH, TOWNS
from .economy import (
    cult_back,
    gain,
    gain_power,
    pay,
    power_room,
    score_event,
    spend_power,
)
from .factions import has_shipping
from .journal import note, own_map, unshare, why
from .reach import reach_cost
from .scoring import advance_ship, check_towns, take_favor, take_town
from .state import State, owed_of

NEXT = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}
LIMIT = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}


def _main(g: State, f: dict) -> None:
    """Count a main action; a faction may take one per turn (two after ACTC)."""
    if g.phase != "play" or g.active != f["name"]:
        raise IllegalCommand(f"it is not {f['name']}' turn for an action")
    if f["passed"]:
        raise IllegalCommand(f"{f['name']} have passed")
    again = f["acted"] >= f["actions"]
    if again and not _alone(g, f):
        raise IllegalCommand(f"{f['name']} have already taken their action this turn")
    # Live, what an action gave (or an answered offer: a Cultists' step) is taken before
    # the next action. The site lets the last faction still playing leave it for later
    # (site-order), and a Cultists' step wait while play runs on (site-leech).
    if any(owed_of(f)) and "site-order" not in g.options and (
            again or "site-leech" not in g.options):
        raise IllegalCommand(f"{f['name']} must finish their action first (take what "
                             "it gave: a favor tile, a town, cult steps, spades)")
    if again:
        # Everyone else has passed: the faction's next turn follows at once, so one row
        # may hold several actions (as the site's records write them).
        f["acted"] = 0
        f["actions"] = 1
    if "site-leech" in g.options:
        # The site lets play run on while offers are open; acting declines one's own.
        decline_all(g, f)
    else:
        wait_for_answers(g, f)
    if g.after:
        close_after(g)
    f["acted"] += 1
    f["build_ok"] = 0
    f["paid_reach"] = -1
    f["tf"] = ()


def _alone(g: State, f: dict) -> bool:
    return all(o["passed"] for n, o in g.fac.items() if n != f["name"])


def wait_for_answers(g: State, f: dict) -> None:
    """Live rule: every power offer is answered, and every choice another faction owes
    is made, before anyone takes an action again."""
    own = next((o for o in g.offers if o[0] == f["name"]), None)
    if own is not None:
        raise IllegalCommand(f"{f['name']} must first answer the power offer from {own[1]}: "
                             f"leech {own[2]} from {own[1]} or decline {own[2]} from {own[1]}")
    if g.offers:
        o = g.offers[0]
        raise IllegalCommand(f"waiting for {o[0]} to answer the power offer from {o[1]}")
    for n in g.order:
        o = g.fac[n]
        if n != f["name"] and o["CULT"]:
            raise IllegalCommand(f"waiting for {n} to choose a cult track (+FIRE, ...)")


def free_action_allowed(g: State, f: dict) -> None:
    """Conversions and burning happen during one's own turn (or while spending the
    spades of the cult bonus, when nobody has a turn)."""
    if g.active == f["name"] or g.after == f["name"] or (g.phase == "spades" and not g.active):
        return
    raise IllegalCommand(f"{f['name']} may convert or burn power only on their own turn; "
                         f"it is {g.active or 'nobody'}'s turn")


# -- terrain --------------------------------------------------------------------


def spades_for(f: dict, h_color: str, target: str) -> int:
    if f["name"] == "giants":
        return 0 if h_color == target else 2
    return abs(B.color_difference(h_color, target))


def _pay_reach(g: State, f: dict, h: int) -> None:
    cost, vp = reach_cost(g, f, h)
    if cost:
        pay(f, cost)
        f["VP"] += vp
        f["paid_reach"] = h


def transform(g: State, f: dict, h: int, color: str) -> None:
    if g.hbld[h]:
        raise IllegalCommand(f"{B.NAMES[h]} has a building")
    home = f["color"]
    cur = g.hcolor[h]
    if f["FREE_TF"]:
        # Sandstorm: a neighbour (not across a bridge) turns to home terrain.
        if not any(loc in B.ADJSET[h] for loc in f["locations"]):
            raise IllegalCommand(f"{B.NAMES[h]} is not directly adjacent to a Nomads building")
        f["FREE_TF"] = 0
        own_map(g, h)
        g.hcolor[h] = home
        f["build_ok"] = 1
        f["paid_reach"] = h
        f["tf"] = f["tf"] + (h,)
        return
    if not color:
        # No colour named: as far toward home terrain as the spades at hand go.
        d = B.color_difference(cur, home)
        k = min(abs(d), max(f["SPADE"], 1))
        step = k if d > 0 else -k
        color = B.COLORS[(B.COLOR_INDEX[cur] + step) % 7] if d else cur
        if f["name"] == "giants":
            color = home
    if f["name"] == "giants" and color != home:
        raise IllegalCommand("the Giants can only transform to their home terrain")
    need = spades_for(f, cur, color)
    if need == 0:
        raise IllegalCommand(f"{B.NAMES[h]} is already {color}")
    if f["SPADE"] < need:
        raise IllegalCommand(f"{B.NAMES[h]} needs {need} spades to become {color}; "
                             f"{f['name']} have {f['SPADE']}")
    _pay_reach(g, f, h)
    f["SPADE"] -= need
    own_map(g, h)
    g.hcolor[h] = color
    f["paid_reach"] = h
    f["tf"] = f["tf"] + (h,)


def dig(g: State, f: dict, n: int) -> None:
    if g.phase != "play":
        # Rulebook, phase III: a cult bonus's spades can't be topped up with workers.
        raise IllegalCommand(f"{f['name']} can't dig now: the spades of a cult bonus "
                             "can't be topped up")
    d = FACTIONS[f["name"]]["dig"]
    if not f["build_ok"] and f["SPADE"] == 0:
        _main(g, f)
        f["build_ok"] = 1
    cost = d["cost"][f["digging"]]
    pay(f, {k: v * n for k, v in cost.items()})
    gains = d.get("gain")
    if gains:
        for k, v in gains[0].items():
            if k != "SPADE":
                f[k] += v * n
    gain(g, f, "SPADE", n)


# -- building -------------------------------------------------------------------


def build(g: State, f: dict, h: int) -> None:
    if g.hbld[h]:
        raise IllegalCommand(f"{B.NAMES[h]} already has a building")
    if f["D"] >= LIMIT["D"]:
        raise IllegalCommand(f"{f['name']} have no dwelling left")
    home = f["color"]
    if g.round == 0:
        if g.hcolor[h] != home:
            raise IllegalCommand(f"{B.NAMES[h]} is not {home}")
        _place(g, f, h, "D")
        return
    free = False
    if f["FREE_D"]:
        if g.hcolor[h] != "green" or f["name"] != "witches":
            raise IllegalCommand(f"{B.NAMES[h]} is not a forest hex")
        f["FREE_D"] = 0
        free = True
    elif g.hcolor[h] != home:
        if not f["SPADE"] and not f["FREE_TF"]:
            raise IllegalCommand(f"{B.NAMES[h]} is {g.hcolor[h]}, not {home}: transform it first")
        transform(g, f, h, home)
    elif f["build_ok"] and f["tf"] and h not in f["tf"]:
        # The dwelling of a transform-and-build action stands on a hex it transformed.
        raise IllegalCommand(f"this action's dwelling must go on a hex it transformed "
                             f"({', '.join(B.NAMES[x] for x in f['tf'])}), not {B.NAMES[h]}")
    if not free:
        if f["build_ok"]:
            f["build_ok"] = 0
        else:
            _main(g, f)
        _pay_reach(g, f, h)
        pay(f, FACTIONS[f["name"]]["cost"]["D"])
    _place(g, f, h, "D")
    score_event(g, f, "D")
    if f["FAV11"]:
        with why(g, "favor FAV11"):
            f["VP"] += FAVOR_VP["FAV11"]["D"]
    offer_power(g, f, h)
    check_towns(g, f, (h,))


def _place(g: State, f: dict, h: int, b: str) -> None:
    own_map(g, h)
    g.hbld[h] = b
    g.howner[h] = f["name"]
    f["D"] += 1
    f["locations"] = f["locations"] + (h,)


def upgrade(g: State, f: dict, h: int, to: str) -> None:
    if g.howner[h] != f["name"]:
        raise IllegalCommand(f"{B.NAMES[h]} is not a {f['name']} building")
    cur = g.hbld[h]
    if to not in NEXT.get(cur, ()):
        raise IllegalCommand(f"a {cur} can't become a {to}")
    if f[to] >= LIMIT[to]:
        raise IllegalCommand(f"{f['name']} have no {to} left")
    if f["FREE_TP"] and to == "TP":
        f["FREE_TP"] = 0
    else:
        _main(g, f)
        cost = dict(FACTIONS[f["name"]]["cost"][to])
        if to == "TP" and not any(g.howner[o] and g.howner[o] != f["name"] for o in g.adj[h]):
            cost["C"] = cost["C"] * 2
        pay(f, cost)
    own_map(g, h)
    g.hbld[h] = to
    f[cur] -= 1
    f[to] += 1
    score_event(g, f, to)
    if to == "TP" and f["FAV10"]:
        with why(g, "favor FAV10"):
            f["VP"] += FAVOR_VP["FAV10"]["TP"]
    d = FACTIONS[f["name"]]
    if to == "TE":
        owe_favor(g, f, d["te_favor"])
    elif to == "SA":
        owe_favor(g, f, d["sa_favor"])
    elif to == "SH":
        _stronghold(g, f)
    offer_power(g, f, h)
    check_towns(g, f, (h,))


def owe_favor(g: State, f: dict, n: int) -> None:
    """Favor tiles owed, as many as there are different tiles left to take."""
    left = sum(1 for t in FAVOR if g.pool.get(t, 0) > 0 and not f[t])
    f["FAVOR"] = min(f["FAVOR"] + n, left)


def _stronghold(g: State, f: dict) -> None:
    for k, v in FACTIONS[f["name"]]["sh_gain"].items():
        if k == "GAIN_FAVOR":
            owe_favor(g, f, v)
        elif k == "CONVERT_W_TO_P":
            f["dsh"] = v
        elif k == "GAIN_TELEPORT":
            if f["carpet"]:
                f["carpet"] += 1
            else:
                f["tunnel_cost"] = 1
        elif k == "GAIN_SHIP":
            for _ in range(v):
                advance_ship(g, f, free=True)
        elif k == "SPADE":
            gain(g, f, "SPADE", v)
            f["build_ok"] = 1
        elif k.startswith("ACT"):
            f[k] = 1
        else:
            gain(g, f, k, v)


# -- power offers ----------------------------------------------------------------


def offer_power(g: State, f: dict, h: int) -> None:
    """Neighbours with buildings next to ``h`` may take power, in seat order from the
    builder's left."""
    # The power next to ``h`` per owner, in one pass over the neighbours.
    near: dict[str, int] = {}
    hbld, howner = g.hbld, g.howner
    for x in g.adj[h]:
        w = howner[x]
        if w:
            near[w] = near.get(w, 0) + STRENGTH.get(hbld[x], 0)
    n = len(g.order)
    i = g.order.index(f["name"])
    oid = g.next_offer
    made = False
    for k in range(1, n):
        o = g.fac[g.order[(i + k) % n]]
        if o["dropped"]:
            continue
        amount = near.get(o["name"], 0)
        # The site offers even to full bowls (the answer is then worth nothing); live
        # play asks only those who could take something.
        if amount > 0 and (power_room(o) > 0 or "site-leech" in g.options):
            # The last field: could the offer be taken when made (full bowls can't)?
            g.offers.append([o["name"], f["name"], amount, oid, int(power_room(o) > 0)])
            made = True
    if made:
        g.next_offer += 1
        if f["name"] == "cultists" and any(o[3] == oid and o[4] for o in g.offers):
            g.cultist_offers[str(oid)] = 0


def answer(g: State, f: dict, take: bool, n: int, frm: str) -> None:
    if "strict-leech" in g.options and frm:
        first = next((o for o in g.offers if o[0] == f["name"]), None)
        if first is not None and first[1] != frm:
            raise IllegalCommand(f"answer the offers in order: first the one from {first[1]}")
    idx = next((i for i, o in enumerate(g.offers) if o[0] == f["name"]
                and (not frm or o[1] == frm) and (not n or o[2] == n)), None)
    if idx is None:
        idx = next((i for i, o in enumerate(g.offers) if o[0] == f["name"]
                    and (not frm or o[1] == frm)), None)
    if idx is None:
        raise IllegalCommand(f"{f['name']} have no power offer" + (f" from {frm}" if frm else ""))
    _, src, amount, oid, _could = g.offers.pop(idx)
    got = 0
    could = power_room(f) > 0
    if take:
        amount = min(amount, n or amount, power_room(f), f["VP"] + 1)
        with why(g, f"leech from {src}"):
            got = gain_power(f, amount)
            f["VP"] -= max(0, got - 1)
    note(g, "leech", f["name"], src, amount, got if take else "declined")
    _settle_cultists(g, oid, take, got > 0, could)


def decline_all(g: State, f: dict) -> None:
    while g.offers and any(o[0] == f["name"] for o in g.offers):
        answer(g, f, False, 0, "")


def _settle_cultists(g: State, oid: int, took: bool, gained: bool, could: bool) -> None:
    """The first neighbour to gain power from a Cultists' build earns them a cult step;
    if neighbours only refuse, the Cultists gain 1 power (errata). Answers from full
    bowls (nothing to take, nothing refused) change neither."""
    key = str(oid)
    if key not in g.cultist_offers:
        return
    c = g.fac["cultists"]
    state = g.cultist_offers[key]  # 0 open, 1 someone gained, 2 took nothing, 3 refused
    if gained:
        # A dropped faction is never asked for a choice: its step lapses (as on the site).
        if state != 1 and not c["dropped"]:
            c["CULT"] += 1
            note(g, "cultists", "a neighbour took power: a cult step")
        g.cultist_offers[key] = 1
    elif took and state != 1:
        g.cultist_offers[key] = 2
    elif not took and could and state == 0:
        g.cultist_offers[key] = 3
    # Offers to neighbours whose bowls were full do not hold the answer up.
    if any(o[3] == oid and o[4] for o in g.offers):
        return
    state = g.cultist_offers.pop(key)
    if state == 3 and "errata-cultist-power" in g.options:
        with why(g, "cultists: every neighbour declined"):
            gain_power(c, 1)


# -- other actions ---------------------------------------------------------------


def close_after(g: State) -> None:
    """The end of the previous faction's free actions (see ``State.after``)."""
    f = g.fac[g.after]
    # The dwelling of a transform-and-build action goes up in that turn (or right after
    # it): once anyone acts again it may not, not even while answering a power offer.
    if f["build_ok"]:
        f["build_ok"] = 0
    if "strict-darkling-sh" in g.options:
        f["dsh"] = 0
    g.after = ""


def send_priest(g: State, f: dict, track: str, amount: int) -> None:
    _main(g, f)
    if f["P"] < 1:
        raise IllegalCommand(f"{f['name']} have no priest")
    unshare(g, "cult_spots")
    spots = g.cult_spots[track]
    if amount == 0:
        amount = 3 if not spots[0] else (2 if "" in spots[1:] else 1)
    if amount == 3:
        if spots[0]:
            raise IllegalCommand(f"the 3 spot of {track} is taken")
        spots[0] = f["name"]
    elif amount == 2:
        if "" not in spots[1:]:
            raise IllegalCommand(f"no free 2 spot on {track}")
        spots[spots.index("", 1)] = f["name"]
    f["P"] -= 1
    if amount > 1:
        f["priests_out"] += 1
    gain(g, f, track, amount)


RATES = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("W", "C"): 1,
         ("P", "C"): 1, ("C", "VP"): 3}


def convert(g: State, f: dict, n: int, frm: str, m: int, to: str) -> None:
    free_action_allowed(g, f)
    rate = RATES.get((frm, to))
    if f["name"] == "alchemists" and (frm, to) in (("C", "VP"), ("VP", "C")):
        rate = 2 if frm == "C" else 1
    if (frm, to) == ("W", "P") and f["dsh"]:
        if n != m or n > f["dsh"]:
            raise IllegalCommand(f"the Darklings' stronghold converts up to {f['dsh']} W to P")
        pay(f, {"W": n})
        gain(g, f, "P", m)
        f["dsh"] = 0
        return
    if rate is None:
        raise IllegalCommand(f"can't convert {frm} to {to}")
    if n != m * rate:
        raise IllegalCommand(f"{frm} to {to} is {rate} to 1")
    if frm == "PW":
        spend_power(f, n)
    else:
        pay(f, {frm: n})
    gain(g, f, to, m)
    _strict_dsh(g, f)


def _strict_dsh(g: State, f: dict) -> None:
    if f["dsh"] and "strict-darkling-sh" in g.options:
        f["dsh"] = 0


def burn(g: State, f: dict, n: int) -> None:
    free_action_allowed(g, f)
    if f["P2"] < 2 * n:
        raise IllegalCommand(f"can't burn {n}: bowl II has {f['P2']}")
    f["P2"] -= 2 * n
    f["P3"] += n


def advance(g: State, f: dict, track: str) -> None:
    _main(g, f)
    if track == "ship":
        if not has_shipping(f):
            raise IllegalCommand(f"{f['name']} have no shipping")
        advance_ship(g, f)
        return
    d = FACTIONS[f["name"]]["dig"]
    if f["digging"] >= d["max"] or "adv_cost" not in d:
        raise IllegalCommand(f"{f['name']} can't advance digging")
    pay(f, d["adv_cost"])
    f["VP"] += d["adv_gain"][f["digging"]]["VP"]
    f["digging"] += 1


def action(g: State, f: dict, act: str) -> None:
    name = f["name"]
    cost, gains, _sub, unblocked = ACTIONS[act]
    own = not act.startswith("ACT") or act in ("ACTA", "ACTC", "ACTE", "ACTG", "ACTN",
                                              "ACTS", "ACTW")
    if own and not f.get(act):
        raise IllegalCommand(f"{name} don't have {act}")
    key = f"{act}/{name}" if own else act
    if not unblocked and g.blocked.get(key):
        raise IllegalCommand(f"Action space {act} is already taken this round")
    _main(g, f)
    if cost:
        pay(f, cost)
    if not unblocked:
        g.blocked[key] = 1
    for k, v in gains.items():
        if k == "SPADE":
            gain(g, f, "SPADE", v)
            f["build_ok"] = 1
        elif k == "CULT":
            f["CULT"] += v
        elif k == "CULTS_ON_SAME_TRACK":
            f["cult_same"] = 1
        elif k == "BRIDGE":
            f["BRIDGE"] += 1
        elif k in ("FREE_TF", "FREE_D", "FREE_TP"):
            f[k] = 1
            f["build_ok"] = 1 if k == "FREE_TF" else 0
        elif k == "GAIN_ACTION":
            f["actions"] += v
        elif k in ("TF_NEED_HEX_ADJACENCY", "TELEPORT_NO_TF"):
            continue
        else:
            gain(g, f, k, v)


def bridge(g: State, f: dict, a: int, b: int) -> None:
    if not f["BRIDGE"]:
        raise IllegalCommand(f"{f['name']} have no bridge to place (action ACT1 first)")
    if b not in B.BRIDGABLE[a]:
        raise IllegalCommand(f"no bridge can join {B.NAMES[a]} and {B.NAMES[b]}")
    if g.howner[a] != f["name"] and g.howner[b] != f["name"]:
        raise IllegalCommand(f"a bridge needs a {f['name']} building at one end")
    if any({a, b} == {x, y} for x, y, _ in g.bridges):
        raise IllegalCommand("that bridge is already there")
    if sum(1 for *_, o in g.bridges if o == f["name"]) >= 3:
        raise IllegalCommand(f"{f['name']} have no bridge left")
    f["BRIDGE"] -= 1
    g.bridges.append((a, b, f["name"]))
    check_towns(g, f, (a, b))


def connect(g: State, f: dict, r: int) -> None:
    if f["name"] != "mermaids" or not B.IS_RIVER[r]:
        raise IllegalCommand("only the Mermaids connect a town across a river hex")
    free_action_allowed(g, f)
    f["links"] = f["links"] + (r,)
    if not check_towns(g, f):
        f["links"] = f["links"][:-1]
        raise IllegalCommand(f"no town forms across {B.NAMES[r]}")


def cult_choice(g: State, f: dict, track: str, n: int) -> None:
    if n < 0:
        cult_back(f, track, -n)
        return
    if f["CULT"] < n and not (f["cult_same"] and f["CULT"] >= 1):
        raise IllegalCommand(f"{f['name']} are owed {f['CULT']} cult steps")
    if f["cult_same"]:
        f["cult_same"] = 0
        f["CULT"] = 0
    else:
        f["CULT"] -= n
    gain(g, f, track, n)


def tile_choice(g: State, f: dict, tile: str) -> None:
    if tile in TOWNS:
        take_town(g, f, tile)
    else:
        take_favor(g, f, tile)


def throw_away(f: dict, what: str, n: int) -> None:
    if f[what] < n:
        raise IllegalCommand(f"{f['name']} have no {what} to give up")
    f[what] -= n
    if what == "SPADE" and not f["SPADE"]:
        f["build_ok"] = 0
