"""Read an SVG picture as a list of shapes with their place on the page, so a game's
picture tests can check what it shows (pieces per owner, where they stand, the texts)
rather than its bytes; and check, from the text boxes a browser measured, that its words
stay on the canvas, apart and uncovered. Re-exported by ``meeple.core.testing``.

Only what the games draw is understood: ``<g transform="translate(x,y)">`` groups and
rect, circle, line, polyline, polygon and text elements with plain numeric attributes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["MEASURE", "Shape", "flaws", "inside", "measure", "page", "shapes"]

NS = "{http://www.w3.org/2000/svg}"
_TRANSLATE = re.compile(r"translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)")


@dataclass(frozen=True)
class Shape:
    tag: str  # rect, circle, text, ...
    attrs: dict[str, str]
    text: str  # a text element's words ("" for a shape)
    title: str  # the <title> inside the element, if any
    dx: float  # the translation of the enclosing groups
    dy: float
    group: int  # which <g> it is in (-1: none), counted in document order
    points: tuple[tuple[float, float], ...] = field(default=())

    def num(self, name: str) -> float:
        return float(self.attrs[name])

    @property
    def fill(self) -> str:
        return self.attrs.get("fill", "")

    def bbox(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) on the page; a text's box is its anchor point."""
        if self.tag == "rect":
            x, y = float(self.attrs.get("x", 0)), float(self.attrs.get("y", 0))
            box = (x, y, x + self.num("width"), y + self.num("height"))
        elif self.tag == "circle":
            cx, cy, r = self.num("cx"), self.num("cy"), self.num("r")
            box = (cx - r, cy - r, cx + r, cy + r)
        elif self.tag == "text":
            box = (self.num("x"), self.num("y"), self.num("x"), self.num("y"))
        else:
            xs = [p[0] for p in self.points]
            ys = [p[1] for p in self.points]
            box = (min(xs), min(ys), max(xs), max(ys))
        return (box[0] + self.dx, box[1] + self.dy, box[2] + self.dx, box[3] + self.dy)

    def centre(self) -> tuple[float, float]:
        a, b, c, d = self.bbox()
        return ((a + c) / 2, (b + d) / 2)


def _points(el: ET.Element, tag: str) -> tuple[tuple[float, float], ...]:
    if tag == "line":
        return ((float(el.get("x1")), float(el.get("y1"))),
                (float(el.get("x2")), float(el.get("y2"))))
    if tag in ("polyline", "polygon"):
        nums = [float(n) for n in re.split(r"[ ,]+", el.get("points", "").strip()) if n]
        return tuple(zip(nums[::2], nums[1::2], strict=True))
    return ()


def shapes(svg: str) -> tuple[dict[str, str], list[Shape]]:
    """The root's attributes and every drawn element, in document order."""
    root = ET.fromstring(svg)
    out: list[Shape] = []
    groups = [0]

    def walk(el: ET.Element, dx: float, dy: float, group: int) -> None:
        for child in el:
            tag = child.tag.removeprefix(NS)
            if tag == "g":
                m = _TRANSLATE.search(child.get("transform", ""))
                gx, gy = (float(m[1]), float(m[2])) if m else (0.0, 0.0)
                number = groups[0]
                groups[0] += 1
                walk(child, dx + gx, dy + gy, number)
            elif tag != "title":
                title = child.find(f"{NS}title")
                words = "".join(child.itertext()) if tag == "text" else ""
                out.append(Shape(tag, dict(child.attrib), words,
                                 "" if title is None else (title.text or ""), dx, dy, group,
                                 _points(child, tag)))

    walk(root, 0.0, 0.0, -1)
    return dict(root.attrib), out


def inside(box: tuple[float, float, float, float],
           frame: tuple[float, float, float, float]) -> bool:
    return (frame[0] <= box[0] and frame[1] <= box[1] and box[2] <= frame[2]
            and box[3] <= frame[3])


def page(root: dict[str, str]) -> tuple[float, float, float, float]:
    """The picture's frame from its viewBox, which must agree with width and height."""
    x, y, w, h = (float(v) for v in root["viewBox"].split())
    assert (float(root["width"]), float(root["height"])) == (w, h)
    return (x, y, x + w, y + h)


# For ``driver.execute_script`` on a loaded SVG: the canvas size and, per drawn text, its box
# and whether a later element covers its middle; ``flaws`` reads what it returns.
MEASURE = """
const root = document.documentElement;
const frame = root.getBoundingClientRect();
const texts = [...document.querySelectorAll('text')];
const out = [];
for (const t of texts) {
  const b = t.getBoundingClientRect();
  if (b.width === 0 || b.height === 0) continue;
  let hidden = null;
  for (const fx of [0.25, 0.5, 0.75]) {
    const x = b.left + b.width * fx, y = b.top + b.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top && top !== t && !t.contains(top) && top.localName !== 'text'
        && top.localName !== 'tspan' && top !== root
        && (t.compareDocumentPosition(top) & Node.DOCUMENT_POSITION_FOLLOWING)) {
      hidden = top.localName;
    }
  }
  out.push([t.textContent.trim().slice(0, 60), b.left - frame.left, b.top - frame.top,
            b.right - frame.left, b.bottom - frame.top, hidden]);
}
return [frame.width, frame.height, out];
"""


def flaws(width: float, height: float, boxes: list) -> list[str]:
    """What is wrong with a layout: texts off the canvas, overlapping or covered."""
    found = []
    slack = 0.5  # sub-pixel rounding of the browser's boxes
    for text, x0, y0, x1, y1, hidden in boxes:
        if x0 < -slack or y0 < -slack or x1 > width + slack or y1 > height + slack:
            found.append(f"{text!r} leaves the {width:.0f}x{height:.0f} canvas "
                         f"({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})")
        if hidden:
            found.append(f"{text!r} is covered by a {hidden} drawn after it")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            across = min(a[3], b[3]) - max(a[1], b[1])
            down = min(a[4], b[4]) - max(a[2], b[2])
            if across > 1 and down > 1:  # touching is fine, crossing is not
                found.append(f"{a[0]!r} overlaps {b[0]!r} by {across:.0f}x{down:.0f} px")
    return found


def measure(driver: Any, svg: str, path: Path) -> tuple[float, float, list]:
    """Open ``svg`` (written to ``path``) in a browser ``driver`` and measure its texts
    with ``MEASURE``: the canvas's width and height, and every text's box."""
    path.write_text(svg, encoding="utf-8")
    driver.get(path.as_uri())
    assert driver.execute_script("return document.documentElement.localName") == "svg"
    return driver.execute_script(MEASURE)
