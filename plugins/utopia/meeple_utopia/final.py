"""The end of a game: the outcome (most prestige; on a tie, more districts controlled;
still equal, a shared place), each player's prestige split by where it can be told from
the board, and the tie-breaks in words."""

from __future__ import annotations

from meeple.core import Outcome

from .board import BOARD
from .state import OVER, WONDER_POINTS, State


def districts_held(state: State) -> list[int]:
    return [state.mon_owner.count(s) for s in range(state.n)]


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = {p: state.scores[s] for s, p in enumerate(state.players)}
    districts = dict(zip(state.players, districts_held(state), strict=True))
    return Outcome.from_scores(scores, tiebreak=districts,
                               detail={"districts": districts, "rounds": state.round})


def last_scoring(state: State, seat: int) -> int:
    """What the final scoring paid ``seat``: each district it controls at its
    civilization's value (nothing changes the board after it)."""
    return sum(state.scale[state.mon_civ[d]] for d in range(BOARD.n_districts)
               if state.mon_owner[d] == seat)


def breakdown(state: State, seat: int) -> dict[str, int]:
    """A finished game's prestige of ``seat`` by source: wonders, the last scoring, and
    the rest (earlier scorings, payments for monuments on one's wonder island, removed
    princes), which the board alone cannot tell apart."""
    wonders = WONDER_POINTS * state.wonder.count(seat)
    last = last_scoring(state, seat)
    return {"wonders": wonders, "last scoring": last,
            "other": state.scores[seat] - wonders - last}


OTHER = ("other: earlier round scorings, payments for monuments built on one's wonder "
         "island, removed princes")


def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th, 5th (a game has at most five places)."""
    return f"{k}" + {1: "st", 2: "nd", 3: "rd"}.get(k, "th")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def tie_breaks(state: State) -> list[str]:
    """One sentence per group of players level on prestige: how the tie-break (more
    districts controlled) ordered them, or that they share a place."""
    out = outcome(state)
    if out is None:
        return []
    held = districts_held(state)
    lines = []
    for score in sorted(set(state.scores), reverse=True):
        group = [s for s in range(state.n) if state.scores[s] == score]
        if len(group) < 2:
            continue
        group.sort(key=lambda s: (out.ranks[state.players[s]], s))
        names = [state.players[s] for s in group]
        if len({held[s] for s in group}) == 1:
            lines.append(f"{_and(names)} tie on {score} prestige and {held[group[0]]} "
                         f"districts each: they share "
                         f"{ordinal(out.ranks[names[0]])} place")
            continue
        counts = ", ".join(f"{state.players[s]} {held[s]}" for s in group)
        line = (f"{_and(names)} tie on {score} prestige; more districts controlled decides "
                f"({counts})")
        if out.ranks[names[0]] != out.ranks[names[1]]:
            line += f": {names[0]} takes {ordinal(out.ranks[names[0]])} place"
        for rank in sorted({out.ranks[p] for p in names}):
            sharing = [p for p in names if out.ranks[p] == rank]
            if len(sharing) > 1:
                line += f"; {_and(sharing)} share {ordinal(rank)} place"
        lines.append(line)
    return lines
