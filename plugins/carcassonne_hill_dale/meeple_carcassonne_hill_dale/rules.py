"""Checking commands and working out the events they cause (the ``decide`` side), and
listing every legal command. Events are folded into a private clone as they are made, so
later steps (scoring, the next draw) see the landscape as it will be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import IllegalCommand

from .board import (
    find,
    fits_anywhere,
    merge_preview,
    seg_at,
    seg_ref,
    walk_targets,
)
from .events import (
    ChipTaken,
    Drew,
    FinalScored,
    MeeplePlaced,
    Place,
    Placed,
    Scored,
    StablePlaced,
    Take,
    Wandered,
)
from .fold import fold, place_tile
from .scoring import closed_awards, final_rows
from .state import State
from .tiles import CROPS, DIRS, DX, DY, KINDS, ORIENT, PATH, fitting_rotations

TERRAIN = {"P": "path", "F": "field", "M": "meadow"}
ROLE = {PATH: "wanderer", "F": "farmer"}


def draw(s: State, seat: int, emit: Callable[[Any], None]) -> None:
    """Draw for ``seat``: tiles that fit nowhere are set aside; no tile left ends the game."""
    set_aside: list[str] = []
    for k in reversed(s.stack):
        if fits_anywhere(s, k):
            emit(Drew(seat, KINDS[k].id, tuple(set_aside), s.players[seat]))
            return
        set_aside.append(KINDS[k].id)
    if set_aside:
        emit(Drew(seat, "", tuple(set_aside), s.players[seat]))
    emit(FinalScored(final_rows(s), s.players))


def _auto_picks(s: State, emit: Callable[[Any], None]) -> None:
    """Hand out chips where nobody has a real choice (one picker, or one kind of chip)."""
    while s.pending:
        chips, pickers, nxt = s.pending[0]
        if len(pickers) > 1 and len(set(chips)) > 1:
            return
        emit(ChipTaken(pickers[nxt], chips[0], s.players[pickers[nxt]]))


def _end_turn(s: State, emit: Callable[[Any], None]) -> None:
    _auto_picks(s, emit)
    if not s.pending:
        draw(s, (s.turn + 1) % len(s.players), emit)


def occupied_roots(s: State) -> set[int]:
    parent = s.seg_parent
    return {find(parent, seg) for _, seg in s.meeples}


def stable_blocked(s: State, x: int, y: int) -> bool:
    stables = s.stables
    return any((x + dx, y + dy) in stables for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _placement_error(s: State, x: int, y: int, rot: int, kind: int) -> str | None:
    if (x, y) in s.board:
        return f"there is already a tile at {x},{y}"
    if (x, y) not in s.frontier:
        return f"{x},{y} touches no tile: place the tile next to the landscape"
    if rot not in (0, 1, 2, 3):
        return "the rotation must be r0, r90, r180 or r270"  # parse never makes another
    edges = ORIENT[kind][rot].edges
    for e in range(4):
        nb = s.board.get((x + DX[e], y + DY[e]))
        if nb is not None and nb[3][(e + 2) & 3] != edges[e]:
            mine, theirs = TERRAIN[edges[e]], TERRAIN[nb[3][(e + 2) & 3]]
            return (f"at {x},{y} r{rot * 90} the {mine} on the {DIRS[e]} edge would meet a "
                    f"{theirs}: paths must meet paths, fields fields, meadows meadows")
    return None


def decide(state: State, player: str, cmd: Any) -> list[Any]:
    """The events ``cmd`` causes; ``state`` is left as it was."""
    return play(state, state.clone(), player, cmd)


def play(state: State, s: State, player: str, cmd: Any) -> list[Any]:  # noqa: C901 - a placement's rules in the order the rule book gives them
    """Check ``cmd`` against ``state`` and fold its events into ``s``, which is either a
    clone of ``state`` (decide) or ``state`` itself (the search fast path ``step``: every
    check reads ``state`` before the first event is folded)."""
    if state.finished:
        raise IllegalCommand("the game is over")
    events: list[Any] = []

    def emit(ev: Any) -> None:
        events.append(ev)
        fold(s, ev)

    if player not in state.players:
        raise IllegalCommand(f"{player} does not play in this game")
    # decide enforces turns itself (not only the engine's to_act)
    if state.pending:
        chips, pickers, nxt = state.pending[0]
        if state.players.index(player) != pickers[nxt]:
            raise IllegalCommand(f"it is not {player}'s turn: {state.players[pickers[nxt]]} "
                                 "picks a harvest chip")
        if not isinstance(cmd, Take):
            names = ", ".join(sorted({CROPS[c] for c in chips}))
            raise IllegalCommand(f"first take a harvest chip: take one of {names}")
        seat = state.players.index(player)
        if seat != pickers[nxt]:
            raise IllegalCommand(f"it is {state.players[pickers[nxt]]}'s pick")
        if cmd.crop not in chips:
            names = ", ".join(sorted({CROPS[c] for c in chips}))
            raise IllegalCommand(f"that chip is not in this harvest: take one of {names}")
        emit(ChipTaken(seat, cmd.crop, player))
        _end_turn(s, emit)
        return events

    if player != state.players[state.turn]:
        raise IllegalCommand(f"it is not {player}'s turn: {state.players[state.turn]} "
                             "places the drawn tile")
    if not isinstance(cmd, Place):
        raise IllegalCommand("place the drawn tile first, e.g. '1,0 r90'")
    seat = state.turn
    kind = state.current
    x, y, rot = cmd.x, cmd.y, cmd.rot
    why = _placement_error(state, x, y, rot, kind)
    if why:
        raise IllegalCommand(why)
    k = KINDS[kind]
    rot = k.canon[rot]
    orient = ORIENT[kind][rot]
    action = _check_action(state, seat, kind, x, y, rot, cmd)
    name = state.players[seat]
    emit(Placed(seat, x, y, rot, k.id, name))
    if action is not None:
        if type(action) is tuple:  # a walk: needs the tile in place to be checked
            action = _check_walk(s, seat, x, y, action)
        emit(action)
    closed = []
    parent = s.seg_parent
    first = s.board[(x, y)][2]
    for i, _p in enumerate(orient.pieces):
        root = find(parent, first + i)
        if s.seg_open[root] == 0 and root not in [r for r, _ in closed]:
            closed.append((root, i))
    on = occupied_roots(s)
    # paths first, then fields, each in the order of the tile's pieces
    closed.sort(key=lambda ri: (s.seg_kind[ri[0]] != PATH, ri[1]))
    for root, i in closed:
        if root not in on:
            continue
        feature, tiles, awards, harvest, pickers, present = closed_awards(s, root, seat)
        ref = orient.pieces[i].first_edge
        names = tuple(s.players[a] for a, _ in awards)
        named = tuple((s.players[a], k) for a, k in present)
        emit(Scored(feature, x, y, ref, tiles, awards, harvest, pickers, names, named,
                    s.sharing))
    _end_turn(s, emit)
    return events


def _check_action(state: State, seat: int, kind: int, x: int, y: int, rot: int,
                  cmd: Place) -> Any:
    what = cmd.what
    if (cmd.edge != -1 and what not in ("wanderer", "farmer")) or (cmd.walk and what != "walk"):
        raise IllegalCommand("only a wanderer or farmer names an edge, only a walk its goal")
    if what == "":
        return None
    orient = ORIENT[kind][rot]
    if what in ("wanderer", "farmer"):
        if state.meeples_left[seat] <= 0:
            raise IllegalCommand("you have no meeple left to place")
        if not 0 <= cmd.edge < 4 or orient.edge_piece[cmd.edge] < 0:
            raise IllegalCommand(f"the tile has no path or field on that edge at r{rot * 90}")
        i = orient.edge_piece[cmd.edge]
        piece = orient.pieces[i]
        if ROLE[piece.kind] != what:
            terrain = TERRAIN[piece.kind]
            raise IllegalCommand(f"the {DIRS[cmd.edge]} edge is a {terrain}: "
                                 f"wanderers go on paths, farmers on fields")
        roots = merge_preview(state, x, y, orient)[i]
        if roots & occupied_roots(state):
            where = "path" if what == "wanderer" else "field"
            raise IllegalCommand(f"there is already a {what} on that {where}")
        return MeeplePlaced(seat, x, y, piece.first_edge, what, state.players[seat])
    if what == "stable":
        if state.stables_left[seat] <= 0:
            raise IllegalCommand("you have placed both your stables")
        if not KINDS[kind].has_meadow:
            raise IllegalCommand("this tile has no meadow for a stable")
        if stable_blocked(state, x, y):
            raise IllegalCommand("a stable already stands on this tile or one of the 8 around it")
        return StablePlaced(seat, x, y, state.players[seat])
    if what == "walk":
        if len(cmd.walk) != 6:
            raise IllegalCommand("a walk names the wanderer and its goal on the new tile: "
                                 "walk 3,0W 1,0E")
        return tuple(cmd.walk)
    raise IllegalCommand(f"unknown action {what!r}: wanderer, farmer, stable or walk")


def _check_walk(s: State, seat: int, x: int, y: int, walk: tuple[int, ...]) -> Wandered:
    """``s`` already holds the placed tile."""
    wx, wy, we, tx, ty, te = walk
    src = seg_at(s, wx, wy, we)
    if src < 0 or (seat, src) not in s.meeples or s.seg_kind[src] != PATH:
        raise IllegalCommand(f"you have no wanderer at {wx},{wy}{DIRS[we] if 0 <= we < 4 else ''}")
    parent = s.seg_parent
    root = find(parent, src)
    extended = _extended_roots(s, x, y)
    if root not in extended:
        raise IllegalCommand("a wanderer may only walk on a path the new tile extends")
    if s.seg_open[root] == 0:
        raise IllegalCommand("this tile closed that path: no walking on it")
    dst = seg_at(s, tx, ty, te)
    if dst >= 0 and s.seg_pos[dst] != (x, y):
        raise IllegalCommand(f"a wanderer walks onto the tile just placed ({x},{y}), "
                             f"not to {tx},{ty}")
    for seg, steps in walk_targets(s, src, (x, y)):
        if seg == dst:
            sx, sy, se = seg_ref(s, src)
            gx, gy, ge = seg_ref(s, dst)
            return Wandered(seat, sx, sy, se, gx, gy, ge, steps, s.players[seat])
    raise IllegalCommand("the wanderer cannot reach that place: it walks along its path in "
                         "one direction onto the new tile and never crosses a junction")


def _extended_roots(s: State, x: int, y: int) -> set[int]:
    """Roots of the paths the tile at (x, y) joined to paths already on the board."""
    kind, rot, first, _ = s.board[(x, y)]
    out = set()
    for i, p in enumerate(ORIENT[kind][rot].pieces):
        if p.kind != PATH:
            continue
        if any((x + DX[e], y + DY[e]) in s.board for e in p.edges):
            out.add(find(s.seg_parent, first + i))
    return out


def _neighbour_roots(state: State, x: int, y: int) -> list[int]:
    """Root of the piece across each edge of (x, y); -1 for no tile or a meadow edge."""
    board, parent = state.board, state.seg_parent
    out = [-1, -1, -1, -1]
    for e in range(4):
        nb = board.get((x + DX[e], y + DY[e]))
        if nb is not None:
            j = ORIENT[nb[0]][nb[1]].edge_piece[(e + 2) & 3]
            if j >= 0:
                i = nb[2] + j
                while parent[i] != i:
                    i = parent[i]
                out[e] = i
    return out


def _joined(pieces: tuple, nbroots: list[int]) -> list[set[int]]:
    """Per piece: the roots of every feature its (tile-internal) group joins."""
    links = [{nbroots[e] for e in p.edges if nbroots[e] >= 0} for p in pieces]
    n = len(links)
    if n == 1 or not any(links[i] & links[j] for i in range(n) for j in range(i + 1, n)):
        return links
    merged = [set(lk) for lk in links]
    changed = True
    while changed:  # pieces that share a feature share everything it joins
        changed = False
        for i in range(len(merged)):
            for j in range(len(merged)):
                if i != j and merged[i] & merged[j] and not merged[j] <= merged[i]:
                    merged[i] |= merged[j]
                    changed = True
    return merged


def _place(places: dict, x: int, y: int, r: int, what: str = "", edge: int = -1) -> Place:
    """Commands are values: one object per placement in a game (search lists them a lot
    and compares them by identity); ``places`` is the game's own table (State.places)."""
    key = (x, y, r, what, edge)
    cmd = places.get(key)
    if cmd is None:
        cmd = places[key] = Place(x, y, r, what, edge)
    return cmd


def legal(state: State, seat: int) -> list[Any]:  # noqa: C901 - one branch per kind of decision a seat can face
    if state.finished:
        return []
    if state.pending:
        chips, pickers, nxt = state.pending[0]
        if pickers[nxt] != seat:
            return []
        return [Take(c) for c in sorted(set(chips))]
    if seat != state.turn or state.current < 0:
        return []
    kind = state.current
    k = KINDS[kind]
    parent = state.seg_parent
    meeple_ok = state.meeples_left[seat] > 0
    stable_ok = state.stables_left[seat] > 0 and k.has_meadow
    occupied = occupied_roots(state)
    walkers = [seg for st, seg in state.meeples if st == seat and state.seg_kind[seg] == PATH]
    walker_roots = {find(parent, seg) for seg in walkers}
    blocked = {(sx + dx, sy + dy) for sx, sy in state.stables for dx in (-1, 0, 1)
               for dy in (-1, 0, 1)}
    frontier = state.frontier
    orients = ORIENT[kind]
    need_roots = meeple_ok or bool(walker_roots)
    places = state.places
    out: list[Any] = []
    for pos in sorted(frontier):
        rots = fitting_rotations(kind, frontier[pos])
        if not rots:
            continue
        x, y = pos
        stable_here = stable_ok and pos not in blocked
        if need_roots:
            nbroots = _neighbour_roots(state, x, y)
            occ = [r >= 0 and r in occupied for r in nbroots]
            hit = [r >= 0 and r in walker_roots for r in nbroots]
        for r in rots:
            out.append(_place(places, x, y, r))
            if need_roots:
                pieces = orients[r].pieces
                if len(pieces) == 1:
                    p = pieces[0]
                    if meeple_ok and not any(occ[e] for e in p.edges):
                        out.append(_place(places, x, y, r, ROLE[p.kind], p.first_edge))
                    walk = p.kind == PATH and any(hit[e] for e in p.edges)
                else:
                    joined = _joined(pieces, nbroots)
                    if meeple_ok:
                        for i, p in enumerate(pieces):
                            if not joined[i] & occupied:
                                out.append(_place(places, x, y, r, ROLE[p.kind], p.first_edge))
                    walk = any(p.kind == PATH and joined[i] & walker_roots
                               for i, p in enumerate(pieces))
                if walk:
                    out.extend(_walks(state, seat, kind, x, y, r, walkers))
            if stable_here:
                out.append(_place(places, x, y, r, "stable"))
    return out


def _walks(state: State, seat: int, kind: int, x: int, y: int, r: int,
           walkers: list[int]) -> list[Place]:
    s = state.clone()
    place_tile(s, x, y, r, kind)
    roots = {root for root in _extended_roots(s, x, y) if s.seg_open[root] > 0}
    out = []
    for seg in walkers:
        if find(s.seg_parent, seg) not in roots:
            continue
        src = seg_ref(s, seg)
        for dst, _ in walk_targets(s, seg, (x, y)):
            out.append(Place(x, y, r, "walk", -1, src + seg_ref(s, dst)))
    return out
