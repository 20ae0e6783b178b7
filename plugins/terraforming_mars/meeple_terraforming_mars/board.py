"""The Tharsis board: 61 spaces in nine hex rows, named by row letter and position
(``a1`` top left .. ``i5`` bottom right), plus the two off-map city spaces.

Rows grow from 5 to 9 spaces and shrink again; a space's horizontal position in
half-hex units is ``2 * index + |row - 4|``, so two spaces in neighbouring rows touch
when their positions differ by one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

ROW_LETTERS = "abcdefghi"
NOCTIS = "e3"
OFF_MAP = ("phobos", "ganymede")
BONUS_NAMES = {"s": "steel", "t": "titanium", "p": "plants", "c": "cards"}


@dataclass(frozen=True)
class Space:
    id: str
    row: int
    index: int
    ocean: bool  # reserved for oceans
    bonus: tuple[str, ...]  # resource names, one entry per bonus icon
    name: str = ""


def _load() -> tuple[dict[str, Space], dict[str, tuple[str, ...]], tuple[str, ...]]:
    raw = json.loads(resources.files(__package__).joinpath("data/tharsis.json").read_text())
    spaces: dict[str, Space] = {}
    pos: dict[str, tuple[int, int]] = {}
    for r, row in enumerate(raw["rows"]):
        for i, cell in enumerate(row):
            sid = f"{ROW_LETTERS[r]}{i + 1}"
            kind, bonus = cell[0], cell[1]
            spaces[sid] = Space(sid, r, i, kind == "ocean",
                                tuple(BONUS_NAMES[b] for b in bonus), cell[2] if len(cell) > 2 else "")
            pos[sid] = (r, 2 * i + abs(r - 4))
    adj: dict[str, tuple[str, ...]] = {}
    for a, (ra, xa) in pos.items():
        adj[a] = tuple(b for b, (rb, xb) in pos.items()
                       if (ra == rb and abs(xa - xb) == 2) or (abs(ra - rb) == 1 and abs(xa - xb) == 1))
    volcanic = tuple(s.id for s in spaces.values() if s.name in raw["volcanic"])
    return spaces, adj, volcanic


SPACES, ADJACENT, VOLCANIC = _load()
LAND = tuple(s for s, sp in SPACES.items() if not sp.ocean)
OCEAN_SPACES = tuple(s for s, sp in SPACES.items() if sp.ocean)
