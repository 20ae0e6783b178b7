"""verify names the first event whose outcome a rules change alters."""

import random
from unittest.mock import patch

import orjson
from meeple.core.engine import Engine
from meeple.core.testing import assert_verify_reports_rules_change
from meeple_utopia import rules
from meeple_utopia.game import Utopia

GAME = Utopia()


def test_verify_names_the_round_scoring_a_changed_rule_alters(tmp_path):
    eng = Engine(f"sqlite:///{tmp_path / 'u.sqlite'}")
    gid = eng.new_game("utopia", ["ann", "bob"], {"goal": 20}, seed=4, game_id="u")
    rng = random.Random(4)
    while eng.outcome(gid) is None:
        (me,) = eng.to_act(gid)
        cmds = GAME.legal(eng.state(gid), me)
        builds = [c for c in cmds if type(c).__name__ in ("Monument", "Wonder")]
        eng.move(gid, GAME.format(rng.choice(builds or cmds)), me)
    scored = [r for r in eng.store.load(gid) if r.type == "utopia.round-scored"
              and any(orjson.loads(r.data)["points"])]
    assert scored, "the stored game must score some districts"
    first = scored[0]
    points = orjson.loads(first.data)["points"]
    seat = next(s for s, p in enumerate(points) if p)
    name = ("ann", "bob")[seat]
    # the rule changed: a district pays twice its civilization's value
    original = rules.round_points
    doubled = patch.object(rules, "round_points", lambda s: tuple(2 * p for p in original(s)))
    report = assert_verify_reports_rules_change(
        eng, gid, doubled,
        expect=[f"stored +{points[seat]} vp for {name}",
                f"today's rules give +{2 * points[seat]} vp for {name}"])
    assert report.first_bad_seq == first.seq
