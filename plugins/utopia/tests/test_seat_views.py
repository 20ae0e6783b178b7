"""What a seat's view of Utopia holds, field by field, for every seat, the spectator and
someone not at the table: everything but the other hands (their sizes stay) and the deck
they came from, which a determinized world deals back in full."""

from __future__ import annotations

import random

import pytest
from meeple.core import LocalGame
from meeple_utopia import Utopia
from meeple_utopia.state import _MUTABLE, _SCALARS, DEVELOP, FULL_STATE, SPECTATOR

GAME = Utopia()


def _some_states() -> list:
    """Three positions of phase 2 (hands held) from each of two random games."""
    out = []
    for n, seed in ((2, 3), (4, 5)):
        local = LocalGame(GAME, GAME.default_players(n), seed=seed)
        rng = random.Random(seed)
        ply, found = 0, 0
        while local.outcome() is None and found < 3:
            if ply >= 20 + 60 * found and local.state.phase == DEVELOP and sum(
                    local.state.hand_sizes) > 1:
                out.append(GAME.clone(local.state))
                found += 1
            player = local.to_act()[0]
            local.play(player, rng.choice(GAME.legal(local.state, player)))
            ply += 1
    return out


STATES = _some_states()


@pytest.mark.parametrize("index", range(6))
def test_the_view_of_every_seat_and_the_spectator_field_by_field(index):
    state = STATES[index]
    assert len(STATES) == 6 and sum(state.hand_sizes) > 1
    for player in (*state.players, None, "someone else"):
        seat = state.players.index(player) if player in state.players else None
        view = GAME.view(state, player)
        assert view.viewer == (seat if seat is not None else SPECTATOR)
        for field in (*_MUTABLE, *_SCALARS):
            if field not in ("hands", "deck", "viewer"):
                assert getattr(view, field) == getattr(state, field), (player, field)
        for s in range(state.n):
            assert view.hand(s) == (state.hand(s) if s == seat else [0] * 5), (player, s)
        for c in range(5):
            others = sum(state.hands[s * 5 + c] for s in range(state.n) if s != seat)
            assert view.deck[c] == state.deck[c] + others
        assert state.viewer == FULL_STATE  # the state it was made from is untouched
        full = GAME.determinize(view, player or state.players[0], random.Random(index))
        assert full.viewer == FULL_STATE and full.hand_sizes == state.hand_sizes
        assert [sum(full.hand(s)) for s in range(state.n)] == state.hand_sizes
        if seat is not None:
            assert full.hand(seat) == state.hand(seat)
        assert [full.deck[c] + sum(full.hands[s * 5 + c] for s in range(state.n))
                for c in range(5)] == [state.deck[c] + sum(state.hands[s * 5 + c]
                                                          for s in range(state.n))
                                       for c in range(5)]
    assert GAME.determinize(state, state.players[0], random.Random(0)) == state
