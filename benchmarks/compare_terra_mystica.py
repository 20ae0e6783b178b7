"""Terra Mystica's import at another git revision against this worktree's, side by side in
one process, in CPU time (the machine is shared: absolute times move with its load, the
ratio of two codes measured in turns does not):

    .venv/bin/python benchmarks/compare_terra_mystica.py [REVISION] [ROUNDS]   # default main 2
    .venv/bin/python benchmarks/compare_terra_mystica.py play [REVISION]       # rules outside an import
    .venv/bin/python benchmarks/compare_terra_mystica.py fold [REVISION]       # replay of the events
    .venv/bin/python benchmarks/compare_terra_mystica.py perl --perl-engine DIR # Snellman's engine

(the last: Snellman's Perl engine beside our import, see benchmarks/tm_perl.py)

The plugin package of REVISION is unpacked under another name and imported next to this
worktree's. Both import every league game of the shared data (read, parse, decide, fold
per row, as benchmarks/bench_terra_mystica.py's ``import_game``), taking turns game by
game, least of 3 runs each, over the games both give the same events for (the
revision's as this worktree reads them from a store: an older format upcast). Prints the
median per game of each and the median of the per-game ratios.
"""

from __future__ import annotations

import importlib
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from meeple.core.testing_needs import shared_data
from tm_import import fold_events, import_with

ROOT = Path(__file__).resolve().parents[1]
# The league records: MEEPLE_TM_RECORDS, else shared/data/terra-mystica above the checkout.
DATA = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__) / "league"
PKG = "plugins/terra_mystica/meeple_terra_mystica"


def plugin_at(revision: str):
    """The plugin package as it was at ``revision``, imported as ``tm_then``."""
    tmp = Path(tempfile.mkdtemp())
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, PKG],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    (tmp / PKG).rename(tmp / "tm_then")
    sys.path.insert(0, str(tmp))
    return importlib.import_module("tm_then")


def importer(pkg):
    game_cls = pkg.TerraMystica
    reader = importlib.import_module(pkg.__name__ + ".importer").SnellmanImporter

    def import_game(text: str):
        return import_with(game_cls(), reader(), text)[0]

    return import_game


def best(fn, text: str, repeat: int = 3) -> float:
    least = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn(text)
        least = min(least, time.process_time() - t0)
    return least


def main(revision: str = "main", rounds: int = 2) -> None:
    import meeple_terra_mystica as now
    from meeple.core.codec import Codec

    then = plugin_at(revision)
    then_import, now_import = importer(then), importer(now)
    then_codec, now_codec = Codec(then.TerraMystica()), Codec(now.TerraMystica())

    def stored(codec, e):  # an event as the store holds it, read back by this worktree
        return now_codec.encode(now_codec.decode(*codec.encode(e)))

    every = [p.read_text() for p in sorted(DATA.glob("s*/*.txt"))]
    # Only games both codes give the same facts for (an older format upcast): where a rule
    # changed in between, the two do different work and the ratio means nothing. The first
    # event, the setup, is left out: it lists the options an import sets, which may grow.
    texts = [text for text in every if [stored(then_codec, e) for e in then_import(text)[1:]]
             == [stored(now_codec, e) for e in now_import(text)[1:]]]
    if not texts:
        raise SystemExit(f"no league game gives the same events at {revision} and here")
    then, this = [], []
    for _ in range(rounds):
        for text in texts:
            then.append(best(then_import, text))
            this.append(best(now_import, text))
    mt, mn = statistics.median(then) * 1000, statistics.median(this) * 1000
    ratio = statistics.median(t / n for t, n in zip(then, this, strict=True))
    print(f"{len(texts)} of {len(every)} league games give the same events (the others "
          f"differ by a rule changed since {revision}); CPU ms per import, median of "
          f"{rounds} rounds x least of 3:")
    print(f"  {revision:>10}  {mt:6.2f} ms")
    print(f"  {'this':>10}  {mn:6.2f} ms   {revision} / this = {mt / mn:.2f}x "
          f"(median per-game ratio {ratio:.2f}x)")


def fold(revision: str = "main", rounds: int = 5) -> None:
    """The fold-only replay, old against new in turns: every league game's events (each
    code's own, from its import) folded by the code that made them, least of 3 per game
    and round (CPU)."""
    import meeple_terra_mystica as now

    then = plugin_at(revision)
    texts = [p.read_text() for p in sorted(DATA.glob("s*/*.txt"))]
    sides = []
    for pkg in (then, now):
        game, read = pkg.TerraMystica(), importer(pkg)
        sides.append((game, [read(text) for text in texts]))

    def replay(game, events) -> float:
        least = float("inf")
        for _ in range(3):
            t0 = time.process_time()
            fold_events(game, events)
            least = min(least, time.process_time() - t0)
        return least

    a, b = [], []
    for _ in range(rounds):
        for i in range(len(texts)):
            a.append(replay(sides[0][0], sides[0][1][i]))
            b.append(replay(sides[1][0], sides[1][1][i]))
    ratio = statistics.median(x / y for x, y in zip(a, b, strict=True))
    print(f"{len(texts)} league games, fold only; CPU ms per replay, median of {rounds} "
          f"rounds x least of 3:")
    print(f"  {revision:>10}  {statistics.median(a) * 1000:6.2f} ms")
    print(f"  {'this':>10}  {statistics.median(b) * 1000:6.2f} ms   {revision} / this = "
          f"{statistics.median(a) / statistics.median(b):.2f}x (median per-game ratio "
          f"{ratio:.2f}x)")


def play(revision: str = "main", seeds: int = 4) -> None:
    """The rules outside an import, old against new in turns (CPU, least of 2 runs per
    seed): a seeded random 4-player game (legal + decide + fold every row), and legal +
    ``step`` (the search fast path) on the first 150 positions of such a game."""
    import random

    import meeple_terra_mystica as now
    from meeple.core import LocalGame

    then = plugin_at(revision)

    def random_game(pkg, seed: int) -> None:
        g = pkg.TerraMystica()
        LocalGame(g, g.default_players(4), seed=seed).play_randomly(random.Random(seed))

    def legal_step(pkg, seed: int) -> None:
        g = pkg.TerraMystica()
        lg = LocalGame(g, g.default_players(4), seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if lg.state.finished:
                break
            p = lg.to_act()[0]
            rows = g.legal(lg.state, p)
            for r in rows[:5]:
                g.step(g.clone(lg.state), p, r, None)
            lg.play(p, rng.choice(rows))

    for name, fn in (("random game", random_game), ("legal + step", legal_step)):
        a, b = [], []
        for seed in range(seeds):
            for pkg, out in ((then, a), (now, b)):
                least = float("inf")
                for _ in range(2):
                    t0 = time.process_time()
                    fn(pkg, seed)
                    least = min(least, time.process_time() - t0)
                out.append(least)
        ratios = [round(x / y, 2) for x, y in zip(a, b, strict=True)]
        print(f"{name}: {revision} {statistics.median(a) * 1000:.0f} ms, this "
              f"{statistics.median(b) * 1000:.0f} ms CPU (median over {seeds} seeds); "
              f"{revision} / this per seed {ratios}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["perl"]:  # compare_terra_mystica.py perl --perl-engine DIR ...
        import tm_perl

        tm_perl.main(sys.argv[2:])
    elif sys.argv[1:2] == ["play"]:  # compare_terra_mystica.py play [REVISION]
        play(*(sys.argv[2:3] or ["main"]))
    elif sys.argv[1:2] == ["fold"]:  # compare_terra_mystica.py fold [REVISION]
        fold(*(sys.argv[2:3] or ["main"]))
    else:
        main(*(sys.argv[1:2] or ["main"]), *([int(sys.argv[2])] if len(sys.argv) > 2 else []))
