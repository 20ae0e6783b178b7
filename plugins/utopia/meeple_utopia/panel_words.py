"""Utopia's pieces in words for the panels and the picture's hover texts: what an
action card lets one do, a district's neighbours, what a player holds."""

from __future__ import annotations

from .board import BOARD, CIVS, NCIV
from .state import HAND_LIMIT, REMOVE_POINTS, State

CIV_LETTER = "MPEGC"


def civ_name(civ: int) -> str:
    return CIVS[civ].capitalize()


def card_text(civ: int, value: int) -> str:
    """What one card of ``civ`` does, in short (``value``: its place on the scale)."""
    c = CIVS[civ]
    return (f"move 1 or 2 {c} princes to a neighbouring district or by ship; add a {c} "
            f"prince where a {c} monument stands, or remove yours there (+{REMOVE_POINTS}); "
            f"raise {c} one step (now {value}); two cards: lower {c} to 1")


def card_detail(civ: int) -> str:
    """The rules of one card of ``civ`` in full."""
    c = civ_name(civ)
    return (f"Spend one {c} action card to: move one {c} prince, or two from the same "
            "district together, along a street or a bridge to a neighbouring district, or by "
            "ship between ship districts in the same or a neighbouring sea sector; add a "
            f"{c} prince from your supply to a district with a {c} monument; take your {c} "
            f"prince off such a district for {REMOVE_POINTS} prestige; or raise {c} one step "
            f"on the prestige scale (it swaps with the civilization above). Two {c} cards "
            f"lower {c} to value 1 (the civilizations below it move up one). At the end of "
            f"your turn you keep at most {HAND_LIMIT} cards.")


def _bridges_of(d: int) -> set[int]:
    return {b if a == d else a for a, b in BOARD.bridges if d in (a, b)}


def neighbours(d: int) -> str:
    """Where a prince in district ``d`` can go with one card: by street, bridge or ship."""
    ids = BOARD.district_ids
    bridges = _bridges_of(d)
    streets = [ids[e] for e in BOARD.land[d] if e not in bridges]
    parts = [f"streets to {', '.join(streets)}"] if streets else []
    if bridges:
        parts.append(f"bridge to {', '.join(ids[e] for e in sorted(bridges))}")
    if BOARD.ship[d]:
        parts.append(f"ship in sea sector {BOARD.sector[d]}, sails to "
                     f"{', '.join(ids[e] for e in BOARD.sea[d])}")
    return "; ".join(parts)


def princes(state: State, d: int) -> str:
    """Each player's princes in ``d`` by civilization, "p1 M2 P1, p2 G1"."""
    parts = []
    for s in range(state.n):
        counts = " ".join(f"{CIV_LETTER[c]}{state.count(d, s, c)}" for c in range(NCIV)
                          if state.count(d, s, c))
        if counts:
            parts.append(f"{state.players[s]} {counts}")
    return ", ".join(parts)


def district_text(state: State, d: int) -> str:
    """Who controls ``d`` (or that it is open) and whose princes stand there."""
    if not state.district_active(d):
        return "not in play"
    owner = state.mon_owner[d]
    held = (f"{CIVS[state.mon_civ[d]]} monument of {state.players[owner]}" if owner >= 0
            else "open")
    return f"{held}; princes: {princes(state, d) or 'none'}"


def district_title(state: State, d: int) -> str:
    """The hover text of a district in the picture."""
    return (f"{BOARD.district_ids[d]}, value {BOARD.value[d]}: {district_text(state, d)}. "
            f"Neighbours: {neighbours(d)}")


def holdings(state: State, seat: int) -> str:
    """What a player has, as everyone at the table sees it."""
    ids = BOARD.district_ids
    held = [f"{ids[d]} {CIVS[state.mon_civ[d]]}" for d in range(BOARD.n_districts)
            if state.mon_owner[d] == seat]
    wonders = [BOARD.island_names[i] for i in range(BOARD.n_islands) if state.wonder[i] == seat]
    supply = state.supply[seat * NCIV:(seat + 1) * NCIV]
    k = state.hand_sizes[seat]
    return "; ".join([
        f"{state.scores[seat]} prestige",
        f"{k} action card{'' if k == 1 else 's'}",
        f"privilege tokens: {state.privileges[seat]} own, {state.held[seat]} received",
        f"districts ({len(held)}): {', '.join(held) or 'none'}",
        f"wonders: {', '.join(wonders) or 'none'}",
        "supply: " + " ".join(f"{CIV_LETTER[c]}{supply[c]}" for c in range(NCIV)),
    ])
