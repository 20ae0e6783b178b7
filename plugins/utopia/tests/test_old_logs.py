"""A log written before the events recorded their results (no names, no next seat, no
standing discard, no game end, no wonder payment: every such field left out, so it
takes its default) still reads and folds to the same game: fold derives what is missing
as the old fold did."""

import random

import attrs
import orjson
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple_utopia import Utopia

GAME = Utopia()
# Fields the events gained since the first format, with the value an old log implies.
NEW = {"player", "players", "next_seat", "first", "must_discard", "reshuffled", "over",
       "districts", "round", "wonder_owner", "bonus", "wonder_player", "points"}


def test_old_form_log_folds_to_the_same_state():
    codec = Codec(GAME)
    for seed in range(4):
        g = LocalGame(GAME, GAME.default_players(2 + seed % 3), {"goal": 20}, seed=seed)
        g.play_randomly(random.Random(seed))
        state = None
        for ev in g.events:
            t, v, data = codec.encode(ev)
            optional = {f.name for f in attrs.fields(type(ev)) if f.default is not attrs.NOTHING}
            old = {k: x for k, x in orjson.loads(data).items()
                   if not (k in NEW and k in optional)}
            state = GAME.fold(state, codec.decode(t, v, old))
        assert state == g.state
