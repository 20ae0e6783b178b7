"""A log written before the events carried names reads with every player named: the
names are derived from the seats when the log is read, and its lines never show a seat
number."""

import random
import re

import attrs
import orjson
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple_carcassonne_hill_dale import HillDale

GAME = HillDale()
NAMES = {"player", "players", "names"}
SEAT = re.compile(r"\bseat\b")


def test_an_old_log_read_in_context_names_every_player_and_folds_the_same():
    codec = Codec(GAME)
    for seed in range(3):
        g = LocalGame(GAME, GAME.default_players(2 + seed), {"tiles": 40}, seed=seed)
        g.play_randomly(random.Random(seed))
        state = None
        named = 0
        for ev in g.events:
            t, v, data = codec.encode(ev)
            optional = {f.name for f in attrs.fields(type(ev)) if f.default is not attrs.NOTHING}
            old = codec.decode(t, v, {k: x for k, x in orjson.loads(data).items()
                                      if not (k in NAMES and k in optional)})
            if state is not None and GAME.upcasts_in_context(old):
                old = GAME.upcast_in_context(state, old)
                named += 1
            assert old == ev
            assert not SEAT.search(GAME.describe_event(old)), GAME.describe_event(old)
            state = GAME.fold(state, old)
        assert named > len(g.events) // 2 and state == g.state


def test_todays_events_need_no_naming():
    g = LocalGame(GAME, GAME.default_players(3), {"tiles": 30}, seed=4)
    g.play_randomly(random.Random(4))
    assert not [ev for ev in g.events if GAME.upcasts_in_context(ev)]
