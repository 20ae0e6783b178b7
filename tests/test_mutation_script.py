"""scripts/mutation.py's own logic: the figures in docs/testing.md come from it."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("mutation_script", ROOT / "scripts/mutation.py")
mutation = importlib.util.module_from_spec(SPEC)
sys.modules["mutation_script"] = mutation  # dataclasses look their module up
SPEC.loader.exec_module(mutation)


def mutant_at(path: str, line: int, col: int) -> SimpleNamespace:
    """A stand-in for a cosmic-ray work item: one mutation at ``path`` line ``line``."""
    spec = SimpleNamespace(module_path=Path(path), start_pos=(line, col), end_pos=(line, col + 1))
    return SimpleNamespace(mutations=[spec])


def test_the_wilson_interval_matches_published_values() -> None:
    # 37 of 44 and the textbook example 81 of 263 (Wilson 1927, as in Newcombe 1998).
    assert [round(x, 3) for x in mutation.wilson(37, 44)] == [0.706, 0.921]
    assert [round(x, 4) for x in mutation.wilson(81, 263)] == [0.2553, 0.3662]
    assert mutation.wilson(0, 0) == (0.0, 0.0)
    low, high = mutation.wilson(10, 10)
    assert high == 1.0 and 0.7 < low < 0.75


def test_only_unevaluated_function_annotations_count_as_equivalent(tmp_path, monkeypatch) -> None:
    src = ("from __future__ import annotations\n"
           "def f(a: int | None = 1 | 2) -> str | None:\n"
           "    return a\n"
           "class C:\n"
           "    x: int | None = None\n")
    (tmp_path / "m.py").write_text(src)
    (tmp_path / "eager.py").write_text(src.split("\n", 1)[1])
    monkeypatch.setattr(mutation, "ROOT", tmp_path)

    hints = mutation.Annotations()
    assert hints.holds(mutant_at("m.py", 2, 13))  # the | of the parameter's hint
    assert hints.holds(mutant_at("m.py", 2, 32))  # the | of the return hint
    assert not hints.holds(mutant_at("m.py", 2, 24))  # the | of the default value: evaluated
    assert not hints.holds(mutant_at("m.py", 5, 11))  # a class-level hint: attrs and cattrs read it
    assert not hints.holds(mutant_at("eager.py", 1, 13))  # without the future import: evaluated


def test_a_larger_sample_extends_a_smaller_one() -> None:
    class Db:
        completed_work_items = []

    order = [f"m.py:op:{i}" for i in range(50)]
    meta = {"order": order, "sample": 0}
    mutation.to_run(Db(), meta, 10, False)
    assert meta["sample"] == 10
    mutation.to_run(Db(), meta, 25, False)
    assert meta["sample"] == 25
    mutation.to_run(Db(), meta, None, False)
    assert meta["sample"] == 25  # --resume without --sample keeps it
    mutation.to_run(Db(), meta, 0, False)
    assert meta["sample"] == 50  # 0: every mutant


@pytest.mark.parametrize("args", [["nogame"], ["core", "--sample", "-3"],
                                  ["core", "--only-tests", "tests/test_engine.py"]])
def test_bad_arguments_are_one_line_and_exit_2(args) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "scripts/mutation.py"), *args],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.stderr.startswith("mutation: ")


@pytest.mark.parametrize("path", ["ai/no_such_module.py", "ai", "core/engine.py",
                                  "scripts/mutation.py", "../ai/model_search.py"])
def test_only_file_outside_the_package_or_not_a_python_file_is_refused(path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "scripts/mutation.py"), "ai",
                          "--only-file", path, "--report"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert run.stderr.startswith("mutation: --only-file: ") and path in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_only_file_names_its_own_session_beside_the_packages() -> None:
    pkg = mutation.packages()["ai"]
    files = mutation.only_files(pkg, ["./ai/model_search.py", "ai/mcts.py", "ai/model_search.py"])
    assert files == ("ai/model_search.py", "ai/mcts.py")
    assert mutation.only_files(pkg, [str(ROOT / "ai/mcts.py")]) == ("ai/mcts.py",)
    assert mutation.session_stem("ai", files) == "ai-model_search-mcts"
    assert mutation.session_stem("ai", ()) == "ai"


def test_only_file_samples_the_mutants_of_that_file_alone(tmp_path) -> None:
    from cosmic_ray.work_db import WorkDB, use_db

    pkg_dir = tmp_path / "pkg"
    pkg_dir.mkdir()
    (pkg_dir / "a.py").write_text("def f(x):\n    return x + 1 if x < 2 else x * 3\n")
    (pkg_dir / "b.py").write_text("def g(y):\n    return y - 4 == 5\n")
    whole = mutation.Package((str(pkg_dir),), ())
    only_b = mutation.Package((str(pkg_dir),), (), mutated=(str(pkg_dir / "b.py"),))
    metas = {}
    for name, pkg in (("whole", whole), ("b", only_b)):
        with use_db(str(tmp_path / f"{name}.sqlite"), WorkDB.Mode.create) as db:
            metas[name] = mutation.new_session(db, pkg, "pkg", 7)
    in_b = [i for i in metas["whole"]["order"] if "/b.py:" in i]
    assert in_b and len(in_b) < len(metas["whole"]["order"])
    assert sorted(metas["b"]["order"]) == sorted(in_b)
    assert metas["b"]["population"] == len(in_b) and metas["b"]["only"] == [str(pkg_dir / "b.py")]
    with use_db(str(tmp_path / "again.sqlite"), WorkDB.Mode.create) as db:
        assert mutation.new_session(db, only_b, "pkg", 7)["order"] == metas["b"]["order"]


def test_the_ai_runs_use_every_ai_test_file() -> None:
    tests = mutation.packages()["ai"].tests
    on_disk = sorted(f"tests/{p.name}" for p in (ROOT / "tests").glob("test_ai_*.py"))
    assert {"tests/test_ai_model_search.py", "tests/test_ai_model_search_lines.py",
            "tests/test_ai_search_trees.py", "tests/test_ai_tournament_plan.py"} <= set(on_disk)
    assert set(on_disk) <= set(tests)
    assert {"tests/test_sealed_status.py", "tests/test_review.py"} <= set(tests)
    assert all((ROOT / t).is_file() for t in tests)


def test_the_core_runs_use_the_engines_own_test_modules() -> None:
    core = mutation.packages()["core"]
    assert all((ROOT / t).is_file() for t in core.tests)
    assert len(set(core.tests)) == len(core.tests)
    # The modules that test meeple.core alone, value by value (the shipped test helpers
    # included), besides the engine's and the stores' contracts and the reliability tests.
    assert {"tests/test_engine.py", "tests/test_engine_api.py", "tests/test_core_api.py",
            "tests/test_store_contract.py", "tests/test_store_contract_catches_broken_stores.py",
            "tests/test_store_backends.py",
            "tests/test_store_errors.py", "tests/test_verify_findings.py",
            "tests/test_game_contract_checks.py", "tests/test_game_options.py",
            "tests/test_game_defaults.py", "tests/test_records.py", "tests/test_undo_rules.py",
            "tests/test_match_play.py", "tests/test_plugin_loading.py", "tests/test_rng.py",
            "tests/test_long_logs.py", "tests/test_outcome.py", "tests/test_facts.py",
            "tests/test_errors.py", "tests/test_agent_specs.py", "tests/test_svg_shapes.py",
            "tests/test_screenshot_colours.py"} <= set(core.tests)
    for hint in core.hint_tests:
        path, name = hint.split("::")
        assert f"def {name}(" in (ROOT / path).read_text(), hint


def test_a_module_level_line_gets_every_test_and_a_body_line_its_reaching_tests(tmp_path) -> None:
    """A constant runs once, at import, inside whichever test imported the module first;
    the others read it too, so it must not be credited to that one test alone."""
    src = tmp_path / "m.py"
    src.write_text("LIMIT = 10\n\n\ndef f():\n    return LIMIT\n\n\nclass C:\n    X = 1\n")
    key = str(src.resolve())
    lines = mutation.LineMap(
        tests={key: {1: {"t_import"}, 4: {""}, 5: {"t_f"}, 8: {""}, 9: {""}}},
        missing={key: set()}, seconds={"t_import": 0.1, "t_f": 0.1})
    assert lines.tests_for(src, 1, 1) is None
    assert lines.tests_for(src, 5, 5) == {"t_f"}
    assert lines.tests_for(src, 4, 4) == {"t_f"}  # a def line: the tests of its body
    assert lines.tests_for(src, 9, 9) is None  # a class attribute no test body reaches
    assert lines.tests_for(src, 2, 2) is None  # not in the map at all


def test_a_decorator_or_def_line_gets_the_tests_of_its_body_even_when_a_test_ran_it(
        tmp_path) -> None:
    """A test that reloads the module runs its decorator and def lines too; the mutant
    there (a decorator removed, a default changed) reaches every caller of the body."""
    src = tmp_path / "m.py"
    src.write_text("class C:\n    @classmethod\n    def make(cls, n=1):\n        return cls()\n")
    key = str(src.resolve())
    lines = mutation.LineMap(
        tests={key: {1: {"t_reload"}, 2: {"t_reload"}, 3: {"t_reload"},
                     4: {"t_make", "t_other"}}},
        missing={key: set()}, seconds={"t_reload": 0.1, "t_make": 0.1, "t_other": 0.1})
    assert lines.tests_for(src, 2, 2) == {"t_reload", "t_make", "t_other"}
    assert lines.tests_for(src, 3, 3) == {"t_reload", "t_make", "t_other"}
    assert lines.tests_for(src, 4, 4) == {"t_make", "t_other"}


def test_many_only_files_name_a_short_session_of_their_own() -> None:
    files = tuple(f"core/stores/module_with_a_long_name_{i}.py" for i in range(30))
    stem = mutation.session_stem("core", files)
    assert stem.startswith("core-30-files-") and len(stem) <= 80
    assert mutation.session_stem("core", tuple(reversed(files))) == stem  # the order is not part of it
    assert mutation.session_stem("core", files[:29]) != stem
    assert mutation.session_stem("core", ("core/audit.py",)) == "core-audit"
