"""Terra Mystica AI strength: play four-player games between agents and report, per game,
the winner's VP, buildings per faction at the end and towns founded; and how often a
given seat's agent wins.

    nice .venv/bin/python -m meeple_terra_mystica.tools.ai_strength --games 20 --players heuristic
    nice .venv/bin/python -m meeple_terra_mystica.tools.ai_strength --games 10 \\
        --players mcts:sims=...,heuristic,heuristic,heuristic --rotate

(or ``meeple tm-strength`` with the same arguments). ``--players`` takes one agent for
every seat or four comma-separated ones; ``--rotate`` moves the first agent through the
seats game by game. Seeds are 1..N (reproducible). ``--set TABLE.name=value,...`` plays
with some of evaluate's weights changed (the tables of meeple_terra_mystica.ai: EARLY,
LATE, INCOME, EXTRA, W, PLAYED), for every agent, so that a variant tried is measured by
the same command as the code:

    nice .venv/bin/python -m meeple_terra_mystica.tools.ai_strength --games 20 --players heuristic --set W.next=0.5
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys

from .selfplay import play, share, split_specs
from .weights import parse_weights, weighted


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", default="heuristic")
    ap.add_argument("--rotate", action="store_true")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--seat-offset", type=int, default=0,
                    help="with --rotate: the seat the first agent starts in (0-3)")
    ap.add_argument("--actions", action="store_true",
                    help="also print what the factions did, per game (all four together), "
                    "and what they held when they passed")
    ap.add_argument("--set", default="", metavar="TABLE.name=value,...",
                    help="change some of evaluate's weights for this run (all agents)")
    a = ap.parse_args(argv)
    game = weighted(parse_weights(a.set, "--set"))
    specs = split_specs(a.players)
    rows = []
    for k in range(a.games):
        seed = a.first_seed + k
        j = (k + a.seat_offset) % 4
        s = specs[-j:] + specs[:-j] if a.rotate and j else list(specs)
        r = play(s, seed, {}, game=game)
        rows.append(r)
        first = specs[0]
        seat_first = [p for p, sp in r["spec"].items() if sp == first]
        top = [p for p, v in r["vp"].items() if v == r["winner_vp"]]
        print(f"seed {seed}: winner {r['winner']} ({r['factions'][r['winner']]}, "
              f"{r['spec'][r['winner']]}) {r['winner_vp']} VP; VP {sorted(r['vp'].values())}; "
              f"buildings {sorted(r['buildings'].values())}; towns {r['towns']}; "
              f"cpu/move {max(r['cpu_per_move'][p] for p in seat_first):.2f}s (slowest "
              f"{max(r['cpu_slowest_move'][p] for p in seat_first):.2f}s) for {first}"
              + (f"; first place shared by {', '.join(top)}" if len(top) > 1 else ""),
              flush=True)
    wv = [r["winner_vp"] for r in rows]
    blds = [b for r in rows for b in r["buildings"].values()]
    towns = [r["towns"] for r in rows]
    first = specs[0]
    # A shared first place counts 1/k for each of the k players on it (as tournaments do).
    wins = sum(share(r, first) for r in rows)
    print(f"{len(rows)} games: median winner {statistics.median(wv)} VP (mean "
          f"{statistics.mean(wv):.1f}); median buildings per faction {statistics.median(blds)}; "
          f"towns per game median {statistics.median(towns)} (mean {statistics.mean(towns):.1f})")
    by_faction: dict[str, list[tuple[int, int]]] = collections.defaultdict(list)
    for r in rows:
        for p, n in r["factions"].items():
            by_faction[n].append((r["vp"][p], r["buildings"][p]))
    # The faction picks (PLAYED) rest on these: each faction's mean VP as the agents play it.
    print("per faction (mean VP / buildings, games): " + ", ".join(
        f"{n} {statistics.mean(v for v, _ in xs):.1f} / {statistics.mean(b for _, b in xs):.1f}"
        f" ({len(xs)})" for n, xs in sorted(by_faction.items())))
    if a.actions:
        total = sum((r["actions"] for r in rows), collections.Counter())
        passes = total.pop("passes", 0)
        left = {k: total.pop("left " + k, 0) for k in ("C", "W", "P", "P3")}
        print("per game: " + ", ".join(f"{k} {n / len(rows):.1f}"
                                       for k, n in sorted(total.items())))
        if passes:
            print("held at a pass in rounds 1-5 (mean): " + ", ".join(
                f"{k} {n / passes:.1f}" for k, n in left.items()))
    if len(set(specs)) > 1:
        print(f"{first} won {wins:g} of {len(rows)} ({100 * wins / len(rows):.0f}%; a shared "
              f"first place counts 1/k)")
    return 0




if __name__ == "__main__":
    sys.exit(main())
