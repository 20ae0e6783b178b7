"""Coordinate search over Terra Mystica's evaluate weights (meeple_terra_mystica.ai):
each candidate plays the same seeded four-player heuristic-vs-itself games, scored by
median winner VP + median buildings per faction + mean towns per game.

    nice .venv/bin/python scripts/tm_tune_eval.py --games 8 --passes 1
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from meeple_terra_mystica import ai

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tm_ai_strength import play  # noqa: E402

TABLES = {"W": ai.W, "EARLY": ai.EARLY, "INCOME": ai.INCOME, "EXTRA": ai.EXTRA}
KNOBS = [("W", "building"), ("W", "town"), ("W", "income"), ("W", "extra"),
         ("EARLY", "W"), ("EARLY", "C"), ("EARLY", "P"), ("EARLY", "P3"), ("EARLY", "P2"),
         ("W", "prepared"), ("W", "ship"), ("W", "first"), ("W", "cult_step"), ("W", "favor"),
         ("W", "dig"), ("W", "priest_use"), ("W", "room"), ("W", "coin_cap"), ("INCOME", "P")]


def score(games: int) -> tuple[float, str]:
    rows = [play(["heuristic"] * 4, s, {}) for s in range(1, games + 1)]
    wv = statistics.median(r["winner_vp"] for r in rows)
    b = statistics.median(x for r in rows for x in r["buildings"].values())
    t = statistics.mean(r["towns"] for r in rows)
    return wv + b + t, f"winner {wv} VP, buildings {b}, towns {t:.1f}"


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--passes", type=int, default=1)
    a = ap.parse_args(argv[1:])
    best, info = score(a.games)
    print(f"start: {best:.1f} ({info})", flush=True)
    for _ in range(a.passes):
        for tab, key in KNOBS:
            t = TABLES[tab]
            base = t[key]
            for mult in (0.6, 1.5):
                t[key] = base * mult if base else 0.5 * (mult - 1)
                s, inf = score(a.games)
                print(f"  {tab}.{key} = {t[key]:.3f}: {s:.1f} ({inf})", flush=True)
                if s > best:
                    best, info, base = s, inf, t[key]
                    print(f"  -> keep {tab}.{key} = {base:.3f}", flush=True)
            t[key] = base
    print("best:", best, info)
    for name, t in TABLES.items():
        print(name, {k: round(v, 3) for k, v in t.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
