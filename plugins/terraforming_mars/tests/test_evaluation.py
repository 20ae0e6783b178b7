"""The heuristic's value of a state (evaluation.py) is the sum its module text documents,
term by term, read here by changing one thing at a time: a point is worth ``VP_MC``;
a M€ is worth ``spend`` up to what the rest of the game can spend and little beyond;
other resources their ``RES_VALUE`` at that rate; a production step its ``PROD_VALUE``
and a TR step one M€ per generation left; a card in hand a share of its surplus over its
price (nothing once dead, that is past a maximum requirement and its tolerance of two
steps; an average for a hidden one; the best eight in full and six more at half); a tile
still to place what placing it brings; and a finished game the win or loss and the
margin. These bounds hold whatever the tuning: the tuned numbers themselves are measured
by self-play (docs/games/terraforming-mars.md)."""

from __future__ import annotations

import pytest
from meeple.core import Outcome
from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.cardvalue import PROD_VALUE, RES_VALUE, VP_MC, play_value
from meeple_terraforming_mars.evaluation import (
    HAND_SHARE,
    STEPS,
    _dead,
    _tile_value,
    card_worth,
    evaluate,
    generations_left,
    hand_value,
    worth,
)
from meeple_terraforming_mars.rules import card_cost
from meeple_terraforming_mars.state import MAX_OCEANS, MAX_OXYGEN, MC, State

from .helpers import GAME

POINTS = {"total": 20}


def _two() -> State:
    s = State(("a", "b"), {})
    s.phase = "action"
    return s


def test_the_generations_left_shrink_with_every_step_and_end_with_mars():
    s = _two()
    left = [generations_left(s)]
    for _ in range(STEPS):
        s.temp += 1
        left.append(generations_left(s))
    gaps = {round(a - b, 9) for a, b in zip(left, left[1:], strict=False)}
    assert len(gaps) == 1 and gaps.pop() > 0 and left[-1] == 0.0
    three = State(("a", "b", "c"), {})
    assert generations_left(three) < generations_left(_two())  # more players, faster
    solo = State(("a",), {})
    solo.generation = 3
    assert generations_left(solo) == 11.5
    solo.generation = 15
    assert generations_left(solo) == 0.0


@pytest.mark.parametrize("left", [0.0, 2.0, 6.0])
def test_each_term_of_a_players_worth(left):
    s = _two()
    p = s.players["a"]
    spend = min(1.3, 0.3 + left / 4.0)
    cap = 25.0 + 8.0 * left
    p.res[MC] = 10

    def w() -> float:
        return worth(s, "a", POINTS, left)

    base = w()
    assert worth(s, "a", {"total": 21}, left) - base == pytest.approx(VP_MC)
    p.res[MC] += 1
    assert w() - base == pytest.approx(spend)
    p.res[MC] = int(cap) + 10
    beyond = w()
    p.res[MC] += 10
    assert 0.5 < w() - beyond < 10 * spend  # a hoard counts, but less
    p.res[MC] = 10
    for k in range(1, 6):
        p.res[k] += 1
        assert w() - base == pytest.approx(spend * RES_VALUE[k]), k
        p.res[k] -= 1
    for k in range(6):
        p.prod[k] += 1
        assert w() - base == pytest.approx(left * PROD_VALUE[k]), k
        p.prod[k] -= 1
    p.tr += 1
    assert w() - base == pytest.approx(left)
    p.tr -= 1
    p.marked = ["Comet"]  # on the research list: counted bought, its 3 M€ spent
    assert w() - base == pytest.approx(-3 * spend + card_worth(s, p, "Comet", left, spend, False))


def test_another_players_hand_counts_by_its_size_up_to_fourteen_cards():
    s = _two()
    q = s.players["b"]
    left = 6.0
    sizes = []
    for n in (0, 1, 2, 14, 15):
        q.hand = ["?"] * n
        sizes.append(worth(s, "b", POINTS, left, known=False))
    each = min(5.5, 0.8 * left)
    assert [round(v - sizes[0], 9) for v in sizes] == [0, round(each, 9), round(2 * each, 9),
                                                       round(14 * each, 9), round(14 * each, 9)]


def test_a_card_in_hand_is_a_share_of_its_surplus_over_its_price():
    s = _two()
    p = s.players["a"]
    left, spend = 6.0, 1.3
    name = "Geothermal Power"
    surplus = play_value(name, left) - spend * card_cost(p, name)
    assert surplus > 0
    assert card_worth(s, p, name, left, spend) == pytest.approx(
        min(2.0, 0.3 * left) + HAND_SHARE * surplus)
    assert card_worth(s, p, "?", left, spend) == min(5.5, 0.8 * left)
    poor = "Colonizer Training Camp"
    s.oxygen = 5 + 3  # past its maximum and the tolerance: dead
    assert card_worth(s, p, poor, left, spend) == 0.0


def test_the_best_eight_cards_count_in_full_six_more_at_half_and_no_more():
    s = _two()
    p = s.players["a"]
    p.hand = ["Geothermal Power"] * 16
    one = card_worth(s, p, "Geothermal Power", 6.0, 1.3)
    assert hand_value(s, p, 6.0, 1.3) == pytest.approx(8 * one + 0.5 * 6 * one)
    p.hand = ["Geothermal Power"] * 3
    assert hand_value(s, p, 6.0, 1.3) == pytest.approx(3 * one)


def test_a_tile_to_place_is_worth_what_placing_it_brings():
    s = _two()
    left = 4.0
    tr = VP_MC + left
    assert _tile_value(s, "ocean", left) == pytest.approx(tr + 2.0)
    assert _tile_value(s, "greenery", left) == pytest.approx(VP_MC + tr + 1.0)
    assert _tile_value(s, "city", left) == _tile_value(s, "capital", left) == 2 * VP_MC
    assert _tile_value(s, "nuclear zone", left) == 2.0
    s.oceans, s.oxygen = MAX_OCEANS, MAX_OXYGEN  # no TR left to gain
    assert _tile_value(s, "ocean", left) == 2.0
    assert _tile_value(s, "greenery", left) == pytest.approx(VP_MC + 1.0)


def test_solo_every_step_of_terraforming_counts_the_dearer_ones_more():
    s = State(("a",), {})
    s.phase = "action"
    base = evaluate(GAME, s, "a")
    gains = []
    for attr in ("temp", "oxygen", "oceans"):
        setattr(s, attr, 1)
        gains.append(round((evaluate(GAME, s, "a") - base) * 600, 6))
        setattr(s, attr, 0)
    assert gains == [8.0, 16.0, 24.0]


MAXED = [(n, k) for n, c in CARDS.items() for k in ("max_temp", "max_oxygen", "max_oceans")
         if k in c.get("req", {})]


@pytest.mark.parametrize(("name", "key"), MAXED, ids=[f"{n}-{k}" for n, k in MAXED])
def test_every_card_with_a_maximum_is_dead_exactly_past_it_and_the_tolerance(name, key):
    v = CARDS[name]["req"][key]
    attr, last = {"max_temp": ("temp", (v + 30) // 2), "max_oxygen": ("oxygen", v),
                  "max_oceans": ("oceans", v)}[key]
    s = State(("a", "b"), {})
    setattr(s, attr, last + 2)
    assert not _dead(s, name)
    setattr(s, attr, last + 3)
    assert _dead(s, name)
    assert not _dead(s, "Asteroid")  # no requirement: never dead


def test_a_finished_game_is_worth_the_win_or_loss_plus_the_margin() -> None:
    class Over:
        def __init__(self, scores):
            self.scores = scores

        def outcome(self, s):
            return Outcome(self.scores, {})

    s = State(("a", "b"), {})
    # +-0.6 for winning or losing, and 1/200 a point of the margin over the best other
    assert evaluate(Over({"a": 80, "b": 70}), s, "a") == pytest.approx(0.65)
    assert evaluate(Over({"a": 80, "b": 70}), s, "b") == pytest.approx(-0.65)
    assert evaluate(Over({"a": 75, "b": 75}), s, "b") == pytest.approx(0.6)  # a shared win
    assert evaluate(Over({"a": 70}), s, "a") == pytest.approx(0.6 + 10 / 200)  # solo: 60 to beat
