"""One short, seeded strength check per board game (the 50-game figures
are in docs/ai.md, not in the test run): ISMCTS with a small budget beats random."""

from __future__ import annotations

from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple.core.plugins import load


def match(game_name: str, spec: str, options: dict,
          seeds: range) -> list[tuple[float, float, bool]]:
    """(ismcts score, random score, whether ISMCTS won) per game; ISMCTS takes the first
    seat in even games. Won, not more points: a tie on points goes by the game's own
    tiebreak (Utopia's: who reached the score first)."""
    game = load().game(game_name)
    results = []
    for seed in seeds:
        seats = ["p1", "p2"] if seed % 2 == 0 else ["p2", "p1"]
        me, other = seats
        agents = {me: make_agent(spec, seed), other: make_agent("random", 100 + seed)}
        local = LocalGame(game, ["p1", "p2"], options, seed)
        while local.outcome() is None:
            p = local.to_act()[0]
            local.play(p, agents[p].act(game, game.view(local.state, p), p))
        out = local.outcome()
        results.append((out.scores[me], out.scores[other], list(out.winners) == [me]))
    return results


def test_ismcts_with_prior_beats_random_in_short_carcassonne_games():
    results = match("carcassonne-hill-dale",
                    "ismcts:sims=20,pw=0.5,prior=10,c=0.3,rollout=heuristic,depth=1,eps=0",
                    {"tiles": 10}, range(3))
    assert all(won for _, _, won in results), results


def test_ismcts_beats_random_at_utopia():
    results = match("utopia", "ismcts:sims=20,depth=10", {"goal": 15}, range(3))
    assert all(won for _, _, won in results), results
