"""Utopia's log: each event's line, word for word, in every form it takes (a or an, one
prince or two, paid with a card or a privilege token, a monument with and without a
wonder owner's bonus, a take with and without a prince to place, a turn that stays open,
a scoring with one district or several, logs that predate the names), and the counters
each event changes (prestige as "vp", "cards", "privileges"). Also the view for every
seat and the spectator, field by field. Written after the mutation runs of
docs/testing.md: the earlier log test only asked for a line that is not the fallback."""

from __future__ import annotations

import random

import pytest
from meeple.core import LocalGame
from meeple_utopia import Utopia
from meeple_utopia.events import (
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
from meeple_utopia.state import _MUTABLE, _SCALARS, DEVELOP, FULL_STATE, SPECTATOR
from utopia_helpers import C, D

GAME = Utopia()
M, P, EG, GR, CH = (C[c] for c in ("maya", "persian", "egyptian", "greek", "chinese"))

LINES = [
    (Started(("ann", "bob"), (3, 1, 5, 2, 4), 50, False),
     "ann, bob play to 50 prestige; prestige scale maya 3, persian 1, egyptian 5, greek 2, "
     "chinese 4", {}),
    (GuestsDrawn((1 * 5 + M, 2 * 5 + EG)), "guests arrive at the ships: maya (earth), "
     "egyptian (fire)", {}),
    (GuestTaken(0, EG, 2, D["F3"], False, True, "ann"),
     "ann welcomes an egyptian guest: an egyptian prince to F3", {}),
    (GuestTaken(1, M, 1, D["E2"], True, False, "bob"),
     "bob welcomes a maya special guest: a maya prince to E2; may build before ending the "
     "turn", {}),
    (GuestTaken(1, GR, 3, -1, False, True, "bob"),
     "bob takes the greek guest of the wind island (no prince left to place)", {}),
    (GuestTaken(1, GR, 3, -1, True, True, ""),
     "seat 2 takes the greek special guest of the wind island (no prince left to place)", {}),
    (WelcomeEnded(0, "ann"), "ann ends the turn", {}),
    (SpecialGuestDrawn(0, 1, 2 * 5 + CH, "ann", "bob"),
     "ann hands bob a privilege token and draws a special guest: chinese of the fire island",
     {}),
    (WonderBuilt(1, 2, 6, "bob"), "bob builds the wonder of the fire island: +6 prestige",
     {"bob": {"vp": 6}}),
    (MonumentBuilt(0, P, D["F3"], 1, 3, "ann", "bob"),
     "ann builds a persian monument in F3 and controls it; bob +3 prestige (wonder of that "
     "island)", {"bob": {"vp": 3}}),
    (MonumentBuilt(0, EG, D["E1"], 1, 2, "ann", ""),
     "ann builds an egyptian monument in E1 and controls it; seat 2 +2 prestige (wonder of "
     "that island)", {}),
    (MonumentBuilt(0, P, D["E1"], -1, 0, "ann", ""),
     "ann builds a persian monument in E1 and controls it", {}),
    (CardsDrawn(0, "ann", (M, M, GR)), "ann draws 3 action cards: maya maya greek",
     {"ann": {"cards": 3}}),
    (CardsDrawn(1, "bob", (-1, -1)), "bob draws 2 action cards: ? ?", {"bob": {"cards": 2}}),
    (CardsDiscarded(0, (M, CH), "ann"), "ann discards for standing maya chinese",
     {"ann": {"cards": -2}}),
    (CardsDiscarded(0, (), "ann"), "ann discards for standing nothing", {}),
    (TurnEnded(1, (GR,), "bob"), "bob ends the turn, discarding greek", {"bob": {"cards": -1}}),
    (TurnEnded(1, (), "bob"), "bob ends the turn, discarding nothing", {}),
    (PrincesMoved(0, M, D["E1"], D["E2"], 1, False, "ann"),
     "ann moves 1 maya prince from E1 to E2", {"ann": {"cards": -1}}),
    (PrincesMoved(0, EG, D["E1"], D["F1"], 2, True, "ann"),
     "ann moves 2 egyptian princes from E1 to F1 (paid with a privilege token)",
     {"ann": {"privileges": -1}}),
    (PrinceAdded(1, EG, D["F2"], False, "bob"), "bob adds an egyptian prince in F2",
     {"bob": {"cards": -1}}),
    (PrinceRemoved(1, M, D["F2"], True, 2, "bob"),
     "bob removes a maya prince from F2: +2 prestige (paid with a privilege token)",
     {"bob": {"privileges": -1, "vp": 2}}),
    (KingInfluenced(0, GR, False, False, "ann"),
     "ann moves greek one step up on the prestige scale", {"ann": {"cards": -1}}),
    (KingInfluenced(0, GR, True, False, "ann"),
     "ann moves greek to value 1 (two cards) on the prestige scale", {"ann": {"cards": -2}}),
    (KingInfluenced(0, M, False, True, "ann"),
     "ann moves maya one step up on the prestige scale (paid with a privilege token)",
     {"ann": {"privileges": -1}}),
    (RoundScored((5, 0, 1), ("ann", "bob", "cy"), (2, 0, 1), 4),
     "round 4 scoring: ann +5 (2 districts), bob +0 (0 districts), cy +1 (1 district)",
     {"ann": {"vp": 5}, "cy": {"vp": 1}}),
    (RoundScored((3, 4)), "round scoring: seat 1 +3, seat 2 +4", {}),
]


@pytest.mark.parametrize(("ev", "line", "changes"), LINES, ids=[t for _e, t, _c in LINES])
def test_each_event_has_its_line_word_for_word_and_its_counters(ev, line, changes):
    assert GAME.describe_event(ev) == line
    assert GAME.changes(ev) == changes


def test_an_event_with_an_empty_name_says_its_seat_and_counts_nothing():
    assert GAME.describe_event(PrinceAdded(2, M, D["E1"], False)) == "seat 3 adds a maya prince in E1"
    assert GAME.changes(PrinceAdded(2, M, D["E1"], False)) == {}
    assert GAME.changes(WonderBuilt(1, 2, 6)) == {}


def _some_states() -> list:
    """Three positions of phase 2 (hands held) from each of two random games."""
    out = []
    for n, seed in ((2, 3), (4, 5)):
        local = LocalGame(GAME, GAME.default_players(n), seed=seed)
        rng = random.Random(seed)
        ply, found = 0, 0
        while local.outcome() is None and found < 3:
            if ply >= 20 + 60 * found and local.state.phase == DEVELOP and sum(
                    local.state.hand_sizes) > 1:
                out.append(GAME.clone(local.state))
                found += 1
            player = local.to_act()[0]
            local.play(player, rng.choice(GAME.legal(local.state, player)))
            ply += 1
    return out


STATES = _some_states()


@pytest.mark.parametrize("index", range(6))
def test_the_view_of_every_seat_and_the_spectator_field_by_field(index):
    state = STATES[index]
    assert len(STATES) == 6 and sum(state.hand_sizes) > 1
    for player in (*state.players, None, "someone else"):
        seat = state.players.index(player) if player in state.players else None
        view = GAME.view(state, player)
        assert view.viewer == (seat if seat is not None else SPECTATOR)
        for field in (*_MUTABLE, *_SCALARS):
            if field not in ("hands", "deck", "viewer"):
                assert getattr(view, field) == getattr(state, field), (player, field)
        for s in range(state.n):
            assert view.hand(s) == (state.hand(s) if s == seat else [0] * 5), (player, s)
        for c in range(5):
            others = sum(state.hands[s * 5 + c] for s in range(state.n) if s != seat)
            assert view.deck[c] == state.deck[c] + others
        assert state.viewer == FULL_STATE  # the state it was made from is untouched
        full = GAME.determinize(view, player or state.players[0], random.Random(index))
        assert full.viewer == FULL_STATE and full.hand_sizes == state.hand_sizes
        assert [sum(full.hand(s)) for s in range(state.n)] == state.hand_sizes
        if seat is not None:
            assert full.hand(seat) == state.hand(seat)
        assert [full.deck[c] + sum(full.hands[s * 5 + c] for s in range(state.n))
                for c in range(5)] == [state.deck[c] + sum(state.hands[s * 5 + c]
                                                          for s in range(state.n))
                                       for c in range(5)]
    assert GAME.determinize(state, state.players[0], random.Random(0)) == state
