"""Old logs in today's terms: the facts an event of an older log did not record (its
fields at ``UNRECORDED``: who acts next, the pass and phase after a welcome, the standing
discard, a reshuffle, the bag after a draw, who falls behind, the end of the game, the
wonder owner's monument bonus), derived once from the state before it by the rules of
turns.py, as the fold of that version did; and the names of the players its seats stand
for (the acting player, the receiver of a privilege token, the wonder's owner, everyone
scored), so that every line names players. Fold then applies recorded facts for every
log."""

from __future__ import annotations

from typing import Any

import attrs

from .board import BOARD, NCIV
from .events import (
    UNRECORDED,
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
    TurnEnded,
    WelcomeEnded,
    WonderBuilt,
)
from .state import GUESTS_PER_KIND, State
from .turns import (
    after_welcome,
    discard_count,
    left_behind,
    next_actor,
    next_after_development,
    next_after_welcome,
    scores_after,
)

#: The fields each event type may lack in an older log, with the value that says so.
UNRECORDED_FIELDS: dict[type, dict[str, Any]] = {
    GuestTaken: {"next_seat": UNRECORDED, "pass_no": UNRECORDED, "phase": UNRECORDED,
                 "player": ""},
    WelcomeEnded: {"next_seat": UNRECORDED, "pass_no": UNRECORDED, "phase": UNRECORDED,
                   "player": ""},
    TurnEnded: {"next_seat": UNRECORDED, "player": ""},
    CardsDrawn: {"must_discard": UNRECORDED, "reshuffled": UNRECORDED},
    RoundScored: {"over": UNRECORDED, "behind": UNRECORDED, "players": ()},
    GuestsDrawn: {"first": UNRECORDED, "bag": ()},
    MonumentBuilt: {"bonus": -1, "player": "", "wonder_player": ""},
    SpecialGuestDrawn: {"player": "", "to_player": ""},
    WonderBuilt: {"player": ""},
    CardsDiscarded: {"player": ""},
    PrincesMoved: {"player": ""},
    PrinceAdded: {"player": ""},
    PrinceRemoved: {"player": ""},
    KingInfluenced: {"player": ""},
}


#: Fields recorded together with another: unrecorded when it is.
COMPANIONS = {"bonus": ("wonder_owner", "wonder_player")}


_CHECKS = {t: tuple(fields.items()) for t, fields in UNRECORDED_FIELDS.items()}


def unrecorded(ev: Any) -> list[str]:
    """The fields of ``ev`` that its log did not record."""
    checks = _CHECKS.get(type(ev))
    if checks is None:
        return []
    out = [k for k, v in checks if getattr(ev, k) == v]
    if not out:
        return out
    if type(ev) is GuestTaken and not ev.ends_turn and "next_seat" in out:
        out.remove("next_seat")  # the turn stays open: nobody is next yet
    if type(ev) is MonumentBuilt and ev.wonder_owner < 0 and "wonder_player" in out:
        out.remove("wonder_player")  # no wonder on that island: nobody to name
    for k in list(out):
        out += COMPANIONS.get(k, ())
    return out


def complete(state: State, ev: Any) -> Any:
    """``ev`` with every unrecorded field derived from ``state`` (the state before it)."""
    return _named(state, _derived(state, ev))


def _named(state: State, ev: Any) -> Any:
    """``ev`` naming the players its seats stand for, where its log left the names out."""
    names = state.players
    changes: dict[str, Any] = {}
    if getattr(ev, "player", None) == "":
        changes["player"] = names[ev.seat]
    if type(ev) is SpecialGuestDrawn and not ev.to_player:
        changes["to_player"] = names[ev.to]
    elif type(ev) is RoundScored and not ev.players:
        changes["players"] = tuple(names)
    elif type(ev) is MonumentBuilt and not ev.wonder_player and ev.wonder_owner >= 0:
        changes["wonder_player"] = names[ev.wonder_owner]
    return attrs.evolve(ev, **changes) if changes else ev


def _derived(state: State, ev: Any) -> Any:
    """``ev`` with the turn-order and scoring facts it did not record derived."""
    t = type(ev)
    if t is GuestTaken or t is WelcomeEnded:
        if t is GuestTaken and not ev.ends_turn:  # the turn stays open: nothing passes
            return attrs.evolve(ev, pass_no=state.pass_no, phase=state.phase)
        pass_no, phase = after_welcome(state, ev.seat)
        nxt = next_after_welcome(state, ev.seat) if ev.next_seat == UNRECORDED else ev.next_seat
        return attrs.evolve(ev, next_seat=nxt, pass_no=pass_no, phase=phase)
    if t is TurnEnded:
        return attrs.evolve(ev, next_seat=next_after_development(state, ev.seat))
    if t is CardsDrawn:
        changes = {}
        if ev.must_discard == UNRECORDED:
            changes["must_discard"] = discard_count(state, ev.seat)
        if ev.reshuffled == UNRECORDED:
            changes["reshuffled"] = int(sum(state.deck) < len(ev.cards))
        return attrs.evolve(ev, **changes)
    if t is RoundScored:
        scores = scores_after(state, ev.points)
        over = int(max(scores) >= state.goal) if ev.over == UNRECORDED else ev.over
        return attrs.evolve(ev, over=over, behind=left_behind(state, scores))
    if t is GuestsDrawn:
        bag = [GUESTS_PER_KIND if state.active[g // NCIV] else 0 for g in range(len(state.bag))]
        for g in ev.guests:
            bag[g] -= 1
        first = next_actor(state) if ev.first == UNRECORDED else ev.first
        return attrs.evolve(ev, first=first, bag=tuple(bag))
    if t is MonumentBuilt:
        owner = state.wonder[BOARD.island_of[ev.district]]
        return attrs.evolve(ev, wonder_owner=owner,
                            bonus=BOARD.value[ev.district] if owner >= 0 else 0,
                            wonder_player=state.players[owner] if owner >= 0 else "")
    return ev
