"""Is Terra Mystica's `legal` complete? Walk every record in shared/data/terra-mystica and
check that each decision is offered (as one legal row or a sequence of legal rows giving
the same state); print the share, the misses by kind and legal's speed.

    .venv/bin/python scripts/tm_legal_coverage.py [GAME-ID...] [--show N]
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

from meeple_terra_mystica.coverage import Coverage, measure

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tm_replay_all import games


def main(argv: list[str]) -> int:
    show = 20
    if "--show" in argv:
        i = argv.index("--show")
        show = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    only = argv[1:]
    cov = Coverage()
    t0 = time.process_time()
    for gid, path, _ in games():
        if only and not any(o in gid for o in only):
            continue
        measure(path.read_text(), gid, cov)
    cpu = time.process_time() - t0
    kinds = collections.Counter(" ".join(m[3].split(" ")[:1]) for m in cov.missed)
    print(f"{cov.decisions} decisions: {cov.offered} offered as one row, {cov.sequences} as a "
          f"sequence, {cov.leaving} leaving the game (drop), {len(cov.missed)} missed "
          f"({100 * cov.share:.2f}% covered)")
    print(f"legal: {cov.legal_calls} calls, {cov.candidates / max(1, cov.legal_calls):.1f} rows "
          f"each; {cpu:.1f} s CPU for the walk")
    for k, n in kinds.most_common():
        print(f"  {n:5d}  {k}")
    for m in cov.missed[:show]:
        print("  missed:", *m)
    return 0 if not cov.missed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
