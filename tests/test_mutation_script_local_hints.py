"""scripts/mutation.py leaves local variables' annotations out of the count: Python never
evaluates them (PEP 526), so a mutant there cannot change behaviour."""

from __future__ import annotations

from test_mutation_script import mutant_at, mutation


def test_local_variable_hints_are_equivalent_and_class_hints_in_functions_are_not(
        tmp_path, monkeypatch) -> None:
    src = ("def f():\n"
           "    out: dict[str, int | None] = {1 | 2: None}\n"
           "    class K:\n"
           "        y: int | None = None\n"
           "    return out\n")
    (tmp_path / "m.py").write_text(src)
    monkeypatch.setattr(mutation, "ROOT", tmp_path)

    hints = mutation.Annotations()
    assert hints.holds(mutant_at("m.py", 2, 23))  # the | of the local variable's hint
    assert not hints.holds(mutant_at("m.py", 2, 36))  # the | of its value: evaluated
    assert not hints.holds(mutant_at("m.py", 4, 15))  # a class body's hint, even inside a function


def test_class_level_hints_of_lazy_modules_are_found(tmp_path, monkeypatch) -> None:
    core = mutation.packages()["core"]
    assert core.hint_tests and all(t.split("::")[0] in core.tests for t in core.hint_tests)
    src = ("from __future__ import annotations\n"
           "class C:\n"
           "    x: int | None = 1 | 2\n"
           "def f(y: int | None) -> None:\n"
           "    z: int | None = None\n")
    (tmp_path / "m.py").write_text(src)
    (tmp_path / "eager.py").write_text(src.split("\n", 1)[1])
    monkeypatch.setattr(mutation, "ROOT", tmp_path)

    hints = mutation.Annotations()
    assert hints.in_class_hint(mutant_at("m.py", 3, 11))  # the | of the class attribute's hint
    assert not hints.in_class_hint(mutant_at("m.py", 3, 20))  # its value
    assert not hints.in_class_hint(mutant_at("m.py", 4, 13))  # a parameter's hint
    assert not hints.in_class_hint(mutant_at("m.py", 5, 11))  # a local variable's hint
    assert not hints.in_class_hint(mutant_at("eager.py", 2, 11))  # evaluated when the class is made
