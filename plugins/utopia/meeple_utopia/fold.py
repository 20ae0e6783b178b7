"""Applying events to the state: pure, no randomness, no checks, no rules. decide records
in the events what the rules give (who acts next, the standing discard, a reshuffle, the
end of the game); only logs written before that (fields at their LEGACY default) are
completed here with the rules of turns.py, as the fold of that version did."""

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
from .state import (
    DEVELOP,
    GUESTS_PER_KIND,
    OVER,
    PASSES,
    SCORING,
    WELCOME,
    State,
)
from .turns import discard_count, next_actor

LEGACY = -2  # an event field's default in logs written before decide recorded it


def gain(state: State, seat: int, points: int) -> None:
    if points > 0:
        state.scores[seat] += points
        state.stamps[seat] = state.stamp_next
        state.stamp_next += 1


def _finish_action(state: State, seat: int, nxt: int) -> None:
    state.took = False
    state.acted[seat] = True
    if all(state.acted):
        state.acted = [False] * state.n
        state.pass_no += 1
        if state.pass_no == PASSES:
            state.phase = DEVELOP
            state.order = []
    # decide records who is next; logs written before that derive it (LEGACY)
    state.current = nxt if nxt != LEGACY else next_actor(state)


def _monument(state: State, ev: MonumentBuilt) -> None:
    d = ev.district
    state.mon_owner[d] = ev.seat
    state.mon_civ[d] = ev.civ
    state.monuments_left[ev.civ] -= 1
    if ev.bonus >= 0:
        if ev.wonder_owner >= 0:
            gain(state, ev.wonder_owner, ev.bonus)
        return
    # A log written before the bonus was recorded: derive it as that version's fold did.
    owner = state.wonder[BOARD.island_of[d]]
    if owner >= 0:
        gain(state, owner, BOARD.value[d])


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
            _finish_action(state, ev.seat, ev.next_seat)
        else:
            state.took = True
    elif t is WelcomeEnded:
        _finish_action(state, ev.seat, ev.next_seat)
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
        reshuffle = (sum(state.deck) < len(ev.cards) if ev.reshuffled == LEGACY
                     else ev.reshuffled)
        if reshuffle:
            for c in range(NCIV):
                state.deck[c] += state.discard[c]
            state.discard = [0] * NCIV
        base = ev.seat * NCIV
        for c in ev.cards:
            state.deck[c] -= 1
            state.hands[base + c] += 1
        state.hand_sizes[ev.seat] += len(ev.cards)
        state.must_discard = (discard_count(state, ev.seat) if ev.must_discard == LEGACY
                              else ev.must_discard)
    elif t is CardsDiscarded:
        _take_cards(state, ev.seat, ev.cards, state.discard)
        state.must_discard = 0
    elif t is TurnEnded:
        _take_cards(state, ev.seat, ev.discards, state.discard)
        state.acted[ev.seat] = True
        state.order.append(ev.seat)
        if all(state.acted):
            state.phase = SCORING
            state.current = -1
        else:
            state.current = ev.next_seat if ev.next_seat != LEGACY else next_actor(state)
    elif t is RoundScored:
        for seat in state.order:
            gain(state, seat, ev.points[seat])
        first = state.round_first
        if first >= 0 and state.scores[first] == 0:
            # Still on the start square: the round's first player moves behind the others.
            state.stamps[first] = state.stamp_next
            state.stamp_next += 1
        state.acted = [False] * state.n
        state.order = []
        over = max(state.scores) >= state.goal if ev.over == LEGACY else ev.over
        if over:
            state.phase = OVER
            state.current = -1
        else:
            state.phase = WELCOME
            state.round += 1
            state.pass_no = 0
    elif t is GuestsDrawn:
        # Every guest is back in the bag at the start of a round; leftovers at the ships
        # (left by special guests) go back too.
        k = GUESTS_PER_KIND
        state.bag = [k if state.active[g // NCIV] else 0 for g in range(len(state.bag))]
        state.waiting = [0] * len(state.waiting)
        for g in ev.guests:
            state.waiting[g] += 1
            state.bag[g] -= 1
        state.current = ev.first if ev.first != LEGACY else next_actor(state)
        state.round_first = state.current
    elif t is Started:
        active = tuple(ev.water or i != BOARD.out_with_two for i in range(BOARD.n_islands))
        return State(tuple(ev.players), ev.goal, active, list(ev.scale))
    else:
        raise TypeError(f"utopia cannot fold {ev!r}")
    return state
