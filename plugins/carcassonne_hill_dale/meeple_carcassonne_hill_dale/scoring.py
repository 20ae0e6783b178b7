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


MAJORITY, EVERY = "majority", "every-player"
PATH_POINTS = 1  # per tile of a closed path (and of an unfinished one at the end)
FIELD_POINTS = 2  # per tile of a closed field (an unfinished one is worth 1 per tile)
SHARING = (MAJORITY, EVERY)


def owners(state: State, root: int) -> tuple[tuple[int, int], ...]:
    """(seat, meeples) of every player with a meeple on the feature, in seat order."""
    parent = state.seg_parent
    counts: dict[int, int] = {}
    for seat, seg in state.meeples:
        if find(parent, seg) == root:
            counts[seat] = counts.get(seat, 0) + 1
    return tuple(sorted(counts.items()))


def winners(present: tuple[tuple[int, int], ...], sharing: str) -> tuple[int, ...]:
    """The seats that score a feature: each scores it once, however many meeples it has
    there. ``majority`` (the published rulebook): the player(s) with the most meeples;
    ``every-player`` (the German rule summary read literally): everyone on it."""
    if not present:
        return ()
    if sharing == EVERY:
        return tuple(seat for seat, _ in present)
    most = max(n for _, n in present)
    return tuple(seat for seat, n in present if n == most)


def closed_awards(state: State, root: int, closer: int) -> tuple[str, int, tuple, tuple, tuple,
                                                                   tuple]:
    """(feature, tiles, awards, harvest, pickers, present) for a closed feature with
    meeples on it. Each scoring player (see ``winners``) gets 1 point per tile of a path
    or 2 per tile of a field, once. The field's harvest symbols, as far as the box still
    holds chips, go to the scoring players: the closing player first if among them, then
    in turn order, one chip each per round."""
    tiles = feature_tiles(state, root)
    path = state.seg_kind[root] == PATH
    present = owners(state, root)
    seats = winners(present, state.sharing)
    if path:
        return "path", tiles, tuple((seat, PATH_POINTS * tiles) for seat in seats), (), (), present
    awards = tuple((seat, FIELD_POINTS * tiles) for seat in seats)
    supply = state.supply[:]
    harvest = []
    for crop in sorted(feature_harvest(state, root)):
        if supply[crop] > 0:
            supply[crop] -= 1
            harvest.append(crop)
    n = len(state.players)
    pickers = tuple(sorted(seats, key=lambda seat: (seat - closer) % n)) if harvest else ()
    return "field", tiles, awards, tuple(harvest), pickers, present


def final_rows(state: State) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per seat: (seat, unfinished paths, unfinished fields, stables, harvest chips). An
    unfinished path or field is worth 1 point per tile, once to each scoring player (the
    same sharing rule as a closed one)."""
    n = len(state.players)
    paths = [0] * n
    fields = [0] * n
    parent = state.seg_parent
    roots = sorted({find(parent, seg) for _, seg in state.meeples})
    for root in roots:
        tiles = feature_tiles(state, root)
        for seat in winners(owners(state, root), state.sharing):
            if state.seg_kind[root] == PATH:
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
