"""docs/architecture.md matches the code: the imports between Meeple's packages are the
ones it draws, and its module tables name every module of core, web and rl."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text()
PACKAGES = ("core", "ai", "cli", "web", "rl")


def package_edges() -> dict[str, set[str]]:
    """Which other Meeple packages each package imports (absolute or relative)."""
    edges: dict[str, set[str]] = {p: set() for p in PACKAGES}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = []
                if isinstance(node, ast.ImportFrom):
                    if node.level >= 2 and node.module:
                        names.append(node.module.split(".")[0])
                    elif node.level == 0 and node.module and node.module.startswith("meeple."):
                        names.append(node.module.split(".")[1])
                elif isinstance(node, ast.Import):
                    names += [a.name.split(".")[1] for a in node.names
                              if a.name.startswith("meeple.")]
                edges[pkg] |= {n for n in names if n in PACKAGES and n != pkg}
    return edges


def test_the_drawn_imports_are_the_code_s():
    line = re.search(r"<!-- imports: (.*?) -->", DOC).group(1)
    drawn = {p: set() for p in PACKAGES}
    for part in line.split(";"):
        src, dst = part.split("->")
        drawn[src.strip()] = {d.strip() for d in dst.split(",")}
    assert package_edges() == drawn


def test_every_module_of_core_web_and_rl_is_in_a_table():
    listed = set(re.findall(r"^\| `([^`]+)`(?:, `([^`]+)`)? \|", DOC, re.M))
    names = {n for pair in listed for n in pair if n}
    missing = []
    for pkg in ("core", "web", "rl"):
        for path in sorted((ROOT / pkg).glob("*.py")):
            if path.name == "__init__.py":
                continue
            short = path.name if pkg == "core" else f"{pkg}/{path.name}"
            if short not in names:
                missing.append(short)
    assert not missing, missing
