"""scripts/mutation.py leaves local variables' annotations out of the count: Python never
evaluates them (PEP 526), so a mutant there cannot change behaviour."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from test_mutation_script import mutation


def test_local_variable_hints_are_equivalent_and_class_hints_in_functions_are_not(
        tmp_path, monkeypatch) -> None:
    src = ("def f():\n"
           "    out: dict[str, int | None] = {1 | 2: None}\n"
           "    class K:\n"
           "        y: int | None = None\n"
           "    return out\n")
    (tmp_path / "m.py").write_text(src)
    monkeypatch.setattr(mutation, "ROOT", tmp_path)

    def at(line: int, col: int):
        spec = SimpleNamespace(module_path=Path("m.py"), start_pos=(line, col),
                               end_pos=(line, col + 1))
        return SimpleNamespace(mutations=[spec])

    hints = mutation.Annotations()
    assert hints.holds(at(2, 23))  # the | of the local variable's hint
    assert not hints.holds(at(2, 36))  # the | of its value: evaluated
    assert not hints.holds(at(4, 15))  # a class body's hint, even inside a function
