"""Terra Mystica: the heuristic agent's CPU time per decision on the same positions in two
checkouts. ``record`` plays seeded heuristic games with this checkout's code and writes
their commands; ``time`` replays them with this checkout's code and times, at every
position of rounds 1-6, one heuristic decision and (``--mcts``) the MCTS search of
benchmarks/bench_terra_mystica.py's heuristic roll-out benchmark at the start of round 4.

    .venv/bin/python -m meeple_terra_mystica.tools.heuristic_speed record /tmp/g.json
    nice -n 15 .venv/bin/python -m meeple_terra_mystica.tools.heuristic_speed time /tmp/g.json
    cd OTHER-CHECKOUT && nice -n 15 .venv/bin/python -m meeple_terra_mystica.tools.heuristic_speed time /tmp/g.json

(each checkout's own .venv imports its own code; alternate them.)
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from ..game import TerraMystica

GAME = TerraMystica()
PLAYERS = ["p1", "p2", "p3", "p4"]
ROLLOUTS = "mcts:sims=20,depth=8,rollout=heuristic,prior=4"


def record(path: str, seeds: list[int]) -> None:
    out = []
    for seed in seeds:
        agents = {p: make_agent("heuristic", seed * 10 + i) for i, p in enumerate(PLAYERS)}
        lg = LocalGame(GAME, PLAYERS, {}, seed=seed)
        moves = []
        while lg.outcome() is None:
            p = lg.to_act()[0]
            cmd = agents[p].act(GAME, GAME.view(lg.state, p), p)
            moves.append((p, GAME.format(cmd, lg.state)))
            lg.play(p, cmd)
        out.append((seed, moves))
    with open(path, "w") as fh:
        json.dump(out, fh)


def timing(path: str, mcts: bool) -> None:
    with open(path) as fh:
        games = json.load(fh)
    spent, n, search = 0.0, 0, 0.0
    for seed, moves in games:
        lg = LocalGame(GAME, PLAYERS, {}, seed=seed)
        agent = make_agent("heuristic", 0)
        searched = not mcts
        for p, text in moves:
            if lg.state.round >= 1:
                t0 = time.process_time()
                agent.act(GAME, GAME.view(lg.state, p), p)
                spent += time.process_time() - t0
                n += 1
            if not searched and lg.state.round >= 4:
                searched = True
                t0 = time.process_time()
                make_agent(ROLLOUTS, 0).act(GAME, GAME.view(lg.state, p), p)
                search += time.process_time() - t0
            lg.play(p, text)
    print(f"{n} decisions, {1000 * spent / max(1, n):.2f} ms CPU per heuristic decision"
          + (f"; MCTS ({len(games)} round-4 searches) {1000 * search:.0f} ms CPU" if mcts else ""))


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["record", "time"])
    ap.add_argument("path")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--mcts", action="store_true")
    a = ap.parse_args(argv)
    if a.what == "record":
        record(a.path, [int(s) for s in a.seeds.split(",")])
    else:
        timing(a.path, a.mcts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
