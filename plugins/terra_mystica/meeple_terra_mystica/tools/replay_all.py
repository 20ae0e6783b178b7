"""Replay every Terra Mystica record (``records.data_folder``) and report the first
mismatch per game, a diagnostic for the plugin's author:

    .venv/bin/python -m meeple_terra_mystica.tools.replay_all [GAME-ID...]

A game id given keeps only the records whose id contains it. The exit code is 1 when a
record fails, 2 when no records are found.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback

from ..check import Mismatch, replay
from .records import data_folder, missing_data, records


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("only", nargs="*", metavar="GAME-ID",
                    help="replay only the records whose id contains one of these")
    only = ap.parse_args(argv).only
    folder = data_folder()
    if folder is None:
        print(missing_data(), file=sys.stderr)
        return 2
    ok = bad = 0
    t0 = time.perf_counter()
    for gid, path, final in records(folder):
        if only and not any(o in gid for o in only):
            continue
        try:
            replay(path.read_text(), final, gid)
            ok += 1
            print(f"ok    {gid}")
        except Mismatch as exc:
            bad += 1
            print(f"FAIL  {exc}")
        except Exception as exc:  # a crash of the plugin on a record: shown with its place
            bad += 1
            print(f"CRASH {gid}: {type(exc).__name__}: {exc}")
            traceback.print_exc(limit=-3)
    print(f"{ok} ok, {bad} failing, {time.perf_counter() - t0:.1f}s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
