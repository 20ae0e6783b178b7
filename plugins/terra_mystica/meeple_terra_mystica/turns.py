"""The flow of a game: faction picks, initial dwellings and bonus tiles, turns, passing,
round ends (cult rewards, then income), and running one player row."""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import actions as A
from . import board as B
from .data import BONUS, CULTS, FACTIONS, FAVOR, SCORING
from .economy import gain
from .factions import pass_extra
from .journal import begin, unshare, why, why_cmd
from .scoring import final_scoring
from .state import State, owed_of, seat, shown

# -- who acts --------------------------------------------------------------------



def owes(f: dict) -> bool:
    # The eight reads in one C call: this runs after every row for every faction.
    return any(owed_of(f))


def acting(g: State) -> list[str]:
    """Factions that may send a row now, in the order they should: the active faction
    while it still owes part of its action (a favor tile, spades), then the power offers
    its action made (in turn order from its left), then factions owing a choice (the
    Cultists' cult step), and only then the active faction's next action."""
    if g.finished:
        return []
    if g.phase == "select-factions":
        return []
    if g.phase == "setup":
        return [q.split(":")[-1] for q in g.setup_queue[:1]]
    out = []
    a = g.active
    fac = g.fac
    if a and any(owed_of(fac[a])):  # owes(), inline: this runs after every row
        out.append(a)
    for o in g.offers:
        if o[0] not in out:
            out.append(o[0])
    for n in g.order:
        if n not in out and any(owed_of(fac[n])):
            out.append(n)
    # Live, the next action waits for those answers and choices; the site's records let
    # the active faction act meanwhile (site-leech).
    if a and a not in out and (not out or "site-leech" in g.options):
        out.append(a)
    # Last: the faction whose turn just ended may still convert (it is never asked to).
    if g.after and g.after not in out:
        out.append(g.after)
    return out


# -- picks and setup ---------------------------------------------------------------


def pick(g: State, player: str, name: str) -> None:
    if name in g.fac:
        raise IllegalCommand(f"{name} are already taken")
    if any(f["color"] == FACTIONS[name]["color"] for f in g.fac.values()):
        raise IllegalCommand(f"the {FACTIONS[name]['color']} terrain is already taken")
    seat(g, player, name)


def _setup_row(g: State, f: dict, cmds: tuple) -> None:
    for c in cmds:
        if not g.setup_queue or g.setup_queue[0].split(":")[-1] != f["name"]:
            raise IllegalCommand(f"it is not {f['name']}' turn in the setup")
        bonus = g.setup_queue[0].startswith("bonus:")
        if c[0] == "build" and not bonus:
            with why_cmd(g, c):
                A.build(g, f, c[1])
        elif c[0] == "pass" and bonus:
            with why_cmd(g, c):
                _take_bonus(g, f, c[1])
        elif c[0] in ("wait",):
            continue
        else:
            raise IllegalCommand("in the setup, place a dwelling (build E7) or take a bonus "
                                 "tile (pass BON4)")
        g.setup_queue.pop(0)


def _take_bonus(g: State, f: dict, tile: str) -> None:
    if not tile:
        raise IllegalCommand("name a bonus tile to take (pass BON4)")
    if not g.pool.get(tile):
        raise IllegalCommand(f"{tile} is not available")
    unshare(g, "pool")
    unshare(g, "coins")
    g.pool[tile] -= 1
    f["C"] += g.coins.get(tile, 0)
    g.coins[tile] = 0
    f[tile] = 1
    f["bonus"] = tile


def _return_bonus(g: State, f: dict) -> None:
    old = f["bonus"]
    if old:
        f[old] = 0
        unshare(g, "pool")
        unshare(g, "coins")
        g.pool[old] = 1
        g.coins[old] = 0
        f["bonus"] = ""


# -- rounds ----------------------------------------------------------------------


def start_round(g: State) -> None:
    begin(g, "income", round=g.round + 1)
    g.round += 1
    g.phase = "play"
    unshare(g, "coins")
    for b in BONUS:
        if g.pool.get(b):
            g.coins[b] = g.coins.get(b, 0) + 1
    for n in g.order:
        income(g, g.fac[n])
    g.blocked = {}
    if g.round == 1:
        g.turn_order = list(g.order)
    else:
        first = g.pass_order[0] if g.pass_order else g.order[0]
        if "variable-turn-order" in g.options:
            rest = [n for n in g.order if n not in g.pass_order]
            g.turn_order = list(g.pass_order) + rest
        else:
            i = g.order.index(first)
            g.turn_order = g.order[i:] + g.order[:i]
    g.pass_order = []
    for n in g.order:
        f = g.fac[n]
        f["passed"] = f["dropped"]
        f["acted"] = 0
        f["actions"] = 1
    g.active = ""
    _next_active(g, None)


def income(g: State, f: dict) -> None:
    d = FACTIONS[f["name"]]
    inc: dict[str, int] = {}

    def add(src):
        for k, v in src.items():
            inc[k] = inc.get(k, 0) + v

    for b in ("D", "TP", "TE", "SH", "SA"):
        for k, table in d["income"][b].items():
            inc[k] = inc.get(k, 0) + table[f[b]]
    if f["bonus"]:
        add(BONUS[f["bonus"]]["income"])
    for t, (_, fi, _) in FAVOR.items():
        if f[t]:
            add(fi)
    with why(g, "income"):
        for k in ("C", "W", "P", "PW"):
            if inc.get(k):
                gain(g, f, k, inc[k])


def cult_income(g: State, f: dict) -> None:
    _, _, cult, req, reward, _ = SCORING[g.score_tiles[g.round - 1]]
    if cult == "CULT_P":
        times = f["priests_out"]
    else:
        times = f[cult] // req
    with why(g, f"round scoring {g.score_tiles[g.round - 1]}"):
        for k, v in reward.items():
            # A dropped faction is never asked to spend spades: they lapse (the site gives
            # it the rest of the bonus, and nothing waits for it).
            if k == "SPADE" and f["dropped"]:
                continue
            gain(g, f, k, v * times)


def _next_active(g: State, cur: str | None) -> None:
    order = g.turn_order
    live = [n for n in order if not g.fac[n]["passed"]]
    if not live:
        g.active = ""
        return
    if cur is None or cur not in order:
        g.active = live[0]
    else:
        i = order.index(cur)
        for k in range(1, len(order) + 1):
            n = order[(i + k) % len(order)]
            if not g.fac[n]["passed"]:
                g.active = n
                break
    f = g.fac[g.active]
    f["acted"] = 0
    f["actions"] = 1
    f["build_ok"] = 0
    f["paid_reach"] = -1


def upkeep(g: State) -> None:
    """Automatic steps after a row: the end of a round once everyone passed and every
    power offer and every owed choice is settled."""
    while not g.finished:
        if g.phase == "setup":
            if not g.setup_queue:
                start_round(g)
            return
        # Does any faction owe a choice (owes() of each, in C calls only)?
        if g.active or g.offers or any(map(any, map(owed_of, map(g.fac.__getitem__, g.order)))):
            return
        close_after(g)
        if g.phase == "play":
            if g.round == 6:
                begin(g, "final")
                final_scoring(g)
                return
            begin(g, "round", round=g.round, tile=g.score_tiles[g.round - 1])
            g.phase = "spades"
            for n in g.order:
                cult_income(g, g.fac[n])
            continue
        if g.phase == "spades":
            start_round(g)
            continue
        return


# -- a row -----------------------------------------------------------------------


def play_row(g: State, name: str, cmds: tuple) -> None:
    g.nrows += 1
    f = g.fac[name]
    if g.phase == "setup":
        _setup_row(g, f, cmds)
    else:
        # The journal's reason for each sub-command, pushed and popped here rather than
        # by ``with why_cmd``: a row that raises is thrown away with its journal.
        reasons = g.jr.reasons if g.jr is not None else []
        for i, c in enumerate(cmds):
            if c[0] == "adj" and c[1] < 0 and c[2] in CULTS:
                _check_cult_refusal(c[2], cmds[i + 1:])
            reasons.append(c)
            _command(g, f, c)
            reasons.pop()
        _end_turn_if_done(g, f)
    g.row_values = (name, shown(f))
    upkeep(g)


def _check_cult_refusal(track: str, rest: tuple) -> None:
    """``-WATER`` gives back a step of a cult gain that follows in the same row (a town
    tile's step, which a faction may not want when it would spend its key); on its own it
    would just move a faction back, which no rule allows."""
    for c in rest:
        if c[0] == "adj" and c[1] > 0 and (c[2] == track or c[2] in ("TW5", "TW6")
                                           or (c[2] in FAVOR and track in FAVOR[c[2]][0])):
            return
    raise IllegalCommand(f"-{track} only gives back a step of a {track} gain later in the same "
                         f"row (e.g. -{track}. +TW5); a faction never moves back on its own")


def _end_turn_if_done(g: State, f: dict) -> None:
    if g.active != f["name"] or owes(f):
        return
    if f["passed"] or f["acted"] >= f["actions"]:
        _next_active(g, f["name"])
        if not f["passed"] and g.active != f["name"]:
            g.after = f["name"]
        else:
            _strict_dsh_end(g, f)


def _strict_dsh_end(g: State, f: dict) -> None:
    if "strict-darkling-sh" in g.options:
        f["dsh"] = 0


def close_after(g: State) -> None:
    """The free actions after a turn end once anyone acts again (or its faction is done)."""
    if g.after:
        A.close_after(g)


def _command(g: State, f: dict, c: tuple) -> None:  # noqa: C901 - one branch per kind of row in a turn
    k = c[0]
    if k == "build":
        A.build(g, f, c[1])
    elif k == "upgrade":
        A.upgrade(g, f, c[1], c[2])
    elif k == "dig":
        A.dig(g, f, c[1])
    elif k == "transform":
        if not f["SPADE"] and not f["FREE_TF"]:
            raise IllegalCommand(f"{f['name']} have no spades to transform with")
        A.transform(g, f, c[1], c[2])
    elif k == "send":
        A.send_priest(g, f, c[1], c[2])
    elif k == "convert":
        A.convert(g, f, *c[1:])
    elif k == "burn":
        A.burn(g, f, c[1])
    elif k == "leech":
        A.answer(g, f, True, c[1], c[2])
    elif k == "decline":
        if c[1] or c[2]:
            A.answer(g, f, False, c[1], c[2])
        else:
            A.decline_all(g, f)
    elif k == "advance":
        A.advance(g, f, c[1])
    elif k == "action":
        A.action(g, f, c[1])
    elif k == "bridge":
        A.bridge(g, f, c[1], c[2])
    elif k == "connect":
        A.connect(g, f, c[1])
    elif k == "connecth":
        # Named by the land hexes it joins: the river hex next to all of them.
        common = set.intersection(*(set(B.ADJ[h]) for h in c[1:]))
        rivers = sorted(h for h in common if B.IS_RIVER[h])
        if not rivers:
            raise IllegalCommand("those hexes do not share a river hex")
        A.connect(g, f, rivers[0])
    elif k == "pass":
        pass_turn(g, f, c[1])
    elif k == "adj":
        _adjust(g, f, c[1], c[2])
    elif k == "done":
        f["actions"] = min(f["actions"], max(f["acted"], 1))
        if g.after == f["name"]:
            f["build_ok"] = 0
            close_after(g)
    elif k == "drop" and len(c) > 1:
        _drop_other(g, c[1])
    elif k == "drop":
        drop(g, f)
    elif k == "wait":
        return
    else:
        raise IllegalCommand(f"{k} is not possible now")


def _adjust(g: State, f: dict, n: int, what: str) -> None:
    if n > 0 and (what in FAVOR or what.startswith("TW")):
        for _ in range(n):
            A.tile_choice(g, f, what)
    elif what in CULTS:
        A.cult_choice(g, f, what, n)
    elif n < 0 and what in ("SPADE", "FREE_D", "FREE_TF", "FREE_TP", "BRIDGE"):
        A.throw_away(f, what, -n)
    else:
        raise IllegalCommand(f"can't take {n:+d} {what} now")


def pass_turn(g: State, f: dict, tile: str) -> None:
    A._main(g, f)
    if g.round < 6 and not tile:
        raise IllegalCommand("take a bonus tile when passing (pass BON4)")
    if g.round == 6:
        tile = ""  # no tiles in the last round (some records still name one)
    if tile and not g.pool.get(tile):
        raise IllegalCommand(f"{tile} is not available")
    _pass_vp(g, f)
    _return_bonus(g, f)
    if tile:
        _take_bonus(g, f, tile)
    f["passed"] = 1
    g.pass_order.append(f["name"])
    if "strict-chaosmagician-sh" in g.options:
        f["actions"] = f["acted"]


def _pass_vp(g: State, f: dict) -> None:
    old = f["bonus"]
    if old:
        with why(g, f"bonus {old}"):
            for what, table in BONUS[old].get("pass_vp", {}).items():
                n = f["shipping"] if what == "ship" else f[what]
                f["VP"] += table[min(n, len(table) - 1)]
    if f["FAV12"]:
        with why(g, "favor FAV12"):
            f["VP"] += (0, 2, 3, 3, 4)[f["TP"]]
    with why(g, "stronghold bridges"):
        f["VP"] += pass_extra(g.bridges, f)


def _drop_other(g: State, name: str) -> None:
    """The site's "X dropped from the game" where X was not asked to act (it had passed
    and nothing of it was open): read from a record only, sent with the next row of
    whoever plays on. Live, a player leaves by its own ``drop``."""
    if "site-order" not in g.options:
        raise IllegalCommand("a player leaves the game with drop; only a site record drops "
                             "another faction")
    o = g.fac.get(name)
    if o is None or o["dropped"]:
        raise IllegalCommand(f"{name} are not in the game" if o is None
                             else f"{name} have already dropped out")
    drop(g, o)


def drop(g: State, f: dict) -> None:
    # Its open offers are declined (which settles a Cultists' offer), its choices lapse.
    A.decline_all(g, f)
    f["dropped"] = 1
    f["passed"] = 1
    _return_bonus(g, f)
    if g.after == f["name"]:
        g.after = ""
    for k in ("SPADE", "FAVOR", "TOWN", "CULT", "BRIDGE", "FREE_D", "FREE_TP", "FREE_TF"):
        f[k] = 0
    if g.active == f["name"]:
        _next_active(g, f["name"])
