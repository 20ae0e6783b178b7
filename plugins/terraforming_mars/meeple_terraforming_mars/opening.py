"""The opening events (``OPENING``): what setup dealt, placed on a new state. They record
the deal itself, so folding them is placing it; every later event carries its ``delta``
(delta.py)."""

from __future__ import annotations

from typing import Any

from . import messages as m
from .state import NEUTRAL, State


def started(s: Any, e: m.Started) -> State:
    s = State(tuple(e.players), {"corporate_era": e.corporate_era, "draft": e.draft,
                                 "max_generations": e.max_generations})
    if len(e.players) == 1:
        s.players[e.players[0]].tr = 14  # solo: TR 14 and no extra production
    elif not e.corporate_era:
        # the base game without Corporate Era: one production step of everything
        for p in s.players.values():
            p.prod = [1] * 6
    return s


def neutral_placed(s: State, e: m.NeutralPlaced) -> State:
    del s.deck[:len(e.cards)]
    s.discard.extend(e.cards)
    for sp in e.cities:
        s.tiles[sp] = ("city", NEUTRAL)
    for sp in e.greeneries:
        s.tiles[sp] = ("greenery", NEUTRAL)
    return s


def shuffled(s: State, e: m.Shuffled) -> State:
    s.deck = list(e.cards)
    return s


def dealt(s: State, e: m.Dealt) -> State:
    p = s.players[e.player]
    p.corp_offer = list(e.corps)
    p.offer = list(e.cards)
    del s.deck[:len(e.cards)]
    s.pending.append((e.player, "corp"))
    return s


OPENING_FOLDS = {m.Started: started, m.Shuffled: shuffled, m.Dealt: dealt,
                 m.NeutralPlaced: neutral_placed}
OPENING = tuple(OPENING_FOLDS)


def fold_opening(s: Any, e: Any) -> State:
    """Place an opening event: there is no rule to apply."""
    return OPENING_FOLDS[type(e)](s, e)
