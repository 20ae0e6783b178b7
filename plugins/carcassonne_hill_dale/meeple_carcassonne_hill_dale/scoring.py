"""Scoring rules as plain functions over the state."""

from __future__ import annotations

from .board import feature_harvest, feature_tiles, find
from .state import State
from .tiles import KINDS, PATH, SCARECROW


def chip_points(counts: tuple[int, ...]) -> int:
    """1 point per chip, 5 more per set of five different crops; scarecrows are jokers
    that stand for any crop (so the best grouping is counted)."""
    total = sum(counts)
    crops = [c for i, c in enumerate(counts) if i != SCARECROW]
    jokers = counts[SCARECROW]
    sets = 0
    for k in range(total // 5, 0, -1):
        if sum(max(0, k - c) for c in crops) <= jokers:
            sets = k
            break
    return total + 5 * sets


def stable_points(state: State, x: int, y: int) -> int:
    """1 point per animal on the stable's tile and the 8 tiles around it."""
    board = state.board
    total = 0
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            t = board.get((x + dx, y + dy))
            if t is not None:
                total += KINDS[t[0]].animal_total
    return total


def closed_awards(state: State, root: int, closer: int) -> tuple[str, int, tuple, tuple, tuple]:
    """(feature, tiles, awards, harvest, pickers) for a closed feature with meeples on it.
    Every meeple scores (1 per tile on a path, 2 per tile on a field); the field's harvest
    symbols, as far as the box still holds chips, go to its farmers' owners, the closing
    player first, then in turn order."""
    parent = state.seg_parent
    tiles = feature_tiles(state, root)
    path = state.seg_kind[root] == PATH
    on = [seat for seat, seg in state.meeples if find(parent, seg) == root]
    if path:
        return "path", tiles, tuple((seat, tiles) for seat in on), (), ()
    awards = tuple((seat, 2 * tiles) for seat in on)
    supply = state.supply[:]
    harvest = []
    for crop in sorted(feature_harvest(state, root)):
        if supply[crop] > 0:
            supply[crop] -= 1
            harvest.append(crop)
    n = len(state.players)
    pickers = tuple(sorted(set(on), key=lambda seat: (seat - closer) % n)) if harvest else ()
    return "field", tiles, awards, tuple(harvest), pickers


def final_rows(state: State) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per seat: (seat, unfinished paths, unfinished fields, stables, harvest chips)."""
    n = len(state.players)
    paths = [0] * n
    fields = [0] * n
    parent = state.seg_parent
    for seat, seg in state.meeples:
        tiles = feature_tiles(state, find(parent, seg))
        if state.seg_kind[seg] == PATH:
            paths[seat] += tiles
        else:
            fields[seat] += tiles
    stables = [0] * n
    for (x, y), seat in state.stables.items():
        stables[seat] += stable_points(state, x, y)
    return tuple(
        (seat, paths[seat], fields[seat], stables[seat], chip_points(state.chips[seat]))
        for seat in range(n)
    )
