"""Logs written before the events recorded their results still load, fold and verify
with the results they recorded; what they lack is derived when they are read
(``upcast_in_context``), never in fold.

data/old_logs/ is a JSON Lines store written by the code before the events recorded the
pass and phase after a welcome, the bag after a draw and who falls behind (``utopia-v1``,
version 1 of those events), and the same game with the fields its oldest logs lacked left
out as well (``utopia-v0``: no next seat, first welcomer, standing discard, reshuffle, game
end or wonder owner's bonus), each with the status cache that code wrote."""

import json
import random
from pathlib import Path

import attrs
import orjson
import pytest
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.testing import old_store
from meeple_utopia import Utopia
from meeple_utopia.game import OLD_FORMAT
from meeple_utopia.upcast import unrecorded

GAME = Utopia()
OLD = Path(__file__).parent / "data" / "old_logs"
# Fields the events gained since the first logs, left out as those logs did.
NEW = {"player", "players", "next_seat", "first", "must_discard", "reshuffled", "over",
       "districts", "round", "wonder_owner", "bonus", "wonder_player", "points", "pass_no",
       "phase", "behind", "bag"}


def test_old_form_log_upcast_in_context_folds_to_the_same_state():
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
            ev = codec.decode(t, v, old)
            if state is not None:
                ev = GAME.upcast_in_context(state, ev)
            assert not unrecorded(ev), ev
            state = GAME.fold(state, ev)
        assert state == g.state


@pytest.fixture
def engine(tmp_path):
    with old_store(OLD, tmp_path) as eng:
        yield eng


@pytest.mark.parametrize("game_id", ["utopia-v1", "utopia-v0"])
def test_a_stored_old_log_keeps_its_result_and_verifies(engine, game_id):
    cached = json.loads((OLD / f".{game_id}.status.json").read_text())["outcome"]["scores"]
    status = engine.derived_status(game_id)
    assert status["status"] == "finished" and status["outcome"]["scores"] == cached
    assert cached == {"ann": 20, "bob": 54}
    report = engine.verify(game_id)
    assert report.ok, report.problem
    assert report.upcast.startswith(f"stored in format {OLD_FORMAT}, upcast:")


def test_a_stored_old_log_reaches_fold_complete(engine):
    t = engine.table("utopia-v0")
    assert all(not unrecorded(ev) for _, ev in t.pairs)
    log = engine.log("utopia-v0")
    assert sum(c.get("vp", 0) for ln in log for p, c in ln.changes.items() if p == "bob") == 54


@pytest.mark.parametrize(("points", "over"), [((5, 0), True), ((4, 0), False), ((0, 9), True)])
def test_an_old_logs_scoring_ends_the_game_when_someone_reaches_the_goal(points, over):
    """A scoring stored before the game's end was recorded: upcast in context, it ends
    the game exactly when someone reached the goal."""
    from meeple_utopia.events import UNRECORDED, RoundScored
    from meeple_utopia.state import OVER, SCORING, WELCOME

    local = LocalGame(GAME, ["ann", "bob"], {"goal": 10}, seed=1)
    state = GAME.clone(local.state)
    state.phase, state.scores, state.order = SCORING, [5, 1], [0, 1]
    ev = RoundScored(points)  # as an old log stored it: no "over"
    assert ev.over == UNRECORDED
    after = GAME.fold(state, GAME.upcast_in_context(state, ev))
    assert (after.phase == OVER) is over and (after.phase == WELCOME) is not over
