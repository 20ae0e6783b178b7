"""The Utopia table in words (``describe_table``): for the player, where their princes
stand with the districts each reaches by land and by sea, what a round's scoring would
give them now; for everyone, the tie-break."""

from __future__ import annotations

from .board import BOARD, CIVS, NCIV
from .state import State


def _princes(s: State, d: int, seat: int) -> list[int]:
    base = (d * s.n + seat) * NCIV
    return s.princes[base:base + NCIV]


def table_lines(s: State, player: str | None = None) -> list[str]:
    lines: list[str] = []
    if player in s.players:
        seat = s.players.index(player)
        names = BOARD.district_ids
        for d in range(BOARD.n_districts):
            mine = _princes(s, d, seat)
            if not any(mine):
                continue
            held = ", ".join(f"{CIVS[c]} {k}" for c, k in enumerate(mine) if k)
            land = " ".join(names[x] for x in BOARD.land[d]) or "none"
            sea = " ".join(names[x] for x in BOARD.sea[d])
            lines.append(f"{names[d]}: your princes {held}; neighbours by land {land}"
                         + (f", by sea {sea}" if sea else ""))
        owned = [d for d, owner in enumerate(s.mon_owner) if owner == seat]
        parts = [f"{names[d]} {CIVS[s.mon_civ[d]]} {s.scale[s.mon_civ[d]]}" for d in owned]
        total = sum(s.scale[s.mon_civ[d]] for d in owned)
        lines.append(f"your round scoring now: {' + '.join(parts) or 'no districts'}"
                     f" = {total} prestige")
    lines.append("tie-break: with equal prestige at the end, more controlled districts wins; "
                 "still equal, the rank is shared")
    return lines
