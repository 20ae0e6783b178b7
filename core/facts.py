"""Reading an event's consequences: ``Game.changes`` per event, as plain dicts and text.

Events are facts (docs/architecture.md): each records what it changed, per player, as
``{player: {counter: delta}}``. This module only drops the zeros and writes them as text;
it knows no game (the counter names are the game's own).
"""

from __future__ import annotations

from collections.abc import Mapping

Changes = Mapping[str, Mapping[str, int | float]]


def plain_changes(changes: Changes) -> dict[str, dict[str, int | float]]:
    """``changes`` as plain dicts, without zero deltas or players left with nothing."""
    out: dict[str, dict[str, int | float]] = {}
    for player, counters in changes.items():
        kept = {name: delta for name, delta in counters.items() if delta}
        if kept:
            out[player] = kept
    return out


def number(delta: int | float) -> str:
    """``+3``, ``-2``, ``+0.5``: whole numbers without a decimal point."""
    if isinstance(delta, float) and delta.is_integer():
        delta = int(delta)
    return f"{delta:+g}" if isinstance(delta, float) else f"{delta:+d}"


def render_counters(counters: Mapping[str, int | float]) -> str:
    """``+3 vp, -2 coins``: vp first (it is the score), then the game's own order."""
    names = sorted(counters, key=lambda n: n != "vp")
    return ", ".join(f"{number(counters[n])} {n}" for n in names if counters[n])


def render_changes(changes: Changes) -> str:
    """One compact line: ``red +1 vp; yellow +0.5 vp`` ('' when nothing changed)."""
    parts = []
    for player, counters in plain_changes(changes).items():
        parts.append(f"{player} {render_counters(counters)}")
    return "; ".join(parts)
