"""The base map's shape: a wrong neighbour rule in the map builder (one of the six
directions computed wrongly) leaves a map that still plays, so the geometry is checked as
a whole: counts, symmetry and the number of edges an offset hex grid of rows of 13 and 12
hexes has."""

from __future__ import annotations

from collections import Counter

from meeple_terra_mystica import board as B


def test_the_base_map_has_77_land_hexes_11_of_each_terrain_and_36_river_hexes() -> None:
    assert B.N_HEX == 113 == 5 * 13 + 4 * 12
    assert len(B.LAND) == 77 and sum(B.IS_RIVER) == 36
    assert Counter(B.START_COLOR[h] for h in B.LAND) == {c: 11 for c in B.COLORS}


def test_adjacency_is_symmetric_and_follows_the_offset_hex_grid() -> None:
    for h, near in enumerate(B.ADJ):
        assert h not in near and len(near) <= 6
        row, col = B.POS[h]
        for a in near:
            assert h in B.ADJSET[a], (B.NAMES[h], B.NAMES[a])
            r, c = B.POS[a]
            # same row: the hexes left and right; the rows above and below: two hexes,
            # shifted by half a hex (odd rows are shifted to the right)
            assert (r == row and abs(c - col) == 1) or (
                abs(r - row) == 1 and c - col in ((-1, 0) if row % 2 == 0 else (0, 1)))
    # rows of 13, 12, 13, ...: 5 * 12 + 4 * 11 pairs within rows, 2 * 12 between each of
    # the 8 pairs of neighbouring rows
    assert sum(len(a) for a in B.ADJ) == 2 * (5 * 12 + 4 * 11 + 8 * 2 * 12)
    assert {B.NAMES[a] for a in B.ADJ[B.INDEX["A1"]]} == {"A2", "B1"}


def test_bridges_join_exactly_the_land_hexes_facing_each_other_across_the_river() -> None:
    # Two hexes two steps apart in a straight line share two neighbours; a bridge spans
    # the river where both of those are river hexes, and only there.
    across = {(h, o) for h in B.LAND for o in B.LAND if h < o and o not in B.ADJSET[h]
              and len(B.ADJSET[h] & B.ADJSET[o]) == 2
              and all(B.IS_RIVER[c] for c in B.ADJSET[h] & B.ADJSET[o])}
    bridges = {(h, o) for h in range(B.N_HEX) for o in B.BRIDGABLE[h] if h < o}
    assert bridges == across and len(bridges) > 20
    for h, o in bridges:
        assert h in B.BRIDGABLE[o] and B.RANGE_RIVER[h][o] == 1  # shipping 1 reaches it
