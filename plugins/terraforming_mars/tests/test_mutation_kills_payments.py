"""Every payment path of Terraforming Mars at its price: with exactly the price the
command is offered by ``legal``, accepted, and the event records exactly that payment;
one short, it is not offered, decide refuses it with the line that names the price and
what the player has, and nothing changes. The paths: the five standard projects (and
Thorgate's cheaper power plant), a milestone, the three awards at their rising prices, a
greenery from plants (and EcoLine's cheaper one), heat to temperature, a card paid in
M€, in M€ and steel, in M€ and titanium, a card action paid with titanium, and Helion's
heat. Written after the mutation runs of docs/testing.md (a short purse reached decide
in no random game, since legal filters what is affordable)."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.checks import use_problem

from .helpers import action_game, give, hand

GAME = TerraformingMars()


def _changes(events: list, player: str) -> dict[str, int]:
    total: dict[str, int] = {}
    for ev in events:
        for key, v in GAME.changes(ev).get(player, {}).items():
            total[key] = total.get(key, 0) + v
    return total


def _at_price_and_one_short(g, cmd, resource: str, price: int, paid: dict[str, int],
                            why: str, **other: int) -> None:
    """``resource`` at ``price``: offered, accepted, paid as ``paid``; at price - 1:
    refused with ``why``, not offered, nothing changed."""
    s = g.state
    give(g, "p1", **{resource: price}, **other)
    assert cmd in GAME.legal(s, "p1"), GAME.format(cmd, s)
    events = GAME.decide(s, "p1", cmd, random.Random(0))
    got = _changes(events, "p1")
    for key, v in paid.items():
        assert got.get(key, 0) == -v, (GAME.format(cmd, s), key, got)
    give(g, "p1", **{resource: price - 1})
    before = GAME.clone(s)
    assert cmd not in GAME.legal(s, "p1")
    with pytest.raises(IllegalCommand, match=why):
        GAME.decide(s, "p1", cmd, random.Random(0))
    assert s == before


@pytest.mark.parametrize(("kind", "price"), [("power", 11), ("asteroid", 14), ("aquifer", 18),
                                             ("greenery", 23), ("city", 25)])
def test_each_standard_project_at_its_price_and_one_short(kind, price):
    g = action_game()
    _at_price_and_one_short(g, m.Project(kind), "mc", price, {"megacredits": price},
                            f"the {kind} project: that costs {price} M€ and you have {price - 1}")


def test_thorgates_power_plant_costs_eight():
    g = action_game(corps=("Thorgate", "Beginner Corporation"))
    _at_price_and_one_short(g, m.Project("power"), "mc", 8, {"megacredits": 8},
                            "the power project: that costs 8 M€ and you have 7")


def test_a_milestone_at_its_price_and_one_short():
    g = action_game()
    for sp in ("a1", "c3", "i1"):
        g.state.tiles[sp] = ("city", "p1")
    _at_price_and_one_short(g, m.Claim("Mayor"), "mc", 8, {"megacredits": 8},
                            "a milestone: that costs 8 M€ and you have 7")


@pytest.mark.parametrize(("funded", "price"), [(0, 8), (1, 14), (2, 20)])
def test_each_award_at_its_rising_price_and_one_short(funded, price):
    g = action_game()
    for name in ("Landlord", "Scientist")[:funded]:
        g.state.awards[name] = "p2"
    _at_price_and_one_short(g, m.Fund("Banker"), "mc", price, {"megacredits": price},
                            f"the next award: that costs {price} M€ and you have {price - 1}")


def test_no_fourth_award_and_no_fourth_milestone_at_any_price():
    g = action_game()
    s = g.state
    give(g, "p1", mc=100)
    s.awards.update({"Landlord": "p2", "Scientist": "p2", "Miner": "p2"})
    s.milestones.update({"Terraformer": "p2", "Gardener": "p2", "Builder": "p2"})
    for sp in ("a1", "c3", "i1"):
        s.tiles[sp] = ("city", "p1")
    for cmd, why in ((m.Fund("Banker"), "three awards are already funded"),
                     (m.Claim("Mayor"), "three milestones are already claimed")):
        assert cmd not in GAME.legal(s, "p1")
        with pytest.raises(IllegalCommand, match=why):
            GAME.decide(s, "p1", cmd, random.Random(0))


@pytest.mark.parametrize(("corp", "price"), [("Beginner Corporation", 8), ("EcoLine", 7)])
def test_a_greenery_from_plants_at_its_price_and_one_short(corp, price):
    g = action_game(corps=(corp, "Beginner Corporation"))
    _at_price_and_one_short(g, m.Convert("plants"), "plants", price, {"plants": price},
                            f"a greenery takes {price} plants; you have {price - 1}")


def test_heat_to_temperature_at_its_price_and_one_short():
    g = action_game()
    _at_price_and_one_short(g, m.Convert("heat"), "heat", 8, {"heat": 8},
                            "raising the temperature takes 8 heat; you have 7")


def test_a_card_paid_in_megacredits_at_its_cost_and_one_short():
    g = action_game()
    hand(g, "p1", "Adapted Lichen")  # 9 M€, no requirement
    _at_price_and_one_short(g, m.Play("Adapted Lichen", 9), "mc", 9, {"megacredits": 9},
                            "you have only 8 M€, not 9")


def test_a_building_card_paid_with_steel_at_two_each_and_one_short():
    g = action_game()
    hand(g, "p1", "Nuclear Power")  # 10 M€, building
    _at_price_and_one_short(g, m.Play("Nuclear Power", 2, 4), "steel", 4,
                            {"megacredits": 2, "steel": 4}, "you have only 3 steel, not 4", mc=2)


def test_a_space_card_paid_with_titanium_at_three_each_and_one_short():
    g = action_game()
    hand(g, "p1", "Giant Space Mirror")  # 17 M€, space
    _at_price_and_one_short(g, m.Play("Giant Space Mirror", 2, 0, 5), "titanium", 5,
                            {"megacredits": 2, "titanium": 5}, "you have only 4 titanium, not 5",
                            mc=2)


def test_a_card_action_paid_with_titanium_and_one_short():
    g = action_game()
    g.state.players["p1"].played.append("Water Import From Europa")  # 12 M€, titanium helps
    cmd = m.Use("Water Import From Europa", 0, 3, 0, 3)
    _at_price_and_one_short(g, cmd, "titanium", 3, {"megacredits": 3, "titanium": 3},
                            "you have only 2 titanium, not 3", mc=3)
    p = g.state.players["p1"]
    for mc, ti in ((11, 0), (8, 1), (2, 3)):  # worth 11 in all: not offered in any split
        give(g, "p1", mc=mc, titanium=ti)
        assert use_problem(g.state, p, "Water Import From Europa", 0, None) == (
            "Water Import From Europa costs 12 M€")
        assert not [c for c in GAME.legal(g.state, "p1") if type(c) is m.Use]
    give(g, "p1", mc=0, titanium=4)
    assert use_problem(g.state, p, "Water Import From Europa", 0, None) is None


def test_helion_pays_a_project_partly_with_heat_but_not_a_megacredit_short():
    g = action_game(corps=("Helion", "Beginner Corporation"))
    cmd = m.Project("city", 5)
    _at_price_and_one_short(g, cmd, "mc", 20, {"megacredits": 20, "heat": 5},
                            "the city project: that costs 25 M€ and you have 19 and 5 heat",
                            heat=5)
    give(g, "p1", mc=30, heat=4)
    with pytest.raises(IllegalCommand, match="you may pay at most 4 heat here"):
        GAME.decide(g.state, "p1", cmd, random.Random(0))
    assert GAME.legal(g.state, "p1").count(m.Project("city", 4)) == 1
