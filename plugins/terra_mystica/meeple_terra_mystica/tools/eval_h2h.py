"""Terra Mystica: the heuristic agent with today's evaluate against the same agent with
some of evaluate's weights set back (e.g. to an older commit's), two seats each, seats
swapping game by game. Reports wins (a shared first place counts 1/k) and mean VP.

    nice .venv/bin/python -m meeple_terra_mystica.tools.eval_h2h --games 40 \\
        --old EARLY.P=1.2,INCOME.P=1.1,W.favor=0,W.dig=2.5,W.priest_use=0

The weights are tables of meeple_terra_mystica.ai's ``Weights`` (EARLY, LATE, INCOME,
EXTRA, W, PLAYED); the older agent decides with a game object of its own that holds the
older weights (``weights.weighted``), so nothing shared is changed.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from ..game import TerraMystica
from .weights import WithWeights, parse_weights

GAME = TerraMystica()


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--old", required=True, help="TABLE.name=value,... for the older agent")
    a = ap.parse_args(argv)
    old = parse_weights(a.old)
    wins = {"new": 0.0, "old": 0.0}
    vps: dict[str, list[int]] = {"new": [], "old": []}
    for seed in range(a.first_seed, a.first_seed + a.games):
        players = GAME.default_players(4)
        kinds = ["new", "old", "new", "old"] if seed % 2 else ["old", "new", "old", "new"]
        agents = {}
        for i, p in enumerate(players):
            agent = make_agent("heuristic", seed * 10 + i)
            agents[p] = agent if kinds[i] == "new" else WithWeights(agent, old)
        lg = LocalGame(GAME, players, {}, seed=seed)
        while lg.outcome() is None:
            p = lg.to_act()[0]
            lg.play(p, agents[p].act(GAME, GAME.view(lg.state, p), p))
        g = lg.state
        vp = {g.player_of[n]: f["VP"] for n, f in g.fac.items()}
        top = [p for p, v in vp.items() if v == max(vp.values())]
        for p in top:
            wins[kinds[players.index(p)]] += 1 / len(top)
        for i, p in enumerate(players):
            vps[kinds[i]].append(vp[p])
        print(f"seed {seed}: " + ", ".join(f"{p} {kinds[i]} {g.faction_of[p]} {vp[p]}"
                                           for i, p in enumerate(players)), flush=True)
    print(f"{a.games} games: new won {wins['new']:g}, old {wins['old']:g}; mean VP new "
          f"{statistics.mean(vps['new']):.1f}, old {statistics.mean(vps['old']):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
