"""The heuristic's card valuation (cardvalue, evaluation): cards in hand by what playing
them would bring over their price, cards in play by what they still bring, another
player's hidden hand by its size."""

from __future__ import annotations

import random

from meeple_terraforming_mars.cardvalue import ongoing, play_value
from meeple_terraforming_mars.evaluation import card_worth, evaluate
from meeple_terraforming_mars.state import State

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
