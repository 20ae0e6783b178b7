"""Rules whose slips the other tests let through (scripts/mutation.py, docs/testing.md):
what a building costs where no neighbour is, what digging pays and brings, bridges and
owed tiles given up, whose choice holds up the table, and who may use a faction action.
Each refusal is checked to change nothing."""

from __future__ import annotations

import pytest
from meeple_terra_mystica import board as B

from .test_live_rules import _put, _refused, _row, _state


def test_a_trading_house_with_no_neighbour_costs_double_coins() -> None:
    # Rulebook: a trading house costs 2 workers and 6 coins, only 3 coins next to an
    # opponent's building.
    for neighbour, coins in ((False, 6), (True, 3)):
        g = _state("witches", "nomads")
        _put(g, "witches", "E5")
        if neighbour:
            _put(g, "nomads", "E6")
        f = g.fac["witches"]
        f["C"], f["W"] = 9, 4
        _row(g, "p0", "upgrade E5 to TP")
        assert (f["C"], f["W"]) == (9 - coins, 2), neighbour
        assert g.hbld[B.INDEX["E5"]] == "TP"
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    g.fac["witches"]["C"], g.fac["witches"]["W"] = 5, 4
    _refused(g, "p0", "upgrade E5 to TP", "not enough C")


def test_darklings_dig_with_priests_and_score_two_vp_a_spade() -> None:
    g = _state("darklings", "nomads")
    f = g.fac["darklings"]
    f["P"], f["VP"] = 2, 20
    home = B.INDEX["E5"]
    _put(g, "darklings", "E4")
    g.hcolor[home] = "green"  # two steps from black on the wheel (green, gray... black)
    need = abs(B.color_difference("green", "black"))
    _row(g, "p0", f"dig {need}. transform E5 to black")
    assert (f["P"], f["VP"], g.hcolor[home]) == (2 - need, 20 + 2 * need, "black")
    g = _state("darklings", "nomads")
    _put(g, "darklings", "E4")
    g.fac["darklings"]["P"] = 1
    _refused(g, "p0", "dig 2", "not enough P")


def test_a_transform_without_a_colour_goes_as_far_home_as_the_spades_go_round_the_wheel() -> None:
    # Witches (green) on yellow: the short way round is yellow - red - gray - green.
    g = _state("witches", "nomads")
    _put(g, "witches", "E4")
    h = B.INDEX["E5"]
    g.hcolor[h] = "yellow"
    g.fac["witches"]["SPADE"] = 1
    _row(g, "p0", "transform E5")
    assert g.hcolor[h] == "red" and g.fac["witches"]["SPADE"] == 0


def test_dwarves_tunnel_one_hex_and_no_further() -> None:
    from meeple.core import IllegalCommand
    from meeple_terra_mystica.reach import reach_cost

    g = _state("dwarves", "nomads")
    d = g.fac["dwarves"]
    home = _put(g, "dwarves", "E7")
    one = [h for h in B.LAND if B.RANGE_LAND[h].get(home) == 1]  # one hex between
    two = [h for h in B.LAND if B.RANGE_LAND[h].get(home) == 2]
    assert one and two
    for h in one:
        assert reach_cost(g, d, h) == ({"W": 2}, 4), B.NAMES[h]
    for h in two:
        with pytest.raises(IllegalCommand, match="not reachable"):
            reach_cost(g, d, h)


def test_final_scoring_turns_every_resource_into_coins_then_three_coins_into_a_vp() -> None:
    from meeple_terra_mystica.scoring import _resources

    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f.update(C=4, W=3, P=2, P1=0, P2=5, P3=1, VP=10)  # 2 burnt: P3 1 + 2 = 3 power
    res: dict = {}
    _resources(g, res)
    assert res["witches"] == (4 + 3 + 2 + 3) // 3 and f["VP"] == 14 and f["C"] == 0
