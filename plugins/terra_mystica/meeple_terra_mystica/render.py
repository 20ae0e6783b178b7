"""Text and SVG pictures of a Terra Mystica position: the map with buildings, the cult
board and each faction's board summary."""

from __future__ import annotations

from html import escape

from . import board as B
from . import state as R
from .data import CULTS, DISPLAY, SCORING
from .turns import acting as must_act

LETTER = {"yellow": "Y", "brown": "U", "black": "K", "blue": "B", "green": "G", "gray": "S",
          "red": "R", "white": "~"}
FILL = {"yellow": "#f4d35e", "brown": "#a0693b", "black": "#444", "blue": "#4a90d9",
        "green": "#5aa55a", "gray": "#9a9a9a", "red": "#d9534f", "white": "#cfe8f7"}
INK = {"black": "#fff", "blue": "#fff", "red": "#fff", "brown": "#fff", "gray": "#000",
       "green": "#000", "yellow": "#000"}


def _owner(g, h):
    for f in g.fac.values():
        if f["color"] == g.hcolor[h] and h in f["locations"]:
            return f["name"]
    return ""


def render_text(g: R.State) -> str:
    lines = []
    if g.finished:
        lines.append("Game over")
    elif g.round == 0:
        lines.append(f"Setup ({g.phase})")
    else:
        t = g.score_tiles[g.round - 1]
        lines.append(f"Round {g.round}: {t} {SCORING[t][5]}")
    lines.append("Scoring: " + " ".join(f"{i + 1}:{t}" for i, t in enumerate(g.score_tiles)))
    lines.append("")
    by_row: dict[int, list[int]] = {}
    for h, (r, _c) in enumerate(B.POS):
        by_row.setdefault(r, []).append(h)
    for r in sorted(by_row):
        cells = []
        for h in sorted(by_row[r], key=lambda x: B.POS[x][1]):
            if B.IS_RIVER[h]:
                cells.append("  ~~  ")
                continue
            b = g.hbld[h]
            cells.append(f"{B.NAMES[h]:>3}{LETTER[g.hcolor[h]]}{b:<2}")
        indent = "   " if r % 2 else ""
        lines.append(indent + " ".join(cells))
    lines.append("  (Y yellow, U brown, K black, B blue, G green, S gray, R red; ~~ river)")
    if g.bridges:
        lines.append("Bridges: " + ", ".join(f"{B.NAMES[a]}:{B.NAMES[b]}" for a, b, _ in g.bridges))
    lines.append("")
    lines.append("Cults:  " + "  ".join(f"{c:<6}" for c in CULTS))
    for n in g.order:
        f = g.fac[n]
        lines.append(f"  {n[:12]:<12} " + "  ".join(f"{f[c]:<6}" for c in CULTS))
    lines.append("  priests: " + "  ".join(
        f"{c}:{','.join(s or '-' for s in g.cult_spots[c])}" for c in CULTS))
    lines.append("")
    # The factions to_act names: the faction whose turn just ended (free actions may still
    # follow) and not the active one while its next action waits for answers.
    acting = set(must_act(g))
    for n in g.order:
        f = g.fac[n]
        flags = " (passed)" if f["passed"] else ""
        flags += " (dropped)" if f["dropped"] else ""
        flags += " <- to act" if n in acting else ""
        tiles = sorted(k for k, v in f.items() if v and isinstance(v, int) and k[:3] in ("BON", "FAV")
                       or (k.startswith("TW") and v and isinstance(v, int)))
        lines.append(f"{DISPLAY[n]} [{f['player']}]{flags}")
        lines.append(f"  {f['VP']} VP  {f['C']} C  {f['W']} W  {f['P']} P  power {R.pw(f)}  "
                     f"ship {f['ship']}  dig {f['dig']}  keys {f['KEY']}")
        lines.append("  buildings " + " ".join(f"{b}:{f['L_' + b]}" for b in ("D", "TP", "TE", "SH", "SA"))
                     + ("  tiles " + " ".join(tiles) if tiles else ""))
    if g.finished and g.final:
        lines.append("")
        lines.append("Final: " + ", ".join(f"{n} {g.fac[n]['VP']}" for n in g.order))
    return "\n".join(lines)


def _status(g: R.State) -> str:
    """The header line: who is to act, or who won, with every player's VP."""
    from .turns import acting

    vp = ", ".join(f"{g.player_of[n]} {g.fac[n]['VP']}" for n in g.order)
    if g.finished:
        best = max(g.fac[n]["VP"] for n in g.order)
        won = [g.player_of[n] for n in g.order if g.fac[n]["VP"] == best]
        return f"{' and '.join(won)} {'win' if len(won) > 1 else 'wins'} with {best} VP ({vp})"
    if g.phase == "select-factions":
        who = [g.players[len(g.order)]]
    else:
        who = [g.player_of[n] for n in acting(g)]
    return f"{', '.join(who)} to act" + (f" (VP: {vp})" if vp else "")


def render_svg(g: R.State) -> str:
    size = 24.0
    w = size * 1.732
    hgt = size * 1.5
    parts = []
    map_top = 66  # the first row's centres, below the two status lines
    y0 = map_top + 9 * hgt + 30  # the cult board's top, below the map's nine rows
    top = y0 + 60 + len(g.order) * 14  # the faction boards' top
    # Tall enough for every faction's board (five players need more than the 720 that
    # four take).
    width, height = 760, max(720, top + len(g.order) * 44)
    parts.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10">')
    parts.append('<rect width="100%" height="100%" fill="#fafafa"/>')
    title = "Game over" if g.finished else (f"Round {g.round}" if g.round else "Setup")
    parts.append(f'<text x="10" y="18" font-size="14">Terra Mystica, {escape(title)}</text>')
    parts.append(f'<text x="10" y="34" font-size="12">{escape(_status(g))}</text>')

    def centre(h):
        r, c = B.POS[h]
        return 30 + c * w + (w / 2 if r % 2 else 0), map_top + r * hgt

    for h in range(B.N_HEX):
        cx, cy = centre(h)
        pts = " ".join(f"{cx + size * dx:.1f},{cy + size * dy:.1f}" for dx, dy in (
            (0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5), (-0.866, -0.5)))
        color = g.hcolor[h]
        parts.append(f'<polygon points="{pts}" fill="{FILL[color]}" stroke="#fff" stroke-width="1"/>')
        if not B.IS_RIVER[h]:
            ink = INK.get(color, "#000")
            parts.append(f'<text x="{cx:.1f}" y="{cy + size * 0.7:.1f}" text-anchor="middle" '
                         f'font-size="8" fill="{ink}">{B.NAMES[h]}</text>')
            b = g.hbld[h]
            if b:
                parts.append(f'<circle cx="{cx:.1f}" cy="{cy - 2:.1f}" r="9" fill="#fff" '
                             f'stroke="{FILL[color]}" stroke-width="3"/>')
                parts.append(f'<text x="{cx:.1f}" y="{cy + 1.5:.1f}" text-anchor="middle" '
                             f'font-weight="bold">{b}</text>')
    for a, b, _color in g.bridges:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     'stroke="#333" stroke-width="4" opacity="0.6"/>')
    # Cult board.
    parts.append(f'<text x="10" y="{y0}" font-size="12">Cult tracks</text>')
    for i, c in enumerate(CULTS):
        x = 20 + i * 110
        parts.append(f'<text x="{x}" y="{y0 + 18}" font-weight="bold">{c}</text>')
        for j, n in enumerate(g.order):
            f = g.fac[n]
            parts.append(f'<rect x="{x}" y="{y0 + 24 + j * 14}" width="{f[c] * 9 + 2}" height="10" '
                         f'fill="{FILL[f["color"]]}"/>')
            parts.append(f'<text x="{x + f[c] * 9 + 6}" y="{y0 + 33 + j * 14}">{f[c]}</text>')
        spots = " ".join(s[:2] or "-" for s in g.cult_spots[c])
        parts.append(f'<text x="{x}" y="{y0 + 34 + len(g.order) * 14}" font-size="8">priests {escape(spots)}</text>')
    # Faction boards.
    for j, n in enumerate(g.order):
        f = g.fac[n]
        y = top + j * 44
        parts.append(f'<rect x="10" y="{y}" width="12" height="30" fill="{FILL[f["color"]]}"/>')
        status = " passed" if f["passed"] else ""
        status += " dropped" if f["dropped"] else ""
        parts.append(f'<text x="28" y="{y + 11}" font-weight="bold">{escape(DISPLAY[n])} '
                     f'({escape(f["player"])}){status}: {f["VP"]} VP</text>')
        parts.append(f'<text x="28" y="{y + 25}">{f["C"]} C, {f["W"]} W, {f["P"]} P, power '
                     f'{R.pw(f)}, ship {f["ship"]}, dig {f["dig"]}; D {f["L_D"]} TP {f["L_TP"]} '
                     f'TE {f["L_TE"]} SH {f["L_SH"]} SA {f["L_SA"]}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
