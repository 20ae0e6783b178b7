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


def _bridge_scene():
    a, b = next((a, b) for a in B.LAND for b in sorted(B.BRIDGABLE[a]) if a < b)
    g = _state("engineers", "nomads")
    _put(g, "engineers", B.NAMES[a])
    g.fac["engineers"]["BRIDGE"] = 2
    return g, B.NAMES[a], B.NAMES[b]


def test_a_bridge_is_built_once_either_way_round() -> None:
    g, a, b = _bridge_scene()
    _row(g, "p0", f"bridge {a}:{b}")
    assert len(g.bridges) == 1 and g.fac["engineers"]["BRIDGE"] == 1
    _refused(g, "p0", f"bridge {a}:{b}", "already there")
    _refused(g, "p0", f"bridge {b}:{a}", "already there")


@pytest.mark.parametrize("what", ["BRIDGE", "SPADE", "FREE_D"])
def test_only_what_is_owed_can_be_given_up(what: str) -> None:
    g = _state("engineers", "nomads")
    g.fac["engineers"][what] = 1
    _refused(g, "p0", f"-2{what}" if what != "BRIDGE" else "-2BRIDGE", f"no {what} to give up")
    _row(g, "p0", f"-{what}")
    assert g.fac["engineers"][what] == 0
    _refused(g, "p0", f"-{what}", f"no {what} to give up")


@pytest.mark.parametrize("order", [("alchemists", "witches"), ("witches", "alchemists")])
def test_a_cult_choice_owed_by_any_other_faction_holds_up_the_next_action(order) -> None:
    g = _state(*order)
    g.fac[order[1]]["CULT"] = 1  # owes a cult step (a Cultists-like choice)
    _refused(g, "p0", "send p to FIRE", f"waiting for {order[1]} to choose a cult track")


def test_a_faction_action_needs_its_own_faction_and_stronghold() -> None:
    g = _state("nomads", "witches")
    g.fac["nomads"]["P3"] = 7
    _refused(g, "p0", "action ACTW", "nomads don't have ACTW")
    g = _state("witches", "nomads")
    _refused(g, "p0", "action ACTW", "witches don't have ACTW")
