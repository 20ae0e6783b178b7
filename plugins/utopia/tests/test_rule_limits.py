"""Utopia's thresholds at their boundaries: the game ends at the scoring that brings
someone to the goal exactly and goes on one point short; the hand limit of five is kept
with five cards and not with six; the standing discard is two for every leader, none for
every last player, one for the rest and one for everyone when all are level; a move
takes one or two princes and no other number; a monument needs exactly three princes of
its civilization; the discards are shuffled in only when the deck holds fewer cards than
a draw."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand
from meeple_utopia.board import BOARD
from meeple_utopia.events import Monument, Move
from meeple_utopia.state import DEVELOP, HAND_LIMIT, OVER, WELCOME
from meeple_utopia.turns import discard_count
from utopia_helpers import (
    GAME,
    C,
    actor,
    give_cards,
    new,
    play_phase1,
    put,
    seat,
    set_monument,
    set_scale,
)


def _empty(st, s: int) -> tuple[int, int]:
    """A district in play without a prince of ``s`` or a monument, and a land neighbour."""
    for d in range(BOARD.n_districts):
        if (st.district_active(d) and st.mon_owner[d] < 0
                and not any(st.count(d, s, c) for c in range(5))):
            return d, BOARD.land[d][0]
    raise AssertionError("no empty district")


def _phase2(n: int = 2, seed: int = 7):
    g = new(n, seed)
    play_phase1(g)
    g.state.must_discard = 0
    return g


@pytest.mark.parametrize(("start", "over"), [(45, True), (44, False), (46, True)])
def test_the_game_ends_at_the_scoring_that_reaches_the_goal_and_not_one_short(start, over):
    g = _phase2()
    st = g.state
    st.scores = [start, 30]
    set_scale(st, maya=5, persian=4, egyptian=3, greek=2, chinese=1)
    set_monument(st, "F3", 0, "maya")  # worth 5 to seat 0 at the scoring
    rnd = st.round
    while g.state.phase == DEVELOP:
        g.state.must_discard = 0
        give_cards(g.state, seat(g))
        g.play(actor(g), "end")
    assert g.state.scores[0] == start + 5
    assert (g.state.phase == OVER) is over and (g.outcome() is not None) is over
    if not over:
        assert g.state.phase == WELCOME and g.state.round == rnd + 1 and g.to_act()


@pytest.mark.parametrize(("cards", "discards"), [(HAND_LIMIT, 0), (HAND_LIMIT + 1, 1),
                                                 (HAND_LIMIT + 2, 2)])
def test_the_hand_limit_keeps_five_cards(cards, discards):
    g = _phase2()
    s = seat(g)
    give_cards(g.state, s, maya=cards)
    ok = "end" + " discard maya" * bool(discards) + " maya" * max(0, discards - 1)
    for wrong in {discards - 1, discards + 1} - {-1}:
        text = "end" + (" discard" + " maya" * wrong if wrong else "")
        before = GAME.clone(g.state)
        with pytest.raises(IllegalCommand, match="discard exactly|within the hand limit"):
            g.play(actor(g), text)
        assert g.state == before
    g.play(actor(g), ok)
    assert g.state.hand(s)[C["maya"]] == min(cards, HAND_LIMIT)


@pytest.mark.parametrize(("scores", "want"), [
    ([10, 5, 0], [2, 1, 0]), ([10, 10, 0], [2, 2, 0]), ([0, 5, 0], [0, 2, 0]),
    ([3, 3, 3], [1, 1, 1]), ([7, 7, 7, 7], [1, 1, 1, 1]), ([9, 4, 4, 1], [2, 1, 1, 0]),
    ([0, 1], [0, 2])])
def test_the_standing_discard_for_every_seat(scores, want):
    g = new(len(scores), 1)
    g.state.scores = list(scores)
    assert [discard_count(g.state, s) for s in range(len(scores))] == want


@pytest.mark.parametrize(("count", "ok"), [(0, False), (1, True), (2, True), (3, False)])
def test_a_move_takes_one_or_two_princes(count, ok):
    g = _phase2(n=3, seed=1)
    st = g.state
    s = seat(g)
    src, dst = _empty(st, s)
    put(st, BOARD.district_ids[src], s, "maya", 3)
    give_cards(st, s, maya=1)
    move = Move(C["maya"], src, dst, count)
    before = GAME.clone(st)
    if ok:
        events = GAME.decide(st, st.players[s], move, random.Random(0))
        after = GAME.fold(GAME.clone(st), events[0])
        assert after.count(dst, s, C["maya"]) == st.count(dst, s, C["maya"]) + count
        assert after.count(src, s, C["maya"]) == 3 - count
    else:
        with pytest.raises(IllegalCommand):
            GAME.decide(st, st.players[s], move, random.Random(0))
    assert st == before
    assert (move in GAME.legal(st, st.players[s])) is ok


@pytest.mark.parametrize(("princes", "ok"), [(2, False), (3, True), (4, True)])
def test_a_monument_needs_three_princes_of_its_civilization(princes, ok):
    g = _phase2(n=3, seed=1)
    st = g.state
    s = seat(g)
    d, _ = _empty(st, s)
    name = BOARD.district_ids[d]
    put(st, name, s, "greek", princes)
    put(st, name, s, "maya", 2)
    cmd = Monument(C["greek"], d)
    assert (cmd in GAME.legal(st, st.players[s])) is ok
    assert Monument(C["maya"], d) not in GAME.legal(st, st.players[s])
    if not ok:
        with pytest.raises(IllegalCommand, match=f"a monument needs 3 of your greek princes in {name}"):
            GAME.decide(st, st.players[s], cmd, random.Random(0))


@pytest.mark.parametrize(("in_deck", "reshuffled"), [(5, 0), (4, 1), (6, 0)])
def test_the_discards_are_shuffled_in_only_when_the_deck_holds_fewer_than_a_draw(in_deck,
                                                                                  reshuffled):
    from meeple_utopia.rules import draw_cards
    from meeple_utopia.state import DRAW
    g = new(3, 2)
    st = g.state
    total = [st.deck[c] + st.discard[c] for c in range(5)]
    st.deck = [0] * 5
    st.deck[C["greek"]] = in_deck
    st.discard = [total[c] - st.deck[c] for c in range(5)]
    ev = draw_cards(st, 0, random.Random(1))
    assert DRAW == 5 and ev.reshuffled == reshuffled and len(ev.cards) == DRAW
    if not reshuffled:
        assert ev.cards == (C["greek"],) * DRAW
    after = GAME.fold(GAME.clone(st), ev)
    assert sum(after.discard) == (0 if reshuffled else sum(st.discard))
