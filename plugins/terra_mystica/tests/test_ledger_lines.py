"""The log line of each event, read from the event alone: every kind of power change in
the site's words, counters in the ledger's order, buildings and tiles, the start's
absolute values, other factions named, map changes and notes; and ``changes``. In
seeded random games every "round scoring SCOREn" line, the points of a building during
play and the cult income at a round's end alike, names the tile of the round the event
happened in."""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.game import FinalScoring, Income, Played, RoundScored
from meeple_terra_mystica.ledger import changes, deltas_text

GAME = TerraMystica()
_TILE = re.compile(r"round scoring (SCORE\d+)")


@pytest.mark.parametrize("deltas, text", [
    ((("P1", -3), ("P2", 1), ("P3", 2)), "PW +5"),  # gained: tokens move up
    ((("P1", 0), ("P2", -2), ("P3", 2)), "PW +2"),
    ((("P1", 4), ("P3", -4)), "PW -4"),  # spent: bowl III back to I
    ((("P2", -4), ("P3", 2)), "burn 2"),
    ((("P1", 1), ("P2", -3), ("P3", 1)), "PW +1/-3/+1"),  # anything else, as it is
    ((("P1", 2), ("P2", -1)), "PW +2/-1/+0"),
    ((("C", 3), ("VP", -1), ("W", 2), ("P", 1)), "VP -1, C +3, W +2, P +1"),
    ((("AIR", 1), ("FIRE", 2), ("KEY", 1), ("SPADE", -1)), "FIRE +2, AIR +1, spades -1, keys +1"),
    ((("digging", 1), ("shipping", 1), ("EARTH", -1), ("WATER", 3)), "WATER +3, EARTH -1, shipping +1, digging +1"),
    ((("TP", 1), ("D", -1), ("FAV11", 1)), "TP +1, D -1, FAV11 +1"),
    ((), ""),
])
def test_each_change_reads_in_the_ledgers_words_and_order(deltas, text) -> None:
    assert deltas_text(deltas) == text


def test_the_start_reads_as_absolute_values() -> None:
    assert deltas_text((("VP", 20), ("C", 15), ("P1", 5), ("P2", 7), ("AIR", 2)), absolute=True) \
        == "VP 20, C 15, PW 5/7/0, AIR 2"


def test_a_row_names_other_factions_map_changes_and_notes() -> None:
    ev = Played("ann", "witches", "build E7",
                lines=(("ann", "witches", "", (("C", -2), ("W", -1))),
                       ("ann", "witches", "round scoring SCORE3", (("VP", 2),)),
                       ("bob", "nomads", "leech from witches", (("VP", -1), ("P1", -2), ("P2", 2)))),
                hexes=(("E7", "green", "D", "witches", False), ("E8", "gray", "", "", False)),
                notes=(("leech", "nomads", "witches", 2, 2), ("leech", "cultists", "witches", 1,
                                                              "declined"),
                       ("town", "witches", "E5 E6 E7 F4"), ("cultists", "a cult step"),
                       ("other", "words", "here")))
    assert GAME.describe_event(ev) == (
        "witches: build E7 | C -2, W -1 | round scoring SCORE3: VP +2 | "
        "nomads leech from witches: VP -1, PW +2 | E7: witches D | E8: gray | "
        "nomads took 2 power from witches | cultists declined 1 power from witches | "
        "witches founded a town (E5 E6 E7 F4) | cultists: a cult step | other words here")
    assert changes(ev.lines) == {"ann": {"coins": -2, "workers": -1, "vp": 2},
                                 "bob": {"vp": -1, "bowl1": -2, "bowl2": 2}}
    assert GAME.changes(ev) == changes(ev.lines)
    pick = Played("ann", "", "setup witches")
    assert GAME.describe_event(pick) == "ann: setup witches"


def test_the_automatic_steps_read_with_their_round() -> None:
    line = (("ann", "witches", "income", (("C", 2),)),)
    assert GAME.describe_event(Income(3, lines=line)) == "round 3 income | witches income: C +2"
    assert GAME.describe_event(RoundScored(2, "SCORE5", lines=line)) == (
        "round 2 scoring SCORE5 | witches income: C +2")
    assert GAME.describe_event(FinalScoring(lines=line)) == "final scoring | witches income: C +2"


def test_changes_add_up_per_player_and_drop_what_nets_to_nothing() -> None:
    lines = (("ann", "witches", "a", (("C", 2), ("W", 1))), ("ann", "witches", "b", (("C", -2),)),
             ("bob", "nomads", "c", (("TW3", 1),)), ("cy", "giants", "d", (("VP", 0),)))
    assert changes(lines) == {"ann": {"workers": 1}, "bob": {"TW3": 1}}


def test_round_scoring_lines_name_the_tile_of_their_round():
    at_round_end = 0
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        lg = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
        lg.play_randomly(random.Random(seed))
        state = None
        for _, ev in lg.log:
            rnd = state.round if state is not None else 0
            phase = state.phase if state is not None else ""
            text = GAME.describe_event(ev)
            state = GAME.fold(state, ev)
            for tile in _TILE.findall(text):
                assert tile == state.score_tiles[rnd - 1], (seed, rnd, text)
                at_round_end += state.phase != phase or state.round != rnd
    assert at_round_end  # cult incomes at a round's end were among them


def test_the_start_reads_with_its_players_tiles_options_and_fixed_factions() -> None:
    from meeple_terra_mystica.game import Acted, Started

    start = Started(("ann", "bob"), ("strict-leech", "mini-expansion-1"), ("SCORE1", "SCORE2"),
                    ("BON3", "BON4"))
    assert GAME.describe_event(start) == (
        "started: ann, bob; scoring SCORE1,SCORE2; removed BON3,BON4; options strict-leech "
        "mini-expansion-1")
    fixed = Started(("ann", "bob"), (), ("SCORE1",), (), ("witches", "nomads"))
    assert GAME.describe_event(fixed) == (
        "started: ann, bob; scoring SCORE1; removed ; options ; factions witches,nomads")
    assert GAME.describe_event(Acted("ann", "build E7")) == "build E7"
