"""Carcassonne Hill & Dale's named things in words, for ``? NAME`` and ``meeple rules``:
every tile kind (from data/tiles.json) and the features and pieces of the game. Points
come from scoring.py."""

from __future__ import annotations

from .scoresheet import count
from .scoring import FIELD_POINTS, PATH_POINTS
from .tiles import ANIMAL_PLURALS, ANIMALS, CROPS, DIRS, KINDS

_TERRAIN = {"P": "path", "F": "field", "M": "meadow"}

FEATURES = {
    "path": f"a path ends at junctions and fields; closed, it scores {PATH_POINTS} point per "
            "tile to the wanderers' majority on it (at the end, unfinished ones score too)",
    "field": f"a field (Acker) is closed when no edge is open; it scores {FIELD_POINTS} points "
             "per tile to its farmers' majority (1 per tile if unfinished at the end), and "
             "its harvest symbols are shared out as chips",
    "meadow": "meadow edges join only meadow; animals graze on meadows; stables go on a "
              "tile with meadow",
    "junction": "where three or more paths end (+ on the map); paths stop there",
    "wanderer": "a meeple on a path (1-5 on the map); it may walk along its path onto the "
                "new tile, 1 point per tile entered",
    "farmer": "a meeple on a field (A-E on the map)",
    "stable": "two per player; on a tile with meadow, not next to another stable; at the "
              "end, 1 point per animal on its tile and the 8 around it (a-e on the map)",
    "walk": "instead of placing a meeple or stable: a wanderer on a path the new tile "
            "extends walks onto that tile, 1 point per tile entered",
    "harvest": "chips of a closed field's crops (apple, strawberry, pumpkin, sunflower, "
               "grain; scarecrows are jokers): 1 point each, 5 more per set of five crops",
    "animals": "horses, sheep, pigs and chickens on meadows (* on the map): stables score them",
}


def tile_text(index: int) -> str:
    k = KINDS[index]
    o = k.orients[0]
    edges = ", ".join(f"{DIRS[e]} {_TERRAIN[c]}" for e, c in enumerate(o.edges))
    parts = [f"{k.id} (tile kind, {k.count} in the box{', the start tile' if k.start else ''})",
             f"  edges unturned: {edges}"]
    for p in o.pieces:
        where = "-".join(DIRS[e] for e in p.edges)
        crop = f", harvest {', '.join(CROPS[c] for c in p.harvest)}" if p.harvest else ""
        parts.append(f"  {_TERRAIN[p.kind]} touching {where}{crop}")
    if k.junction:
        parts.append("  a junction: its paths end here")
    animals = ", ".join(count(n, a, many)
                        for a, many, n in zip(ANIMALS, ANIMAL_PLURALS, k.animals, strict=True) if n)
    if animals:
        parts.append(f"  animals: {animals}")
    return "\n".join(parts)


def topics() -> dict[str, list[str]]:
    return {"tile kinds": [k.id for k in KINDS], "features": list(FEATURES)}


def explain(topic: str) -> str | None:
    key = topic.strip().lower()
    for k in KINDS:
        if k.id.lower() == key:
            return tile_text(k.index)
    word = key.removesuffix("s") if key not in FEATURES else key
    for name, text in FEATURES.items():
        if word in (name, name.removesuffix("s")):
            return f"{name}: {text}"
    return None


def table_lines(state, player: str | None = None) -> list[str]:
    """What the map does not say: the tie-break."""
    return ["tie-break: players with equal points at the end share the rank"]
