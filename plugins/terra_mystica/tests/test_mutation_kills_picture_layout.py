"""The SVG picture's layout, by its geometry rather than its coordinates: the map
is a tiling of regular hexagons in which the board's neighbours touch and no two hexes
overlap, and the picture's three parts (map, cult tracks, faction boards) stand one below
the other, each whole on the page, for two to five players. A coordinate off by a
factor or a sign breaks one of these; a shift of a pixel or two that keeps them is no
error."""

from __future__ import annotations

import math

import pytest
from meeple.core.testing import inside, page, random_snapshots, shapes
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.render import render_svg

GAME = TerraMystica()
STATES = [s for n, seed in ((2, 3), (3, 4), (4, 7), (5, 9))
          for s in random_snapshots(GAME, n, seed, at=(20, 60))]


def _hex_radius(poly) -> tuple[tuple[float, float], float]:
    cx = sum(x for x, _ in poly.points) / len(poly.points)
    cy = sum(y for _, y in poly.points) / len(poly.points)
    radii = [math.dist((cx, cy), p) for p in poly.points]
    assert max(radii) - min(radii) < 0.2  # regular: every corner as far from the centre
    return (cx, cy), radii[0]


def test_the_map_is_a_tiling_of_regular_hexagons_in_the_boards_neighbourhoods() -> None:
    _, found = shapes(render_svg(STATES[0]))
    polys = [s for s in found if s.tag == "polygon"]
    assert len(polys) == B.N_HEX
    cells = [_hex_radius(p) for p in polys]
    radius = cells[0][1]
    side = radius * math.sqrt(3)  # centre to centre of two hexes sharing an edge
    for h in range(B.N_HEX):
        (c, r) = cells[h]
        assert r == pytest.approx(radius, abs=0.2)
        for o in B.ADJ[h]:
            assert math.dist(c, cells[o][0]) == pytest.approx(side, abs=0.3), (
                B.NAMES[h], B.NAMES[o])
        for o in range(h + 1, B.N_HEX):
            assert math.dist(c, cells[o][0]) > side - 0.3, (B.NAMES[h], B.NAMES[o])


@pytest.mark.parametrize("i", range(len(STATES)))
def test_map_cult_tracks_and_boards_stand_one_below_the_other_on_the_page(i: int) -> None:
    g = STATES[i]
    root, found = shapes(render_svg(g))
    frame = page(root)
    # The background fills the page by percentages (width="100%"): not a placed shape.
    found = [s for s in found if not s.attrs.get("width", "").endswith("%")]
    for s in found:
        assert inside(s.bbox(), frame), (s.tag, s.attrs, s.text)
    texts = [s for s in found if s.tag == "text"]
    map_bottom = max(s.bbox()[3] for s in found if s.tag in ("polygon", "circle"))
    cult_title = next(t for t in texts if t.text == "Cult tracks").bbox()[1]
    bars = [s for s in found if s.tag == "rect" and s.attrs.get("height") == "10"]
    priests = [t.bbox()[1] for t in texts if t.text.startswith("priests ")]
    boards = [s for s in found if s.tag == "rect" and s.attrs.get("width") == "12"]
    assert len(boards) == len(g.order) and len(priests) == 4
    # Every part of the cult board (track names, bars, positions, priests) below its title.
    assert map_bottom < cult_title < min([b.bbox()[1] for b in bars] + priests)
    cult_bottom = max(priests + [b.bbox()[3] for b in bars])
    tops = [b.bbox()[1] for b in boards]
    assert cult_bottom < tops[0]
    # One board under the other, in seat order, none overlapping the next.
    for a, b in zip(boards, boards[1:], strict=False):
        assert a.bbox()[3] < b.bbox()[1]
