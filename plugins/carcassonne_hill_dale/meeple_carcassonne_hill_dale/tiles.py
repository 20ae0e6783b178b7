"""The land tiles: read once from data/tiles.json and turned into fast lookup tables.

Edges are numbered 0..3 for north, east, south, west. A rotation ``r`` turns a tile ``r``
quarter turns clockwise, so the base tile's edge ``e`` ends up on edge ``(e + r) % 4``.
Every rotation of every tile is precomputed as an ``Orientation``; pieces (paths and
fields) are sorted by their lowest edge, so "the piece touching edge X" names a piece.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (1, 0, -1, 0)
CROPS = ("apple", "strawberry", "pumpkin", "sunflower", "grain", "scarecrow")
#: Each crop's word for more than one chip (grain stays grain).
CROP_PLURALS = ("apples", "strawberries", "pumpkins", "sunflowers", "grain", "scarecrows")
SCARECROW = 5
ANIMALS = ("horse", "sheep", "pig", "chicken")
ANIMAL_PLURALS = ("horses", "sheep", "pigs", "chickens")
PATH, FIELD = "P", "F"


@dataclass(frozen=True)
class Piece:
    kind: str  # PATH or FIELD
    mask: int  # bit e set: the piece touches edge e
    harvest: tuple[int, ...]  # crop indices drawn on a field piece
    edges: tuple[int, ...] = ()  # the edges of mask, filled in by make_piece
    first_edge: int = -1


def make_piece(kind: str, mask: int, harvest: tuple[int, ...]) -> Piece:
    edges = tuple(e for e in range(4) if mask >> e & 1)
    return Piece(kind, mask, harvest, edges, edges[0])


@dataclass(frozen=True)
class Orientation:
    edges: str  # rotated edge letters, north first
    pieces: tuple[Piece, ...]
    edge_piece: tuple[int, int, int, int]  # edge -> index into pieces, -1 for meadow


@dataclass(frozen=True)
class TileKind:
    id: str
    index: int
    count: int
    start: bool
    animals: tuple[int, int, int, int]
    orients: tuple[Orientation, Orientation, Orientation, Orientation]
    canon: tuple[int, int, int, int]  # rotation -> the first rotation that looks the same
    rotations: tuple[int, ...]  # the distinct rotations
    animal_total: int

    @property
    def has_meadow(self) -> bool:
        return self.orients[0].edges != "FFFF"

    @property
    def junction(self) -> bool:
        return sum(1 for p in self.orients[0].pieces if p.kind == PATH) >= 3


def _rotate(edges: str, pieces: list[Piece], r: int) -> Orientation:
    new_edges = [""] * 4
    for e in range(4):
        new_edges[(e + r) % 4] = edges[e]
    rotated = []
    for p in pieces:
        mask = 0
        for e in p.edges:
            mask |= 1 << ((e + r) % 4)
        rotated.append(make_piece(p.kind, mask, p.harvest))
    rotated.sort(key=lambda p: p.first_edge)
    edge_piece = [-1, -1, -1, -1]
    for i, p in enumerate(rotated):
        for e in p.edges:
            edge_piece[e] = i
    return Orientation("".join(new_edges), tuple(rotated), tuple(edge_piece))  # type: ignore[arg-type]


def _kind(index: int, raw: dict) -> TileKind:
    edges = raw["edges"]
    pieces = [make_piece(PATH, sum(1 << DIRS.index(e) for e in p), ()) for p in raw["paths"]]
    pieces += [
        make_piece(FIELD, sum(1 << DIRS.index(e) for e in f["edges"]),
              tuple(CROPS.index(c) for c in f["harvest"]))
        for f in raw["fields"]
    ]
    for p in pieces:
        for e in p.edges:
            if edges[e] != p.kind:
                raise ValueError(f"tile {raw['id']}: piece on edge {DIRS[e]} is not {edges[e]}")
    orients = tuple(_rotate(edges, pieces, r) for r in range(4))
    canon = []
    for r in range(4):
        canon.append(next(q for q in range(4) if orients[q] == orients[r]))
    animals = tuple(int(raw["animals"].get(a, 0)) for a in ANIMALS)
    return TileKind(raw["id"], index, int(raw["count"]), bool(raw.get("start", False)),
                    animals, orients, tuple(canon), tuple(sorted(set(canon))),
                    sum(animals))  # type: ignore[arg-type]


def load(name: str = "tiles.json") -> tuple[list[TileKind], dict[str, int], dict[str, int]]:
    """The tile kinds, their index by id, and the harvest chips in the box by crop."""
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    raw = json.loads(text)
    kinds = [_kind(i, t) for i, t in enumerate(raw["tiles"])]
    return kinds, {k.id: k.index for k in kinds}, dict(raw["harvest_chips"])


KINDS, KIND_INDEX, HARVEST_CHIPS = load()
START = next(k.index for k in KINDS if k.start)
# ORIENT[kind][rot] without attribute look-ups on the hot path.
ORIENT = tuple(k.orients for k in KINDS)
CHIP_SUPPLY = tuple(HARVEST_CHIPS[c] for c in CROPS)


_FIT: dict[tuple[int, str], tuple[int, ...]] = {}


def fitting_rotations(kind: int, pattern: str) -> tuple[int, ...]:
    """The distinct rotations of ``kind`` whose edges match ``pattern`` (the terrain each
    neighbour shows, ``?`` where there is none). Memoised: there are few patterns."""
    key = (kind, pattern)
    rots = _FIT.get(key)
    if rots is None:
        k = KINDS[kind]
        rots = tuple(
            r for r in k.rotations
            if all(c == "?" or c == k.orients[r].edges[e] for e, c in enumerate(pattern))
        )
        _FIT[key] = rots
    return rots


def full_stack() -> list[int]:
    """Every tile kind index once per copy, the start tile excluded, in data order."""
    return [k.index for k in KINDS if not k.start for _ in range(k.count)]
