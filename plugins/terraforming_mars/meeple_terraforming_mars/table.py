"""The Terraforming Mars table in words (``describe_table``): each player's tableau (cards
in play with the resources on them, tag counts, VP so far), what milestones and awards
are taken, and the tie-break."""

from __future__ import annotations

from .board import ADJACENT, SPACES
from .rules import legal_spaces, tags
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
    free = [sp for sp in SPACES.values() if sp.bonus and sp.id not in s.tiles]
    if free:
        lines.append("placement bonuses on free spaces: "
                     + ", ".join(f"{sp.id} {bonus_words(sp.bonus)}" for sp in free))
    head = s.pending[0] if s.pending else None
    if player is not None and head and head[0] == player and head[1] == "place":
        spaces = legal_spaces(s, player, head[2], head[3])
        lines.append(f"you place {head[2]}: " + ", ".join(
            f"{sp} ({space_gain(s, sp)})" for sp in spaces))
    lines.append("tie-break: with equal VP at the end, the most M€ wins; still equal, the rank is shared")
    return lines


def bonus_words(bonus: tuple[str, ...]) -> str:
    """``("steel", "steel")`` as ``2 steel``; ``("cards",)`` as ``1 card``."""
    counted: dict[str, int] = {}
    for b in bonus:
        counted[b] = counted.get(b, 0) + 1
    one = {"cards": "card", "plants": "plant"}
    return ", ".join(f"{n} {one.get(b, b) if n == 1 else b}" for b, n in counted.items())


def space_gain(s: State, space: str) -> str:
    """What placing on ``space`` gives at once: its bonus and 2 M€ per ocean next to it."""
    sp = SPACES.get(space)
    parts = [bonus_words(sp.bonus)] if sp is not None and sp.bonus else []
    oceans = sum(1 for a in ADJACENT.get(space, ()) if s.tiles.get(a, ("",))[0] == "ocean")
    if oceans:
        parts.append(f"{2 * oceans} M€ from {oceans} ocean{'s' if oceans > 1 else ''}")
    return ", ".join(parts) or "no bonus"
