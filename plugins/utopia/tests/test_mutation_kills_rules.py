"""Utopia: the cards counter of the events, commands with a word too few or too many, and
the observer's hand in the observation (survivors of a mutation run, scripts/mutation.py,
docs/testing.md)."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_utopia import Utopia
from meeple_utopia.board import CIVS, NCIV
from meeple_utopia.events import Move, RoundScored
from meeple_utopia.state import DEVELOP
from test_legal_complete import accepted, candidates

GAME = Utopia()


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


WORDS = {"take": ["maya", "W1"], "special": ["p1"], "wonder": ["water"],
         "monument": ["maya", "W1"], "move": ["maya", "W1", "W2"], "add": ["maya", "W1"],
         "remove": ["maya", "W1"], "raise": ["maya"], "lower": ["maya"], "done": [],
         "end": []}


@pytest.mark.parametrize("verb", sorted(WORDS))
def test_a_command_with_a_word_too_few_or_too_many_is_refused_with_the_commands(verb):
    words = WORDS[verb]
    GAME.parse(" ".join([verb, *words]))  # the right number of words reads
    shorter = [verb, *words[:-1]] if words else None
    for bad in filter(None, [shorter, [verb, *words, "W2", "W3"]]):
        with pytest.raises(IllegalCommand, match="commands:|cannot read|is not"):
            GAME.parse(" ".join(bad))


def test_the_observation_counts_each_card_of_the_observers_hand_once():
    """One more card of a civilization in the observer's hand moves exactly one number of
    the observation, by 1/10 (the hand part of the layout); the deck it came from moves
    by the same amount the other way."""
    local, rng = LocalGame(GAME, ["ann", "bob", "cy"], seed=2), random.Random(2)
    while local.state.phase != DEVELOP:  # cards come in phase 2
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    state = local.state
    for seat, player in enumerate(state.players):
        view = GAME.view(state, player)
        before = GAME.observation(view, player)
        for c in range(NCIV):
            more = GAME.clone(view)
            more.hands[seat * NCIV + c] += 1
            after = GAME.observation(more, player)
            moved = [(i, round(b - a, 9)) for i, (a, b) in enumerate(zip(before, after,
                                                                          strict=True)) if a != b]
            assert moved == [(moved[0][0], 0.1)], (player, CIVS[c], moved)
        assert sum(view.hands[seat * NCIV:(seat + 1) * NCIV]) == view.hand_sizes[seat]
    assert sum(state.hand_sizes) > 0


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


def test_legal_offers_every_raise_lower_add_and_remove_that_decide_accepts():
    """A cheap slice of test_legal_complete (whose full candidate list, moves included,
    takes a minute): in phase 2, every command but a move is in legal exactly when decide
    accepts it."""
    rng = random.Random(8)
    local = LocalGame(GAME, GAME.default_players(3), seed=8)
    checked, kinds = 0, set()
    while local.outcome() is None and checked < 12:
        player = local.to_act()[0]
        legal = GAME.legal(local.state, player)
        if local.state.phase == DEVELOP and rng.random() < 0.3:
            allowed = set(legal)
            for cmd in candidates(local.state):
                if type(cmd) is not Move:
                    assert accepted(local.state, player, cmd) == (cmd in allowed), cmd
                    kinds |= {type(cmd).__name__} if cmd in allowed else set()
            checked += 1
        local.play(player, rng.choice(legal))
    assert checked == 12 and {"Raise", "Lower", "End"} <= kinds, kinds
