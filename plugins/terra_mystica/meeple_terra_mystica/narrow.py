"""Terra Mystica as text for a narrow terminal (the "narrow" render format, chosen by the
command line when the terminal is under 100 columns): the map in 5 columns a hex instead
of 7, the rest of the text picture as it is."""

from __future__ import annotations

from . import board as B
from . import state as R
from .render import LETTER, render_text

#: One letter per building, so that a hex fits in 5 columns.
SHORT = {"": " ", "D": "D", "TP": "T", "TE": "E", "SH": "H", "SA": "S"}
LEGEND = ("  (a hex: its number in the row (row E, 8: E8), its terrain, its building;\n"
          "   terrain Y yellow U brown K black B blue G green S gray R red; ~~~ river;\n"
          "   building D dwelling T trading house E temple H stronghold S sanctuary)")


def narrow_map(g: R.State) -> list[str]:
    by_row: dict[int, list[int]] = {}
    for h, (r, _c) in enumerate(B.POS):
        by_row.setdefault(r, []).append(h)
    lines = []
    for r in sorted(by_row):
        cells = []
        for h in sorted(by_row[r], key=lambda x: B.POS[x][1]):
            if B.IS_RIVER[h]:
                cells.append(" ~~~")
                continue
            number = B.NAMES[h][1:]
            cells.append(f"{number:>2}{LETTER[g.hcolor[h]]}{SHORT[g.hbld[h]]}")
        row = chr(ord("A") + r) if r < 26 else "?"
        lines.append(f"{row} " + ("  " if r % 2 else "") + " ".join(cells))
    return lines


def render_narrow(g: R.State) -> str:
    """``render_text`` with its map drawn narrow."""
    wide = render_text(g).split("\n")
    start = wide.index("") + 1  # the map follows the scoring lines and a blank line
    end = next(i for i in range(start, len(wide)) if wide[i].startswith("  (Y yellow"))
    return "\n".join(wide[:start] + narrow_map(g) + [LEGEND] + wide[end + 1:])
