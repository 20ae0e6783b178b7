"""Terraforming Mars AI measurements for docs/ai.md, outside the test run.

    nice -n 15 .venv/bin/python -m meeple_terraforming_mars.tools.ai self --games 20 [--first 21] [--era]
        two-player games of the heuristic agent against itself: generations and the
        winner's score per game, and their medians (--era: with Corporate Era)
    nice -n 15 .venv/bin/python -m meeple_terraforming_mars.tools.ai vs "ismcts:sims=20,..." --games 20
        the agent against the heuristic, seats alternating (the agent is p1 in odd
        games): its wins and its CPU seconds per move
    nice -n 15 .venv/bin/python -m meeple_terraforming_mars.tools.ai old f71650b --games 20
        the heuristic against the heuristic with evaluation.py as it was at a git
        revision (the rest of the plugin as it is now), seats alternating; the package
        must be a git checkout's (an editable install)

Each game is seeded by its number, so a run repeats exactly (search agents with a time
budget excepted: how far they search depends on the machine).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from ..game import TerraformingMars

GAME = TerraformingMars()


def old_game(rev: str) -> TerraformingMars:
    """The game with ``evaluate`` as evaluation.py was at git revision ``rev`` (the rest of
    the package as it is now), to play the heuristic of then against the heuristic of now."""
    # ``REV:./path`` is read relative to git's working directory: the package's folder,
    # wherever the plugin sits in its repository.
    path = "./evaluation.py"
    source = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parents[1]).stdout
    module = types.ModuleType("meeple_terraforming_mars.evaluation_at_" + rev.replace("-", "_"))
    module.__package__ = "meeple_terraforming_mars"
    exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)

    class Old(TerraformingMars):
        def evaluate(self, state: Any, player: str) -> float:
            return module.evaluate(self, state, player)

    return Old()


def play(specs: tuple[str, str], seed: int, timed: str = "p1",
         options: dict[str, Any] | None = None,
         games: dict[str, TerraformingMars] | None = None) -> tuple[Any, float, float, float]:
    """One game; returns the outcome, the mean CPU and wall seconds per move and the most
    CPU seconds of one move of ``timed`` (the seat whose agent is measured). ``games``: the game object an agent
    thinks with, per seat (the same rules; only ``evaluate`` may differ)."""
    agents = {p: make_agent(spec, seed * 7 + i) for i, (p, spec) in enumerate(zip(("p1", "p2"), specs, strict=True))}
    g = LocalGame(GAME, ["p1", "p2"], options or {}, seed=seed)
    moves, cpu, wall, most = 0, 0.0, 0.0, 0.0
    while g.outcome() is None:
        p = g.to_act()[0]
        c0, w0 = time.process_time(), time.perf_counter()
        command = agents[p].act((games or {}).get(p, GAME), GAME.view(g.state, p), p)
        if p == timed:
            moves += 1
            used = time.process_time() - c0
            cpu += used
            most = max(most, used)
            wall += time.perf_counter() - w0
        g.play(p, command)
    return g.outcome(), cpu / max(moves, 1), wall / max(moves, 1), most


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("self", "vs", "old"))
    ap.add_argument("agent", nargs="?", default="heuristic",
                    help="vs: the agent spec; old: the git revision of the old evaluate")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=1, help="seed of the first game")
    ap.add_argument("--era", action="store_true", help="with the Corporate Era cards")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    options = {"corporate_era": True} if a.era else {}
    gens, best, wins, per_move = [], [], 0.0, []
    spm = slowest = 0.0
    try:
        old = old_game(a.agent) if a.mode == "old" else None
    except (OSError, subprocess.CalledProcessError):
        ap.error(f"old: no evaluation.py at git revision {a.agent!r} beside {Path(__file__).parent.parent}"
                 " (a git checkout of the plugin and a revision of it are needed)")
    for k in range(a.first, a.first + a.games):
        if a.mode == "self":
            out, _, _, _ = play(("heuristic", "heuristic"), k, options=options)
            gens.append(out.detail["generations"])
            best.append(max(out.scores.values()))
            print(f"game {k}: {out.detail['generations']} generations, scores {dict(out.scores)}",
                  flush=True)
        else:
            me = "p1" if k % 2 else "p2"
            if old is not None:  # the current heuristic as ``me``, the old one opposite
                seats = ("heuristic", "heuristic")
                games = {"p2" if me == "p1" else "p1": old}
            else:
                seats = (a.agent, "heuristic") if k % 2 else ("heuristic", a.agent)
                games = None
            out, spm, wall, most = play(seats, k, me, options, games)
            slowest = max(slowest, most)
            score = 1.0 if out.ranks[me] == 1 and len(out.winners) == 1 else (
                0.5 if out.ranks[me] == 1 else 0.0)
            wins += score
            per_move.append(spm)
            print(f"game {k}: {'heuristic' if old else a.agent} as {me}: {score:g} (scores {dict(out.scores)}, "
                  f"{out.detail['generations']} generations, {spm:.3f} s CPU and {wall:.3f} s wall "
                  f"per move of its own, {most:.2f} s CPU at most)", flush=True)
    if a.mode == "self":
        print(f"median generations {statistics.median(gens)}, median winner {statistics.median(best)}"
              f" over {a.games} games")
    else:
        who, other = (("the heuristic", f"the heuristic of {a.agent}") if old is not None
                      else (a.agent, "heuristic"))
        print(f"{who} scored {wins:g} of {a.games} against {other} "
              f"({100 * wins / a.games:.0f}%), median {statistics.median(per_move):.3f} s CPU per "
              f"move of its own, {slowest:.2f} s CPU for its slowest move")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
