"""Pictures of a state: terminal text and an SVG of the islands (districts with their
monument value and ship, streets, bridges, lighthouse lines, princes, monuments, wonders)
with the prestige scale and the scores beside it."""

from __future__ import annotations

from html import escape

from .board import BOARD, CIVS, NCIV
from .state import DEVELOP, OVER, SCORING, WELCOME, State

PHASES = {OVER: "game over", WELCOME: "phase 1: welcoming the princes",
          DEVELOP: "phase 2: developing the city", SCORING: "phase 3: scoring"}
SEAT_COLOURS = ("#d62828", "#1d4ed8", "#f59e0b", "#16a34a", "#7c3aed")
CIV_COLOURS = ("#0f766e", "#b45309", "#ca8a04", "#2563eb", "#b91c1c")
CIV_LETTER = "MPEGC"


def _princes_text(state: State, d: int) -> str:
    parts = []
    for s in range(state.n):
        civs = "".join(CIV_LETTER[c] * state.count(d, s, c) for c in range(NCIV))
        if civs:
            parts.append(f"{state.players[s]}:{civs}")
    return " ".join(parts)


def text(state: State, player: str | None = None) -> str:
    lines = [f"Utopia, round {state.round}, {PHASES[state.phase]}"
             + (f"; {state.players[state.current]} to act" if state.current >= 0 else "")]
    order = sorted(range(CIVS.__len__()), key=lambda c: -state.scale[c])
    lines.append("prestige scale: " + "  ".join(f"{CIVS[c]} {state.scale[c]}" for c in order))
    for s in range(state.n):
        hand = state.hand(s)
        shown = (" ".join(f"{CIVS[c]}x{hand[c]}" for c in range(NCIV) if hand[c])
                 if sum(hand) else "") or "-"
        hidden = sum(hand) == 0 and state.hand_sizes[s] > 0
        cards = f"{state.hand_sizes[s]} cards" if hidden else f"cards {shown}"
        lines.append(f"  {state.players[s]}: {state.scores[s]} points, {cards}, "
                     f"{state.privileges[s]} own privilege(s), {state.held[s]} received")
    if state.pending >= 0:
        i, c = divmod(state.pending, NCIV)
        lines.append(f"special guest to welcome: {CIVS[c]} of the {BOARD.island_names[i]} island")
    for i in range(BOARD.n_islands):
        if not state.active[i]:
            lines.append(f"{BOARD.island_names[i]} island: not in play")
            continue
        w = state.wonder[i]
        guests = " ".join(CIVS[c] + ("x2" if state.waiting[i * NCIV + c] == 2 else "")
                          for c in range(NCIV) if state.waiting[i * NCIV + c])
        lines.append(f"{BOARD.island_names[i]} island: wonder "
                     f"{state.players[w] if w >= 0 else 'free'}"
                     + (f"; guests at the ships: {guests}" if guests else ""))
        for d in BOARD.districts_of[i]:
            mon = (f"{CIVS[state.mon_civ[d]]} monument of {state.players[state.mon_owner[d]]}"
                   if state.mon_owner[d] >= 0 else "open")
            ship = f" ship(sector {BOARD.sector[d]})" if BOARD.ship[d] else ""
            lines.append(f"  {BOARD.district_ids[d]} [{BOARD.value[d]}]{ship}: {mon}; "
                         f"{_princes_text(state, d) or 'no princes'}")
    lines.append("princes: M maya, P persian, E egyptian, G greek, C chinese")
    return "\n".join(lines)


def svg(state: State) -> str:  # noqa: C901 - one picture, drawn layer by layer
    data = BOARD.data
    w, h = 1000, 600
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
           f'<rect width="800" height="{h}" fill="#7dd3fc"/>']
    for lh in data["lighthouses"]:
        (x1, y1), (x2, y2) = lh["at"], lh["to"]
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1e3a8a" '
                   'stroke-dasharray="6 4" stroke-width="2"/>')
        out.append(f'<circle cx="{x1}" cy="{y1}" r="7" fill="#fde047" stroke="#1e3a8a"/>')
    fills = ("#bae6fd", "#d9f99d", "#fecaca", "#e5e7eb")
    for i, isl in enumerate(data["islands"]):
        x1, y1, x2, y2 = isl["box"]
        fill = fills[i] if state.active[i] else "#94a3b8"
        out.append(f'<rect x="{x1}" y="{y1}" width="{x2 - x1}" height="{y2 - y1}" rx="30" '
                   f'fill="{fill}" stroke="#334155"/>')
        wx, wy = isl["wonder"]
        owner = state.wonder[i]
        colour = SEAT_COLOURS[owner] if owner >= 0 else "#ffffff"
        out.append(f'<polygon points="{wx},{wy - 14} {wx + 13},{wy + 10} {wx - 13},{wy + 10}" '
                   f'fill="{colour}" stroke="#000"><title>wonder of the {isl["name"]} island'
                   f'</title></polygon>')
    for (a, b), bridge in [(e, False) for e in BOARD.streets] + [(e, True) for e in BOARD.bridges]:
        (x1, y1), (x2, y2) = BOARD.xy[a], BOARD.xy[b]
        style = ('stroke="#78350f" stroke-width="6"' if bridge
                 else 'stroke="#a8a29e" stroke-width="2"')
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>')
    for d, name in enumerate(BOARD.district_ids):
        x, y = BOARD.xy[d]
        out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="#fffbeb" stroke="#57534e"/>')
        out.append(f'<text x="{x}" y="{y - 16}" font-size="11" text-anchor="middle">'
                   f'{name} ({BOARD.value[d]})</text>')
        if BOARD.ship[d]:
            out.append(f'<text x="{x + 22}" y="{y - 22}" font-size="12">⛵{BOARD.sector[d]}</text>')
        if state.mon_owner[d] >= 0:
            out.append(f'<rect x="{x - 9}" y="{y - 10}" width="18" height="18" '
                       f'fill="{CIV_COLOURS[state.mon_civ[d]]}" '
                       f'stroke="{SEAT_COLOURS[state.mon_owner[d]]}" '
                       f'stroke-width="4"><title>{CIVS[state.mon_civ[d]]} monument</title></rect>')
        k = 0
        for s in range(state.n):
            for c in range(NCIV):
                for _ in range(state.count(d, s, c)):
                    px, py = x - 24 + (k % 7) * 8, y + 14 + (k // 7) * 8
                    out.append(f'<circle cx="{px}" cy="{py}" r="4" fill="{SEAT_COLOURS[s]}" '
                               f'stroke="{CIV_COLOURS[c]}" stroke-width="2"/>')
                    k += 1
    x0 = 820
    out.append(f'<text x="{x0}" y="30" font-size="16" font-weight="bold">Prestige scale</text>')
    for c in sorted(range(NCIV), key=lambda c: -state.scale[c]):
        y = 60 + (NCIV - state.scale[c]) * 28
        out.append(f'<rect x="{x0}" y="{y - 14}" width="18" height="18" fill="{CIV_COLOURS[c]}"/>')
        out.append(f'<text x="{x0 + 26}" y="{y}" font-size="14">{state.scale[c]} {CIVS[c]}</text>')
    out.append(f'<text x="{x0}" y="230" font-size="16" font-weight="bold">Scores</text>')
    for s in range(state.n):
        y = 256 + s * 24
        out.append(f'<circle cx="{x0 + 8}" cy="{y - 5}" r="7" fill="{SEAT_COLOURS[s]}"/>')
        out.append(f'<text x="{x0 + 22}" y="{y}" font-size="14">{escape(state.players[s])} '
                   f'{state.scores[s]}</text>')
    out.append(f'<text x="{x0}" y="400" font-size="12">round {state.round}</text>')
    out.append(f'<text x="{x0}" y="418" font-size="12">{PHASES[state.phase]}</text>')
    # Guests waiting at the ships, drawn as hexagons in their civilization's colour
    # beside the island's first ship district.
    for i in range(BOARD.n_islands):
        ships = [d for d in BOARD.districts_of[i] if BOARD.ship[d]]
        if not ships:
            continue
        sx, sy = BOARD.xy[ships[0]]
        k = 0
        for c in range(NCIV):
            for _ in range(state.waiting[i * NCIV + c]):
                gx, gy = sx - 30 + k * 13, sy + 44
                pts = " ".join(f"{gx + dx},{gy + dy}" for dx, dy in
                               ((6, 0), (3, 5), (-3, 5), (-6, 0), (-3, -5), (3, -5)))
                out.append(f'<polygon points="{pts}" fill="{CIV_COLOURS[c]}" stroke="#000">'
                           f'<title>{CIVS[c]} guest</title></polygon>')
                k += 1
    y = 450
    out.append(f'<text x="{x0}" y="{y}" font-size="12">princes: fill = player,</text>')
    out.append(f'<text x="{x0}" y="{y + 16}" font-size="12">ring = civilization</text>')
    for c in range(NCIV):
        out.append(f'<rect x="{x0 + c * 34}" y="{y + 26}" width="12" height="12" '
                   f'fill="{CIV_COLOURS[c]}"/>')
        out.append(f'<text x="{x0 + c * 34 + 14}" y="{y + 36}" font-size="11">'
                   f'{CIV_LETTER[c]}</text>')
    out.append("</svg>")
    return "\n".join(out)
