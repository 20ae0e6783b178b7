"""Text and SVG pictures of a Terra Mystica position: the map with buildings, the cult
board and each faction's board summary; the SVG also draws the action spaces, the
scoring, bonus, favor and town tiles, each faction's income preview, a seat's buttons
and, at the end, each player's score broken down. Its clickable parts carry the
``data-region`` ids that regions.py names."""

from __future__ import annotations

from html import escape

from . import board as B
from . import descriptions as D
from . import preview as P
from . import state as R
from .data import CULTS, DISPLAY, FACTIONS, SCORING
from .regions import BUTTONS, hex_region
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
                     f"ship {f['shipping']}  dig {f['digging']}  keys {f['KEY']}")
        lines.append("  buildings " + " ".join(f"{b}:{f[b]}" for b in ("D", "TP", "TE", "SH", "SA"))
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


#: The terrain of each colour, for the hexes' hover text.
TERRAIN = {"yellow": "desert", "brown": "plains", "black": "swamp", "blue": "lakes",
           "green": "forest", "gray": "mountains", "red": "wasteland", "white": "river"}
BUILDING = {"D": "dwelling", "TP": "trading post", "TE": "temple", "SH": "stronghold",
            "SA": "sanctuary"}
#: The faction whose own action space the picture draws, by the faction.
OWN_ACTION = {"auren": "ACTA", "chaosmagicians": "ACTC", "engineers": "ACTE",
              "giants": "ACTG", "nomads": "ACTN", "swarmlings": "ACTS", "witches": "ACTW"}

WIDTH = 760
RIGHT = 588  # the column right of the map: action spaces and scoring tiles


def _fit(text: str, size: float, room: float) -> str:
    """A font size at most ``size`` at which ``text`` fits ``room`` pixels (sans-serif
    letters average a little over half the font size; long player names need this)."""
    return f"{min(size, room / (0.6 * max(1, len(text)))):.1f}"


def _hex_title(g: R.State, h: int) -> str:
    if B.IS_RIVER[h]:
        return f"{B.NAMES[h]}: river"
    words = f"{B.NAMES[h]}: {TERRAIN[g.hcolor[h]]}"
    b = g.hbld[h]
    if b:
        who = _owner(g, h)
        words += f", {BUILDING[b]} of the {DISPLAY[who]}" if who else f", {BUILDING[b]}"
        if g.town[h]:
            words += ", part of a town"
    return words


def _box(region: str, x: float, y: float, w: float, h: float, lines: list[tuple[str, str]],
         title: str, fill: str = "#fff", after: str = "") -> str:
    """A clickable tile: its rectangle, then its lines of text (each (text, attributes))."""
    out = [f'<g data-region="{escape(region)}"{after}><title>{escape(title)}</title>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="3" '
           f'fill="{fill}" stroke="#888"/>']
    for k, (text, attrs) in enumerate(lines):
        out.append(f'<text x="{x + 4:.1f}" y="{y + 11 + k * 10:.1f}" font-size="8" '
                   f'{attrs}>{escape(text)}</text>')
    out.append("</g>")
    return "".join(out)


def _two_lines(label: str) -> list[str]:
    """A short label on at most two lines, split after its first comma or semicolon."""
    for sep in (", ", "; ", ": "):
        if sep in label:
            a, b = label.split(sep, 1)
            return [a + sep.strip(), b]
    return [label]


def _actions(g: R.State, y: float) -> list[str]:
    """The six power action spaces and the factions' own action spaces, taken or free."""
    parts = [f'<text x="{RIGHT}" y="{y}" font-size="11">Power actions</text>']
    for i in range(6):
        code = f"ACT{i + 1}"
        taken = bool(g.blocked.get(code))
        x, top = RIGHT + (i % 2) * 84, y + 6 + (i // 2) * 34
        label = D.ACTIONS[code][0]
        state = "taken" if taken else "free"
        parts.append(_box(f"action:{code}", x, top, 80, 30,
                          [(f"{code} {state}", 'font-weight="bold"'), (label, "")],
                          f"{D.ACTIONS[code][1]} ({state} this round)",
                          "#ccc" if taken else "#f0e6ff"))
    top = y + 6 + 3 * 34
    for n in g.order:
        code = OWN_ACTION.get(n)
        if code is None:
            continue
        taken = bool(g.blocked.get(f"{code}/{n}"))
        have = bool(g.fac[n].get(code))
        state = "taken" if taken else ("free" if have else "needs SH")
        parts.append(_box(f"action:{code}", RIGHT, top, 164, 20,
                          [(f"{D.ACTIONS[code][0]} ({state})", "")],
                          f"{D.ACTIONS[code][1]} ({state})",
                          "#ccc" if taken or not have else "#f0e6ff"))
        top += 23
    return parts


def _scoring(g: R.State, y: float) -> list[str]:
    parts = [f'<text x="{RIGHT}" y="{y}" font-size="11">Scoring tiles</text>']
    for i, t in enumerate(g.score_tiles):
        now = g.round == i + 1 and not g.finished
        top = y + 6 + i * 16
        mark = "now " if now else ("done " if g.finished or i + 1 < g.round else "")
        weight = ' font-weight="bold"' if now else ""
        parts.append(f'<g><title>Round {i + 1}: {escape(D.SCORING[t][1])}</title>'
                     f'<rect x="{RIGHT}" y="{top}" width="164" height="14" '
                     f'fill="{"#ffe08a" if now else "#fff"}" stroke="#bbb"/>'
                     f'<text x="{RIGHT + 3}" y="{top + 10}" font-size="8"{weight}>'
                     f'R{i + 1} {mark}{escape(D.SCORING[t][0])}</text></g>')
    return parts


def _tiles(g: R.State, y: float) -> tuple[list[str], float]:
    """The bonus tiles in play (coins on those on display, holder of the others), the
    favor tiles and the town tiles with the copies left."""
    parts = [f'<text x="10" y="{y}" font-size="11">Bonus tiles</text>']
    holder = {f["bonus"]: n for n, f in g.fac.items() if f["bonus"]}
    for i, b in enumerate(sorted(g.coins, key=lambda b: int(b[3:]))):
        x = 10 + i * 74
        on = g.pool.get(b, 0) > 0
        who = holder.get(b)
        status = f"{g.coins[b]} C on it" if on else (DISPLAY[who] if who else "taken")
        lines = [(b, 'font-weight="bold"')] + [(t, "") for t in _two_lines(D.BONUS[b][0])]
        lines.append((status, 'fill="#7a4b00"'))
        parts.append(_box(f"bonus:{b}", x, y + 6, 70, 46, lines,
                          f"{D.BONUS[b][1]} ({status})", "#fff8e0" if on else "#eee"))
    y += 62
    parts.append(f'<text x="10" y="{y}" font-size="11">Favor tiles (copies left)</text>')
    favors = [t for t in g.pool if t.startswith("FAV")]
    for i, t in enumerate(sorted(favors, key=lambda t: int(t[3:]))):
        x = 10 + i * 61
        left = g.pool[t]
        lines = [(f"{t} x{left}", 'font-weight="bold"')] + [(s, "") for s in _two_lines(D.FAVOR[t][0])]
        parts.append(_box(f"favor:{t}", x, y + 6, 58, 36, lines,
                          f"{D.FAVOR[t][1]} ({left} left)", "#e8f4ff" if left else "#eee"))
    y += 52
    parts.append(f'<text x="10" y="{y}" font-size="11">Town tiles (copies left)</text>')
    towns = [t for t in g.pool if t.startswith("TW")]
    for i, t in enumerate(sorted(towns, key=lambda t: int(t[2:]))):
        x = 10 + i * 74
        left = g.pool[t]
        lines = [(f"{t} x{left}", 'font-weight="bold"'), (D.TOWNS[t][0], "")]
        parts.append(_box(f"town:{t}", x, y + 6, 70, 26, lines,
                          f"{D.TOWNS[t][1]} ({left} left)", "#eaffea" if left else "#eee"))
    return parts, y + 42


def _buttons(y: float) -> list[str]:
    parts = []
    for i, (region, label) in enumerate(BUTTONS.items()):
        x = 10 + (i % 10) * 74
        parts.append(f'<g data-region="{region}"><title>{escape(label)}</title>'
                     f'<rect x="{x}" y="{y}" width="70" height="20" rx="4" fill="#dde8f7" '
                     f'stroke="#4a6fa5"/><text x="{x + 35}" y="{y + 14}" text-anchor="middle" '
                     f'font-size="9">{escape(label)}</text></g>')
    return parts


def _picks(g: R.State, y: float) -> tuple[list[str], float]:
    """While factions are picked: every faction, those of a taken terrain greyed."""
    taken = {f["color"] for f in g.fac.values()}
    parts = [f'<text x="10" y="{y}" font-size="11">Factions</text>']
    for i, n in enumerate(sorted(FACTIONS)):
        x, top = 10 + (i % 7) * 105, y + 6 + (i // 7) * 26
        color = FACTIONS[n]["color"]
        free = color not in taken
        parts.append(_box(f"faction:{n}", x, top, 100, 22,
                          [(DISPLAY[n], 'font-weight="bold"' if free else 'fill="#888"')],
                          f"{DISPLAY[n]}: builds on {TERRAIN[color]}"
                          + ("" if free else " (terrain taken)"),
                          FILL[color] if free else "#eee"))
    return parts, y + 6 + 2 * 26 + 8


def _final(g: R.State, y: float) -> tuple[list[str], float]:
    parts = [f'<text x="10" y="{y}" font-size="11">Final score</text>']
    for n, score in P.breakdown(g).items():
        y += 14
        parts.append(f'<text x="10" y="{y}">{escape(P.breakdown_line(g, n, score))}</text>')
    for line in P.tie_lines(g):
        y += 14
        parts.append(f'<text x="10" y="{y}" font-weight="bold">{escape(line)}</text>')
    return parts, y + 10


def render_svg(g: R.State, player: str | None = None) -> str:
    size = 24.0
    w = size * 1.732
    hgt = size * 1.5
    parts = []
    map_top = 66  # the first row's centres, below the two status lines
    y0 = map_top + 9 * hgt + 30  # the cult board's top, below the map's nine rows
    top = y0 + 60 + len(g.order) * 14  # the faction boards' top
    board_h = 44  # a faction's board: name, resources, income
    below = top + len(g.order) * board_h + 14
    title = "Game over" if g.finished else (f"Round {g.round}" if g.round else "Setup")
    body = [f'<text x="10" y="18" font-size="14">Terra Mystica, {escape(title)}</text>',
            f'<text x="10" y="34" font-size="{_fit(_status(g), 12, WIDTH - 20)}">'
            f'{escape(_status(g))}</text>']
    parts = body

    def centre(h):
        r, c = B.POS[h]
        return 30 + c * w + (w / 2 if r % 2 else 0), map_top + r * hgt

    # The hexes first, the bridges over them, then the names and buildings over both; the
    # words let clicks through to their hex (pointer-events), the hex is the region.
    for h in range(B.N_HEX):
        cx, cy = centre(h)
        pts = " ".join(f"{cx + size * dx:.1f},{cy + size * dy:.1f}" for dx, dy in (
            (0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5), (-0.866, -0.5)))
        parts.append(f'<g data-region="{hex_region(h)}"><title>{escape(_hex_title(g, h))}</title>'
                     f'<polygon points="{pts}" fill="{FILL[g.hcolor[h]]}" stroke="#fff" '
                     'stroke-width="1"/></g>')
    for a, b, _color in g.bridges:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                     'stroke="#333" stroke-width="4" opacity="0.6"/>')
    parts.append('<g pointer-events="none">')
    for h in B.LAND:
        cx, cy = centre(h)
        color = g.hcolor[h]
        ink = INK.get(color, "#000")
        parts.append(f'<text x="{cx:.1f}" y="{cy + size * 0.7:.1f}" text-anchor="middle" '
                     f'font-size="8" fill="{ink}">{B.NAMES[h]}</text>')
        b = g.hbld[h]
        if b:
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy - 2:.1f}" r="9" fill="#fff" '
                         f'stroke="{FILL[color]}" stroke-width="3"/>')
            parts.append(f'<text x="{cx:.1f}" y="{cy + 1.5:.1f}" text-anchor="middle" '
                         f'font-weight="bold">{b}</text>')
    parts.append("</g>")
    parts += _actions(g, 56)
    parts += _scoring(g, 56 + 6 + 3 * 34 + 23 * sum(n in OWN_ACTION for n in g.order) + 14)
    # Cult board: each track is the region a priest is sent to or a step is taken on.
    parts.append(f'<text x="10" y="{y0}" font-size="12">Cult tracks</text>')
    for i, c in enumerate(CULTS):
        x = 20 + i * 110
        parts.append(f'<g data-region="cult:{c}"><title>{escape(D.CULTS[c])}</title>'
                     f'<rect x="{x - 4}" y="{y0 + 6}" width="104" '
                     f'height="{34 + len(g.order) * 14}" fill="#f3f3f3" stroke="#ddd"/>')
        parts.append(f'<text x="{x}" y="{y0 + 18}" font-weight="bold">{c}</text>')
        for j, n in enumerate(g.order):
            f = g.fac[n]
            parts.append(f'<rect x="{x}" y="{y0 + 24 + j * 14}" width="{f[c] * 9 + 2}" height="10" '
                         f'fill="{FILL[f["color"]]}"/>')
            parts.append(f'<text x="{x + f[c] * 9 + 6}" y="{y0 + 33 + j * 14}">{f[c]}</text>')
        spots = " ".join(s[:2] or "-" for s in g.cult_spots[c])
        parts.append(f'<text x="{x}" y="{y0 + 34 + len(g.order) * 14}" font-size="8">priests {escape(spots)}</text>')
        parts.append("</g>")
    # Faction boards.
    for j, n in enumerate(g.order):
        f = g.fac[n]
        y = top + j * board_h
        parts.append(f'<rect x="10" y="{y}" width="12" height="30" fill="{FILL[f["color"]]}"/>')
        status = " passed" if f["passed"] else ""
        status += " dropped" if f["dropped"] else ""
        parts.append(f'<text x="28" y="{y + 11}" font-weight="bold">{escape(DISPLAY[n])} '
                     f'({escape(f["player"])}){status}: {f["VP"]} VP</text>')
        parts.append(f'<text x="28" y="{y + 25}">{f["C"]} C, {f["W"]} W, {f["P"]} P, power '
                     f'{R.pw(f)}, ship {f["shipping"]}, dig {f["digging"]}; D {f["D"]} TP {f["TP"]} '
                     f'TE {f["TE"]} SH {f["SH"]} SA {f["SA"]}</text>')
        tiles = [k for k, v in f.items() if k[:3] in ("BON", "FAV") or k[:2] == "TW"
                 if v and isinstance(v, int)]
        extra = f"; tiles {' '.join(tiles)}" if tiles else ""
        if not g.finished:
            bonus = P.round_bonus(g, f)
            extra = (f"; round end {P.say(bonus)}" if bonus else "") + extra
            line = f"income {P.say(P.income_preview(f))}{extra}"
        else:
            line = extra[2:]
        parts.append(f'<text x="28" y="{y + 38}" font-size="9">{escape(line)}</text>')
    y = below
    if g.phase == "select-factions":
        more, y = _picks(g, y + 10)
        parts += more
    more, y = _tiles(g, y + 10)
    parts += more
    if player is not None and player in g.players and not g.finished:
        parts += _buttons(y)
        y += 30
    if g.finished and g.final:
        more, y = _final(g, y + 10)
        parts += more
    width, height = WIDTH, int(max(720, y + 10))
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                      f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10">',
                      '<rect width="100%" height="100%" fill="#fafafa"/>', *parts, "</svg>"])
