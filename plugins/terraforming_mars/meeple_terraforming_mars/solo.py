"""The solo game's neutral tiles: two cities, each with a greenery, placed by counting
spaces with the costs of the first four cards of the deck (which are then discarded)."""

from __future__ import annotations

from .board import ADJACENT, NOCTIS, SPACES

# A space's neighbours clockwise from the top left, as (row step, half-hex step).
CLOCKWISE = ((-1, -1), (-1, 1), (0, 2), (1, 1), (1, -1), (0, -2))
ORDER = tuple(SPACES)  # reading order: a1 (top left) .. i5 (bottom right)


def _x(sp: str) -> int:
    s = SPACES[sp]
    return 2 * s.index + abs(s.row - 4)


def _land(sp: str, taken: dict[str, str]) -> bool:
    return not SPACES[sp].ocean and sp != NOCTIS and sp not in taken


def _count(spaces: list[str], cost: int) -> str:
    """The ``cost``-th space of the list (the first is 1), wrapping round."""
    return spaces[(max(cost, 1) - 1) % len(spaces)]


def clockwise(sp: str) -> list[str]:
    s = SPACES[sp]
    by_pos = {(SPACES[a].row, _x(a)): a for a in ADJACENT[sp]}
    return [by_pos[(s.row + dr, _x(sp) + dx)] for dr, dx in CLOCKWISE
            if (s.row + dr, _x(sp) + dx) in by_pos]


def neutral_tiles(costs: tuple[int, int, int, int]) -> tuple[tuple[str, str], tuple[str, str]]:
    """(cities, greeneries) for the costs of the four revealed cards: the first city counts
    from the top left, the second from the bottom right, over the land spaces a city may
    take; each greenery counts clockwise round its city from the top left over free land."""
    taken: dict[str, str] = {}
    first = _count([sp for sp in ORDER if _land(sp, taken)], costs[0])
    taken[first] = "city"
    near = set(ADJACENT[first])
    second = _count([sp for sp in reversed(ORDER) if _land(sp, taken) and sp not in near], costs[1])
    taken[second] = "city"
    greens = []
    for city, cost in ((first, costs[2]), (second, costs[3])):
        free = [a for a in clockwise(city) if _land(a, taken)]
        g = _count(free, cost)
        taken[g] = "greenery"
        greens.append(g)
    return (first, second), (greens[0], greens[1])
