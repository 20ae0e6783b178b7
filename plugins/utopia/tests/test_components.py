"""Utopia's components are never made or lost: after every event of random games with 2 to
5 players, each seat's princes (supply plus board), the 50 action cards (deck, discards
and hands), the monuments, the privilege tokens and the guests add up to the box's
counts, and no count is negative. A fold that takes a prince, a card or a token from the
wrong seat or pile breaks one of these sums."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from meeple.core.testing import random_game
from meeple_utopia.board import BOARD, NCIV
from meeple_utopia.events import Add, Remove, Started
from meeple_utopia.state import (
    CARDS_PER_CIV,
    GUESTS_PER_KIND,
    MONUMENTS_PER_CIV,
    PRINCES_PER_CIV,
    PRIVILEGES,
)
from utopia_helpers import GAME, C, D, give_cards, in_development, set_monument

GAMES = [(n, seed) for n in (2, 3, 4, 5) for seed in (1, 2, 3)]


def _check_counts(state, spent_tokens: int) -> None:
    n, nd = state.n, BOARD.n_districts
    assert min(state.princes) >= 0 and min(state.supply) >= 0
    for s in range(n):
        for c in range(NCIV):
            on_board = sum(state.count(d, s, c) for d in range(nd))
            assert state.supply[s * NCIV + c] + on_board == PRINCES_PER_CIV, (s, c)
    assert min(state.hands) >= 0 and min(state.deck) >= 0 and min(state.discard) >= 0
    for c in range(NCIV):
        held = sum(state.hands[s * NCIV + c] for s in range(n))
        assert state.deck[c] + state.discard[c] + held == CARDS_PER_CIV, c
    assert state.hand_sizes == [sum(state.hand(s)) for s in range(n)]
    for c in range(NCIV):
        assert state.monuments_left[c] + state.mon_civ.count(c) == MONUMENTS_PER_CIV, c
    assert [o >= 0 for o in state.mon_owner] == [c >= 0 for c in state.mon_civ]
    assert min(state.privileges) >= 0 and min(state.held) >= 0
    handed = sum(PRIVILEGES - k for k in state.privileges)
    assert sum(state.held) + spent_tokens == handed
    assert sorted(state.scale) == list(range(1, NCIV + 1))
    for g in range(len(state.bag)):
        in_play = state.active[g // NCIV]
        assert 0 <= state.bag[g] + state.waiting[g] <= (GUESTS_PER_KIND if in_play else 0), g
        assert state.bag[g] >= 0 and state.waiting[g] >= 0
    assert len(set(state.stamps)) == n


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_every_component_is_accounted_for_after_every_event(n, seed):
    local = random_game(GAME, n, seed)
    state, spent, kinds = None, 0, Counter()
    for ev in local.events:
        state = GAME.fold(state, ev)
        kinds[type(ev).__name__] += 1
        if getattr(ev, "privilege", False):
            spent += 1
        if type(ev) is not Started:
            _check_counts(state, spent)
    assert kinds["PrincesMoved"] and kinds["GuestTaken"] and kinds["CardsDrawn"]


def test_the_random_games_reach_every_event_that_moves_princes_cards_or_tokens():
    """The sums above are only as good as the events they see."""
    kinds, privileged = Counter(), 0
    for n, seed in GAMES:
        for ev in random_game(GAME, n, seed).events:
            kinds[type(ev).__name__] += 1
            privileged += bool(getattr(ev, "privilege", False))
    for name in ("PrinceAdded", "PrinceRemoved", "PrincesMoved", "KingInfluenced",
                 "SpecialGuestDrawn", "MonumentBuilt", "WonderBuilt", "CardsDiscarded"):
        assert kinds[name] >= 2, name
    assert privileged >= 2


def test_a_prince_added_leaves_its_own_seats_supply_and_no_other():
    local = in_development(4)
    state = local.state
    seat = state.current
    set_monument(state, "E1", (seat + 1) % state.n, "maya")
    give_cards(state, seat, maya=1)
    before = state.supply[:]
    events = GAME.decide(state, state.players[seat], Add(C["maya"], D["E1"], False),
                         random.Random(0))
    after = GAME.fold(GAME.clone(state), events[0])
    changed = {i: after.supply[i] - before[i] for i in range(len(before))
               if after.supply[i] != before[i]}
    assert changed == {seat * NCIV + C["maya"]: -1}
    assert after.count(D["E1"], seat, C["maya"]) == state.count(D["E1"], seat, C["maya"]) + 1
    after.held[seat] = 1  # take it off again, paid with a token: the supply is as before
    removed = GAME.decide(after, after.players[seat], Remove(C["maya"], D["E1"], True),
                          random.Random(0))
    assert GAME.fold(GAME.clone(after), removed[0]).supply == before
