"""How well the heuristic agent plays each Terra Mystica faction: the faction's mean final
VP (and buildings) in seeded four-player heuristic-vs-itself games, beside three others.
The agent's faction pick reads these figures (``PLAYED`` in meeple_terra_mystica.ai), so
they are re-measured here when the agent's play changes:

    nice .venv/bin/python -m meeple_terra_mystica.tools.faction_record --games 10

Faction X plays seeds 1..N, in seat (seed - 1) mod 4 + 1, beside the first three of
Darklings, Halflings, Swarmlings, Dwarves, Nomads and Witches that are not X and share no
terrain with it (the set ``PLAYED`` was measured with).
"""

from __future__ import annotations

import argparse
import statistics

from ..data import FACTIONS
from .selfplay import play

BESIDE = ("darklings", "halflings", "swarmlings", "dwarves", "nomads", "witches")


def lineup(faction: str, seed: int) -> list[str]:
    color = FACTIONS[faction]["color"]
    others = [n for n in BESIDE if n != faction and FACTIONS[n]["color"] != color][:3]
    seat = (seed - 1) % 4
    return others[:seat] + [faction] + others[seat:]


def record(faction: str, games: int) -> tuple[float, float]:
    vps, blds = [], []
    for seed in range(1, games + 1):
        r = play(["heuristic"] * 4, seed, {"factions": ",".join(lineup(faction, seed))})
        seat = next(p for p, n in r["factions"].items() if n == faction)
        vps.append(r["vp"][seat])
        blds.append(r["buildings"][seat])
    return statistics.mean(vps), statistics.mean(blds)


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per faction (seeds 1..N)")
    ap.add_argument("--factions", default="", help="comma-separated (default: all)")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    names = [n.strip() for n in a.factions.split(",") if n.strip()] or sorted(FACTIONS)
    unknown = [n for n in names if n not in FACTIONS]
    if unknown:
        ap.error(f"unknown faction {unknown[0]!r}; factions are {', '.join(sorted(FACTIONS))}")
    rows = []
    for n in names:
        vp, b = record(n, a.games)
        rows.append((vp, n, b))
        print(f"{n:15s} {vp:6.1f} VP  {b:4.1f} buildings", flush=True)
    print("PLAYED = {" + ", ".join(f'"{n}": {round(vp)}' for vp, n, _ in sorted(rows,
                                                                              reverse=True))
          + "}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
