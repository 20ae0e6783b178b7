"""Terraforming Mars AI measurements for docs/ai.md (issue 14.3), outside the test run.

    nice -n 15 .venv/bin/python scripts/tfm_ai.py self --games 20 [--first 21] [--era]
        two-player games of the heuristic agent against itself: generations and the
        winner's score per game, and their medians (--era: with Corporate Era)
    nice -n 15 .venv/bin/python scripts/tfm_ai.py vs "ismcts:sims=20,..." --games 20
        the agent against the heuristic, seats alternating (the agent is p1 in odd
        games): its wins and its CPU seconds per move

Each game is seeded by its number, so a run repeats exactly (search agents with a time
budget excepted: how far they search depends on the machine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_terraforming_mars import TerraformingMars

GAME = TerraformingMars()


def play(specs: tuple[str, str], seed: int, timed: str = "p1",
         options: dict[str, Any] | None = None) -> tuple[Any, float, float]:
    """One game; returns the outcome and the mean CPU and wall seconds per move of
    ``timed`` (the seat whose agent is measured)."""
    agents = {p: make_agent(spec, seed * 7 + i) for i, (p, spec) in enumerate(zip(("p1", "p2"), specs, strict=True))}
    g = LocalGame(GAME, ["p1", "p2"], options or {}, seed=seed)
    moves, cpu, wall = 0, 0.0, 0.0
    while g.outcome() is None:
        p = g.to_act()[0]
        c0, w0 = time.process_time(), time.perf_counter()
        command = agents[p].act(GAME, GAME.view(g.state, p), p)
        if p == timed:
            moves += 1
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
        g.play(p, command)
    return g.outcome(), cpu / max(moves, 1), wall / max(moves, 1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=("self", "vs"))
    ap.add_argument("agent", nargs="?", default="heuristic")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=1, help="seed of the first game")
    ap.add_argument("--era", action="store_true", help="with the Corporate Era cards")
    a = ap.parse_args()
    options = {"corporate_era": True} if a.era else {}
    gens, best, wins, per_move = [], [], 0.0, []
    spm = 0.0
    for k in range(a.first, a.first + a.games):
        if a.mode == "self":
            out, _, _ = play(("heuristic", "heuristic"), k, options=options)
            gens.append(out.detail["generations"])
            best.append(max(out.scores.values()))
            print(f"game {k}: {out.detail['generations']} generations, scores {dict(out.scores)}",
                  flush=True)
        else:
            seats = (a.agent, "heuristic") if k % 2 else ("heuristic", a.agent)
            me = "p1" if k % 2 else "p2"
            out, spm, wall = play(seats, k, me, options)
            score = 1.0 if out.ranks[me] == 1 and len(out.winners) == 1 else (
                0.5 if out.ranks[me] == 1 else 0.0)
            wins += score
            per_move.append(spm)
            print(f"game {k}: {a.agent} as {me}: {score:g} (scores {dict(out.scores)}, "
                  f"{out.detail['generations']} generations, {spm:.3f} s CPU and {wall:.3f} s wall "
                  "per move of its own)", flush=True)
    if a.mode == "self":
        print(f"median generations {statistics.median(gens)}, median winner {statistics.median(best)}"
              f" over {a.games} games")
    else:
        print(f"{a.agent} scored {wins:g} of {a.games} against heuristic "
              f"({100 * wins / a.games:.0f}%), median {statistics.median(per_move):.3f} s CPU per "
              "move of its own")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
