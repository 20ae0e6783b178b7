"""Snellman's Perl Terra Mystica engine beside our import, on the same league games.

    .venv/bin/python benchmarks/compare_terra_mystica.py perl --perl-engine DIR [--repeat N] [--callgrind K]

DIR is an unpacked copy of the engine's repository (or its ``src`` folder); nothing of
it is kept in this repository, and this module neither builds nor installs it: it runs
the engine's own command-line driver ``src/tracker.pl`` by path, as a program, with the
Perl modules the machine has. That driver reads game ids on its standard input and asks
two modules of the folder it is given (``db.pm``, ``game.pm``) for each game's command
rows; ours, written to a temporary folder, read the rows from a file named by the id.

What is ours here: writing a league record's commands in the engine's input language
(``engine_rows``: the options, ``score`` and ``delete`` for the setup, ``setup FACTION``
for the picks, ``FACTION: COMMANDS`` per row). First every game is replayed once and its
final VP compared with the record's (the manifest's, or the ledger's last values). Then,
game by game, our import and the Perl engine take turns, least of N runs each, in CPU
time: ours in this process (as bench_terra_mystica.py measures it), the fold-only replay
of the events our import recorded (the fold-only ratio), the engine per
process (the child's user + system time, from the rusage of reaped children) and its
start-up (the same process on a game of no rows: perl loading its modules and setting up
an empty game); ours as a process too (python importing the plugin and the record,
against one importing the plugin only). With ``--callgrind K``: instruction counts
(valgrind's callgrind, immune to the machine's load) of both processes on K games spread
over the list, each less its empty run.
"""

from __future__ import annotations

import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "data" / "terra-mystica" / "league"

#: Options the engine refuses outside the site (it has no "private game" here) and that
#: change nothing in a replay: the seats are given in pick order anyway.
_SKIPPED_OPTIONS = {"maintain-player-order", "email-notify"}
#: Extra replays in one engine process for its warm (in-process) time per game.
WARM = 2
_REACTION = re.compile(r"\b(?:leech|decline)\b", re.I)

# The engine's driver asks these two modules for a game's rows; ours read a file.
_DB_PM = "package terra_mystica;\nsub get_db_connection { return undef }\n1;\n"
_GAME_PM = """package terra_mystica;
sub get_game_commands {
    my ($dbh, $id) = @_;
    open my $fh, '<', $id or die "$id: $!";
    my @rows = <$fh>;
    chomp @rows;
    return @rows;
}
sub get_game_factions { return {} }
sub get_game_players { return [] }
sub get_game_metadata { return {} }
1;
"""

# Our import as a process: the same work as tm_import.import_with, after the imports.
_OURS = """import sys
sys.path.insert(0, {here!r})
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.importer import SnellmanImporter
from tm_import import import_with
if len(sys.argv) > 1:
    with open(sys.argv[1]) as f:
        import_with(TerraMystica(), SnellmanImporter(), f.read())
"""


def engine_rows(text: str) -> list[str]:
    """A league record's commands in the engine's input language."""
    from meeple_terra_mystica.importer import read_any

    led = read_any(text)
    out = [f"option {o}" for o in led.options if o not in _SKIPPED_OPTIONS]
    out.append(f"player-count {len(led.picks)}")
    out.append("score " + ",".join(s.lower() for s in led.scoring))
    out += [f"delete {b.lower()}" for b in led.removed]
    for r in led.rows:
        if r.commands == "drop":
            out.append(f"drop-faction {r.faction}")
        elif r.commands.startswith("setup "):
            out.append(r.commands)
        elif "." in r.commands and _REACTION.search(r.commands):
            # A ledger row can join a leech or decline to the faction's own step before
            # it ("+EARTH. Leech 2 from witches"); the engine takes a reaction first when
            # both share a line, so each part gets a line of its own, in the given order.
            out += [f"{r.faction}: {c.strip()}" for c in r.commands.split(".") if c.strip()]
        else:
            out.append(f"{r.faction}: {r.commands}")
    return out


def expected_vp(path: Path) -> dict[str, int]:
    """The record's final VP per faction: the manifest's, else the ledger's last values."""
    manifest = path.parent / "manifest.json"
    if manifest.exists():
        for g in json.loads(manifest.read_text())["games"]:
            if g["log_file"] == path.name:
                return g["expected_total_vp"]
    from meeple_terra_mystica.importer import read_any

    return {f: v["VP"] for f, v in read_any(path.read_text()).last_values.items()}


class Engine:
    """The Perl engine's driver, run as a process per game."""

    def __init__(self, path: Path, work: Path) -> None:
        src = path / "src" if (path / "src" / "tracker.pl").exists() else path
        if not (src / "tracker.pl").exists():
            raise SystemExit(f"--perl-engine {path}: no tracker.pl there or in its src/ "
                             "(give the unpacked repository of the Perl engine)")
        self.src, self.work = src, work
        (work / "lib").mkdir(parents=True, exist_ok=True)
        (work / "lib" / "db.pm").write_text(_DB_PM)
        (work / "lib" / "game.pm").write_text(_GAME_PM)
        self.empty = work / "empty.rows"
        self.empty.write_text("")

    def argv(self) -> list[str]:
        return ["perl", f"-I{self.src}", str(self.src / "tracker.pl"), str(self.work)]

    def replay(self, rows: Path) -> dict:
        out = subprocess.run(self.argv(), input=f"{rows}\n", capture_output=True, text=True,
                             check=True).stdout
        return json.loads(out.splitlines()[0])

    def stdin(self, rows: Path) -> str:
        return f"{rows}\n"


def child_cpu(argv: list[str], stdin: str | None = None) -> float:
    """CPU seconds (user + system) of one child process run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=stdin, text=True, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def least(fn, repeat: int) -> float:
    return min(fn() for _ in range(repeat))


def callgrind_instructions(argv: list[str], stdin: str | None = None) -> int:
    """Instructions executed by a process, counted by valgrind's callgrind."""
    res = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *argv], input=stdin, text=True, capture_output=True, check=True)
    m = re.search(r"Collected : (\d+)", res.stderr)
    if not m:
        raise SystemExit(f"callgrind gave no count: {res.stderr[-300:]}")
    return int(m[1])


def run(perl_engine: str, repeat: int = 3, callgrind: int = 0) -> None:
    from meeple_terra_mystica import TerraMystica
    from meeple_terra_mystica.importer import SnellmanImporter
    from tm_import import fold_events, import_with

    paths = sorted(DATA.glob("s*/*.txt"))
    work = Path(tempfile.mkdtemp(prefix="tm-perl-"))
    engine = Engine(Path(perl_engine), work)
    games = []
    accepted = 0
    for p in paths:
        rows = work / (p.stem + ".rows")
        rows.write_text("\n".join(engine_rows(p.read_text())) + "\n")
        res = engine.replay(rows)
        vp = {f: v["VP"] for f, v in res["factions"].items()}
        want = expected_vp(p)
        if res["error"] or not res["finished"] or vp != want:
            print(f"  {p.name}: the engine gives {vp}, errors {res['error'][:1]}; "
                  f"the record {want}")
        else:
            accepted += 1
        games.append((p, rows))
    print(f"The Perl engine replays {accepted} of {len(paths)} league games to the "
          "record's final VP.")

    ours_script = work / "ours.py"
    ours_script.write_text(_OURS.format(here=str(HERE)))
    py = [sys.executable, str(ours_script)]

    def ours_in_process(text: str) -> float:
        t0 = time.process_time()
        import_with(TerraMystica(), SnellmanImporter(), text)
        return time.process_time() - t0

    def fold_in_process(events: list, final) -> float:
        t0 = time.process_time()
        state = fold_events(TerraMystica(), events)
        spent = time.process_time() - t0
        assert state == final
        return spent

    perl, perl_warm, perl_start, ours, ours_proc, ours_start = [], [], [], [], [], []
    fold = []
    for p, rows in games:  # in turns, game by game
        text = p.read_text()
        ours.append(least(lambda text=text: ours_in_process(text), repeat))
        events, final = import_with(TerraMystica(), SnellmanImporter(), text)
        fold.append(least(lambda events=events, final=final: fold_in_process(events, final),
                          repeat))
        perl.append(least(lambda rows=rows: child_cpu(engine.argv(), engine.stdin(rows)),
                          repeat))
        # Warm, as ours in process: one engine process replays the game 1 + WARM times;
        # less the process that replays it once, per replay.
        again = least(lambda rows=rows: child_cpu(engine.argv(),
                                                  engine.stdin(rows) * (1 + WARM)), repeat)
        perl_warm.append((again - perl[-1]) / WARM)
        perl_start.append(least(lambda: child_cpu(engine.argv(), engine.stdin(engine.empty)),
                                repeat))
        ours_proc.append(least(lambda p=p: child_cpu([*py, str(p)]), repeat))
        ours_start.append(least(lambda: child_cpu(py), repeat))
    start = min(perl_start)
    ostart = min(ours_start)
    # Each game less the start-up measured in its own turn (the same minutes, the same
    # load): the least start-up of all turns would be a luckier minimum than a game's.
    perl_net = [t - s for t, s in zip(perl, perl_start, strict=True)]
    ours_net = [t - s for t, s in zip(ours_proc, ours_start, strict=True)]

    def ms(xs: list[float]) -> str:
        return f"{statistics.median(xs) * 1000:7.1f} ms"

    def ratio(a: list[float], b: list[float]) -> str:
        per_game = sorted(x / y for x, y in zip(a, b, strict=True))
        return (f"{statistics.median(a) / statistics.median(b):5.2f}x "
                f"(per game: median {statistics.median(per_game):.2f}x, "
                f"{per_game[0]:.2f}-{per_game[-1]:.2f}x)")

    print(f"{len(games)} league games, CPU time, least of {repeat} per game, taken in turns; "
          "median per game:")
    print(f"  Perl engine, per process                 {ms(perl)}")
    print(f"  Perl engine start-up (a game of no rows) {ms(perl_start)}  (least {start * 1000:.1f} ms)")
    print(f"  Perl engine less its start-up            {ms(perl_net)}")
    print(f"  Perl engine in process (a replay more in one process) {ms(perl_warm)}")
    print(f"  ours, import in process                  {ms(ours)}")
    print(f"  ours, fold-only replay of its events     {ms(fold)}")
    print(f"  ours, import as a process                {ms(ours_proc)}")
    print(f"  ours, start-up (the plugin, no record)   {ms(ours_start)}  (least {ostart * 1000:.1f} ms)")
    print(f"  ours as a process less its start-up      {ms(ours_net)}")
    print(f"  ours, import / fold-only replay          {ratio(ours, fold)}")
    print(f"  Perl per process / ours in process       {ratio(perl, ours)}")
    print(f"  Perl less start-up / ours in process     {ratio(perl_net, ours)}")
    print(f"  Perl in process / ours in process (warm) {ratio(perl_warm, ours)}")
    print(f"  Perl per process / ours per process      {ratio(perl, ours_proc)}")
    print(f"  Perl less start-up / ours less start-up  {ratio(perl_net, ours_net)}")
    if callgrind:
        _callgrind(engine, games, py, callgrind)


def _callgrind(engine: Engine, games: list, py: list[str], k: int) -> None:
    picked = games[:: max(1, len(games) // k)][:k]
    perl0 = callgrind_instructions(engine.argv(), engine.stdin(engine.empty))
    ours0 = callgrind_instructions(py)
    perl, ours = [], []
    for p, rows in picked:
        perl.append(callgrind_instructions(engine.argv(), engine.stdin(rows)) - perl0)
        ours.append(callgrind_instructions([*py, str(p)]) - ours0)
        print(f"  {p.stem}: Perl {perl[-1] / 1e6:7.0f} M instructions, ours "
              f"{ours[-1] / 1e6:5.0f} M: {perl[-1] / ours[-1]:.2f}x")
    per_game = [a / b for a, b in zip(perl, ours, strict=True)]
    print(f"callgrind, {len(picked)} games, each less its empty run (Perl start-up "
          f"{perl0 / 1e6:.0f} M, ours {ours0 / 1e6:.0f} M): Perl {statistics.median(perl) / 1e6:.0f} M, "
          f"ours {statistics.median(ours) / 1e6:.0f} M instructions per game (medians); "
          f"Perl / ours {statistics.median(per_game):.2f}x per game (median), "
          f"{sum(perl) / sum(ours):.2f}x in total")


def main(argv: list[str]) -> None:
    import argparse

    ap = argparse.ArgumentParser(prog="compare_terra_mystica.py perl", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--perl-engine", required=True, metavar="DIR",
                    help="an unpacked copy of the Perl engine's repository")
    ap.add_argument("--repeat", type=int, default=3, help="runs per game, the least counts")
    ap.add_argument("--callgrind", type=int, default=0, metavar="K",
                    help="also count instructions on K games (slow: valgrind)")
    a = ap.parse_args(argv)
    run(a.perl_engine, a.repeat, a.callgrind)
