"""What the SVG picture of Utopia must show, read shape by shape (meeple.core.testing.shapes):
every district at its place with its id and value, ship and sea sector, monument (its
civilization's colour, its owner's border) and each player's princes in that player's
colour; streets and bridges between the districts they join; every island's wonder in its
owner's colour; the lighthouses; the prestige scale in order; each player's prestige and
cards, and who is to act; a legend whose glyphs stand beside their words; and nothing
outside the picture. The cross-game picture tests (tests/test_game_pictures.py) only
check that a status line is there and that it draws.
"""

from __future__ import annotations

import re

import pytest
from meeple.core.testing import Shape, inside, page, random_snapshots, shapes
from meeple_utopia import Utopia
from meeple_utopia.board import BOARD, CIVS, NCIV
from meeple_utopia.state import OVER

GAME = Utopia()


def _states(players: int, seed: int, at: tuple[int, ...]) -> list:
    return random_snapshots(GAME, players, seed, at)


STATES = _states(2, 3, (0, 30)) + _states(4, 5, (60, 200))


def _dist2(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _texts(drawn: list[Shape], pattern: str) -> list[tuple[Shape, re.Match]]:
    return [(s, m) for s in drawn if s.tag == "text" and (m := re.fullmatch(pattern, s.text))]


def _beside(drawn: list[Shape], row: Shape, tag: str | None = None) -> list[Shape]:
    """The shapes drawn just left of a text row, on its line."""
    x, y = row.bbox()[:2]
    return [s for s in drawn if s is not row and s.tag != "text" and (tag is None or s.tag == tag)
            and x - 30 <= s.bbox()[0] and s.bbox()[2] <= x and y - 16 <= s.bbox()[1]
            and s.bbox()[3] <= y + 8]


def _check_picture(state, svg: str | None = None) -> None:  # noqa: C901 - one check per layer
    root, drawn = shapes(GAME.render(state, "svg") if svg is None else svg)
    frame = page(root)
    for s in drawn:
        assert inside(s.bbox(), frame), s
    n = state.n
    # the players: "name prestige, N cards" with a dot in the seat's colour
    colours = []
    for s, name in enumerate(state.players):
        mark = " (to act)" if s == state.current else ""
        rows = _texts(drawn, re.escape(f"{name} {state.scores[s]}, {state.hand_sizes[s]} cards"
                                       f"{mark}"))
        assert len(rows) == 1, name
        dots = _beside(drawn, rows[0][0], "circle")
        assert len(dots) == 1, name
        colours.append(dots[0].fill)
    assert len(set(colours)) == n
    assert len(_texts(drawn, r".* \(to act\)")) == (1 if state.current >= 0 else 0)
    # the prestige scale, highest first, a square of each civilization's colour beside it
    scale = _texts(drawn, r"(\d) (\w+) \((\w)\)")
    assert [(int(m[1]), m[2]) for _, m in scale] == sorted(
        ((state.scale[c], CIVS[c]) for c in range(NCIV)), key=lambda v: -v[0])
    ys = [s.bbox()[1] for s, _ in scale]
    assert all(b - a >= 13 for a, b in zip(ys, ys[1:], strict=False))  # no row on another
    civ_colour = {}
    for row, m in scale:
        squares = _beside(drawn, row, "rect")
        assert len(squares) == 1, m[2]
        civ_colour[m[2]] = squares[0].fill
        assert m[3] == "MPEGC"[CIVS.index(m[2])]
    assert len(set(civ_colour.values())) == NCIV
    # the map: the sea, and on it every district as a circle with "id (value)" above it
    sea = drawn[[s.tag for s in drawn].index("rect", 1)].bbox()
    circles = [s for s in drawn if s.tag == "circle" and s.num("r") == 30]
    assert len(circles) == BOARD.n_districts
    centre = [c.centre() for c in circles]
    for d, c in enumerate(circles):
        assert inside(c.bbox(), sea)
        label = _texts(drawn, re.escape(f"{BOARD.district_ids[d]} ({BOARD.value[d]})"))
        assert len(label) == 1 and label[0][0].attrs.get("text-anchor") == "middle"
        lx, ly = label[0][0].bbox()[:2]
        assert lx == centre[d][0] and centre[d][1] - 30 < ly < centre[d][1], d

    def district(point: tuple[float, float]) -> int:
        return min(range(BOARD.n_districts), key=lambda d: _dist2(point, centre[d]))

    # streets (thin) and bridges (thick) from district centre to district centre
    for edges, width in ((BOARD.streets, "2"), (BOARD.bridges, "6")):
        lines = {frozenset(s.points) for s in drawn
                 if s.tag == "line" and s.attrs.get("stroke-width") == width
                 and all((x + s.dx, y + s.dy) in centre for x, y in s.points)}
        assert lines == {frozenset({BOARD.xy[a], BOARD.xy[b]}) for a, b in edges}
    # a ship beside each ship district, with its sea sector
    hulls = [s for s in drawn if s.tag == "polygon" and s.fill == "#78350f"
             and inside(s.bbox(), sea)]
    ships = [d for d in range(BOARD.n_districts) if BOARD.ship[d]]
    assert sorted(district(h.centre()) for h in hulls) == ships
    for h in hulls:
        d = district(h.centre())
        assert _dist2(h.centre(), centre[d]) < 45 ** 2
        labels = [s for s in drawn if s.tag == "text" and s.text == str(BOARD.sector[d])
                  and _dist2(s.bbox()[:2], h.centre()) < 20 ** 2]
        assert labels, d
    # monuments: the civilization's colour, the owner's border, inside the district
    monuments = [s for s in drawn if s.tag == "rect" and "monument of" in s.title]
    want = {d: (CIVS[state.mon_civ[d]], state.mon_owner[d]) for d in range(BOARD.n_districts)
            if state.mon_owner[d] >= 0}
    got = {}
    for m in monuments:
        d = district(m.centre())
        assert inside(m.bbox(), circles[d].bbox()), d
        civ = m.title.split(" monument of ")[0]
        assert m.fill == civ_colour[civ] and m.attrs["stroke"] in colours
        assert m.title == f"{civ} monument of {state.players[colours.index(m.attrs['stroke'])]}"
        got[d] = (civ, colours.index(m.attrs["stroke"]))
    assert got == want
    # princes: "name C2 ..." per player, in the player's colour, inside the district
    princes = {}
    short = [p[:4] for p in state.players]
    lines = _texts(drawn, r"(\S+) ((?:[MPEGC]\d+ ?)+)")
    for row, _ in lines:  # one line per player, none on another
        assert all(abs(row.bbox()[1] - o.bbox()[1]) >= 8 for o, _ in lines
                   if o is not row and district(o.bbox()[:2]) == district(row.bbox()[:2]))
    for row, m in lines:
        seat = colours.index(row.fill)
        assert m[1] == short[seat]
        d = district(row.bbox()[:2])
        assert inside(row.bbox(), circles[d].bbox()), (d, row.text)
        for w in m[2].split():
            princes[(d, seat, "MPEGC".index(w[0]))] = int(w[1:])
    assert princes == {(d, s, c): state.count(d, s, c) for d in range(BOARD.n_districts)
                       for s in range(n) for c in range(NCIV) if state.count(d, s, c)}
    # wonders: one per island, in its owner's colour (white while free), on the island
    isles = [s for s in drawn if s.tag == "rect" and s.attrs.get("rx") == "30"]
    assert len(isles) == BOARD.n_islands
    for i, name in enumerate(BOARD.island_names):
        wonder = [s for s in drawn if s.tag == "polygon" and s.title ==
                  f"wonder of the {name} island"]
        assert len(wonder) == 1 and inside(wonder[0].bbox(), isles[i].bbox())
        owner = state.wonder[i]
        assert wonder[0].fill == (colours[owner] if owner >= 0 else "#ffffff"), name
        assert all(inside(circles[d].bbox(), isles[i].bbox()) for d in BOARD.districts_of[i])
        off = [s for s in drawn if s.tag == "text" and s.text == "not in play"
               and inside(s.bbox(), isles[i].bbox())]
        assert len(off) == (0 if state.active[i] else 1), name
    # waiting guests: one hexagon each, in the civilization's colour, lettered, side by
    # side below their island's first ship district
    guests = [s for s in drawn if s.tag == "polygon" and s.title.endswith(" guest")
              and inside(s.bbox(), sea)]
    anchors = {i: next(d for d in BOARD.districts_of[i] if BOARD.ship[d])
               for i in range(BOARD.n_islands) if any(BOARD.ship[d] for d in BOARD.districts_of[i])}
    seen = {}
    for g in guests:
        civ = g.title.removesuffix(" guest")
        assert g.fill == civ_colour[civ]
        i = min(anchors, key=lambda i: _dist2(g.centre(), centre[anchors[i]]))
        gx, gy = g.centre()
        ax, ay = centre[anchors[i]]
        assert ay + 30 < gy < ay + 60 and abs(gx - ax) < 60, civ
        seen[(i, CIVS.index(civ))] = seen.get((i, CIVS.index(civ)), 0) + 1
        letter = [s for s in drawn if s.tag == "text" and s.text == "MPEGC"[CIVS.index(civ)]
                  and inside(s.bbox(), g.bbox())]
        assert len(letter) == 1, civ
    assert seen == {(i, c): state.waiting[i * NCIV + c] for i in anchors for c in range(NCIV)
                    if state.waiting[i * NCIV + c]}
    for a in guests:
        assert all(_dist2(a.centre(), b.centre()) >= 12 ** 2 for b in guests if b is not a)
    # the lighthouses: a lamp where each stands and a dashed line to where it points
    for lh in BOARD.data["lighthouses"]:
        lamp = [s for s in drawn if s.tag == "circle" and s.centre() == (
            lh["at"][0] + s.dx, lh["at"][1] + s.dy) and s.fill == "#fde047"]
        dash = [s for s in drawn if s.tag == "line" and "stroke-dasharray" in s.attrs
                and s.points == (tuple(lh["at"]), tuple(lh["to"]))]
        assert len(lamp) == 1 and len(dash) == 1
    # beside the map, the lines of words never overlap, and every shape stands beside one
    # of them (a glyph, a dot, a square)
    rows = [s for s in drawn if s.tag == "text" and s.bbox()[0] > sea[2]]
    heights = sorted(r.bbox()[1] for r in rows)
    assert all(b - a >= 10 for a, b in zip(heights, heights[1:], strict=False)), heights
    for s in drawn:
        if s.tag != "text" and s.bbox()[0] > sea[2]:
            assert any(s in _beside(drawn, r) for r in rows), s
    # the legend: each glyph beside its words
    for words, tag in (("wonder:", "polygon"), ("monument:", "rect"), ("ship", "polygon"),
                       ("guest", "polygon"), ("bridge", "line"), ("lighthouse;", "circle")):
        row = [s for s in drawn if s.tag == "text" and s.text.split(" ")[0] == words
               and s.bbox()[0] > sea[2]]
        assert len(row) == 1, words
        assert any(g.tag == tag for g in _beside(drawn, row[0])), words
        if words == "ship":  # the same boat as on the map
            hull = next(g for g in _beside(drawn, row[0]) if g.fill == hulls[0].fill)
            assert _shape(hull) == _shape(hulls[0])


def _shape(s: Shape) -> tuple[tuple[float, float], ...]:
    x0, y0 = s.points[0]
    return tuple((x - x0, y - y0) for x, y in s.points)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_picture_shows_every_district_piece_and_player(index):
    _check_picture(STATES[index])


def test_the_pictured_states_have_every_kind_of_piece_to_draw():
    """The states above reach monuments, wonders, princes of several players, waiting
    guests, a two-player game with an island out of play, and a finished game."""
    assert any(d >= 0 for s in STATES for d in s.mon_owner)
    assert any(w >= 0 for s in STATES for w in s.wonder)
    assert any(sum(s.waiting) for s in STATES)
    assert any(not all(s.active) for s in STATES) and any(all(s.active) for s in STATES)
    assert any(s.phase == OVER for s in STATES) and any(s.phase != OVER for s in STATES)
    assert len({(s.n, seat) for s in STATES for seat in range(s.n)
                for d in range(BOARD.n_districts) for c in range(NCIV)
                if s.count(d, seat, c)}) >= 5


def test_the_checks_fail_on_a_picture_that_moves_a_district_or_recolours_a_prince():
    state = STATES[2]
    svg = GAME.render(state, "svg")
    _check_picture(state, svg)
    first = re.search(r'<circle cx="(\d+)" cy="(\d+)" r="30"', svg)
    assert first
    with pytest.raises(AssertionError):
        _check_picture(state, svg.replace(first[0], f'<circle cx="{first[1]}" '
                                          f'cy="{int(first[2]) + 40}" r="30"', 1))
    prince = re.search(r'font-size="8.5" fill="(#[0-9a-f]+)"', svg)
    assert prince
    other = "#000001"
    with pytest.raises((AssertionError, ValueError)):
        _check_picture(state, svg.replace(prince[0], prince[0].replace(prince[1], other), 1))


def test_the_picture_draws_one_hexagon_per_waiting_guest_of_its_civilisation():
    from meeple.core import LocalGame

    state = LocalGame(GAME, ["ann", "bob"], seed=4).state
    svg = GAME.render(state, "svg")
    islands_with_ships = [i for i in range(BOARD.n_islands)
                          if any(BOARD.ship[d] for d in BOARD.districts_of[i])]
    for c, civ in enumerate(CIVS):
        waiting = sum(state.waiting[i * NCIV + c] for i in islands_with_ships)
        assert svg.count(f"<title>{civ} guest</title>") == waiting, civ
    assert sum(state.waiting) > 0


def test_the_legends_bridge_and_street_are_strokes_as_long_as_each_other():
    _root, drawn = shapes(GAME.render(STATES[0], "svg"))
    sea_right = 800  # the map (the sea) is 800 wide; the legend stands right of it
    strokes = [s for s in drawn if s.tag == "line" and s.bbox()[0] > sea_right]
    assert sorted(s.attrs["stroke-width"] for s in strokes) == ["2", "5"]
    lengths = {s.bbox()[2] - s.bbox()[0] for s in strokes}
    assert len(lengths) == 1 and lengths.pop() >= 10
