"""The final standings in words: the parts of a score and how a tie was decided."""

from __future__ import annotations

from .state import MC, State

PART_WORDS = (("tr", "TR"), ("milestones", "milestones"), ("awards", "awards"),
              ("greenery", "greeneries"), ("cities", "cities"), ("cards", "cards"))


def tie_lines(view: State, scores: dict[str, int]) -> list[str]:
    """How each tie was decided: most M€ left wins it (the rules' tie-break); players
    with the same M€ too share the place."""
    out = []
    for score in sorted(set(scores.values()), reverse=True):
        tied = [n for n in view.names if scores[n] == score]
        if len(tied) < 2:
            continue
        money = {n: view.players[n].res[MC] for n in tied}
        order = sorted(tied, key=lambda n: -money[n])
        line = (f"tie at {score} VP, decided by the M€ left: "
                + ", ".join(f"{n} {money[n]}" for n in order))
        shared = [v for v in set(money.values()) if list(money.values()).count(v) > 1]
        for v in sorted(shared, reverse=True):
            names = [n for n in order if money[n] == v]
            line += f"; {' and '.join(names)} share the place"
        out.append(line)
    return out
