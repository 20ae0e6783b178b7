"""Connect four's engine speed at another git revision against this worktree's, side by
side in one process, in CPU time (the machine is shared; wall time scatters):

    .venv/bin/python benchmarks/compare_connect_four.py [REVISION]   # default 285314c

REVISION is where connect four's fold still tested for a win (before events recorded the
result). Prints fold, decode + fold, decide + fold and MCTS (``mcts:sims=1000,c=2``, 20
decisions) rates and the ratios, median of 5 interleaved rounds.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from meeple.ai.bench import bench
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.testing import random_game
from meeple_connect_four import ConnectFour


def game_at(revision: str) -> ConnectFour:
    source = subprocess.run(
        ["git", "show", f"{revision}:plugins/connect_four/meeple_connect_four/game.py"],
        check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "c4_then.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("c4_then", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["c4_then"] = module
    spec.loader.exec_module(module)
    return module.ConnectFour()


def recorded(game, n: int = 50) -> list[list]:
    return [random_game(game, 2, seed).events for seed in range(n)]


def fold_rate(game, logs) -> float:
    t, n = time.process_time(), 0
    for _ in range(10):
        for events in logs:
            state = None
            for ev in events:
                state = game.fold(state, ev)
                n += 1
    return n / (time.process_time() - t)


def decode_fold_rate(game, logs) -> float:
    codec = Codec(game)
    encoded = [[codec.encode(e) for e in events] for events in logs]
    t, n = time.process_time(), 0
    for _ in range(5):
        for log in encoded:
            state = None
            for ty, v, d in log:
                state = game.fold(state, codec.decode(ty, v, d))
                n += 1
    return n / (time.process_time() - t)


def decide_fold_rate(game) -> float:
    rng = random.Random(1)
    start = LocalGame(game, ["a", "b"], seed=1).state
    t, steps = time.process_time(), 0
    for _ in range(1000):
        state = game.clone(start)
        while state.winner < 0:
            player = game.to_act(state)[0]
            for ev in game.decide(state, player, rng.choice(game.legal(state, player)), rng):
                state = game.fold(state, ev)
            steps += 1
    return steps / (time.process_time() - t)


def main() -> None:
    revision = sys.argv[1] if len(sys.argv) > 1 else "285314c"
    games = {"then": game_at(revision), "now": ConnectFour()}
    logs = {k: recorded(g) for k, g in games.items()}
    rates: dict[str, dict[str, list[float]]] = {k: {} for k in games}
    for _ in range(5):
        for k, g in games.items():
            rates[k].setdefault("fold events/s", []).append(fold_rate(g, logs[k]))
            rates[k].setdefault("decode+fold events/s", []).append(decode_fold_rate(g, logs[k]))
            rates[k].setdefault("decide+fold steps/s", []).append(decide_fold_rate(g))
            t = time.process_time()
            sims = bench(g, "mcts:sims=1000,c=2", 20, 1)["simulations"]
            rates[k].setdefault("mcts sims/s", []).append(sims / (time.process_time() - t))
    for what in rates["now"]:
        then, now = rates["then"][what], rates["now"][what]
        ratio = statistics.median(b / a for a, b in zip(then, now, strict=True))
        print(f"{what:22} {revision}: {statistics.median(then):>12,.0f}   now: "
              f"{statistics.median(now):>12,.0f}   now/then {ratio:.2f}x")


if __name__ == "__main__":
    main()
