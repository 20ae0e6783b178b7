"""Search Terra Mystica's evaluate weights (meeple_terra_mystica.ai) by self-play.

An evolution strategy with the incumbent kept: each generation draws ``--lambda``
variants of the best weights so far (a random third of the knobs each scaled by a
log-normal factor), and plays the incumbent and every variant on the *same* fresh seeds
(four-player heuristic-vs-itself games), so that a variant replaces the incumbent only by
beating it on games both played. A game's worth is what we ask of the agent:

    the winner's VP + the factions' mean VP + 4 x their mean buildings at the end
    + the towns founded  (``--building-weight`` sets the 4)

(the factions' mean VP, less noisy than the winner's, moves with it).

Seeds 81-120 are never drawn (docs/ai.md keeps them for the held-out measurement). The
best weights are printed as a ``--set`` argument for meeple_terra_mystica.tools.ai_strength after
every generation, so that a run stopped at any time leaves its result:

    nice -n 15 .venv/bin/python -m meeple_terra_mystica.tools.tune_eval --games 24 --generations 40
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics

from ..ai import DEFAULT
from .selfplay import play
from .weights import parse_weights, weighted

#: The knobs searched: every weight that scales a term of the estimate.
KNOBS = [("EARLY", k) for k in ("C", "W", "P", "P3", "P2")] + \
    [("INCOME", k) for k in ("C", "W", "P", "PW", "SPADE")] + \
    [("EXTRA", k) for k in ("TP", "TE", "SH", "SA")] + \
    [("W", k) for k in ("building", "town", "prepared", "favor", "ship", "dig", "cult_step",
                        "cult_bonus", "income", "extra", "first", "priest_use", "rival",
                        "room", "next", "full", "full_t")]
#: Bounds a knob must keep (the evaluation's own assumptions, e.g. an owed favor tile
#: worth less than taking it).
BOUNDS = {("W", "favor"): (0.05, 0.95), ("W", "rival"): (0.0, 1.0),
          ("W", "full_t"): (0.0, 1.0)}
HELD_OUT = range(81, 121)


def _game(task: tuple[dict, int, float]) -> tuple[float, float, float, float]:
    weights, seed, per_building = task
    r = play(["heuristic"] * 4, seed, {}, game=weighted(weights))
    b = statistics.mean(r["buildings"].values())
    mean_vp = statistics.mean(r["vp"].values())
    return (r["winner_vp"] + mean_vp + per_building * b + r["towns"], r["winner_vp"], b,
            r["towns"])


def mutate(weights: dict, rng: random.Random, sigma: float) -> dict:
    out = dict(weights)
    for key in rng.sample(KNOBS, max(1, len(KNOBS) // 3)):
        v = out[key]
        if v == 0:
            v = abs(rng.gauss(0, 0.3))
        else:
            v *= math.exp(rng.gauss(0, sigma))
        lo, hi = BOUNDS.get(key, (-math.inf, math.inf))
        out[key] = min(hi, max(lo, v))
    return out


def as_set(weights: dict, base: dict) -> str:
    return ",".join(f"{t}.{n}={v:.4g}" for (t, n), v in weights.items()
                    if abs(v - base[(t, n)]) > 1e-12)


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=24, help="games per candidate a generation")
    ap.add_argument("--generations", type=int, default=30)
    ap.add_argument("--lambda", dest="lam", type=int, default=3, help="variants a generation")
    ap.add_argument("--sigma", type=float, default=0.3, help="log-normal step of a knob")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default="", help="TABLE.name=value,... to start from")
    ap.add_argument("--building-weight", type=float, default=4.0,
                    help="points a game's worth gives for each building of the mean faction")
    ap.add_argument("--threshold", type=float, default=1.0,
                    help="how much a variant must beat the incumbent by to replace it")
    a = ap.parse_args(argv)
    if a.games < 1 or a.generations < 1 or a.lam < 1 or a.workers < 1:
        ap.error("--games, --generations, --lambda and --workers must be at least 1")
    rng = random.Random(a.seed)
    base = {k: DEFAULT.get(*k) for k in KNOBS}
    best = dict(base)
    for (t, n), v in parse_weights(a.start, "--start").items():
        best[(t, n)] = v
    pool_seeds = [s for s in range(1, 2000) if s not in HELD_OUT]
    with multiprocessing.Pool(a.workers) as pool:
        for gen in range(a.generations):
            seeds = rng.sample(pool_seeds, a.games)
            cands = [best] + [mutate(best, rng, a.sigma) for _ in range(a.lam)]
            tasks = [(c, s, a.building_weight) for c in cands for s in seeds]
            res = pool.map(_game, tasks, chunksize=1)
            scores = []
            for i in range(len(cands)):
                part = res[i * a.games:(i + 1) * a.games]
                scores.append(tuple(statistics.mean(x[j] for x in part) for j in range(4)))
            top = max(range(len(cands)), key=lambda i: scores[i][0])
            if scores[top][0] < scores[0][0] + a.threshold:
                top = 0
            s0 = scores[0]
            print(f"gen {gen}: incumbent {s0[0]:.1f} (winner {s0[1]:.1f}, buildings "
                  f"{s0[2]:.2f}, towns {s0[3]:.2f}); variants "
                  + " ".join(f"{s[0]:.1f}" for s in scores[1:]), flush=True)
            if top:
                best = cands[top]
                s = scores[top]
                print(f"  -> variant {top}: {s[0]:.1f} (winner {s[1]:.1f}, buildings "
                      f"{s[2]:.2f}, towns {s[3]:.2f})", flush=True)
            print(f"  best: --set {as_set(best, base) or '(today)'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
