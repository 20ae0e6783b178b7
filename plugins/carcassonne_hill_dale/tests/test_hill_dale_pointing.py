"""Playing by pointing at the picture: which regions each command names, that the acting
player's SVG draws them (later steps hidden until their step is picked), that nobody
else's picture is clickable, a whole game played by clicks alone, and every spot the
drawn tile fits titled with its turns for everyone."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hill_dale_helpers import GAME, Table
from meeple.core import LocalGame
from meeple.core.testing import encoded_log, replay_encoded
from meeple_carcassonne_hill_dale.events import Place
from meeple_carcassonne_hill_dale.regions import steps

FILL = ["meadow-4"] * 5
NS = "{http://www.w3.org/2000/svg}"


def _regions(t: Table, player: str) -> dict[str, tuple[str, ...]]:
    view = GAME.view(t.state, player)
    return {GAME.format(c): tuple(GAME.regions(view, player, c))
            for c in GAME.legal(view, player)}


def _drawn(svg: str) -> dict[str, set[str]]:
    """Region id -> the steps after which it is shown ("" for at once)."""
    out: dict[str, set[str]] = {}
    for el in ET.fromstring(svg).iter():
        if "data-region" in el.attrib:
            out.setdefault(el.attrib["data-region"], set()).add(el.attrib.get("data-after", ""))
    return out


def _elements(svg: str) -> dict[str, ET.Element]:
    return {el.attrib["data-region"]: el for el in ET.fromstring(svg).iter()
            if "data-region" in el.attrib}


def _turn_marks(el: ET.Element) -> int:
    return sum(1 for e in el.iter() if e.attrib.get("class") == "turn")


def _bare(el: ET.Element) -> bool:
    """The tile shown at a spot carries no figure: nothing in a player's colour."""
    from meeple_carcassonne_hill_dale.render import COLOURS

    return not [e for e in el.iter() if e.attrib.get("fill") in COLOURS]


def test_a_spot_where_one_rotation_fits_shows_it_with_nothing_to_turn():
    t = Table(["straight"] + FILL)  # at 1,0 only the east-west turn (r90) meets the path
    names = _regions(t, "ann")
    assert names["1,0 r90"] == ("1,0", "1,0 r90", "1,0 r90 no figure")
    assert names["1,0 r90 wanderer E"] == ("1,0", "1,0 r90", "1,0 r90 wanderer E")
    assert names["1,0 r90 stable"] == ("1,0", "1,0 r90", "1,0 r90 stable")
    shown = _elements(GAME.render(GAME.view(t.state, "ann"), "svg", "ann"))["1,0 r90"]
    assert (shown.attrib["data-after"], shown.attrib["data-cycle"]) == ("1,0", "1,0")
    assert _turn_marks(shown) == 0
    assert _bare(shown)


def test_a_spot_where_two_rotations_fit_shows_a_tile_that_turns_on_a_click():
    t = Table(["curve"] + FILL)  # south of the start tile: r0 and r270 keep meadow north
    names = _regions(t, "ann")
    assert {c for c in names if c.startswith("0,-1 ")} == {
        "0,-1 r0", "0,-1 r0 wanderer S", "0,-1 r0 stable",
        "0,-1 r270", "0,-1 r270 wanderer E", "0,-1 r270 stable"}
    assert names["0,-1 r0"] == ("0,-1", "0,-1 r0", "0,-1 r0 no figure")
    assert names["0,-1 r0 wanderer S"] == ("0,-1", "0,-1 r0", "0,-1 r0 wanderer S")
    assert names["0,-1 r270 stable"] == ("0,-1", "0,-1 r270", "0,-1 r270 stable")
    drawn = _elements(GAME.render(GAME.view(t.state, "ann"), "svg", "ann"))
    for rot in ("0,-1 r0", "0,-1 r270"):  # the tile itself at the spot, one per rotation
        assert (drawn[rot].attrib["data-after"], drawn[rot].attrib["data-cycle"]) == (
            "0,-1", "0,-1")
        assert drawn[rot].tag == f"{NS}g" and _turn_marks(drawn[rot]) == 1
        assert _bare(drawn[rot]), rot
    assert "0,-1 r90" not in drawn and "0,-1 r180" not in drawn  # they do not fit


def test_a_walk_names_the_wanderer_that_walks():
    t = Table(["curve", "straight", "straight"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "-1,0 r90")
    names = _regions(t, "ann")
    assert names["1,-1 r0 walk 1,0S 1,-1N"] == ("1,-1", "1,-1 r0", "1,-1 r0 walk 1,0S")
    svg = GAME.render(GAME.view(t.state, "ann"), "svg", "ann")
    # the ring round ann's wanderer on 1,0 appears once the tile is shown in that rotation
    assert _drawn(svg)["1,-1 r0 walk 1,0S"] == {"1,-1 r0"}


def test_a_wanderer_with_two_goals_on_the_new_tile_is_asked_where_to():
    t = Table(["curve", "straight", "straight"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "-1,0 r90")
    view = GAME.view(t.state, "ann")
    walk = GAME.parse("1,-1 r0 walk 1,0S 1,-1N")
    one = {"1,-1 r0 walk 1,0S": [(1, -1, 0)]}
    two = {"1,-1 r0 walk 1,0S": [(1, -1, 0), (1, -1, 2)]}
    assert steps(view, walk, one) == ("1,-1", "1,-1 r0", "1,-1 r0 walk 1,0S")
    assert steps(view, walk, two) == ("1,-1", "1,-1 r0", "1,-1 r0 walk 1,0S",
                                      "1,-1 r0 walk 1,0S 1,-1N")



def test_each_goal_of_a_wanderer_with_two_goals_is_a_mark_on_its_path_after_the_ring():
    """Drawn from the commands alone: were one wanderer to reach the new tile on two of
    its paths, the ring round it leads to a mark on each goal's path edge."""
    from meeple_carcassonne_hill_dale.pointing import layer

    t = Table(["curve", "straight", "junction3"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "-1,0 r90")
    view = GAME.view(t.state, "ann")
    cmds = [c for c in GAME.legal(view, "ann") if (c.x, c.y, c.rot) == (1, -1, 1)]
    assert [GAME.format(c) for c in cmds if c.what == "walk"] == ["1,-1 r90 walk 1,0S 1,-1N"]
    cmds.append(Place(1, -1, 1, "walk", -1, (1, 0, 2, 1, -1, 3)))  # a second goal: W

    def cell(x: int, y: int) -> tuple[int, int]:
        return 100 + 60 * x, 200 - 60 * y

    svg = "<svg xmlns='http://www.w3.org/2000/svg'>" + "".join(
        layer(view, "#123456", cmds, cell, lambda k, r, px, py: [], (8, 50))) + "</svg>"
    marks = _elements(svg)
    ring = marks["1,-1 r90 walk 1,0S"]
    # the ring round the wanderer on 1,0 (cell 160,200), 0.45 of the way in from S
    assert (ring.attrib["cx"], ring.attrib["cy"]) == ("190.0", "246.5")
    assert ring.attrib["data-after"] == "1,-1 r90" and ring.attrib["display"] == "none"
    for goal, centre in (("N", ("190.0", "273.5")), ("W", ("173.5", "290.0"))):
        mark = marks[f"1,-1 r90 walk 1,0S 1,-1{goal}"]  # tile 1,-1 at 160,260
        assert (mark.attrib["cx"], mark.attrib["cy"]) == centre, goal
        assert mark.attrib["data-after"] == "1,-1 r90 walk 1,0S"
        assert mark.attrib["display"] == "none"
        assert mark.find(f"{NS}title").text == f"walk it to the path touching {goal}"
    one = cmds[:-1]
    drawn = _elements("<svg xmlns='http://www.w3.org/2000/svg'>" + "".join(
        layer(view, "#123456", one, cell, lambda k, r, px, py: [], (8, 50))) + "</svg>")
    assert not [r for r in drawn if r.startswith("1,-1 r90 walk 1,0S ")]


def test_each_figure_mark_stands_on_its_piece_of_the_tile_shown():
    """On the tile shown at 1,0 (field N, path E-W): the wanderer's ring on the path
    0.45 of the way in from the east edge's middle, where a placed wanderer stands; the
    farmer's square on the field 0.65 of the way in from the north edge's middle; the
    stable's house where a placed stable stands; each titled in words."""
    t = Table(["field-n-path"] + FILL)
    drawn = _elements(GAME.render(GAME.view(t.state, "ann"), "svg", "ann"))
    spot = drawn["1,0"]
    px, py = float(spot.attrib["x"]) - 2, float(spot.attrib["y"]) - 2  # the spot's frame
    ring = drawn["1,0 r0 wanderer E"]
    assert (float(ring.attrib["cx"]), float(ring.attrib["cy"])) == (
        px + 60 - 0.45 * 30, py + 30)
    assert ring.find(f"{NS}title").text == "a wanderer on the path touching E"
    square = drawn["1,0 r0 farmer N"]
    x, y, w = (float(square.attrib[k]) for k in ("x", "y", "width"))
    assert (x + w / 2, y + w / 2) == (px + 30, py + 0.65 * 30)
    assert square.find(f"{NS}title").text == "a farmer on the field touching N"
    house = drawn["1,0 r0 stable"]
    assert house.find(f"{NS}title").text == "a stable on this tile's meadow"
    for text, mark in (("1,0 r0 wanderer E", ring), ("1,0 r0 stable", house)):
        placed = Table(["field-n-path"] + FILL)
        placed.play("ann", text)
        svg = GAME.render(GAME.view(placed.state, "bob"), "svg", "bob")
        tag = "circle" if mark is ring else "polygon"
        colour = 'fill="#d62828"'  # ann's red
        (figure,) = re.findall(rf'<g transform="translate\(([\d.]+),([\d.]+)\)">(?:(?!</g>).)*'
                               rf'<{tag} ([^>]*{colour}[^>]*)>', svg, flags=re.S)
        attrs = figure[2]  # drawn within its tile, whose frame starts at 0,0
        if tag == "circle":
            cx, cy = (float(re.search(rf'{k}="([\d.]+)"', attrs)[1]) for k in ("cx", "cy"))
            assert abs(cx - (float(ring.attrib["cx"]) - px)) <= 0.5
            assert cy == float(ring.attrib["cy"]) - py
        else:
            def centre(points: str) -> tuple[float, float]:
                pts = [tuple(map(float, p.split(","))) for p in points.split()]
                return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

            bx, by = centre(re.search(r'points="([^"]+)"', attrs)[1])
            hx, hy = centre(house.attrib["points"])
            assert abs(bx - (hx - px)) <= 0.5 and abs(by - (hy - py)) <= 1


def _num(el: ET.Element, key: str) -> float:
    return float(el.attrib[key])


def _label_sits_in_its_button(button: ET.Element) -> str:
    """The button's words are centred across it and stand inside it; returns them."""
    (rect,) = [e for e in button.iter() if e.tag == f"{NS}rect"]
    (text,) = [e for e in button.iter() if e.tag == f"{NS}text"]
    assert text.attrib["text-anchor"] == "middle"
    assert _num(text, "x") == _num(rect, "x") + _num(rect, "width") / 2
    size = float(text.attrib["font-size"])
    assert _num(rect, "y") + size <= _num(text, "y") <= _num(rect, "y") + _num(rect, "height")
    return text.text


def test_the_turn_mark_sits_in_the_tiles_corner_with_its_arrow_at_the_arcs_end():
    t = Table(["curve"] + FILL)  # two rotations fit south of the start tile
    drawn = _elements(GAME.render(GAME.view(t.state, "ann"), "svg", "ann"))
    shown = drawn["0,-1 r0"]
    (tile,) = [e for e in shown.iter() if e.tag == f"{NS}rect" and e.attrib.get("stroke")
               == "#ff00cc"]
    x0, y0 = _num(tile, "x"), _num(tile, "y")
    x1 = x0 + _num(tile, "width")
    # the spot's dashed frame lies 2 inside the place the tile is shown on, all round
    spot = drawn["0,-1"]
    assert (_num(spot, "x") - x0, _num(spot, "y") - y0) == (2, 2)
    assert (_num(spot, "width"), _num(spot, "height")) == (x1 - x0 - 4, x1 - x0 - 4)
    (ring,) = [e for e in shown.iter() if e.attrib.get("class") == "turn"]
    cx, cy, r = _num(ring, "cx"), _num(ring, "cy"), _num(ring, "r")
    assert x1 - (cx + r) == (cy - r) - y0 == 1  # one point in from the top right corner
    (arc,) = [e for e in shown.iter() if e.tag == f"{NS}path"]
    ends = [float(n) for n in re.findall(r"-?[\d.]+", arc.attrib["d"])]
    start, end = (ends[0], ends[1]), (ends[-2], ends[-1])
    assert start == (cx + 4.5, cy) and end == (cx, cy - 4.5)  # a round arrow about the mark
    (head,) = [e for e in shown.iter() if e.tag == f"{NS}polygon"]
    (bx, by0), (tx, ty), (bx2, by1) = [tuple(map(float, p.split(",")))
                                        for p in head.attrib["points"].split()]
    assert bx == bx2 < end[0] < tx and ty == end[1] == (by0 + by1) / 2


def test_the_buttons_words_are_centred_in_them():
    t = Table(["straight"] + FILL)
    drawn = _elements(GAME.render(GAME.view(t.state, "ann"), "svg", "ann"))
    assert _label_sits_in_its_button(drawn["1,0 r90 no figure"]) == "no figure (place only)"
    t = _harvest_to_share()
    drawn = _elements(GAME.render(GAME.view(t.state, "bob"), "svg", "bob"))
    lefts = []
    for crop in ("apple", "strawberry", "scarecrow"):
        assert _label_sits_in_its_button(drawn[f"take {crop}"]) == crop
        (rect,) = [e for e in drawn[f"take {crop}"].iter() if e.tag == f"{NS}rect"]
        lefts.append((_num(rect, "x"), _num(rect, "width")))
    # side by side, 8 apart, each as wide as its word needs
    lefts.sort()
    for (xa, wa), (xb, _wb) in zip(lefts, lefts[1:], strict=False):
        assert xb == xa + wa + 8

def _harvest_to_share() -> Table:
    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1",
               "field-nw-strawberry"] + FILL)
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "1,0 r0 farmer N")
    t.play("ann", "0,-1 r0")
    t.play("bob", "1,1 r270")  # closes both fields: bob picks first
    return t


def test_a_harvest_chip_is_a_button_for_its_picker_alone():
    t = _harvest_to_share()
    assert _regions(t, "bob") == {f"take {c}": (f"take {c}",)
                                  for c in ("apple", "strawberry", "scarecrow")}
    bob = _drawn(GAME.render(GAME.view(t.state, "bob"), "svg", "bob"))
    assert {r for r in bob if r.startswith("take ")} == {
        "take apple", "take strawberry", "take scarecrow"}
    assert _drawn(GAME.render(GAME.view(t.state, "ann"), "svg", "ann")) == {}
    (harvest,) = [p for p in GAME.panels(GAME.view(t.state, "bob"), "bob")
                  if p.title == "Harvest"]
    assert {e.region for e in harvest.entries} == {None, "take apple", "take strawberry",
                                                   "take scarecrow"}
    (seen,) = [p for p in GAME.panels(GAME.view(t.state, "ann"), "ann") if p.title == "Harvest"]
    assert {e.region for e in seen.entries} == {None}
    assert "bob, then ann" in seen.entries[0].detail


def _hidden(el: ET.Element, parents: dict) -> bool:
    while el is not None:
        if el.attrib.get("display") == "none":
            return True
        el = parents.get(el)
    return False


@pytest.mark.parametrize("seed", [2, 7])
def test_later_steps_are_hidden_until_their_step_is_picked(seed):
    local = LocalGame(GAME, ["ann", "bob", "cy"], {}, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while local.outcome() is None and checked < 30:
        player = local.to_act()[0]
        view = GAME.view(local.state, player)
        root = ET.fromstring(GAME.render(view, "svg", player))
        parents = {c: p for p in root.iter() for c in p}
        firsts = {GAME.regions(view, player, c)[0] for c in GAME.legal(view, player)}
        for el in root.iter():
            if "data-after" in el.attrib:
                assert _hidden(el, parents), el.attrib
            elif "data-region" in el.attrib:
                assert not _hidden(el, parents), el.attrib
                assert el.attrib["data-region"] in firsts  # nothing else lights at once
        for other in [*local.players, None]:
            if other != player:  # nobody else's picture is clickable
                assert "data-region" not in GAME.render(GAME.view(local.state, other), "svg",
                                                        other)
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        checked += 1


def _pick_by_pointing(view, player, rng) -> object:
    """Click as a person would: a random region among the next steps of the commands
    still possible, until one command is left (or a menu of commands that share every
    region); each clicked region must be drawn, after a step already picked."""
    commands = GAME.legal(view, player)
    names = {id(c): tuple(GAME.regions(view, player, c)) for c in commands}
    drawn = _drawn(GAME.render(view, "svg", player))
    for panel in GAME.panels(view, player):
        for e in panel.entries:
            if e.region:
                drawn.setdefault(e.region, set()).add("")
    picked: list[str] = []
    left = commands
    while len(left) > 1 and len({names[id(c)] for c in left}) > 1:
        k = len(picked)
        assert all(len(names[id(c)]) > k for c in left), "a command's regions end early"
        pick = rng.choice(sorted({names[id(c)][k] for c in left}))
        assert pick in drawn and ("" in drawn[pick] or drawn[pick] & set(picked)), pick
        picked.append(pick)
        left = [c for c in left if names[id(c)][k] == pick]
    return rng.choice(left)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_a_whole_game_is_played_by_pointing_and_its_log_replays(players, seed):
    local = LocalGame(GAME, GAME.default_players(players), {}, seed=seed)
    rng = random.Random(seed)
    kinds = set()
    while local.outcome() is None:
        player = local.to_act()[0]
        cmd = _pick_by_pointing(GAME.view(local.state, player), player, rng)
        kinds.add(cmd.what if isinstance(cmd, Place) else "take")
        local.play(player, cmd)
    assert {"", "wanderer", "farmer", "stable"} <= kinds
    assert replay_encoded(GAME, encoded_log(GAME, local.events)) == local.state


def test_the_pointing_check_fails_on_a_region_that_is_not_drawn(monkeypatch):
    t = Table(["curve"] + FILL)
    view = GAME.view(t.state, "ann")
    svg = GAME.render(view, "svg", "ann")
    for broken in (svg.replace('<rect class="spot" data-region="0,-1"', '<rect class="spot"'),
                   svg.replace('data-after="0,-1" data-cycle', 'data-after="1,0" data-cycle')):
        assert broken != svg
        monkeypatch.setattr(GAME, "render", lambda *a, page=broken, **k: page)
        rng = random.Random(0)
        with pytest.raises(AssertionError):
            for _ in range(50):
                _pick_by_pointing(view, "ann", rng)


def _shown(svg: str, picked: list[str], chosen: list[str]) -> str:
    """The picture as the page shows it once ``picked`` are picked, on the way to the
    command whose regions are ``chosen``: of the alternatives that turn (``data-cycle``)
    only the chosen one is shown."""
    for step in picked:
        svg = re.sub(rf'(data-after="{re.escape(step)}"(?! data-cycle)[^>]*?) display="none"',
                     r"\1", svg)
    for step in chosen:
        svg = re.sub(rf'(data-region="{re.escape(step)}" data-after="[^"]*" data-cycle="[^"]*")'
                     r' display="none"', r"\1", svg)
    return svg


def test_each_step_of_a_placement_or_a_pick_is_drawn_without_flaws(tmp_path):
    """The acting player's picture after each click (spot, rotation, figure; a harvest
    chip) keeps its words apart, on the canvas and uncovered, in Chromium."""
    from meeple.core.testing import MEASURE, chromium, flaws

    pictures = []
    for seed in (0, 1, 3):
        local = LocalGame(GAME, ["ann", "bob", "cy"], {}, seed=seed)
        rng = random.Random(seed)
        for ply in range(60):
            player = local.to_act()[0]
            view = GAME.view(local.state, player)
            commands = GAME.legal(view, player)
            if ply % 12 == 0 or not isinstance(commands[0], Place):
                cmd = rng.choice(commands)
                names = list(GAME.regions(view, player, cmd))
                svg = GAME.render(view, "svg", player)
                pictures += [(f"seed {seed}, {GAME.format(cmd)} after {names[:k]}",
                              _shown(svg, names[:k], names[:k + 1])) for k in range(len(names))]
            local.play(player, rng.choice(commands))
    sharing = _harvest_to_share()
    pictures.append(("bob picks a chip", GAME.render(GAME.view(sharing.state, "bob"), "svg",
                                                     "bob")))
    page = tmp_path / "step.svg"
    problems = []
    with chromium(1600, 1400) as driver:
        for name, svg in pictures:
            page.write_text(svg, encoding="utf-8")
            driver.get(page.as_uri())
            problems += [f"{name}: {p}" for p in flaws(*driver.execute_script(MEASURE))]
    assert problems == [], "\n".join(problems[:10])


def test_each_spot_is_titled_with_the_turns_the_drawn_tile_fits_there_in():
    several = False
    for tile in ("curve", "straight", "junction4"):
        t = Table([tile] + FILL)
        fits: dict[tuple[int, int], set[int]] = {}
        for c in GAME.legal(t.state, "ann"):
            fits.setdefault((c.x, c.y), set()).add(c.rot)
        svg = GAME.render(GAME.view(t.state, "bob"), "svg", "bob")
        titles = re.findall(r'<rect class="spot"[^>]*><title>([^<]*)</title>', svg)
        assert sorted(titles) == sorted(
            f"{x},{y}: the drawn tile fits here ({', '.join(f'r{r * 90}' for r in sorted(rots))})"
            for (x, y), rots in fits.items()), tile
        several |= any(len(rots) > 1 for rots in fits.values())
    assert several
