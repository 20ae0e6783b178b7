"""Every refusal of the rules says what was wrong, and changes nothing: picks and the
setup, tiles not owed or not in the supply, passing without a tile or with one taken,
adjustments no rule allows and what is not owed given up, the Mermaids' connections,
bridges built twice or beyond the three, faction actions of another faction or without
the stronghold, and acting when it is another's turn, another faction owes a choice or
the game is over."""

from __future__ import annotations

import json
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


def _bridge_scene():
    a, b = next((a, b) for a in B.LAND for b in sorted(B.BRIDGABLE[a]) if a < b)
    g = _state("engineers", "nomads")
    _put(g, "engineers", B.NAMES[a])
    g.fac["engineers"]["BRIDGE"] = 2
    return g, B.NAMES[a], B.NAMES[b]


def test_a_bridge_is_built_once_either_way_round() -> None:
    g, a, b = _bridge_scene()
    _row(g, "p0", f"bridge {a}:{b}")
    assert len(g.bridges) == 1 and g.fac["engineers"]["BRIDGE"] == 1
    _refused(g, "p0", f"bridge {a}:{b}", "already there")
    _refused(g, "p0", f"bridge {b}:{a}", "already there")


@pytest.mark.parametrize("what", ["BRIDGE", "SPADE", "FREE_D"])
def test_only_what_is_owed_can_be_given_up(what: str) -> None:
    g = _state("engineers", "nomads")
    g.fac["engineers"][what] = 1
    _refused(g, "p0", f"-2{what}" if what != "BRIDGE" else "-2BRIDGE", f"no {what} to give up")
    _row(g, "p0", f"-{what}")
    assert g.fac["engineers"][what] == 0
    _refused(g, "p0", f"-{what}", f"no {what} to give up")


@pytest.mark.parametrize("order", [("alchemists", "witches"), ("witches", "alchemists")])
def test_a_cult_choice_owed_by_any_other_faction_holds_up_the_next_action(order) -> None:
    g = _state(*order)
    g.fac[order[1]]["CULT"] = 1  # owes a cult step (a Cultists-like choice)
    _refused(g, "p0", "send p to FIRE", f"waiting for {order[1]} to choose a cult track")


def test_a_faction_action_needs_its_own_faction_and_stronghold() -> None:
    g = _state("nomads", "witches")
    g.fac["nomads"]["P3"] = 7
    _refused(g, "p0", "action ACTW", "nomads don't have ACTW")
    g = _state("witches", "nomads")
    _refused(g, "p0", "action ACTW", "witches don't have ACTW")


def test_the_three_bridge_limit_holds_in_a_state_read_back_from_a_log() -> None:
    # Names decoded from a stored log are equal strings, not the same objects.
    g, a, _ = _bridge_scene()
    owner = json.loads('"engineers"')
    g.bridges = [(x, y, owner) for x in B.LAND for y in sorted(B.BRIDGABLE[x]) if x < y][1:4]
    _refused(g, "p0", f"bridge {a}:{B.NAMES[sorted(B.BRIDGABLE[B.INDEX[a]])[0]]}",
             "no bridge left")


def _two_dwellings():
    """Witches on E5 beside a Nomads dwelling on E4, in round 1."""
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    _put(g, "nomads", "E4")
    return g


def test_a_built_hex_and_anothers_building_cannot_be_changed() -> None:
    g = _two_dwellings()
    _refused(g, "p0", "dig 1. transform E5 to yellow", "E5 has a building")
    _refused(g, "p0", "dig 1. transform E4", "E4 has a building")
    _refused(g, "p0", "upgrade E4 to TP", "E4 is not a witches building")


def test_power_is_taken_or_declined_only_where_it_is_offered() -> None:
    g = _two_dwellings()
    _refused(g, "p0", "leech 1", "^witches have no power offer$")
    _refused(g, "p0", "leech 1 from nomads", "^witches have no power offer from nomads$")
    _refused(g, "p0", "decline 1 from nomads", "^witches have no power offer from nomads$")


def test_a_taken_three_step_spot_and_a_river_too_wide_are_refused() -> None:
    g = _two_dwellings()
    g.fac["witches"]["P"] = 1
    g.cult_spots["FIRE"][0] = "nomads"
    _refused(g, "p0", "send p to FIRE for 3", "the 3 spot of FIRE is taken")
    g = _two_dwellings()
    g.fac["witches"]["BRIDGE"] = 1
    _refused(g, "p0", "bridge E5:E7", "no bridge can join E5 and E7")


def test_a_setup_row_is_not_possible_once_the_game_is_under_way() -> None:
    _refused(_two_dwellings(), "p0", "setup witches", "^setup is not possible now$")


def test_the_giants_transform_only_to_their_home_terrain() -> None:
    g = _state("giants", "nomads")
    _put(g, "giants", "E5")
    g.fac["giants"]["W"] = 10
    _refused(g, "p0", "dig 2. transform E6 to yellow",
             "the Giants can only transform to their home terrain")


@pytest.mark.parametrize("track, rest, allowed", [
    ("FIRE", (("adj", 1, "FIRE"),), True),
    ("FIRE", (("adj", 2, "FIRE"),), True),
    ("FIRE", (("adj", 1, "WATER"), ("adj", 1, "FIRE")), True),
    ("AIR", (("adj", 1, "TW5"),), True),  # a town tile's step on every track
    ("EARTH", (("adj", 1, "TW6"),), True),
    ("FIRE", (("adj", 1, "TW1"),), False),
    ("FIRE", (("adj", 1, "FAV1"),), True),  # FAV1: three FIRE steps
    ("FIRE", (("adj", 1, "FAV5"),), True),  # FAV5: two FIRE steps (and a smaller town)
    ("WATER", (("adj", 1, "FAV1"),), False),
    ("EARTH", (("adj", 1, "FAV7"),), True),
    ("AIR", (("adj", 1, "FAV7"),), False),
    ("FIRE", (("adj", -1, "FIRE"),), False),  # a second step back is no gain
    ("FIRE", (("adj", 0, "FIRE"),), False),
    ("FIRE", (("send", "FIRE", 0),), False),  # a priest sent is another command
    ("FIRE", (), False),
])
def test_a_cult_step_back_needs_a_gain_on_that_track_later_in_the_row(track, rest, allowed):
    from meeple_terra_mystica.turns import _check_cult_refusal

    if allowed:
        _check_cult_refusal(track, rest)
        return
    with pytest.raises(IllegalCommand) as info:
        _check_cult_refusal(track, rest)
    assert str(info.value) == (
        f"-{track} only gives back a step of a {track} gain later in the same row "
        f"(e.g. -{track}. +TW5); a faction never moves back on its own")


@pytest.mark.parametrize("row", ["+FIRE", "action BON1", "advance ship", "bridge E5:E6",
                                 "burn 1", "convert 1W to 1C", "dig 1", "pass BON1"])
def test_a_setup_dwelling_turn_takes_nothing_but_a_dwelling(row) -> None:
    lg = _fresh(2)
    lg.play("p1", "setup witches")
    lg.play("p2", "setup nomads")
    _refused(lg.state, "p1", row, "^in the setup, place a dwelling \\(build E7\\) or take a "
             "bonus tile \\(pass BON4\\)$")


def test_a_setup_bonus_turn_takes_nothing_but_a_bonus_tile_and_wait_passes_nothing() -> None:
    lg = _fresh(2)
    lg.play("p1", "setup witches")
    lg.play("p2", "setup nomads")
    while not lg.state.setup_queue[0].startswith("bonus:"):
        p = lg.to_act()[0]
        lg.play(p, GAME.legal(lg.state, p)[0].text)
    g = lg.state
    p = lg.to_act()[0]
    green = next(B.NAMES[h] for h in B.LAND if g.hcolor[h] == "green" and not g.hbld[h])
    _refused(g, p, f"build {green}", "^in the setup, place a dwelling")
    queue = list(g.setup_queue)
    _row(g, p, "wait")
    assert g.setup_queue == queue
    tile = next(b for b in sorted(g.pool) if b.startswith("BON") and g.pool[b])
    _row(g, p, f"wait. pass {tile}")
    assert g.setup_queue == queue[1:] and g.fac[g.faction_of[p]][tile] == 1
