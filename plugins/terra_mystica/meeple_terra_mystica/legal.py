"""Every legal row for a player, found by generating candidates and keeping those the
rules accept (each candidate is tried on a clone).

Staging: a turn may be given in steps. After ``upgrade F3 to TE`` the favor tile is the
next row (``+FAV11``); after ``action BON2`` the cult step (``+FIRE``); spades left over
after ``dig``/power actions are spent by ``transform``/``build`` rows. Combined actions
that need spades are offered whole (``dig 2. build E7``, ``action ACT6. build E7``).
Conversions are offered in single units (``burn 1``, ``convert 1PW to 1C``, ...).
"""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import board as B
from .data import CULTS, FACTIONS, FAVOR, TOWNS
from .rows import apply_row
from .state import State
from .turns import acting

NAMES = B.NAMES


def _spades_needed(f, g, h):
    if f["name"] == "giants":
        return 2
    cur = g.hcolor[h]
    home = f["color"]
    return abs(B.color_difference(cur, home))


def candidates(g: State, player: str) -> list[str]:  # noqa: C901 - one generator per kind of row
    if g.finished:
        return []
    if g.phase == "select-factions":
        if g.players[len(g.order)] != player:
            return []
        taken = {o["color"] for o in g.fac.values()}
        return [f"setup {n}" for n in sorted(FACTIONS) if FACTIONS[n]["color"] not in taken]
    name = g.faction_of.get(player)
    if name is None or name not in acting(g):
        return []
    f = g.fac[name]
    home = f["color"]
    empty_land = [h for h in B.LAND if not g.hbld[h]]
    if g.phase == "setup":
        if g.setup_queue[0].startswith("bonus:"):
            return [f"pass {b}" for b in sorted(g.pool, key=lambda b: (len(b), b))
                    if b.startswith("BON") and g.pool[b] > 0]
        return [f"build {NAMES[h]}" for h in empty_land if g.hcolor[h] == home]
    out: list[str] = []
    # Every open offer may be answered (under strict-leech only the first).
    for o in g.offers:
        if o[0] == name:
            out += [f"leech {o[2]} from {o[1]}", f"decline {o[2]} from {o[1]}"]
            if "strict-leech" in g.options:
                break
    # While a choice is owed the faction may still convert (its own turn's free actions).
    own_turn = g.active == name or g.after == name or (g.phase == "spades" and not g.active)
    free = (free_actions(g, f) + _connects(g, f)) if own_turn else []
    if f["CULT"]:
        if f["cult_same"]:
            out += [f"+{f['CULT']}{c}" for c in CULTS]
        else:
            out += [f"+{c}" for c in CULTS]
        return out + free
    if f["TOWN"] or f["FAVOR"]:
        # Owed tiles in either order (a favor tile can change what the town brings).
        if f["TOWN"]:
            out += [f"+{t}" for t in TOWNS if g.pool.get(t, 0) > 0]
            # A town tile's cult step may be given back where it would spend the key.
            out += [f"-{c}. +{t}" for t in ("TW5", "TW6") if g.pool.get(t, 0) > 0
                    for c in CULTS if f[c] >= 8]
        if f["FAVOR"]:
            out += [f"+{t}" for t in FAVOR if g.pool.get(t, 0) > 0 and not f[t]]
        return out + free
    if f["BRIDGE"]:
        return out + _bridges(g, f) + ["-BRIDGE"] + free
    if f["FREE_D"]:
        return out + [f"build {NAMES[h]}" for h in empty_land if g.hcolor[h] == "green"] + [
            "-FREE_D"] + free
    if f["FREE_TP"]:
        return out + [f"upgrade {NAMES[h]} to TP" for h in f["locations"]
                      if g.hbld[h] == "D"] + ["-FREE_TP"] + free
    if f["SPADE"] or f["FREE_TF"]:
        return out + _spend_spades(g, f, empty_land) + free
    if g.active == name and g.phase == "play":
        waiting = (g.offers or any(o["CULT"] for o in g.fac.values())) and \
            "site-leech" not in g.options
        if f["acted"] < f["actions"] and not f["passed"] and not waiting:
            out += _main_actions(g, f, empty_land)
        elif waiting:
            out += free  # converting or burning before answering an offer is allowed
        if f["acted"]:
            out.append("done")
    if f["dsh"] and g.active == name and not (g.phase == "play" and f["acted"] < f["actions"]
                                              and not f["passed"]):
        out += [f"convert {k}W to {k}P" for k in range(1, min(f["dsh"], f["W"]) + 1)]
    if g.after == name and g.active != name:
        # The turn just ended: its free actions may still follow (never required), and
        # the dwelling on a hex its action transformed.
        out += ["done"] + free_actions(g, f) + _connects(g, f)
        if f["build_ok"]:
            out += [f"build {NAMES[h]}" for h in f["tf"] if g.hcolor[h] == home
                    and not g.hbld[h]]
    return out


def _connects(g, f) -> list[str]:
    if f["name"] != "mermaids":
        return []
    rivers = {a for h in f["locations"] for a in g.adj[h] if B.IS_RIVER[a]}
    return [f"connect {NAMES[r]}" for r in sorted(rivers)]


def _spend_spades(g, f, empty_land) -> list[str]:
    """Spades at hand (staged): transform any reachable hex to any terrain they pay for,
    build on a hex this action made home terrain, dig one more, or throw them away."""
    out = []
    home = f["color"]
    can_build = f["build_ok"] and g.phase == "play"
    spades = f["SPADE"]
    for h in empty_land:
        nm = NAMES[h]
        cur = g.hcolor[h]
        if cur == home:
            if can_build:
                out.append(f"build {nm}")
            continue
        if not _reach(g, f, h):
            continue
        if f["FREE_TF"]:
            out.append(f"transform {nm} to {home}")
            if can_build:
                out.append(f"build {nm}")
            continue
        if f["name"] == "giants":
            if spades >= 2:
                out.append(f"transform {nm} to {home}")
                if can_build:
                    out.append(f"build {nm}")
            continue
        for c in B.COLORS:
            if c != cur and abs(B.color_difference(cur, c)) <= spades:
                out.append(f"transform {nm} to {c}")
        if can_build and abs(B.color_difference(cur, home)) <= spades:
            out.append(f"build {nm}")
    if can_build and spades:
        out.append("dig 1")
    out.append("-FREE_TF" if f["FREE_TF"] and not spades else
               (f"-{spades}SPADE" if spades > 1 else "-SPADE"))
    return out


def _fund(f, coins: int, workers: int, priests: int = 0) -> str | None:
    """The conversions (fewest, power before workers) that raise the faction's coins and
    workers to ``coins`` and ``workers`` while keeping ``priests``; None if they can't."""
    C, W, P, P3 = f["C"], f["W"], f["P"], f["P3"]
    parts = []
    w_short = max(0, workers - W)
    if w_short:
        k = min(w_short, max(0, P - priests))
        if k:
            parts.append(f"convert {k}P to {k}W")
            P, W, w_short = P - k, W + k, w_short - k
        if w_short:
            if P3 < 3 * w_short:
                return None
            parts.append(f"convert {3 * w_short}PW to {w_short}W")
            P3, W = P3 - 3 * w_short, W + w_short
    c_short = max(0, coins - C)
    if c_short:
        k = min(c_short, P3)
        if k:
            parts.append(f"convert {k}PW to {k}C")
            c_short -= k
        if c_short:
            if W - workers < c_short:
                return None
            parts.append(f"convert {c_short}W to {c_short}C")
    return ". ".join(parts) or None


def _bridges_left(g, f) -> int:
    return 3 - sum(1 for *_, o in g.bridges if o == f["name"])


def _bridges(g, f):
    out = []
    seen = set()
    for a in f["locations"]:
        for b in B.BRIDGABLE[a]:
            key = (min(a, b), max(a, b))
            if key in seen or b in g.adj[a]:
                continue
            seen.add(key)
            out.append(f"bridge {NAMES[a]}:{NAMES[b]}")
    return out


def _reach(g, f, h):
    """A quick reach test (False only when the rules would refuse)."""
    if g.round == 0:
        return True
    adj = g.adj[h]
    locs = f["locations"]
    for loc in locs:
        if loc in adj:
            return True
    fd = FACTIONS[f["name"]]
    if "teleport" in fd:
        return True
    rng = f["shipping"] + (1 if f.get("BON4") and fd["ship"]["max"] and not f["passed"] else 0)
    if rng:
        rr = B.RANGE_RIVER[h]
        for loc in locs:
            d = rr.get(loc)
            if d is not None and d <= rng:
                return True
    return False


def _main_actions(g, f, empty_land):  # noqa: C901 - one branch per main action of the rule book
    out: list[str] = []
    home = f["color"]
    name = f["name"]
    fd = FACTIONS[name]
    W, C, P, P3 = f["W"], f["C"], f["P"], f["P3"]
    if g.round == 6:
        out.append("pass")
    else:
        out += [f"pass {b}" for b in sorted(g.pool, key=lambda b: (len(b), b))
                if b.startswith("BON") and g.pool[b] > 0]
    dcost = fd["cost"]["D"]
    can_d = f["D"] < 8 and W >= dcost["W"] and C >= dcost["C"]
    tf_actions = []
    # The spade actions: staged alone, or with a dwelling (below).
    # Power actions may burn power first, in the same row (as people do).
    for act, cost, free in (("ACT5", 4, 1), ("ACT6", 6, 2)):
        if act not in g.blocked and P3 + f["P2"] // 2 >= cost:
            burn = f"burn {cost - P3}. " if P3 < cost else ""
            tf_actions.append((f"{burn}action {act}", free))
    if f.get("BON1") and f"BON1/{name}" not in g.blocked:
        tf_actions.append(("action BON1", 1))
    if f.get("ACTG") and f"ACTG/{name}" not in g.blocked:
        tf_actions.append(("action ACTG", 2))
    dig = fd["dig"]
    spade_cost = dig["cost"][f["digging"]] if dig["cost"] else None
    sandstorm = f.get("ACTN") and f"ACTN/{name}" not in g.blocked
    if not can_d and spade_cost is not None:
        # Terraform only (no dwelling affordable): dig and transform to home terrain.
        for h in empty_land:
            if g.hcolor[h] == home or not _reach(g, f, h):
                continue
            need = _spades_needed(f, g, h)
            w = spade_cost.get("W", 0) * need
            if W >= w and P >= spade_cost.get("P", 0) * need:
                out.append(f"dig {need}. transform {NAMES[h]} to {home}")
    # Staged: take the spades first, then spend them (on two hexes, without building, ...).
    for act, _free in tf_actions:
        out.append(act)
    if sandstorm:
        out.append("action ACTN")
    if spade_cost is not None and W >= spade_cost.get("W", 0) and P >= spade_cost.get("P", 0):
        out.append("dig 1")
    if not can_d and f["D"] < 8:
        # Short of coins or workers: the conversions that pay for it come first, in one
        # row (an agent that looks one command ahead sees the dwelling, not the trade).
        for h in empty_land:
            if not _reach(g, f, h):
                continue
            nm = NAMES[h]
            if g.hcolor[h] == home:
                pre = _fund(f, dcost["C"], dcost["W"])
                if pre:
                    out.append(f"{pre}. build {nm}")
            elif spade_cost is not None:
                need = _spades_needed(f, g, h)
                if P >= spade_cost.get("P", 0) * need:
                    pre = _fund(f, dcost["C"], dcost["W"] + spade_cost.get("W", 0) * need,
                                spade_cost.get("P", 0) * need)
                    if pre:
                        out.append(f"{pre}. dig {need}. build {nm}")
    if can_d:
        for h in empty_land:
            if not _reach(g, f, h):
                continue
            nm = NAMES[h]
            if g.hcolor[h] == home:
                out.append(f"build {nm}")
                continue
            need = _spades_needed(f, g, h)

            def affordable(k):
                if k <= 0:
                    return True
                if spade_cost is None:
                    return False
                w = spade_cost.get("W", 0) * k + dcost["W"]
                pr = spade_cost.get("P", 0) * k
                return W >= w and P >= pr

            if affordable(need):
                out.append(f"dig {need}. build {nm}")
                out.append(f"dig {need}. transform {nm} to {home}")
            for act, free in tf_actions:
                if free >= need:
                    out.append(f"{act}. build {nm}")
                elif affordable(need - free):
                    out.append(f"{act}. dig {need - free}. build {nm}")
            if sandstorm:
                out.append(f"action ACTN. build {nm}")
    up = fd["cost"]
    for h in f["locations"]:
        b = g.hbld[h]
        nm = NAMES[h]
        for to in {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}.get(b, ()):
            c = up[to]
            if f[to] >= (1 if to in ("SH", "SA") else 4 if to == "TP" else 3):
                continue
            if W >= c["W"] and C >= c["C"]:
                out.append(f"upgrade {nm} to {to}")
            if W < c["W"] or C < (2 * c["C"] if to == "TP" else c["C"]):
                # The price may double (a trading post with no neighbour): fund both.
                for cc in {c["C"], 2 * c["C"]} if to == "TP" else {c["C"]}:
                    pre = _fund(f, cc, c["W"])
                    if pre:
                        out.append(f"{pre}. upgrade {nm} to {to}")
    if P:
        out += [f"send p to {c}" for c in CULTS]
        out += [f"send p to {c} for 1" for c in CULTS]
        # A 2 spot while the 3 spot is still free (rarely wanted, but allowed).
        out += [f"send p to {c} for 2" for c in CULTS if not g.cult_spots[c][0]
                and "" in g.cult_spots[c][1:]]
    out += _connects(g, f)
    sh = fd["ship"]
    if f["shipping"] < sh["max"] and C >= 4 and P >= 1:
        out.append("advance ship")
    if dig.get("adv_cost") and f["digging"] < dig["max"]:
        ac = dig["adv_cost"]
        if W >= ac["W"] and C >= ac["C"] and P >= ac["P"]:
            out.append("advance dig")
    for a, pw in (("ACT2", 3), ("ACT3", 4), ("ACT4", 4)):
        if a not in g.blocked and P3 + f["P2"] // 2 >= pw:
            out.append(f"burn {pw - P3}. action {a}" if P3 < pw else f"action {a}")
    if "ACT1" not in g.blocked and P3 >= 3 and _bridges_left(g, f):
        out += [f"action ACT1. {b}" for b in _bridges(g, f)]
    for tile in ("BON2", "FAV6", "ACTA", "ACTC"):
        if f.get(tile) and f"{tile}/{name}" not in g.blocked:
            out.append(f"action {tile}")
    if f.get("ACTE") and _bridges_left(g, f) and W >= 2:
        out += [f"action ACTE. {b}" for b in _bridges(g, f)]
    if f.get("ACTS") and f"ACTS/{name}" not in g.blocked:
        out += [f"action ACTS. upgrade {NAMES[h]} to TP" for h in f["locations"] if g.hbld[h] == "D"]
    if f.get("ACTW") and f"ACTW/{name}" not in g.blocked:
        out += [f"action ACTW. build {NAMES[h]}" for h in empty_land if g.hcolor[h] == home]
        out.append("action ACTW")  # staged: the free dwelling follows (or -FREE_D)
    out += free_actions(g, f)
    return out


def free_actions(g, f) -> list[str]:
    """Burning and conversions, one unit each (a bigger one is a sequence of these)."""
    out = []
    P3, P, W, C = f["P3"], f["P"], f["W"], f["C"]
    if f["P2"] >= 2:
        out.append("burn 1")
    if P3:
        out.append("convert 1PW to 1C")
    if P3 >= 3:
        out.append("convert 3PW to 1W")
    if P3 >= 5:
        out.append("convert 5PW to 1P")
    if P:
        out += ["convert 1P to 1W", "convert 1P to 1C"]
    if W:
        out.append("convert 1W to 1C")
    if C >= 3 and f["name"] != "alchemists":
        out.append("convert 3C to 1VP")
    if f["name"] == "alchemists":
        if C >= 2:
            out.append("convert 2C to 1VP")
        if f["VP"]:
            out.append("convert 1VP to 1C")
    if f["dsh"]:
        out += [f"convert {k}W to {k}P" for k in range(1, min(f["dsh"], W) + 1)]
    return out


def legal_rows(parsed, state, player) -> list[str]:
    """The candidates the rules accept; ``parsed`` reads a row text (the Game's cache)."""
    out = []
    seen = set()
    for text in candidates(state, player):
        try:
            cmds = parsed(text)
            g = state.clone()
            apply_row(g, player, cmds)
        except IllegalCommand:
            continue
        canon = text
        if canon not in seen:
            seen.add(canon)
            out.append(canon)
    return out
