"""The estimates memo (meeple_terra_mystica.estimate_memo): evaluate gives the same value
with it as without, however the map, the weights or the factions change, and it does save
work."""

from __future__ import annotations

import pickle
import random

import pytest
from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import ai as A
from meeple_terra_mystica import board as B
from meeple_terra_mystica.estimate_memo import EstimateMemo

GAME = TerraMystica()


def _positions(seed: int, every: int):
    """(state, player) at every ``every``-th decision of a seeded heuristic game."""
    players = GAME.default_players(4)
    agents = {p: make_agent("heuristic", seed * 10 + i) for i, p in enumerate(players)}
    lg = LocalGame(GAME, players, {}, seed=seed)
    n = 0
    while lg.outcome() is None:
        p = lg.to_act()[0]
        if n % every == 0:
            yield lg.state, p
        lg.play(p, agents[p].act(GAME, GAME.view(lg.state, p), p))
        n += 1


def _mid_game(seed: int = 2):
    """A round-3 position with every faction on the board."""
    return next((g, p) for g, p in _positions(seed, 1) if g.round == 3 and g.phase == "play")


def test_every_candidate_of_a_game_evaluates_the_same_with_the_memo_as_without():
    memo = EstimateMemo()
    rng = random.Random(0)
    compared = 0
    for g, p in _positions(5, 7):
        for move in GAME.legal(g, p):
            child = GAME.step(GAME.clone(g), p, move, rng)
            assert A.evaluate(child, p, memo) == A.evaluate(child, p), GAME.format(move, g)
            compared += 1
    assert compared > 300
    # It is worth having: most opponents' estimates are served, not worked out again.
    assert memo.hits > memo.misses / 2


def test_a_building_next_to_a_faction_is_not_answered_from_the_memo():
    g, p = _mid_game()
    memo = EstimateMemo()
    before = A.evaluate(g, p, memo)
    me = g.faction_of[p]
    changed = 0
    for name, f in g.fac.items():
        if name == me:
            continue
        for h in sorted(set().union(*[g.adj[x] for x in f["locations"]])):
            if g.hbld[h] or B.IS_RIVER[h]:
                continue
            other = GAME.clone(g)
            other.hbld[h] = "D"  # a rival's dwelling next to this faction
            fresh = A.evaluate(other, p)
            assert A.evaluate(other, p, memo) == fresh
            changed += fresh != before
    assert changed > 0  # some of those hexes were the room a faction had to grow


def test_other_weights_are_not_answered_from_the_memo():
    g, p = _mid_game()
    memo = EstimateMemo()
    before = A.evaluate(g, p, memo)
    other = A.DEFAULT.changed({("W", "building"): A.W["building"] + 2.0})
    after = A.evaluate(g, p, memo, other)
    assert after == A.evaluate(g, p, None, other)
    assert after != before


def test_the_memo_stays_small_and_a_pickled_evaluator_leaves_it_behind():
    memo = EstimateMemo(limit=3)
    for g, p in _positions(3, 5):
        A.evaluate(g, p, memo)
        assert len(memo._entries) <= 3
    game = TerraMystica()
    g, p = _mid_game()
    evaluator = game.evaluator()
    evaluator(g, p)
    assert evaluator.memo.misses > 0
    copy = pickle.loads(pickle.dumps(evaluator))
    assert copy.memo._entries == {} and copy.memo._pure == {}
    assert copy(g, p) == evaluator(g, p) == game.evaluate(g, p)


def test_each_agent_gets_its_own_memo_and_the_game_object_keeps_none():
    game = TerraMystica()
    a, b = game.evaluator(), game.evaluator()
    assert a.memo is not b.memo and a.weights is b.weights is game.weights
    g, p = _mid_game()
    a(g, p)
    assert a.memo._entries and not b.memo._entries
    assert set(vars(game)) == {"weights"}


@pytest.mark.parametrize("limit", [1, 64])
def test_a_whole_game_of_heuristic_agents_is_the_same_game_with_or_without_the_memo(limit,
                                                                                   monkeypatch):
    def play(evaluate):
        game = TerraMystica()
        monkeypatch.setattr(game, "evaluator", lambda: evaluate)
        players = game.default_players(4)
        agents = {q: make_agent("heuristic", 40 + i) for i, q in enumerate(players)}
        lg = LocalGame(game, players, {}, seed=4)
        rows = []
        while lg.outcome() is None:
            q = lg.to_act()[0]
            cmd = agents[q].act(game, game.view(lg.state, q), q)
            rows.append(game.format(cmd, lg.state))
            lg.play(q, cmd)
        return rows, {n: f["VP"] for n, f in lg.state.fac.items()}

    memo = EstimateMemo(limit=limit)
    assert play(lambda s, q: A.evaluate(s, q, memo)) == play(A.evaluate)
