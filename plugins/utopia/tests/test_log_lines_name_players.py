"""Every log line names players by name, never by seat number: a special guest's line
names who receives the privilege token, in live games and in stored logs of the older
event format (derived there from the players' seats when the log is read)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import orjson
import pytest
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.testing import old_store
from meeple_utopia import Utopia
from meeple_utopia.events import Special, SpecialGuestDrawn

GAME = Utopia()
OLD = Path(__file__).parent / "data" / "old_logs"
SEAT = re.compile(r"\bseat\b")


def _special_game(seed: int) -> LocalGame:
    """A game where every player asks for a special guest whenever they may."""
    g = LocalGame(GAME, GAME.default_players(3), {"goal": 20}, seed=seed)
    rng = random.Random(seed)
    while g.outcome() is None:
        p = g.to_act()[0]
        legal = GAME.legal(g.state, p)
        special = [c for c in legal if type(c) is Special]
        g.play(p, rng.choice(special or legal))
    return g


def test_a_special_guest_line_names_the_player_who_receives_the_token():
    g = _special_game(3)
    drawn = [ev for ev in g.events if type(ev) is SpecialGuestDrawn]
    assert drawn
    for ev in drawn:
        assert ev.to_player == g.state.players[ev.to] != ev.player
        line = GAME.describe_event(ev)
        assert line.startswith(f"{ev.player} hands {ev.to_player} a privilege token and "
                               "draws a special guest: "), line
    assert not [line for ev in g.events if SEAT.search(line := GAME.describe_event(ev))]


def test_the_special_guest_drawn_is_seen_by_every_player_and_spectator_alike():
    """Who draws which special guest is public (the bag is public): no view hides it."""
    g = _special_game(4)
    ev = next(ev for ev in g.events if type(ev) is SpecialGuestDrawn)
    for who in (*g.state.players, None):
        assert GAME.redact(ev, who) == ev


@pytest.fixture
def engine(tmp_path):
    with old_store(OLD, tmp_path) as eng:
        yield eng


@pytest.mark.parametrize("game_id", ["utopia-v1", "utopia-v0"])
def test_a_stored_log_of_the_seat_numbered_format_names_the_receiver(engine, game_id):
    """The fixture stores ``special-guest-drawn`` version 1 (the receiver as a seat only)."""
    stored = [r for r in engine.store.load(game_id) if r.type == "utopia.special-guest-drawn"]
    assert stored and all(r.version == 1 and "to_player" not in orjson.loads(r.data)
                          for r in stored)
    for viewer in ("ann", "bob", None):
        lines = [ln.text for ln in engine.log(game_id, viewer)
                 if ln.type == "utopia.special-guest-drawn"]
        assert lines[0] == ("ann hands bob a privilege token and draws a special guest: "
                            "egyptian of the earth island")
        assert lines[2].startswith("bob hands ann a privilege token")
        assert not [t for ln in engine.log(game_id, viewer) if SEAT.search(t := ln.text)]


def test_a_log_written_before_the_events_carried_names_names_every_player():
    """Events stored without any player name read as today's, names derived from seats."""
    codec = Codec(GAME)
    g = _special_game(5)
    names = {"player", "players", "to_player", "wonder_player"}
    state = None
    for ev in g.events:
        t, v, data = codec.encode(ev)
        optional = {f.name for f in attrs.fields(type(ev)) if f.default is not attrs.NOTHING}
        old = codec.decode(t, v, {k: x for k, x in orjson.loads(data).items()
                                  if not (k in names and k in optional)})
        if state is not None:
            old = GAME.upcast_in_context(state, old)
        assert old == ev
        assert not SEAT.search(GAME.describe_event(old))
        state = GAME.fold(state, old)
    assert state == g.state
