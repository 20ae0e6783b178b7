"""The global parameters stop at their tops: a raise past the top stops there and gives
no more TR, and a standard project or a conversion whose only point is a
parameter at its top is refused (and not offered) at the top and allowed one step below
it. A rise of the terraform rating, and no fall of it, marks it risen this generation
(what United Nations Mars Initiative's action needs)."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.rules import raise_oxygen, raise_temp, raise_tr
from meeple_terraforming_mars.state import MAX_OCEANS, MAX_OXYGEN, MAX_TEMP_STEP, State

from .helpers import GAME, action_game, give


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


@pytest.mark.parametrize(("cmd", "attr", "top", "why"), [
    (m.Project("asteroid"), "temp", MAX_TEMP_STEP, "the temperature is already at its maximum"),
    (m.Project("aquifer"), "oceans", MAX_OCEANS, "all 9 oceans are on the board"),
    (m.Convert("heat"), "temp", MAX_TEMP_STEP, "the temperature is already at its maximum"),
])
def test_a_parameter_at_its_top_refuses_what_only_raises_it(cmd, attr, top, why):
    g = action_game()
    give(g, "p1", mc=50, heat=8)
    s = g.state
    setattr(s, attr, top - 1)
    assert cmd in GAME.legal(s, "p1")
    GAME.decide(s, "p1", cmd, random.Random(0))
    setattr(s, attr, top)
    before = GAME.clone(s)
    assert cmd not in GAME.legal(s, "p1")
    with pytest.raises(IllegalCommand, match=why):
        GAME.decide(s, "p1", cmd, random.Random(0))
    assert s == before


@pytest.mark.parametrize(("n", "risen"), [(1, True), (2, True), (-1, False), (0, False)])
def test_only_a_rise_of_the_terraform_rating_marks_it_risen(n: int, risen: bool) -> None:
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.tr_raised, tr = False, p.tr
    raise_tr(p, n)
    assert p.tr == tr + n and p.tr_raised is risen
