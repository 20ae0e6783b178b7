"""The heuristic's card valuation (cardvalue, evaluation): cards in hand by what playing
them would bring over their price, cards in play by what they still bring, another
player's hidden hand by its size.

The valuations respect the exchange rates of the rules they stand for, whatever their
tuning: a resource is worth no more than what the rules let it buy and more than nothing
(steel pays 2 M€ for building cards only, titanium 3 M€ for space cards only, 8 plants
make a greenery, 8 heat a temperature step, one M€ is the unit); a card is worth every
part of its data (a city tile its two average points, a greenery its point and its oxygen
step, a special tile something, each card drawn something, each step of a global
parameter a TR); and a card in play brings what its action, effect or piling resources
bring, nothing for a plain one. The tuned numbers themselves are measured by self-play
(docs/games/terraforming-mars.md); these bounds catch a valuation that contradicts the
rules."""

from __future__ import annotations

import random

import pytest
from meeple_terraforming_mars.cards import CARDS, CORPORATIONS
from meeple_terraforming_mars.cardvalue import (
    ACTION_PER_GEN,
    EFFECT_PER_GEN,
    FEATURES,
    PROD_VALUE,
    RES_VALUE,
    VP_MC,
    ongoing,
    play_value,
)
from meeple_terraforming_mars.evaluation import card_worth, evaluate
from meeple_terraforming_mars.state import ENERGY, HEAT, MC, PLANTS, RES, STEEL, TI, State

from .helpers import GAME


def two_players() -> State:
    return State(("a", "b"), {})


def test_production_is_worth_more_with_more_generations_left() -> None:
    # Power Plant-like production cards gain with time; a printed point does not
    assert play_value("Geothermal Power", 9.0) > play_value("Geothermal Power", 2.0) > 0
    assert play_value("Colonizer Training Camp", 9.0) == play_value("Colonizer Training Camp", 2.0)


def test_a_good_card_is_worth_its_price_in_hand_and_a_dead_one_nothing() -> None:
    s = two_players()
    p = s.players["a"]
    # early, a cheap production card is worth buying (3 M€ at 1.3 a M€)
    assert card_worth(s, p, "Geothermal Power", 9.0, 1.3) > 3 * 1.3
    # Colonizer Training Camp needs at most 5 % oxygen: at 8 % it can never be played
    s.oxygen = 8
    assert card_worth(s, p, "Colonizer Training Camp", 6.0, 1.3) == 0.0
    s.oxygen = 5
    assert card_worth(s, p, "Colonizer Training Camp", 6.0, 1.3) > 0.0


def test_cards_in_play_count_their_actions_and_effects_not_their_production() -> None:
    assert ongoing("Regolith Eaters", 6.0) > ongoing("Regolith Eaters", 1.0) > 0
    assert ongoing("Fish", 5.0) > 0  # an animal a generation, a point each
    assert ongoing("Arctic Algae", 5.0) > 0  # an effect
    assert ongoing("Geothermal Power", 5.0) == 0  # production is in the state already
    assert ongoing("Tharsis Republic", 5.0) > ongoing("Tharsis Republic", 0.0) == 0


def test_an_action_card_in_play_raises_the_players_value() -> None:
    s = two_players()
    s.phase = "action"
    s.players["a"].played.append("Regolith Eaters")
    with_card = evaluate(GAME, s, "a")
    s.players["a"].played.clear()
    assert with_card > evaluate(GAME, s, "a")


def test_the_other_players_hand_counts_by_its_size_only() -> None:
    # ISMCTS samples the hidden hand anew every simulation: which cards it holds must not
    # change the value, how many it holds must
    s = two_players()
    s.phase = "action"
    rng = random.Random(3)
    deck = list(GAME.catalog(s).deck)
    s.players["b"].hand = rng.sample(deck, 6)
    first = evaluate(GAME, s, "a")
    s.players["b"].hand = rng.sample(deck, 6)
    assert evaluate(GAME, s, "a") == first
    s.players["b"].hand = rng.sample(deck, 9)
    assert evaluate(GAME, s, "a") < first
    # the player's own hand is judged card by card: at 8 % oxygen a card needing at most
    # 5 % adds nothing, a production card does
    s.oxygen = 8
    empty = evaluate(GAME, s, "a")
    s.players["a"].hand = ["Colonizer Training Camp"]
    assert evaluate(GAME, s, "a") == empty
    s.players["a"].hand = ["Geothermal Power"]
    assert evaluate(GAME, s, "a") > empty


# -- the valuations against the exchange rates of the rules ---------------------------------


def test_each_resource_is_worth_between_nothing_and_what_it_can_buy():
    assert RES_VALUE[MC] == 1.0 and PROD_VALUE[MC] == 1.0  # the unit
    assert 1.0 < RES_VALUE[STEEL] < 2.0  # 2 M€ towards building cards only
    assert 2.0 < RES_VALUE[TI] < 3.0  # 3 M€ towards space cards only
    assert VP_MC <= 8 * RES_VALUE[PLANTS] <= 23  # a greenery: a point, or the 23 M€ project
    assert 0 < 8 * RES_VALUE[HEAT] <= VP_MC  # a temperature step: one TR at most
    assert RES_VALUE[HEAT] <= RES_VALUE[ENERGY] <= RES_VALUE[MC]  # energy turns into heat
    for k in range(6):  # a production step brings about the resource each generation
        assert RES_VALUE[k] / 2 <= PROD_VALUE[k] <= 2 * RES_VALUE[k] + 0.5, k


def _card(name: str) -> dict:
    return CARDS.get(name) or CORPORATIONS[name]


@pytest.mark.parametrize("kind", ["city", "greenery", "special"])
def test_a_tile_of_a_card_is_counted_in_its_value(kind):
    names = [n for n in FEATURES if _card(n).get("tile", {}).get("type") == kind]
    assert names
    least = {"city": 2 * VP_MC, "greenery": VP_MC, "special": 1.0}[kind]
    for n in names:
        c = _card(n)
        gains = sum(RES_VALUE[["mc", "steel", "titanium", "plants", "energy", "heat"].index(r)] * v
                    for r, v in c.get("gain", {}).items() if r in
                    ("mc", "steel", "titanium", "plants", "energy", "heat"))
        draws = 3.5 * c.get("draw", 0)
        assert FEATURES[n].once - gains - draws >= least - 1e-9, n
    if kind == "greenery":  # and its oxygen step, one TR
        assert all(FEATURES[n].steps >= 1 for n in names)


def test_each_card_drawn_and_each_global_step_adds_to_a_cards_value():
    drawers = [n for n in FEATURES if _card(n).get("draw") and "tile" not in _card(n)
               and "choice" not in _card(n) and not _card(n).get("gain")]
    assert drawers
    for n in drawers:
        assert FEATURES[n].once > 2.0 * _card(n)["draw"], n
    for n, f in FEATURES.items():
        c = _card(n)
        steps = c.get("temp", 0) + c.get("oxygen", 0) + c.get("oceans", 0) + c.get("tr", 0)
        steps += c.get("tile", {}).get("type") == "greenery"
        assert f.steps == steps, n
    # a step is a TR now and its income over the generations left
    plain = "Big Asteroid"
    assert play_value(plain, 4.0) - play_value(plain, 3.0) == pytest.approx(
        FEATURES[plain].steps + FEATURES[plain].per_gen)


def test_printed_points_are_worth_vp_mc_each_and_the_capital_some():
    for n, f in FEATURES.items():
        vp = _card(n).get("vp", 0)
        if isinstance(vp, int):
            assert f.vp == vp, n
    assert 1.0 <= FEATURES["Capital"].vp < 3.0  # a point per ocean beside it: one or two
    assert play_value("Colonizer Training Camp", 0.0) == 2 * VP_MC  # 2 VP, nothing else


def test_a_card_in_play_brings_its_action_effect_or_piling_points_and_a_plain_one_nothing():
    for n in FEATURES:
        c = _card(n)
        expected = ACTION_PER_GEN.get(n, 0.0) + EFFECT_PER_GEN.get(n, 0.0)
        vp = c.get("vp")
        if not (isinstance(vp, dict) and "res_per" in vp):
            assert ongoing(n, 2.0) == pytest.approx(2.0 * expected), n
        else:
            assert ongoing(n, 2.0) > 2.0 * expected or not (c.get("action") or c.get("effect")), n
    assert ongoing("Colonizer Training Camp", 5.0) == 0.0


def test_an_action_giving_more_for_the_same_spend_is_worth_more_per_generation():
    # actions alike but for what they give (Ironworks, Steelworks, Ore Processor: 4 energy
    # for an oxygen step and steel or titanium) are valued in the order of what they give
    alike: dict[str, list[tuple[float, dict, str]]] = {}
    for name in ACTION_PER_GEN:
        actions = {**CARDS, **CORPORATIONS}[name].get("action", [])
        if len(actions) == 1 and actions[0].get("gain"):
            rest = {k: v for k, v in actions[0].items() if k != "gain"}
            gain = actions[0]["gain"]
            worth = sum(RES_VALUE[RES.index(r)] * n for r, n in gain.items())
            alike.setdefault(repr(sorted(rest.items())), []).append((worth, gain, name))
    groups = [sorted(g) for g in alike.values() if len(g) > 1]
    assert [[n for _w, _g, n in g] for g in groups] == [["Ironworks", "Ore Processor",
                                                         "Steelworks"]]
    dominated = []
    for group in groups:
        for (_w, _g, a), (_w2, _g2, b) in zip(group, group[1:], strict=False):
            assert ACTION_PER_GEN[a] <= ACTION_PER_GEN[b], (a, b)
        for _w, low, a in group:
            for _w2, high, b in group:
                if set(low) == set(high) and all(high[r] >= low[r] for r in low) and low != high:
                    dominated.append((a, b))  # the same resources, more of them
                    assert ACTION_PER_GEN[a] < ACTION_PER_GEN[b], (a, b)
    assert dominated == [("Ironworks", "Steelworks")]


def test_microbe_actions_alike_but_for_the_parameter_they_raise_are_valued_alike():
    # Regolith Eaters and GHG Producing Bacteria: a microbe a generation, two of them for a
    # step of oxygen or temperature (one TR either way)
    def shape(name: str) -> list:
        acts = CARDS[name]["action"]
        return [{("step" if k in ("oxygen", "temp") else k): (v if k != "label" else "")
                 for k, v in a.items()} for a in acts]

    a, b = "Regolith Eaters", "GHG Producing Bacteria"
    assert shape(a) == shape(b)
    assert ACTION_PER_GEN[a] == ACTION_PER_GEN[b] > 0
    assert play_value(a, 4) == play_value(b, 4) and ongoing(a, 4) == ongoing(b, 4)


# play_value = per generation x left + once + global steps x (VP_MC + left)
#              + VP_MC x (printed VP + piling VP per generation x left), worked out by hand
# from each card's data with the tables' rates (VP_MC 7; M€ production 1.0, energy 1.4,
# plants 1.9 a step; titanium 2.6, plants 1.6 a cube).
BY_HAND = [
    ("Comet", 3, 2 * (7 + 3)),  # a temperature step and an ocean
    ("Big Asteroid", 3, 4 * 2.6 + 2 * (7 + 3)),  # 4 titanium, two steps
    ("Protected Valley", 3, 2 * 1.0 * 3 + (7 + 1) + 1 * (7 + 3)),  # +2 M€, a greenery
    ("Capital", 2, (5 * 1.0 - 2 * 1.4) * 2 + 2 * 7 + 7 * 2),  # production, a city, ~2 VP
    ("Insects", 2, 2 * 1.9 * 2),  # a plant step per plant tag: about two
    ("Imported Hydrogen", 2, 3 * 1.6 + 1 * (7 + 2)),  # the best option: 3 plants; an ocean
    ("Artificial Photosynthesis", 2, 2 * 1.4 * 2),  # the better production: 2 energy
    ("Ganymede Colony", 2, 2 * 7 + 7 * 2),  # a city off Mars, ~2 VP for jovian tags
    ("Mining Area", 2, 2.0),  # a special tile
    ("Technology Demonstration", 2, 2 * 3.5),  # two cards drawn, 3.5 M€ each
    ("Greenhouses", 2, 2 * 1.6),  # a plant per city: about two
    ("Ants", 4, 7 * (0.7 / 2) * 4),  # steals a microbe a generation, 1 VP per 2
    ("Small Animals", 4, 7 * (1.0 / 2) * 4),  # adds an animal a generation, 1 VP per 2
    ("Pets", 4, 7 * (0.5 / 2) * 4),  # an animal by trigger, 1 VP per 2
    ("Decomposers", 4, 7 * (0.5 / 3) * 4),  # a microbe by trigger, 1 VP per 3
    ("Predators", 4, 7 * (0.7 / 1) * 4),
]


@pytest.mark.parametrize(("name", "left", "value"), BY_HAND, ids=[n for n, _l, _v in BY_HAND])
def test_a_cards_play_value_is_the_sum_of_its_parts_worked_out_by_hand(name, left, value):
    assert play_value(name, left) == pytest.approx(value)


def test_what_cards_in_play_still_bring_per_generation_worked_out_by_hand():
    from meeple_terraforming_mars.cardvalue import ongoing_all

    assert ongoing("Predators", 2) == pytest.approx(2 * 7 * 0.7)
    assert ongoing("Arctic Algae", 3) == pytest.approx(3 * 2.0)
    assert ongoing("Regolith Eaters", 2) == pytest.approx(2 * 3.5)
    assert ongoing("Comet", 5) == 0.0
    assert ongoing_all(["Predators", "Arctic Algae", "Comet"], 2) == pytest.approx(
        2 * (7 * 0.7 + 2.0))
    assert ongoing_all([], 3) == 0.0
