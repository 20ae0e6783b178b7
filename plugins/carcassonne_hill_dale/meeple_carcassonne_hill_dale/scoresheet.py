"""The final score sheet in words: where each player's points came from, and who won.

The rules name no tie-break ("Wer jetzt die meisten Punkte erspielen konnte, ist der
Sieger"): players tied on the most points share the victory."""

from __future__ import annotations

from .state import State


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one: "1 point", "2 points" ("2 strawberries"
    with the plural given)."""
    return f"{n} {noun}" if n == 1 else f"{n} {plural or noun + 's'}"

NO_TIE_BREAK = "the rules name no tie-break, so they share the victory"


def breakdown(state: State) -> dict[int, str]:
    """Per seat of a finished game: its points during play and each part of the final
    scoring, summed."""
    out = {}
    for seat, paths, fields, stables, harvest in state.final:
        during = state.scores[seat] - (paths + fields + stables + harvest)
        out[seat] = (f"{during} during play + {paths} unfinished paths + {fields} unfinished "
                     f"fields + {stables} stables + {harvest} harvest chips "
                     f"= {state.scores[seat]}")
    return out


def winners(state: State) -> list[int]:
    best = max(state.scores)
    return [seat for seat, points in enumerate(state.scores) if points == best]


def result(state: State) -> str:
    """Who won, and on a tie the rule that decides it."""
    won = winners(state)
    names = " and ".join(state.players[seat] for seat in won)
    best = state.scores[won[0]]
    if len(won) == 1:
        return f"{names} wins with {count(best, 'point')}"
    return f"{names} tie on {count(best, 'point')}: {NO_TIE_BREAK}"
