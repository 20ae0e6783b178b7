"""Reading fact events: ``changes`` (per player, per counter) and the log line, in the
manner of the site's ledger (VP, C, W, P, PW and cult changes per row, with reasons).
Both read the event alone: no state, no rules."""

from __future__ import annotations

from typing import Any

from .data import CULTS

#: The counters ``Game.changes`` reports, by the name a fact records (names.COUNTERS).
COUNTER = {"VP": "vp", "C": "coins", "W": "workers", "P": "priests", "P1": "bowl1",
           "P2": "bowl2", "P3": "bowl3", "SPADE": "spades", "KEY": "keys",
           "shipping": "shipping", "digging": "digging", "D": "dwellings",
           "TP": "trading_houses", "TE": "temples", "SH": "strongholds",
           "SA": "sanctuaries", **{c: c.lower() for c in CULTS}}

_ORDER = ("VP", "C", "W", "P", "PW", *CULTS, "SPADE", "KEY", "shipping", "digging")
_SHOWN = {"SPADE": "spades", "KEY": "keys"}


def changes(lines) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for player, _faction, _reason, deltas in lines:
        d = out.setdefault(player, {})
        for k, v in deltas:
            c = COUNTER.get(k, k)  # tiles keep their names: BON4, FAV11, TW3
            d[c] = d.get(c, 0) + v
    return {p: {k: v for k, v in d.items() if v} for p, d in out.items()
            if any(d.values())}


def _power(d1: int, d2: int, d3: int) -> str:
    """Bowl changes as the site shows them: gained, spent or burnt power."""
    if not (d1 or d2 or d3):
        return ""
    if d1 + d2 + d3 == 0 and d1 <= 0 <= d3:
        return f"PW +{d3 - d1}"
    if d2 == 0 and d1 == -d3 > 0:
        return f"PW -{d1}"
    if d1 == 0 and d2 == -2 * d3 < 0:
        return f"burn {d3}"
    return f"PW {d1:+d}/{d2:+d}/{d3:+d}"


def deltas_text(deltas, absolute: bool = False) -> str:
    d = dict(deltas)
    parts = []
    for k in _ORDER:
        if k == "PW":
            b = (d.pop("P1", 0), d.pop("P2", 0), d.pop("P3", 0))
            if absolute:
                parts.append(f"PW {b[0]}/{b[1]}/{b[2]}")
            elif any(b):
                parts.append(_power(*b))
            continue
        v = d.pop(k, 0)
        if v:
            parts.append(f"{_SHOWN.get(k, k)} {v}" if absolute else f"{_SHOWN.get(k, k)} {v:+d}")
    for k, v in d.items():  # buildings and tiles
        parts.append(f"{k} {v}" if absolute else f"{k} {v:+d}")
    return ", ".join(parts)


def _note(n: tuple[str, ...]) -> str:
    if n[0] == "leech":
        _, who, src, amount, got = n
        if got == "declined":
            return f"{who} declined {amount} power from {src}"
        return f"{who} took {got} power from {src}"
    if n[0] == "town":
        return f"{n[1]} founded a town ({n[2]})"
    if n[0] == "cultists":
        return f"cultists: {n[1]}"
    return " ".join(n)


def describe(head: str, ev: Any, actor: str = "") -> str:
    """``head`` then every ledger line, map change and note of the event, one line."""
    parts = [head]
    for _player, faction, reason, deltas in ev.lines:
        who = "" if faction == actor else f"{faction} "
        body = deltas_text(deltas, absolute=reason == "start")
        parts.append(f"{who}{reason}: {body}" if reason else f"{who}{body}")
    for name, _color, bld, owner, _town in ev.hexes:
        if bld:
            parts.append(f"{name}: {owner} {bld}")
        else:
            parts.append(f"{name}: {_color}")
    parts.extend(_note(n) for n in ev.notes)
    return " | ".join(parts)
