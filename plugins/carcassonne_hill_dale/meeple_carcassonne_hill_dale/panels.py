"""What the table shows besides the landscape (``Game.panels``), in words: the drawn tile,
the stack's size, each player's points, figures and harvest chips, a harvest being
shared out, and at the end the score sheet with the tie-break.

Nothing here is secret: the only hidden thing, the order of the stack, is not in a view,
and these panels say only how many tiles are left. Every seat and a spectator see the
same words, except that the chip picker's chips are buttons (regions) in its own panels.
"""

from __future__ import annotations

from meeple.core import Entry, Panel

from .regions import spots
from .render import COLOUR_NAMES, acting_seat, tile_words
from .scoresheet import NO_TIE_BREAK, breakdown, count, result, winners
from .scoring import chip_points
from .state import State
from .tiles import CROP_PLURALS, CROPS, KINDS, PATH


def _chips(counts: tuple[int, ...]) -> str:
    held = ", ".join(count(n, CROPS[i], CROP_PLURALS[i]) for i, n in enumerate(counts) if n)
    return f"harvest chips {held} (worth {chip_points(counts)})" if held else "no harvest chips"


def _on_board(state: State, seat: int) -> str:
    wanderers = sum(1 for s, seg in state.meeples if s == seat and state.seg_kind[seg] == PATH)
    farmers = sum(1 for s, seg in state.meeples if s == seat and state.seg_kind[seg] != PATH)
    stables = sum(1 for s in state.stables.values() if s == seat)
    return (f"on the landscape: {count(wanderers, 'wanderer')}, {count(farmers, 'farmer')}, "
            f"{count(stables, 'stable')}")


def _table(state: State) -> Panel:
    entries = []
    if state.current >= 0 and not state.finished:
        kind = KINDS[state.current]
        where = len(spots(state))
        entries.append(Entry("drawn tile", f"{kind.id}: {tile_words(kind)}",
                             f"{state.players[state.turn]} places it; it fits at {where} "
                             f"places"))
    entries.append(Entry("stack", f"{len(state.stack)} tiles left",
                         "the stack's order is hidden from everybody"))
    return Panel("Table", tuple(entries))


def _players(state: State) -> Panel:
    entries = []
    for seat, name in enumerate(state.players):
        text = (f"{count(state.scores[seat], 'point')}; "
                f"{count(state.meeples_left[seat], 'meeple')} and "
                f"{count(state.stables_left[seat], 'stable')} left; {_chips(state.chips[seat])}")
        label = name if name == COLOUR_NAMES[seat] else f"{name} ({COLOUR_NAMES[seat]})"
        entries.append(Entry(label, text, _on_board(state, seat)))
    return Panel("Players", tuple(entries))


def _harvest(state: State, picker: bool) -> Panel:
    chips, pickers, nxt = state.pending[0]
    order = ", then ".join(state.players[p] for p in pickers[nxt:] + pickers[:nxt])
    entries = [Entry("to share", ", ".join(CROPS[c] for c in chips),
                     f"picked one at a time: {order}")]
    for crop in sorted(set(chips)):
        name = CROPS[crop]
        entries.append(Entry(f"take {name}", f"take one {name} chip",
                             region=f"take {name}" if picker else None))
    return Panel("Harvest", tuple(entries))


def _final(state: State) -> Panel:
    sheet = breakdown(state)
    entries = [Entry(state.players[seat], sheet[seat]) for seat in sorted(sheet)]
    tied = len(winners(state)) > 1
    entries.append(Entry("result", result(state), NO_TIE_BREAK if tied else
                         "most points wins; the rules name no tie-break"))
    return Panel("Final scoring", tuple(entries))


def panels(state: State, player: str | None) -> tuple[Panel, ...]:
    out = [_table(state), _players(state)]
    if state.pending and not state.finished:
        out.append(_harvest(state, acting_seat(state, player) >= 0))
    if state.finished and state.final:
        out.append(_final(state))
    return tuple(out)
