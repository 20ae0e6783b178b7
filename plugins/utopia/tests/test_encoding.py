"""Utopia's own action encoding and observation (meeple_utopia.encoding, .observation):
every legal command of random games round-trips through its fixed index, the indices of
legal commands are exactly the legal commands, and the observation reads only what the
observer's view shows."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import random_decisions
from meeple_utopia.encoding import ACTION_COUNT, ACTIONS
from meeple_utopia.events import Discard, End, Special
from meeple_utopia.observation import OBSERVATION_SIZE
from meeple_utopia.state import DEVELOP, WELCOME
from utopia_helpers import GAME

FEW = settings(max_examples=8, derandomize=True, deadline=None, database=None)


def _random_states(players: int, seed: int, steps: int = 400):
    return random_decisions(GAME, players, seed, steps)


@FEW
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_every_legal_command_round_trips_and_the_mask_is_legal(players, seed):
    kinds = set()
    for state, player in _random_states(players, seed):
        for seen in (state, GAME.view(state, player)):  # the adapters use either
            legal = GAME.legal(seen, player)
            indices = [GAME.encode_action(c, seen) for c in legal]
            assert all(0 <= i < ACTION_COUNT for i in indices)
            assert len(set(indices)) == len(legal)  # no two legal commands share an index
            assert [GAME.decode_action(i, seen, player) for i in indices] == legal
        kinds |= {type(c) for c in legal}
    assert {Discard, End, Special} <= kinds  # the game got to every kind of choice


def test_each_index_names_one_command_for_every_acting_seat():
    local = LocalGame(GAME, GAME.default_players(5), seed=3)
    state = local.state
    for seat, player in enumerate(state.players):
        state.current = seat
        for i in range(ACTION_COUNT):
            assert GAME.encode_action(GAME.decode_action(i, state, player), state) == i
    specials = [i for i, a in enumerate(ACTIONS) if type(a) is tuple]
    assert [GAME.decode_action(i, state, "p1").to for i in specials] == GAME.default_players(5)


def test_indices_that_name_nothing_are_one_clear_error():
    local = LocalGame(GAME, GAME.default_players(2), seed=3)
    special_to_third = next(i for i, a in enumerate(ACTIONS) if a == ("special", 2))  # seat 3
    for bad in (-1, ACTION_COUNT, special_to_third):
        with pytest.raises(IllegalCommand, match="action"):
            GAME.decode_action(bad, local.state, "p1")
    with pytest.raises(ValueError, match="no Utopia action index"):
        GAME.encode_action(End((0, 0, 0, 0, 0, 0)), local.state)  # more than a hand can hold


def _develop_state(players: int, seed: int):
    """A phase 2 state where every player holds cards (hands are what views hide)."""
    for state, player in _random_states(players, seed, steps=2000):
        if state.phase == DEVELOP and all(state.hand_sizes) and not state.must_discard:
            return state, player
    raise AssertionError("the random game never reached such a state")


@pytest.mark.parametrize("players", [2, 4])
def test_the_observation_never_shows_another_hand(players):
    state, player = _develop_state(players, seed=7)
    view = GAME.view(state, player)
    a = GAME.determinize(view, player, random.Random(1))
    b = GAME.determinize(view, player, random.Random(2))
    assert a.hands != b.hands  # two worlds that differ only in the hidden hands...
    seen_a = GAME.observation(GAME.view(a, player), player)
    assert seen_a == GAME.observation(GAME.view(b, player), player)  # ...look the same
    assert len(seen_a) == OBSERVATION_SIZE and all(math.isfinite(x) for x in seen_a)
    # The observer's own hand does show: a player whose hand differs in the two worlds
    # sees two different observations (so the check above can fail).
    seat = next(s for s in range(players) if a.hand(s) != b.hand(s))
    other = state.players[seat]
    assert (GAME.observation(GAME.view(a, other), other)
            != GAME.observation(GAME.view(b, other), other))


def test_the_observation_is_seat_relative():
    local = LocalGame(GAME, GAME.default_players(3), seed=5)
    state = local.state
    assert state.phase == WELCOME
    first = state.players[state.current]
    mine = GAME.observation(GAME.view(state, first), first)
    others = [GAME.observation(GAME.view(state, p), p) for p in state.players if p != first]
    assert mine[0] == 1.0 and all(o[0] == 0.0 for o in others)  # "I am to act"
    assert mine[11] == 1.0  # who acts: seat-relative place 0, the observer
    seat = state.current
    assert mine[16:21] == [1.0 if s == seat else 0.0 for s in range(5)]  # the observer's seat
