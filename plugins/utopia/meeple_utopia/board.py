"""The board, read once from ``data/board.json`` (a reconstruction, see that
file), and the component counts from ``data/components.json``.

Everything the rules need about the map is precomputed here as tuples of district
indices, so rules code never touches the JSON: land neighbours (streets and bridges),
sea reach (maritime districts in the same or an adjacent sea sector) and island
membership. Replacing the JSON replaces the board.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    return json.loads(resources.files("meeple_utopia").joinpath(f"data/{name}").read_text())


COMPONENTS = _load("components.json")
CIVS: tuple[str, ...] = tuple(COMPONENTS["civilizations"])
NCIV = len(CIVS)


class Board:
    """Immutable map facts, indexed: districts 0..23, islands 0..3."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.island_ids: tuple[str, ...] = tuple(i["id"] for i in data["islands"])
        self.island_names: tuple[str, ...] = tuple(i["name"] for i in data["islands"])
        self.district_ids: tuple[str, ...] = tuple(d["id"] for d in data["districts"])
        self.index = {name: i for i, name in enumerate(self.district_ids)}
        self.island_of: tuple[int, ...] = tuple(
            self.island_ids.index(d["id"][0]) for d in data["districts"]
        )
        self.value: tuple[int, ...] = tuple(d["value"] for d in data["districts"])
        self.ship: tuple[bool, ...] = tuple(bool(d["ship"]) for d in data["districts"])
        self.sector: tuple[int, ...] = tuple(d["sector"] or 0 for d in data["districts"])
        self.xy: tuple[tuple[int, int], ...] = tuple(tuple(d["xy"]) for d in data["districts"])
        self.out_with_two: int = self.island_ids.index(data["two_player_out"])
        n = len(self.district_ids)
        land: list[set[int]] = [set() for _ in range(n)]
        self.streets = tuple((self.index[a], self.index[b]) for a, b in data["streets"])
        self.bridges = tuple((self.index[a], self.index[b]) for a, b in data["bridges"])
        for a, b in self.streets + self.bridges:
            land[a].add(b)
            land[b].add(a)
        near = {(s, s) for s in range(1, data["sectors"]["count"] + 1)}
        for a, b in data["sectors"]["adjacent"]:
            near |= {(a, b), (b, a)}
        sea: list[set[int]] = [set() for _ in range(n)]
        for a in range(n):
            for b in range(n):
                if (a != b and self.ship[a] and self.ship[b]
                        and (self.sector[a], self.sector[b]) in near):
                    sea[a].add(b)
        self.land: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in land)
        self.sea: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in sea)
        # One list of destinations per district: a card moves by land or by sea alike.
        self.reach: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(land[d] | sea[d])) for d in range(n)
        )
        self.districts_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(d for d in range(n) if self.island_of[d] == i)
            for i in range(len(self.island_ids))
        )

    @property
    def n_districts(self) -> int:
        return len(self.district_ids)

    @property
    def n_islands(self) -> int:
        return len(self.island_ids)

    def island_index(self, word: str) -> int | None:
        w = word.strip().lower()
        for i, (code, name) in enumerate(zip(self.island_ids, self.island_names, strict=True)):
            if w in (code.lower(), name):
                return i
        return None


BOARD = Board(_load("board.json"))
