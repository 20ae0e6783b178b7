"""Applying events to the state: no checks, no randomness (decide did the checking)."""

from __future__ import annotations

from typing import Any

from .board import find, seg_at
from .events import (
    ChipTaken,
    Drew,
    FinalScored,
    MeeplePlaced,
    Placed,
    Scored,
    StablePlaced,
    StackReshuffled,
    Started,
    Wandered,
)
from .state import State, new_state
from .tiles import CHIP_SUPPLY, DX, DY, KIND_INDEX, ORIENT, START

MEEPLES = 4  # five per player, one of them stays on the score track
STABLES = 2


def place_tile(s: State, x: int, y: int, rot: int, kind: int) -> None:
    orient = ORIENT[kind][rot]
    board = s.board
    parent, size, opened = s.seg_parent, s.seg_size, s.seg_open
    first = len(parent)
    for i, p in enumerate(orient.pieces):
        sid = first + i
        parent.append(sid)
        size.append(1)
        s.seg_pos.append((x, y))
        s.seg_kind.append(p.kind)
        s.seg_mask.append(p.mask)
        s.seg_harvest.append(p.harvest)
        s.seg_tiles.append(frozenset(((x, y),)))
        s.seg_crops.append(p.harvest)
        unmatched = 0
        for e in p.edges:
            if (x + DX[e], y + DY[e]) not in board:
                unmatched += 1
        opened.append(unmatched)
    for i, p in enumerate(orient.pieces):
        sid = first + i
        for e in p.edges:
            nb = board.get((x + DX[e], y + DY[e]))
            if nb is None:
                continue
            other = nb[2] + ORIENT[nb[0]][nb[1]].edge_piece[(e + 2) & 3]
            a, b = find(parent, sid), find(parent, other)
            if a != b:
                if size[a] < size[b]:
                    a, b = b, a
                parent[b] = a
                size[a] += size[b]
                opened[a] += opened[b]
                s.seg_tiles[a] = s.seg_tiles[a] | s.seg_tiles[b]
                s.seg_crops[a] = s.seg_crops[a] + s.seg_crops[b]
            opened[a] -= 1
    board[(x, y)] = (kind, rot, first, orient.edges)
    # the pattern of an empty place: what each neighbour shows it, "?" where none
    frontier = s.frontier
    frontier.pop((x, y), None)
    edges = orient.edges
    for e in range(4):
        nb_pos = (x + DX[e], y + DY[e])
        if nb_pos not in board:
            pat = frontier.get(nb_pos, "????")
            back = (e + 2) & 3
            frontier[nb_pos] = pat[:back] + edges[e] + pat[back + 1:]


def _take_from_stack(s: State, kind: int) -> None:
    # A view holds the stack sorted, so the drawn tile need not be on top.
    if s.stack and s.stack[-1] == kind:
        s.stack.pop()
    else:
        s.stack.remove(kind)


def stack_order(tiles: tuple[str, ...]) -> list[int]:
    """A stack in draw order as the state holds it (the next draw last)."""
    return [KIND_INDEX[tile] for tile in reversed(tiles)]


def fold(s: State | None, ev: Any) -> State:  # noqa: C901 - one branch per event type
    t = type(ev)
    if t is Placed:
        place_tile(s, ev.x, ev.y, ev.rot, KIND_INDEX[ev.tile])
        s.current = -1
    elif t is Drew:
        for tile in ev.set_aside:
            k = KIND_INDEX[tile]
            _take_from_stack(s, k)
            s.set_aside.append(k)
        if ev.tile:
            k = KIND_INDEX[ev.tile]
            _take_from_stack(s, k)
            s.current = k
        else:
            s.current = -1
        s.turn = ev.seat
    elif t is MeeplePlaced:
        s.meeples.append((ev.seat, seg_at(s, ev.x, ev.y, ev.edge)))
        s.meeples_left[ev.seat] -= 1
    elif t is StablePlaced:
        s.stables[(ev.x, ev.y)] = ev.seat
        s.stables_left[ev.seat] -= 1
    elif t is Wandered:
        old = (ev.seat, seg_at(s, ev.x, ev.y, ev.edge))
        s.meeples[s.meeples.index(old)] = (ev.seat, seg_at(s, ev.to_x, ev.to_y, ev.to_edge))
        s.scores[ev.seat] += ev.steps
    elif t is Scored:
        parent = s.seg_parent
        root = find(parent, seg_at(s, ev.x, ev.y, ev.edge))
        kept = []
        for m in s.meeples:
            if find(parent, m[1]) == root:
                s.meeples_left[m[0]] += 1
            else:
                kept.append(m)
        s.meeples = kept
        for seat, points in ev.awards:
            s.scores[seat] += points
        if ev.harvest:
            for crop in ev.harvest:
                s.supply[crop] -= 1
            s.pending.append((tuple(ev.harvest), tuple(ev.pickers), 0))
    elif t is ChipTaken:
        chips, pickers, nxt = s.pending[0]
        i = chips.index(ev.crop)
        chips = chips[:i] + chips[i + 1:]
        mine = list(s.chips[ev.seat])
        mine[ev.crop] += 1
        s.chips[ev.seat] = tuple(mine)
        if chips:
            s.pending[0] = (chips, pickers, (nxt + 1) % len(pickers))
        else:
            s.pending.pop(0)
    elif t is FinalScored:
        for seat, *parts in ev.rows:
            s.scores[seat] += sum(parts)
        s.final = ev.rows
        s.finished = True
        s.current = -1
    elif t is StackReshuffled:
        s.stack = stack_order(ev.stack)
    elif t is Started:
        stack = stack_order(ev.stack)
        s = new_state(tuple(ev.players), stack, CHIP_SUPPLY, MEEPLES, STABLES, ev.sharing)
        place_tile(s, 0, 0, 0, START)
    else:
        raise TypeError(f"carcassonne-hill-dale cannot fold {ev!r}")
    return s
