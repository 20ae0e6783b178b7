"""Applying events to the state: pure, no randomness, no checks, no rules. decide records
in the events what the rules give (who acts next, the pass and phase after a welcome, the
standing discard, a reshuffle, the bag after a draw, who falls behind, the end of the
game); a log written before an event recorded one of them is completed when it is read
(``upcast_in_context``, upcast.py), never here."""

from __future__ import annotations

from typing import Any

from .board import BOARD, NCIV
from .events import (
    CardsDiscarded,
    CardsDrawn,
    GuestsDrawn,
    GuestTaken,
    KingInfluenced,
    MonumentBuilt,
    PrinceAdded,
    PrinceRemoved,
    PrincesMoved,
    RoundScored,
    SpecialGuestDrawn,
    Started,
    TurnEnded,
    WelcomeEnded,
    WonderBuilt,
)
from .state import OVER, SCORING, WELCOME, State


def gain(state: State, seat: int, points: int) -> None:
    if points > 0:
        state.scores[seat] += points
        state.stamps[seat] = state.stamp_next
        state.stamp_next += 1


def _finish_action(state: State, seat: int, ev: GuestTaken | WelcomeEnded) -> None:
    state.took = False
    if ev.pass_no != state.pass_no:  # the pass ended: every seat welcomes again
        state.acted = [False] * state.n
        state.pass_no = ev.pass_no
    else:
        state.acted[seat] = True
    if ev.phase != state.phase:  # the last pass is over: phase 2 begins
        state.phase = ev.phase
        state.order = []
    state.current = ev.next_seat


def _monument(state: State, ev: MonumentBuilt) -> None:
    d = ev.district
    state.mon_owner[d] = ev.seat
    state.mon_civ[d] = ev.civ
    state.monuments_left[ev.civ] -= 1
    if ev.wonder_owner >= 0:
        gain(state, ev.wonder_owner, ev.bonus)


def _take_cards(state: State, seat: int, cards: tuple[int, ...], pile: list[int]) -> None:
    base = seat * NCIV
    for c in cards:
        state.hands[base + c] -= 1
        pile[c] += 1
    state.hand_sizes[seat] -= len(cards)


def _pay(state: State, seat: int, civ: int, privilege: bool) -> None:
    if privilege:
        state.held[seat] -= 1  # a spent privilege token leaves the game
    else:
        _take_cards(state, seat, (civ,), state.discard)


def fold(state: Any, ev: Any) -> State:  # noqa: C901 - one case per event type
    t = type(ev)
    if t is PrincesMoved:
        n = state.n
        state.princes[(ev.src * n + ev.seat) * NCIV + ev.civ] -= ev.count
        state.princes[(ev.dst * n + ev.seat) * NCIV + ev.civ] += ev.count
        _pay(state, ev.seat, ev.civ, ev.privilege)
    elif t is GuestTaken:
        if ev.special:
            state.pending = -1
        else:
            state.waiting[ev.island * NCIV + ev.civ] -= 1
        if ev.district >= 0:
            state.princes[(ev.district * state.n + ev.seat) * NCIV + ev.civ] += 1
            state.supply[ev.seat * NCIV + ev.civ] -= 1
        if ev.ends_turn:
            _finish_action(state, ev.seat, ev)
        else:
            state.took = True
    elif t is WelcomeEnded:
        _finish_action(state, ev.seat, ev)
    elif t is SpecialGuestDrawn:
        state.privileges[ev.seat] -= 1
        state.held[ev.to] += 1
        state.bag[ev.guest] -= 1
        state.pending = ev.guest
    elif t is PrinceAdded:
        state.princes[(ev.district * state.n + ev.seat) * NCIV + ev.civ] += 1
        state.supply[ev.seat * NCIV + ev.civ] -= 1
        _pay(state, ev.seat, ev.civ, ev.privilege)
    elif t is PrinceRemoved:
        state.princes[(ev.district * state.n + ev.seat) * NCIV + ev.civ] -= 1
        state.supply[ev.seat * NCIV + ev.civ] += 1
        _pay(state, ev.seat, ev.civ, ev.privilege)
        gain(state, ev.seat, ev.points)
    elif t is KingInfluenced:
        scale = state.scale
        v = scale[ev.civ]
        if ev.lowered:
            for c in range(NCIV):
                if scale[c] < v:
                    scale[c] += 1
            scale[ev.civ] = 1
            _take_cards(state, ev.seat, (ev.civ, ev.civ), state.discard)
        else:
            scale[scale.index(v + 1)] = v
            scale[ev.civ] = v + 1
            _pay(state, ev.seat, ev.civ, ev.privilege)
    elif t is MonumentBuilt:
        _monument(state, ev)
    elif t is WonderBuilt:
        state.wonder[ev.island] = ev.seat
        gain(state, ev.seat, ev.points)
    elif t is CardsDrawn:
        if ev.reshuffled:
            for c in range(NCIV):
                state.deck[c] += state.discard[c]
            state.discard = [0] * NCIV
        base = ev.seat * NCIV
        for c in ev.cards:
            state.deck[c] -= 1
            state.hands[base + c] += 1
        state.hand_sizes[ev.seat] += len(ev.cards)
        state.must_discard = ev.must_discard
    elif t is CardsDiscarded:
        _take_cards(state, ev.seat, ev.cards, state.discard)
        state.must_discard = 0
    elif t is TurnEnded:
        _take_cards(state, ev.seat, ev.discards, state.discard)
        state.acted[ev.seat] = True
        state.order.append(ev.seat)
        if ev.next_seat < 0:  # everyone has developed: the round is scored
            state.phase = SCORING
            state.current = -1
        else:
            state.current = ev.next_seat
    elif t is RoundScored:
        for seat in state.order:
            gain(state, seat, ev.points[seat])
        if ev.behind >= 0:  # still on the start square: moves behind the others
            state.stamps[ev.behind] = state.stamp_next
            state.stamp_next += 1
        state.acted = [False] * state.n
        state.order = []
        if ev.over:
            state.phase = OVER
            state.current = -1
        else:
            state.phase = WELCOME
            state.round += 1
            state.pass_no = 0
    elif t is GuestsDrawn:
        # The bag as recorded after the draw; leftovers at the ships (left by special
        # guests) went back into it, so the ships hold the guests drawn.
        state.bag = list(ev.bag)
        state.waiting = [0] * len(state.waiting)
        for g in ev.guests:
            state.waiting[g] += 1
        state.current = ev.first
        state.round_first = state.current
    elif t is Started:
        active = tuple(ev.water or i != BOARD.out_with_two for i in range(BOARD.n_islands))
        return State(tuple(ev.players), ev.goal, active, list(ev.scale))
    else:
        raise TypeError(f"utopia cannot fold {ev!r}")
    return state
