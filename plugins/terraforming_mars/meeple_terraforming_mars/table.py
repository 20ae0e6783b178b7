"""The Terraforming Mars table in words (``describe_table``): each player's tableau (cards
in play with the resources on them, tag counts, VP so far), what milestones and awards
are taken, and the tie-break."""

from __future__ import annotations

from .rules import tags
from .scoring import breakdown
from .state import State


def table_lines(s: State, player: str | None = None) -> list[str]:
    lines = []
    vp = breakdown(s)
    for n in s.names:
        p = s.players[n]
        cards = [f"{c} ({p.card_res[c]} {'resource' if p.card_res[c] == 1 else 'resources'})"
                 if p.card_res.get(c) else c for c in p.played]
        counted = ", ".join(f"{t} {k}" for t, k in sorted(tags(p).items()) if k) or "none"
        parts = vp[n]
        so_far = ", ".join(f"{k} {v}" for k, v in parts.items() if k != "total" and v)
        lines.append(f"{n}'s tableau: {p.corp or 'no corporation yet'}; "
                     + (", ".join(cards) if cards else "no cards in play")
                     + (f"; {len(p.events)} events played" if p.events else ""))
        lines.append(f"  {n}'s tags: {counted}; VP so far {parts['total']} ({so_far or 'none'})")
    if s.milestones:
        lines.append("milestones claimed: " + ", ".join(f"{m} by {o}"
                                                        for m, o in s.milestones.items()))
    if s.awards:
        lines.append("awards funded: " + ", ".join(f"{a} by {o}" for a, o in s.awards.items()))
    lines.append("tie-break: with equal VP at the end, the most M€ wins; still equal, the rank is shared")
    return lines
