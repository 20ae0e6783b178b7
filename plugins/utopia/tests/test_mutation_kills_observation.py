"""The whole observation (docs/rl.md) read back through the layout its module text
documents, part by part, for every seat of positions of random games: each number must be
the view's own field scaled as documented. A number read from the wrong field, scaled
wrongly or put at the wrong place fails here (the mutation runs of docs/testing.md found
a district's value read as value + 4: the earlier layout test read the game and seat
parts only, test_mutation_kills_heldout.py)."""

from __future__ import annotations

import pytest
from meeple_utopia import Utopia
from meeple_utopia.board import BOARD, NCIV
from meeple_utopia.observation import OBSERVATION_SIZE
from test_utopia_picture import STATES

GAME = Utopia()
PLACES, SEAT = 5, 12


def _hot(k: int, size: int) -> list[float]:
    return [1.0 if i == k else 0.0 for i in range(size)]


def _expected(view, me: int) -> list[float]:
    """The layout of observation.py's module text, written out afresh."""
    n = view.n

    def rel(seat: int) -> int:
        return (seat - me) % n if seat >= 0 else -1

    out = [float(view.current == me), *_hot(view.phase, 4), view.round / 10,
           view.pass_no / 3, float(view.took), view.must_discard / 2, view.goal / 150, n / 5]
    out += _hot(rel(view.current), PLACES) + _hot(me, PLACES)
    arrival = sorted(range(n), key=lambda s: view.stamps[s])
    for r in range(PLACES):
        if r >= n:
            out += [0.0] * SEAT
            continue
        s = (me + r) % n
        out += [1.0, view.scores[s] / view.goal]
        out += [view.supply[s * NCIV + c] / 8 for c in range(NCIV)]
        out += [view.privileges[s] / 2, view.held[s] / 2, view.hand_sizes[s] / 10,
                float(view.acted[s]), arrival.index(s) / 5]
    out += [view.hands[me * NCIV + c] / 10 for c in range(NCIV)]
    out += [view.scale[c] / 5 for c in range(NCIV)]
    out += [view.monuments_left[c] / 8 for c in range(NCIV)]
    out += [view.deck[c] / 10 for c in range(NCIV)]
    out += [view.discard[c] / 10 for c in range(NCIV)]
    for i in range(BOARD.n_islands):
        out += [float(view.active[i]), *_hot(rel(view.wonder[i]), PLACES)]
    out += [k / 2 for k in view.waiting] + [k / 2 for k in view.bag]
    out += _hot(view.pending, BOARD.n_islands * NCIV)
    for d in range(BOARD.n_districts):
        out += [float(view.active[BOARD.island_of[d]]), BOARD.value[d] / 4]
        out += _hot(rel(view.mon_owner[d]), PLACES) + _hot(view.mon_civ[d], NCIV)
        for r in range(PLACES):
            out += ([view.count(d, (me + r) % n, c) / 8 for c in range(NCIV)] if r < n
                    else [0.0] * NCIV)
    return out


@pytest.mark.parametrize("index", range(len(STATES)))
def test_every_number_of_the_observation_is_the_documented_field_for_every_seat(index):
    state = STATES[index]
    for me, player in enumerate(state.players):
        view = GAME.view(state, player)
        got = GAME.observation(view, player)
        want = _expected(view, me)
        assert len(got) == len(want) == OBSERVATION_SIZE
        bad = [i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != pytest.approx(b)]
        assert not bad, (player, bad[:5])


def test_the_positions_reach_what_the_layout_can_show():
    """Monuments, wonders, a pending special guest or tokens held: the positions above
    have something in every part, so a part read wrongly cannot hide behind zeros."""
    assert any(max(s.mon_owner) >= 0 for s in STATES)
    assert any(max(s.wonder) >= 0 for s in STATES)
    assert any(any(s.held) for s in STATES) and any(any(s.discard) for s in STATES)
    assert any(len(set(s.stamps)) == s.n and s.stamps != sorted(s.stamps) for s in STATES)
    assert any(not all(s.active) for s in STATES) and any(all(s.active) for s in STATES)
