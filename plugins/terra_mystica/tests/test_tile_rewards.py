"""Every tile's worth, exactly, as the rulebook prints it: the round scoring tiles (VP for
each building or spade, the cult reward at the round's end and the table's preview of
it), the favor tiles (cult steps, income, VP per building, pass VP), the town tiles (VP,
resources, keys, cult steps) and the bonus tiles (income and pass VP), and the tiles in
the supply at the start."""

from __future__ import annotations

import pytest
from meeple_terra_mystica import board as B
from meeple_terra_mystica.preview import round_bonus
from meeple_terra_mystica.scoring import take_favor, take_town
from meeple_terra_mystica.turns import cult_income, income

from .test_live_rules import _put, _row, _state

CULT = ("FIRE", "WATER", "EARTH", "AIR")


def _tiles(tile: str, name: str = "witches"):
    g = _state(name, "nomads" if name != "nomads" else "witches")
    g.score_tiles = [tile] * 6
    return g


@pytest.mark.parametrize("tile, building, vp", [
    ("SCORE3", "D", 2), ("SCORE5", "D", 2), ("SCORE6", "TP", 3), ("SCORE8", "TP", 3),
    ("SCORE4", "SH", 5), ("SCORE7", "SH", 5), ("SCORE4", "SA", 5), ("SCORE7", "SA", 5),
    ("SCORE9", "TE", 4), ("SCORE1", "TE", 0), ("SCORE2", "D", 0), ("SCORE3", "TP", 0)])
def test_a_round_tile_pays_its_vp_for_its_building_and_nothing_for_others(tile, building, vp):
    g = _tiles(tile)
    f = g.fac["witches"]
    _put(g, "nomads", "E4")
    if building == "D":
        _put(g, "witches", "E6")
        g.hcolor[B.INDEX["E5"]] = "green"
        row = "build E5"
    else:
        _put(g, "witches", "E5", {"TP": "D", "TE": "TP", "SH": "TP", "SA": "TE"}[building])
        row = f"upgrade E5 to {building}"
    f.update(W=9, C=20, VP=20)
    _row(g, "p0", row)
    assert f["VP"] == 20 + vp


@pytest.mark.parametrize("tile, cult, every, reward", [
    ("SCORE1", "EARTH", 1, ("C", 1)), ("SCORE2", "EARTH", 4, ("SPADE", 1)),
    ("SCORE3", "WATER", 4, ("P", 1)), ("SCORE4", "FIRE", 2, ("W", 1)),
    ("SCORE5", "FIRE", 4, ("PW", 4)), ("SCORE6", "WATER", 4, ("SPADE", 1)),
    ("SCORE7", "AIR", 2, ("W", 1)), ("SCORE8", "AIR", 4, ("SPADE", 1))])
def test_a_round_tile_rewards_every_full_step_count_on_its_cult_track(tile, cult, every, reward):
    what, n = reward
    for pos in range(0, 11):
        g = _tiles(tile)
        g.round = 2
        f = g.fac["witches"]
        f.update(C=0, W=0, P=0, P1=12, P2=0, P3=0, SPADE=0, **{c: 0 for c in CULT})
        f[cult] = pos
        # The table's preview of the round's end says what it will pay.
        assert round_bonus(g, f) == ({what: n * (pos // every)} if pos >= every else {})
        cult_income(g, f)
        got = f["P2"] if what == "PW" else f[what]
        assert got == min(n * (pos // every), 12), (tile, pos)


def test_round_scoring_pays_for_every_spade_of_a_dig() -> None:
    g = _state("witches", "nomads")
    g.score_tiles = ["SCORE1"] * 6  # 2 VP a spade
    f = g.fac["witches"]
    _put(g, "witches", "E4")
    g.hcolor[B.INDEX["E5"]] = "gray"  # one step from green; dig 2 leaves one spade over
    f["W"], f["VP"] = 9, 20
    _row(g, "p0", "dig 2. transform E5 to green")
    assert f["VP"] == 24 and f["W"] == 3


def test_the_temple_tile_rewards_each_priest_on_the_cult_board_with_two_coins() -> None:
    for out in range(0, 5):
        g = _tiles("SCORE9")
        g.round = 2
        f = g.fac["witches"]
        f.update(C=0, priests_out=out)
        assert round_bonus(g, f) == ({"C": 2 * out} if out else {})
        cult_income(g, f)
        assert f["C"] == 2 * out


#: Cult steps, income and VP of each favor tile.
FAVORS = {
    "FAV1": ({"FIRE": 3}, {}), "FAV2": ({"WATER": 3}, {}), "FAV3": ({"EARTH": 3}, {}),
    "FAV4": ({"AIR": 3}, {}), "FAV5": ({"FIRE": 2}, {}), "FAV6": ({"WATER": 2}, {}),
    "FAV7": ({"EARTH": 2}, {"W": 1, "PW": 1}), "FAV8": ({"AIR": 2}, {"PW": 4}),
    "FAV9": ({"FIRE": 1}, {"C": 3}), "FAV10": ({"WATER": 1}, {}),
    "FAV11": ({"EARTH": 1}, {}), "FAV12": ({"AIR": 1}, {}),
}


@pytest.mark.parametrize("tile", sorted(FAVORS))
def test_a_favor_tile_gives_its_cult_steps_and_its_income(tile: str) -> None:
    steps, inc = FAVORS[tile]
    g = _state("engineers", "nomads")  # no cult steps at the start
    f = g.fac["engineers"]
    f.update(FAVOR=1, P1=12, P2=0, P3=0)
    take_favor(g, f, tile)
    assert {c: f[c] for c in CULT if f[c]} == steps and f[tile] == 1 and f["FAVOR"] == 0
    f.update({b: 0 for b in ("D", "TP", "TE", "SH", "SA")}, C=0, W=0, P=0, P1=12,
             P2=0, P3=0, bonus="")
    income(g, f)
    base = {"W": 0}  # engineers: no dwelling, no base worker
    assert {"C": f["C"], "W": f["W"], "PW": f["P2"]} == {
        k: inc.get(k, 0) + base.get(k, 0) for k in ("C", "W", "PW")}


def test_favor_tiles_in_the_supply_one_of_each_big_cult_step_three_of_the_others() -> None:
    g = _state("witches", "nomads")
    assert {t: g.pool[t] for t in FAVORS} == {t: 1 if t in ("FAV1", "FAV2", "FAV3", "FAV4")
                                              else 3 for t in FAVORS}
    assert {t: g.pool.get(t, 0) for t in ("TW1", "TW2", "TW3", "TW4", "TW5")} == {
        "TW1": 2, "TW2": 2, "TW3": 2, "TW4": 2, "TW5": 2}


def test_favor_ten_and_eleven_pay_per_trading_house_and_dwelling_built() -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "nomads", "E4")
    _put(g, "witches", "E5")
    f.update(FAV10=1, FAV11=1, W=9, C=20, VP=20)
    g.score_tiles = ["SCORE1"] * 6  # spades only: the favor tiles alone score here
    _row(g, "p0", "upgrade E5 to TP")
    assert f["VP"] == 23
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E7")
    g.hcolor[B.INDEX["E6"]] = "green"
    f.update(FAV10=1, FAV11=1, W=9, C=20, VP=20)
    g.score_tiles = ["SCORE1"] * 6  # spades only: the favor tiles alone score here
    _row(g, "p0", "build E6")
    assert f["VP"] == 22


@pytest.mark.parametrize("tps, vp", [(0, 0), (1, 2), (2, 3), (3, 3), (4, 4)])
def test_favor_twelve_scores_its_trading_houses_when_passing(tps: int, vp: int) -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f.update(FAV12=1, TP=tps, VP=20)
    _row(g, "p0", "pass BON1")
    assert f["VP"] == 20 + vp


#: VP, resources, keys and cult steps of each town tile.
TOWNS = {
    "TW1": (5, {"C": 6}, 1, 0), "TW2": (7, {"W": 2}, 1, 0), "TW3": (9, {"P": 1}, 1, 0),
    "TW4": (6, {"PW": 8}, 1, 0), "TW5": (8, {}, 1, 1), "TW6": (2, {}, 2, 2),
    "TW7": (4, {}, 1, 0), "TW8": (11, {}, 1, 0),
}


@pytest.mark.parametrize("tile", sorted(TOWNS))
def test_a_town_tile_gives_its_vp_resources_keys_and_cult_steps(tile: str) -> None:
    vp, res, keys, steps = TOWNS[tile]
    g = _state("engineers", "nomads", options=("mini-expansion-1",))
    f = g.fac["engineers"]
    f.update(TOWN=1, KEY=1, VP=20, C=0, W=0, P=0, P1=12, P2=0, P3=0, shipping=0)
    take_town(g, f, tile)  # the key of the founding came with the town
    ship_vp = 2 if tile == "TW7" else 0  # its shipping level scores as an advance does
    assert f["VP"] == 20 + vp + ship_vp and f["KEY"] == keys and f["TOWN"] == 0
    assert {"C": f["C"], "W": f["W"], "P": f["P"], "PW": f["P2"]} == {
        k: res.get(k, 0) for k in ("C", "W", "P", "PW")}
    assert all(f[c] == steps for c in CULT)
    assert f["shipping"] == (1 if tile == "TW7" else 0)


def test_the_town_round_tile_pays_five_for_each_town_tile() -> None:
    g = _tiles("SCORE2", "engineers")
    f = g.fac["engineers"]
    f.update(TOWN=1, KEY=1, VP=20)
    take_town(g, f, "TW1")
    assert f["VP"] == 20 + 5 + 5


#: Income and pass VP (per building or shipping level) of each bonus tile.
BONUSES = {
    "BON1": ({"C": 2}, None), "BON2": ({"C": 4}, None), "BON3": ({"C": 6}, None),
    "BON4": ({"PW": 3}, None), "BON5": ({"PW": 3, "W": 1}, None), "BON6": ({"W": 2}, ("SH", 4)),
    "BON7": ({"W": 1}, ("TP", 2)), "BON8": ({"P": 1}, None), "BON9": ({"C": 2}, ("D", 1)),
    "BON10": ({"PW": 3}, ("ship", 3)),
}


@pytest.mark.parametrize("tile", sorted(BONUSES))
def test_a_bonus_tile_gives_its_income_and_its_pass_vp(tile: str) -> None:
    inc, per = BONUSES[tile]
    g = _state("engineers", "nomads", options=("shipping-bonus",))
    f = g.fac["engineers"]
    f.update({b: 0 for b in ("D", "TP", "TE", "SH", "SA")}, C=0, W=0, P=0, P1=12,
             P2=0, P3=0, bonus=tile, **{tile: 1})
    income(g, f)
    assert {"C": f["C"], "W": f["W"], "P": f["P"], "PW": f["P2"]} == {
        k: inc.get(k, 0) for k in ("C", "W", "P", "PW")}
    for count in (0, 1, 3):
        g = _state("engineers", "nomads", options=("shipping-bonus",))
        f = g.fac["engineers"]
        f.update(bonus=tile, VP=20, **{tile: 1})
        if per is not None:
            what, vp = per
            if what == "ship":
                f["shipping"] = count
            elif what == "SH":
                f.update(SH=min(count, 1), SA=1 if count == 3 else 0)
            else:
                f[what] = count
        _row(g, "p0", "pass BON3" if tile != "BON3" else "pass BON2")
        if per is None:
            expect = 0
        elif per[0] == "SH":
            expect = 4 * (min(count, 1) + (1 if count == 3 else 0))
        else:
            expect = per[1] * count
        assert f["VP"] == 20 + expect, (tile, count)


def test_the_shipping_town_tile_lengthens_a_carpet_flight_and_skips_non_shippers() -> None:
    g = _state("fakirs", "dwarves", options=("mini-expansion-1",))
    for name, key, before, after in (("fakirs", "carpet", 1, 2), ("dwarves", "shipping", 0, 0)):
        f = g.fac[name]
        f.update(TOWN=1, KEY=1, VP=20)
        assert f[key] == before
        take_town(g, f, "TW7")
        assert f[key] == after and f["VP"] == 24, name


def test_the_shipping_town_tile_at_the_top_of_the_track_gives_only_its_points() -> None:
    g = _state("witches", "nomads", options=("mini-expansion-1",))
    f = g.fac["witches"]
    f.update(TOWN=1, KEY=1, VP=20, shipping=3, C=0, P=0)
    take_town(g, f, "TW7")
    # 4 VP of the tile and the Witches' 5 for a town; no level past the top, no error.
    assert f["shipping"] == 3 and f["VP"] == 29 and f["KEY"] == 1 and (f["C"], f["P"]) == (0, 0)


def test_the_spade_round_tile_pays_only_for_spades_gained_in_play() -> None:
    from meeple_terra_mystica.economy import gain

    for rnd, phase, vp in ((1, "play", 4), (6, "play", 4), (1, "spades", 0), (0, "setup", 0),
                           (7, "play", 0)):
        g = _tiles("SCORE1")  # 2 VP a spade
        g.round, g.phase = rnd, phase
        f = g.fac["witches"]
        f.update(VP=20, SPADE=0)
        gain(g, f, "SPADE", 2)
        assert (f["SPADE"], f["VP"]) == (2, 20 + vp), (rnd, phase)
