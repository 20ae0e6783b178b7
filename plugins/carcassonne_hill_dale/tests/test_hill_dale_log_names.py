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


def test_only_an_event_that_knows_a_player_by_seat_alone_is_named_from_the_state():
    from meeple_carcassonne_hill_dale.events import (
        ChipTaken,
        FinalScored,
        Placed,
        Scored,
        StackReshuffled,
    )

    state = LocalGame(GAME, ["ann", "bob", "cy"], seed=1).state
    cases = [
        (Scored("path", 0, 0, 1, 3, ((2, 3), (0, 3))), True),
        (Scored("path", 0, 0, 1, 3, ()), False),  # nobody scored: no name to give
        (Scored("path", 0, 0, 1, 3, ((2, 3),), names=("cy",)), False),
        (FinalScored(((0, 1, 0, 0, 0), (1, 0, 0, 0, 0), (2, 0, 0, 0, 0))), True),
        (FinalScored(()), False),
        (FinalScored(((0, 1, 0, 0, 0),), ("ann",)), False),
        (ChipTaken(1, 0), True),
        (ChipTaken(1, 0, "bob"), False),
        (Placed(2, 1, 0, 0, "curve"), True),
        (StackReshuffled(("curve",)), False),
    ]
    for ev, old in cases:
        assert GAME.upcasts_in_context(ev) is old, ev
    assert GAME.upcast_in_context(state, cases[0][0]).names == ("cy", "ann")
    assert GAME.upcast_in_context(state, cases[3][0]).players == ("ann", "bob", "cy")
    assert GAME.upcast_in_context(state, cases[6][0]) == ChipTaken(1, 0, "bob")
    assert GAME.upcast_in_context(state, cases[8][0]) == Placed(2, 1, 0, 0, "curve", "cy")
    assert GAME.upcast_in_context(state, cases[2][0]) is cases[2][0]
