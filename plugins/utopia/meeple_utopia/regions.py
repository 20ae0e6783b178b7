"""Where a person points to give each command: the ids of the picture's clickable parts
(``data-region`` in the SVG, ``Entry.region`` in the panels), in the order they are
picked at the table.

    take maya F3          the Maya guest at the fire island's ships, then F3
    take maya fire        the guest, then the fire island (no Maya prince to place)
    special p2            the bag, then p2's row among the players
    wonder fire           the fire island's wonder
    monument maya F3      F3 (a menu when two civilizations could build there)
    discard maya greek    the cards, in the order of the civilizations
    move maya F3 F4       the Maya card (or the privilege token), F3, then F4
    add maya F3           the card, the supply, then F3
    remove maya F3        the card, F3, then the supply
    raise maya            the card, then Maya on the prestige scale
    lower maya            the Maya card twice, then Maya on the prestige scale
    done / end            their buttons (``end discard ...``: then the cards)

No command's regions begin another's: each click narrows to the commands that go on
with it, and the commands left at the end share all their regions (move one or two
princes; which civilization a privilege token pays for), so the browser offers them as
a short menu in words.
"""

from __future__ import annotations

from typing import Any

from .board import BOARD, CIVS
from .events import (
    Add,
    Discard,
    Done,
    End,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)
from .state import State

BAG = "bag"
SPECIAL_GUEST = "guest:special"
PRIVILEGE = "privilege"
SUPPLY = "supply"
DONE = "done"
END = "end"


def district(d: int) -> str:
    return BOARD.district_ids[d]


def island(i: int) -> str:
    return f"island:{BOARD.island_names[i]}"


def wonder(i: int) -> str:
    return f"wonder:{BOARD.island_names[i]}"


def guest(i: int, civ: int) -> str:
    """A guest waiting at island ``i``'s ships."""
    return f"guest:{BOARD.island_names[i]}:{CIVS[civ]}"


def card(civ: int) -> str:
    """An action card of ``civ`` in the seat's hand."""
    return f"card:{CIVS[civ]}"


def scale(civ: int) -> str:
    """``civ``'s place on the prestige scale."""
    return f"scale:{CIVS[civ]}"


def player(name: str) -> str:
    return f"player:{name}"


def _pay(cmd: Any) -> str:
    return PRIVILEGE if cmd.privilege else card(cmd.civ)


def regions(state: State, command: Any) -> tuple[str, ...]:
    """The regions ``command`` touches, in the order they are picked; ``state`` is the
    acting player's view (a special guest just drawn is pointed at where it waits)."""
    t = type(command)
    if t is Take:
        first = SPECIAL_GUEST if state.pending >= 0 else guest(command.island, command.civ)
        where = district(command.district) if command.district >= 0 else island(command.island)
        return (first, where)
    if t is Special:
        return (BAG, player(command.to))
    if t is Wonder:
        return (wonder(command.island),)
    if t is Monument:
        return (district(command.district),)
    if t is Done:
        return (DONE,)
    if t is Discard:
        return tuple(card(c) for c in command.cards)
    if t is Move:
        return (_pay(command), district(command.src), district(command.dst))
    if t is Add:
        return (_pay(command), SUPPLY, district(command.district))
    if t is Remove:
        return (_pay(command), district(command.district), SUPPLY)
    if t is Raise:
        return (_pay(command), scale(command.civ))
    if t is Lower:
        return (card(command.civ), card(command.civ), scale(command.civ))
    if t is End:
        return (END, *(card(c) for c in command.discards))
    raise ValueError(f"not a Utopia command: {command!r}")
