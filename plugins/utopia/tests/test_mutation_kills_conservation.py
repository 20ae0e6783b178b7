"""Utopia's components are never made or lost: after every event of random games with 2 to
5 players, each seat's princes (supply plus board), the 50 action cards (deck, discards
and hands), the monuments, the privilege tokens and the guests add up to the box's
counts, and no count is negative. A fold that takes a prince, a card or a token from the
wrong seat or pile breaks one of these sums (written after the mutation runs of
docs/testing.md: a prince added took the supply of the wrong seat, and no test compared
the supply).

Also here: legal and decide agree at the edge of every resource a phase 2 action spends
(no prince left for an add, a card too few, no privilege token, the top and the bottom
of the prestige scale), for the seat that is short and for the seats that are not, and
a finished game is worth exactly 1 to its winner and -1 to everyone else.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_utopia import Utopia
from meeple_utopia.board import BOARD, NCIV
from meeple_utopia.events import Add, KingInfluenced, Lower, Raise, Remove, Started
from meeple_utopia.state import (
    CARDS_PER_CIV,
    DEVELOP,
    GUESTS_PER_KIND,
    MONUMENTS_PER_CIV,
    PRINCES_PER_CIV,
    PRIVILEGES,
)
from utopia_helpers import C, D, give_cards, play_phase1, set_monument, set_scale

GAME = Utopia()
GAMES = [(n, seed) for n in (2, 3, 4, 5) for seed in (1, 2, 3)]


def _played(n: int, seed: int) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(n), seed=seed)
    local.play_randomly(random.Random(seed), max_steps=100_000)
    assert local.outcome() is not None
    return local


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
    local = _played(n, seed)
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
        for ev in _played(n, seed).events:
            kinds[type(ev).__name__] += 1
            privileged += bool(getattr(ev, "privilege", False))
    for name in ("PrinceAdded", "PrinceRemoved", "PrincesMoved", "KingInfluenced",
                 "SpecialGuestDrawn", "MonumentBuilt", "WonderBuilt", "CardsDiscarded"):
        assert kinds[name] >= 2, name
    assert privileged >= 2


def test_a_prince_added_leaves_its_own_seats_supply_and_no_other():
    local = _develop(4)
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


def _develop(n: int, seed: int = 4) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(n), seed=seed)
    play_phase1(local)
    state = local.state
    if state.must_discard:  # settle the standing discard so actions may be played
        seat = state.current
        give_cards(state, seat, **{"maya": state.must_discard + 2})
        local.play(state.players[seat],
                   GAME.parse("discard " + " ".join(["maya"] * state.must_discard)))
    assert local.state.phase == DEVELOP and not local.state.must_discard
    return local


def _agree(state, player: str, cmd) -> bool:
    """decide accepts ``cmd`` exactly when legal lists it; a refusal changes nothing."""
    before = GAME.clone(state)
    try:
        GAME.decide(state, player, cmd, random.Random(0))
        accepted = True
    except IllegalCommand:
        accepted = False
    assert state == before
    assert accepted == (cmd in GAME.legal(state, player)), cmd
    return accepted


def test_an_add_needs_a_prince_of_ones_own_supply_whatever_the_others_have():
    local = _develop(4)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_monument(state, "E1", (seat + 1) % state.n, "maya")
    give_cards(state, seat, maya=1)
    add = Add(C["maya"], D["E1"], False)
    for s in range(state.n):  # everyone else is out of maya princes; seat has one
        state.supply[s * NCIV + C["maya"]] = 0 if s != seat else 1
    assert _agree(state, player, add)
    for s in range(state.n):  # now the other way round
        state.supply[s * NCIV + C["maya"]] = PRINCES_PER_CIV if s != seat else 0
    assert not _agree(state, player, add)
    with pytest.raises(IllegalCommand, match="you have no maya prince left"):
        GAME.decide(state, player, add, random.Random(0))


def test_each_card_action_is_refused_one_card_short_and_allowed_with_it():
    local = _develop(3)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_scale(state, maya=3, persian=1, egyptian=5, greek=2, chinese=4)
    state.held[seat] = 0
    for civ, k, cmd in (("maya", 1, Raise(C["maya"], False)), ("maya", 2, Lower(C["maya"]))):
        give_cards(state, seat, **({civ: k - 1} if k > 1 else {}))
        assert not _agree(state, player, cmd)
        give_cards(state, seat, **{civ: k})
        assert _agree(state, player, cmd)
    give_cards(state, seat)
    paid = Raise(C["maya"], True)
    assert not _agree(state, player, paid)
    state.held[seat] = 1
    assert _agree(state, player, paid)
    events = GAME.decide(state, player, paid, random.Random(0))
    assert events == [KingInfluenced(seat, C["maya"], False, True, player)]
    after = GAME.fold(GAME.clone(state), events[0])
    assert after.held[seat] == 0 and after.hands == state.hands


@pytest.mark.parametrize(("civ", "value", "raise_ok", "lower_ok"),
                         [("egyptian", 5, False, True), ("persian", 1, True, False),
                          ("maya", 3, True, True)])
def test_the_scale_ends_refuse_raising_the_top_and_lowering_the_bottom(civ, value, raise_ok,
                                                                        lower_ok):
    local = _develop(3)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_scale(state, maya=3, persian=1, egyptian=5, greek=2, chinese=4)
    assert state.scale[C[civ]] == value
    give_cards(state, seat, **{civ: 2})
    assert _agree(state, player, Raise(C[civ], False)) is raise_ok
    assert _agree(state, player, Lower(C[civ])) is lower_ok


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_a_finished_game_is_worth_one_to_its_winner_and_minus_one_to_the_others(n, seed):
    state = _played(n, seed).state
    out = GAME.outcome(state)
    for player in state.players:
        assert GAME.evaluate(state, player) == (1.0 if out.ranks[player] == 1 else -1.0)
    assert any(out.ranks[p] != 1 for p in state.players)
