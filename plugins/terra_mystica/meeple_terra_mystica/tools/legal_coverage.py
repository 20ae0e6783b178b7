"""Is Terra Mystica's `legal` complete? Walk every record (``records.data_folder``) and
check that each decision is offered (as one legal row or a sequence of legal rows giving
the same state); print the share, the misses by kind and legal's speed.

    .venv/bin/python -m meeple_terra_mystica.tools.legal_coverage [GAME-ID...] [--show N]

The exit code is 1 when a decision is missed, 2 when no records are found.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from ..coverage import Coverage, measure
from .records import data_folder, missing_data, records


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("only", nargs="*", metavar="GAME-ID",
                    help="walk only the records whose id contains one of these")
    ap.add_argument("--show", type=int, default=20, help="how many misses to print")
    a = ap.parse_args(argv)
    folder = data_folder()
    if folder is None:
        print(missing_data(), file=sys.stderr)
        return 2
    cov = Coverage()
    t0 = time.process_time()
    for gid, path, _ in records(folder):
        if a.only and not any(o in gid for o in a.only):
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
    for m in cov.missed[:a.show]:
        print("  missed:", *m)
    return 0 if not cov.missed else 1


if __name__ == "__main__":
    sys.exit(main())
