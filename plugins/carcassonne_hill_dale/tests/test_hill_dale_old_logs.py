"""A log written before the events carried names (and the sharing rule) still reads and
folds to the same game; its bare events describe their players by seat (a log being read
names them: test_hill_dale_log_names.py)."""

import random

import attrs
import orjson
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple_carcassonne_hill_dale import HillDale

GAME = HillDale()
NEW = {"player", "players", "names", "present", "sharing"}


def test_old_form_log_folds_to_the_same_state_and_still_describes():
    codec = Codec(GAME)
    for seed in range(3):
        g = LocalGame(GAME, GAME.default_players(2 + seed), {"tiles": 40}, seed=seed)
        g.play_randomly(random.Random(seed))
        state = None
        for ev in g.events:
            t, v, data = codec.encode(ev)
            optional = {f.name for f in attrs.fields(type(ev)) if f.default is not attrs.NOTHING}
            old = codec.decode(t, v, {k: x for k, x in orjson.loads(data).items()
                                      if not (k in NEW and k in optional)})
            assert "seat " in GAME.describe_event(old) or t.endswith("started")
            state = GAME.fold(state, old)
        assert state == g.state
