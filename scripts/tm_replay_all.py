"""Replay every Terra Mystica record in shared/data/terra-mystica and report the first
mismatch per game (a diagnostic for the plugin's author)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from meeple_terra_mystica.check import Mismatch, replay

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "terra-mystica"


def games():
    for manifest in sorted(DATA.glob("league/*/manifest.json")):
        for g in json.loads(manifest.read_text())["games"]:
            yield g["game_id"], manifest.parent / g["log_file"], g["expected_total_vp"]
    for p in sorted(DATA.glob("league/*.txt")):
        yield p.stem, p, None
    for p in sorted(DATA.glob("other/*")):
        yield p.stem, p, None


def main(argv):
    only = argv[1:]
    ok = bad = 0
    t0 = time.perf_counter()
    for gid, path, final in games():
        if only and not any(o in gid for o in only):
            continue
        try:
            replay(path.read_text(), final, gid)
            ok += 1
            print(f"ok    {gid}")
        except Mismatch as exc:
            bad += 1
            print(f"FAIL  {exc}")
        except Exception as exc:
            bad += 1
            import traceback
            print(f"CRASH {gid}: {type(exc).__name__}: {exc}")
            traceback.print_exc(limit=-3)
    print(f"{ok} ok, {bad} failing, {time.perf_counter() - t0:.1f}s")


if __name__ == "__main__":
    main(sys.argv)
