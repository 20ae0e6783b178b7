"""Terra Mystica: one seeded four-player game of the given agents, printed row by row with
the acting faction's state after the row (VP, coins, workers, priests, power bowls,
buildings, cult tracks), then the round scoring tiles and the final VP and buildings.
For reading whole games of the agent: what it builds, when it passes, what it leaves
unspent.

    .venv/bin/python -m meeple_terra_mystica.tools.read_game 5
    .venv/bin/python -m meeple_terra_mystica.tools.read_game 5 --players heuristic --set W.next=0.5

(or ``meeple tm-read-game`` with the same arguments)
"""

from __future__ import annotations

import argparse
import sys

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from .selfplay import split_specs
from .weights import parse_weights, weighted


def summary(f: dict) -> str:
    """A faction's state in one column-friendly string."""
    cults = "/".join(str(f[c]) for c in ("FIRE", "WATER", "EARTH", "AIR"))
    blds = " ".join(f"{b}{f[b]}" for b in ("D", "TP", "TE", "SH", "SA"))
    return (f"VP{f['VP']} C{f['C']} W{f['W']} P{f['P']} PW{f['P1']}/{f['P2']}/{f['P3']} "
            f"{blds} cults {cults}")


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--players", default="heuristic")
    ap.add_argument("--set", default="", metavar="TABLE.name=value,...")
    a = ap.parse_args(argv)
    game = weighted(parse_weights(a.set, "--set"))
    players = ["p1", "p2", "p3", "p4"]
    # The same agent seeds as ai_strength's, so that a game read here is that game.
    agents = {p: make_agent(s, a.seed * 10 + i)
              for i, (p, s) in enumerate(zip(players, split_specs(a.players), strict=True))}
    lg = LocalGame(game, players, {}, seed=a.seed)
    while lg.outcome() is None:
        p = lg.to_act()[0]
        cmd = agents[p].act(game, game.view(lg.state, p), p)
        row = game.format(cmd, lg.state)
        rnd = lg.state.round
        lg.play(p, cmd)
        g = lg.state
        name = g.faction_of.get(p)
        state = summary(g.fac[name]) if name in g.fac else ""
        print(f"r{rnd} {name or p:14s} {row:48s} {state}")
    g = lg.state
    print("round scoring tiles:", " ".join(g.score_tiles))
    for name, f in g.fac.items():
        print(f"{name}: {f['VP']} VP, {len(f['locations'])} buildings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
