"""Reading a picture as shapes (meeple.core.testing's SVG helpers, which the plugins'
picture tests use): each element's box on the page through its groups' translations, its
group, title and words; the frame from the viewBox; and what a browser's text boxes say is
wrong with a layout."""

from __future__ import annotations

import pytest
from meeple.core.testing import MEASURE, flaws, inside, measure, page, shapes

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <title>the whole picture</title>
  <rect width="200" height="100" fill="white"/>
  <g transform="translate(10, 20)">
    <rect x="5" y="6" width="30" height="40" fill="red"><title>a tile</title></rect>
    <g transform="translate(100,1.5)">
      <circle cx="4" cy="9" r="3" fill="blue"/>
      <text x="7" y="8">A <tspan>word</tspan></text>
    </g>
    <line x1="1" y1="9" x2="-3" y2="2"/>
  </g>
  <g>
    <polyline points="1,2 5,-1 3,7"/>
    <polygon points="0 0, 4 4"/>
  </g>
</svg>"""


def test_every_drawn_element_is_read_with_its_place_group_title_and_words() -> None:
    root, found = shapes(SVG)
    assert root == {"width": "200", "height": "100", "viewBox": "0 0 200 100"}
    assert [s.tag for s in found] == ["rect", "rect", "circle", "text", "line", "polyline",
                                     "polygon"]  # no title, no group, in document order
    back, tile, dot, words, line, poly, gon = found
    assert (back.group, back.dx, back.dy, back.fill, back.title) == (-1, 0.0, 0.0, "white", "")
    assert back.bbox() == (0.0, 0.0, 200.0, 100.0)  # x and y default to 0
    assert (tile.group, tile.title, tile.fill, tile.text) == (0, "a tile", "red", "")
    assert tile.bbox() == (15.0, 26.0, 45.0, 66.0)
    assert tile.centre() == (30.0, 46.0)
    assert tile.num("width") == 30.0
    # Groups are numbered in document order; translations add up.
    assert (dot.group, dot.dx, dot.dy, dot.fill) == (1, 110.0, 21.5, "blue")
    assert dot.bbox() == (111.0, 27.5, 117.0, 33.5)
    assert dot.centre() == (114.0, 30.5)
    assert words.text == "A word" and words.bbox() == (117.0, 29.5, 117.0, 29.5)
    assert (line.group, line.points) == (0, ((1.0, 9.0), (-3.0, 2.0)))
    assert line.bbox() == (7.0, 22.0, 11.0, 29.0)
    assert line.centre() == (9.0, 25.5)
    assert (poly.group, poly.dx, poly.points) == (2, 0.0, ((1.0, 2.0), (5.0, -1.0), (3.0, 7.0)))
    assert poly.bbox() == (1.0, -1.0, 5.0, 7.0)
    assert gon.points == ((0.0, 0.0), (4.0, 4.0)) and gon.bbox() == (0.0, 0.0, 4.0, 4.0)
    assert dot.fill and not line.fill


def test_a_box_is_inside_a_frame_up_to_and_on_its_edges() -> None:
    frame = (1.0, 2.0, 10.0, 5.0)
    assert inside(frame, frame)
    assert inside((3, 3, 4, 4), frame)
    for box in [(0.9, 2, 3, 3), (1, 1.9, 3, 3), (1, 2, 10.1, 3), (1, 2, 3, 5.1)]:
        assert not inside(box, frame), box


def test_the_page_is_the_viewbox_which_must_agree_with_width_and_height() -> None:
    assert page({"viewBox": "-5 2 100 50", "width": "100", "height": "50"}) == (
        -5.0, 2.0, 95.0, 52.0)
    for width, height in (("99", "50"), ("100", "51")):
        with pytest.raises(AssertionError):
            page({"viewBox": "0 0 100 50", "width": width, "height": height})


def test_a_layout_flaw_is_a_text_off_the_canvas_covered_or_crossing_another() -> None:
    assert flaws(100, 50, []) == []
    # Half a pixel past an edge is the browser's rounding; more leaves the canvas.
    assert flaws(100, 50, [["edge", -0.5, -0.5, 100.5, 50.5, None]]) == []
    for box in ([-0.6, 0, 10, 10], [0, -0.6, 10, 10], [0, 0, 100.6, 10], [0, 0, 10, 50.6]):
        assert flaws(100, 50, [["off", *box, None]]) == [
            f"'off' leaves the 100x50 canvas ({box[0]:.0f},{box[1]:.0f})-"
            f"({box[2]:.0f},{box[3]:.0f})"]
    assert flaws(100, 50, [["hid", 1, 1, 9, 9, "rect"]]) == [
        "'hid' is covered by a rect drawn after it"]
    # Crossing by more than a pixel both ways is an overlap; touching or a pixel is not.
    a = ["a", 0, 0, 10, 10, None]
    assert flaws(100, 50, [a, ["b", 8, 7, 20, 20, None]]) == ["'a' overlaps 'b' by 2x3 px"]
    assert flaws(100, 50, [a, ["c", 9, 0, 20, 10, None]]) == []  # 1 px across
    assert flaws(100, 50, [a, ["d", 0, 9, 10, 20, None]]) == []  # 1 px down
    assert flaws(100, 50, [a, ["g", 8.5, 8.5, 20, 20, None]]) == [
        "'a' overlaps 'g' by 2x2 px"]  # 1.5 px both ways
    assert flaws(100, 50, [a, ["e", 10, 0, 20, 10, None], ["f", 5, 5, 15, 15, None]]) == [
        "'a' overlaps 'f' by 5x5 px", "'e' overlaps 'f' by 5x5 px"]


class ScriptedDriver:
    """A browser driver that answers scripts from a list and notes what it was given."""

    def __init__(self, *answers: object) -> None:
        self.answers, self.got, self.scripts = list(answers), [], []

    def get(self, uri: str) -> None:
        self.got.append(uri)

    def execute_script(self, script: str) -> object:
        self.scripts.append(script)
        return self.answers.pop(0)


def test_measure_opens_the_written_picture_and_runs_the_measuring_script(tmp_path) -> None:
    path = tmp_path / "p.svg"
    boxes = [200, 100, [["A word", 1, 2, 3, 4, None]]]
    driver = ScriptedDriver("svg", boxes)
    assert measure(driver, SVG, path) == boxes
    assert path.read_text(encoding="utf-8") == SVG and driver.got == [path.as_uri()]
    assert driver.scripts == ["return document.documentElement.localName", MEASURE]
    # A page the browser did not read as SVG (an error page) is no picture to measure.
    with pytest.raises(AssertionError):
        measure(ScriptedDriver("html", boxes), SVG, path)
