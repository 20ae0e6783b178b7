"""Strings that come from outside the code are equal to the code's literals but not the
same objects: a game read back from its stored log (every string decoded from bytes)
offers and accepts exactly what the live game does at every decision, places the tiles
it asks for and refuses every command once over; a command whose words were built at
run time (read from a file, say) is decided as the same command written in code; and a
player's name built at run time gets the same value of a state and the same line of what
it is asked."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.codec import Codec
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.render import asks
from meeple_terraforming_mars.state import MC, State

from .helpers import GAME, action_game, give


@pytest.mark.parametrize(("players", "options", "seed"), [
    (2, {}, 11), (1, {}, 12), (3, {"draft": True, "corporate_era": True}, 13)])
def test_a_game_read_back_from_its_log_offers_and_accepts_what_the_live_game_does(
        players: int, options: dict, seed: int) -> None:
    local = LocalGame(GAME, GAME.default_players(players), options, seed=seed)
    codec, stored, seen = Codec(GAME), None, 0
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(220):
        for ev in local.events[seen:]:  # through bytes: every string decoded afresh
            stored = GAME.fold(stored, codec.decode(*codec.encode(ev)))
        seen = len(local.events)
        if local.outcome() is not None:
            break
        assert stored == local.state
        player = rng.choice(list(local.to_act()))
        offered = GAME.legal(local.state, player)
        assert GAME.legal(stored, player) == offered
        if stored.pending and stored.pending[0][0] == player:
            kinds.add(stored.pending[0][1])
        cmd = rng.choice(offered)
        copy = GAME.clone(stored)
        assert GAME.decide(copy, player, cmd, random.Random(seed)) == GAME.decide(
            GAME.clone(local.state), player, cmd, random.Random(seed))
        local.play(player, cmd)
    # The decisions whose kinds came back from the log's bytes include tile placements.
    assert "place" in kinds, kinds


def test_a_tile_to_place_read_back_from_the_log_is_offered_and_placed() -> None:
    local = LocalGame(GAME, GAME.default_players(2), seed=4)
    for p in local.players:
        local.play(p, "corporation Beginner Corporation")
    while local.state.pending and local.state.pending[0][1] == "buy":
        local.play(local.state.pending[0][0], "buy none")
    who = local.to_act()[0]
    local.state.players[who].res[MC] = 40
    local.play(who, m.Project("city"))
    codec, stored = Codec(GAME), None
    for ev in local.events:
        stored = GAME.fold(stored, codec.decode(*codec.encode(ev)))
    item = stored.pending[0]
    assert item[:3] == (who, "place", "city") and item[1] is not "place"  # noqa: F632
    places = GAME.legal(stored, who)
    assert places and all(type(c) is m.Place for c in places)
    assert places == GAME.legal(local.state, who)
    events = GAME.decide(stored, who, places[0], random.Random(0))
    assert events == GAME.decide(local.state, who, places[0], random.Random(0))


def test_a_finished_game_read_back_from_its_log_refuses_every_command():
    local = LocalGame(GAME, ["ann", "bob"], {"max_generations": 2}, seed=3)
    local.play_randomly(random.Random(3))
    assert local.outcome() is not None
    codec, state = Codec(GAME), None
    for ev in local.events:  # through the stored form: the strings are read back, not literals
        state = GAME.fold(state, codec.decode(*codec.encode(ev)))
    assert state.phase == "over"
    for player in ("ann", "bob"):
        with pytest.raises(IllegalCommand, match="^the game is over$"):
            GAME.decide(state, player, m.Pass(), random.Random(0))


def test_a_command_with_words_built_at_run_time_is_the_same_command():
    g = action_game()
    give(g, "p1", plants=8, heat=8, mc=30)
    for what in ("plants", "heat"):
        built = "".join(list(what))  # equal to the literal, not the same object
        assert built == what and built is not what
        assert GAME.decide(g.state, "p1", m.Convert(built), random.Random(0)) == GAME.decide(
            g.state, "p1", m.Convert(what), random.Random(0))
    give(g, "p1", plants=7, heat=8)  # short of plants, not of heat: the check is the plants'
    for cmd in (m.Convert("plants"), m.Convert("".join(list("plants")))):
        with pytest.raises(IllegalCommand, match="a greenery takes 8 plants; you have 7"):
            GAME.decide(g.state, "p1", cmd, random.Random(0))
    kind = "".join(list("power"))
    assert GAME.decide(g.state, "p1", m.Project(kind), random.Random(0)) == GAME.decide(
        g.state, "p1", m.Project("power"), random.Random(0))


def test_the_value_of_a_state_is_the_same_for_a_name_built_at_run_time():
    local = LocalGame(GAME, ["ann", "bob"], seed=2)
    for _ in range(30):
        player = local.to_act()[0]
        local.play(player, GAME.legal(local.state, player)[0])
    for name in ("ann", "bob"):
        built = "".join(list(name))
        assert GAME.evaluate(local.state, built) == GAME.evaluate(local.state, name)


def test_the_line_of_what_a_seat_is_asked_is_the_same_for_a_name_built_at_run_time():
    s = State(("ann", "bob"), {})
    s.pending = [("ann", "place", "ocean", "ocean", "")]
    built = "".join(list("ann"))
    assert built == "ann" and built is not "ann"  # noqa: F632 - the point is another object
    assert asks(s, built) == asks(s, "ann") == "place an ocean"
