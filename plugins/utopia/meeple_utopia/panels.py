"""What the table shows a player besides the board, in words: its own hand as cards with
its privilege tokens and supply, every player's prestige and holdings, the prestige
scale, the guests and the bag, every district with its neighbours, and at the end the
final scoring. Built from the player's view: another seat's hand never appears."""

from __future__ import annotations

from meeple.core import Entry, Panel

from . import final, regions
from .board import BOARD, CIVS, NCIV
from .panel_words import CIV_LETTER, card_detail, card_text, district_text, holdings, neighbours
from .state import OVER, State


def _hand(state: State, seat: int) -> Panel:
    hand = state.hand(seat)
    entries = [Entry(f"{CIVS[c]} card" + (f" x{hand[c]}" if hand[c] > 1 else ""),
                     card_text(c, state.scale[c]), card_detail(c), regions.card(c))
               for c in range(NCIV) if hand[c]]
    if not entries:
        entries.append(Entry("no action cards"))
    held = state.held[seat]
    entries.append(Entry(
        f"privilege tokens received: {held}",
        "each pays for one card action of any civilization instead of a card (not lower)",
        "A token another player handed you for a special guest. Spend it once in phase 2 "
        "in place of an action card; it then leaves the game.",
        regions.PRIVILEGE if held else None))
    entries.append(Entry(
        f"own privilege tokens: {state.privileges[seat]}",
        "hand one to an opponent to draw a special guest from the bag instead of a waiting one"))
    supply = state.supply[seat * NCIV:(seat + 1) * NCIV]
    entries.append(Entry(
        "your supply", " ".join(f"{CIV_LETTER[c]}{supply[c]}" for c in range(NCIV)),
        "Your princes not on the board, by civilization: a take or an add puts one on the "
        "board, a remove puts one back.", regions.SUPPLY))
    return Panel("Your hand", tuple(entries))


def _players(state: State) -> Panel:
    return Panel("Players", tuple(
        Entry(p + (" (to act)" if s == state.current else ""), holdings(state, s),
              region=regions.player(p))
        for s, p in enumerate(state.players)))


def _scale(state: State) -> Panel:
    order = sorted(range(NCIV), key=lambda c: -state.scale[c])
    return Panel("Prestige scale", tuple(
        Entry(f"{state.scale[c]} {CIVS[c]}",
              f"each district with a {CIVS[c]} monument scores {state.scale[c]} at the round's "
              "end", region=regions.scale(c))
        for c in order))


def _guests(state: State) -> Panel:
    entries = []
    if state.pending >= 0:
        i, c = divmod(state.pending, NCIV)
        entries.append(Entry("special guest", f"{CIVS[c]} of the {BOARD.island_names[i]} island",
                             "Drawn from the bag; its drawer welcomes it now.",
                             regions.SPECIAL_GUEST))
    for i in range(BOARD.n_islands):
        if not state.active[i]:
            continue
        waiting = [CIVS[c] + (" x2" if state.waiting[i * NCIV + c] == 2 else "")
                   for c in range(NCIV) if state.waiting[i * NCIV + c]]
        entries.append(Entry(f"{BOARD.island_names[i]} island ships",
                             ", ".join(waiting) or "no guests waiting"))
    bag = state.bag
    inside = ", ".join(f"{CIVS[c]} {sum(bag[i * NCIV + c] for i in range(BOARD.n_islands))}"
                       for c in range(NCIV))
    entries.append(Entry(f"bag: {sum(bag)} guests", inside,
                         "A special guest is drawn from here at random, for a privilege token "
                         "handed to an opponent.", regions.BAG))
    return Panel("Guests", tuple(entries))


def _districts(state: State) -> Panel:
    return Panel("Districts", tuple(
        Entry(f"{BOARD.district_ids[d]} ({BOARD.value[d]})", district_text(state, d),
              f"Neighbours: {neighbours(d)}", regions.district(d))
        for d in range(BOARD.n_districts)))


def _final(state: State) -> Panel:
    out = final.outcome(state)
    assert out is not None
    held = final.districts_held(state)
    order = sorted(range(state.n), key=lambda s: (out.ranks[state.players[s]], s))
    entries = []
    for s in order:
        p = state.players[s]
        parts = final.breakdown(state, s)
        entries.append(Entry(
            f"{final.ordinal(out.ranks[p])}: {p}",
            f"{state.scores[s]} prestige = " + " + ".join(f"{v} {k}" for k, v in parts.items())
            + f"; {held[s]} districts controlled", final.OTHER))
    entries += [Entry("tie-break", line) for line in final.tie_breaks(state)]
    return Panel("Final scoring", tuple(entries))


def panels(state: State, player: str | None) -> tuple[Panel, ...]:
    """The panels ``player`` sees (None: a spectator, who sees no hand)."""
    seat = state.players.index(player) if player in state.players else None
    out = []
    if state.phase == OVER:
        out.append(_final(state))
    if seat is not None:
        out.append(_hand(state, seat))
    out += [_players(state), _scale(state), _guests(state), _districts(state)]
    return tuple(out)
