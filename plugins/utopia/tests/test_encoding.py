"""Utopia's own action encoding and observation (meeple_utopia.encoding, .observation):
every legal command of random games round-trips through its fixed index, the indices of
legal commands are exactly the legal commands, the observation reads only what the
observer's view shows, and every number of it is the view's field its layout documents
(docs/rl.md), scaled as documented, for every seat."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import random_decisions
from meeple_utopia.board import BOARD, CIVS, NCIV
from meeple_utopia.encoding import ACTION_COUNT, ACTIONS
from meeple_utopia.events import Discard, End, Special
from meeple_utopia.observation import OBSERVATION_SIZE
from meeple_utopia.state import DEVELOP, WELCOME
from test_utopia_picture import STATES
from utopia_helpers import GAME

FEW = settings(max_examples=8, derandomize=True, deadline=None, database=None)
PLACES, SEAT = 5, 12  # seats the observation has room for, numbers per seat


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
    assert any(s.round > 1 for s in STATES)


def test_the_observation_counts_each_card_of_the_observers_hand_once():
    """One more card of a civilization in the observer's hand moves exactly one number of
    the observation, by 1/10 (the hand part of the layout); the deck it came from moves
    by the same amount the other way."""
    local, rng = LocalGame(GAME, ["ann", "bob", "cy"], seed=2), random.Random(2)
    while local.state.phase != DEVELOP:  # cards come in phase 2
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    state = local.state
    for seat, player in enumerate(state.players):
        view = GAME.view(state, player)
        before = GAME.observation(view, player)
        for c in range(NCIV):
            more = GAME.clone(view)
            more.hands[seat * NCIV + c] += 1
            after = GAME.observation(more, player)
            moved = [(i, round(b - a, 9)) for i, (a, b) in enumerate(zip(before, after,
                                                                          strict=True)) if a != b]
            assert moved == [(moved[0][0], 0.1)], (player, CIVS[c], moved)
        assert sum(view.hands[seat * NCIV:(seat + 1) * NCIV]) == view.hand_sizes[seat]
    assert sum(state.hand_sizes) > 0
