"""Every faction board as the rulebook prints it, checked through the rules: the price of
each building (paid exactly; a coin or a worker short is refused and changes nothing),
the start resources and cult positions, the income of each building count, the power
actions' prices and gains, the bowls and cult steps at every boundary, what each
stronghold gives (the Witches' action a dwelling on any empty forest hex, next to their
buildings or not) and the factions' town bonuses."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.data import FACTIONS
from meeple_terra_mystica.economy import cult_steps, gain, gain_power
from meeple_terra_mystica.factions import spade_extra, town_extra
from meeple_terra_mystica.state import new_faction
from meeple_terra_mystica.turns import income

from .test_live_rules import _put, _refused, _row, _state

GAME = TerraMystica()

#: (workers, coins) of D, TP, TE, SH, SA; the rulebook's faction boards.
STANDARD = ((1, 2), (2, 3), (2, 5), (4, 6), (4, 6))
PRICES = {
    "alchemists": STANDARD, "auren": STANDARD[:4] + ((4, 8),),
    "chaosmagicians": STANDARD[:3] + ((4, 4), (4, 8)),
    "cultists": STANDARD[:3] + ((4, 8), (4, 8)), "darklings": STANDARD[:4] + ((4, 10),),
    "dwarves": STANDARD, "engineers": ((1, 1), (1, 2), (1, 4), (3, 6), (3, 6)),
    "fakirs": STANDARD[:3] + ((4, 10), (4, 6)), "giants": STANDARD,
    "halflings": STANDARD[:3] + ((4, 8), (4, 6)), "mermaids": STANDARD[:4] + ((4, 8),),
    "nomads": STANDARD[:3] + ((4, 8), (4, 6)),
    "swarmlings": ((2, 3), (3, 4), (3, 6), (5, 8), (5, 8)), "witches": STANDARD,
}
#: Coins, workers, priests, power in bowls I and II, and cult positions at the start.
START = {
    "alchemists": (15, 3, 0, 5, 7, {"FIRE": 1, "WATER": 1}),
    "auren": (15, 3, 0, 5, 7, {"WATER": 1, "AIR": 1}),
    "chaosmagicians": (15, 4, 0, 5, 7, {"FIRE": 2}),
    "cultists": (15, 3, 0, 5, 7, {"FIRE": 1, "EARTH": 1}),
    "darklings": (15, 1, 1, 5, 7, {"WATER": 1, "EARTH": 1}),
    "dwarves": (15, 3, 0, 5, 7, {"EARTH": 2}),
    "engineers": (10, 2, 0, 3, 9, {}),
    "fakirs": (15, 3, 0, 7, 5, {"FIRE": 1, "AIR": 1}),
    "giants": (15, 3, 0, 5, 7, {"FIRE": 1, "AIR": 1}),
    "halflings": (15, 3, 0, 3, 9, {"EARTH": 1, "AIR": 1}),
    "mermaids": (15, 3, 0, 3, 9, {"WATER": 2}),
    "nomads": (15, 2, 0, 5, 7, {"FIRE": 1, "EARTH": 1}),
    "swarmlings": (20, 8, 0, 3, 9, {"FIRE": 1, "WATER": 1, "EARTH": 1, "AIR": 1}),
    "witches": (15, 3, 0, 5, 7, {"AIR": 2}),
}
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
FROM = {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}


def _scene(name: str, building: str):
    """``name`` (seat p0) about to place ``building`` on E5, an opponent's dwelling on E4
    (so a trading house costs its single price)."""
    other = "witches" if FACTIONS[name]["color"] in ("yellow", "green") and name != "witches" \
        else ("nomads" if name != "nomads" else "witches")
    if other == name or FACTIONS[other]["color"] == FACTIONS[name]["color"]:
        other = "engineers" if FACTIONS[name]["color"] != "gray" else "witches"
    g = _state(name, other)
    _put(g, other, "E4")
    if building == "D":
        _put(g, name, "E6")
        g.hcolor[B.INDEX["E5"]] = FACTIONS[name]["color"]
        return g, "build E5"
    _put(g, name, "E5", FROM[building])
    return g, f"upgrade E5 to {building}"


@pytest.mark.parametrize("name", sorted(PRICES))
def test_each_building_costs_exactly_its_price_and_a_unit_short_is_refused(name: str) -> None:
    for b, (w, c) in zip(BUILDINGS, PRICES[name], strict=True):
        g, row = _scene(name, b)
        f = g.fac[name]
        f.update(W=w, C=c, P=0)
        for k in ("W", "C"):
            f[k] -= 1
            _refused(g, "p0", row, f"not enough {k}")
            f[k] += 1
        _row(g, "p0", row)
        assert (f["W"], f["C"], g.hbld[B.INDEX["E5"]]) == (0, 0, b), (name, b)


@pytest.mark.parametrize("name", sorted(START))
def test_each_faction_starts_with_its_boards_resources_and_cult_steps(name: str) -> None:
    c, w, p, p1, p2, cults = START[name]
    f = new_faction(name, "ann")
    assert (f["C"], f["W"], f["P"], f["P1"], f["P2"], f["P3"]) == (c, w, p, p1, p2, 0)
    assert {k: f[k] for k in ("FIRE", "WATER", "EARTH", "AIR") if f[k]} == cults
    assert (f["VP"], f["shipping"], f["digging"], f["KEY"]) == (20, 1 if name == "mermaids" else 0, 0, 0)


#: Income per building count (index = how many are built) where a board differs from
#: the standard one: dwellings 1 W more than built up to 8 (the 8th adds none), trading
#: houses 2 C and 1/1/2/2 power each, temples 1 P each, stronghold 2 power, sanctuary 1 P.
_STD_INCOME = {"D": {"W": [1, 2, 3, 4, 5, 6, 7, 8, 8]},
               "TP": {"C": [0, 2, 4, 6, 8], "PW": [0, 1, 2, 4, 6]},
               "TE": {"P": [0, 1, 2, 3]}, "SH": {"PW": [0, 2]}, "SA": {"P": [0, 1]}}
_OWN_INCOME = {
    "alchemists": {"TP": {"C": [0, 2, 4, 7, 11], "PW": [0, 1, 2, 3, 4]}, "SH": {"C": [0, 6]}},
    "chaosmagicians": {"SH": {"W": [0, 2]}},
    "darklings": {"SA": {"P": [0, 2]}},
    "dwarves": {"TP": {"C": [0, 3, 5, 7, 10], "PW": [0, 1, 2, 4, 6]}},
    "engineers": {"D": {"W": [0, 1, 2, 2, 3, 4, 4, 5, 6]},
                  "TE": {"P": [0, 1, 1, 2], "PW": [0, 0, 5, 5]}},
    "fakirs": {"SH": {"P": [0, 1]}}, "giants": {"SH": {"PW": [0, 4]}},
    "mermaids": {"SH": {"PW": [0, 4]}},
    "nomads": {"TP": {"C": [0, 2, 4, 7, 11], "PW": [0, 1, 2, 3, 4]}},
    "swarmlings": {"D": {"W": [2, 3, 4, 5, 6, 7, 8, 9, 9]},
                   "TP": {"C": [0, 2, 4, 6, 9], "PW": [0, 2, 4, 6, 8]},
                   "SH": {"PW": [0, 4]}, "SA": {"P": [0, 2]}},
}


@pytest.mark.parametrize("name", sorted(START))
def test_income_follows_the_faction_board_for_every_building_count(name: str) -> None:
    table = {**_STD_INCOME, **_OWN_INCOME.get(name, {})}
    for b, limit in zip(BUILDINGS, (8, 4, 3, 1, 1), strict=True):
        for k in range(limit + 1):
            g = _state(name, "witches" if name != "witches" else "nomads")
            f = g.fac[name]
            f.update({x: 0 for x in BUILDINGS}, C=0, W=0, P=0, P1=12, P2=0, P3=0,
                     bonus="", **{b: k})
            income(g, f)
            expect = {r: v[k] for r, v in table[b].items()}
            if b != "D":
                for r, v in table["D"].items():
                    expect[r] = expect.get(r, 0) + v[0]  # no dwelling: the base income
            got = {"C": f["C"], "W": f["W"], "P": f["P"], "PW": f["P2"]}
            assert got == {r: expect.get(r, 0) for r in got}, (name, b, k)


@pytest.mark.parametrize("act, price, gains", [
    ("ACT2", 3, {"P": 1}), ("ACT3", 4, {"W": 2}), ("ACT4", 4, {"C": 7}),
    ("ACT5", 4, {"SPADE": 1}), ("ACT6", 6, {"SPADE": 2})])
def test_each_power_action_costs_its_power_and_gives_its_reward(act, price, gains) -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    f = g.fac["witches"]
    f.update(P1=12 - price + 1, P2=0, P3=price - 1, P=0, W=0, C=0, SPADE=0)
    _refused(g, "p0", f"action {act}", "not enough power in bowl III")
    f.update(P1=12 - price, P3=price)
    _row(g, "p0", f"action {act}")
    assert (f["P1"], f["P3"]) == (12, 0)
    assert {k: f[k] for k in gains} == gains
    assert all(f[k] == 0 for k in ("P", "W", "C", "SPADE") if k not in gains)
    if "SPADE" in gains:
        _row(g, "p0", "-SPADE" if gains["SPADE"] == 1 else "-2SPADE")  # end the turn
    g.fac["nomads"].update(P3=7, P1=5, P2=0)
    _refused(g, "p1", f"action {act}", f"Action space {act} is already taken this round")


def test_bowls_move_power_from_one_to_two_before_two_to_three() -> None:
    for p1 in range(0, 6):
        for p2 in range(0, 6):
            for n in range(0, 13):
                f = {"P1": p1, "P2": p2, "P3": 1}
                moved = gain_power(f, n)
                a = min(n, p1)
                b = min(n - a, p2 + a)
                assert (f["P1"], f["P2"], f["P3"], moved) == (p1 - a, p2 + a - b, 1 + b, a + b)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_burning_needs_two_in_bowl_two_per_power_and_destroys_one(n: int) -> None:
    for p2 in range(0, 2 * n + 2):
        g = _state("witches", "nomads")
        f = g.fac["witches"]
        f.update(P1=12 - p2, P2=p2, P3=0)
        if p2 < 2 * n:
            _refused(g, "p0", f"burn {n}", f"can't burn {n}")
            continue
        _row(g, "p0", f"burn {n}")
        assert (f["P1"], f["P2"], f["P3"]) == (12 - p2, p2 - 2 * n, n)


def test_cult_steps_stop_below_ten_without_a_key_and_pay_power_at_3_5_7_10() -> None:
    reward = {3: 1, 5: 2, 7: 2, 10: 3}
    for old in range(0, 11):
        for n in range(1, 5):
            for key in (0, 1):
                for taken in (False, True):
                    g = _state("witches", "nomads")
                    f, o = g.fac["witches"], g.fac["nomads"]
                    f.update(FIRE=old, KEY=key, P1=12, P2=0, P3=0)
                    o["FIRE"] = 10 if taken else 0
                    if old == 10 and taken:
                        continue
                    moved = cult_steps(g, f, "FIRE", n)
                    top = 10 if key and not taken else 9
                    new = old if old >= 10 else max(old, min(old + n, top))
                    assert (f["FIRE"], moved) == (new, new - old), (old, n, key, taken)
                    assert f["KEY"] == key - (1 if new == 10 and old < 10 else 0)
                    assert f["P2"] == sum(p for s, p in reward.items() if old < s <= new)


def test_priests_gained_stop_at_seven_with_those_on_the_cult_board() -> None:
    for out in range(0, 8):
        for have in range(0, 8 - out):
            for n in (1, 2, 3):
                g = _state("witches", "nomads")
                f = g.fac["witches"]
                f.update(P=have, priests_out=out)
                gain(g, f, "P", n)
                assert f["P"] == min(have + n, 7 - out), (out, have, n)



@pytest.mark.parametrize("name, per_spade", [("witches", 0), ("halflings", 1)])
def test_spades_gained_are_held_and_score_the_round_tile_and_the_halflings_ability(
        name: str, per_spade: int) -> None:
    """Each spade gained is held for digging and scores what the round's tile pays a spade
    (SCORE1: 2 VP, only in play) and the Halflings' 1 VP; gaining none changes nothing."""
    for phase, tile_vp in (("play", 2), ("setup", 0)):
        for n in (0, 1, 3):
            g = _state(name, "nomads")
            g.score_tiles = ["SCORE1"] * 6
            g.phase = phase
            f = g.fac[name]
            f.update(SPADE=1, VP=20, W=2)
            before = dict(f)
            gain(g, f, "SPADE", n)
            assert (f["SPADE"], f["VP"]) == (1 + n, 20 + n * (tile_vp + per_spade)), (phase, n)
            assert {k: v for k, v in f.items() if k not in ("SPADE", "VP")} == \
                {k: v for k, v in before.items() if k not in ("SPADE", "VP")}
            gain(g, f, "W", n)
            assert f["W"] == 2 + n

def test_advancing_shipping_costs_a_priest_and_four_coins_and_scores_its_level() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    f = g.fac["witches"]
    vp = f["VP"]
    for level, points in ((1, 2), (2, 3), (3, 4)):
        g.active = "witches"
        f.update(C=4, P=1, acted=0)
        for k in ("C", "P"):
            f[k] -= 1
            with pytest.raises(IllegalCommand):
                _row(g.clone(), "p0", "advance ship")
            f[k] += 1
        _row(g, "p0", "advance ship")
        vp += points
        assert (f["shipping"], f["VP"], f["C"], f["P"]) == (level, vp, 0, 0)
    g.active = "witches"
    f.update(C=9, P=3, acted=0)
    _refused(g, "p0", "advance ship", "top of the shipping track")


@pytest.mark.parametrize("level, workers", [(0, 3), (1, 2), (2, 1)])
def test_a_spade_costs_the_workers_of_the_digging_level(level: int, workers: int) -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    f = g.fac["witches"]
    f.update(digging=level, W=2 * workers - 1, C=0)
    _refused(g, "p0", "dig 2", "not enough W")
    f["W"] = 2 * workers
    _row(g, "p0", "dig 2")
    assert (f["W"], f["SPADE"]) == (0, 2)


def _far_pair(table, distance: int):
    """Two land hexes ``distance`` apart in ``table`` (board ranges) and not neighbours."""
    return next((a, b) for a in B.LAND for b in B.LAND if a < b and b not in B.ADJ[a]
                and table[a].get(b) == distance)


def test_the_area_joins_buildings_within_shipping_tunnel_or_carpet_range() -> None:
    from meeple_terra_mystica.reach import network_size

    a, b = _far_pair(B.RANGE_RIVER, 1)
    for ship, joined in ((0, False), (1, True)):
        g = _state("mermaids", "witches")
        for h in (a, b):
            _put(g, "mermaids", B.NAMES[h])
        g.fac["mermaids"]["shipping"] = ship
        assert network_size(g, g.fac["mermaids"]) == (2 if joined else 1), ship
    a, b = _far_pair(B.RANGE_LAND, 1)
    for name, joined in (("dwarves", True), ("witches", False)):
        g = _state(name, "nomads")
        for h in (a, b):
            _put(g, name, B.NAMES[h])
        assert network_size(g, g.fac[name]) == (2 if joined else 1), name
    a, b = _far_pair(B.RANGE_LAND, 2)
    for carpet, joined in ((1, False), (2, True)):
        g = _state("fakirs", "witches")
        for h in (a, b):
            _put(g, "fakirs", B.NAMES[h])
        g.fac["fakirs"]["carpet"] = carpet
        assert network_size(g, g.fac["fakirs"]) == (2 if joined else 1), carpet


def test_a_longer_reach_also_joins_buildings_nearer_than_it() -> None:
    """Shipping 3 joins buildings one river hex apart, a carpet of 3 those one or two
    land hexes apart; the bonus tile's shipping level counts for no area."""
    from meeple_terra_mystica.reach import network_size

    a, b = _far_pair(B.RANGE_RIVER, 1)
    g = _state("mermaids", "witches")
    for h in (a, b):
        _put(g, "mermaids", B.NAMES[h])
    f = g.fac["mermaids"]
    f.update(shipping=3)
    assert network_size(g, f) == 2
    f.update(shipping=0, BON4=1)
    assert network_size(g, f) == 1
    for distance in (1, 2):
        a, b = _far_pair(B.RANGE_LAND, distance)
        g = _state("fakirs", "witches")
        for h in (a, b):
            _put(g, "fakirs", B.NAMES[h])
        g.fac["fakirs"]["carpet"] = 3
        assert network_size(g, g.fac["fakirs"]) == 2, distance
    # The Dwarves' tunnel reaches one hex, whatever its cost.
    for distance, joined in ((1, 2), (2, 1)):
        a, b = _far_pair(B.RANGE_LAND, distance)
        g = _state("dwarves", "witches")
        for h in (a, b):
            _put(g, "dwarves", B.NAMES[h])
        g.fac["dwarves"]["tunnel_cost"] = 1
        assert network_size(g, g.fac["dwarves"]) == joined, distance
    assert network_size(g, g.fac["witches"]) == 0


def test_a_tunnel_costs_workers_and_a_carpet_flight_a_priest_each_for_four_vp() -> None:
    from meeple_terra_mystica.reach import reach_cost

    a, b = _far_pair(B.RANGE_LAND, 1)
    g = _state("dwarves", "nomads")
    _put(g, "dwarves", B.NAMES[a])
    assert reach_cost(g, g.fac["dwarves"], b) == ({"W": 2}, 4)
    g.fac["dwarves"]["tunnel_cost"] = 1  # the stronghold
    assert reach_cost(g, g.fac["dwarves"], b) == ({"W": 1}, 4)
    g = _state("fakirs", "nomads")
    _put(g, "fakirs", B.NAMES[a])
    assert reach_cost(g, g.fac["fakirs"], b) == ({"P": 1}, 4)
    c, d = _far_pair(B.RANGE_LAND, 2)
    g = _state("fakirs", "nomads")
    _put(g, "fakirs", B.NAMES[c])
    with pytest.raises(IllegalCommand, match="not reachable"):
        reach_cost(g, g.fac["fakirs"], d)
    g.fac["fakirs"]["carpet"] = 2
    assert reach_cost(g, g.fac["fakirs"], d) == ({"P": 1}, 4)


@pytest.mark.parametrize("ship", [1, 2, 3])
def test_shipping_reaches_exactly_its_level_of_river_hexes_and_bon4_lends_one(ship: int) -> None:
    from meeple_terra_mystica.reach import reach_cost

    for bon4 in (0, 1):
        reach = ship + bon4
        a, b = _far_pair(B.RANGE_RIVER, reach)
        c, d = next((x, y) for x in B.LAND for y in B.LAND if B.RANGE_RIVER[x].get(y) == reach + 1
                    and min(B.RANGE_LAND[x].get(y, 9), 9) > 1)
        for (start, target), ok in (((a, b), True), ((c, d), False)):
            g = _state("mermaids", "witches")
            _put(g, "mermaids", B.NAMES[start])
            f = g.fac["mermaids"]
            f.update(shipping=ship, BON4=bon4)
            if ok:
                assert reach_cost(g, f, target) == ({}, 0), (ship, bon4)
            else:
                with pytest.raises(IllegalCommand, match=f"not reachable: shipping {reach}"):
                    reach_cost(g, f, target)
        if bon4:
            f["passed"] = 1  # the lent level goes back with the tile when passing
            with pytest.raises(IllegalCommand, match=f"shipping {ship}"):
                reach_cost(g, f, d)


@pytest.mark.parametrize("fav5", [0, 1])
def test_a_town_needs_the_power_and_four_buildings_exactly(fav5: int) -> None:
    from meeple_terra_mystica.scoring import check_towns

    need = 6 if fav5 else 7
    row = ("E1", "E2", "E3", "E4", "E5")
    # (buildings, their kinds): power and count at and around the thresholds.
    for kinds in (("D", "D", "D", "D"), ("TP", "TP", "D", "D"), ("TP", "TP", "TP", "D"),
                  ("SH", "TP", "D", "D"), ("SH", "TP", "TP"), ("SA", "SH", "D"),
                  ("SA", "TP", "D"), ("SA", "D", "D"), ("TP", "TP", "TP"),
                  ("D", "D", "D", "D", "D", "D", "D")[:5]):
        g = _state("witches", "nomads")
        f = g.fac["witches"]
        f["FAV5"] = fav5
        for hx, b in zip(row, kinds, strict=False):
            _put(g, "witches", hx, b)
        power = sum({"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}[b] for b in kinds)
        count = len(kinds) + kinds.count("SA")
        assert check_towns(g, f) == int(power >= need and count >= 4), (kinds, fav5)


def test_leeching_takes_at_most_the_offer_the_room_and_one_more_than_the_vp() -> None:
    for amount in (1, 2, 3, 4):
        for p1, p2 in ((0, 0), (0, 1), (1, 0), (0, 3), (2, 2), (5, 7)):
            for vp in (0, 1, 2, 5):
                g = _state("witches", "nomads")
                f = g.fac["nomads"]
                f.update(P1=p1, P2=p2, P3=12 - p1 - p2, VP=vp)
                g.offers = [["nomads", "witches", amount, 0, 1]]
                g.next_offer = 1
                _row(g, "p1", f"leech {amount} from witches")
                room = 2 * p1 + p2
                got = min(amount, room, vp + 1)
                assert 2 * f["P1"] + f["P2"] == room - got, (amount, p1, p2, vp)
                assert f["VP"] == vp - max(0, got - 1) and g.offers == []


@pytest.mark.parametrize("steps", [1, 2, 3])
def test_a_transform_takes_exactly_its_spades_and_one_short_is_refused(steps: int) -> None:
    wheel = B.COLORS
    start = wheel[(wheel.index("green") + steps) % len(wheel)]  # ``steps`` from forest
    g = _state("witches", "nomads")
    _put(g, "witches", "E4")
    g.hcolor[B.INDEX["E5"]] = start
    f = g.fac["witches"]
    f["SPADE"] = steps - 1
    if steps > 1:
        _refused(g, "p0", "transform E5 to green", f"needs {steps} spades")
    f["SPADE"] = steps
    _row(g, "p0", "transform E5 to green")
    assert g.hcolor[B.INDEX["E5"]] == "green" and f["SPADE"] == 0


#: What building its stronghold gives each faction (the rulebook's faction boards).
STRONGHOLD = {
    "alchemists": lambda f, b: f["P3"] - b["P3"] == 12 - b["P3"] and f["P1"] == 0,
    "auren": lambda f, b: f["ACTA"] == 1 and f["FAVOR"] == 1,
    "chaosmagicians": lambda f, b: f["ACTC"] == 1,
    "cultists": lambda f, b: f["VP"] - b["VP"] == 7,
    "darklings": lambda f, b: f["dsh"] == 3,
    "dwarves": lambda f, b: f["tunnel_cost"] == 1,
    "engineers": lambda f, b: True,  # its ability scores bridges when passing
    "fakirs": lambda f, b: f["carpet"] == 2,
    "giants": lambda f, b: f["ACTG"] == 1,
    "halflings": lambda f, b: f["SPADE"] == 3 and f["build_ok"] == 1,
    "mermaids": lambda f, b: f["shipping"] == b["shipping"] + 1,
    "nomads": lambda f, b: f["ACTN"] == 1,
    "swarmlings": lambda f, b: f["ACTS"] == 1,
    "witches": lambda f, b: f["ACTW"] == 1,
}


@pytest.mark.parametrize("name", sorted(STRONGHOLD))
def test_each_stronghold_gives_its_factions_ability(name: str) -> None:
    g, row = _scene(name, "SH")
    f = g.fac[name]
    f.update(W=9, C=20, P1=4, P2=4, P3=4, VP=20)
    before = dict(f)
    _row(g, "p0", row)
    assert STRONGHOLD[name](f, before), name
    # Cultists score 7; the Halflings' three spades 1 each; the Mermaids' free shipping
    # level scores as an advance to level 2 does.
    assert f["VP"] - before["VP"] == {"cultists": 7, "halflings": 3, "mermaids": 2}.get(name, 0)


@pytest.mark.parametrize("levels", [1, 2])
def test_a_strongholds_shipping_levels_are_read_from_the_factions_board(levels, monkeypatch):
    monkeypatch.setitem(FACTIONS["mermaids"], "sh_gain", {"GAIN_SHIP": levels})
    g, row = _scene("mermaids", "SH")
    f = g.fac["mermaids"]
    f.update(W=9, C=20)
    start = f["shipping"]
    _row(g, "p0", row)
    assert f["shipping"] == start + levels


def test_the_swarmlings_free_trading_house_is_theirs_once_a_round() -> None:
    g = _state("swarmlings", "nomads")
    _put(g, "swarmlings", "E5")
    _put(g, "swarmlings", "E6")
    f = g.fac["swarmlings"]
    f.update(ACTS=1, W=0, C=0)
    _row(g, "p0", "action ACTS. upgrade E5 to TP")
    assert (f["TP"], f["D"], f["W"], f["C"]) == (1, 1, 0, 0)
    _row(g, "p1", "pass BON1")
    f.update(W=9, C=20)
    _refused(g, "p0", "action ACTS. upgrade E6 to TP",
             "Action space ACTS is already taken this round")

@pytest.mark.parametrize("name, favors", [("chaosmagicians", 2), ("witches", 1)])
def test_a_temple_and_a_sanctuary_owe_the_factions_favor_tiles(name: str, favors: int) -> None:
    for b in ("TE", "SA"):
        g, row = _scene(name, b)
        g.fac[name].update(W=9, C=20)
        _row(g, "p0", row)
        assert g.fac[name]["FAVOR"] == favors, (name, b)


# -- the Witches' stronghold action --------------------------------------------------------
# legal lists one row per empty forest hex, each accepted by the rules, and the rules
# refuse the action on every other empty land hex (legal's narrowing to forest hexes only
# saves time: legal tries every candidate on the rules, so the rules' side decides).


@pytest.mark.parametrize("other", ["nomads", "giants", "dwarves"])
def test_the_witches_action_builds_on_every_empty_forest_hex_and_nowhere_else(other):
    g = _state("witches", other)
    _put(g, "witches", "E5", "SH")
    _put(g, other, "E4")
    g.fac["witches"]["ACTW"] = 1
    rows = {GAME.format(m, g) for m in GAME.legal(g, "p0")}
    offered = {r.removeprefix("action ACTW. build ") for r in rows
               if r.startswith("action ACTW. build ")}
    empty = [h for h in B.LAND if not g.hbld[h]]
    forest = {B.NAMES[h] for h in empty if g.hcolor[h] == "green"}
    assert offered == forest and len(forest) > 5
    for name in sorted(forest):
        h = g.clone()
        _row(h, "p0", f"action ACTW. build {name}")
        assert h.hbld[B.INDEX[name]] == "D" and h.howner[B.INDEX[name]] == "witches"
    for hx in empty:
        if g.hcolor[hx] != "green":
            with pytest.raises(IllegalCommand):
                _row(g.clone(), "p0", f"action ACTW. build {B.NAMES[hx]}")


def test_after_the_witches_action_every_empty_forest_hex_is_offered_for_the_free_dwelling():
    g = _state("witches", "nomads")
    _put(g, "witches", "E5", "SH")
    g.fac["witches"]["ACTW"] = 1
    _row(g, "p0", "action ACTW")
    assert g.fac["witches"]["FREE_D"] == 1
    rows = {GAME.format(m, g) for m in GAME.legal(g, "p0")}
    builds = {r.removeprefix("build ") for r in rows if r.startswith("build ")}
    forest = {B.NAMES[h] for h in B.LAND if not g.hbld[h] and g.hcolor[h] == "green"}
    assert builds == forest and len(forest) > 5


def test_town_bonus_of_witches_and_swarmlings_follows_their_faction_boards() -> None:
    for tile in (f"TW{i}" for i in range(1, 9)):
        assert town_extra({"name": "witches"}, tile) == {"VP": 5}
        assert town_extra({"name": "swarmlings"}, tile) == {"W": 3}
        assert town_extra({"name": "nomads"}, tile) == {}
        assert town_extra({"name": "halflings"}, tile) == {}


def test_spades_give_the_halflings_vp_and_the_alchemists_power_after_their_stronghold() -> None:
    assert spade_extra({"name": "halflings", "SH": 0}, 3) == (3, 0)
    assert spade_extra({"name": "alchemists", "SH": 0}, 3) == (0, 0)
    assert spade_extra({"name": "alchemists", "SH": 1}, 3) == (0, 6)
    assert spade_extra({"name": "witches", "SH": 1}, 2) == (0, 0)


@pytest.mark.parametrize("name, cost, top", [
    ("witches", {"W": 2, "C": 5, "P": 1}, 2), ("halflings", {"W": 2, "C": 1, "P": 1}, 2),
    ("fakirs", {"W": 2, "C": 5, "P": 1}, 1),
])
def test_advancing_digging_costs_its_price_scores_six_and_stops_at_the_top(name, cost, top):
    for level in range(0, top + 1):
        g = _state(name, "nomads")
        f = g.fac[name]
        f.update(W=10, C=20, P=5, VP=20, digging=level)
        if level == top:
            _refused(g, "p0", "advance dig", f"{name} can't advance digging")
            continue
        _row(g, "p0", "advance dig")
        assert f["digging"] == level + 1 and f["VP"] == 26
        assert {k: v - f[k] for k, v in (("W", 10), ("C", 20), ("P", 5))} == {
            "W": 0, "C": 0, "P": 0, **cost}


def test_the_darklings_never_advance_digging() -> None:
    g = _state("darklings", "nomads")
    g.fac["darklings"].update(W=10, C=20, P=5)
    _refused(g, "p0", "advance dig", "darklings can't advance digging")


def test_the_shipping_bonus_tile_lends_a_level_to_shippers_until_they_pass() -> None:
    from meeple_terra_mystica.reach import shipping

    for name, lent in (("witches", 1), ("mermaids", 1), ("dwarves", 0), ("fakirs", 0)):
        g = _state(name, "nomads")
        f = g.fac[name]
        base = f["shipping"]
        f["BON4"] = 1
        assert shipping(f) == base + lent, name
        assert shipping(f, with_bonus=False) == base, name
        f["passed"] = 1
        assert shipping(f) == base, name


def test_a_tunnel_paid_once_for_a_hex_is_not_paid_again_for_its_dwelling() -> None:
    from meeple_terra_mystica.reach import reach_cost

    a, b = _far_pair(B.RANGE_LAND, 1)
    g = _state("dwarves", "nomads")
    f = g.fac["dwarves"]
    _put(g, "dwarves", B.NAMES[a])
    assert reach_cost(g, f, b) == ({"W": 2}, 4)
    f["paid_reach"] = b
    assert reach_cost(g, f, b) == ({}, 0)
