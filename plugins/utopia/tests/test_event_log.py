"""Utopia's log: each event's line, word for word, in every form it takes (a or an, one
prince or two, paid with a card or a privilege token, a monument with and without a
wonder owner's bonus, a take with and without a prince to place, a turn that stays open,
a scoring with one district or several, logs that predate the names), and the counters
each event changes (prestige as "vp", "cards", "privileges"): the cards counter adds up
to every hand, and a round scoring records the districts and points each seat holds."""

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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cards_counter_of_the_events_is_every_hand_size_after_every_event(players):
    """What the log says a player drew, discarded and spent on actions adds up, event by
    event, to the cards in that player's hand."""
    local = LocalGame(GAME, GAME.default_players(players), seed=players)
    local.play_randomly(random.Random(players), max_steps=100_000)
    assert local.outcome() is not None
    state, total, spent = None, {}, 0
    for ev in local.events:
        state = GAME.fold(state, ev)
        for player, change in GAME.changes(ev).items():
            total[player] = total.get(player, 0) + change.get("cards", 0)
            spent += change.get("cards", 0) < 0
        assert [total.get(p, 0) for p in state.players] == state.hand_sizes, ev
    assert spent > 20


def test_each_round_scoring_records_the_districts_and_points_every_seat_controls():
    """Phase 3 scores each seat the scale value of every district it holds a monument in;
    the event records that count of districts per seat (the log line shows it)."""
    local = LocalGame(GAME, GAME.default_players(3), seed=11)
    local.play_randomly(random.Random(11), max_steps=100_000)
    state, scorings = None, 0
    for ev in local.events:
        state = GAME.fold(state, ev)
        if type(ev) is RoundScored:
            scorings += 1
            owners = state.mon_owner
            assert ev.districts == tuple(owners.count(s) for s in range(state.n))
            assert ev.points == tuple(
                sum(state.scale[state.mon_civ[d]] for d in range(len(owners)) if owners[d] == s)
                for s in range(state.n))
            assert f"({ev.districts[0]} district" in GAME.describe_event(ev)
    assert scorings >= 2 and any(sum(e.districts) for e in local.events
                                 if type(e) is RoundScored)
