"""Pictures of the landscape: text for the terminal, SVG for a browser.

Both show the same things: the landscape, whose turn it is (or who won) with every
score, the drawn tile in each of its rotations, and a legend for every glyph.

Text: each tile is 3x3 characters. Edges show the terrain (``|`` / ``=`` path, ``#``
field, ``.`` meadow); a wanderer shows as its seat digit on its path edge, a farmer as
its seat letter (A-E) on its field edge; the centre shows a stable (a-e), a junction
(``+``), animals (``*``) or the way a path runs.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from meeple.core import fit_lines

from . import rules
from .pointing import layer, spot_outlines, take_buttons
from .regions import spots
from .scoresheet import breakdown, count, result
from .state import State
from .tiles import ANIMAL_PLURALS, ANIMALS, CROP_PLURALS, CROPS, DIRS, KINDS, ORIENT, PATH, TileKind

COLOURS = ("#d62828", "#1d4ed8", "#eab308", "#15803d", "#111111")
COLOUR_NAMES = ("red", "blue", "yellow", "green", "black")
# One letter per harvest symbol, all different (strawberry and sunflower share an S).
CROP_LETTER = {"apple": "A", "strawberry": "S", "pumpkin": "P", "sunflower": "F",
               "grain": "G", "scarecrow": "X"}
ANIMAL_LETTER = {"horse": "h", "sheep": "s", "pig": "p", "chicken": "c"}

TEXT_LEGEND = (
    "legend: | = path  # field  . meadow  + junction  * animals  o path bend",
    "        1-5 a player's wanderer (seat number), A-E a farmer, a-e a stable",
    "        x,y: x grows east, y north; rN turns the tile N degrees clockwise",
)


def tile_words(kind: TileKind) -> str:
    """What a tile shows, in words: "field N, paths E-W, scarecrow; 1 sheep"."""
    orient = kind.orients[0]
    parts = []
    for p in orient.pieces:
        edges = "".join(DIRS[e] for e in p.edges)
        if p.kind == PATH:
            parts.append(f"path {edges}" if len(p.edges) > 1 else f"path end {edges}")
        else:
            crops = "".join(f", {CROPS[c]}" for c in p.harvest)
            parts.append(f"field {edges}{crops}")
    if kind.junction:
        parts.append("junction")
    if not orient.pieces:
        parts.append("meadow only")
    # Plain words, no helper: describe_event reads tiles through this, and a log line
    # needs nothing but the event and the tile data.
    animals = ", ".join(f"{n} {ANIMALS[i] if n == 1 else ANIMAL_PLURALS[i]}"
                        for i, n in enumerate(kind.animals) if n)
    return "; ".join(filter(None, [", ".join(parts), animals]))


def _extent(state: State) -> tuple[int, int, int, int]:
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    return min(xs), max(xs), min(ys), max(ys)


def _markers(state: State) -> dict[tuple[int, int], list[tuple[int, int, str]]]:
    """pos -> (edge, seat, role) of meeples standing there."""
    out: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
    for seat, seg in state.meeples:
        mask = state.seg_mask[seg]
        edge = (mask & -mask).bit_length() - 1
        role = "wanderer" if state.seg_kind[seg] == PATH else "farmer"
        out.setdefault(state.seg_pos[seg], []).append((edge, seat, role))
    return out


SPOTS = {0: (0, 1), 1: (1, 2), 2: (2, 1), 3: (1, 0)}


def _cell(k: int, rot: int, marks: list[tuple[int, int, str]], stable: int) -> list[str]:
    """The 3x3 characters of one tile."""
    kind = KINDS[k]
    edges = ORIENT[k][rot].edges
    cell = [["."] * 3 for _ in range(3)]
    for e, (r, c) in SPOTS.items():
        cell[r][c] = {"P": "|" if e in (0, 2) else "=", "F": "#", "M": "."}[edges[e]]
    centre = " "
    if stable >= 0:
        centre = "abcde"[stable]
    elif kind.junction:
        centre = "+"
    elif kind.animal_total:
        centre = "*"
    else:
        through = [p.mask for p in ORIENT[k][rot].pieces if p.kind == PATH and len(p.edges) == 2]
        if through:
            centre = {0b0101: "|", 0b1010: "="}.get(through[0], "o")
    cell[1][1] = centre
    for edge, seat, role in marks:
        r, c = SPOTS[edge]
        cell[r][c] = str(seat + 1) if role == "wanderer" else "ABCDE"[seat]
    return ["".join(row) for row in cell]


def status(state: State) -> str:
    """Whose turn it is and what they do, or who won, with every score."""
    scores = ", ".join(f"{p} {state.scores[i]}" for i, p in enumerate(state.players))
    if state.finished:
        best = max(state.scores)
        won = [p for i, p in enumerate(state.players) if state.scores[i] == best]
        head = f"game over: {' and '.join(won)} {'win' if len(won) > 1 else 'wins'}"
        return f"{head} with {count(best, 'point')} (scores: {scores})"
    if state.pending:
        chips, pickers, nxt = state.pending[0]
        return (f"{state.players[pickers[nxt]]} to pick a harvest chip: "
                + ", ".join(CROPS[c] for c in chips) + f" (scores: {scores})")
    if state.current >= 0:
        return (f"{state.players[state.turn]} to place {KINDS[state.current].id}, "
                f"{len(state.stack)} tiles left (scores: {scores})")
    return f"scores: {scores}"


def text(state: State, width: int | None = None) -> str:
    """The map and the table in text; its words wrapped within ``width`` columns (the map
    rows are drawn whole: None, a file or a pipe, draws every line as long as it is)."""
    x0, x1, y0, y1 = _extent(state)
    marks = _markers(state)
    lines = [*fit_lines([status(state)], width), ""]
    lines.append("      " + "".join(f"{x:^3}" for x in range(x0, x1 + 1)))
    for y in range(y1, y0 - 1, -1):
        rows: list[list[str]] = [[], [], []]
        for x in range(x0, x1 + 1):
            t = state.board.get((x, y))
            cell = (["   "] * 3 if t is None
                    else _cell(t[0], t[1], marks.get((x, y), []), state.stables.get((x, y), -1)))
            for i in range(3):
                rows[i].append(cell[i])
        lines.append(f"{y:>4}  " + "".join(rows[0]))
        lines.append("      " + "".join(rows[1]))
        lines.append("      " + "".join(rows[2]))
    lines.append("")
    words = []
    for seat, p in enumerate(state.players):
        chips = ", ".join(count(n, CROPS[i], CROP_PLURALS[i])
                          for i, n in enumerate(state.chips[seat]) if n)
        words.append(
            f"{seat + 1}/{'ABCDE'[seat]}/{'abcde'[seat]} {p}: "
            f"{count(state.scores[seat], 'point')}, {count(state.meeples_left[seat], 'meeple')}, "
            f"{count(state.stables_left[seat], 'stable')}"
            + (f", harvest: {chips}" if chips else "")
        )
    lines += fit_lines(words, width)
    if state.current >= 0 and not state.finished:
        k = KINDS[state.current]
        lines.append("")
        lines += fit_lines([f"drawn tile {k.id}: {tile_words(k)}"], width)
        cells = [_cell(state.current, r, [], -1) for r in k.rotations]
        lines.append("  ".join(f"r{r * 90:<4}" for r in k.rotations))
        for i in range(3):
            lines.append("  ".join(f"{c[i]:<5}" for c in cells))
    lines.append("")
    lines += fit_lines(TEXT_LEGEND, width)
    return "\n".join(lines)


SIZE = 60
MID = {0: (30, 0), 1: (60, 30), 2: (30, 60), 3: (0, 30)}
BAND = {0: (0, 0, 60, 22), 1: (38, 0, 22, 60), 2: (0, 38, 60, 22), 3: (0, 0, 22, 60)}


def _toward_centre(e: int, frac: float) -> tuple[float, float]:
    mx, my = MID[e]
    return mx + (30 - mx) * frac, my + (30 - my) * frac


def _tile_svg(k: int, rot: int, px: float, py: float, marks: list[tuple[int, int, str]],
              stable: int) -> list[str]:
    kind = KINDS[k]
    orient = ORIENT[k][rot]
    out = [f'<g transform="translate({px},{py})">',
           f'<rect width="{SIZE}" height="{SIZE}" fill="#8fc46a" stroke="#5a7d3c"/>']
    labels = []  # drawn after every field and path, so that none covers them
    for p in orient.pieces:
        if p.kind != PATH:
            for e in p.edges:
                bx, by, bw, bh = BAND[e]
                out.append(f'<rect x="{bx}" y="{by}" width="{bw}" height="{bh}" fill="#e8c766"/>')
            if len(p.edges) > 1:
                out.append('<rect x="14" y="14" width="32" height="32" fill="#e8c766"/>')
            if p.harvest:
                # A quarter of the way in; a farmer stands further in (below).
                cx, cy = _toward_centre(p.first_edge, 0.25)
                label = "".join(CROP_LETTER[CROPS[c]] for c in p.harvest)
                labels.append(f'<text x="{cx:.0f}" y="{cy + 4:.0f}" font-size="10" '
                              f'text-anchor="middle">{label}</text>')
    for p in orient.pieces:
        if p.kind == PATH:
            pts = [MID[e] for e in p.edges]
            pts = [pts[0], (30, 30)] if len(pts) == 1 else [pts[0], (30, 30), pts[1]]
            d = " ".join(f"{a},{b}" for a, b in pts)
            out.append(f'<polyline points="{d}" fill="none" stroke="#9a6b3a" '
                       f'stroke-width="6" stroke-linejoin="round"/>')
    if kind.junction:
        out.append('<circle cx="30" cy="30" r="6" fill="#6b4a26"/>')
    out += labels
    if kind.animal_total:
        label = " ".join(f"{n}{ANIMAL_LETTER[ANIMALS[i]]}"
                         for i, n in enumerate(kind.animals) if n)
        out.append(f'<text x="3" y="56" font-size="9">{escape(label)}</text>')
    if stable >= 0:
        out.append(f'<polygon points="42,50 42,42 47,37 52,42 52,50" fill="{COLOURS[stable]}" '
                   f'stroke="#000"/>')
    for edge, seat, role in marks:
        # A farmer stands behind its field's harvest letters, not on them.
        cx, cy = _toward_centre(edge, 0.45 if role == "wanderer" else 0.6)
        c = COLOURS[seat]
        if role == "wanderer":
            out.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="7" fill="{c}" stroke="#000"/>')
        else:
            out.append(f'<rect x="{cx - 6:.0f}" y="{cy - 6:.0f}" width="12" height="12" '
                       f'fill="{c}" stroke="#000"/>')
    out.append("</g>")
    return out


LEGEND = (
    ("wanderer", "wanderer (a meeple on a path), in its player's colour"),
    ("farmer", "farmer (a meeple on a field)"),
    ("stable", "stable (scores the animals on its tile and the 8 around)"),
    ("junction", "junction: paths end here"),
    ("field", "field; letters are harvest symbols: A apple, S strawberry, P pumpkin,"),
    ("", "F sunflower, G grain, X scarecrow"),
    ("animals", "animals on the tile: h horse, s sheep, p pig, c chicken (1h = 1 horse)"),
)


def _legend_glyph(kind: str, x: int, y: int) -> str:
    if kind == "wanderer":
        return f'<circle cx="{x + 7}" cy="{y - 4}" r="6" fill="#888" stroke="#000"/>'
    if kind == "farmer":
        return f'<rect x="{x + 1}" y="{y - 10}" width="12" height="12" fill="#888" stroke="#000"/>'
    if kind == "stable":
        return (f'<polygon points="{x + 2},{y + 2} {x + 2},{y - 6} {x + 7},{y - 11} '
                f'{x + 12},{y - 6} {x + 12},{y + 2}" fill="#888" stroke="#000"/>')
    if kind == "junction":
        return f'<circle cx="{x + 7}" cy="{y - 4}" r="6" fill="#6b4a26"/>'
    if kind == "field":
        return f'<rect x="{x}" y="{y - 11}" width="14" height="14" fill="#e8c766"/>'
    if kind == "animals":
        return f'<text x="{x}" y="{y}" font-size="10">1h</text>'
    return ""


LEFT = 30  # room for the row numbers left of the board, and right of it
LABEL = 18  # room for the column numbers above the board, and below it
ACTION = 34  # the acting player's row of buttons under the scores
HINT = "your turn: pick a dashed spot, turn the tile, then a figure or none"


def acting_seat(state: State, player: str | None) -> int:
    """``player``'s seat if it is the one to act now, else -1."""
    if player not in state.players or state.finished:
        return -1
    seat = state.players.index(player)
    if state.pending:
        _, pickers, nxt = state.pending[0]
        return seat if pickers[nxt] == seat else -1
    return seat if state.turn == seat and state.current >= 0 else -1


def _coordinates(x0: int, x1: int, y0: int, y1: int, top: int) -> list[str]:
    """The notation's column (x) and row (y) numbers all round the board."""
    bw, bh = (x1 - x0 + 1) * SIZE, (y1 - y0 + 1) * SIZE
    out = []
    style = 'font-size="10" fill="#555"'
    for x in range(x0, x1 + 1):
        cx = LEFT + (x - x0) * SIZE + SIZE // 2
        for ty in (top - 5, top + bh + 13):
            out.append(f'<text class="coord" x="{cx}" y="{ty}" {style} '
                       f'text-anchor="middle">{x}</text>')
    for y in range(y1, y0 - 1, -1):
        ty = top + (y1 - y) * SIZE + SIZE // 2 + 4
        out.append(f'<text class="coord" x="{LEFT - 4}" y="{ty}" {style} '
                   f'text-anchor="end">{y}</text>')
        out.append(f'<text class="coord" x="{LEFT + bw + 4}" y="{ty}" {style}>{y}</text>')
    return out


def svg(state: State, player: str | None = None) -> str:
    """The picture; for the player to act (``player``) with its clickable regions
    (pointing.py), for anybody else without."""
    seat = acting_seat(state, player)
    commands = rules.legal(state, seat) if seat >= 0 else []
    fits = spots(state)
    cells = set(state.board) | set(fits)
    x0, x1 = min(x for x, _ in cells), max(x for x, _ in cells)
    y0, y1 = min(y for _, y in cells), max(y for _, y in cells)
    bw, bh = (x1 - x0 + 1) * SIZE, (y1 - y0 + 1) * SIZE
    w = max(bw + 2 * LEFT, 620)
    head = 48 + (ACTION if seat >= 0 else 0)  # the status line, the scores, the buttons
    top = head + LABEL

    def cell(x: int, y: int) -> tuple[int, int]:
        return LEFT + (x - x0) * SIZE, top + (y1 - y) * SIZE

    k = state.current if state.current >= 0 and not state.finished else -1
    drawn_h = SIZE + 40 if k >= 0 else 0
    sheet = breakdown(state) if state.finished else {}
    line = 38 if sheet else 20
    players_h = line * len(state.players) + 10 + (20 if sheet else 0)
    legend_h = 18 * len(LEGEND) + 10
    h = top + bh + LABEL + players_h + drawn_h + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}"'
        f' viewBox="0 0 {w} {h}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="#f4f1e8"/>',
    ]
    headline, _, scores = status(state).partition(" (scores: ")
    out.append(f'<text x="8" y="19" font-size="14" font-weight="bold">{escape(headline)}</text>')
    if scores:
        out.append(f'<text x="8" y="38" font-size="13">scores: {escape(scores[:-1])}</text>')
    if seat >= 0:
        if state.pending:
            out.append('<text x="8" y="66" font-size="12">take a harvest chip:</text>')
        else:
            out.append(f'<text x="190" y="66" font-size="12">{escape(HINT)}</text>')
    out += _coordinates(x0, x1, y0, y1, top)
    marks = _markers(state)
    for (x, y), (kk, rot, _first, _edges) in sorted(state.board.items()):
        px, py = cell(x, y)
        out += _tile_svg(kk, rot, px, py, marks.get((x, y), []), state.stables.get((x, y), -1))
    out += spot_outlines(state, cell, clickable=seat >= 0)
    y = top + bh + LABEL
    for s, p in enumerate(state.players):
        ty = y + 15 + line * s
        out.append(f'<circle cx="10" cy="{ty - 4}" r="6" fill="{COLOURS[s]}"/>')
        out.append(f'<text x="22" y="{ty}" font-size="12">{escape(p)} ({COLOUR_NAMES[s]}): '
                   f'{count(state.scores[s], "point")}, {count(state.meeples_left[s], "meeple")}, '
                   f'{count(state.stables_left[s], "stable")} left</text>')
        if sheet:
            out.append(f'<text x="22" y="{ty + 17}" font-size="11">{escape(sheet[s])}</text>')
    if sheet:
        out.append(f'<text x="8" y="{y + 15 + line * len(state.players)}" font-size="12" '
                   f'font-weight="bold">{escape(result(state))}</text>')
    y += players_h
    if k >= 0:
        kind = KINDS[k]
        out.append(f'<text x="8" y="{y + 14}" font-size="12">drawn tile {escape(kind.id)} '
                   f'in its rotations:</text>')
        for i, r in enumerate(kind.rotations):
            px = 8 + i * (SIZE + 30)
            out += _tile_svg(k, r, px, y + 20, [], -1)
            out.append(f'<text x="{px + SIZE + 3}" y="{y + 20 + SIZE // 2}" '
                       f'font-size="11">r{r * 90}</text>')
        y += drawn_h
    for i, (kind_name, words) in enumerate(LEGEND):
        ty = y + 14 + 18 * i
        out.append(_legend_glyph(kind_name, 8, ty))
        out.append(f'<text x="30" y="{ty}" font-size="11">{escape(words)}</text>')
    if seat >= 0:  # last, so that the later steps lie on top of the board
        out += layer(state, COLOURS[seat], commands, cell,
                     lambda kk, r, px, py: _tile_svg(kk, r, px, py, [], -1), (8, 50))
        out += take_buttons(commands, 135, 50)
    out.append("</svg>")
    return "\n".join(out)
