"""Imports inside the plugin run one way: data, then rules, then the Corporate Era cards,
then effects, then the engine side (flow, checks) and the table in words, then what a seat
points at (regions), then the picture and panels of a seat's table, then the game; no
module imports one of its own layer or above, at its top or inside a function."""

from __future__ import annotations

from pathlib import Path

import meeple_terraforming_mars
from meeple.core.testing import package_imports

PACKAGE = Path(meeple_terraforming_mars.__file__).parent
LAYERS = [
    {"state", "board"},
    {"cards", "delta"},  # card data; what an event did
    {"rules"},
    {"corporate_era"},
    {"effects"},
    {"scoring", "solo", "cardtext", "commands", "events", "cardvalue", "standings"},
    {"messages"},  # commands and events under one name
    {"opening"},  # the opening events placed (fold's only code besides delta)
    {"flow", "checks", "evaluation", "words", "table"},
    {"regions", "paying"},  # where a command is pointed at; how it is paid
    {"render", "panels"},  # a seat's picture and panels
    {"deciding", "allowed", "notation"},  # the Game's jobs, mixed into it
    {"game"},
    {"plugin", "__init__"},
]


def level(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


GRAPH = package_imports(PACKAGE)


def imports(path: Path) -> set[str]:
    return GRAPH[path.stem]


def test_every_module_is_in_a_layer() -> None:
    names = {p.stem for p in PACKAGE.glob("*.py")}
    assert names == set().union(*LAYERS), names ^ set().union(*LAYERS)


def test_imports_only_go_down() -> None:
    bad = []
    for path in sorted(PACKAGE.glob("*.py")):
        me = path.stem
        for other in imports(path):
            if level(other) >= level(me) and other != me:
                bad.append(f"{me} imports {other}")
    assert not bad, bad
    assert "corporate_era" not in imports(PACKAGE / "rules.py")
    assert "effects" not in imports(PACKAGE / "corporate_era.py")
