"""A numeric observation of what one player sees (docs/rl.md): ``OBSERVATION_SIZE``
numbers, roughly in [0, 1], read from that player's view only.

The only hidden information of Over Hill and Dale is the order of the stack; the view
sorts it, and the observation reads only how many tiles of each kind are left, never
their order. Seats are numbered from the observer (place 0 is the observer, 1 the next
player in seat order...), padded to five seats. The landscape is read in the same window
as the action encoding: places with ``|x|, |y| <= RADIUS`` around the start tile.

Layout, in order (sizes in brackets):

- the game [9]: 1 if the observer is to act; tiles left in the stack / 72; 1 if the
  observer picks a harvest chip now; the chips of the harvest being shared, per crop / 8
  [6]
- who acts, one-hot over the seat-relative places [5]
- per seat-relative place [5 x 10]: in the game; points / 100; meeples in hand / 4;
  stables in hand / 2; harvest chips per crop / 5 [6]
- harvest chips left in the box per crop / 8 [6]
- the drawn tile, one-hot over the 64 tile kinds [64]; tiles of each kind left in the
  stack / that kind's copies [64]
- per place of the window, x from -RADIUS, then y from -RADIUS [33 x 33 x 38]: a tile
  lies there; the terrain of its N, E, S, W edges, one-hot over (path, field, meadow)
  [4 x 3]; its animals per kind / 3 [4]; its harvest symbols per crop [6]; a wanderer, a
  farmer, a stable on it, each one-hot over the seat-relative places [3 x 5]
"""

from __future__ import annotations

from .encoding import RADIUS, SIDE
from .fold import MEEPLES, STABLES
from .state import State
from .tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH, full_stack

SEATS = 5  # the most players
TERRAINS = "PFM"
_GAME = 3 + len(CROPS)
_SEAT = 4 + len(CROPS)
_CELL = 1 + 4 * len(TERRAINS) + len(ANIMALS) + len(CROPS) + 3 * SEATS
_HEAD = (_GAME + SEATS + SEATS * _SEAT + len(CROPS) + 2 * len(KINDS))
OBSERVATION_SIZE = _HEAD + SIDE * SIDE * _CELL
TILES = len(full_stack())
# Per tile kind and rotation, the cell's numbers that depend on the tile alone.
_TILE_CELL = tuple(
    tuple(
        tuple([1.0]
              + [1.0 if o.edges[e] == t else 0.0 for e in range(4) for t in TERRAINS]
              + [a / 3 for a in k.animals]
              + [float(sum(p.harvest.count(c) for p in o.pieces)) for c in range(len(CROPS))])
        for o in ORIENT[k.index])
    for k in KINDS)


def observe(view: State, player: str) -> list[float]:  # noqa: C901 - one block of features per part of the table
    """``player``'s view as ``OBSERVATION_SIZE`` numbers (layout in the module text)."""
    if player not in view.players:
        raise ValueError(f"{player} does not play in this game: only a seat has a view")
    n, me = len(view.players), view.players.index(player)

    def rel(seat: int) -> int:
        return (seat - me) % n

    acting = view.turn
    picking = bool(view.pending)
    chips: tuple[int, ...] = ()
    if picking:
        chips, pickers, nxt = view.pending[0]
        acting = pickers[nxt]
    out = [0.0] * OBSERVATION_SIZE
    out[0] = 1.0 if not view.finished and acting == me else 0.0
    out[1] = len(view.stack) / TILES
    out[2] = 1.0 if picking and acting == me else 0.0
    for c in chips:
        out[3 + c] += 1 / 8
    at = _GAME
    if not view.finished:
        out[at + rel(acting)] = 1.0
    at += SEATS
    for r in range(n):
        s = (me + r) % n
        base = at + r * _SEAT
        out[base:base + _SEAT] = [1.0, view.scores[s] / 100, view.meeples_left[s] / MEEPLES,
                                  view.stables_left[s] / STABLES,
                                  *(k / 5 for k in view.chips[s])]
    at += SEATS * _SEAT
    out[at:at + len(CROPS)] = [k / 8 for k in view.supply]
    at += len(CROPS)
    if view.current >= 0:
        out[at + view.current] = 1.0
    at += len(KINDS)
    for k in view.stack:  # a count per kind: the order is what the view hides
        out[at + k] += 1 / KINDS[k].count
    # the landscape starts at _HEAD

    def cell(x: int, y: int) -> int:
        if -RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS:
            return _HEAD + ((x + RADIUS) * SIDE + (y + RADIUS)) * _CELL
        return -1  # outside the window

    pieces = 1 + 4 * len(TERRAINS) + len(ANIMALS) + len(CROPS)
    for (x, y), (kind, rot, _first, _edges) in view.board.items():
        base = cell(x, y)
        if base >= 0:
            out[base:base + pieces] = _TILE_CELL[kind][rot]
    for seat, seg in view.meeples:
        base = cell(*view.seg_pos[seg])
        if base >= 0:
            role = 0 if view.seg_kind[seg] == PATH else 1
            out[base + pieces + role * SEATS + rel(seat)] = 1.0
    for (x, y), seat in view.stables.items():
        base = cell(x, y)
        if base >= 0:
            out[base + pieces + 2 * SEATS + rel(seat)] = 1.0
    return out


__all__ = ["OBSERVATION_SIZE", "observe"]
