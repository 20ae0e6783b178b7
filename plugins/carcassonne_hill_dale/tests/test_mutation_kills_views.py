"""Written after the held-out mutation sample (seed 57, docs/testing.md) for three of its
survivors: a draw folded into a view, the refusal of a walk from a place without one's
wanderer, and the legend's glyphs against the board's."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import shapes
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.events import Place
from meeple_carcassonne_hill_dale.tiles import ORIENT, PATH
from test_hill_dale_picture import STATES

GAME = HillDale()


def test_a_view_that_folds_the_next_events_keeps_the_kinds_left_in_the_stack():
    """A seat's view holds the stack sorted (its order is hidden), so the drawn tile is
    taken out of it by kind: after every later event the view's stack has the same kinds
    as the game's."""
    local, rng = LocalGame(GAME, ["a", "b", "c"], seed=6), random.Random(6)
    for _ in range(5):
        local.play(local.to_act()[0], rng.choice(GAME.legal(local.state, local.to_act()[0])))
    view = GAME.view(local.state, "a")
    seen = len(local.events)
    draws = 0
    for _ in range(40):
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        for ev in local.events[seen:]:
            view = GAME.fold(view, ev)
            draws += type(ev).__name__ == "Drew"
        seen = len(local.events)
        assert Counter(view.stack) == Counter(local.state.stack)
        assert view.current == local.state.current
    assert draws >= 20 and view.stack != local.state.stack  # sorted, not in draw order


def test_a_walk_from_a_place_without_ones_wanderer_is_refused_naming_the_place():
    local = LocalGame(GAME, ["a", "b"], seed=1)
    s = local.state
    before = GAME.clone(s)
    place = next(c for c in GAME.legal(s, "a") if c.what == "")
    orient = ORIENT[s.current][place.rot]
    goal = next(e for e in range(4) if orient.edge_piece[e] >= 0
                and orient.pieces[orient.edge_piece[e]].kind == PATH)
    for start in ((0, 0, 1), (0, 0, 3), (5, 5, 0)):
        walk = Place(place.x, place.y, place.rot, "walk", -1, (*start, place.x, place.y, goal))
        with pytest.raises(IllegalCommand) as refused:
            GAME.decide(s, "a", walk, random.Random(0))
        assert str(refused.value) == f"you have no wanderer at {start[0]},{start[1]}" + "NESW"[
            start[2]]
    assert s == before


def _outline(points) -> tuple:
    x0, y0 = points[0]
    return tuple((x - x0, y - y0) for x, y in points)


def test_the_legends_stable_and_farmer_look_like_those_on_the_board():
    state = next(s for s in STATES if s.stables and any(
        s.seg_kind[seg] != PATH for _, seg in s.meeples))
    _root, drawn = shapes(GAME.render(state, "svg"))
    stables = {_outline(s.points) for s in drawn if s.tag == "polygon" and s.group >= 0}
    legend = [s for s in drawn if s.group < 0 and s.fill == "#888"]
    assert {s.tag for s in legend} == {"circle", "rect", "polygon"}
    assert {_outline(s.points) for s in legend if s.tag == "polygon"} == stables
    farmers = {(s.num("width"), s.num("height")) for s in drawn if s.tag == "rect"
               and s.group >= 0 and s.attrs.get("stroke") == "#000"}
    assert {(s.num("width"), s.num("height")) for s in legend if s.tag == "rect"} == farmers
