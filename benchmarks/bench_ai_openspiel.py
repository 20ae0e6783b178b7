"""Side by side with OpenSpiel on connect four: search speed and playing strength.

Needs the optional extra: ``pip install -e '.[openspiel]'`` (PyPI ``open-spiel``). Not part
of the test run. Both sides use UCT with c=2 and one random rollout per leaf; OpenSpiel's
side is its Python ``MCTSBot`` with ``RandomRolloutEvaluator`` over the C++ connect_four.

    python benchmarks/bench_ai_openspiel.py speed --sims 1000 --repeat 10
    python benchmarks/bench_ai_openspiel.py match --games 200 --sims 400 --workers 2

``speed`` times full searches from the initial position (no tree reuse, so every search
does its full budget) and prints simulations per second of both and the ratio. ``match``
plays ``--games`` games, seats alternating, and prints our score (win 1, draw 0.5).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pyspiel
from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_connect_four import ConnectFour, Drop
from open_spiel.python.algorithms import mcts as os_mcts

GAME = ConnectFour()


def openspiel_bot(sims: int, seed: int, c: float = 2.0) -> os_mcts.MCTSBot:
    game = pyspiel.load_game("connect_four")
    rs = np.random.RandomState(seed)
    return os_mcts.MCTSBot(game, c, sims, os_mcts.RandomRolloutEvaluator(1, rs),
                           random_state=rs, solve=True)


def speed(sims: int, repeat: int, spec: str) -> dict:
    """Full searches from the initial position, the two sides taking turns so that a busy
    machine slows both alike; reports the medians of the per-round rates and ratios, by this
    process's CPU time (other work on the machine does not count; both searches run
    single-threaded in this process, OpenSpiel's C++ game included) and by wall time."""
    game = pyspiel.load_game("connect_four")
    bot = openspiel_bot(sims, 1)
    start = game.new_initial_state()
    our_spec = f"{spec},sims={sims},reuse=0"
    ours = make_agent(our_spec, 1)
    view = LocalGame(GAME, ["a", "b"]).state
    cpu = {"ours": [], "openspiel": []}
    wall = {"ours": [], "openspiel": []}

    def timed(side: str, run) -> None:
        w, c = time.perf_counter(), time.process_time()
        done = run()
        cpu[side].append(done / (time.process_time() - c))
        wall[side].append(done / (time.perf_counter() - w))

    def ours_search() -> int:
        before = ours.stats.simulations
        ours.act(GAME, view, "a")
        return ours.stats.simulations - before

    for _ in range(repeat):
        timed("openspiel", lambda: bot.mcts_search(start).explore_count)
        timed("ours", ours_search)

    def summary(rates: dict) -> dict:
        ratios = sorted(o / s for o, s in zip(rates["ours"], rates["openspiel"], strict=True))
        return {"ours_sims_per_s": round(statistics.median(rates["ours"])),
                "openspiel_sims_per_s": round(statistics.median(rates["openspiel"])),
                "ratio_median": round(statistics.median(ratios), 2),
                "ratio_min": round(ratios[0], 2), "ratio_max": round(ratios[-1], 2)}

    return {"sims_per_move": sims, "rounds": repeat, "cpu_time": summary(cpu),
            "wall_time": summary(wall),
            "ours_calls_per_sim": round(ours.stats.calls / ours.stats.simulations, 2),
            "our_spec": our_spec}


def play_one(args: tuple[int, int, int, str]) -> float:
    """One game; returns our score (1 win, 0.5 draw, 0 loss)."""
    index, sims, seed, spec = args
    ours_first = index % 2 == 0
    players = ["ours", "openspiel"] if ours_first else ["openspiel", "ours"]
    local = LocalGame(GAME, players, seed=seed + index)
    ours = make_agent(f"{spec},sims={sims}", seed * 1000 + index)
    bot = openspiel_bot(sims, seed * 1000 + index)
    os_state = pyspiel.load_game("connect_four").new_initial_state()
    while local.outcome() is None:
        player = local.to_act()[0]
        if player == "ours":
            column = ours.act(GAME, GAME.view(local.state, player), player).column
        else:
            column = int(bot.step(os_state))
        local.play(player, Drop(column))
        os_state.apply_action(column)
    assert os_state.is_terminal()
    return local.outcome().scores["ours"]


def progress(scores: list[float], games: int, start: float) -> None:
    if len(scores) % 10 == 0 or len(scores) == games:
        print(f"{len(scores)}/{games} games, our score so far {sum(scores) / len(scores):.3f}, "
              f"{time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)


def match(games: int, sims: int, seed: int, workers: int, spec: str) -> dict:
    jobs = [(i, sims, seed, spec) for i in range(games)]
    t = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            scores = []
            for s in pool.map(play_one, jobs):
                scores.append(s)
                progress(scores, games, t)
    else:
        scores = []
        for j in jobs:
            scores.append(play_one(j))
            progress(scores, games, t)
    wins = sum(1 for s in scores if s == 1.0)
    draws = sum(1 for s in scores if s == 0.5)
    score = sum(scores) / games
    # normal-approximation 95% interval of the mean score
    half = 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / games)
    first = [s for i, s in enumerate(scores) if i % 2 == 0]
    second = [s for i, s in enumerate(scores) if i % 2 == 1]
    return {"games": games, "sims_per_move": sims, "seed": seed, "our_spec": f"{spec},sims={sims}",
            "wins": wins, "draws": draws, "losses": games - wins - draws,
            "score": round(score, 3), "score_95ci": [round(score - half, 3), round(score + half, 3)],
            "score_moving_first": round(sum(first) / max(len(first), 1), 3),
            "score_moving_second": round(sum(second) / max(len(second), 1), 3),
            "seconds": round(time.perf_counter() - t, 1)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--sims", type=int, default=1000)
    sp.add_argument("--repeat", type=int, default=10)
    sp.add_argument("--spec", default="mcts:c=2,rollout=random")  # reuse=0 is added
    mp = sub.add_parser("match")
    mp.add_argument("--games", type=int, default=200)
    mp.add_argument("--sims", type=int, default=400)
    mp.add_argument("--seed", type=int, default=1)
    mp.add_argument("--workers", type=int, default=2)
    mp.add_argument("--spec", default="mcts:c=2,rollout=random")
    args = ap.parse_args(argv)
    if args.what == "speed":
        out = speed(args.sims, args.repeat, args.spec)
    else:
        out = match(args.games, args.sims, args.seed, args.workers, args.spec)
    json.dump(out, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
