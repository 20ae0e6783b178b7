"""Write the old-format logs of tests/data/old_logs/ with this repository's own older code.

Commit 97c7bf3^ is the last one before Terra Mystica's events became facts: its Terra
Mystica plugin (version 1) stored each row as ``terra-mystica.acted`` (player, text) and a
``terra-mystica.started`` without ``factions``; its connect four (0.1.0) stored only the
drops. This script unpacks that commit into a temporary folder and runs its engine there
(the JSON Lines store of that commit), so the files are what that code wrote:

    .venv/bin/python scripts/make_old_logs.py ../shared/data/terra-mystica/league/s60_63/4pLeague_S60_D1L1_G1.txt

tm-v1: that league game imported by the Snellman importer; c4-v01: ann and bob dropping
in columns 1 7 1 7 1 7 1 (ann wins). The store's status caches are kept too: they hold
the outcomes the old code recorded, which verify compares with today's.

    .venv/bin/python scripts/make_old_logs.py --facts-v1 LEAGUE_RECORD.txt

writes plugins/terra_mystica/tests/data/old_logs/tm-facts-v1 the same way with commit
fece8a1, the last one whose Terra Mystica fact events (version 1) named what they
recorded by the plugin's faction keys and State attributes: the league game imported.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

OLD = "97c7bf3^"
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "old_logs"

WRITE = """
import sys
from meeple.core.engine import Engine
eng = Engine("jsonl:///" + sys.argv[2])
eng.import_record("snellman", open(sys.argv[1]).read(), "tm-v1")
gid = eng.new_game("connect-four", ["ann", "bob"], {}, 1, "c4-v01")
for i, col in enumerate("1717171"):
    eng.move(gid, col, ("ann", "bob")[i % 2])
print(eng.outcome("tm-v1").scores, eng.outcome(gid).scores)
"""


FACTS_OLD = "fece8a1"
FACTS_OUT = ROOT / "plugins" / "terra_mystica" / "tests" / "data" / "old_logs"
FACTS_WRITE = """
import sys
from meeple.core.engine import Engine
eng = Engine("jsonl:///" + sys.argv[2])
eng.import_record("snellman", open(sys.argv[1]).read(), "tm-facts-v1")
print(eng.outcome("tm-facts-v1").scores)
"""


def main(record: str, old: str = OLD, out: Path = OUT, write: str = WRITE) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tree, path, store = Path(tmp, "tree"), Path(tmp, "path"), Path(tmp, "store")
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", old],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        # The old packages first on the path, laid out as they install (meeple.core, ...).
        (path / "meeple").mkdir(parents=True)
        for sub in ("core", "ai", "cli", "web"):
            if (tree / sub).is_dir():
                (path / "meeple" / sub).symlink_to(tree / sub)
        for pkg in tree.glob("plugins/*/meeple_*"):
            (path / pkg.name).symlink_to(pkg)
        subprocess.run([sys.executable, "-c", write, str(Path(record).resolve()), str(store)],
                       check=True, env={"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin"})
        out.mkdir(parents=True, exist_ok=True)
        for f in store.iterdir():
            shutil.copy(f, out / f.name)
    print(f"wrote {', '.join(sorted(p.name for p in out.iterdir()))} in {out}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--facts-v1":
        main(sys.argv[2], FACTS_OLD, FACTS_OUT, FACTS_WRITE)
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit("usage: make_old_logs.py [--facts-v1] LEAGUE_RECORD.txt")
