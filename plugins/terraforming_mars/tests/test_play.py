"""Greedy one-ply play by ``evaluate`` (what the heuristic agent does) terraforms Mars
in a human-like number of generations."""

from __future__ import annotations

import random
import statistics

from meeple.core import LocalGame

from .helpers import GAME


def greedy_game(seed: int) -> LocalGame:
    rng = random.Random(seed)
    g = LocalGame(GAME, ["a", "b"], seed=seed)
    for _ in range(3000):
        if g.outcome() is not None:
            break
        p = g.to_act()[0]
        state = GAME.determinize(GAME.view(g.state, p), p, rng)
        best, value = None, float("-inf")
        for cmd in GAME.legal(state, p):
            v = GAME.evaluate(GAME.step(GAME.clone(state), p, cmd, rng), p)
            if v > value:
                best, value = cmd, v
        g.play(p, best)
    return g


def test_greedy_two_player_games_end_in_10_to_16_generations() -> None:
    gens = []
    for seed in range(4):
        g = greedy_game(seed)
        out = g.outcome()
        assert out is not None, f"seed {seed} did not finish"
        gens.append(g.state.generation)
        assert max(out.scores.values()) > 50
    assert 10 <= statistics.median(gens) <= 16, gens
    assert all(8 <= n <= 18 for n in gens), gens
