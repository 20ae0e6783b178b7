"""verify names the first event whose outcome a rules change alters."""

import random
from unittest.mock import patch

import orjson
from meeple.core.engine import Engine
from meeple.core.testing import assert_verify_reports_rules_change
from meeple_carcassonne_hill_dale import scoring
from meeple_carcassonne_hill_dale.game import HillDale

GAME = HillDale()


def _stored_game(tmp_path):
    """A short 2-player game, stored, in which a closed field is scored."""
    eng = Engine(f"sqlite:///{tmp_path / 'hd.sqlite'}")
    for seed in range(40):
        gid = eng.new_game("carcassonne-hill-dale", ["ann", "bob"], {"tiles": 30}, seed=seed,
                           game_id=f"hd{seed}")
        rng = random.Random(seed)
        while eng.outcome(gid) is None:
            (me,) = eng.to_act(gid)
            cmds = GAME.legal(eng.state(gid), me)
            # farmers first, so that fields get claimed and closed
            farm = [c for c in cmds if getattr(c, "what", "") == "farmer"]
            eng.move(gid, GAME.format(rng.choice(farm or cmds)), me)
        if any(r.type == "carcassonne-hill-dale.scored" and orjson.loads(r.data)["feature"] == "field"
               for r in eng.store.load(gid)):
            return eng, gid
    raise AssertionError("no seed gave a closed field")


def test_verify_names_the_field_scoring_a_changed_rule_alters(tmp_path):
    eng, gid = _stored_game(tmp_path)
    records = eng.store.load(gid)
    first_field = next(r for r in records if r.type == "carcassonne-hill-dale.scored"
                       and orjson.loads(r.data)["feature"] == "field")
    data = orjson.loads(first_field.data)
    name, (_, points) = data["names"][0], data["awards"][0]
    tiles = data["tiles"]
    report = assert_verify_reports_rules_change(
        eng, gid, patch.object(scoring, "FIELD_POINTS", 3),
        expect=[f"stored +{points} vp for {name}", f"today's rules give +{3 * tiles} vp"])
    assert report.first_bad_seq == first_field.seq
