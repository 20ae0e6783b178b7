"""What the SVG picture of Over Hill and Dale must show, read shape by shape
(meeple.core.testing.shapes): every tile where it lies with its fields, paths, junction, animals
and harvest symbols on the right sides; every meeple and stable in its owner's colour on
its piece; each player's line; the drawn tile in each rotation; a legend whose glyphs
stand beside their words; and nothing outside the picture. The cross-game picture tests
(tests/test_game_pictures.py) only check that a status line is there and that it draws.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from meeple.core.testing import Shape, inside, page, random_decisions, random_snapshots, shapes
from meeple_carcassonne_hill_dale import HillDale, render
from meeple_carcassonne_hill_dale.tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH

GAME = HillDale()


def _states(players: int, seed: int, at: tuple[int, ...]) -> list:
    return random_snapshots(GAME, players, seed, at)


STATES = _states(3, 5, (0, 1, 25, 60)) + _states(5, 9, (40,))


def _sides(frame: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """The midpoints of a tile's north, east, south and west sides."""
    x0, y0, x1, y1 = frame
    return [((x0 + x1) / 2, y0), (x1, (y0 + y1) / 2), ((x0 + x1) / 2, y1), (x0, (y0 + y1) / 2)]


def _nearest_side(frame, point) -> int:
    return min(range(4), key=lambda e: (point[0] - _sides(frame)[e][0]) ** 2
               + (point[1] - _sides(frame)[e][1]) ** 2)


def _legend_letters(texts: str, names: tuple[str, ...]) -> dict[str, str]:
    """The legend's letter -> name, for the crops or the animals."""
    found = dict(re.findall(rf"\b([A-Za-z]) ({'|'.join(names)})\b", texts))
    assert set(found.values()) == set(names), f"the legend explains {found}"
    return found


def _groups(drawn: list[Shape]) -> dict[int, list[Shape]]:
    out: dict[int, list[Shape]] = {}
    for s in drawn:
        if s.group >= 0:
            out.setdefault(s.group, []).append(s)
    return out


def _player_colours(state, drawn: list[Shape]) -> list[str]:
    """Each seat's colour, from the dot before its line (which must say its figures)."""
    colours = []
    for seat, name in enumerate(state.players):
        line = [s for s in drawn if s.tag == "text" and s.text.startswith(f"{name} (")]
        assert len(line) == 1, name
        words = line[0].text
        def n(k: int, noun: str) -> str:
            return f"{k} {noun}" + ("" if k == 1 else "s")

        assert words.endswith(f": {n(state.scores[seat], 'point')}, "
                              f"{n(state.meeples_left[seat], 'meeple')}, "
                              f"{n(state.stables_left[seat], 'stable')} left"), words
        lx, ly = line[0].bbox()[:2]
        dot = [s for s in drawn if s.tag == "circle" and s.group < 0
               and s.bbox()[2] <= lx and s.bbox()[1] <= ly <= s.bbox()[3] + 2]
        assert len(dot) == 1, name
        colours.append(dot[0].fill)
    assert len(set(colours)) == len(colours)
    return colours


def _check_tile(group: list[Shape], kind: int, rot: int, crops: dict[str, str],
                animals: dict[str, str]) -> tuple[float, float, float, float]:
    """The tile's own drawing matches its orientation; returns its frame."""
    orient, k = ORIENT[kind][rot], KINDS[kind]
    frame = group[0].bbox()
    assert group[0].tag == "rect" and frame[2] - frame[0] == frame[3] - frame[1] > 0
    size = frame[2] - frame[0]
    for s in group[1:]:
        assert inside(s.bbox(), frame), (k.id, s)
    field_colour = {s.fill for s in group[1:] if s.tag == "rect" and s.attrs.get("stroke") is None}
    bands = [s for s in group[1:] if s.tag == "rect" and s.fill in field_colour
             and s.bbox() != frame]
    field_edges = [e for p in orient.pieces if p.kind != PATH for e in p.edges]
    # one band along each field side, spanning it; one centre square per field of 2+ sides
    side_bands = sorted(_nearest_side(frame, b.centre()) for b in bands
                        if max(b.bbox()[2] - b.bbox()[0], b.bbox()[3] - b.bbox()[1]) == size)
    assert side_bands == sorted(field_edges), (k.id, rot)
    for b in bands:
        e = _nearest_side(frame, b.centre())
        if max(b.bbox()[2] - b.bbox()[0], b.bbox()[3] - b.bbox()[1]) == size:
            # the band lies against side e
            edge_coord = {0: b.bbox()[1] - frame[1], 1: frame[2] - b.bbox()[2],
                          2: frame[3] - b.bbox()[3], 3: b.bbox()[0] - frame[0]}[e]
            assert edge_coord == 0, (k.id, rot, e)
    centres = [b for b in bands if max(b.bbox()[2] - b.bbox()[0], b.bbox()[3] - b.bbox()[1]) < size]
    wide_fields = [p for p in orient.pieces if p.kind != PATH and len(p.edges) > 1]
    assert len(centres) == len(wide_fields), (k.id, rot)
    for c in centres:
        assert abs(c.centre()[0] - (frame[0] + size / 2)) < 1e-9
        assert abs(c.centre()[1] - (frame[1] + size / 2)) < 1e-9
    # paths: from each of the path's sides to the centre
    middle = (frame[0] + size / 2, frame[1] + size / 2)
    lines = [s for s in group if s.tag == "polyline"]
    paths = [p for p in orient.pieces if p.kind == PATH]
    assert len(lines) == len(paths)
    got = sorted(tuple(sorted(_nearest_side(frame, (x + s.dx, y + s.dy)) for x, y in s.points
                              if (x + s.dx, y + s.dy) != middle)) for s in lines)
    assert got == sorted(p.edges for p in paths), (k.id, rot)
    for s in lines:
        ends = [(x + s.dx, y + s.dy) for x, y in s.points if (x + s.dx, y + s.dy) != middle]
        assert all(pt in _sides(frame) for pt in ends) and len(s.points) == len(ends) + 1
    # the junction: a dot in the centre
    dots = [s for s in group if s.tag == "circle" and s.centre() == middle]
    assert len(dots) == (1 if k.junction else 0), k.id
    # harvest symbols: letters beside their field's side
    texts = [s for s in group if s.tag == "text"]
    want = Counter()
    for p in orient.pieces:
        if p.harvest:
            want[(frozenset(p.edges), tuple(sorted(CROPS[c] for c in p.harvest)))] += 1
    seen = Counter()
    for t in texts:
        if all(ch in crops for ch in t.text) and t.text.isupper():
            side = _nearest_side(frame, t.bbox()[:2])
            piece = orient.pieces[orient.edge_piece[side]]
            seen[(frozenset(piece.edges), tuple(sorted(crops[ch] for ch in t.text)))] += 1
    assert seen == want, (k.id, rot)
    # animals: "1h 2s", the counts of the tile's animals
    herd = [t.text for t in texts if re.fullmatch(r"(\d[a-z] ?)+", t.text)]
    expected = Counter({ANIMALS[i]: n for i, n in enumerate(k.animals) if n})
    assert [Counter({animals[w[-1]]: int(w[:-1]) for w in h.split()}) for h in herd] == (
        [expected] if expected else []), k.id
    return frame


def _check_coordinates(coords: list[Shape], board: list, frames: list) -> None:
    """Each column's x above and below it, each row's y left and right of it, as the
    notation names them."""
    for ((x, y), _t), (fx0, fy0, fx1, fy1) in zip(board, frames, strict=True):
        column = [s for s in coords if s.text == str(x) and s.bbox()[0] == (fx0 + fx1) / 2]
        assert len(column) == 2 and column[0].bbox()[1] < fy0 and column[1].bbox()[1] > fy1, x
        row = [s for s in coords if s.text == str(y) and fy0 < s.bbox()[1] < fy1
               and (s.bbox()[0] < fx0 or s.bbox()[0] > fx1)]
        assert len(row) == 2, y


def _check_row_numbers_stand_alike(state, coords: list[Shape], left: float, top: float,
                                   size: float, width: float) -> None:
    """Each row's numbers stand as far left of the landscape as right of it, level with
    each other and with the row's middle; the landscape spans the tiles and the places
    the drawn tile fits. A page wider than its least width (620) is as wide as the
    landscape with the same margin on both sides."""
    from meeple_carcassonne_hill_dale.regions import spots

    cells = set(state.board) | set(spots(state))
    x_min = min(x for (x, _), _t in state.board.items())
    y_max = max(y for (_, y), _t in state.board.items())
    x0, x1 = min(x for x, _ in cells), max(x for x, _ in cells)
    y0, y1 = min(y for _, y in cells), max(y for _, y in cells)
    west = left - (x_min - x0) * size
    east = west + (x1 - x0 + 1) * size
    row_top = top - (y1 - y_max) * size
    for y in range(y0, y1 + 1):
        middle = row_top + (y1 - y) * size + size / 2
        pair = sorted((s for s in coords if s.text == str(y) and s.attrs.get("x")
                       and (s.bbox()[0] < west or s.bbox()[0] > east)
                       and abs(s.bbox()[1] - middle) < size / 2), key=lambda s: s.bbox()[0])
        assert len(pair) == 2, y
        before, after = pair
        assert before.attrs.get("text-anchor") == "end" and after.attrs.get("text-anchor") is None
        assert west - before.bbox()[0] == after.bbox()[0] - east > 0, y
        assert before.bbox()[1] == after.bbox()[1] > middle, y
        assert width >= 620
        if width > 620:
            assert width - after.bbox()[0] == before.bbox()[0], (width, y)


def _check_picture(state, svg: str | None = None) -> None:
    root, drawn = shapes(GAME.render(state, "svg") if svg is None else svg)
    frame = page(root)
    for s in drawn:
        assert inside(s.bbox(), frame), s
    # the picture is as tall as what it shows: no band of nothing anywhere down the page
    spans = sorted((s.bbox()[1], s.bbox()[3]) for s in drawn if s.group >= 0 or s.tag == "text")
    reach = 0.0
    for top_y, bottom_y in spans:
        assert top_y - reach < 40, f"nothing drawn between y={reach} and y={top_y}"
        reach = max(reach, bottom_y)
    assert frame[3] - reach < 40
    words = "\n".join(s.text for s in drawn if s.tag == "text")
    crops = _legend_letters(words, CROPS)
    animals = _legend_letters(words, ANIMALS)
    colours = _player_colours(state, drawn)
    groups = list(_groups(drawn).values())
    # the landscape: one group per tile, north up, east right, on a grid of tiles
    board = sorted(state.board.items())
    tiles = groups[:len(board)]
    frames = [_check_tile(g, kk, rot, crops, animals) for g, ((_, _), (kk, rot, _f, _e)) in
              zip(tiles, board, strict=True)]
    size = frames[0][2] - frames[0][0]
    x_min = min(x for (x, _), _t in board)
    y_max = max(y for (_, y), _t in board)
    left, top = min(f[0] for f in frames), min(f[1] for f in frames)
    for ((x, y), _t), f in zip(board, frames, strict=True):
        assert (f[0] - left, f[1] - top) == ((x - x_min) * size, (y_max - y) * size), (x, y)
    coords = [s for s in drawn if s.attrs.get("class") == "coord"]
    _check_coordinates(coords, board, frames)
    _check_row_numbers_stand_alike(state, coords, left, top, size, frame[2] - frame[0])
    status_lines = [s for s in drawn if s.tag == "text" and s.group < 0 and s.bbox()[1] < top
                    and s not in coords]
    assert len(status_lines) == 2 and all(s.bbox()[1] + 2 < top for s in status_lines)
    # meeples and stables in their owner's colour, on their piece
    want, got = Counter(), Counter()
    for seat, seg in state.meeples:
        role = "wanderer" if state.seg_kind[seg] == PATH else "farmer"
        want[(state.seg_pos[seg], role, seat)] += 1
    for pos, seat in state.stables.items():
        want[(pos, "stable", seat)] += 1
    for ((x, y), (kk, rot, _f, _e)), g, f in zip(board, tiles, frames, strict=True):
        orient = ORIENT[kk][rot]
        for s in g:
            if s.fill not in colours:
                continue
            seat = colours.index(s.fill)
            role = {"circle": "wanderer", "rect": "farmer", "polygon": "stable"}[s.tag]
            got[((x, y), role, seat)] += 1
            if role != "stable":
                side = _nearest_side(f, s.centre())
                piece = orient.edge_piece[side]
                assert piece >= 0 and (orient.pieces[piece].kind == PATH) == (role == "wanderer")
                assert s.centre() != ((f[0] + f[2]) / 2, (f[1] + f[3]) / 2)
    assert got == want
    # the drawn tile, in each of its rotations, each labelled beside it
    rest = groups[len(board):]
    running = state.current >= 0 and not state.finished
    heading = [s for s in drawn if s.tag == "text" and s.text.startswith("drawn tile")]
    if not running:
        assert rest == [] and heading == []
        return
    k = KINDS[state.current]
    assert [s.text for s in heading] == [f"drawn tile {k.id} in its rotations:"]
    assert len(rest) == len(k.rotations)
    bottom = max(f[3] for f in frames)
    for g, r in zip(rest, k.rotations, strict=True):
        f = _check_tile(g, state.current, r, crops, animals)
        # the drawn tile is shown bare: no meeple or stable of anybody's on it
        assert not [s for s in g if s.fill in colours or s.tag == "polygon"], r
        assert f[1] > heading[0].bbox()[1] > bottom
        label = [s for s in drawn if s.tag == "text" and s.text == f"r{r * 90}"]
        assert len(label) == 1
        lx, ly = label[0].bbox()[:2]
        assert f[2] <= lx <= f[2] + size / 2 and f[1] < ly < f[3]


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_picture_shows_every_tile_piece_meeple_and_player(index):
    _check_picture(STATES[index])


def test_the_pictured_states_have_every_kind_of_piece_to_draw():
    """The states above reach meeples of both roles, stables, several players' pieces on
    the board, a running and a finished game: otherwise the checks would have less to
    see."""
    roles = {(seat, "P" if s.seg_kind[seg] == PATH else "F")
             for s in STATES for seat, seg in s.meeples}
    assert {r for _, r in roles} == {"P", "F"} and len({seat for seat, _ in roles}) >= 3
    assert any(s.stables for s in STATES)
    assert any(s.finished for s in STATES) and any(not s.finished for s in STATES)
    assert any(KINDS[k].junction for s in STATES for k, *_ in s.board.values())
    widths = [float(re.search(r'width="(\d+)"', GAME.render(s, "svg"))[1]) for s in STATES]
    assert min(widths) == 620 < max(widths)  # narrow and wide landscapes


def test_the_legend_has_a_glyph_beside_each_kind_of_thing():
    root, drawn = shapes(GAME.render(STATES[2], "svg"))
    rows = {s.text.split(" ")[0]: s for s in drawn if s.tag == "text" and s.group < 0
            and s.text.split(" ")[0] in ("wanderer", "farmer", "stable", "junction:",
                                         "field;", "animals")}
    assert len(rows) == 6
    for word, row in rows.items():
        x, y = row.bbox()[:2]
        glyph = [s for s in drawn if s is not row and s.group < 0 and s.bbox()[2] <= x
                 and s.bbox()[1] - 2 <= y <= s.bbox()[3] + 8 and s.bbox()[3] >= y - 14]
        assert len(glyph) == 1, word
        kind = {"wanderer": "circle", "farmer": "rect", "stable": "polygon",
                "junction:": "circle", "field;": "rect", "animals": "text"}[word]
        assert glyph[0].tag == kind, word


def _outline(points) -> tuple:
    x0, y0 = points[0]
    return tuple((x - x0, y - y0) for x, y in points)


def test_the_legends_stable_and_farmer_look_like_those_on_the_board():
    state = next(s for s in STATES if s.stables and any(
        s.seg_kind[seg] != PATH for _, seg in s.meeples))
    _root, drawn = shapes(GAME.render(state, "svg"))
    stables = {_outline(s.points) for s in drawn if s.tag == "polygon" and s.group >= 0}
    legend = [s for s in drawn if s.group < 0 and s.fill == "#888"]
    assert {s.tag for s in legend} == {"circle", "rect", "polygon"}
    assert {_outline(s.points) for s in legend if s.tag == "polygon"} == stables
    farmers = {(s.num("width"), s.num("height")) for s in drawn if s.tag == "rect"
               and s.group >= 0 and s.attrs.get("stroke") == "#000"}
    assert {(s.num("width"), s.num("height")) for s in legend if s.tag == "rect"} == farmers


def test_the_drawn_tile_shows_each_rotation_side_by_side_with_its_label() -> None:
    seen = 0
    for state, _ in random_decisions(GAME, 3, 974, steps=40):
        if state.current >= 0 and not state.finished:
            picture = render.svg(state)
            labels = [(float(x), int(r)) for x, r in
                      re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="11">r(\d+)</text>',
                                 picture)]
            rotations = [r * 90 for r in KINDS[state.current].rotations]
            assert [r for _, r in labels] == rotations
            xs = [x for x, _ in labels]
            # each label right of its own tile, the tiles one tile and a gap apart
            assert xs == [8 + i * (render.SIZE + 30) + render.SIZE + 3 for i in range(len(xs))]
            seen += 1
    assert seen >= 10


def test_the_checks_fail_on_a_picture_that_moves_a_meeple_or_hides_a_tile():
    state = STATES[3]
    svg = GAME.render(state, "svg")
    _check_picture(state, svg)
    bad = re.sub(r'<g transform="translate\([^)]*\)">.*?</g>', "", svg, count=1, flags=re.S)
    with pytest.raises(AssertionError):
        _check_picture(state, bad)
    wanderer = re.search(r'<circle cx="(\d+)" cy="(\d+)" r="7"', svg)
    assert wanderer
    moved = svg.replace(wanderer[0], f'<circle cx="{60 - int(wanderer[1])}" '
                        f'cy="{60 - int(wanderer[2])}" r="7"', 1)
    with pytest.raises(AssertionError):
        _check_picture(state, moved)


@pytest.mark.parametrize(("n", "noun", "said"), [
    (0, "point", "0 points"), (1, "point", "1 point"), (2, "stable", "2 stables"),
    (1, "stable", "1 stable"), (1, "meeple", "1 meeple")])
def test_counts_are_said_in_the_singular_for_one(n, noun, said):
    from meeple_carcassonne_hill_dale.scoresheet import count

    assert count(n, noun) == said


def test_harvest_chips_are_counted_with_each_crops_own_plural():
    from meeple_carcassonne_hill_dale.panels import _chips
    from meeple_carcassonne_hill_dale.tiles import CROPS

    counts = [0] * len(CROPS)
    for crop, n in {"apple": 2, "strawberry": 3, "grain": 2, "scarecrow": 1}.items():
        counts[CROPS.index(crop)] = n
    assert _chips(tuple(counts)).startswith(
        "harvest chips 2 apples, 3 strawberries, 2 grain, 1 scarecrow (worth ")


def test_the_text_legend_names_every_centre_mark_the_board_uses():
    from meeple_carcassonne_hill_dale.render import TEXT_LEGEND

    legend = " ".join(TEXT_LEGEND)
    for mark in ("|", "#", ".", "+", "*", "o"):
        assert f" {mark} " in f" {legend} ", mark



def _tile_shapes(svg_parts: list[str], turn: bool = False) -> Counter:
    """A tile's drawing without its words, as shapes; with ``turn`` each shape as it
    becomes when turned a quarter clockwise about the tile's centre (the picture's y grows
    down, so (x, y) goes to (60 - y, x))."""
    import xml.etree.ElementTree as ET

    def at(x: float, y: float) -> tuple[float, float]:
        return (60 - y, x) if turn else (x, y)

    root = ET.fromstring('<svg xmlns="http://www.w3.org/2000/svg">' + "".join(svg_parts)
                         + "</svg>")
    out = Counter()
    for el in root.iter():
        tag, a = el.tag.split("}")[-1], el.attrib
        if tag == "rect" and "x" in a:
            x, y, w, h = (float(a[k]) for k in ("x", "y", "width", "height"))
            corners = [at(x, y), at(x + w, y + h)]
            box = (min(c[0] for c in corners), min(c[1] for c in corners),
                   max(c[0] for c in corners), max(c[1] for c in corners))
            out[("rect", a["fill"], box)] += 1
        elif tag == "circle":
            out[("circle", a["fill"], at(float(a["cx"]), float(a["cy"])), a["r"])] += 1
        elif tag == "polyline":
            out[("polyline", frozenset(at(*map(float, p.split(",")))
                                       for p in a["points"].split()))] += 1
    return out

def test_a_tile_turned_a_quarter_is_drawn_as_its_drawing_turned_a_quarter():
    """Fields, paths and the junction of every tile kind, and a meeple on each edge: the
    drawing of the next rotation is this one's turned about the tile's centre, so every
    side is drawn alike."""
    seen = 0
    for k in KINDS:
        for r in range(4):
            here = render._tile_svg(k.index, r, 0, 0, [], -1)
            turned = render._tile_svg(k.index, (r + 1) % 4, 0, 0, [], -1)
            assert _tile_shapes(here, turn=True) == _tile_shapes(turned), (k.id, r)
            seen += sum(_tile_shapes(here).values())
    assert seen > 4 * len(KINDS)
    plain = next(k.index for k in KINDS if not k.orients[0].pieces)
    for role in ("wanderer", "farmer"):
        for e in range(4):
            here = render._tile_svg(plain, 0, 0, 0, [(e, 1, role)], -1)
            turned = render._tile_svg(plain, 0, 0, 0, [((e + 1) % 4, 1, role)], -1)
            assert _tile_shapes(here, turn=True) == _tile_shapes(turned), (role, e)


def test_the_legends_glyphs_stand_in_one_column_each_level_with_its_words():
    """Every glyph of the legend, and every player's dot, is centred on the same column and
    level with the middle of its line's words (4 above their baseline, within half a
    point); so is the house of a stable, though its roof makes it taller."""
    _root, drawn = shapes(GAME.render(STATES[2], "svg"))
    words = {s.text.split(" ")[0]: s for s in drawn if s.tag == "text" and s.group < 0}
    centres = []
    for word in ("wanderer", "farmer", "stable", "junction:", "field;"):
        line = words[word]
        (glyph,) = [s for s in drawn if s.group < 0 and s.tag != "text" and s is not line
                    and abs(s.centre()[1] - (line.bbox()[1] - 4)) <= 0.5
                    and s.bbox()[2] < line.bbox()[0]]
        centres.append(glyph.centre()[0])
    assert len(set(centres)) == 1, centres
    (animals,) = [s for s in drawn if s.group < 0 and s.text == "1h"]
    assert animals.bbox()[1] == words["animals"].bbox()[1]
    assert animals.bbox()[0] < words["animals"].bbox()[0]
    for name in STATES[2].players:
        (line,) = [s for s in drawn if s.tag == "text" and s.text.startswith(f"{name} (")]
        (dot,) = [s for s in drawn if s.tag == "circle" and s.group < 0
                  and s.centre()[1] == line.bbox()[1] - 4 and s.bbox()[2] < line.bbox()[0]]
        assert dot.num("r") == 6
