"""Geometry of the landscape: where a tile fits, how its pieces join the features around
it, how long a feature is, and where a wanderer can walk. Functions that only read the
state never compress the union-find (decide must not change the state)."""

from __future__ import annotations

from .state import State, find, seg_at  # noqa: F401 - the segment lookups live with the state
from .tiles import DX, DY, ORIENT, Orientation, fitting_rotations


def fits(state: State, x: int, y: int, orient: Orientation) -> bool:
    """Every touching edge matches (path to path, field to field, meadow to meadow)."""
    board = state.board
    edges = orient.edges
    touching = False
    for e in range(4):
        nb = board.get((x + DX[e], y + DY[e]))
        if nb is not None:
            if nb[3][(e + 2) & 3] != edges[e]:
                return False
            touching = True
    return touching


def fits_anywhere(state: State, kind: int) -> bool:
    for pattern in state.frontier.values():
        if fitting_rotations(kind, pattern):
            return True
    return False


def merge_preview(state: State, x: int, y: int, orient: Orientation) -> list[frozenset]:
    """For each piece of a tile about to be placed: the roots of the features it will join
    (with the pieces of the tile it connects to through them)."""
    board, parent = state.board, state.seg_parent
    links: list[set[int]] = []
    for p in orient.pieces:
        roots: set[int] = set()
        for e in p.edges:
            nb = board.get((x + DX[e], y + DY[e]))
            if nb is not None:
                i = nb[2] + ORIENT[nb[0]][nb[1]].edge_piece[(e + 2) & 3]
                while parent[i] != i:
                    i = parent[i]
                roots.add(i)
        links.append(roots)
    n = len(links)
    if n == 1:
        return [frozenset(links[0])]
    group = list(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            if links[i] & links[j]:
                gi, gj = group[i], group[j]
                group = [gi if g == gj else g for g in group]
    return [frozenset().union(*(links[j] for j in range(n) if group[j] == group[i]))
            for i in range(n)]


def feature_tiles(state: State, root: int) -> int:
    """How many distinct tiles the feature with this root covers."""
    return len(state.seg_tiles[root])


def feature_harvest(state: State, root: int) -> list[int]:
    """Every harvest symbol on the feature with this root."""
    return list(state.seg_crops[root])


def neighbour_seg(state: State, seg: int, edge: int) -> int:
    """The segment across ``edge`` of segment ``seg``'s tile, or -1 if no tile is there."""
    x, y = state.seg_pos[seg]
    return seg_at(state, x + DX[edge], y + DY[edge], (edge + 2) & 3)


def walk_targets(state: State, seg: int, goal: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a wanderer on path segment ``seg`` can walk: (segment, steps) for every
    path piece of the tile at ``goal`` (the tile just placed) that it reaches going one
    way along its path; steps counts the tiles entered. Paths end at junctions and
    fields, so a path is a chain and a walk never crosses a junction."""
    out = []
    mask = state.seg_mask[seg]
    seg_pos = state.seg_pos
    for e in range(4):
        if not mask >> e & 1:
            continue
        cur, came, steps = seg, e, 0
        seen = {seg}
        while True:
            nxt = neighbour_seg(state, cur, came)
            if nxt < 0 or nxt in seen:
                break
            steps += 1
            seen.add(nxt)
            if seg_pos[nxt] == goal:
                out.append((nxt, steps))
            back = (came + 2) & 3
            rest = state.seg_mask[nxt] & ~(1 << back)
            if not rest:
                break
            came = (rest & -rest).bit_length() - 1
            cur = nxt
    return out


def seg_ref(state: State, seg: int) -> tuple[int, int, int]:
    """(x, y, edge) naming a segment: its tile and the lowest edge its piece touches."""
    x, y = state.seg_pos[seg]
    mask = state.seg_mask[seg]
    return x, y, (mask & -mask).bit_length() - 1
