"""Tests that kill mutants of the Terraforming Mars plugin which its other tests let
survive (scripts/mutation.py, docs/testing.md): each is written for the class of bug, not
the one mutant (every payment split, every global parameter at its top, every max
requirement at its tolerance, what the pictures must say and where)."""

from __future__ import annotations

import re

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.evaluation import _dead
from meeple_terraforming_mars.render import asks
from meeple_terraforming_mars.rules import payments, raise_oxygen, raise_temp, valid_payment
from meeple_terraforming_mars.state import (
    HEAT,
    MAX_OXYGEN,
    MAX_TEMP_STEP,
    MC,
    STEEL,
    TI,
    Player,
    State,
)

from .helpers import GAME
from .test_views_and_thresholds import research_game

# -- payments ----------------------------------------------------------------------------------


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


def test_marking_more_research_cards_than_the_m_euros_pay_for_is_refused_and_changes_nothing() -> None:
    g = research_game(2)
    p = g.state.players["p1"]
    p.res[MC] = 5  # one card is on the list already (3 M€); a second would cost 6
    before = GAME.clone(g.state)
    spare = next(c for c in p.offer if c not in p.marked)
    with pytest.raises(IllegalCommand, match=re.escape("2 cards cost 6 M€; you have 5")):
        GAME.decide(g.state, "p1", m.Mark(spare, True), None)
    assert g.state == before
    p.res[MC] = 6
    (event,) = GAME.decide(g.state, "p1", m.Mark(spare, True), None)
    assert (type(event), event.card, event.on) == (m.Marked, spare, True)


# -- global parameters stop at their top --------------------------------------------------------


@pytest.mark.parametrize(("raise_", "attr", "top"), [
    (raise_temp, "temp", MAX_TEMP_STEP), (raise_oxygen, "oxygen", MAX_OXYGEN)])
def test_a_parameter_raised_past_its_maximum_stops_there_and_gives_no_more_tr(raise_, attr, top) -> None:
    s = State(("a", "b"), {})
    setattr(s, attr, top - 1)
    p = s.players["a"]
    tr = p.tr
    raise_(s, p, 3, [])
    assert getattr(s, attr) == top and p.tr == tr + 1
    raise_(s, p, 1, [])
    assert getattr(s, attr) == top and p.tr == tr + 1


# -- the heuristic's dead cards: a max requirement past its tolerance of 2 steps ---------------


@pytest.mark.parametrize(("card", "attr", "last_alive"), [
    ("Archaebacteria", "temp", (-18 + 30) // 2 + 2),  # max -18 °C: step 6, tolerance 2
    ("Colonizer Training Camp", "oxygen", 5 + 2),
    ("Dust Seals", "oceans", 3 + 2)])
def test_a_card_is_dead_once_its_max_requirement_is_past_the_tolerance(card, attr, last_alive) -> None:
    s = State(("a", "b"), {})
    setattr(s, attr, last_alive)
    assert not _dead(s, card)
    setattr(s, attr, last_alive + 1)
    assert _dead(s, card)
    assert not _dead(s, "Asteroid")  # no requirement: never dead


# -- what the pictures say ----------------------------------------------------------------------


def test_to_act_lines_name_the_tile_and_what_it_is_placed_for() -> None:
    s = State(("a", "b"), {})
    s.pending = [("a", "place", "greenery", "normal", "Mangrove")]
    assert asks(s, "a") == "place a greenery for Mangrove"
    s.pending = [("a", "place", "ocean", "ocean", "")]
    assert asks(s, "a") == "place an ocean"
    s.pending = []
    assert asks(s, "a") == "take an action (or pass)"


def test_svg_writes_a_special_tiles_initials_on_its_own_space() -> None:
    s = State(("a", "b"), {})
    s.tiles = {"e4": ("nuclear zone", "a"), "c3": ("city", "b"), "d4": ("greenery", "a")}
    picture = GAME.render(s, "svg")
    # each space's name is written under its centre; the initials go above that centre
    label = re.search(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>e4</text>', picture)
    initials = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="8"[^>]*>([^<]*)</text>',
                          picture)
    assert label and [t for *_, t in initials] == ["nuc"]  # cities and greeneries: no initials
    (x, y, _), = initials
    assert x == label.group(1) and float(y) < float(label.group(2))


# -- found by the held-out sample (seed 5), written after it was measured ----------------------


def test_buying_more_research_cards_than_the_m_euros_pay_for_is_refused_and_changes_nothing() -> None:
    g = research_game(2)
    p = g.state.players["p1"]
    two = tuple(p.offer[:2])
    p.res[MC] = 5
    before = GAME.clone(g.state)
    with pytest.raises(IllegalCommand, match=re.escape("2 cards cost 6 M€; you have 5")):
        GAME.decide(g.state, "p1", m.Buy(two), None)
    assert g.state == before
    p.res[MC] = 6
    (event,) = GAME.decide(g.state, "p1", m.Buy(two), None)
    assert (type(event), event.cards) == (m.Bought, two)


@pytest.mark.parametrize(("corp", "usable"), [("Helion", True), ("CrediCor", False), ("", False)])
def test_only_helion_pays_an_action_with_heat(corp: str, usable: bool) -> None:
    from meeple_terraforming_mars.checks import use_problem

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp, p.played = corp, ["Space Mirrors"]  # action: pay 7 M€ for 1 energy production
    p.res[MC], p.res[HEAT] = 3, 4
    why = use_problem(s, p, "Space Mirrors", 0, None)
    assert (why is None) is usable, why
    p.res[HEAT] = 3
    assert use_problem(s, p, "Space Mirrors", 0, None) == "Space Mirrors costs 7 M€"


def test_a_finished_game_is_worth_the_win_or_loss_plus_the_margin() -> None:
    from meeple.core import Outcome
    from meeple_terraforming_mars.evaluation import evaluate

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


def test_card_texts_say_one_step_and_several_steps() -> None:
    from meeple_terraforming_mars.cards import CARDS
    from meeple_terraforming_mars.cardtext import card_text

    texts = {n: card_text(n) for n in CARDS}
    assert "raise the temperature 1 step" in texts["Asteroid"]
    assert "raise the temperature 2 steps" in texts["Big Asteroid"]
    assert not [n for n, t in texts.items() if re.search(r"\b1 steps\b", t)]
