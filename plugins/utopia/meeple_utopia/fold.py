"""Applying events to the state: pure, no randomness, no checks. Turn order is computed
here too (it follows from the scores), so it needs no events of its own."""

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


def next_actor(state: State) -> int:
    """The highest score among those who have not acted in this pass; among equal scores,
    who reached that square first."""
    best, key = -1, None
    for s in range(state.n):
        if not state.acted[s]:
            k = (-state.scores[s], state.stamps[s])
            if key is None or k < key:
                best, key = s, k
    return best


def discard_count(state: State, seat: int) -> int:
    """Leader 2, last 0, others 1; when everyone is level, everyone is "other"."""
    hi, lo, me = max(state.scores), min(state.scores), state.scores[seat]
    if hi == lo:
        return 1
    return 2 if me == hi else 0 if me == lo else 1


def gain(state: State, seat: int, points: int) -> None:
    if points > 0:
        state.scores[seat] += points
        state.stamps[seat] = state.stamp_next
        state.stamp_next += 1


def _finish_action(state: State, seat: int) -> None:
    state.took = False
    state.acted[seat] = True
    if all(state.acted):
        state.acted = [False] * state.n
        state.pass_no += 1
        if state.pass_no == PASSES:
            state.phase = DEVELOP
            state.order = []
    state.current = next_actor(state)


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
            _finish_action(state, ev.seat)
        else:
            state.took = True
    elif t is WelcomeEnded:
        _finish_action(state, ev.seat)
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
        if sum(state.deck) < len(ev.cards):
            for c in range(NCIV):
                state.deck[c] += state.discard[c]
            state.discard = [0] * NCIV
        base = ev.seat * NCIV
        for c in ev.cards:
            state.deck[c] -= 1
            state.hands[base + c] += 1
        state.hand_sizes[ev.seat] += len(ev.cards)
        state.must_discard = discard_count(state, ev.seat)
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
            state.current = next_actor(state)
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
        if max(state.scores) >= state.goal:
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
        state.current = next_actor(state)
        state.round_first = state.current
    elif t is Started:
        active = tuple(ev.water or i != BOARD.out_with_two for i in range(BOARD.n_islands))
        return State(tuple(ev.players), ev.goal, active, list(ev.scale))
    else:
        raise TypeError(f"utopia cannot fold {ev!r}")
    return state
