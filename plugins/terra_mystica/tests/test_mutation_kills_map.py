"""The base map's shape (scripts/mutation.py, docs/testing.md): a slip in the map builder's
neighbour rule (one of the six directions computed wrongly) leaves a map that still plays,
so the geometry is checked as a whole: counts, symmetry and the number of edges an offset
hex grid of rows of 13 and 12 hexes has."""

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


def test_bridges_join_two_land_hexes_across_the_river_both_ways() -> None:
    for h, ends in enumerate(B.BRIDGABLE):
        for a in ends:
            assert not B.IS_RIVER[h] and not B.IS_RIVER[a]
            assert h in B.BRIDGABLE[a] and a not in B.ADJSET[h]
            # one river hex between them: reachable by shipping 1, not adjacent
            assert B.RANGE_RIVER[h][a] == 1
