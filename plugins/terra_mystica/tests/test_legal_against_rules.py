"""legal against the rules, both ways (docs/games/terra-mystica.md, "legal is
complete" and "Play").

On positions of seeded random games, once as played and once with the acting faction's
purse set to small amounts around the prices (where legal's pre-filters decide), a wide
universe of rows is tried on the rules:

- every row the rules accept is offered by legal: as one row (up to the conversions,
  burning and digs it pays with, which legal words its own way), or as a chain of legal
  rows with the same result (legal stages big choices and lists conversions one unit at
  a time);
- a build or upgrade that conversions can pay is offered in one row with them;
- every row legal offers is accepted by decide, once.

A pre-filter that drops a candidate or keeps one the rules refuse (a threshold off by
one, a resource read from the wrong bowl, a limit miscounted) fails them; so does a
build, dig or advance not listed when the purse holds exactly its price.
"""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.data import BONUS, CULTS, FAVOR, TOWNS
from meeple_terra_mystica.notation import parse_row
from meeple_terra_mystica.rows import apply_row

from .test_live_rules import _put, _state

GAME = TerraMystica()
SITE = {"strict-leech": True, "errata-cultist-power": True, "mini-expansion-1": True,
        "shipping-bonus": True, "temple-scoring-tile": True, "variable-turn-order": True}

_ACTIONS = ("ACT2", "ACT3", "ACT4", "ACT5", "ACT6", "ACTA", "ACTC", "ACTG", "ACTN", "ACTS",
            "ACTW", "BON1", "BON2", "FAV6")
_SPADE_ACTIONS = ("ACT5", "ACT6", "BON1", "ACTG", "ACTN", "ACTW")
_FREE = ("burn 1", "convert 1PW to 1C", "convert 3PW to 1W", "convert 5PW to 1P",
         "convert 1P to 1W", "convert 1P to 1C", "convert 1W to 1C", "convert 3C to 1VP",
         "convert 2C to 1VP", "convert 1VP to 1C", "convert 1W to 1P", "convert 2W to 2P",
         "convert 3W to 3P")
#: Conversions that pay for a building (no burning: legal's one-row offers convert only).
_FUNDING = ("convert 1PW to 1C", "convert 2PW to 2C", "convert 3PW to 3C", "convert 1W to 1C",
            "convert 2W to 2C", "convert 1P to 1W", "convert 2P to 2W", "convert 3PW to 1W",
            "convert 6PW to 2W", "convert 1P to 1W. convert 1PW to 1C",
            "convert 3PW to 1W. convert 1PW to 1C", "convert 3PW to 1W. convert 1W to 1C")
_MAIN = ("build", "upgrade", "dig", "send", "advance", "action", "pass", "transform")


def _universe(g, name: str) -> list[str]:  # noqa: C901 - a test's list of every kind of row
    """Rows to try: every main action on every hex, the power and faction actions with and
    without burning, bridges, cult steps, tiles, conversions, answers, giving up."""
    f = g.fac[name]
    home = f["color"]
    out = ["pass", *(f"pass {b}" for b in BONUS), *_FREE]
    owes = any(f[k] for k in ("TOWN", "FAVOR", "CULT", "BRIDGE", "FREE_D", "FREE_TP", "SPADE"))
    if ((g.active == name and f["acted"]) or g.after == name) and not owes:
        out.append("done")  # otherwise "done" changes nothing: there is no row to compare
    for h in B.LAND:
        n = B.NAMES[h]
        out.append(f"build {n}")
        if g.hbld[h]:
            continue
        for k in (1, 2, 3):
            out += [f"dig {k}. build {n}", f"dig {k}. transform {n} to {home}"]
        for a in _SPADE_ACTIONS:
            out += [f"action {a}. build {n}", f"action {a}. dig 1. build {n}"]
        if g.hcolor[h] != home:
            # legal leaves out turning a hex of one's own home terrain into another (a
            # pruning; the league records never do it), so only other hexes are tried.
            out += [f"transform {n} to {c}" for c in B.COLORS]
    out += ["dig 1", "dig 2", "advance ship", "advance dig"]
    for h in f["locations"]:
        for t in ("TP", "TE", "SH", "SA"):
            out += [f"upgrade {B.NAMES[h]} to {t}", f"action ACTS. upgrade {B.NAMES[h]} to {t}"]
    for c in CULTS:
        out += [f"send p to {c}", f"send p to {c} for 1", f"send p to {c} for 2", f"+{c}",
                f"+2{c}", f"-{c}. +TW5", f"-{c}. +TW6"]
    for a in _ACTIONS:
        out += [f"action {a}", *(f"burn {k}. action {a}" for k in range(1, 7))]
    # ACT1 and ACTE alone (the bridge given up) are left out: legal offers them with it.
    for a in B.LAND:
        for b in sorted(B.BRIDGABLE[a]):
            ab = f"{B.NAMES[a]}:{B.NAMES[b]}"
            out += [f"bridge {ab}", f"action ACT1. bridge {ab}", f"action ACTE. bridge {ab}"]
    out += [f"+{t}" for t in (*FAVOR, *TOWNS)]
    out += ["-BRIDGE", "-FREE_D", "-FREE_TP", "-FREE_TF", "-SPADE", "-2SPADE", "-3SPADE"]
    for o in g.offers:
        if o[0] == name:
            out += [f"leech {o[2]} from {o[1]}", f"decline {o[2]} from {o[1]}"]
    if f["SPADE"] and not f["build_ok"]:
        # With spades at hand after the action's dwelling, the rules accept more digging
        # (in the same turn); legal offers one more dig only while the action may build.
        out = [r for r in out if not r.startswith("dig")]
    if any(f[k] for k in ("TOWN", "FAVOR", "CULT", "BRIDGE", "FREE_D", "FREE_TP")):
        # legal settles an owed choice before the next action; the rules let a record
        # take it later in the turn, so main actions are not tried meanwhile.
        out = [r for r in out if not r.startswith(_MAIN)]
    return out


def _key(text: str, g) -> str:
    """A row without the conversions, burning and digs that pay for it."""
    if g.round == 6 and text.startswith("pass"):
        return "pass"  # no bonus tiles in the last round (records still name one)
    text = re.sub(r"^-\d+SPADE$", "-SPADE", text)
    if re.fullmatch(r"dig \d+", text):
        return "dig 1"
    parts = text.split(". ")
    core = [x for x in parts if not x.startswith(("convert", "burn"))] or parts
    core = [x for x in core if not x.startswith("dig")] or core
    out = []
    for x in core:
        m = re.fullmatch(r"bridge (\w+):(\w+)", x)
        out.append("bridge " + ":".join(sorted(m.groups())) if m else x)
    return ". ".join(out)


def _after(g, player: str, cmds: tuple):
    try:
        h = g.clone()
        apply_row(h, player, cmds)
    except IllegalCommand:
        return None
    return h


def _units(cmds: tuple) -> tuple:
    """``dig 2`` and ``burn 2`` as two single units (legal's way of listing them)."""
    out: list = []
    for c in cmds:
        out += [(c[0], 1)] * c[1] if c[0] in ("dig", "burn") and c[1] > 1 else [c]
    return tuple(out)


def _legal(g, player: str, memo: dict) -> list[tuple]:
    if id(g) not in memo:
        memo[id(g)] = (g, [parse_row(c.text) for c in GAME.legal(g, player)])
    return memo[id(g)][1]


def _reached(g, player: str, seq: tuple, memo: dict, depth: int = 0) -> bool:
    """Does a legal row, or a chain of them, give the state ``seq`` gives?"""
    legal = _legal(g, player, memo)
    if seq in legal:
        return True
    res = _after(g, player, seq)
    if res is None:
        return False
    if any(_after(g, player, row) == res for row in legal):
        return True
    if depth >= 4 or len(seq) == 1:
        return False
    for i in range(1, len(seq)):
        mid = _after(g, player, seq[:i])
        if mid is None or player not in GAME.to_act(mid):
            continue
        if _reached(g, player, seq[:i], memo, depth + 1) and \
                _reached(mid, player, seq[i:], memo, depth + 1):
            return True
    return False


def _cases(seed: int) -> list:
    """Two positions of a seeded random game (2-5 players, either option set; mostly main
    actions, so that the map fills), each as played and with the acting faction's purse
    set near the prices."""
    rng = random.Random(seed)
    n = 2 + seed % 4
    at = sorted(rng.sample(range(8, 25 * n), 2))  # a random game lasts 30-40 plies a seat
    lg = LocalGame(GAME, GAME.default_players(n), SITE if seed % 2 else {}, seed=seed)
    out, ply = [], 0
    while lg.outcome() is None and at:
        p = lg.to_act()[0]
        if ply >= at[0] and lg.state.faction_of.get(p):
            out += [GAME.clone(lg.state), _tight(lg.state, p, rng)]
            at.pop(0)
        rows = GAME.legal(lg.state, p)
        main = [r for r in rows if not r.text.startswith(("convert", "burn"))]
        lg.play(p, rng.choice(main if main and rng.random() < 0.8 else rows))
        ply += 1
    return out


def _tight(g, player: str, rng: random.Random):
    g = GAME.clone(g)
    f = g.fac[g.faction_of[player]]
    power = f["P1"] + f["P2"] + f["P3"]
    p2 = rng.randint(0, min(power, 8))
    p3 = rng.randint(0, power - p2)
    f.update(C=rng.randint(0, 8), W=rng.randint(0, 4), P=rng.randint(0, 2), P1=power - p2 - p3,
             P2=p2, P3=p3)
    # The building and bridge limits: counts at or next to them (only ever raised, so the
    # buildings on the map still fit).
    for b, near in (("D", (7, 8)), ("TP", (3, 4)), ("TE", (2, 3)), ("SH", (1,)), ("SA", (1,))):
        f[b] = max(f[b], rng.choice((0, *near)))
    free = [(a, b) for a in B.LAND for b in sorted(B.BRIDGABLE[a]) if a < b
            and not any({a, b} == {x, y} for x, y, _ in g.bridges)]
    mine = sum(1 for *_, o in g.bridges if o == f["name"])
    g.bridges = [*g.bridges, *((a, b, f["name"]) for a, b in rng.sample(
        free, max(0, rng.randint(0, 3) - mine)))]
    return g


def _missing(g) -> list[str]:
    player = GAME.to_act(g)[0]
    name = g.faction_of[player]
    legal = [c.text for c in GAME.legal(g, player)]
    keys = {_key(x, g) for x in legal}
    memo: dict = {}
    out = []
    for text in _universe(g, name):
        cmds = parse_row(text)
        if _after(g, player, cmds) is None or _key(text, g) in keys:
            continue
        if not _reached(g, player, _units(cmds), memo):
            out.append(text)
    return out


def _unfunded(g, hexes=None) -> list[str]:
    """Builds and upgrades the purse pays only after conversions that legal does not offer
    in one row with their conversions."""
    player = GAME.to_act(g)[0]
    name = g.faction_of[player]
    f = g.fac[name]
    if g.active != name or g.phase != "play" or f["acted"] or g.offers:
        return []
    if name in ("dwarves", "fakirs"):
        return []  # legal funds the building's price, not a tunnel's or a carpet's
    keys = {_key(c.text, g) for c in GAME.legal(g, player)}
    bases = [f"build {B.NAMES[h]}" for h in hexes or B.LAND if not g.hbld[h]]
    bases += [f"upgrade {B.NAMES[h]} to {t}" for h in f["locations"] for t in ("TP", "TE")]
    out = []
    for base in bases:
        if base in keys or _after(g, player, parse_row(base)) is not None:
            continue
        if any(_after(g, player, parse_row(f"{pre}. {base}")) is not None for pre in _FUNDING):
            out.append(base)
    return out


def _split(g) -> list[str]:
    """Spade actions and digs with the dwelling they pay for, which legal lists whole
    (docs/games/terra-mystica.md, "Staging"): for each hex and each way, the fewest digs
    the rules accept must be a row of legal (up to the burning that pays for it)."""
    player = GAME.to_act(g)[0]
    name = g.faction_of[player]
    f = g.fac[name]
    if g.active != name or g.phase != "play" or f["acted"] or g.offers or f["SPADE"]:
        return []
    whole = {re.sub(r"^burn \d+\. ", "", c.text) for c in GAME.legal(g, player)}
    ways = [("", (1, 2, 3))]
    for act, price in (("ACT5", 4), ("ACT6", 6), ("BON1", 0), ("ACTG", 0)):
        burn = f"burn {price - f['P3']}. " if f["P3"] < price <= f["P3"] + f["P2"] // 2 else ""
        ways.append((f"{burn}action {act}. ", (0, 1, 2)))
    out = []
    for h in B.LAND:
        n = B.NAMES[h]
        if g.hbld[h] or _after(g, player, parse_row(f"build {n}")) is not None:
            continue
        for head, digs in ways:
            for k in digs:
                row = head + (f"dig {k}. " if k else "") + f"build {n}"
                if _after(g, player, parse_row(row)) is not None:
                    if re.sub(r"^burn \d+\. ", "", row) not in whole:
                        out.append(row)
                    break
    return out


@pytest.mark.parametrize("seed", range(24))
def test_legal_offers_what_the_rules_accept_and_nothing_they_refuse(seed: int) -> None:
    cases = _cases(seed)
    assert cases, "no position was taken"
    for g in cases:
        where = (g.round, g.phase, GAME.to_act(g))
        assert _missing(g) == [], where
        assert _unfunded(g) == [], where
        assert _split(g) == [], where
        for player in GAME.to_act(g):
            rows = [c.text for c in GAME.legal(g, player)]
            assert len(rows) == len(set(rows)), rows
            before = GAME.clone(g)
            for text in rows:
                events = GAME.decide(g, player, text, None)
                assert events, text
                _check_facts(g, player, text, events)
            assert g == before


#: The faction counters ``changes`` reports (ledger.py), by their names there.
_COUNTERS = {"vp": "VP", "coins": "C", "workers": "W", "priests": "P", "bowl1": "P1",
             "bowl2": "P2", "bowl3": "P3", "shipping": "shipping", "digging": "digging",
             "dwellings": "D", "trading_houses": "TP", "temples": "TE",
             "strongholds": "SH", "sanctuaries": "SA", "keys": "KEY",
             **{c.lower(): c for c in CULTS}}


def _check_facts(g, player: str, text: str, events: list) -> None:
    """The events fold to where the rules run on the state land (the search fast path),
    and their changes are each counter's difference, for every faction."""
    slow = GAME.clone(g)
    for ev in events:
        slow = GAME.fold(slow, ev)
    fast = GAME.step(GAME.clone(g), player, GAME.parse(text), None)
    assert slow == fast, text
    total: dict[str, dict[str, int]] = {}
    for ev in events:
        for p, d in GAME.changes(ev).items():
            for k, v in d.items():
                total.setdefault(p, {})[k] = total.setdefault(p, {}).get(k, 0) + v
    for name, f in g.fac.items():
        after = slow.fac[name]
        want = {k: after[key] - f[key] for k, key in _COUNTERS.items() if after[key] != f[key]}
        got = {k: v for k, v in total.get(f["player"], {}).items() if k in _COUNTERS and v}
        assert got == want, (text, name)


def test_every_short_purse_conversions_can_fill_gets_the_build_in_one_row() -> None:
    """The funding offers at every boundary: coins, workers, priests and bowl III from
    none to a little more than a dwelling or a trading house needs."""
    base = _state("witches", "nomads")
    _put(base, "witches", "E5")
    _put(base, "nomads", "E4")  # E5's trading house costs its single price
    base.hcolor[B.INDEX["E6"]] = "green"
    lone = _state("witches", "nomads")
    _put(lone, "witches", "E5")  # no neighbour: the trading house costs double coins
    near = [B.INDEX["E6"]]
    checked = 0
    for g0 in (base, lone):
        for c in range(0, 7):
            for w in range(0, 4):
                for p in range(0, 2):
                    for p3 in (0, 1, 2, 3, 5, 6):
                        g = GAME.clone(g0)
                        g.fac["witches"].update(C=c, W=w, P=p, P1=12 - p3, P2=0, P3=p3)
                        assert _unfunded(g, near) == [], (c, w, p, p3)
                        checked += 1
    assert checked == 2 * 7 * 4 * 2 * 6


def _limits_scene():
    g = _state("witches", "nomads")
    a = next(h for h in B.LAND if B.BRIDGABLE[h] and B.NAMES[h][0] in "DEF")
    _put(g, "witches", B.NAMES[a])
    home = next(h for h in B.ADJ[a] if not B.IS_RIVER[h])
    g.hcolor[home] = "green"
    for b, at in (("D", "E5"), ("TP", "E7"), ("TE", "E9")):
        if not g.hbld[B.INDEX[at]]:
            _put(g, "witches", at, b)
    g.fac["witches"].update(C=30, W=12, P=3, P1=0, P2=5, P3=7)
    return g


@pytest.mark.parametrize("limit", ["D", "TP", "TE", "SH", "SA", "bridges"])
def test_legal_agrees_with_the_rules_at_every_building_and_bridge_limit(limit: str) -> None:
    top = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1, "bridges": 3}[limit]
    for count in range(max(0, top - 2), top + 1):
        g = _limits_scene()
        f = g.fac["witches"]
        if limit == "bridges":
            pairs = [(x, y) for x in B.LAND for y in sorted(B.BRIDGABLE[x])
                     if x < y and x not in f["locations"] and y not in f["locations"]]
            g.bridges = [(x, y, "witches") for x, y in pairs[:count]]
        else:
            f[limit] = max(f[limit], count)
        assert _missing(g) == [], (limit, count)
        assert _split(g) == [], (limit, count)


# -- what legal lists when the purse holds exactly the price -----------------------------


def _listed(g, player="p0") -> list[str]:
    return [c.text for c in GAME.legal(g, player)]


def test_a_dig_is_listed_when_the_workers_or_priests_exactly_pay_a_spade() -> None:
    g = _state("darklings", "nomads")
    _put(g, "darklings", "E4")
    f = g.fac["darklings"]
    f.update(P=1, W=0, C=0)
    assert "dig 1" in _listed(g)  # a Darkling spade costs one priest
    f["P"] = 0
    assert "dig 1" not in _listed(g)
    g = _state("witches", "nomads")
    _put(g, "witches", "E4")
    g.fac["witches"].update(W=3, C=0, P=0)  # three workers a spade
    assert "dig 1" in _listed(g)


def test_advancing_digging_is_listed_when_the_purse_holds_exactly_its_price() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E4")
    f = g.fac["witches"]
    f.update(W=2, C=5, P=1)  # the rulebook's price: 2 workers, 5 coins, 1 priest
    assert "advance dig" in _listed(g)
    for k in ("W", "C", "P"):
        f[k] -= 1
        assert "advance dig" not in _listed(g), k
        f[k] += 1


def test_every_affordable_upgrade_is_listed_until_the_buildings_run_out() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    tp = _put(g, "witches", "E7", "TP")
    te = _put(g, "witches", "E9", "TE")
    g.fac["witches"].update(W=20, C=30, P=5)
    listed = _listed(g)
    for text in ("upgrade E5 to TP", "upgrade E7 to TE", "upgrade E7 to SH", "upgrade E9 to SA"):
        assert text in listed, text
    g.fac["witches"]["TP"] = 4  # every trading house is on the map
    assert "upgrade E5 to TP" not in _listed(g)
    assert g.hbld[tp] == "TP" and g.hbld[te] == "TE"


def test_a_free_trading_house_upgrade_lists_every_dwelling_and_giving_it_up() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    _put(g, "witches", "E7", "TP")
    g.fac["witches"].update(FREE_TP=1, C=0, W=0)  # free: no coins or workers needed
    listed = _listed(g)
    assert "upgrade E5 to TP" in listed and "-FREE_TP" in listed
    assert "upgrade E7 to TP" not in listed


def test_the_darklings_stronghold_conversion_is_offered_after_the_main_action_too() -> None:
    g = _state("darklings", "nomads")
    _put(g, "darklings", "E4", "SH")
    f = g.fac["darklings"]
    f.update(dsh=3, W=2, P=0)
    f["acted"] = f["actions"]  # the stronghold was this turn's action
    listed = _listed(g)
    assert {"convert 1W to 1P", "convert 2W to 2P"} <= set(listed)
    assert "convert 3W to 3P" not in listed  # only two workers


def test_an_owed_bridge_lists_every_river_crossing_from_the_factions_buildings_and_giving_it_up():
    g = _state("engineers", "nomads")
    a = next(h for h in B.LAND if len(B.BRIDGABLE[h]) >= 2)
    _put(g, "engineers", B.NAMES[a])
    f = g.fac["engineers"]
    f.update(P1=0, P2=0, P3=3)
    apply_row(g, "p0", parse_row("action ACT1"))
    assert f["BRIDGE"] == 1
    rows = [t.text for t in GAME.legal(g, "p0")]
    bridges = [r for r in rows if r.startswith("bridge ")]
    assert sorted(bridges) == sorted(f"bridge {B.NAMES[a]}:{B.NAMES[b]}" for b in B.BRIDGABLE[a])
    assert "-BRIDGE" in rows
    # Nothing but the bridge, giving it up and the turn's free actions (no build, no pass).
    assert not [r for r in rows if r.split()[0] in ("build", "upgrade", "pass", "dig")]
    for row in bridges + ["-BRIDGE"]:
        h = g.clone()
        apply_row(h, "p0", parse_row(row))
        assert h.fac["engineers"]["BRIDGE"] == 0
    # A bridge already there is not offered again.
    b = min(B.BRIDGABLE[a])
    apply_row(g, "p0", parse_row(f"bridge {B.NAMES[a]}:{B.NAMES[b]}"))
    f["BRIDGE"] = 1
    assert sorted(t.text for t in GAME.legal(g, "p0") if t.text.startswith("bridge ")) == sorted(
        f"bridge {B.NAMES[a]}:{B.NAMES[c]}" for c in B.BRIDGABLE[a] if c != b)


def test_a_player_who_need_not_act_is_offered_nothing():
    g = _state("engineers", "nomads")
    assert GAME.legal(g, "p0") and GAME.legal(g, "p1") == [] and GAME.legal(g, "zed") == []


def test_a_setup_dwelling_is_offered_on_every_empty_hex_of_the_home_terrain_only():
    from meeple_terra_mystica.data import FACTIONS
    from meeple_terra_mystica.legal import candidates

    lg = LocalGame(GAME, ["p0", "p1"], {}, seed=1)
    lg.play("p0", "setup witches")
    lg.play("p1", "setup nomads")
    for player, name in (("p0", "witches"), ("p1", "nomads")):
        g = lg.state
        home = FACTIONS[name]["color"]
        want = [f"build {B.NAMES[h]}" for h in B.LAND if g.hcolor[h] == home and not g.hbld[h]]
        assert len(want) > 3
        assert candidates(g, player) == want
        assert [t.text for t in GAME.legal(g, player)] == want
        lg.play(player, want[0])
        assert want[0] not in [t.text for t in GAME.legal(lg.state, player)]



def test_a_setup_bonus_tile_is_offered_from_every_pile_left_in_number_order():
    from meeple_terra_mystica.legal import candidates

    lg = LocalGame(GAME, ["p0", "p1"], {}, seed=1)
    lg.play("p0", "setup witches")
    lg.play("p1", "setup nomads")
    while not lg.state.setup_queue[0].startswith("bonus:"):
        p = lg.to_act()[0]
        lg.play(p, GAME.legal(lg.state, p)[0].text)
    g = lg.state
    p = lg.to_act()[0]
    g.pool["BON10"] = 1  # the shipping-bonus tile, drawn: after BON9, not after BON1
    piles = sorted((b for b in g.pool if b.startswith("BON") and g.pool[b] > 0),
                   key=lambda b: int(b[3:]))
    assert len(piles) >= 3 and piles[-1] == "BON10"
    assert candidates(g, p) == [f"pass {b}" for b in piles]
    g.pool[piles[1]] = 0
    assert candidates(g, p) == [f"pass {b}" for b in piles if b != piles[1]]
    assert candidates(g, "p9") == []

@pytest.mark.parametrize("name", ["alchemists", "witches", "darklings"])
def test_coins_convert_to_points_at_the_factions_own_rate_from_the_first_full_lot(name):
    """Three coins to a point, the Alchemists two (and a point back to a coin): offered
    from the first full lot, never the other rate."""
    from meeple_terra_mystica.legal import free_actions

    g = _state(name, "nomads")
    f = g.fac[name]
    f.update(P1=12, P2=0, P3=0, P=0, W=0, VP=0, dsh=0)
    for coins in range(0, 5):
        f["C"] = coins
        if name == "alchemists":
            want = ["convert 2C to 1VP"] if coins >= 2 else []
        else:
            want = ["convert 3C to 1VP"] if coins >= 3 else []
        assert free_actions(g, f) == want, coins
    f.update(C=0, VP=1)
    assert free_actions(g, f) == (["convert 1VP to 1C"] if name == "alchemists" else [])


@pytest.mark.parametrize("held, want", [
    ({"P2": 1}, []),
    ({"P2": 2}, ["burn 1"]),
    ({"P3": 1}, ["convert 1PW to 1C"]),
    ({"P3": 2}, ["convert 1PW to 1C"]),
    ({"P3": 3}, ["convert 1PW to 1C", "convert 3PW to 1W"]),
    ({"P3": 4}, ["convert 1PW to 1C", "convert 3PW to 1W"]),
    ({"P3": 5}, ["convert 1PW to 1C", "convert 3PW to 1W", "convert 5PW to 1P"]),
    ({"P": 1}, ["convert 1P to 1W", "convert 1P to 1C"]),
    ({"W": 1}, ["convert 1W to 1C"]),
    ({"W": 1, "dsh": 3}, ["convert 1W to 1C", "convert 1W to 1P"]),
    ({"W": 5, "dsh": 3}, ["convert 1W to 1C", "convert 1W to 1P", "convert 2W to 2P",
                          "convert 3W to 3P"]),
    ({"W": 0, "dsh": 3}, []),
])
def test_each_conversion_is_offered_from_the_first_unit_it_can_pay(held, want):
    from meeple_terra_mystica.legal import free_actions

    g = _state("darklings", "nomads")
    f = g.fac["darklings"]
    f.update(P1=0, P2=0, P3=0, P=0, W=0, C=0, VP=0, dsh=0)
    f.update(held)
    assert free_actions(g, f) == want


def _broke(*names):
    """A round-1 position of ``names`` in which the first faction holds nothing to convert."""
    g = _state(*names)
    g.fac[names[0]].update(C=0, W=0, P=0, P1=0, P2=0, P3=0)
    return g


@pytest.mark.parametrize("held, coins, workers, priests, want", [
    ({"C": 5, "W": 3}, 2, 1, 0, None),  # nothing short: nothing to convert
    ({"P": 2}, 0, 2, 0, "convert 2P to 2W"),
    ({"P": 1, "P3": 3}, 0, 2, 0, "convert 1P to 1W. convert 3PW to 1W"),
    ({"P": 2, "P3": 3}, 0, 2, 1, "convert 1P to 1W. convert 3PW to 1W"),  # one priest kept
    ({"P": 2, "P3": 2}, 0, 2, 1, None),
    ({"P3": 6}, 0, 2, 0, "convert 6PW to 2W"),
    ({"P3": 5}, 0, 2, 0, None),
    ({"W": 1, "P3": 2}, 3, 0, 0, "convert 2PW to 2C. convert 1W to 1C"),
    ({"P3": 2}, 3, 0, 0, None),
    ({"W": 5}, 2, 1, 0, "convert 2W to 2C"),  # workers to spare beyond the price
    ({"W": 3}, 2, 1, 0, "convert 2W to 2C"),  # exactly enough to spare
    ({"W": 2}, 2, 1, 0, None),
    ({"C": 1, "P3": 4}, 2, 1, 0, "convert 3PW to 1W. convert 1PW to 1C"),
    ({"P3": 4}, 2, 1, 0, None),  # the power left after the worker pays one coin only
])
def test_a_purse_is_funded_by_the_fewest_conversions_power_before_workers(
        held, coins, workers, priests, want):
    from meeple_terra_mystica.legal import _fund

    f = dict({"C": 0, "W": 0, "P": 0, "P3": 0}, **held)
    assert _fund(f, coins, workers, priests) == want


def test_only_the_mermaids_are_offered_to_connect_across_the_rivers_beside_them():
    from meeple_terra_mystica.legal import _connects

    for name in ("mermaids", "witches"):
        g = _state(name, "nomads")
        _put(g, name, "E5")  # beside r14, r15 and r21
        _put(g, name, "E9")  # beside r17 and r19
        want = ([f"connect {r}" for r in ("r14", "r15", "r17", "r19", "r21")]
                if name == "mermaids" else [])
        assert _connects(g, g.fac[name]) == want, name


def test_a_turn_with_nothing_to_spend_offers_each_bonus_tile_left_or_the_last_pass():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    piles = [f"BON{i}" for i in range(1, 10)]
    assert candidates(g, "p0") == [f"pass {b}" for b in piles]
    g.pool["BON3"] = 0
    assert candidates(g, "p0") == [f"pass {b}" for b in piles if b != "BON3"]
    g.round = 5
    assert candidates(g, "p0") == [f"pass {b}" for b in piles if b != "BON3"]
    g.round = 6
    assert candidates(g, "p0") == ["pass"]


def test_after_a_turn_its_dwelling_may_go_only_on_an_empty_home_hex_it_transformed():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    ready, built, other = (B.INDEX[h] for h in ("E6", "E7", "E8"))
    g.hcolor[ready] = "green"
    _put(g, "nomads", "E7")
    g.hcolor[built] = "green"
    g.hcolor[other] = "blue"
    g.active, g.after = "nomads", "witches"
    f.update(tf=(ready, built, other), build_ok=1)
    assert candidates(g, "p0") == ["done", "build E6"]
    f["build_ok"] = 0
    assert candidates(g, "p0") == ["done"]


def test_owed_tiles_and_cult_steps_are_offered_from_what_is_left():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    f.update(FAVOR=1, FAV1=1)
    g.pool["FAV2"] = 0
    assert candidates(g, "p0") == [f"+FAV{i}" for i in range(3, 13)]
    f.update(FAVOR=0, TOWN=1, WATER=8, FIRE=7)
    g.pool["TW3"] = 0
    assert candidates(g, "p0") == ["+TW1", "+TW2", "+TW4", "+TW5", "-WATER. +TW5"]
    f.update(TOWN=0, CULT=1)
    assert candidates(g, "p0") == ["+FIRE", "+WATER", "+EARTH", "+AIR"]
    f.update(CULT=2, cult_same=1)
    assert candidates(g, "p0") == ["+2FIRE", "+2WATER", "+2EARTH", "+2AIR"]


def test_power_actions_are_offered_where_bowl_three_pays_or_burning_fills_it():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    f.update(P2=2, P3=3)  # three power at hand, four after burning one
    piles = [f"pass BON{i}" for i in range(1, 10)]
    convert = ["burn 1", "convert 1PW to 1C", "convert 3PW to 1W"]
    assert candidates(g, "p0") == piles + [
        "burn 1. action ACT5", "action ACT2", "burn 1. action ACT3", "burn 1. action ACT4",
        *convert]
    g.blocked["ACT2"] = 1
    g.blocked["ACT5"] = 1
    assert candidates(g, "p0") == piles + [
        "burn 1. action ACT3", "burn 1. action ACT4", *convert]
    g.blocked.clear()
    f.update(P2=1)  # nothing to burn
    assert candidates(g, "p0") == piles + ["action ACT2", "convert 1PW to 1C",
                                           "convert 3PW to 1W"]
    f.update(P2=0, P3=4)  # exactly the spade action's price in bowl III
    assert candidates(g, "p0") == piles + [
        "action ACT5", "action ACT2", "action ACT3", "action ACT4", "convert 1PW to 1C",
        "convert 3PW to 1W"]


def test_spades_at_hand_transform_neighbours_as_far_as_they_reach():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")  # beside E4 (lakes), E6 (plains) and F3 (desert)
    f.update(SPADE=1, build_ok=1)
    home = [f"build {B.NAMES[h]}" for h in B.LAND if g.hcolor[h] == "green" and not g.hbld[h]]
    got = candidates(g, "p0")
    assert [r for r in got if not r.startswith("build ") or r == "build E4"] == [
        "transform E4 to black", "transform E4 to green", "build E4",
        "transform E6 to yellow", "transform E6 to black",
        "transform F3 to brown", "transform F3 to red", "dig 1", "-SPADE"]
    assert [r for r in got if r.startswith("build ") and r != "build E4"] == home
    f.update(SPADE=2, build_ok=0)
    assert candidates(g, "p0") == [
        "transform E4 to brown", "transform E4 to black", "transform E4 to green",
        "transform E4 to gray",
        "transform E6 to yellow", "transform E6 to black", "transform E6 to blue",
        "transform E6 to red",
        "transform F3 to brown", "transform F3 to black", "transform F3 to gray",
        "transform F3 to red", "-2SPADE"]


@pytest.mark.parametrize("strict", [False, True])
def test_every_open_offer_may_be_answered_or_under_strict_leech_the_first(strict):
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads", "cultists")
    if strict:
        g.options = {*g.options, "strict-leech"}
    g.offers = [["witches", "nomads", 2, 0, 1], ["nomads", "cultists", 1, 1, 1],
                ["witches", "cultists", 1, 2, 1]]
    first = ["leech 2 from nomads", "decline 2 from nomads"]
    second = ["leech 1 from cultists", "decline 1 from cultists"]
    # Witches' turn waits for the answers: nothing else to do with an empty purse.
    assert candidates(g, "p0") == first + ([] if strict else second)
    g.fac["witches"]["P2"] = 2
    assert candidates(g, "p0") == first + ([] if strict else second) + ["burn 1"]


def test_the_darklings_trade_workers_for_priests_after_their_action_up_to_what_is_left():
    from meeple_terra_mystica.legal import candidates

    g = _broke("darklings", "nomads")
    f = g.fac["darklings"]
    f.update(dsh=3, W=2)
    f["acted"] = f["actions"]
    trades = ["convert 1W to 1P", "convert 2W to 2P"]
    assert candidates(g, "p0") == ["done", *trades]
    f["W"] = 5
    trades.append("convert 3W to 3P")
    assert candidates(g, "p0") == ["done", *trades]
    # A state folded from stored events holds its own copies of the names.
    g.active = "".join(["dark", "lings"])
    assert candidates(g, "p0") == ["done", *trades]
    f["dsh"] = 0
    assert candidates(g, "p0") == ["done"]
    g.active = "nomads"  # not its turn: nothing
    assert candidates(g, "p0") == []


def test_a_dwelling_on_a_neighbour_is_offered_with_the_spades_the_purse_or_an_action_pays():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")  # E4 one spade from forest, E6 and F3 three (3 workers each)
    f.update(W=4, C=2)
    piles = [f"pass BON{i}" for i in range(1, 10)]
    assert candidates(g, "p0") == piles + [
        "dig 1", "dig 1. build E4", "dig 1. transform E4 to green",
        "convert 1W to 1C. upgrade E5 to TP", "convert 1W to 1C"]
    f.update(W=3)  # a spade, but not the spade and the dwelling
    assert candidates(g, "p0") == piles + [
        "dig 1", "convert 1W to 1C. upgrade E5 to TP", "convert 1W to 1C"]
    f.update(W=4, P3=6)
    building = [r for r in candidates(g, "p0") if "build" in r or "transform" in r]
    assert building == [
        "dig 1. build E4", "dig 1. transform E4 to green",
        "action ACT5. build E4", "action ACT6. build E4",
        "action ACT6. dig 1. build E6", "action ACT6. dig 1. build F3"]
    f.update(W=3, C=0, P3=0)  # no dwelling affordable: the spade alone, to forest
    assert [r for r in candidates(g, "p0") if "transform" in r] == [
        "dig 1. transform E4 to green"]
    f.update(W=2)
    assert [r for r in candidates(g, "p0") if "transform" in r] == []


def test_a_trading_house_is_offered_at_its_price_and_funded_up_to_the_double_price():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")  # no neighbour: the trading house may cost double coins
    for w, c, want in ((5, 3, ["upgrade E5 to TP", "convert 3W to 3C. upgrade E5 to TP"]),
                       (4, 3, ["upgrade E5 to TP"]),
                       (5, 6, ["upgrade E5 to TP"]),
                       (2, 2, []),  # no worker to spare for the coin
                       (3, 2, ["convert 1W to 1C. upgrade E5 to TP"])):
        f.update(W=w, C=c)
        assert [r for r in candidates(g, "p0") if "upgrade" in r] == want, (w, c)


def test_a_dwelling_short_of_coins_or_workers_is_offered_with_the_conversions_first():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    g.hcolor[B.INDEX["E4"]] = "green"  # a forest neighbour: no spade needed
    f.update(W=1, C=0, P3=2)  # two coins short: bowl III pays them
    building = [r for r in candidates(g, "p0") if "build" in r]
    assert building == ["convert 2PW to 2C. build E4"]
    f.update(W=0, C=2, P=1, P3=0)  # a worker short: the priest pays it
    building = [r for r in candidates(g, "p0") if "build" in r]
    assert building == ["convert 1P to 1W. build E4"]
    f.update(P=0, W=3, C=0)  # three workers: one for the dwelling, two for its coins
    building = [r for r in candidates(g, "p0") if "build" in r]
    assert building == ["convert 2W to 2C. build E4"]


def test_the_quick_reach_test_follows_adjacency_shipping_the_bonus_tile_and_teleports():
    from meeple_terra_mystica.legal import _reach

    from .test_faction_boards import _far_pair

    a, b = _far_pair(B.RANGE_RIVER, 2)  # two river hexes apart, not neighbours
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", B.NAMES[a])
    assert _reach(g, f, next(h for h in B.ADJ[a] if not B.IS_RIVER[h]))
    for ship, bon4, passed, want in ((0, 0, 0, False), (1, 0, 0, False), (2, 0, 0, True),
                                     (1, 1, 0, True), (1, 1, 1, False), (3, 0, 0, True)):
        f.update(shipping=ship, BON4=bon4, passed=passed)
        assert _reach(g, f, b) is want, (ship, bon4, passed)
    g.round = 0  # the setup: every hex
    f.update(shipping=0, BON4=0, passed=0)
    assert _reach(g, f, b) is True
    g = _state("dwarves", "nomads")  # tunnels and flights: left to the rules
    _put(g, "dwarves", B.NAMES[a])
    assert _reach(g, g.fac["dwarves"], b) is True


def test_tile_and_faction_actions_and_advances_are_offered_while_held_and_free():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    f.update(BON2=1, FAV6=1, ACTW=1, C=4, P=1)
    green = [B.NAMES[h] for h in B.LAND if g.hcolor[h] == "green" and not g.hbld[h]]

    def acts():
        return [r for r in candidates(g, "p0") if r.startswith(("action", "advance"))]

    assert acts() == ["advance ship", "action BON2", "action FAV6",
                      *[f"action ACTW. build {h}" for h in green], "action ACTW"]
    g.blocked.update({"BON2/witches": 1, "ACTW/witches": 1})
    f.update(C=3)
    assert acts() == ["action FAV6"]
    f.update(C=4, P=0)
    assert acts() == ["action FAV6"]
    f.update(P=1, shipping=3)  # the top of the track
    assert acts() == ["action FAV6"]


def test_bridge_actions_are_offered_until_the_factions_three_bridges_stand():
    from meeple_terra_mystica.legal import _bridges, candidates

    g = _broke("engineers", "nomads")
    f = g.fac["engineers"]
    a = next(h for h in B.LAND if len(B.BRIDGABLE[h]) >= 2)
    _put(g, "engineers", B.NAMES[a])
    crossings = [f"bridge {B.NAMES[a]}:{B.NAMES[b]}" for b in B.BRIDGABLE[a]]
    assert _bridges(g, f) == crossings

    def bridging():
        return [r for r in candidates(g, "p0") if "bridge" in r]

    f.update(ACTE=1, W=2, P3=3)
    assert bridging() == [f"action ACT1. {c}" for c in crossings] + [
        f"action ACTE. {c}" for c in crossings]
    f.update(W=1, P3=2)
    assert bridging() == []
    f.update(W=2, P3=3)
    others = [(x, y) for x in B.LAND for y in sorted(B.BRIDGABLE[x]) if x < y and a not in (x, y)]
    g.bridges = [(x, y, "engineers") for x, y in others[:2]]
    assert len(bridging()) == 2 * len(crossings)  # two of three stand: one more
    g.bridges.append((*others[2], "engineers"))
    assert bridging() == []
    g.bridges = [(x, y, "nomads") for x, y in others[:3]]  # another faction's
    assert len(bridging()) == 2 * len(crossings)
    g.blocked["ACT1"] = 1
    assert bridging() == [f"action ACTE. {c}" for c in crossings]
    from meeple_terra_mystica.actions import bridge

    g.bridges = []
    f["BRIDGE"] = 1
    first = sorted(B.BRIDGABLE[a])[0]
    bridge(g, f, a, first)  # a crossing bridged is no crossing any more
    assert _bridges(g, f) == [c for c in crossings if c != f"bridge {B.NAMES[a]}:{B.NAMES[first]}"]


def test_a_pick_offers_every_faction_of_a_terrain_not_yet_taken_to_the_seat_picking():
    from meeple_terra_mystica.legal import candidates

    lg = LocalGame(GAME, ["p1", "p2", "p3"], {}, seed=3)
    every = ["alchemists", "auren", "chaosmagicians", "cultists", "darklings", "dwarves",
             "engineers", "fakirs", "giants", "halflings", "mermaids", "nomads", "swarmlings",
             "witches"]
    assert candidates(lg.state, "p1") == [f"setup {n}" for n in every]
    assert candidates(lg.state, "p2") == []
    lg.play("p1", "setup witches")  # forest: the Auren's terrain too
    assert candidates(lg.state, "p2") == [f"setup {n}" for n in every
                                          if n not in ("witches", "auren")]
    assert candidates(lg.state, "p1") == []


def test_a_free_dwelling_is_offered_on_every_empty_forest_hex_or_given_up():
    from meeple_terra_mystica.legal import candidates

    g = _broke("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    f["FREE_D"] = 1
    forest = [f"build {B.NAMES[h]}" for h in B.LAND if g.hcolor[h] == "green" and not g.hbld[h]]
    assert len(forest) > 5
    assert candidates(g, "p0") == forest + ["-FREE_D"]
    f.update(FREE_D=0, FREE_TP=1)
    _put(g, "witches", "E7", "TP")
    _put(g, "witches", "E9")
    assert candidates(g, "p0") == ["upgrade E5 to TP", "upgrade E9 to TP", "-FREE_TP"]
    f.update(FREE_TP=0, BRIDGE=1)
    assert candidates(g, "p0")[-1] == "-BRIDGE"
