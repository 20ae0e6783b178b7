"""The heuristic's value at the end of a game, where nothing is left to estimate: each
player's estimate is its final score, and the evaluation orders the players by their lead
over the opponents: the best opponent blended with the opponents' mean by the weight
``rival`` (docs/ai.md: the difference through tanh), zero on a tie. The
weights themselves are measured by play strength (scripts/tm_ai_strength.py), not here."""

from __future__ import annotations

import math
import random

import pytest
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.ai import W

GAME = TerraMystica()


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3)])
def test_a_finished_game_is_valued_by_each_players_lead_over_the_opponents(n, seed):
    lg = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    lg.play_randomly(random.Random(seed))
    g = lg.state
    assert g.finished
    lead = {}
    for p in GAME.default_players(n):
        name = g.faction_of[p]
        others = [g.fac[o]["VP"] for o in g.fac if o != name]
        rival = W["rival"] * max(others) + (1 - W["rival"]) * sum(others) / len(others)
        lead[p] = g.fac[name]["VP"] - rival
    value = {p: GAME.evaluate(g, p) for p in lead}
    for p in lead:
        assert -1 < value[p] < 1
        assert value[p] == pytest.approx(math.tanh(lead[p] / 60.0))
        for q in lead:
            assert (value[p] > value[q]) == (lead[p] > lead[q]), (p, q)
    assert GAME.evaluate(g, "nobody") == 0.0
