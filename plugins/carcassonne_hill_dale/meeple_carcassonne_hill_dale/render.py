"""Pictures of the landscape: text for the terminal, SVG for a browser.

Text: each tile is 3x3 characters. Edges show the terrain (``|`` / ``=`` path, ``#``
field, ``.`` meadow); a wanderer shows as its seat digit on its path edge, a farmer as
its seat letter (A-E) on its field edge; the centre shows a stable (a-e), a junction
(``+``) or animals (``*``).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .state import State
from .tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH

COLOURS = ("#d62828", "#1d4ed8", "#eab308", "#15803d", "#111111")


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


def text(state: State) -> str:
    x0, x1, y0, y1 = _extent(state)
    marks = _markers(state)
    lines = []
    header = "      " + "".join(f"{x:^3}" for x in range(x0, x1 + 1))
    lines.append(header)
    for y in range(y1, y0 - 1, -1):
        rows = [[], [], []]
        for x in range(x0, x1 + 1):
            t = state.board.get((x, y))
            if t is None:
                for r in rows:
                    r.append("   ")
                continue
            kind = KINDS[t[0]]
            edges = t[3]
            cell = [["."] * 3 for _ in range(3)]
            spots = {0: (0, 1), 1: (1, 2), 2: (2, 1), 3: (1, 0)}
            for e, (r, c) in spots.items():
                terrain = edges[e]
                cell[r][c] = {"P": "|" if e in (0, 2) else "=", "F": "#", "M": "."}[terrain]
            centre = " "
            if (x, y) in state.stables:
                centre = "abcde"[state.stables[(x, y)]]
            elif kind.junction:
                centre = "+"
            elif kind.animal_total:
                centre = "*"
            else:
                through = [p.mask for p in ORIENT[t[0]][t[1]].pieces
                           if p.kind == PATH and len(p.edges) == 2]
                if through:
                    centre = {0b0101: "|", 0b1010: "="}.get(through[0], "o")
            cell[1][1] = centre
            for edge, seat, role in marks.get((x, y), []):
                r, c = spots[edge]
                cell[r][c] = str(seat + 1) if role == "wanderer" else "ABCDE"[seat]
            for i in range(3):
                rows[i].append("".join(cell[i]))
        label = f"{y:>4}  "
        lines.append(label + "".join(rows[0]))
        lines.append("      " + "".join(rows[1]))
        lines.append("      " + "".join(rows[2]))
    lines.append("")
    for seat, p in enumerate(state.players):
        chips = ", ".join(f"{n} {CROPS[i]}" for i, n in enumerate(state.chips[seat]) if n)
        lines.append(
            f"{seat + 1}/{'ABCDE'[seat]} {p}: {state.scores[seat]} points, "
            f"{state.meeples_left[seat]} meeples, {state.stables_left[seat]} stables"
            + (f", harvest: {chips}" if chips else "")
        )
    if state.finished:
        lines.append("game over")
    elif state.pending:
        chips, pickers, nxt = state.pending[0]
        lines.append(f"{state.players[pickers[nxt]]} picks a harvest chip from: "
                     + ", ".join(CROPS[c] for c in chips))
    elif state.current >= 0:
        lines.append(f"{state.players[state.turn]} places {KINDS[state.current].id} "
                     f"({len(state.stack)} tiles left)")
    return "\n".join(lines)


SIZE = 60
MID = {0: (30, 0), 1: (60, 30), 2: (30, 60), 3: (0, 30)}
BAND = {0: (0, 0, 60, 22), 1: (38, 0, 22, 60), 2: (0, 38, 60, 22), 3: (0, 0, 22, 60)}


def _toward_centre(e: int, frac: float) -> tuple[float, float]:
    mx, my = MID[e]
    return mx + (30 - mx) * frac, my + (30 - my) * frac


def svg(state: State) -> str:
    x0, x1, y0, y1 = _extent(state)
    w, h = (x1 - x0 + 1) * SIZE, (y1 - y0 + 1) * SIZE
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 20 * len(state.players)}"'
        f' viewBox="0 0 {w} {h + 20 * len(state.players)}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h + 20 * len(state.players)}" fill="#f4f1e8"/>',
    ]
    marks = _markers(state)
    for (x, y), (k, rot, _first, _edges) in sorted(state.board.items()):
        px, py = (x - x0) * SIZE, (y1 - y) * SIZE
        kind = KINDS[k]
        orient = ORIENT[k][rot]
        out.append(f'<g transform="translate({px},{py})">')
        out.append(f'<rect width="{SIZE}" height="{SIZE}" fill="#8fc46a" stroke="#5a7d3c"/>')
        for p in orient.pieces:
            if p.kind != PATH:
                for e in p.edges:
                    bx, by, bw, bh = BAND[e]
                    out.append(f'<rect x="{bx}" y="{by}" width="{bw}" height="{bh}" fill="#e8c766"/>')
                if len(p.edges) > 1:
                    out.append('<rect x="14" y="14" width="32" height="32" fill="#e8c766"/>')
                if p.harvest:
                    cx, cy = _toward_centre(p.first_edge, 0.25)
                    label = "".join(CROPS[c][0].upper() for c in p.harvest)
                    out.append(f'<text x="{cx:.0f}" y="{cy + 4:.0f}" font-size="10" '
                               f'text-anchor="middle">{label}</text>')
        for p in orient.pieces:
            if p.kind == PATH:
                pts = [MID[e] for e in p.edges]
                if len(pts) == 1:
                    pts = [pts[0], (30, 30)]
                else:
                    pts = [pts[0], (30, 30), pts[1]]
                d = " ".join(f"{a},{b}" for a, b in pts)
                out.append(f'<polyline points="{d}" fill="none" stroke="#9a6b3a" '
                           f'stroke-width="6" stroke-linejoin="round"/>')
        if kind.junction:
            out.append('<circle cx="30" cy="30" r="6" fill="#6b4a26"/>')
        if kind.animal_total:
            label = " ".join(f"{n}{ANIMALS[i][0]}" for i, n in enumerate(kind.animals) if n)
            out.append(f'<text x="3" y="56" font-size="9">{escape(label)}</text>')
        if (x, y) in state.stables:
            c = COLOURS[state.stables[(x, y)]]
            out.append(f'<polygon points="42,50 42,42 47,37 52,42 52,50" fill="{c}" '
                       f'stroke="#000"/>')
        for edge, seat, role in marks.get((x, y), []):
            cx, cy = _toward_centre(edge, 0.45 if role == "wanderer" else 0.3)
            c = COLOURS[seat]
            if role == "wanderer":
                out.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="7" fill="{c}" stroke="#000"/>')
            else:
                out.append(f'<rect x="{cx - 6:.0f}" y="{cy - 6:.0f}" width="12" height="12" '
                           f'fill="{c}" stroke="#000"/>')
        out.append("</g>")
    for seat, p in enumerate(state.players):
        ty = h + 15 + 20 * seat
        out.append(f'<circle cx="10" cy="{ty - 4}" r="6" fill="{COLOURS[seat]}"/>')
        out.append(f'<text x="22" y="{ty}" font-size="12">{escape(p)}: '
                   f'{state.scores[seat]} points</text>')
    out.append("</svg>")
    return "\n".join(out)
