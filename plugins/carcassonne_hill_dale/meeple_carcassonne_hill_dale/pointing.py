"""The clickable layer of the acting player's picture: what regions.py names, drawn.

Each place where the drawn tile fits is outlined (``data-region`` = the spot). Picking
one shows the tile there at full size in a rotation that fits (``data-cycle`` = the spot:
the page shows the first, and a click on the tile, or on its turn mark, shows the next
rotation that fits), with a mark on each piece a figure may go on, the stable's place,
the wanderers on the board that may walk onto it and a "no figure" button; going on to
one of those picks the rotation shown. Elements of a later step carry ``data-after`` (the
step they follow) and ``display="none"``: a picture shown as it is (``meeple show``)
shows the first step only, and the page shows a later step's elements once that step is
picked. Everything here comes from the player's legal commands, so it shows nothing the
player's view does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape, quoteattr

from .events import Place, Take
from .regions import (
    rotation_id,
    spot_id,
    spots,
    steps,
    walk_goals,
    walk_source_id,
)
from .state import State
from .tiles import CROPS, DIRS

SIZE = 60  # a tile, as render.py draws it
MID = {0: (30, 0), 1: (60, 30), 2: (30, 60), 3: (0, 30)}
HIGHLIGHT = "#ff00cc"

TileDrawer = Callable[[int, int, float, float], list[str]]  # kind, rot, px, py -> SVG
Cell = Callable[[int, int], tuple[float, float]]  # x, y -> the tile's top left corner


def _toward_centre(e: int, frac: float) -> tuple[float, float]:
    mx, my = MID[e]
    return mx + (30 - mx) * frac, my + (30 - my) * frac


def _attrs(region: str, after: str = "", hidden: bool = False, cycle: str = "") -> str:
    out = f"data-region={quoteattr(region)}" if region else ""
    if after:
        out += f" data-after={quoteattr(after)}"
    if cycle:
        out += f" data-cycle={quoteattr(cycle)}"
    if hidden:
        out += ' display="none"'
    return out.strip()


def _title(words: str) -> str:
    return f"<title>{escape(words)}</title>"


def spot_outlines(view: State, cell: Cell, clickable: bool) -> list[str]:
    """A dashed frame on every place the drawn tile fits (for everyone: the drawn tile is
    public); in the acting player's picture each frame is the spot's region."""
    out = []
    for (x, y), rots in spots(view).items():
        px, py = cell(x, y)
        region = f" {_attrs(spot_id(x, y))}" if clickable else ""
        turns = ", ".join(f"r{r * 90}" for r in rots)
        out.append(f'<rect class="spot"{region} x="{px + 2}" y="{py + 2}" width="{SIZE - 4}" '
                   f'height="{SIZE - 4}" fill="#ffffff" fill-opacity="0.45" stroke="#444" '
                   f'stroke-width="2" stroke-dasharray="5 4">'
                   f'{_title(f"{x},{y}: the drawn tile fits here ({turns})")}</rect>')
    return out


def _hotspot(kind: str, region: str, after: str, px: float, py: float, edge: int,
             colour: str, words: str, hidden: bool = False) -> str:
    attrs = _attrs(region, after, hidden)
    style = (f'fill="#ffffff" fill-opacity="0.7" stroke="{colour}" stroke-width="2.5" '
             f'stroke-dasharray="3 2"')
    if kind == "wanderer":
        cx, cy = _toward_centre(edge, 0.45)
        return (f'<circle {attrs} cx="{px + cx:.1f}" cy="{py + cy:.1f}" r="8" {style}>'
                f'{_title(words)}</circle>')
    if kind == "farmer":
        # clear of the field's harvest letters and of a second field's farmer
        cx, cy = _toward_centre(edge, 0.65)
        return (f'<rect {attrs} x="{px + cx - 6:.1f}" y="{py + cy - 6:.1f}" width="12" '
                f'height="12" {style}>{_title(words)}</rect>')
    if kind == "goal":
        cx, cy = _toward_centre(edge, 0.45)
        return (f'<circle {attrs} cx="{px + cx:.1f}" cy="{py + cy:.1f}" r="11" '
                f'fill="{HIGHLIGHT}" fill-opacity="0.35" stroke="#000" stroke-width="2">'
                f'{_title(words)}</circle>')
    # the stable, where render.py draws one on a placed tile
    pts = " ".join(f"{px + a},{py + b}" for a, b in
                   ((42, 51), (42, 42), (47, 36), (52, 42), (52, 51)))
    return f'<polygon {attrs} points="{pts}" {style}>{_title(words)}</polygon>'


def layer(view: State, colour: str, commands: Sequence[Place | Take], cell: Cell,
          draw_tile: TileDrawer, button: tuple[float, float]) -> list[str]:
    """The later steps of the acting player's placements: rotations, the previewed tile
    with its figures, walks and the "no figure" button (at ``button``, the action row);
    ``colour`` is the player's."""
    places = [c for c in commands if isinstance(c, Place)]
    if not places:
        return []
    goals = walk_goals(places)
    kind = view.current
    by_choice: dict[tuple[int, int, int], list[Place]] = {}
    for cmd in places:
        by_choice.setdefault((cmd.x, cmd.y, cmd.rot), []).append(cmd)
    fits = spots(view)
    out: list[str] = []
    for (x, y, r), cmds in by_choice.items():
        after = rotation_id(x, y, r)
        spot = spot_id(x, y)
        px, py = cell(x, y)
        turns = len(fits[(x, y)]) > 1
        out.append(f'<g {_attrs(after, spot, True, cycle=spot)}>'
                   f'{_title(f"the tile turned {r * 90} degrees")}')
        out += draw_tile(kind, r, px, py)
        out.append(f'<rect x="{px}" y="{py}" width="{SIZE}" height="{SIZE}" fill="none" '
                   f'stroke="{HIGHLIGHT}" stroke-width="3"/>')
        if turns:
            out += _turn_mark(px, py)
        out.append("</g>")
        out.append(f'<g {_attrs("", after, True)}>')
        walks = []
        for cmd in cmds:
            last = steps(view, cmd, goals)[-1]
            if cmd.what in ("wanderer", "farmer"):
                piece = "path" if cmd.what == "wanderer" else "field"
                out.append(_hotspot(cmd.what, last, after, px, py, cmd.edge, colour,
                                    f"a {cmd.what} on the {piece} touching "
                                    f"{DIRS[cmd.edge]}"))
            elif cmd.what == "stable":
                out.append(_hotspot("stable", last, after, px, py, -1, colour,
                                    "a stable on this tile's meadow"))
            elif cmd.what == "walk":
                walks.append(cmd)
        out.append("</g>")
        out += _walks(view, walks, goals, after, cell, colour)
        none = f"{rotation_id(x, y, r)} no figure"
        bx, by = button
        out.append(f'<g {_attrs(none, after, True)}>'
                   f'<rect x="{bx}" y="{by}" width="170" height="24" rx="5" fill="#ffffff" '
                   f'stroke="{HIGHLIGHT}" stroke-width="2"/>'
                   f'<text x="{bx + 85}" y="{by + 16}" font-size="12" text-anchor="middle">'
                   f'no figure (place only)</text></g>')
    return out


def _turn_mark(px: float, py: float) -> list[str]:
    """A round arrow in the tile's top right corner: this tile turns when clicked."""
    cx, cy = px + SIZE - 9, py + 9
    return [f'<circle class="turn" cx="{cx}" cy="{cy}" r="8" fill="#ffffff" stroke="#000" '
            f'stroke-width="1.2">{_title("turn the tile to the next rotation that fits")}'
            '</circle>',
            f'<path d="M {cx + 4.5} {cy} A 4.5 4.5 0 1 1 {cx} {cy - 4.5}" fill="none" '
            f'stroke="#000" stroke-width="1.6"/>',
            f'<polygon points="{cx - 1},{cy - 7.5} {cx + 3},{cy - 4.5} {cx - 1},{cy - 1.5}" '
            f'fill="#000"/>']


def _walks(view: State, walks: list[Place], goals: dict, after: str, cell: Cell,
           colour: str) -> list[str]:
    """A ring round each wanderer that may walk, then (when it could reach the new tile
    on more than one path) a mark on each goal."""
    out = []
    seen = set()
    for cmd in walks:
        source = walk_source_id(cmd)
        wx, wy, we, tx, ty, te = cmd.walk
        if source not in seen:
            seen.add(source)
            px, py = cell(wx, wy)
            cx, cy = _toward_centre(we, 0.45)
            out.append(f'<circle {_attrs(source, after, True)} cx="{px + cx:.1f}" '
                       f'cy="{py + cy:.1f}" r="11" fill="{HIGHLIGHT}" fill-opacity="0.25" '
                       f'stroke="{colour}" stroke-width="3">'
                       f'{_title(f"walk this wanderer ({wx},{wy}) onto the new tile")}'
                       f'</circle>')
        if len(goals[source]) > 1:
            gx, gy = cell(tx, ty)
            goal = f"{source} {tx},{ty}{DIRS[te]}"
            out.append(_hotspot("goal", goal, source, gx, gy, te, colour,
                                f"walk it to the path touching {DIRS[te]}", hidden=True))
    return out


def take_buttons(commands: Sequence[Place | Take], x: float, y: float) -> list[str]:
    """One button per kind of harvest chip the acting player may take."""
    out = []
    for cmd in commands:
        if isinstance(cmd, Take):
            name = CROPS[cmd.crop]
            width = 12 + 7 * len(name)
            out.append(f'<g {_attrs(f"take {name}")}><rect x="{x}" y="{y}" width="{width}" '
                       f'height="24" rx="5" fill="#ffffff" stroke="{HIGHLIGHT}" '
                       f'stroke-width="2"/><text x="{x + width / 2}" y="{y + 16}" '
                       f'font-size="12" text-anchor="middle">{name}</text>'
                       f'{_title(f"take one {name} chip")}</g>')
            x += width + 8
    return out


