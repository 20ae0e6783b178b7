"""Pictures of a state: terminal text and an SVG of the islands (districts with their
monument value and ship, streets, bridges, lighthouse lines, princes, monuments, wonders)
with the prestige scale and the scores beside it."""

from __future__ import annotations

import math
from html import escape

from meeple.core import fit_lines

from . import final, regions
from .board import BOARD, CIVS, NCIV
from .events import Done, End
from .panel_words import card_text, district_title
from .rules import legal
from .state import DEVELOP, HAND_LIMIT, OVER, SCORING, WELCOME, State

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


def status(state: State) -> str:
    """Whose turn it is and what they do now, or who won, with every score."""
    scores = ", ".join(f"{p} {state.scores[s]}" for s, p in enumerate(state.players))
    if state.phase == OVER:
        best = max(state.scores)
        won = [p for s, p in enumerate(state.players) if state.scores[s] == best]
        if len(won) > 1:  # the tie-break: most districts controlled
            most = max(state.mon_owner.count(state.players.index(p)) for p in won)
            won = [p for p in won if state.mon_owner.count(state.players.index(p)) == most]
        verb = "win" if len(won) > 1 else "wins"
        return f"game over: {' and '.join(won)} {verb} with {best} prestige ({scores})"
    if state.current < 0:
        return f"round {state.round}, {PHASES[state.phase]} ({scores})"
    who = state.players[state.current]
    if state.phase == WELCOME:
        doing = ("may build a wonder or monument, or say done" if state.took
                 else "to welcome a guest")
    elif state.must_discard:
        doing = f"to discard {state.must_discard} card(s) for standing"
    else:
        doing = "to act (action cards, builds, end)"
    return f"round {state.round}, {PHASES[state.phase]}: {who} {doing} ({scores})"


def text(state: State, player: str | None = None, width: int | None = None) -> str:
    """The table in lines of text, each within ``width`` columns (None: as long as it is)."""
    lines = [f"Utopia, {status(state)}"]
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
    lines.append("legend: princes per player as letters, one per prince: M maya, P persian, "
                 "E egyptian, G greek, C chinese")
    lines.append("        [n] a district's value; ship(sector k): a ship district in sea "
                 "sector k (sea moves reach the same or a neighbouring sector)")
    return "\n".join(fit_lines(lines, width))


def _ship(x: float, y: float, sector: int) -> str:
    """A small boat drawn with shapes (no emoji font needed) and its sea sector."""
    return (f'<polygon points="{x - 8},{y} {x + 8},{y} {x + 5},{y + 5} {x - 5},{y + 5}" '
            f'fill="#78350f"/><polygon points="{x},{y - 12} {x},{y - 1} {x + 7},{y - 1}" '
            f'fill="#ffffff" stroke="#1e3a8a"/>'
            f'<text x="{x + 10}" y="{y + 4}" font-size="10">{sector}</text>')


def _region(name: str) -> str:
    return f'data-region="{escape(name)}"'


def svg(state: State) -> str:  # noqa: C901 - one picture, drawn layer by layer
    """The islands with their pieces, the prestige scale and the players beside them;
    below the map, a seat's own hand, tokens, supply and turn buttons (the picture of a
    seat's view), or the final scoring. Clickable parts carry ``data-region`` (regions.py)."""
    data = BOARD.data
    w, h = 1140, 680
    top = 40  # the status line above the map
    seat = state.viewer if 0 <= state.viewer < state.n else None
    if state.phase == OVER:
        below = _final_table(state, 650)
    elif seat is not None:
        below = _table_edge(state, seat, 650)
    else:
        below = ([], 640)
    h = max(h, below[1] + 10)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif">',
           f'<rect width="{w}" height="{h}" fill="#f8fafc"/>',
           f'<text x="10" y="24" font-size="15" font-weight="bold">{escape(status(state))}</text>',
           f'<g transform="translate(0,{top})">',
           '<rect width="800" height="600" fill="#7dd3fc"/>']
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
                   f'fill="{fill}" stroke="#334155" {_region(regions.island(i))}/>')
        wx, wy = isl["wonder"]
        owner = state.wonder[i]
        colour = SEAT_COLOURS[owner] if owner >= 0 else "#ffffff"
        out.append(f'<polygon points="{wx},{wy - 14} {wx + 13},{wy + 10} {wx - 13},{wy + 10}" '
                   f'fill="{colour}" stroke="#000" {_region(regions.wonder(i))}>'
                   f'<title>wonder of the {isl["name"]} island'
                   f'</title></polygon>')
        if not state.active[i]:
            # At the island's foot: its districts' names stand near the top.
            out.append(f'<text x="{(x1 + x2) / 2}" y="{y2 - 10}" font-size="12" '
                       'text-anchor="middle">not in play</text>')
    for (a, b), bridge in [(e, False) for e in BOARD.streets] + [(e, True) for e in BOARD.bridges]:
        (x1, y1), (x2, y2) = BOARD.xy[a], BOARD.xy[b]
        style = ('stroke="#78350f" stroke-width="6"' if bridge
                 else 'stroke="#a8a29e" stroke-width="2"')
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>')
    for d, name in enumerate(BOARD.district_ids):
        x, y = BOARD.xy[d]
        out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="#fffbeb" stroke="#57534e" '
                   f'{_region(regions.district(d))}><title>{escape(district_title(state, d))}'
                   '</title></circle>')
        out.append(f'<text x="{x}" y="{y - 17}" font-size="10" text-anchor="middle">'
                   f'{name} ({BOARD.value[d]})</text>')
        if BOARD.ship[d]:
            out.append(_ship(x + 24, y - 22, BOARD.sector[d]))
        if state.mon_owner[d] >= 0:  # at the top left, clear of the name and the princes
            out.append(f'<rect x="{x - 29}" y="{y - 28}" width="12" height="12" '
                       f'fill="{CIV_COLOURS[state.mon_civ[d]]}" '
                       f'stroke="{SEAT_COLOURS[state.mon_owner[d]]}" stroke-width="3">'
                       f'<title>{CIVS[state.mon_civ[d]]} monument of '
                       f'{escape(state.players[state.mon_owner[d]])}</title></rect>')
        # princes as counts a person can read: one line per player, "p1 M2 P1", centred
        # and squeezed to the width of the circle where they cross it
        k = 0
        for s in range(state.n):
            counts = " ".join(f"{CIV_LETTER[c]}{state.count(d, s, c)}" for c in range(NCIV)
                              if state.count(d, s, c))
            if counts:
                words = f"{state.players[s][:4]} {counts}"
                base = y - 4 + 9 * k
                out.append(f'<text x="{x}" y="{base}" font-size="8.5" '
                           f'fill="{SEAT_COLOURS[s]}" font-weight="bold" text-anchor="middle"'
                           f'{_squeeze(words, 4.8, _chord(base - y))}>{escape(words)}</text>')
                k += 1
    # Guests waiting at the ships, drawn as hexagons in their civilization's colour,
    # lettered, beside the island's first ship district.
    for i in range(BOARD.n_islands):
        ships = [d for d in BOARD.districts_of[i] if BOARD.ship[d]]
        if not ships:
            continue
        sx, sy = BOARD.xy[ships[0]]
        k = 0
        for c in range(NCIV):
            for _ in range(state.waiting[i * NCIV + c]):
                gx, gy = sx - 30 + k * 14, sy + 44
                out.append(_hexagon(gx, gy, CIV_COLOURS[c], f"{CIVS[c]} guest",
                                    regions.guest(i, c)))
                out.append(f'<text x="{gx}" y="{gy + 3}" font-size="8" fill="#fff" '
                           f'text-anchor="middle">{CIV_LETTER[c]}</text>')
                k += 1
    out += _bag(state)
    out.append("</g>")
    x0 = 815
    out.append(f'<text x="{x0}" y="{top + 20}" font-size="15" font-weight="bold">'
               'Prestige scale</text>')
    for c in sorted(range(NCIV), key=lambda c: -state.scale[c]):
        y = top + 48 + (NCIV - state.scale[c]) * 24
        out.append(f'<g {_region(regions.scale(c))}>'
                   f'<rect x="{x0}" y="{y - 13}" width="16" height="16" fill="{CIV_COLOURS[c]}"/>'
                   f'<text x="{x0 + 24}" y="{y}" font-size="13">{state.scale[c]} '
                   f'{CIVS[c]} ({CIV_LETTER[c]})</text></g>')
    y = top + 190
    out.append(f'<text x="{x0}" y="{y}" font-size="15" font-weight="bold">Prestige</text>')
    for s in range(state.n):
        ty = y + 22 + s * 20
        mark = " (to act)" if s == state.current else ""
        out.append(f'<g {_region(regions.player(state.players[s]))}>'
                   f'<circle cx="{x0 + 7}" cy="{ty - 5}" r="6" fill="{SEAT_COLOURS[s]}"/>'
                   f'<text x="{x0 + 18}" y="{ty}" font-size="13">{escape(state.players[s])} '
                   f'{state.scores[s]}, {state.hand_sizes[s]} cards{mark}</text></g>')
    y += 30 + 20 * state.n
    legend = [
        ("wonder", "wonder: owner's colour, white = not built"),
        ("monument", "monument: civilization's colour, owner's border"),
        ("ship", "ship district and its sea sector"),
        ("guest", "guest waiting at the ships (letter: civilization)"),
        ("bridge", "bridge (thick) and street (thin)"),
        ("lighthouse", "lighthouse; dashes divide the sea sectors"),
        ("bag", "bag of guests: special guests come from it"),
        ("", "in a district: its id (value), then per player"),
        ("", "the princes by civilization: p1 M2 = 2 maya"),
        ("", "M maya, P persian, E egyptian, G greek, C chinese"),
    ]
    for i, (glyph, words) in enumerate(legend):
        ty = y + 20 * i
        out.append(_legend_glyph(glyph, x0 + 8, ty - 4))
        out.append(f'<text x="{x0 + 24}" y="{ty}" font-size="10.5">{escape(words)}</text>')
    out += below[0]
    out.append("</svg>")
    return "\n".join(out)


def _hexagon(x: float, y: float, fill: str, title: str, region: str | None = None) -> str:
    pts = " ".join(f"{x + dx},{y + dy}" for dx, dy in
                   ((6, 0), (3, 5), (-3, 5), (-6, 0), (-3, -5), (3, -5)))
    marked = f" {_region(region)}" if region else ""
    return (f'<polygon points="{pts}" fill="{fill}" stroke="#000"{marked}><title>{title}</title>'
            '</polygon>')


def _legend_glyph(kind: str, x: float, y: float) -> str:
    if kind == "wonder":
        return f'<polygon points="{x},{y - 8} {x + 7},{y + 5} {x - 7},{y + 5}" fill="#fff" stroke="#000"/>'
    if kind == "monument":
        return (f'<rect x="{x - 6}" y="{y - 6}" width="12" height="12" fill="{CIV_COLOURS[0]}" '
                f'stroke="{SEAT_COLOURS[0]}" stroke-width="3"/>')
    if kind == "ship":
        return (f'<polygon points="{x - 8},{y + 2} {x + 8},{y + 2} {x + 5},{y + 7} {x - 5},{y + 7}" '
                f'fill="#78350f"/><polygon points="{x},{y - 9} {x},{y + 1} {x + 7},{y + 1}" '
                'fill="#fff" stroke="#1e3a8a"/>')
    if kind == "guest":
        return _hexagon(x, y, CIV_COLOURS[1], "guest")
    if kind == "bridge":
        return (f'<line x1="{x - 8}" y1="{y - 3}" x2="{x + 8}" y2="{y - 3}" stroke="#78350f" '
                f'stroke-width="5"/><line x1="{x - 8}" y1="{y + 4}" x2="{x + 8}" y2="{y + 4}" '
                'stroke="#a8a29e" stroke-width="2"/>')
    if kind == "bag":
        return (f'<polygon points="{x - 6},{y - 5} {x + 6},{y - 5} {x + 8},{y + 6} '
                f'{x - 8},{y + 6}" fill="#a16207" stroke="#422006"/>')
    if kind == "lighthouse":
        return f'<circle cx="{x}" cy="{y}" r="6" fill="#fde047" stroke="#1e3a8a"/>'
    return ""


def _chord(dy: float) -> float:
    """The width a line of 8.5 px text at ``dy`` below a district's centre has inside
    its circle (radius 30); at least 50, so that it stays readable."""
    far = max(abs(dy - 7), abs(dy + 1))
    return max(50.0, 2 * math.sqrt(max(0.0, 30 ** 2 - far ** 2)))


def _squeeze(words: str, per_char: float, width: float) -> str:
    """SVG attributes that fit ``words`` into ``width`` when they would run wider."""
    if len(words) * per_char <= width:
        return ""
    return f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"'


def _bag(state: State) -> list[str]:
    """The bag of guests in the open sea between the islands, and a special guest just
    drawn from it beside it (map coordinates)."""
    x, y = 375, 262
    total = sum(state.bag)
    out = [f'<g {_region(regions.BAG)}>'
           f'<polygon points="{x - 12},{y - 8} {x + 12},{y - 8} {x + 17},{y + 18} '
           f'{x - 17},{y + 18}" fill="#a16207" stroke="#422006">'
           f'<title>bag of guests: {total} inside; a special guest is drawn from it</title>'
           f'</polygon><circle cx="{x}" cy="{y - 11}" r="4" fill="#422006"/>'
           f'<text x="{x}" y="{y + 36}" font-size="11" text-anchor="middle">bag: {total} '
           'guests</text></g>']
    if state.pending >= 0:
        i, c = divmod(state.pending, NCIV)
        what = f"{CIVS[c]} of the {BOARD.island_names[i]} island"
        out.append(_hexagon(x + 30, y + 4, CIV_COLOURS[c], f"special guest: {what}",
                            regions.SPECIAL_GUEST))
        out.append(f'<text x="{x + 30}" y="{y + 7}" font-size="8" fill="#fff" '
                   f'text-anchor="middle">{CIV_LETTER[c]}</text>')
        out.append(f'<text x="{x}" y="{y + 50}" font-size="10" text-anchor="middle">'
                   f'special: {CIVS[c]}, {BOARD.island_names[i]}</text>')
    return out


def _button(x: float, y: float, width: float, words: str, region: str) -> str:
    return (f'<g {_region(region)}><rect x="{x}" y="{y}" width="{width}" height="26" rx="6" '
            f'fill="#1e3a8a"/><text x="{x + width / 2}" y="{y + 17}" font-size="12" '
            f'fill="#ffffff" text-anchor="middle">{escape(words)}</text></g>')


def _table_edge(state: State, seat: int, y0: float) -> tuple[list[str], float]:
    """Below the map, what only this seat sees and touches: its hand as cards, its
    privilege tokens, its supply of princes, and the buttons of its turn."""
    hand = state.hand(seat)
    k = sum(hand)
    head = f"Your hand: {k} card{'' if k == 1 else 's'}"
    if state.current == seat and state.must_discard:
        head += f" (discard {state.must_discard} for standing: click them)"
    out = [f'<text x="10" y="{y0 + 14}" font-size="13" font-weight="bold">{head}</text>']
    top = y0 + 24
    x = 10
    for c in range(NCIV):
        if hand[c]:
            out.append(f'<g {_region(regions.card(c))}>'
                       f'<rect x="{x}" y="{top}" width="56" height="52" rx="5" '
                       f'fill="{CIV_COLOURS[c]}" stroke="#1f2937"><title>{CIVS[c]} card: '
                       f'{escape(card_text(c, state.scale[c]))}</title></rect>'
                       f'<text x="{x + 28}" y="{top + 17}" font-size="10" fill="#ffffff" '
                       f'text-anchor="middle">{CIVS[c]}</text>'
                       f'<text x="{x + 28}" y="{top + 41}" font-size="16" font-weight="bold" '
                       f'fill="#ffffff" text-anchor="middle">\u00d7{hand[c]}</text></g>')
            x += 62
    if not k:
        out.append(f'<text x="10" y="{top + 30}" font-size="12">no action cards</text>')
    px = 330
    out.append(f'<g {_region(regions.PRIVILEGE)}>'
               f'<circle cx="{px + 12}" cy="{top + 14}" r="11" fill="#fde68a" stroke="#92400e">'
               '<title>privilege tokens received: each pays for one card action instead of '
               'a card (not lower)</title></circle>'
               f'<text x="{px + 12}" y="{top + 18}" font-size="11" font-weight="bold" '
               f'text-anchor="middle">{state.held[seat]}</text>'
               f'<text x="{px + 30}" y="{top + 12}" font-size="11">privilege tokens received'
               f'</text><text x="{px + 30}" y="{top + 26}" font-size="10">each pays for a card'
               '</text></g>')
    out.append(f'<text x="{px + 30}" y="{top + 44}" font-size="10">own tokens: '
               f'{state.privileges[seat]}</text>')
    sx = 510
    supply = state.supply[seat * NCIV:(seat + 1) * NCIV]
    out.append(f'<g {_region(regions.SUPPLY)}>'
               f'<rect x="{sx}" y="{top}" width="150" height="46" rx="4" fill="#ffffff" '
               'stroke="#57534e"><title>your princes not on the board</title></rect>'
               f'<text x="{sx + 8}" y="{top + 15}" font-size="11">your supply of princes</text>')
    for c in range(NCIV):
        cx = sx + 8 + 28 * c
        out.append(f'<rect x="{cx}" y="{top + 22}" width="22" height="17" '
                   f'fill="{CIV_COLOURS[c]}"><title>{CIVS[c]}</title></rect>'
                   f'<text x="{cx + 11}" y="{top + 35}" font-size="11" fill="#ffffff" '
                   f'text-anchor="middle">{supply[c]}</text>')
    out.append("</g>")
    kinds = {type(c) for c in legal(state, seat)} if state.current == seat else set()
    if Done in kinds:
        out.append(_button(680, top, 110, "done", regions.DONE))
    if End in kinds:
        extra = state.hand_sizes[seat] - HAND_LIMIT
        out.append(_button(680, top, 110, f"end, discard {extra}" if extra > 0 else "end turn",
                           regions.END))
    return out, top + 52


def _final_table(state: State, y0: float) -> tuple[list[str], float]:
    """Below the map at the end: each player's place and prestige by source, the
    districts that break ties, and how each tie was broken."""
    out = final.outcome(state)
    assert out is not None
    held = final.districts_held(state)
    cols = (10, 60, 170, 250, 330, 440, 520)
    words = ("place", "player", "prestige", "wonders", "last scoring", "other", "districts")
    lines = [f'<text x="10" y="{y0 + 14}" font-size="14" font-weight="bold">Final scoring</text>']
    lines += [f'<text x="{x}" y="{y0 + 34}" font-size="11" font-weight="bold" '
              f'fill="#475569">{w}</text>' for x, w in zip(cols, words, strict=True)]
    y = y0 + 34
    for s in sorted(range(state.n), key=lambda s: (out.ranks[state.players[s]], s)):
        y += 18
        p = state.players[s]
        parts = final.breakdown(state, s)
        row = (final.ordinal(out.ranks[p]), p[:14], state.scores[s], parts["wonders"],
               parts["last scoring"], parts["other"], held[s])
        colour = f' fill="{SEAT_COLOURS[s]}" font-weight="bold"'
        lines += [f'<text x="{x}" y="{y}" font-size="12"{colour if i == 1 else ""}>'
                  f'{escape(str(v))}</text>' for i, (x, v) in enumerate(zip(cols, row, strict=True))]
    y += 18
    lines.append(f'<text x="10" y="{y}" font-size="10.5">{escape(final.OTHER)}; districts: '
                 'controlled at the end, the tie-break</text>')
    for tie in final.tie_breaks(state):
        y += 18
        lines.append(f'<text x="10" y="{y}" font-size="12" font-weight="bold">'
                     f'{escape(tie)}</text>')
    return lines, y + 4
