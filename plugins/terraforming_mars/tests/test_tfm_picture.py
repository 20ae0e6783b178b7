"""What the SVG picture of Terraforming Mars must show, read shape by shape
(meeple.core.testing.shapes): every one of the 61 spaces as a regular hexagon at its place on
the Tharsis grid (neighbours on the map are neighbours on the page, touching without
overlapping) with its name under its centre, coloured as the legend says for what lies
on it; a square on each city, a dot in the owner's colour on each owned tile, a special
tile's initials; the three global parameters as bars filled in proportion; one box per
player in the seat's colour with the name, corporation, TR and the six resources and
productions in columns; the milestones, awards and final scores below the boxes; and a
legend whose glyphs stand beside their words. Also the text picture, cell by cell.

Shapes are read rather than words searched for, since a picture can hold every expected
word and still put a shape in the wrong place or colour.
"""

from __future__ import annotations

import math
import re

import pytest
from meeple.core.testing import Shape, inside, page, shapes
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars.board import ADJACENT, ROW_LETTERS, SPACES
from meeple_terraforming_mars.state import NEUTRAL, RES, State

GAME = TerraformingMars()
SHORT = ("M€", "steel", "titan", "plant", "energy", "heat")
HEX = 22  # the hexagons' corner radius (render.svg's ``size``)


def _state(n: int, over: bool = False) -> State:
    s = State(tuple(f"p{i + 1}" for i in range(n)), {})
    s.phase = "over" if over else "action"
    s.generation = 7
    s.temp, s.oxygen, s.oceans = 6, 9, 3
    owners = [*s.names, NEUTRAL]
    s.tiles = {"a4": ("ocean", ""), "c5": ("ocean", ""), "i1": ("ocean", "")}
    for k, sp in enumerate(("e4", "e6", "f2", "g3", "h2", "d2", "b2", "c2")):
        kind = ("greenery", "city", "capital", "nuclear zone", "mohole area")[k % 5]
        s.tiles[sp] = (kind, owners[k % len(owners)])
    s.tiles["phobos"] = ("city", s.names[0])
    corps = ("CrediCor", "EcoLine", "Helion", "Thorgate", "")
    for i, name in enumerate(s.names):
        p = s.players[name]
        p.corp, p.tr = corps[i], 20 + 3 * i
        p.res = [10 * i + k + 1 for k in range(6)]
        p.prod = [k - 2 + i for k in range(6)]
        p.hand = ["Comet", "Asteroid"][: i % 3]
        p.played = ["Mangrove"] * i
        p.passed = i == 1
    s.milestones = {"Terraformer": s.names[0], "Mayor": s.names[-1]}
    s.awards = {"Banker": s.names[-1]}
    s.scores = {name: 40 + 5 * i for i, name in enumerate(s.names)}
    return s


STATES = [_state(2), _state(5), _state(3, over=True), State(("a", "b"), {})]


def _texts(drawn: list[Shape], pattern: str) -> list[tuple[Shape, re.Match]]:
    return [(s, m) for s in drawn if s.tag == "text" and (m := re.fullmatch(pattern, s.text))]


def _hexes(drawn: list[Shape]) -> dict[str, Shape]:
    """Each space's hexagon, found by the name written inside it."""
    polys = [s for s in drawn if s.tag == "polygon"]
    out = {}
    for label, _m in _texts(drawn, r"[a-i]\d"):
        x, y = label.bbox()[:2]
        (poly,) = [p for p in polys if p.bbox()[0] < x < p.bbox()[2]
                   and p.bbox()[1] < y < p.bbox()[3] and abs(p.centre()[0] - x) < 0.2]
        assert label.text not in out
        out[label.text] = poly
    return out


def _legend(drawn: list[Shape]) -> dict[str, Shape]:
    """The glyph drawn just left of each legend word, on its line."""
    out = {}
    words = ("land space", "space reserved for oceans", "ocean tile", "greenery tile",
             "city tile", "special tile (its initials)", "owner (player colour; grey: neutral)")
    for word in words:
        (row,) = [s for s in drawn if s.tag == "text" and s.text == word]
        x, y = row.bbox()[:2]
        (glyph,) = [s for s in drawn if s.tag != "text" and x - 24 <= s.bbox()[0]
                    and s.bbox()[2] <= x and y - 14 <= s.bbox()[1] and s.bbox()[3] <= y + 4]
        out[word] = glyph
    return out


def test_the_bonus_icons_of_the_legend_continue_its_rows_in_two_columns_beside_their_words():
    _root, drawn = shapes(GAME.render(STATES[0], "svg"))
    (title,) = [s for s in drawn if s.tag == "text" and s.text == "legend"]
    assert title.bbox()[:2] == (20, 380)  # bottom left, under the map
    legend = _legend(drawn)
    rows = list(legend.values())
    centres = [g.centre() for g in rows]
    step = centres[1][1] - centres[0][1]
    assert step == 16 and all(b[1] - a[1] == step for a, b in zip(centres, centres[1:],
                                                                   strict=False))
    column = centres[0][0]
    assert column == 26 and all(c[0] == column for c in centres)  # 12 px glyphs from x 20
    words = ("steel bonus", "titanium bonus", "plant bonus", "card bonus")
    for k, word in enumerate(words):
        (label,) = [s for s in drawn if s.tag == "text" and s.text == word]
        x, y = label.bbox()[:2]
        (icon,) = [s for s in drawn if s.tag != "text" and s.attrs.get("stroke-width") == "0.5"
                   and x - 16 <= s.bbox()[0] and s.bbox()[2] <= x
                   and y - 12 <= s.bbox()[1] and s.bbox()[3] <= y + 2]
        # two to a line, the second 110 px right of the first, under the last row
        want = (column + 110 * (k % 2), centres[-1][1] + step * (1 + k // 2))
        assert icon.centre() == pytest.approx(want, abs=0.11), word
        assert (x, y) == pytest.approx((want[0] + 12, want[1] + 4), abs=0.11), word


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


@pytest.mark.parametrize("index", range(len(STATES)))
def test_every_space_is_a_regular_hexagon_at_its_place_on_the_grid(index):
    _root, drawn = shapes(GAME.render(STATES[index], "svg"))
    hexes = _hexes(drawn)
    assert set(hexes) == set(SPACES) and len([s for s in drawn if s.tag == "polygon"]) == 61
    centre = {sp: h.centre() for sp, h in hexes.items()}
    for sp, h in hexes.items():
        assert len(h.points) == 6
        cx, cy = centre[sp]
        angles = sorted(round(math.degrees(math.atan2(y - cy, x - cx))) % 360 for x, y in h.points)
        assert angles == [30, 90, 150, 210, 270, 330], sp
        assert all(abs(_dist(pt, (cx, cy)) - HEX) < 0.15 for pt in h.points), sp
        (label,) = [s for s in drawn if s.tag == "text" and s.text == sp]
        assert label.num("x") == pytest.approx(cx, abs=0.1) and cy < label.num("y") < h.bbox()[3]
    for r in range(9):  # rows top to bottom, spaces left to right along each row
        row = sorted((sp for sp in SPACES if SPACES[sp].row == r), key=lambda sp: SPACES[sp].index)
        assert len({round(centre[sp][1], 1) for sp in row}) == 1
        xs = [centre[sp][0] for sp in row]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        if r:
            assert centre[f"{ROW_LETTERS[r]}1"][1] > centre[f"{ROW_LETTERS[r - 1]}1"][1]
    apothem = HEX * math.sqrt(3) / 2
    for a in SPACES:
        for b in SPACES:
            if a < b:
                d = _dist(centre[a], centre[b])
                if b in ADJACENT[a]:  # they touch: no overlap, a seam of at most 3 px
                    assert 2 * apothem - 0.2 <= d <= 2 * apothem + 3, (a, b)
                else:
                    assert d > 2 * apothem + 20, (a, b)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_each_space_shows_what_lies_on_it_as_the_legend_says(index):
    s = STATES[index]
    _root, drawn = shapes(GAME.render(s, "svg"))
    hexes, legend = _hexes(drawn), _legend(drawn)
    boxes = _boxes(drawn, s)
    colour = {name: boxes[name].attrs["stroke"] for name in s.names}
    colour[NEUTRAL] = legend["owner (player colour; grey: neutral)"].fill
    squares = [r for r in drawn if r.tag == "rect" and r.attrs.get("width") == "14"]
    dots = [c for c in drawn if c.tag == "circle" and c.num("r") == 5]
    initials = [t for t in drawn if t.tag == "text" and t.attrs.get("font-size") == "8"]
    for sp, h in hexes.items():
        kind, owner = s.tiles.get(sp, ("", ""))
        want = {"": "space reserved for oceans" if SPACES[sp].ocean else "land space",
                "ocean": "ocean tile", "greenery": "greenery tile"}.get(kind)
        want = want or "special tile (its initials)"
        assert h.fill == legend[want].fill, (sp, kind)
        c = h.centre()
        here = [q for q in squares if _dist(q.centre(), c) < 0.2]
        assert len(here) == (kind in ("city", "capital")), sp
        assert all(q.fill == legend["city tile"].fill for q in here)
        dot = [d for d in dots if _dist(d.centre(), c) < 0.2]
        assert [d.fill for d in dot] == ([colour[owner]] if owner else []), sp
        mark = [t for t in initials if abs(t.num("x") - c[0]) < 0.2 and h.bbox()[1] < t.num("y")
                < c[1]]
        special = kind not in ("", "ocean", "greenery", "city", "capital")
        assert [t.text for t in mark] == ([kind[:3]] if special else []), sp
        # the initials stand centred, 8 px above the centre, clear of the owner's dot
        assert all(t.num("y") == pytest.approx(c[1] - 8, abs=0.11) for t in mark), sp
    on_mars = [sp for sp in s.tiles if sp in SPACES]
    assert len(squares) == sum(s.tiles[sp][0] in ("city", "capital") for sp in on_mars)
    assert len(dots) == sum(bool(s.tiles[sp][1]) for sp in on_mars) + 1  # + the legend's dot
    assert len(set(legend[w].fill for w in legend)) == len(legend)


def _boxes(drawn: list[Shape], s: State) -> dict[str, Shape]:
    rects = [r for r in drawn if r.tag == "rect" and r.attrs.get("fill") == "none"]
    assert len(rects) == len(s.names)
    out = {}
    for name in s.names:
        (head,) = [t for t in drawn if t.tag == "text" and t.text.startswith(f"{name} ")]
        (box,) = [r for r in rects if inside(head.bbox(), r.bbox())]
        out[name] = box
    return out


@pytest.mark.parametrize("index", range(len(STATES)))
def test_each_player_has_a_box_in_the_seats_colour_with_every_resource_in_its_column(index):
    s = STATES[index]
    root, drawn = shapes(GAME.render(s, "svg"))
    frame = page(root)
    assert all(inside(d.bbox(), frame) for d in drawn)
    boxes = _boxes(drawn, s)
    tops = [boxes[n].bbox()[1] for n in s.names]
    assert tops == sorted(tops)  # in seat order, top to bottom, not overlapping
    for a, b in zip(s.names, s.names[1:], strict=False):
        assert boxes[a].bbox()[3] < boxes[b].bbox()[1]
    # each seat keeps its colour whatever the number of players: red, blue, green, yellow,
    # violet
    seat_colours = ["#d62828", "#1d4ed8", "#16a34a", "#eab308", "#c084fc"]
    assert [boxes[n].attrs["stroke"] for n in s.names] == seat_colours[:len(s.names)]
    over = s.phase == "over"
    winners = [max(s.names, key=lambda n: s.scores.get(n, 0))] if over else []
    for name in s.names:
        p, box = s.players[name], boxes[name]
        inner = [t for t in drawn if t.tag == "text" and inside(t.bbox(), box.bbox())]
        mark = " (winner)" if name in winners else " (to act)" if name in GAME.to_act(s) else ""
        head = f"{name}{mark} - {p.corp or 'no corporation'} - TR {p.tr}" + (
            f" - {s.scores[name]} VP" if over else "")
        assert inner[0].text == head and inner[0].fill == box.attrs["stroke"]
        res = [t for t in inner if re.fullmatch(r"\S+ -?\d+", t.text) and not
               t.text.startswith("prod")]
        prod = [t for t in inner if t.text.startswith("prod ")]
        assert [t.text for t in res] == [f"{SHORT[k]} {p.res[k]}" for k in range(6)]
        assert [t.text for t in prod] == [f"prod {p.prod[k]}" for k in range(6)]
        xs = [t.num("x") for t in res]
        assert [t.num("x") for t in prod] == xs
        assert all(b - a >= 45 for a, b in zip(xs, xs[1:], strict=False))
        assert box.bbox()[2] - xs[-1] >= 45  # the last column fits in the box
        assert len({t.num("y") for t in res}) == 1 and len({t.num("y") for t in prod}) == 1
        assert inner[0].num("y") < res[0].num("y") < prod[0].num("y")
        # the lines at 14, 34 and 50 px below the top of the box, 6 px in, columns 52 px apart
        left, top = box.bbox()[:2]
        assert (inner[0].num("x"), inner[0].num("y")) == (left + 6, top + 14)
        assert xs == [left + 6 + 52 * k for k in range(6)]
        assert (res[0].num("y"), prod[0].num("y")) == (top + 34, top + 50)


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_parameters_milestones_awards_and_scores_read_in_order_below_the_boxes(index):
    s = STATES[index]
    _root, drawn = shapes(GAME.render(s, "svg"))
    boxes = _boxes(drawn, s)
    for word, value, top in (("temperature", s.temp, 19), ("oxygen", s.oxygen, 14),
                             ("oceans", s.oceans, 9)):
        shown = {"temperature": f"temperature {s.temp_c:+d} °C", "oxygen": f"oxygen {s.oxygen} %",
                 "oceans": f"oceans {s.oceans}/9"}[word]
        (label,) = [t for t in drawn if t.tag == "text" and t.text == shown]
        x, y = label.bbox()[:2]
        bars = [r for r in drawn if r.tag == "rect" and x - 250 < r.bbox()[0]
                and r.bbox()[2] <= x and r.bbox()[1] < y <= r.bbox()[3] + 2]
        back, filled = sorted(bars, key=lambda r: -r.num("width"))
        assert back.bbox()[:2] == filled.bbox()[:2] and x - back.bbox()[2] < 10
        assert filled.num("width") == pytest.approx(back.num("width") * value / top, abs=0.06)
        assert all(b.bbox()[3] < min(x.bbox()[1] for x in boxes.values()) for b in bars)
    lines = [t for t in drawn if t.tag == "text" and re.match("milestones:|awards:|final scores:",
                                                             t.text)]
    held = lambda d: ", ".join(f"{k} ({v})" for k, v in d.items()) or "none yet"  # noqa: E731
    want = [f"milestones: {held(s.milestones)}", f"awards: {held(s.awards)}"]
    if s.phase == "over":
        ranked = sorted(s.names, key=lambda n: -s.scores[n])
        want.append("final scores: " + ", ".join(
            f"{n} {s.scores[n]} VP" + (" (winner)" if n == ranked[0] else "") for n in ranked))
    assert [t.text for t in lines] == want
    ys = [t.num("y") for t in lines]
    assert ys == sorted(ys) and all(b - a >= 12 for a, b in zip(ys, ys[1:], strict=False))
    assert ys[0] > max(b.bbox()[3] for b in boxes.values())
    assert len({t.num("x") for t in lines}) == 1


def _head(drawn: list[Shape]) -> str:
    """The status line(s) above the parameters."""
    return " ".join(t.text for t in drawn if t.tag == "text" and t.attrs["font-size"] == "12")


@pytest.mark.parametrize("phase", ["setup", "research", "action", "production", "final", "over"])
def test_only_a_finished_game_with_its_scores_is_pictured_as_over(phase):
    from meeple_terraforming_mars.render import svg

    s = _state(3)
    s.phase = phase
    scores = {"p1": 40.0, "p2": 52.0, "p3": 52.0}
    drawn = shapes(svg(s, (), scores, ["p2", "p3"]))[1]
    texts = [t.text for t in drawn if t.tag == "text"]
    heads = [next(t.text for t in drawn if t.tag == "text" and t.text.startswith(f"{n} "))
             for n in s.names]
    if phase == "over":
        assert _head(drawn) == "Game over after generation 7: p2, p3 win"
        assert heads == ["p1 - CrediCor - TR 20 - 40 VP", "p2 (winner) - EcoLine - TR 23 - 52 VP",
                         "p3 (winner) - Helion - TR 26 - 52 VP"]
        assert "score breakdown" in texts
        final = " ".join(t.text for t in drawn if t.tag == "text" and t.fill == "#fbbf24"
                         and t.attrs["font-size"] == "11" and t.text != "score breakdown")
        assert final == "final scores: p2 52 VP (winner), p3 52 VP (winner), p1 40 VP"
    else:
        assert _head(drawn) == "Generation 7"
        assert heads == ["p1 - CrediCor - TR 20", "p2 - EcoLine - TR 23", "p3 - Helion - TR 26"]
        assert not any(t.startswith(("final scores", "score breakdown")) for t in texts)
    s.phase = "over"  # over, but no scores given: nothing to show as the result
    drawn = shapes(svg(s))[1]
    assert _head(drawn) == "Generation 7"
    assert "score breakdown" not in [t.text for t in drawn if t.tag == "text"]


def test_a_long_status_wraps_and_moves_the_panel_and_the_canvas_down_by_its_extra_lines():
    import textwrap

    from meeple_terraforming_mars.render import svg

    s = _state(5)
    acting = tuple(s.names)
    root, drawn = shapes(svg(s, acting))
    head = "Generation 7: " + "; ".join(f"{n} to take an action (or pass)" for n in acting)
    want = textwrap.wrap(head, 50)
    lines = [t for t in drawn if t.tag == "text" and t.attrs["font-size"] == "12"]
    assert [t.text for t in lines] == want and len(want) > 1
    assert [(t.num("x"), t.num("y")) for t in lines] == [(470, 30 + 16 * k)
                                                         for k in range(len(want))]
    drop = 16 * (len(want) - 1)
    panel = [d for d in drawn if d.group >= 0]
    assert panel and all((d.dx, d.dy) == (0, drop) for d in panel)
    bars = [next(t for t in panel if t.text.startswith(word))
            for word in ("temperature ", "oxygen ", "oceans ")]
    assert [t.bbox()[:2] for t in bars] == [(675, 60 + 24 * k + drop) for k in range(3)]
    assert page(root)[3] == 560 + drop
    _root, alone = shapes(svg(s, acting[:1]))  # a short status: one line, nothing moves
    assert [t.text for t in alone if t.tag == "text" and t.attrs["font-size"] == "12"] == [
        "Generation 7: p1 to take an action (or pass)"]
    assert all(d.dy == 0 for d in alone) and page(_root)[3] == 560


def test_a_single_winner_wins_in_the_pictures_head():
    from meeple_terraforming_mars.render import svg

    s = _state(2, over=True)
    drawn = shapes(svg(s, (), {"p1": 30.0, "p2": 41.0}, ["p2"]))[1]
    assert _head(drawn) == "Game over after generation 7: p2 wins"


# -- the text picture, cell by cell ------------------------------------------------------


def _cell(s: State, sp: str) -> str:
    kind, owner = s.tiles.get(sp, ("", ""))
    if not kind:
        return "o" if SPACES[sp].ocean else "."
    ch = {"ocean": "~", "greenery": "g", "city": "C", "capital": "C"}.get(kind, "*")
    return ch + (str(s.names.index(owner) + 1) if owner in s.names else "n" if owner else "")


@pytest.mark.parametrize("index", range(len(STATES)))
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_text_picture_shows_every_cell_and_every_players_line(index, seat):
    s = STATES[index]
    viewer = None if seat is None else s.names[seat]
    lines = GAME.render(s, "text", viewer).split("\n")
    assert lines[0] == (f"Generation {s.generation} ({s.phase})  temperature {s.temp_c} C  "
                        f"oxygen {s.oxygen} %  oceans {s.oceans}/9")
    for r in range(9):
        line = lines[1 + r]
        pad = 2 * abs(r - 4)
        assert line[:2 + pad] == f"{ROW_LETTERS[r]} " + " " * pad
        row = sorted((sp for sp in SPACES if SPACES[sp].row == r), key=lambda sp: SPACES[sp].index)
        body = line[2 + pad:]
        cells = [body[4 * k:4 * k + 4] for k in range(len(row))]
        assert [c.rstrip() for c in cells] == [_cell(s, sp) for sp in row], r
        assert all(len(c) == 4 for c in cells[:-1]) and body[4 * len(row):] == ""
    k = 10
    if "phobos" in s.tiles:
        assert lines[k] == f"off Mars: phobos: {s.tiles['phobos'][1]}"
        k += 1
    assert lines[k].startswith("legend: ~ ocean")
    for i, name in enumerate(s.names):
        p = s.players[name]
        res = " ".join(f"{RES[j]} {p.res[j]}({p.prod[j]:+d})" for j in range(6))
        assert lines[k + 1 + i] == (f"{i + 1} {name} [{p.corp or '-'}] TR {p.tr}  {res}  hand "
                                    f"{len(p.hand)}  played {len(p.played)}"
                                    + (" passed" if p.passed else ""))
    rest = lines[k + 1 + len(s.names):]
    if s.milestones:
        assert rest.pop(0) == "milestones: " + ", ".join(f"{a} ({b})" for a, b in
                                                          s.milestones.items())
    if s.awards:
        assert rest.pop(0) == "awards: " + ", ".join(f"{a} ({b})" for a, b in s.awards.items())
    if viewer is not None and s.players[viewer].hand:
        assert rest.pop(0) == f"your hand, {viewer} ({len(s.players[viewer].hand)}):"
        for card in s.players[viewer].hand:
            assert rest.pop(0).startswith(f"  {card} ")
    acting = GAME.to_act(s)
    if acting:
        assert rest == ["to act: " + "; ".join(f"{n} (take an action (or pass))" for n in acting)]
    else:
        assert rest == (["the game is over"] if s.phase == "over" else [])


@pytest.mark.parametrize("phase", ["setup", "research", "action", "production", "final", "over"])
def test_the_text_picture_ends_with_who_acts_or_that_the_game_is_over(phase):
    from meeple_terraforming_mars.render import text

    s = _state(2)
    s.phase = phase
    assert text(s, None, ("p2",)).split("\n")[-1] == "to act: p2 (take an action (or pass))"
    last = text(s, None, ()).split("\n")[-1]
    assert (last == "the game is over") == (phase == "over"), last


def test_the_text_picture_shows_a_player_their_hand_offers_list_and_draft_only():
    from meeple_terraforming_mars.cardtext import hand_line

    s = State(("a", "b"), {})
    a = s.players["a"]
    a.corp = "Helion"
    a.played = ["Earth Office"]  # 3 M€ off Pets, shown at the price to a
    a.hand = ["Pets", "?"]
    a.corp_offer = ["Helion", "EcoLine"]
    a.offer, a.marked = ["Comet", "Pets", "?"], ["Pets"]
    a.drafted = ["Fish", "Ants"]
    s.players["b"].hand = ["Comet"]
    lines = GAME.render(s, "text", "a").split("\n")
    start = lines.index("your hand, a (2):")
    assert lines[start:] == [
        "your hand, a (2):",
        f"  {hand_line('Pets', 7)}",
        "corporations offered: Helion, EcoLine",
        "offered to a (3 M€ each when bought; * = on your list):",
        f"    {hand_line('Comet', 21)}",
        f"  * {hand_line('Pets', 7)}",
        "drafted so far: Fish, Ants",
    ]
    assert lines[start + 1].startswith("  Pets [7 M€; ")  # the price to a
    seen_by_b = GAME.render(s, "text", "b")
    assert "your hand, b (1):" in seen_by_b and "offered to" not in seen_by_b
    assert "drafted" not in GAME.render(s, "text", None)


def test_what_a_player_is_asked_names_the_tile_and_what_it_is_for():
    from meeple_terraforming_mars.render import asks

    s = State(("a", "b"), {})
    assert asks(s, "a") == "take an action (or pass)"
    s.actions = 1
    assert asks(s, "a") == "take a second action, or done"
    s.pending = [("b", "place", "ocean", "ocean", "Comet"), ("a", "place", "city", "normal", "")]
    assert asks(s, "b") == "place an ocean for Comet"
    assert asks(s, "a") == "place a city"
    s.pending = [("a", "place", "greenery", "normal")]
    assert asks(s, "a") == "place a greenery"
    s.pending = [("a", "no such decision")]
    assert asks(s, "a") == "no such decision"
