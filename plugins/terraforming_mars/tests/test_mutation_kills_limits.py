"""The global parameters' tops and the record of what an event did.

A standard project, a conversion or a card action whose only point is a parameter at its
top is refused (and not offered) at the top and allowed one step below it. And the delta
each event records holds only what changed, exactly: parameter steps that moved, tiles
placed, counters that changed; its log line tells the same (no
"temperature +0 C"). Written after the mutation runs of docs/testing.md."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.state import MAX_OCEANS, MAX_TEMP_STEP

from .helpers import action_game, give

GAME = TerraformingMars()


@pytest.mark.parametrize(("cmd", "attr", "top", "why"), [
    (m.Project("asteroid"), "temp", MAX_TEMP_STEP, "the temperature is already at its maximum"),
    (m.Project("aquifer"), "oceans", MAX_OCEANS, "all 9 oceans are on the board"),
    (m.Convert("heat"), "temp", MAX_TEMP_STEP, "the temperature is already at its maximum"),
])
def test_a_parameter_at_its_top_refuses_what_only_raises_it(cmd, attr, top, why):
    g = action_game()
    give(g, "p1", mc=50, heat=8)
    s = g.state
    setattr(s, attr, top - 1)
    assert cmd in GAME.legal(s, "p1")
    GAME.decide(s, "p1", cmd, random.Random(0))
    setattr(s, attr, top)
    before = GAME.clone(s)
    assert cmd not in GAME.legal(s, "p1")
    with pytest.raises(IllegalCommand, match=why):
        GAME.decide(s, "p1", cmd, random.Random(0))
    assert s == before


def _games() -> list[LocalGame]:
    out = []
    for n, seed, opts in ((2, 3, {}), (3, 4, {"corporate_era": True}), (1, 5, {})):
        local = LocalGame(GAME, GAME.default_players(n), opts, seed=seed)
        local.play_randomly(random.Random(seed))
        out.append(local)
    return out


GAMES = _games()


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_each_delta_records_exactly_what_changed(index):
    state, moved = None, 0
    for ev in GAMES[index].events:
        before = GAME.clone(state) if state is not None else None
        state = GAME.fold(state, ev)  # fold applies in place
        d = getattr(ev, "delta", None)
        if d is None or before is None:
            continue
        for k, v in d.steps:
            assert v != 0 and getattr(state, k) - getattr(before, k) == v, (ev, k)
            moved += 1
        for k in ("temp", "oxygen", "oceans"):
            if getattr(state, k) != getattr(before, k):
                assert k in dict(d.steps)
        assert {sp: (t, o) for sp, t, o in d.tiles} == {
            sp: t for sp, t in state.tiles.items() if before.tiles.get(sp) != t}
        for _n, key, v in d.counts:
            # a card's resource entry appears at 0 when the card is played: recorded
            assert v != 0 or key.startswith("card:"), (ev, key)
        line = GAME.describe_event(ev)
        assert "+0" not in line and "-0" not in line, line
    assert moved > 10
