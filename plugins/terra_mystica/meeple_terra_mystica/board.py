"""The base map of Terra Mystica, its hex names (A1..I13, rivers r0..), adjacency,
river distances and bridgeable edges.

The construction follows the layout conventions of Juho Snellman's online site, whose
ledgers name hexes this way: rows A-I, land hexes numbered from 1 left to right, river
hexes numbered r0, r1, ... in reading order. Odd rows (B, D, F, H) are shifted half a
hex to the right.
"""

from __future__ import annotations

BASE_MAP = """
brown gray green blue yellow red brown black red green blue red black E
yellow x x brown black x x yellow black x x yellow E
x x black x gray x green x green x gray x x E
green blue yellow x x red blue x red x red brown E
black brown red blue black brown gray yellow x x green black blue E
gray green x x yellow green x x x brown gray brown E
x x x gray x red x green x yellow black blue yellow E
yellow blue brown x x x blue black x gray brown gray E
red black gray blue red green yellow brown gray x blue green red E
""".split()

#: The terraforming wheel.
COLORS = ("yellow", "brown", "black", "blue", "green", "gray", "red")
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}


def _build():  # noqa: C901 - the map's data read in one pass
    names: list[str] = []
    color: list[str] = []
    pos: list[tuple[int, int]] = []
    rev: dict[tuple[int, int], int] = {}
    i = 0
    river = 0
    row_labels = "ABCDEFGHIJ"
    for ri in range(9):
        col = 1
        for ci in range(14):
            c = BASE_MAP[i]
            i += 1
            if c == "E":
                break
            if c != "x":
                key = f"{row_labels[ri]}{col}"
                col += 1
                color.append(c)
            else:
                key = f"r{river}"
                river += 1
                color.append("white")
            rev[(ri, ci)] = len(names)
            names.append(key)
            pos.append((ri, ci))
    n = len(names)
    adj: list[set[int]] = [set() for _ in range(n)]
    for h, (row, col) in enumerate(pos):
        def rec(o, h=h):
            if o is not None:
                adj[h].add(o)
        rec(rev.get((row, col + 1)))
        rec(rev.get((row, col - 1)))
        c = col - 1 if row % 2 == 0 else col
        rec(rev.get((row - 1, c)))
        rec(rev.get((row - 1, c + 1)))
        rec(rev.get((row + 1, c)))
        rec(rev.get((row + 1, c + 1)))
    is_river = [nm.startswith("r") for nm in names]

    def ranges(frm: int, river_only: bool) -> dict[int, int]:
        aux = {frm: -1}
        mx = 6 if river_only else 4
        for rng in range(mx + 1):
            for hx in list(aux):
                if aux[hx] != rng - 1:
                    continue
                if river_only and rng != 0 and not is_river[hx]:
                    continue
                for a in adj[hx]:
                    if river_only and rng == 0 and not is_river[a]:
                        continue
                    if a not in aux:
                        aux[a] = rng
        return aux

    rng0 = [None if is_river[h] else ranges(h, False) for h in range(n)]
    rng1 = [None if is_river[h] else ranges(h, True) for h in range(n)]
    bridgable: list[set[int]] = [set() for _ in range(n)]

    def rec_b(this, other):
        if other is not None and not is_river[other] and rng1[this].get(other) == 1:
            bridgable[this].add(other)
            bridgable[other].add(this)

    for h, (row, col) in enumerate(pos):
        if is_river[h]:
            continue
        off = col - (0 if row % 2 else 1)
        sw = rev.get((row + 1, off))
        se = rev.get((row + 1, off + 1))
        swr = sw is not None and is_river[sw]
        ser = se is not None and is_river[se]
        if (swr and ser) or (swr and se is None) or (ser and sw is None):
            rec_b(h, rev.get((row + 2, col)))
        left = rev.get((row, col - 1))
        if left is not None and is_river[left] and sw is not None and is_river[sw]:
            rec_b(h, rev.get((row + 1, off - 1)))
        right = rev.get((row, col + 1))
        if right is not None and is_river[right] and se is not None and is_river[se]:
            rec_b(h, rev.get((row + 1, off + 2)))
    return names, color, pos, adj, is_river, rng0, rng1, bridgable


NAMES, START_COLOR, POS, _ADJ, IS_RIVER, RANGE_LAND, RANGE_RIVER, _BRIDGABLE = _build()
N_HEX = len(NAMES)
INDEX = {nm: i for i, nm in enumerate(NAMES)}
ADJ: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in _ADJ)
ADJSET: tuple[frozenset[int], ...] = tuple(frozenset(a) for a in _ADJ)
BRIDGABLE: tuple[frozenset[int], ...] = tuple(frozenset(b) for b in _BRIDGABLE)
LAND = tuple(h for h in range(N_HEX) if not IS_RIVER[h])


def color_difference(a: str, b: str) -> int:
    diff = COLOR_INDEX[b] - COLOR_INDEX[a]
    if diff > 3:
        diff -= 7
    elif diff < -3:
        diff += 7
    return diff
