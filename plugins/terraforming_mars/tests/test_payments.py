"""Every payment of Terraforming Mars. Each payment path at its price: with exactly the
price the command is offered by ``legal``, accepted, and the event records exactly that
payment; one short, it is not offered, decide refuses it with the line that names the
price and what the player has, and nothing changes. The paths: the five standard projects
(and Thorgate's cheaper power plant), a milestone, the three awards at their rising
prices, a greenery from plants (and EcoLine's cheaper one), heat to temperature, a card
paid in M€, in M€ and steel, in M€ and titanium, a card action paid with titanium,
Helion's heat, and research cards at 3 M€ each. A short purse reaches decide in no random
game, since legal filters what is affordable, so each is tried by hand.

And the payment rules themselves: the exact-payment test stated cube by cube; every split
``payments`` offers pays the cost with no negative amount; for every set of resources a
player is willing to spend, the offered splits reach the fewest M€ any valid payment with
them reaches; a payment that does not add up says how many M€ to pay with the resources
given; only Helion pays with heat."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.checks import use_problem
from meeple_terraforming_mars.rules import payments, valid_payment
from meeple_terraforming_mars.state import HEAT, MC, RI, STEEL, TI, Player, State

from .helpers import GAME, action_game, give, hand
from .test_views_and_thresholds import research_game

# -- each payment path at its price and one short -----------------------------------------


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


def test_a_card_action_paid_with_steel_is_affordable_with_steel_at_two_each():
    g = action_game()
    p = g.state.players["p1"]
    p.played.append("Aquifer Pumping")  # action: 8 M€, steel may pay, for an ocean
    give(g, "p1", mc=2, steel=3)
    assert use_problem(g.state, p, "Aquifer Pumping", 0, None) is None
    assert [c for c in GAME.legal(g.state, "p1") if type(c) is m.Use]
    give(g, "p1", mc=1)
    assert use_problem(g.state, p, "Aquifer Pumping", 0, None) == "Aquifer Pumping costs 8 M€"

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


@pytest.mark.parametrize("stage", ["mark", "buy"])
def test_more_research_cards_than_the_megacredits_pay_for_are_refused_and_change_nothing(
        stage: str) -> None:
    # Marking a card onto the research list, or buying a set at once, at 3 M€ a card.
    g = research_game(2)
    p = g.state.players["p1"]
    if stage == "mark":  # one card is on the list already (3 M€); a second would cost 6
        spare = next(c for c in p.offer if c not in p.marked)
        cmd, want = m.Mark(spare, True), (m.Marked, spare, True)
    else:
        two = tuple(p.offer[:2])
        cmd, want = m.Buy(two), (m.Bought, two)
    p.res[MC] = 5
    before = GAME.clone(g.state)
    with pytest.raises(IllegalCommand, match=re.escape("2 cards cost 6 M€; you have 5")):
        GAME.decide(g.state, "p1", cmd, None)
    assert g.state == before
    p.res[MC] = 6
    (event,) = GAME.decide(g.state, "p1", cmd, None)
    got = (type(event), event.card, event.on) if stage == "mark" else (type(event), event.cards)
    assert got == want


# -- Helion's heat ---------------------------------------------------------------------------


@pytest.mark.parametrize(("corp", "usable"), [("Helion", True), ("CrediCor", False), ("", False)])
def test_only_helion_pays_an_action_with_heat(corp: str, usable: bool) -> None:
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp, p.played = corp, ["Space Mirrors"]  # action: pay 7 M€ for 1 energy production
    p.res[MC], p.res[HEAT] = 3, 4
    why = use_problem(s, p, "Space Mirrors", 0, None)
    assert (why is None) is usable, why
    p.res[HEAT] = 3
    assert use_problem(s, p, "Space Mirrors", 0, None) == "Space Mirrors costs 7 M€"


def test_helion_chosen_in_the_game_affords_an_action_with_heat():
    g = action_game(corps=("Helion", "Beginner Corporation"))
    p = g.state.players["p1"]
    assert p.corp == "Helion"  # the name as the game holds it, read from the card data
    p.played.append("Space Mirrors")  # action: pay 7 M€ for an energy production
    give(g, "p1", mc=3, heat=4)
    offered = [c for c in GAME.legal(g.state, "p1") if type(c) is m.Use]
    assert offered and all(c.mc + c.heat == 7 for c in offered)
    give(g, "p1", heat=3)
    assert not [c for c in GAME.legal(g.state, "p1") if type(c) is m.Use]


# -- the payment rules --------------------------------------------------------------------


@pytest.mark.parametrize(("corp", "card", "pay", "want"), [
    ("Beginner Corporation", "Comet", (20, 0, 2, 0), 15),  # titanium 3 each
    ("PhoboLog", "Comet", (20, 0, 2, 0), 13),  # titanium 4 each
    ("Beginner Corporation", "Strip Mine", (1, 5, 0, 0), 15),  # steel 2 each
    ("Beginner Corporation", "Comet", (30, 0, 9, 0), 0),  # never below nothing
])
def test_a_payment_that_does_not_add_up_says_how_many_megacredits_to_pay(corp, card, pay, want):
    g = action_game(corps=(corp, "Beginner Corporation"))
    hand(g, "p1", card)
    give(g, "p1", mc=40, steel=10, titanium=10)
    before = GAME.clone(g.state)
    cost = CARDS[card]["cost"]
    with pytest.raises(IllegalCommand) as err:
        GAME.decide(g.state, "p1", m.Play(card, *pay), random.Random(0))
    assert str(err.value) == (f"that does not pay {cost} M€ exactly (pay {want} M€ with these "
                              "resources)")
    assert g.state == before


@pytest.mark.parametrize(("sv", "tv"), [(2, 3), (3, 4), (2, 4)])
def test_a_payment_is_valid_exactly_when_it_pays_the_cost_or_overpays_by_less_than_any_cube(
        sv: int, tv: int) -> None:
    for cost, st, t, h in itertools.product(range(0, 16), range(0, 6), range(0, 5), range(0, 4)):
        other = st * sv + t * tv + h
        cubes = [v for v, n in ((sv, st), (tv, t)) if n]
        for mc in range(0, 17):
            if other <= cost:
                want = mc + other == cost
            else:  # overpaid: no M€, no heat, and each cube used is needed
                want = mc == 0 and h == 0 and all(other - v < cost for v in cubes)
            assert valid_payment(cost, mc, st, t, h, sv, tv) == want, (cost, mc, st, t, h, sv, tv)


@pytest.mark.parametrize("corp", ["Helion", "PhoboLog", ""])
def test_every_payment_split_uses_no_negative_amount_and_pays_the_cost(corp: str) -> None:
    # Titanium that overpays leaves a negative rest: no split may then "pay" negative heat
    # (which would hand the player heat for a card).
    for cost in range(0, 15):
        for ti in range(0, 4):
            for steel in range(0, 3):
                p = Player("a")
                p.corp = corp
                p.res[MC], p.res[STEEL], p.res[TI], p.res[HEAT] = 30, steel, ti, 6
                splits = payments(cost, p, steel=True, titanium=True, heat=corp == "Helion")
                assert (cost, 0, 0, 0) in splits, (cost, ti, steel)
                for mc, st, t, h in splits:
                    assert min(mc, st, t, h) >= 0, (corp, cost, ti, steel, (mc, st, t, h))
                    assert st <= steel and t <= ti and h <= (6 if corp == "Helion" else 0)
                    sv, tv = 2, 3 + (corp == "PhoboLog")
                    assert valid_payment(cost, mc, st, t, h, sv, tv)
                    assert mc + st * sv + t * tv + h >= cost


def _fewest_mc(cost: int, have: dict[str, int], sv: int, tv: int) -> int | None:
    """The fewest M€ of any valid payment with at most the given resources, by trying all."""
    best = None
    for st, t, h in itertools.product(range(have["steel"] + 1), range(have["titanium"] + 1),
                                      range(have["heat"] + 1)):
        mc = max(0, cost - st * sv - t * tv - h)
        if mc <= have["mc"] and valid_payment(cost, mc, st, t, h, sv, tv):
            best = mc if best is None else min(best, mc)
    return best


@pytest.mark.parametrize("corp", ["", "PhoboLog", "Helion"])
def test_for_any_resources_a_player_spends_the_offered_splits_reach_the_fewest_megacredits(
        corp: str) -> None:
    # Whatever resources a player chooses to spend, one offered split uses only them and
    # pays with as few M€ as any valid payment with them.
    heat_ok = corp == "Helion"
    sv, tv = 2, 3 + (corp == "PhoboLog")
    checked = 0
    for cost, steel, ti, heat in itertools.product(range(0, 23), range(0, 8), range(0, 6),
                                                   (0, 5) if heat_ok else (0,)):
        p = Player("a")
        p.corp = corp
        p.res[MC], p.res[STEEL], p.res[TI], p.res[HEAT] = 30, steel, ti, heat
        splits = payments(cost, p, steel=True, titanium=True, heat=heat_ok)
        for use_st, use_t, use_h in itertools.product((0, 1), repeat=3):
            have = {"mc": 30, "steel": steel * use_st, "titanium": ti * use_t,
                    "heat": heat * use_h}
            fewest = _fewest_mc(cost, have, sv, tv)
            mine = [mc for mc, st, t, h in splits
                    if st <= have["steel"] and t <= have["titanium"] and h <= have["heat"]]
            assert min(mine, default=None) == fewest, (corp, cost, have)
            checked += fewest is not None and fewest < cost
    assert checked > 500


def test_a_card_payment_is_refused_for_the_first_rule_it_breaks():
    from meeple_terraforming_mars.checks import payment_problem

    p = Player("a")
    p.res[MC], p.res[STEEL], p.res[TI], p.res[HEAT] = 10, 3, 2, 4

    def why(mc=0, st=0, ti=0, heat=0, cost=10, steel_ok=True, ti_ok=True, heat_ok=True):
        return payment_problem(p, cost, mc, st, ti, heat, steel_ok, ti_ok, heat_ok)

    assert why(mc=-1, st=6) == "payments cannot be negative"
    assert why(mc=12, heat=-1) == "payments cannot be negative"
    assert why(mc=8, st=1, steel_ok=False) == "steel only pays for building cards"
    assert why(mc=7, ti=1, ti_ok=False) == "titanium only pays for space cards"
    assert why(mc=9, heat=1, heat_ok=False) == "only Helion may pay with heat"
    assert why(mc=11, cost=11) == "you have only 10 M€, not 11"
    assert why(mc=2, st=4) == "you have only 3 steel, not 4"
    assert why(ti=3, cost=9) == "you have only 2 titanium, not 3"
    assert why(mc=5, heat=5) == "you have only 4 heat, not 5"
    assert why(mc=3, st=1) == "that does not pay 10 M€ exactly (pay 8 M€ with these resources)"
    assert why(mc=4, st=3) is None and why(mc=10) is None and why(mc=6, heat=4) is None
    assert why(mc=10, steel_ok=False, ti_ok=False, heat_ok=False) is None


def test_a_megacredit_cost_paid_partly_with_heat_only_by_helion_and_only_what_it_holds():
    from meeple_terraforming_mars.checks import heat_problem

    p = Player("a")
    p.res[MC], p.res[HEAT] = 8, 5
    assert heat_problem(p, 8, -1) == "payments cannot be negative"
    assert heat_problem(p, 8, 1) == "only Helion may pay with heat"
    assert heat_problem(p, 8, 0) is None
    assert heat_problem(p, 9, 0) == "that costs 9 M€ and you have 8"
    p.corp = "Helion"
    assert heat_problem(p, 8, 6) == "you may pay at most 5 heat here"
    assert heat_problem(p, 3, 4) == "you may pay at most 3 heat here"
    assert heat_problem(p, 3, 3) is None
    assert heat_problem(p, 14, 5) == "that costs 14 M€ and you have 8 and 5 heat"
    assert heat_problem(p, 13, 5) is None


@pytest.mark.parametrize("corp", ["", "CrediCor", "EcoLine", "Helion", "Thorgate", "Tharsis Republic"])
def test_the_heat_parts_offered_for_a_megacredit_cost_are_none_and_all_that_helps(corp):
    from meeple_terraforming_mars.checks import heat_problem, heat_splits

    p = Player("a")
    p.corp = corp
    p.res[MC], p.res[HEAT] = 8, 5
    helion = corp == "Helion"
    want = {0: [0], 3: [0, 3] if helion else [0], 8: [0, 5] if helion else [0],
            12: [5] if helion else [], 13: [5] if helion else [], 14: []}
    for cost, splits in want.items():
        assert heat_splits(p, cost) == splits, cost
        assert all(heat_problem(p, cost, h) is None for h in splits), cost  # each allowed
    p.res[HEAT] = 0
    assert heat_splits(p, 8) == [0] and heat_splits(p, 9) == []


def test_funding_an_award_checks_the_game_the_award_the_count_and_the_price_in_order():
    from meeple_terraforming_mars.checks import fund_problem

    assert fund_problem(State(("a",), {}), Player("a"), "Banker") == "the solo game has no awards"
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp, p.res[HEAT] = "Helion", 5
    for funded, price in ((0, 8), (1, 14), (2, 20)):
        s.awards = {k: "b" for k in ("Landlord", "Scientist")[:funded]}
        p.res[MC] = price - 1
        assert fund_problem(s, p, "Banker") == (
            f"the next award: that costs {price} M€ and you have {price - 1}")
        assert fund_problem(s, p, "Banker", 1) is None  # Helion's heat makes up the M€
        assert fund_problem(s, p, "Banker", 6) == "the next award: you may pay at most 5 heat here"
        p.res[MC] = price
        assert fund_problem(s, p, "Banker") is None
        if funded:
            assert fund_problem(s, p, "Landlord") == "Landlord is already funded"
    s.awards["Miner"] = "b"
    p.res[MC] = 100
    assert fund_problem(s, p, "Banker") == "three awards are already funded"
    assert fund_problem(s, p, "Miner") == "Miner is already funded"


def test_claiming_a_milestone_checks_the_game_the_claims_the_price_and_the_goal_in_order():
    from meeple_terraforming_mars.checks import claim_problem

    assert claim_problem(State(("a",), {}), Player("a"), "Mayor") == (
        "the solo game has no milestones")
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.res[MC] = 7
    assert claim_problem(s, p, "Mayor") == "a milestone: that costs 8 M€ and you have 7"
    p.res[MC] = 8
    assert claim_problem(s, p, "Mayor") == "you do not meet Mayor yet"
    s.tiles = {"a1": ("city", "a"), "c3": ("city", "a")}
    assert claim_problem(s, p, "Mayor") == "you do not meet Mayor yet"  # two of three cities
    s.tiles["i1"] = ("city", "a")
    assert claim_problem(s, p, "Mayor") is None
    s.milestones = {"Terraformer": "b", "Gardener": "b"}
    assert claim_problem(s, p, "Mayor") is None
    assert claim_problem(s, p, "Gardener") == "Gardener is already claimed"
    s.milestones["Builder"] = "b"
    assert claim_problem(s, p, "Mayor") == "three milestones are already claimed"


def test_a_standard_project_checks_its_price_then_its_parameter_or_a_space():
    from meeple_terraforming_mars.board import SPACES
    from meeple_terraforming_mars.checks import project_problem
    from meeple_terraforming_mars.state import MAX_OCEANS, MAX_TEMP_STEP

    s = State(("a", "b"), {})
    p = s.players["a"]
    for kind, price in (("power", 11), ("asteroid", 14), ("aquifer", 18), ("greenery", 23),
                        ("city", 25)):
        p.res[MC] = price - 1
        assert project_problem(s, p, kind) == (
            f"the {kind} project: that costs {price} M€ and you have {price - 1}")
        p.res[MC] = price
        assert project_problem(s, p, kind) is None, kind
    p.corp, p.res[MC] = "Thorgate", 8
    assert project_problem(s, p, "power") is None
    p.res[MC] = 100
    s.temp, s.oceans = MAX_TEMP_STEP - 1, MAX_OCEANS - 1
    assert project_problem(s, p, "asteroid") is None and project_problem(s, p, "aquifer") is None
    s.temp, s.oceans = MAX_TEMP_STEP, MAX_OCEANS
    assert project_problem(s, p, "asteroid") == "the temperature is already at its maximum"
    assert project_problem(s, p, "aquifer") == "all 9 oceans are on the board"
    s.tiles = {sp: ("ocean", "") for sp in SPACES}
    assert project_problem(s, p, "greenery") == "there is no space for a greenery"
    assert project_problem(s, p, "city") == "there is no space for a city"
    assert project_problem(s, p, "power") is None


def test_converting_plants_or_heat_checks_the_amount_then_the_board():
    from meeple_terraforming_mars.board import SPACES
    from meeple_terraforming_mars.checks import convert_problem
    from meeple_terraforming_mars.state import MAX_TEMP_STEP, PLANTS

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.res[PLANTS], p.res[HEAT] = 7, 7
    assert convert_problem(s, p, "plants") == "a greenery takes 8 plants; you have 7"
    assert convert_problem(s, p, "heat") == "raising the temperature takes 8 heat; you have 7"
    p.res[PLANTS], p.res[HEAT] = 8, 8
    assert convert_problem(s, p, "plants") is None and convert_problem(s, p, "heat") is None
    s.temp = MAX_TEMP_STEP - 1
    assert convert_problem(s, p, "heat") is None
    s.temp = MAX_TEMP_STEP
    assert convert_problem(s, p, "heat") == "the temperature is already at its maximum"
    s.tiles = {sp: ("ocean", "") for sp in SPACES}
    assert convert_problem(s, p, "plants") == "there is no space for a greenery"


def test_playing_a_card_checks_the_game_the_hand_the_requirement_the_payment_and_effects():
    from meeple_terraforming_mars.checks import play_problem
    from meeple_terraforming_mars.rules import requirement_problem

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.hand = ["Space Station", "Kelp Farming", "Strip Mine", "Food Factory", "Comet"]
    assert play_problem(s, p, "Helion", None) == "'Helion' is not a project card of this game"
    assert play_problem(s, p, "Space Station", None) == (
        "'Space Station' is not a project card of this game")  # a Corporate Era card
    assert play_problem(s, p, "Fish", None) == "Fish is not in your hand"
    why = requirement_problem(s, p, "Kelp Farming")
    assert why and play_problem(s, p, "Kelp Farming", None) == why
    p.res[MC], p.res[STEEL], p.res[TI], p.res[HEAT] = 5, 10, 4, 3
    p.prod[RI["energy"]] = 2  # Strip Mine lowers it by 2
    assert play_problem(s, p, "Strip Mine", (5, 10, 0, 0)) is None
    assert play_problem(s, p, "Strip Mine", (4, 10, 0, 0)) == (
        "that does not pay 25 M€ exactly (pay 5 M€ with these resources)")
    assert play_problem(s, p, "Strip Mine", (0, 10, 1, 2)) == (
        "titanium only pays for space cards")
    assert play_problem(s, p, "Comet", (0, 3, 0, 0)) == "steel only pays for building cards"
    assert play_problem(s, p, "Strip Mine", (2, 10, 0, 3)) == "only Helion may pay with heat"
    p.corp = "Helion"
    assert play_problem(s, p, "Strip Mine", (2, 10, 0, 3)) is None
    assert play_problem(s, p, "Food Factory", None) == (
        "Food Factory lowers your plants production by 1, which you do not have")
    p.hand.append("Local Heat Trapping")  # needs 5 heat besides what pays for it
    p.res[HEAT] = 5
    assert play_problem(s, p, "Local Heat Trapping", (1, 0, 0, 0)) is None
    assert play_problem(s, p, "Local Heat Trapping", (0, 0, 0, 1)) == (
        "Local Heat Trapping needs 5 heat to spend")
    assert play_problem(s, p, "Food Factory", (12, 0, 0, 0)) == (
        "you have only 5 M€, not 12")  # the payment is checked before the effects
    era = State(("a", "b"), {"corporate_era": True})
    era.players["a"].hand = []
    assert play_problem(era, era.players["a"], "Space Station", None) == (
        "Space Station is not in your hand")


def test_the_payments_offered_for_a_card_leave_what_its_effects_need():
    from meeple_terraforming_mars.checks import play_options

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp, p.hand = "Helion", ["Local Heat Trapping", "Adapted Lichen", "Food Factory"]
    p.res[MC], p.res[HEAT] = 1, 5
    assert play_options(s, p, "Local Heat Trapping") == [(1, 0, 0, 0)]  # not with its heat
    p.res[HEAT] = 6
    assert play_options(s, p, "Local Heat Trapping") == [(1, 0, 0, 0), (0, 0, 0, 1)]
    p.res[MC] = 9
    assert play_options(s, p, "Adapted Lichen") == [(9, 0, 0, 0), (3, 0, 0, 6)]
    assert play_options(s, p, "Food Factory") == []  # no plant production to lower
    assert play_options(s, p, "Comet") == []  # not in hand
    # steel pays for a building card, titanium (3 M€ each) for a space card
    p.corp, p.hand = "", ["Strip Mine", "Comet"]
    p.res[MC], p.res[STEEL], p.res[TI] = 25, 10, 10
    p.prod[RI["energy"]] = 2
    assert play_options(s, p, "Strip Mine") == [(25, 0, 0, 0), (5, 10, 0, 0)]
    assert play_options(s, p, "Comet") == [(21, 0, 0, 0), (0, 0, 7, 0)]


def test_a_cards_effects_are_checked_against_production_resources_targets_and_spaces():
    from meeple_terraforming_mars.board import SPACES
    from meeple_terraforming_mars.checks import effects_problem
    from meeple_terraforming_mars.state import ENERGY, PLANTS

    s = State(("a", "b"), {})
    p, q = s.players["a"], s.players["b"]

    def why(name, paid=(0, 0, 0, 0)):
        return effects_problem(s, p, CARDS[name], paid)

    assert why("Food Factory") == ("Food Factory lowers your plants production by 1, which you "
                                   "do not have")
    p.prod[PLANTS] = 1
    assert why("Food Factory") is None
    p.prod[MC] = -4
    assert why("Nuclear Power") == ("Nuclear Power lowers your mc production by 2, which you do "
                                    "not have")
    p.prod[MC] = -3  # M€ production goes down to -5
    assert why("Nuclear Power") is None
    p.res[HEAT] = 4
    assert why("Local Heat Trapping") == "Local Heat Trapping needs 5 heat to spend"
    p.res[HEAT] = 6  # what pays for the card is gone before its effects
    assert why("Local Heat Trapping", (0, 0, 0, 2)) == "Local Heat Trapping needs 5 heat to spend"
    assert why("Local Heat Trapping", (0, 0, 0, 1)) is None
    assert why("Heat Trappers") == ("Heat Trappers must lower some player's heat production by "
                                    "2, and nobody has it")
    q.prod[HEAT] = 1
    assert why("Heat Trappers") is not None  # one step short
    q.prod[HEAT] = 2
    assert why("Heat Trappers") is None
    solo = State(("a",), {})  # the neutral player has whatever must be lowered
    assert effects_problem(solo, solo.players["a"], CARDS["Heat Trappers"], (0, 0, 0, 0)) is None
    assert why("Robotic Workforce") == ("Robotic Workforce needs a card of yours to work on, and "
                                        "you have none that fits")
    p.played = ["Food Factory"]  # a building card with production
    assert why("Robotic Workforce") is None
    p.prod[ENERGY] = 2
    assert why("Underground City") is None
    s.tiles = {sp: ("ocean", "") for sp in SPACES}
    assert why("Underground City") == "there is no space where Underground City may place its tile"


def test_a_card_action_is_refused_for_each_thing_it_lacks_at_the_boundary():
    from meeple_terraforming_mars.state import ENERGY, MAX_OCEANS, MAX_OXYGEN, MAX_TEMP_STEP

    s = State(("a", "b"), {})
    p, q = s.players["a"], s.players["b"]
    p.played = ["Ironworks", "Regolith Eaters", "Equatorial Magnetizer", "Water Splitting Plant",
                "GHG Producing Bacteria", "Aquifer Pumping", "Ants", "Search For Life",
                "Power Infrastructure", "Space Mirrors"]

    def why(name, option=0):
        return use_problem(s, p, name, option, None)

    p.res[ENERGY] = 3
    assert why("Ironworks") == "Ironworks needs 4 energy"
    assert why("Water Splitting Plant") is None
    p.res[ENERGY] = 4
    assert why("Ironworks") is None
    p.card_res = {"Regolith Eaters": 1, "GHG Producing Bacteria": 2}
    assert why("Regolith Eaters", 1) == "Regolith Eaters needs 2 resources on it"
    p.card_res["Regolith Eaters"] = 2
    assert why("Regolith Eaters", 1) is None
    assert why("Equatorial Magnetizer") == "Equatorial Magnetizer needs 1 energy production to lower"
    p.prod[ENERGY] = 1
    assert why("Equatorial Magnetizer") is None
    # an action only for a parameter already at its maximum is refused; one that also gives
    # something (Ironworks' steel) is not
    s.oxygen, s.temp, s.oceans = MAX_OXYGEN - 1, MAX_TEMP_STEP - 1, MAX_OCEANS - 1
    p.res[MC] = 8
    assert [why("Water Splitting Plant"), why("Regolith Eaters", 1), why("Ironworks"),
            why("GHG Producing Bacteria", 1), why("Aquifer Pumping")] == [None] * 5
    s.oxygen, s.temp, s.oceans = MAX_OXYGEN, MAX_TEMP_STEP, MAX_OCEANS
    maxed = "that parameter is already at its maximum"
    assert [why("Water Splitting Plant"), why("Regolith Eaters", 1), why("Ironworks"),
            why("GHG Producing Bacteria", 1), why("Aquifer Pumping")] == [maxed, maxed, None,
                                                                          maxed, maxed]
    p.card_res = {"Regolith Eaters": 0, "GHG Producing Bacteria": 0}
    assert why("Ants") == "there is no microbe to take"
    q.played, q.card_res = ["Decomposers"], {"Decomposers": 1}
    assert why("Ants") is None
    assert why("Search For Life") == "the deck is empty"
    s.discard = ["Comet"]
    assert why("Search For Life") is None
    s.discard, s.deck = [], ["Fish"]
    assert why("Search For Life") is None
    p.res[ENERGY] = 0
    assert why("Power Infrastructure") == "Power Infrastructure needs energy to spend"
    p.res[ENERGY] = 1
    assert why("Power Infrastructure") is None
    # what it costs, counted with everything that may pay for it (Helion's heat too)
    p.res[MC] = 6
    assert why("Space Mirrors") == "Space Mirrors costs 7 M€"
    p.res[HEAT] = 1
    assert why("Space Mirrors") == "Space Mirrors costs 7 M€"
    p.corp = "Helion"
    assert why("Space Mirrors") is None
    p.corp, p.res[HEAT], p.res[MC] = "", 0, 7
    assert why("Space Mirrors") is None


def test_the_payments_offered_for_a_card_action_use_only_what_may_pay_for_it():
    from meeple_terraforming_mars.checks import use_options

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.played = ["Aquifer Pumping", "Water Import From Europa", "Space Mirrors", "Regolith Eaters"]
    p.res = [8, 4, 4, 0, 0, 3]
    assert use_options(s, p, "Aquifer Pumping", 0) == [(8, 0, 0, 0), (0, 4, 0, 0)]  # steel
    assert use_options(s, p, "Water Import From Europa", 0) == [(0, 0, 4, 0)]  # titanium
    assert use_options(s, p, "Space Mirrors", 0) == [(7, 0, 0, 0)]  # M€ only
    assert use_options(s, p, "Regolith Eaters", 0) == [(0, 0, 0, 0)]  # free
    assert use_options(s, p, "Regolith Eaters", 1) == []  # no microbes to spend
    assert use_options(s, p, "Regolith Eaters", 2) == []  # no such option
    p.corp = "Helion"
    assert use_options(s, p, "Space Mirrors", 0) == [(7, 0, 0, 0), (4, 0, 0, 3)]


def test_the_un_mars_initiative_acts_only_after_a_rise_in_terraform_rating():
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp, p.res[MC] = "United Nations Mars Initiative", 3
    assert use_problem(s, p, p.corp, 0, None) == (
        "your terraform rating has not risen this generation")
    p.tr_raised = True
    assert use_problem(s, p, p.corp, 0, None) is None
    p.res[MC] = 2
    assert use_problem(s, p, p.corp, 0, None) == "United Nations Mars Initiative costs 3 M€"


def test_a_card_action_is_refused_unless_in_play_unused_and_a_real_option():
    s = State(("a", "b"), {})
    p = s.players["a"]
    assert use_problem(s, p, "Regolith Eaters", 0, None) == "Regolith Eaters is not in play for you"
    p.played = ["Comet", "Regolith Eaters"]
    assert use_problem(s, p, "Comet", 0, None) == "Comet has no action"
    assert use_problem(s, p, "Regolith Eaters", 2, None) == "Regolith Eaters has no option 2"
    assert use_problem(s, p, "Regolith Eaters", -1, None) == "Regolith Eaters has no option -1"
    assert use_problem(s, p, "Regolith Eaters", 0, None) is None  # add a microbe
    p.used = ["Regolith Eaters"]
    assert use_problem(s, p, "Regolith Eaters", 0, None) == (
        "Regolith Eaters's action was already used this generation")
