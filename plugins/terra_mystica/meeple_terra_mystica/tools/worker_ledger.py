"""Where a Terra Mystica faction's workers come from and go, in heuristic self-play: each
faction's workers summed by what its own commands paid them for (by the row's kind, e.g.
``dig+build``, ``upgrade TP``) and what came in otherwise (income at a round's start,
leeches and others' turns), per game. Workers end the agent's rounds (docs/ai.md), so
this is where its buildings are decided.

    nice .venv/bin/python -m meeple_terra_mystica.tools.worker_ledger --games 20
    nice .venv/bin/python -m meeple_terra_mystica.tools.worker_ledger --games 20 --set W.full=0,EARLY.W=0.6,W.dig=26

(the second with all 8 dwellings on the board costing nothing, the older weights)"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from collections.abc import Callable
from typing import Any

from ..game import TerraMystica
from .selfplay import play
from .weights import parse_weights, weighted

GAME = TerraMystica()
INCOME = "income and others' turns"


def kind(row: str) -> str:
    """A row's kind: its parts' first words joined, an action, upgrade or advance with its
    target (``burn+action ACT5+build``, ``convert+upgrade TP``, ``advance dig``)."""
    out = []
    for part in row.split(". "):
        w = part.split()
        out.append(w[0] + (" " + w[-1] if w[0] in ("action", "upgrade", "advance") else ""))
    return "+".join(out)


class Ledger:
    """Workers in and out, per faction, over the games watched."""

    def __init__(self) -> None:
        self.flows: dict[str, collections.Counter] = collections.defaultdict(
            collections.Counter)
        self.games: collections.Counter = collections.Counter()
        self.buildings: dict[str, list[int]] = collections.defaultdict(list)

    def watch(self, g: Any, player: str, cmd: Any) -> Callable[[Any], None] | None:
        """Before ``player`` plays ``cmd`` at ``g``: the function that books, from the
        state after it, every faction's change of workers."""
        if g.round < 1:
            return None
        me = g.faction_of.get(player)
        row = GAME.format(cmd, g)
        mine = INCOME if row.startswith("pass") else kind(row)
        before = {n: f["W"] for n, f in g.fac.items()}
        start_round = g.round

        def after(h: Any) -> None:
            for n, f in h.fac.items():
                own = n == me and h.round == start_round
                self.flows[n][mine if own else INCOME] += f["W"] - before[n]

        return after

    def finish(self, result: dict) -> None:
        for p, n in result["factions"].items():
            self.games[n] += 1
            self.buildings[n].append(result["buildings"][p])


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--set", default="", metavar="TABLE.name=value,...",
                    help="change some of evaluate's weights for this run (all agents)")
    ap.add_argument("--min", type=float, default=0.5,
                    help="leave out kinds that move fewer workers a game than this")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    ledger = Ledger()
    game = weighted(parse_weights(a.set, "--set"))
    for seed in range(a.first_seed, a.first_seed + a.games):
        ledger.finish(play(["heuristic"] * 4, seed, {}, watch=ledger.watch, game=game))
    for n in sorted(ledger.flows):
        games = ledger.games[n]
        print(f"{n} ({games} games, {statistics.mean(ledger.buildings[n]):.2f} buildings "
              "at the end): workers a game")
        for k, w in sorted(ledger.flows[n].items(), key=lambda kv: -kv[1]):
            if abs(w / games) >= a.min:
                print(f"  {w / games:+6.1f}  {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
