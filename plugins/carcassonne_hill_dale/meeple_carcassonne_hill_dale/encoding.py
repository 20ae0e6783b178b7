"""A fixed action encoding (docs/rl.md): placements numbered by place, rotation and what
comes with the tile, the same in every game, so a policy's output unit always means the
same move.

The landscape has no edge, so the numbering covers a window: places (x, y) with
``|x|, |y| <= RADIUS`` around the start tile at 0,0 (33 x 33 places). In 600 random games
(2 to 5 players, every tile) no tile could be placed farther out than 14
(meeple_carcassonne_hill_dale.tools.window); a placement outside the window has no index
(``encode_action`` raises ValueError) and the RL adapters leave it out of the action mask.

Index layout: ``take CROP`` for the six harvest chips come first [6]; then for each place
(x from -RADIUS, then y from -RADIUS) and rotation (r0, r90, r180, r270) a block of
``PER_PLACEMENT`` actions:

- 0: the tile alone
- 1-4: a wanderer on the path touching edge N, E, S, W; 5-8: a farmer on the field there
- 9: a stable
- 10-25: a walk onto the new tile, ``10 + 4 * edge + (k - 1)``: the wanderer is the
  player's k-th own wanderer (k = 1 to 4, a player has 4 meeples) met going back along
  the path that leaves the new tile through ``edge``; the walk ends on the new tile's
  path piece touching that edge. A walk's notation names the wanderer by its place
  (``walk 3,0W 1,0E``); this names it by its place along the path, so the numbering of
  walks stays a fixed 16 per placement. Reading it needs the board (which wanderer is the
  k-th), so encode and decode of a walk look at the state; every other action does not.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from meeple.core import IllegalCommand

from .board import neighbour_seg, seg_at, seg_ref
from .events import Place, Take
from .fold import MEEPLES, place_tile
from .state import State
from .tiles import CROPS, PATH

RADIUS = 16
SIDE = 2 * RADIUS + 1
ROLES = ("wanderer", "farmer")
WALKS = 4 * MEEPLES
PER_PLACEMENT = 1 + 4 * len(ROLES) + 1 + WALKS
TAKES = len(CROPS)
ACTION_COUNT = TAKES + SIDE * SIDE * 4 * PER_PLACEMENT


def _path_back(s: State, seg: int, edge: int) -> Iterator[int]:
    """The path segments met leaving segment ``seg`` through ``edge``, in order. A path is
    a chain (it ends at junctions and fields), so there is one way to go."""
    cur, came, seen = seg, edge, {seg}
    while True:
        nxt = neighbour_seg(s, cur, came)
        if nxt < 0 or nxt in seen:
            return
        seen.add(nxt)
        yield nxt
        rest = s.seg_mask[nxt] & ~(1 << ((came + 2) & 3))
        if not rest:
            return
        came = (rest & -rest).bit_length() - 1
        cur = nxt


def _placed(state: State, x: int, y: int, rot: int) -> State:
    """The board with the drawn tile put at (x, y): where a walk's path runs."""
    s = state.clone()
    place_tile(s, x, y, rot, state.current)
    return s


def _wanderers(s: State, seat: int) -> set[int]:
    return {seg for st, seg in s.meeples if st == seat and s.seg_kind[seg] == PATH}


def _walk_slot(state: State, cmd: Place) -> int:
    """``4 * edge + k - 1`` of a walk command (see the module text)."""
    wx, wy, we, tx, ty, te = cmd.walk
    if (tx, ty) != (cmd.x, cmd.y) or state.current < 0 or (cmd.x, cmd.y) in state.board:
        raise ValueError(f"{cmd!r}: a walk ends on the tile being placed")
    s = _placed(state, cmd.x, cmd.y, cmd.rot)
    src, dst = seg_at(s, wx, wy, we), seg_at(s, tx, ty, te)
    if src < 0 or dst < 0:
        raise ValueError(f"{cmd!r}: no path piece at the walk's start or goal")
    own = _wanderers(s, state.turn)
    for edge in range(4):
        if s.seg_mask[dst] >> edge & 1:
            met = [seg for seg in _path_back(s, dst, edge) if seg in own]
            if src in met and met.index(src) < MEEPLES:
                return 4 * edge + met.index(src)
    raise ValueError(f"{cmd!r}: the wanderer is not on the path of the walk's goal")


def encode_action(command: Any, state: State) -> int:
    """The index of ``command``; ValueError for one the encoding has no index for."""
    if type(command) is Take:
        if not 0 <= command.crop < TAKES:
            raise ValueError(f"{command!r}: no such harvest chip")
        return command.crop
    if type(command) is not Place:
        raise ValueError(f"{command!r} is not a Carcassonne command")
    x, y, rot = command.x, command.y, command.rot
    if not (-RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS and 0 <= rot < 4):
        raise ValueError(f"{command!r}: outside the encoding's window of |x|, |y| <= {RADIUS}")
    what, edge = command.what, command.edge
    if what == "":
        slot = 0
    elif what in ROLES and 0 <= edge < 4:
        slot = 1 + 4 * ROLES.index(what) + edge
    elif what == "stable":
        slot = 9
    elif what == "walk" and len(command.walk) == 6:
        slot = 10 + _walk_slot(state, command)
    else:
        raise ValueError(f"{command!r} has no Carcassonne action index")
    placement = ((x + RADIUS) * SIDE + (y + RADIUS)) * 4 + rot
    return TAKES + placement * PER_PLACEMENT + slot


def decode_action(index: int, state: State, player: str) -> Any:
    """The command of ``index`` for ``player`` (IllegalCommand when there is none)."""
    if not 0 <= index < ACTION_COUNT:
        raise IllegalCommand(f"action {index} is not a Carcassonne action: use 0 to "
                             f"{ACTION_COUNT - 1}")
    if index < TAKES:
        return Take(index)
    placement, slot = divmod(index - TAKES, PER_PLACEMENT)
    place, rot = divmod(placement, 4)
    x, y = (c - RADIUS for c in divmod(place, SIDE))
    if slot == 0:
        return Place(x, y, rot)
    if slot < 9:
        return Place(x, y, rot, ROLES[(slot - 1) // 4], (slot - 1) % 4)
    if slot == 9:
        return Place(x, y, rot, "stable")
    edge, k = divmod(slot - 10, 4)
    return Place(x, y, rot, "walk", -1, _walk(state, player, x, y, rot, edge, k))


def _walk(state: State, player: str, x: int, y: int, rot: int, edge: int,
          k: int) -> tuple[int, ...]:
    def refuse() -> IllegalCommand:
        return IllegalCommand(f"no {k + 1}. wanderer of {player} on the path leaving "
                              f"{x},{y} r{rot * 90} through edge {'NESW'[edge]}")

    if player not in state.players or state.current < 0 or (x, y) in state.board:
        raise refuse()
    s = _placed(state, x, y, rot)
    dst = seg_at(s, x, y, edge)
    if dst < 0 or s.seg_kind[dst] != PATH:
        raise refuse()
    own = _wanderers(s, state.players.index(player))
    met = [seg for seg in _path_back(s, dst, edge) if seg in own]
    if k >= len(met):
        raise refuse()
    return seg_ref(s, met[k]) + seg_ref(s, dst)


__all__ = ["ACTION_COUNT", "PER_PLACEMENT", "RADIUS", "decode_action", "encode_action"]
