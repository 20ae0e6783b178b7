"""Mutation testing of one Meeple package with cosmic-ray (docs/testing.md).

    nice -n 15 .venv/bin/python scripts/mutation.py PACKAGE [--sample N --seed S]

PACKAGE is core, ai or a game plugin (connect_four, carcassonne_hill_dale, utopia,
terra_mystica, terraforming_mars). cosmic-ray lists every mutant of the package's sources
(a comparison flipped, a number changed, a loop skipped, ...); each chosen mutant is
written into the source file in place, the package's own tests run against it
(`pytest -x`), and the file is put back. A mutant the tests fail on is killed; one they
pass on survived, which means a bug of that shape would go unnoticed.

Without --sample every mutant runs (the full run: hours for the big packages). With
--sample N a seeded random sample of N runs: the mutants, ordered by their id
(file:operator:occurrence), are shuffled with random.Random(S) and the first N run, so the
same seed on the same sources picks the same mutants, and --resume with a larger N
extends the sample. --only-file PATH... lists only the mutants of those files of the
package (a module added since the package's sample, say); its session is
.mutation/PACKAGE-STEM.sqlite. The session (.mutation/PACKAGE.sqlite) keeps every
result: --resume goes on after an interruption, --rerun-survivors runs the survivors
again after tests were added (adding tests cannot revive a killed mutant). The summary,
with the kill rate and its 95% (Wilson) interval and every survivor with its diff, is
printed and written to .mutation/PACKAGE.md.

Each mutant runs only the tests that execute its line: one run of the package's tests under
coverage (pytest-cov, one context per test) maps every line to the tests that reach it. A
test that never reaches the mutated line behaves exactly as on the unmutated code, so it
cannot kill the mutant. A mutant on a line no test executes is reported as survived
("not covered") without a run; one on a line only run at import time (definitions,
constants) gets the tests that run the body of the definition it belongs to, and the
whole test list if there are none (module level) or the line is not mapped. The tests run
fastest first (as timed in the coverage run), so a mutant that is killed dies early; with
--budget B only the fastest ones that fit in B seconds run, which can only lower the kill
rate (a bound from below, for a loaded machine). This is what makes a full run affordable.

Mutation changes files in place, so the package's sources must be committed first; the
run refuses otherwise. Run it in a checkout you are not editing meanwhile.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import random
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / ".mutation"
PLUGINS = ("connect_four", "carcassonne_hill_dale", "utopia", "terra_mystica",
           "terraforming_mars")


@dataclass(frozen=True)
class Package:
    sources: tuple[str, ...]
    tests: tuple[str, ...]
    excluded: tuple[str, ...] = ()
    #: Tests left out of mutation runs: they time the wall clock or kill subprocesses, so
    #: on a loaded machine they fail without a mutant, and coverage cannot see into them.
    deselected: tuple[str, ...] = ()
    #: Tests that resolve every class-level annotation (typing.get_type_hints). A mutant in
    #: one runs them first: only such a test reads a lazy hint, and coverage cannot show it.
    hint_tests: tuple[str, ...] = ()
    #: With --only-file: the files whose mutants are listed (all of `sources` if empty);
    #: coverage still maps the whole package, as the tests reach it.
    mutated: tuple[str, ...] = ()


def _core_tests() -> tuple[str, ...]:
    # The engine's own tests; cli/web/ai/rl tests exercise core too but belong to those
    # packages, and running them per mutant would make a core run several times longer.
    names = ("engine", "engine_api", "core_api", "events_contract", "log_changes",
             "plugin_checks", "plugin_loading", "verify_compare", "verify_findings",
             "contract_catches_broken_games", "game_contract_checks", "game_defaults",
             "game_options", "outcome", "facts", "errors", "agent_specs", "rng", "records",
             "undo_rules", "match_play", "long_logs", "store_contract",
             "store_contract_catches_broken_stores", "store_backends",
             "store_errors", "reliability_cli_input", "reliability_faults", "reliability_fuzz",
             "reliability_integrity", "reliability_secrets", "reliability_spectator",
             "reliability_tamper", "reliability_list", "reliability_reroll",
             "table_undo_rebuild", "old_logs", "svg_shapes", "screenshot_colours", "text_fit",
             "unwritten_methods", "missing_needs")
    return tuple(f"tests/test_{n}.py" for n in names)


def _ai_tests() -> tuple[str, ...]:
    # Every tests/test_ai_*.py, as docs/testing.md says: a new ai test module is never left
    # out of the runs. test_review.py tests ai/review.py and ai/review_chart.py.
    own = sorted(p.name for p in (ROOT / "tests").glob("test_ai_*.py"))
    return tuple(f"tests/{n}" for n in (*own, "test_review.py", "test_sealed_status.py"))


def packages() -> dict[str, Package]:
    found = {
        "core": Package(("core",), _core_tests(), deselected=(
            "tests/test_reliability_faults.py::test_sigkill_mid_match_leaves_every_game",
            "tests/test_reliability_faults.py::test_sigkill_of_a_tournament_and_its_workers",
        ), hint_tests=(
            "tests/test_core_api.py::test_every_annotation_in_core_resolves",)),
        "ai": Package(("ai",), _ai_tests(), deselected=(
            "tests/test_ai_round_robin.py::test_ctrl_c_stops_within_seconds",
        )),
    }
    for game in PLUGINS:
        found[game] = Package((f"plugins/{game}/meeple_{game}",),
                              (f"plugins/{game}/tests", *_picture_tests(game)))
    return found


#: The cross-game picture tests (tests/test_game_pictures.py) check every game's SVG: the
#: status line, the winner and scores, no emoji glyph, a non-blank drawing in Chromium.
#: They test the plugin's render, so a plugin's mutants run them too, for that game only.
PICTURE_TESTS = ("test_svg_says_whose_turn_it_is_with_the_players",
                 "test_svg_of_a_finished_game_names_the_winner_and_every_score",
                 "test_svg_uses_no_emoji_glyph", "test_svg_draws_a_picture_in_headless_chromium")


def _picture_tests(game: str) -> tuple[str, ...]:
    name = game.replace("_", "-")
    return tuple(f"tests/test_game_pictures.py::{t}[{name}]" for t in PICTURE_TESTS)


def fail(message: str) -> None:
    print(f"mutation: {message}", file=sys.stderr)
    raise SystemExit(2)


def parse_args(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("package", help="core, ai or a plugin: " + ", ".join(PLUGINS))
    ap.add_argument("--sample", type=int, default=None,
                    help="run a seeded random sample of N mutants (0: all of them, the "
                         "default for a new session; with --resume a larger N extends it)")
    ap.add_argument("--seed", type=int, default=21, help="seed of the sample (default 21)")
    ap.add_argument("--resume", action="store_true",
                    help="go on with the existing session instead of starting afresh")
    ap.add_argument("--rerun-survivors", action="store_true",
                    help="run the survivors of the existing session again (after adding tests)")
    ap.add_argument("--budget", type=float, default=0,
                    help="run only the fastest tests reaching a mutant's line that fit in "
                         "this many seconds (as timed in the coverage run; default 0: all)")
    ap.add_argument("--report", action="store_true",
                    help="only print the summary of the existing session (also of one that "
                         "was interrupted) and run nothing")
    ap.add_argument("--only-tests", nargs="+", metavar="PATH",
                    help="with --rerun-survivors: run the survivors against these tests only "
                         "(the new ones: the old tests are already known to pass on them), "
                         "without a coverage run")
    ap.add_argument("--only-file", nargs="+", metavar="PATH",
                    help="mutate only these files of the package (e.g. ai/model_search.py); "
                         "the session is PACKAGE-STEM, so give the same files to --resume, "
                         "--rerun-survivors and --report")
    ap.add_argument("--test-timeout", type=int, default=120,
                    help="seconds one test may take before it fails (pytest-timeout; default 120)")
    args = ap.parse_args(argv)
    if args.package not in packages():
        fail(f"unknown package {args.package!r}; allowed: {', '.join(packages())}")
    if args.only_tests and not args.rerun_survivors:
        fail("--only-tests needs --rerun-survivors: a new sample must run the whole test list")
    for path in args.only_tests or ():
        if not (ROOT / path.split("::")[0]).exists():
            fail(f"--only-tests: no such test file {path!r}")
    if args.only_file:
        only_files(packages()[args.package], args.only_file)
    if args.sample is not None and args.sample < 0:
        fail(f"--sample must be 0 (all mutants) or a positive count, not {args.sample}")
    return args


def only_files(pkg: Package, paths: list[str]) -> tuple[str, ...]:
    """The --only-file paths, normalised relative to the checkout; each must be a Python
    file inside one of the package's sources (one line on stderr and exit 2 otherwise)."""
    out = []
    for path in paths:
        rel = Path(os.path.normpath(path))
        if rel.is_absolute():
            rel = rel.relative_to(ROOT) if rel.is_relative_to(ROOT) else rel
        inside = any(rel.is_relative_to(s) for s in pkg.sources)
        if not inside or rel.suffix != ".py" or not (ROOT / rel).is_file():
            fail(f"--only-file: {path!r} is not a Python file of the package "
                 f"({', '.join(pkg.sources)})")
        out.append(rel.as_posix())
    return tuple(dict.fromkeys(out))


def session_stem(package: str, files: tuple[str, ...]) -> str:
    """The session's file name: the package's, or with --only-file the package and the
    files' stems, so a file's sample never overwrites the package's. Many files give the
    package, their number and a digest of their paths instead: the names of the session's
    files (and coverage's temporary files beside them) must stay within the file system's
    255 bytes."""
    stem = "-".join([package, *(Path(f).stem for f in files)])
    if len(stem) <= 80:
        return stem
    digest = hashlib.sha256("\n".join(sorted(files)).encode()).hexdigest()[:10]
    return f"{package}-{len(files)}-files-{digest}"


def mutant_id(item) -> str:
    spec = item.mutations[0]
    args = json.dumps(spec.operator_args, sort_keys=True) if spec.operator_args else ""
    return f"{spec.module_path.as_posix()}:{spec.operator_name}{args}:{spec.occurrence}"


def pytest_argv(test_timeout: int) -> list[str]:
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly",
            "-p", "mutation_pytest", f"--timeout={test_timeout}"]


def test_command(pkg: Package, test_timeout: int) -> str:
    return " ".join(pytest_argv(test_timeout) + deselect_args(pkg) + list(pkg.tests))


def deselect_args(pkg: Package) -> list[str]:
    return [arg for test in pkg.deselected for arg in ("--deselect", test)]


@dataclass
class LineMap:
    """Which tests execute which line of each source file (from one coverage run)."""

    tests: dict[str, dict[int, set[str]]]  # file -> line -> test node ids ("" = no test)
    missing: dict[str, set[int]]  # file -> executable lines no test ran
    seconds: dict[str, float]  # test node id -> seconds it took in the coverage run

    def fastest(self, tests: set[str], budget: float) -> list[str]:
        """The tests fastest first, as many as fit in `budget` seconds (0: all of them)."""
        ordered = sorted(tests, key=lambda t: (self.seconds.get(t, 0.0), t))
        if budget <= 0:
            return ordered
        chosen, spent = [], 0.0
        for t in ordered:
            if chosen and spent + self.seconds.get(t, 0.0) > budget:
                break
            chosen.append(t)
            spent += self.seconds.get(t, 0.0)
        return chosen

    def tests_for(self, path: Path, first: int, last: int) -> set[str] | None:
        """The tests that reach lines first..last; None: run them all; empty: none do."""
        key = str((ROOT / path).resolve())
        found: set[str] = set()
        for line in range(first, last + 1):
            found |= self.tests.get(key, {}).get(line, set())
        if "" in found or self._is_header(key, first):
            # Runs at import (a def line, a decorator, a class attribute): the tests that
            # run the enclosing definition's body are the ones that use it. A def or
            # decorator line counts so even when a test that reloads the module ran it.
            inside = self._tests_in_definition(key, first)
            return inside or None
        if found and not self._definition_spans(key, first):
            # A module-level line counts for the one test that happened to import the
            # module first, yet every test that reads the name may see the mutant.
            return None
        if found:
            return found
        return set() if first in self.missing.get(key, set()) else None

    @staticmethod
    def _definitions(key: str) -> list[tuple[int, int, int]]:
        """(first decorator's line, def or class line, last line) of every definition."""
        tree = ast.parse(Path(key).read_text())
        return [(min([n.lineno, *(d.lineno for d in n.decorator_list)]), n.lineno,
                 n.end_lineno or n.lineno) for n in ast.walk(tree)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]

    def _is_header(self, key: str, line: int) -> bool:
        """Is ``line`` a decorator or the def or class line of a definition?"""
        return any(top <= line <= head for top, head, _ in self._definitions(key))

    def _definition_spans(self, key: str, line: int) -> list[tuple[int, int | None]]:
        """The (first, last) lines of every def and class around ``line``, decorators
        included."""
        return [(top, end) for top, _, end in self._definitions(key) if top <= line <= end]

    def _tests_in_definition(self, key: str, line: int) -> set[str]:
        spans = self._definition_spans(key, line)
        if not spans:
            return set()  # module level: every test may see it
        first, last = max(spans)  # the innermost definition
        found: set[str] = set()
        for n in range(first, (last or first) + 1):
            found |= self.tests.get(key, {}).get(n, set())
        return found - {""}


def coverage_run(pkg: Package, name: str, test_timeout: int) -> tuple[float, LineMap]:
    """Run the package's tests once under coverage; fails unless they pass unmutated."""
    import coverage

    data_file, seconds_file = OUT / f"{name}.coverage", OUT / f"{name}.seconds.json"
    data_file.unlink(missing_ok=True)
    argv = pytest_argv(test_timeout) + deselect_args(pkg) + [f"--cov={s}" for s in pkg.sources] + [
        "--cov-context=test", "--cov-report=", *pkg.tests]
    start = time.monotonic()
    proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "COVERAGE_FILE": str(data_file),
                               "MEEPLE_MUTATION_DURATIONS": str(seconds_file)})
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-15:])
        fail(f"the unmutated tests fail, so no mutant can be judged:\n{tail}")
    cov = coverage.Coverage(data_file=str(data_file))
    cov.load()
    data = cov.get_data()
    tests: dict[str, dict[int, set[str]]] = {}
    missing: dict[str, set[int]] = {}
    for filename in data.measured_files():
        by_line = data.contexts_by_lineno(filename)
        # pytest-cov names a context "node id|setup", "|run" or "|teardown".
        tests[filename] = {line: {c.rsplit("|", 1)[0] for c in ctxs}
                           for line, ctxs in by_line.items()}
        missing[filename] = set(cov.analysis2(filename)[3])
    return seconds, LineMap(tests, missing, json.loads(seconds_file.read_text()))


def check_committed(pkg: Package) -> None:
    out = subprocess.run(["git", "status", "--porcelain", "--", *pkg.sources], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    if out.strip():
        fail("these sources have uncommitted changes (a mutation run rewrites them in place; "
             "commit them, or `git checkout` them if a run was killed):\n" + out)


def commit() -> str:
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()


def new_session(db, pkg: Package, name: str, seed: int) -> dict:
    import cosmic_ray.commands
    import cosmic_ray.modules
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    modules = cosmic_ray.modules.find_modules([Path(s) for s in pkg.mutated or pkg.sources])
    modules = sorted(cosmic_ray.modules.filter_paths(modules, pkg.excluded))
    db.clear()
    cosmic_ray.commands.init(modules, db, {})
    # The sample is a prefix of one seeded shuffle, so a larger --sample with --resume
    # extends a sample instead of drawing a new one.
    order = [mutant_id(i) for i in sorted(db.work_items, key=mutant_id)]
    random.Random(seed).shuffle(order)
    db.set_multiple_results([i.job_id for i in db.work_items],
                            WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
    return {"package": name, "only": list(pkg.mutated), "population": len(order),
            "seed": seed, "sample": 0,
            "commit": commit(), "started": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "order": order}


EQUIVALENT = "equivalent: inside an annotation that is never evaluated"


def _local_statements(fn: ast.AST) -> list[ast.AST]:
    """The statements of a function's own scope (not those of classes or functions in it)."""
    out, todo = [], list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return out


class Annotations:
    """Where the unevaluated annotations are: a function's parameter and return hints in a
    module with ``from __future__ import annotations``. A mutant there (``int | None`` to
    ``int + None``) cannot change behaviour, so it is not run and not counted; so are local
    variables' hints in function bodies. Class-level hints are kept: attrs and cattrs read
    them."""

    def __init__(self) -> None:
        self._spans: dict[Path, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        self._class_spans: dict[Path, list[tuple[tuple[int, int], tuple[int, int]]]] = {}

    def in_class_hint(self, item) -> bool:
        """Is the mutant inside a class-level annotation of a lazy module (read only by
        something that resolves the hints)?"""
        spec = item.mutations[0]
        path = spec.module_path
        if path not in self._class_spans:
            tree = ast.parse((ROOT / path).read_text())
            lazy = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                       and any(a.name == "annotations" for a in n.names) for n in tree.body)
            self._class_spans[path] = [
                ((a.annotation.lineno, a.annotation.col_offset),
                 (a.annotation.end_lineno, a.annotation.end_col_offset))
                for c in (ast.walk(tree) if lazy else ()) if isinstance(c, ast.ClassDef)
                for a in c.body if isinstance(a, ast.AnnAssign)]
        return any(a <= tuple(spec.start_pos) and tuple(spec.end_pos) <= b
                   for a, b in self._class_spans[path])

    def _of(self, path: Path) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        if path not in self._spans:
            tree = ast.parse((ROOT / path).read_text())
            lazy = any(isinstance(n, ast.ImportFrom) and n.module == "__future__"
                       and any(a.name == "annotations" for a in n.names) for n in tree.body)
            hints = []
            for node in ast.walk(tree) if lazy else ():
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    args = node.args
                    every = args.posonlyargs + args.args + args.kwonlyargs + \
                        [a for a in (args.vararg, args.kwarg) if a]
                    hints += [a.annotation for a in every if a.annotation]
                    hints += [node.returns] if node.returns else []
            # A local variable's annotation (``out: dict[str, int] = {}`` in a function
            # body) is never evaluated, in any module (PEP 526); a class body's is.
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    hints += [a.annotation for a in _local_statements(node)
                              if isinstance(a, ast.AnnAssign)]
            self._spans[path] = [((h.lineno, h.col_offset), (h.end_lineno, h.end_col_offset))
                                 for h in hints]
        return self._spans[path]

    def holds(self, item) -> bool:
        spec = item.mutations[0]
        return any(a <= tuple(spec.start_pos) and tuple(spec.end_pos) <= b
                   for a, b in self._of(spec.module_path))


def to_run(db, meta: dict, sample: int | None, survivors: bool) -> list:
    """The sampled mutants still to run (or, with `survivors`, those that survived); a
    sampled mutant inside an unevaluated annotation is recorded as equivalent instead."""
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    hints = Annotations()
    wanted = len(meta["order"]) if sample == 0 else (sample or 0)
    meta["sample"] = min(len(meta["order"]), max(meta["sample"], wanted))
    chosen = set(meta["order"][:meta["sample"]])
    todo = []
    for item, result in db.completed_work_items:
        if mutant_id(item) not in chosen:
            continue
        v = verdict(result)
        if v in ("skipped", "survived", "uncovered") and hints.holds(item):
            db.set_result(item.job_id, WorkResult(worker_outcome=WorkerOutcome.SKIPPED,
                                                  output=EQUIVALENT))
        elif v == "skipped" or (survivors and v in ("survived", "uncovered")):
            todo.append(item)
    # In the sample's own (shuffled) order: a run stopped early has judged a random part
    # of its sample, not the first files in id order.
    rank = {m: i for i, m in enumerate(meta["order"])}
    return sorted(todo, key=lambda it: rank[mutant_id(it)])


def run_items(db, items, pkg: Package, lines: LineMap, test_timeout: int,
              timeout: float, budget: float) -> None:
    import attrs
    from cosmic_ray.mutating import mutate_and_test

    everything = test_command(pkg, test_timeout)
    hints = Annotations()
    for n, item in enumerate(items, 1):
        spec = item.mutations[0]
        start = time.monotonic()
        selected = lines.tests_for(spec.module_path, spec.start_pos[0], spec.end_pos[0])
        if pkg.hint_tests and hints.in_class_hint(item):
            first = list(pkg.hint_tests)
            rest = [t for t in lines.fastest(selected, budget) if t not in first] \
                if selected else []
            command = " ".join(pytest_argv(test_timeout) + [shlex.quote(t) for t in first + rest])
            result = mutate_and_test(item.mutations, command, timeout)
            selected = set(first + rest)
        elif selected is None:
            # Every test, fastest first (a module-level constant is usually caught by a
            # quick unit test; the slow replays last), as the coverage run timed them, and
            # with --budget only those that fit in it, as for any other mutant.
            known = lines.fastest(set(lines.seconds), budget)
            command = " ".join(pytest_argv(test_timeout) + [shlex.quote(t) for t in known]) \
                if known else everything
            result = mutate_and_test(item.mutations, command, timeout)
        elif not selected:
            # No test reaches the line: it survives for certain. `true` only lets cosmic-ray
            # apply the mutant and record its diff.
            result = attrs.evolve(mutate_and_test(item.mutations, "true", timeout),
                                  output=NOT_COVERED)
        else:
            chosen = lines.fastest(selected, budget)
            command = " ".join(pytest_argv(test_timeout) + [shlex.quote(t) for t in chosen])
            result = mutate_and_test(item.mutations, command, timeout)
        db.set_result(item.job_id, result)
        every = set(lines.seconds)
        tests = f"all tests: {len(lines.fastest(every, budget))} of {len(every)}" \
            if selected is None else f"{len(lines.fastest(selected, budget))} of {len(selected)} tests"
        print(f"[{n}/{len(items)}] {verdict(result):<11} {mutant_id(item)} "
              f"line {spec.start_pos[0]}, {tests} ({time.monotonic() - start:.0f} s)",
              flush=True)


NOT_COVERED = "not covered: no test executes this line"


def verdict(result) -> str:
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    if result.worker_outcome == WorkerOutcome.SKIPPED:
        return "equivalent" if result.output == EQUIVALENT else "skipped"
    if result.worker_outcome == WorkerOutcome.NO_TEST:
        return "no-test"
    if result.test_outcome == TestOutcome.KILLED:
        out = result.output or ""
        # cosmic-ray's own limit reports "timeout"; pytest-timeout prints "Timeout" banners.
        return "timeout" if out == "timeout" or "+ Timeout +" in out else "killed"
    if result.test_outcome == TestOutcome.SURVIVED:
        return "uncovered" if result.output == NOT_COVERED else "survived"
    return "incompetent"


def wilson(killed: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    z, p = 1.96, killed / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(db, meta: dict) -> str:
    counts: dict[str, int] = {}
    survivors = []
    for item, result in db.completed_work_items:
        v = verdict(result)
        if v == "skipped":
            continue
        counts[v] = counts.get(v, 0) + 1
        if v in ("survived", "uncovered"):
            survivors.append((mutant_id(item), item, result))
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    survived = counts.get("survived", 0) + counts.get("uncovered", 0)
    judged = killed + survived
    low, high = wilson(killed, judged)
    rate = killed / judged if judged else 0.0
    lines = [
        f"# Mutation run: {meta['package']}",
        "",
        f"- date: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')} (started {meta['started']}),"
        f" commit {meta['commit']}",
        f"- mutants: {meta['population']} in "
        + (", ".join(meta["only"]) if meta.get("only") else "the package")
        + f", {meta['sample']} sampled "
        f"(seed {meta['seed']})",
        f"- judged {judged}: killed {killed} (of them {counts.get('timeout', 0)} by timeout), "
        f"survived {survived} (of them {counts.get('uncovered', 0)} on lines no test runs); "
        "not judged: "
        f"{counts.get('equivalent', 0)} in unevaluated annotations, "
        f"{counts.get('incompetent', 0)} incompetent, {counts.get('no-test', 0)} no-test",
        f"- kill rate {rate:.1%} (95% interval {low:.1%}-{high:.1%})",
        "- tests (each mutant runs those of them that reach its line, fastest first"
        + (f", at most {meta.get('budget')} s of them" if meta.get("budget") else "")
        + f"): `{meta['command']}`",
        *(f"- {r}" for r in meta.get("reruns", ())),
        "",
        "## Survivors",
    ]
    for mid, item, result in sorted(survivors, key=lambda s: s[0]):
        spec = item.mutations[0]
        where = " (no test runs it)" if verdict(result) == "uncovered" else ""
        lines.append(f"\n### {mid} (line {spec.start_pos[0]}, in {spec.definition_name})"
                     f"{where}\n")
        changed = [d for d in (result.diff or "").splitlines()
                   if d[:1] in "+-" and not d.startswith(("+++", "---"))]
        lines += ["```diff", *changed, "```"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    pkg = packages()[args.package]
    if args.only_file:
        pkg = replace(pkg, mutated=only_files(pkg, args.only_file))
    stem = session_stem(args.package, pkg.mutated)
    os.chdir(ROOT)
    # SIGTERM must unwind through cosmic-ray's restore_contents, or a mutant stays on disk.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "scripts"), *filter(None, [os.environ.get("PYTHONPATH")])])
    from cosmic_ray.work_db import WorkDB, use_db

    OUT.mkdir(exist_ok=True)
    session, meta_path = OUT / f"{stem}.sqlite", OUT / f"{stem}.json"
    if args.report:
        if not (session.exists() and meta_path.exists()):
            fail(f"no session to report on: {session}")
        with use_db(str(session), WorkDB.Mode.open) as db:
            text = summary(db, json.loads(meta_path.read_text()))
        (OUT / f"{stem}.md").write_text(text)
        print(text)
        return 0
    check_committed(pkg)
    # Two runs in one checkout restore each other's mutants as "original" source and can
    # leave a mutant on disk: one run at a time.
    lock = OUT / "run.lock"
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        fail(f"another mutation run is active in this checkout ({lock}; delete it if that "
             "run was killed)")
    try:
        return _run(args, pkg, session, meta_path, stem)
    finally:
        lock.unlink(missing_ok=True)


def _run(args: argparse.Namespace, pkg: Package, session: Path, meta_path: Path,
         stem: str) -> int:
    from cosmic_ray.work_db import WorkDB, use_db

    reuse = args.resume or args.rerun_survivors
    if reuse and not (session.exists() and meta_path.exists()):
        fail(f"no session to go on with: {session} (run without --resume first)")
    full_command = test_command(pkg, args.test_timeout)
    if args.only_tests:
        pkg = Package(pkg.sources, tuple(args.only_tests), pkg.excluded, mutated=pkg.mutated)
        start = time.monotonic()
        if subprocess.run(test_command(pkg, args.test_timeout).split(), cwd=ROOT,
                          capture_output=True).returncode != 0:
            fail(f"the tests {' '.join(args.only_tests)} fail unmutated")
        baseline, lines = time.monotonic() - start, LineMap({}, {}, {})
    else:
        baseline, lines = coverage_run(pkg, stem, args.test_timeout)
    # A mutant may slow the tests down without failing them; allow three times the clean
    # run (which was slower still, under coverage).
    timeout = max(120.0, 3 * baseline + 60)
    print(f"baseline: the tests pass unmutated in {baseline:.0f} s; "
          f"per-mutant limit {timeout:.0f} s", flush=True)
    with use_db(str(session), WorkDB.Mode.create) as db:
        if reuse:
            meta = json.loads(meta_path.read_text())
        else:
            meta = new_session(db, pkg, args.package, args.seed)
        if args.only_tests:
            meta.setdefault("reruns", []).append(
                f"{datetime.now(UTC):%Y-%m-%d %H:%M UTC}: survivors run against "
                + " ".join(args.only_tests))
            meta.setdefault("command", full_command)
        else:
            meta["budget"] = args.budget
            meta["command"] = full_command
        sample = 0 if args.sample is None and not reuse else args.sample
        todo = to_run(db, meta, sample, args.rerun_survivors)
        meta_path.write_text(json.dumps(meta, indent=1) + "\n")
        print(f"{args.package}: {meta['population']} mutants, {meta['sample']} sampled "
              f"(seed {meta['seed']}), {len(todo)} to run", flush=True)
        try:
            run_items(db, todo, pkg, lines, args.test_timeout, timeout, args.budget)
        finally:
            check_committed(pkg)
        text = summary(db, meta)
    (OUT / f"{stem}.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
