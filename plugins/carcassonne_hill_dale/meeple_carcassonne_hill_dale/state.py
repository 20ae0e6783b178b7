"""The game state: flat lists and dicts of immutable values, so a clone is a handful of
shallow copies (what search needs).

Paths and fields are kept in one union-find over pieces ("segments"): every piece of every
placed tile gets a segment id; ``seg_open`` at a root counts the piece edges of the whole
feature that no tile touches yet, so a feature is closed when that count is 0.
"""

from __future__ import annotations

from typing import Any

from .tiles import ORIENT

SLOTS = (
    "players", "stack", "hidden", "current", "turn", "board", "frontier",
    "seg_parent", "seg_size", "seg_open", "seg_pos", "seg_kind", "seg_mask", "seg_harvest",
    "seg_tiles", "seg_crops",
    "meeples", "meeples_left", "stables", "stables_left", "scores", "chips", "supply",
    "pending", "set_aside", "finished", "final", "sharing",
)


class State:
    # ``places`` is not part of the game's state: it interns the Place commands legal
    # lists (search compares them by identity, and building one costs more than looking
    # it up). It belongs to one game: clones share it, a view starts its own, and
    # equality ignores it.
    __slots__ = SLOTS + ("places",)

    players: tuple[str, ...]
    stack: list[int]  # tile kind indices; the next draw is the last item
    hidden: bool  # True in a view: the stack is sorted, its order unknown
    current: int  # the drawn tile kind waiting to be placed, -1 none
    turn: int  # the seat whose turn it is
    board: dict[tuple[int, int], tuple[int, int, int, str]]  # pos -> kind, rot, first seg, edges
    frontier: dict[tuple[int, int], str]  # empty place next to a tile -> its edge pattern
    seg_parent: list[int]
    seg_size: list[int]
    seg_open: list[int]
    seg_pos: list[tuple[int, int]]
    seg_kind: list[str]
    seg_mask: list[int]
    seg_harvest: list[tuple[int, ...]]  # the piece's own harvest symbols
    seg_tiles: list[frozenset[tuple[int, int]]]  # at a root: the tiles of the feature
    seg_crops: list[tuple[int, ...]]  # at a root: every harvest symbol of the feature
    meeples: list[tuple[int, int]]  # (seat, segment) of every meeple on the board
    meeples_left: list[int]
    stables: dict[tuple[int, int], int]  # pos -> seat
    stables_left: list[int]
    scores: list[int]
    chips: list[tuple[int, ...]]  # per seat, count per crop (CROPS order)
    supply: list[int]  # harvest chips left in the box per crop
    pending: list[tuple[tuple[int, ...], tuple[int, ...], int]]  # (chips, pickers, next)
    set_aside: list[int]
    finished: bool
    final: tuple[tuple[int, int, int, int, int], ...]
    sharing: str  # who scores a feature with several players on it (scoring.SHARING)
    places: dict[tuple[int, int, int, str, int], Any]  # interned Place commands, see above

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, s) == getattr(other, s) for s in SLOTS
        )

    def __repr__(self) -> str:
        return (f"State(turn={self.turn}, tiles={len(self.board)}, stack={len(self.stack)}, "
                f"scores={self.scores})")

    def clone(self) -> State:
        s = State.__new__(State)
        s.players = self.players
        s.stack = self.stack[:]
        s.hidden = self.hidden
        s.current = self.current
        s.turn = self.turn
        s.board = self.board.copy()
        s.frontier = self.frontier.copy()
        s.seg_parent = self.seg_parent[:]
        s.seg_size = self.seg_size[:]
        s.seg_open = self.seg_open[:]
        s.seg_pos = self.seg_pos[:]
        s.seg_kind = self.seg_kind[:]
        s.seg_mask = self.seg_mask[:]
        s.seg_harvest = self.seg_harvest[:]
        s.seg_tiles = self.seg_tiles[:]
        s.seg_crops = self.seg_crops[:]
        s.meeples = self.meeples[:]
        s.meeples_left = self.meeples_left[:]
        s.stables = self.stables.copy()
        s.stables_left = self.stables_left[:]
        s.scores = self.scores[:]
        s.chips = self.chips[:]
        s.supply = self.supply[:]
        s.pending = self.pending[:]
        s.set_aside = self.set_aside[:]
        s.finished = self.finished
        s.final = self.final
        s.sharing = self.sharing
        s.places = self.places
        return s


def new_state(players: tuple[str, ...], stack: list[int], supply: tuple[int, ...],
              meeples: int, stables: int, sharing: str = "majority") -> State:
    n = len(players)
    s = State.__new__(State)
    s.players = players
    s.stack = stack
    s.hidden = False
    s.current = -1
    s.turn = 0
    s.board = {}
    s.frontier = {}
    s.seg_parent, s.seg_size, s.seg_open = [], [], []
    s.seg_pos, s.seg_kind, s.seg_mask, s.seg_harvest = [], [], [], []
    s.seg_tiles, s.seg_crops = [], []
    s.meeples = []
    s.meeples_left = [meeples] * n
    s.stables = {}
    s.stables_left = [stables] * n
    s.scores = [0] * n
    s.chips = [(0,) * len(supply)] * n
    s.supply = list(supply)
    s.pending = []
    s.set_aside = []
    s.finished = False
    s.final = ()
    s.sharing = sharing
    s.places = {}
    return s


# The segments of the tiles on the board, merged as tiles join (fold keeps them): a
# union-find over piece numbers, and the piece at a tile's edge.

def find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        i = parent[i]
    return i


def seg_at(state: State, x: int, y: int, edge: int) -> int:
    """The segment of the piece touching ``edge`` of the tile at (x, y), or -1."""
    t = state.board.get((x, y))
    if t is None or not 0 <= edge < 4:
        return -1
    i = ORIENT[t[0]][t[1]].edge_piece[edge]
    return -1 if i < 0 else t[2] + i
