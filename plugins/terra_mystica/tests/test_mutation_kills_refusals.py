"""Every refusal of the rules says what was wrong, and changes nothing: picks and the
setup, tiles not owed or not in the supply, passing without a tile or with one taken,
adjustments no rule allows, the Mermaids' connections, and acting when it is another's
turn or the game is over."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B

from .test_live_rules import _put, _refused, _row, _state

GAME = TerraMystica()


def _fresh(n: int = 2):
    return LocalGame(GAME, GAME.default_players(n), {}, seed=3)


def test_picks_go_in_seat_order_one_faction_and_one_terrain_each() -> None:
    lg = _fresh(3)
    g = lg.state
    _refused(g, "p2", "setup witches", "it is p1's turn to pick a faction")
    _refused(g, "p1", "build E7", "pick a faction first: setup witches")
    _refused(g, "p1", "setup witches. setup nomads", "pick a faction first")
    lg.play("p1", "setup witches")
    _refused(lg.state, "p2", "setup witches", "witches are already taken")
    _refused(lg.state, "p2", "setup auren", "the green terrain is already taken")
    assert GAME.legal(lg.state, "p1") == [] and GAME.legal(lg.state, "p3") == []


def test_the_setup_takes_dwellings_then_bonus_tiles_in_its_order() -> None:
    lg = _fresh(2)
    lg.play("p1", "setup witches")
    lg.play("p2", "setup nomads")
    g = lg.state
    assert g.phase == "setup" and GAME.to_act(g) == ["p1"]
    green = [B.NAMES[h] for h in B.LAND if B.START_COLOR[h] == "green"]
    _refused(g, "p1", "pass BON1", "in the setup, place a dwelling")
    _refused(g, "p1", f"build {green[0]}. build {green[1]}", "it is not witches' turn in the setup")
    _refused(g, "p2", f"build {green[0]}", "may not act now")
    _refused(g, "p1", "build E6" if B.START_COLOR[B.INDEX["E6"]] != "green" else "build E5",
             "is not green")
    lg.play("p1", f"build {green[0]}")
    assert lg.state.records == [{"faction": "nomads", "type": "setup"}]


def test_tiles_are_taken_only_when_owed_and_in_the_supply() -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _refused(g, "p0", "+FAV1", "witches are owed no favor tile")
    _refused(g, "p0", "+TW1", "witches have not founded a town to take TW1 for")
    f["FAVOR"], f["TOWN"] = 1, 1
    g.pool["FAV1"], g.pool["TW1"] = 0, 0
    _refused(g, "p0", "+FAV1", "FAV1 is not in the supply")
    _refused(g, "p0", "+TW1", "TW1 is not in the supply")
    f["FAV2"] = 1
    _refused(g, "p0", "+FAV2", "witches already have FAV2")
    _refused(g, "p0", "+3P", r"can't take \+3 P now")
    _refused(g, "p0", "-TW2", "can't take -1 TW2 now")


def test_passing_needs_a_bonus_tile_before_the_last_round_and_one_in_the_supply() -> None:
    g = _state("witches", "nomads")
    g.pool["BON1"] = 0
    _refused(g, "p0", "pass", r"take a bonus tile when passing \(pass BON4\)")
    _refused(g, "p0", "pass BON1", "BON1 is not available")
    g.round = 6
    _row(g, "p0", "pass BON1")  # no tiles in the last round: the name is ignored
    assert g.fac["witches"]["passed"] and not g.fac["witches"]["BON1"]
    _refused(g, "p0", "send p to FIRE", "may not act now")


def test_a_cult_step_is_given_back_only_before_a_gain_on_that_track() -> None:
    g = _state("witches", "nomads")
    g.fac["witches"]["TOWN"] = 1
    _refused(g, "p0", "-FIRE", "-FIRE only gives back a step of a FIRE gain later in the same row")
    _refused(g, "p0", "-FIRE. +WATER", "-FIRE only gives back")


def test_only_the_mermaids_connect_and_only_where_a_town_forms() -> None:
    g = _state("witches", "nomads")
    r = next(h for h in range(B.N_HEX) if B.IS_RIVER[h])
    _refused(g, "p0", f"connect {B.NAMES[r]}", "only the Mermaids connect a town across a river")
    g = _state("mermaids", "nomads")
    _put(g, "mermaids", "E5")
    near = next(h for h in B.ADJ[B.INDEX["E5"]] if B.IS_RIVER[h])
    _refused(g, "p0", f"connect {B.NAMES[near]}", "no town forms across")
    a, b = "A1", "I12"
    _refused(g, "p0", f"connect {a}:{b}", "those hexes do not share a river hex")


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    lg = _fresh(2)
    lg.play_randomly(random.Random(3))
    g = lg.state
    assert g.finished and GAME.to_act(g) == [] and GAME.legal(g, "p1") == []
    assert g.records == []
    _refused(g, "p1", "pass", "the game is over")


def test_a_faction_may_not_take_an_action_on_another_factions_turn() -> None:
    g = _state("witches", "nomads")
    _refused(g, "p1", "send p to FIRE", r"p1 may not act now; waiting for p0 \(witches\)")
    g.fac["witches"]["passed"] = 1
    from meeple_terra_mystica.actions import _main

    h = g.clone()
    with pytest.raises(IllegalCommand, match="witches have passed"):
        _main(h, h.fac["witches"])
