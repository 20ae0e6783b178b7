"""Written after the held-out mutation sample (seed 57, docs/testing.md) for its
survivors that were gaps: the observation's game and seat numbers read back through the
documented layout, a civilization number off the list given to decide, and the legend's
bridge glyph."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import shapes
from meeple_utopia import Utopia
from meeple_utopia.board import NCIV
from meeple_utopia.events import Add, Lower, Monument, Move, Raise, Remove, Take
from meeple_utopia.state import DEVELOP
from test_utopia_picture import STATES

GAME = Utopia()
GAME_PART, PLACES, SEAT_PART = 11, 5, 12  # the layout in observation.py's module text


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_observations_game_and_seat_numbers_are_what_the_layout_documents(index):
    state = STATES[index]
    n = state.n
    for me, player in enumerate(state.players):
        view = GAME.view(state, player)
        out = GAME.observation(view, player)
        assert out[0] == (1.0 if view.current == me else 0.0)
        assert out[1:5] == [1.0 if view.phase == p else 0.0 for p in range(4)]
        assert out[5:11] == pytest.approx([view.round / 10, view.pass_no / 3, float(view.took),
                                           view.must_discard / 2, view.goal / 150, n / 5])
        acting = [(view.current - me) % n] if view.current >= 0 else []
        assert [i for i in range(PLACES) if out[GAME_PART + i]] == acting
        assert [i for i in range(PLACES) if out[GAME_PART + PLACES + i]] == [me]
        for r in range(n):
            s = (me + r) % n
            base = GAME_PART + 2 * PLACES + r * SEAT_PART
            seat = out[base:base + SEAT_PART]
            assert seat[:2] == pytest.approx([1.0, view.scores[s] / view.goal])
            assert seat[2:7] == pytest.approx([view.supply[s * NCIV + c] / 8 for c in range(NCIV)])
            assert seat[7:11] == pytest.approx([view.privileges[s] / 2, view.held[s] / 2,
                                                view.hand_sizes[s] / 10, float(view.acted[s])])
        for r in range(n, PLACES):
            base = GAME_PART + 2 * PLACES + r * SEAT_PART
            assert out[base:base + SEAT_PART] == [0.0] * SEAT_PART
    assert any(s.round > 1 for s in STATES) and any(any(s.held) for s in STATES)


@pytest.mark.parametrize("civ", [-1, NCIV, NCIV + 3])
def test_a_civilization_number_off_the_list_is_refused_by_decide_and_changes_nothing(civ):
    local, rng = LocalGame(GAME, ["ann", "bob"], seed=3), random.Random(3)
    take = Take(civ, 1, -1)
    with pytest.raises(IllegalCommand):
        GAME.decide(local.state, local.to_act()[0], take, random.Random(0))
    while local.state.phase != DEVELOP:
        local.play(local.to_act()[0], rng.choice(GAME.legal(local.state, local.to_act()[0])))
    player = local.to_act()[0]
    before = GAME.clone(local.state)
    for cmd in (Monument(civ, 0), Move(civ, 0, 1, 1, False), Add(civ, 0, False),
                Remove(civ, 0, False), Raise(civ, False), Lower(civ)):
        with pytest.raises(IllegalCommand):
            GAME.decide(local.state, player, cmd, random.Random(0))
    assert local.state == before


def test_the_legends_bridge_and_street_are_strokes_as_long_as_each_other():
    _root, drawn = shapes(GAME.render(STATES[0], "svg"))
    sea_right = 800  # the map (the sea) is 800 wide; the legend stands right of it
    strokes = [s for s in drawn if s.tag == "line" and s.bbox()[0] > sea_right]
    assert sorted(s.attrs["stroke-width"] for s in strokes) == ["2", "5"]
    lengths = {s.bbox()[2] - s.bbox()[0] for s in strokes}
    assert len(lengths) == 1 and lengths.pop() >= 10
