"""What Terra Mystica's pictures must show, read back and compared with the state: the text
line by line (the round and its tile, the scoring tiles, every hex's terrain and building
in its map row, bridges, cult positions and priests, each faction's resources, buildings
and tiles, who is to act, the final scores) and the SVG shape by shape
(meeple.core.testing.shapes: a hexagon per hex in its terrain's colour with its name, a marker
per building, a line per bridge, cult bars as long as the positions, each faction's
board, the title and whose turn it is or who won); and the SVG's layout, by its geometry
rather than its coordinates: the map is a tiling of regular hexagons in which the board's
neighbours touch and no two hexes overlap, and the picture's three parts (map, cult
tracks, faction boards) stand one below the other, each whole on the page, for two to
five players. A coordinate off by a factor or a sign breaks one of these; a shift of a
pixel or two that keeps them is no error."""

from __future__ import annotations

import math
import re

import pytest
from meeple.core.testing import inside, page, random_snapshots, shapes
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.data import CULTS, DISPLAY, SCORING
from meeple_terra_mystica.render import FILL, render_svg, render_text

GAME = TerraMystica()
LETTER = {"yellow": "Y", "brown": "U", "black": "K", "blue": "B", "green": "G", "gray": "S",
          "red": "R"}
_CELL = re.compile(r"^([A-I]\d+)([YUKBGSR])(TP|TE|SH|SA|D)?$")


def _bridged(g):
    """The position with a bridge, a passed and a dropped faction, and tiles."""
    g = GAME.clone(g)
    names = list(g.order)
    a = next(h for h in B.LAND if B.BRIDGABLE[h])
    g.bridges = [*g.bridges, (a, min(B.BRIDGABLE[a]), names[0])]
    g.fac[names[0]].update(passed=1, FAV7=1, TW3=1, KEY=2)
    g.fac[names[-1]].update(passed=1, dropped=1)
    return g


def _states():
    out = []
    for n, seed in ((3, 4), (4, 7)):
        snaps = random_snapshots(GAME, n, seed, at=(0, 4, 30, 90))
        out += snaps
        out.append(_bridged(snaps[-2]))
    return out


STATES = _states()


def _tiles(f) -> list[str]:
    return sorted(k for k, v in f.items() if v and isinstance(v, int) and not isinstance(v, bool)
                  and re.fullmatch(r"(BON|FAV|TW)\d+", k))


@pytest.mark.parametrize("i", range(len(STATES)))
def test_the_text_picture_says_line_by_line_what_the_state_holds(i: int) -> None:
    g = STATES[i]
    lines = render_text(g).splitlines()
    if g.finished:
        assert lines[0] == "Game over"
    elif g.round == 0:
        assert lines[0] == f"Setup ({g.phase})"
    else:
        t = g.score_tiles[g.round - 1]
        assert lines[0] == f"Round {g.round}: {t} {SCORING[t][5]}"
    assert lines[1] == "Scoring: " + " ".join(f"{k}:{t}" for k, t in enumerate(g.score_tiles, 1))
    assert lines[2] == ""
    rows = sorted({r for r, _ in B.POS})
    for r in rows:
        line = lines[3 + r]
        assert line.startswith("   ") == bool(r % 2), line
        hexes = sorted((h for h in range(B.N_HEX) if B.POS[h][0] == r), key=lambda h: B.POS[h][1])
        cells = line.split()
        assert len(cells) == len(hexes), line
        for h, cell in zip(hexes, cells, strict=True):
            if B.IS_RIVER[h]:
                assert cell == "~~"
                continue
            m = _CELL.match(cell)
            assert m, cell
            assert (m[1], m[2], m[3] or "") == (B.NAMES[h], LETTER[g.hcolor[h]], g.hbld[h])
    at = 3 + len(rows)
    assert lines[at].startswith("  (Y yellow, U brown, K black, B blue, G green, S gray, R red")
    at += 1
    if g.bridges:
        assert lines[at] == "Bridges: " + ", ".join(
            f"{B.NAMES[a]}:{B.NAMES[b]}" for a, b, _ in g.bridges)
        at += 1
    assert lines[at] == "" and lines[at + 1].split() == ["Cults:", *CULTS]
    at += 2
    for n in g.order:
        words = lines[at].split()
        assert lines[at].startswith(f"  {n[:12]}") and words[1:] == [str(g.fac[n][c]) for c in CULTS]
        at += 1
    spots = dict(w.split(":", 1) for w in lines[at].split()[1:])
    assert lines[at].startswith("  priests: ")
    assert spots == {c: ",".join(s or "-" for s in g.cult_spots[c]) for c in CULTS}
    at += 2
    acting = set(GAME.to_act(g))
    for n in g.order:
        f = g.fac[n]
        head = lines[at]
        assert head.startswith(f"{DISPLAY[n]} [{f['player']}]"), head
        assert ("(passed)" in head) == bool(f["passed"]) and ("(dropped)" in head) == bool(f["dropped"])
        assert ("<- to act" in head) == (g.player_of[n] in acting), head
        m = re.fullmatch(r"  (-?\d+) VP  (\d+) C  (\d+) W  (\d+) P  power (\d+)/(\d+)/(\d+)  "
                         r"ship (\d+)  dig (\d+)  keys (\d+)", lines[at + 1])
        assert m, lines[at + 1]
        assert tuple(map(int, m.groups())) == tuple(f[k] for k in (
            "VP", "C", "W", "P", "P1", "P2", "P3", "shipping", "digging", "KEY"))
        words = lines[at + 2].split()
        assert words[0] == "buildings" and words[1:6] == [
            f"{b}:{f[b]}" for b in ("D", "TP", "TE", "SH", "SA")]
        assert words[6:] == (["tiles", *_tiles(f)] if _tiles(f) else [])
        at += 3
    if g.finished:
        assert lines[at:] == ["", "Final: " + ", ".join(f"{n} {g.fac[n]['VP']}" for n in g.order)]
    else:
        assert lines[at:] == []


def _nearest(p, polygons):
    """The hexagon whose centre is nearest to ``p`` (their boxes overlap, their centres
    lie a hex apart)."""
    return min(polygons, key=lambda q: (q.centre()[0] - p[0]) ** 2 + (q.centre()[1] - p[1]) ** 2)


def _near(p, q, most: float = 20.0) -> bool:
    return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 <= most ** 2


@pytest.mark.parametrize("i", range(len(STATES)))
def test_the_svg_picture_draws_every_hex_building_bridge_and_board(i: int) -> None:
    g = STATES[i]
    _, found = shapes(render_svg(g))
    hexes = [s for s in found if s.tag == "polygon"]
    texts = [s for s in found if s.tag == "text"]
    assert len(hexes) == B.N_HEX
    # Each land hex's name stands inside one hexagon, filled with its terrain's colour.
    where = {}
    for h in B.LAND:
        label = [t for t in texts if t.text == B.NAMES[h]]
        assert len(label) == 1, B.NAMES[h]
        box = _nearest(label[0].bbox()[:2], hexes)
        assert box.fill == FILL[g.hcolor[h]], B.NAMES[h]
        where[h] = box
    assert len({id(p) for p in where.values()}) == len(B.LAND)
    rivers = [p for p in hexes if all(p is not q for q in where.values())]
    assert {p.fill for p in rivers} == {FILL["white"]}
    # A ring per building, its letters inside the hexagon of the hex it stands on.
    rings = [s for s in found if s.tag == "circle"]
    built = [h for h in B.LAND if g.hbld[h]]
    assert len(rings) == len(built)
    for h in built:
        mid = where[h].centre()
        assert sum(_near(c.centre(), mid, 3) and c.attrs["stroke"] == FILL[g.hcolor[h]]
                   for c in rings) == 1, B.NAMES[h]
        assert any(t.text == g.hbld[h] and _near(t.bbox()[:2], mid, 4) for t in texts), B.NAMES[h]
    # A line per bridge, from one hex's centre to the other's.
    lines = [s for s in found if s.tag == "line"]
    assert len(lines) == len(g.bridges)
    for (a, b, _), line in zip(g.bridges, lines, strict=True):
        for x, end in zip((a, b), line.points, strict=True):
            assert _near(end, where[x].centre(), 0.2), (B.NAMES[x], end)
    # The cult board: each faction's bar on each track as long as its position says.
    bars = [s for s in found if s.tag == "rect" and s.attrs.get("height") == "10"]
    assert len(bars) == 4 * len(g.order)
    for k, c in enumerate(CULTS):
        assert any(t.text == c and t.attrs.get("font-weight") == "bold" for t in texts)
        mine = bars[k * len(g.order):(k + 1) * len(g.order)]
        for n, bar in zip(g.order, mine, strict=True):
            f = g.fac[n]
            assert bar.fill == FILL[f["color"]]
            assert bar.num("width") == f[c] * 9 + 2
            right = bar.bbox()[2]
            value = [t for t in texts if t.bbox()[1] == bar.bbox()[1] + 9 and right < t.bbox()[0] < right + 8]
            assert [t.text for t in value] == [str(f[c])], (n, c)
        spots = " ".join(s[:2] or "-" for s in g.cult_spots[c])
        assert any(t.text == f"priests {spots}" for t in texts)
    # Each faction's board, in seat order: name, player, passed, VP, then its resources.
    heads, boards = [], []
    for n in g.order:
        f = g.fac[n]
        status = (" passed" if f["passed"] else "") + (" dropped" if f["dropped"] else "")
        heads.append(f"{DISPLAY[n]} ({f['player']}){status}: {f['VP']} VP")
        boards.append(f"{f['C']} C, {f['W']} W, {f['P']} P, power {f['P1']}/{f['P2']}/"
                      f"{f['P3']}, ship {f['shipping']}, dig {f['digging']}; D {f['D']} TP "
                      f"{f['TP']} TE {f['TE']} SH {f['SH']} SA {f['SA']}")
    assert [t.text for t in texts if re.fullmatch(r".+ \(.+\).*: -?\d+ VP", t.text)] == heads
    assert [t.text for t in texts if re.match(r"\d+ C, ", t.text)] == boards
    title = "Game over" if g.finished else (f"Round {g.round}" if g.round else "Setup")
    assert texts[0].text == f"Terra Mystica, {title}"
    vp = ", ".join(f"{g.player_of[n]} {g.fac[n]['VP']}" for n in g.order)
    if g.finished:
        best = max(g.fac[n]["VP"] for n in g.order)
        won = [g.player_of[n] for n in g.order if g.fac[n]["VP"] == best]
        verb = "win" if len(won) > 1 else "wins"
        assert texts[1].text == f"{' and '.join(won)} {verb} with {best} VP ({vp})"
    else:
        who = ", ".join(GAME.to_act(g))
        assert texts[1].text == f"{who} to act" + (f" (VP: {vp})" if vp else "")


# -- the SVG's layout -------------------------------------------------------------------------

LAYOUT_STATES = [s for n, seed in ((2, 3), (3, 4), (4, 7), (5, 9))
                 for s in random_snapshots(GAME, n, seed, at=(20, 60))]


def _hex_radius(poly) -> tuple[tuple[float, float], float]:
    cx = sum(x for x, _ in poly.points) / len(poly.points)
    cy = sum(y for _, y in poly.points) / len(poly.points)
    radii = [math.dist((cx, cy), p) for p in poly.points]
    assert max(radii) - min(radii) < 0.2  # regular: every corner as far from the centre
    return (cx, cy), radii[0]


def test_the_map_is_a_tiling_of_regular_hexagons_in_the_boards_neighbourhoods() -> None:
    _, found = shapes(render_svg(LAYOUT_STATES[0]))
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


@pytest.mark.parametrize("i", range(len(LAYOUT_STATES)))
def test_map_cult_tracks_and_boards_stand_one_below_the_other_on_the_page(i: int) -> None:
    g = LAYOUT_STATES[i]
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


_SHORT = {"": " ", "D": "D", "TP": "T", "TE": "E", "SH": "H", "SA": "S"}


@pytest.mark.parametrize("i", [2, len(STATES) - 1])
def test_the_narrow_text_draws_the_map_five_columns_a_hex_and_keeps_the_rest(i: int) -> None:
    g = STATES[i]
    wide = render_text(g).splitlines()
    narrow = GAME.render(g, "narrow").splitlines()
    rows = sorted({r for r, _ in B.POS})
    # Above the map and below its legend the narrow text is the wide one, line for line.
    assert narrow[:3] == wide[:3]
    assert narrow[3 + len(rows) + 3:] == wide[3 + len(rows) + 1:]
    for r in rows:
        line = narrow[3 + r]
        head = chr(ord("A") + r) + " " + ("  " if r % 2 else "")
        assert line.startswith(head), line
        hexes = sorted((h for h in range(B.N_HEX) if B.POS[h][0] == r), key=lambda h: B.POS[h][1])
        body = line[len(head):]
        assert len(body) == 5 * len(hexes) - 1, line
        for k, h in enumerate(hexes):
            cell = body[5 * k:5 * k + 4]
            want = " ~~~" if B.IS_RIVER[h] else (
                f"{B.NAMES[h][1:]:>2}{LETTER[g.hcolor[h]]}{_SHORT[g.hbld[h]]}")
            assert cell == want, (line, k)
    legend = narrow[3 + len(rows):3 + len(rows) + 3]
    assert legend[0].startswith("  (a hex: its number in the row (row E, 8: E8)")
    assert "terrain Y yellow U brown K black B blue G green S gray R red; ~~~ river" in legend[1]
    assert "building D dwelling T trading house E temple H stronghold S sanctuary)" in legend[2]
    assert max(len(x) for x in narrow[3:3 + len(rows)]) <= 80
