"""Tournament statistics: Wilson intervals for win rates, openskill ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z=1.96). Shared wins count as
    fractions, which the formula takes as they are."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Ratings:
    """Plackett-Luce ratings (openskill) of entrants, updated one finished game at a time,
    in game order so that the result does not depend on which worker finished first."""

    def __init__(self, names: Sequence[str]) -> None:
        self.model = PlackettLuce()
        self.ratings = {n: self.model.rating(name=n) for n in names}

    def update(self, entrants: Sequence[str], ranks: Sequence[int]) -> None:
        teams = [[self.ratings[e]] for e in entrants]
        rated = self.model.rate(teams, ranks=list(ranks))
        for e, team in zip(entrants, rated, strict=True):
            self.ratings[e] = team[0]

    def mu(self, name: str) -> float:
        return self.ratings[name].mu

    def sigma(self, name: str) -> float:
        return self.ratings[name].sigma

    def ordinal(self, name: str) -> float:
        """mu - 3 sigma: a conservative rating, the one to rank by."""
        return self.ratings[name].ordinal()
