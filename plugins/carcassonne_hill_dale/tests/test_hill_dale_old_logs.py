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


def test_an_event_without_a_player_names_its_seat_counted_from_one() -> None:
    from meeple_carcassonne_hill_dale.game import _who

    class Seated:
        def __init__(self, seat: int) -> None:
            self.seat = seat

    for seat in range(5):
        assert _who(Seated(seat)) == f"seat {seat + 1}"

    class Named(Seated):
        player = "ann"

    assert _who(Named(3)) == "ann"


def test_a_scoring_line_without_names_counts_seats_from_one() -> None:
    from meeple_carcassonne_hill_dale.events import Scored
    from meeple_carcassonne_hill_dale.game import _describe_scored

    line = _describe_scored(Scored("path", 0, 0, 1, 4, ((0, 4), (2, 4))))
    assert "seat 1 +4" in line and "seat 3 +4" in line and "seat 0" not in line
