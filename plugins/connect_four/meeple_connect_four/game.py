"""Connect four, the whole game in one file.

The board is two bitboards, one per seat. Column ``c`` owns bits ``7c .. 7c+5`` (bit
``7c+6`` stays empty as a sentinel so that shifts never wrap into the next column); row 0
is the bottom. A win is four in a line, found with four shift-and tests. The state is
small and flat, so ``clone`` is one constructor call: that is what makes search fast.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from meeple.core import Game, IllegalCommand, Outcome, command, event

COLS, ROWS = 7, 6
H1 = ROWS + 1
TOP = sum(1 << (c * H1 + ROWS - 1) for c in range(COLS))
FULL = sum(((1 << ROWS) - 1) << (c * H1) for c in range(COLS))


def _wins(board: int) -> bool:
    # Vertical, horizontal and the two diagonals, unrolled: this runs once per disc
    # dropped in every search rollout.
    pairs = board & (board >> 1)
    if pairs & (pairs >> 2):
        return True
    pairs = board & (board >> H1)
    if pairs & (pairs >> 2 * H1):
        return True
    pairs = board & (board >> (H1 - 1))
    if pairs & (pairs >> 2 * (H1 - 1)):
        return True
    pairs = board & (board >> (H1 + 1))
    return bool(pairs & (pairs >> 2 * (H1 + 1)))


def _windows() -> list[int]:
    masks = []
    for c in range(COLS):
        for r in range(ROWS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= x < COLS and 0 <= y < ROWS for x, y in cells):
                    masks.append(sum(1 << (x * H1 + y) for x, y in cells))
    return masks


WINDOWS = _windows()  # the 69 lines of four


@command
class Drop:
    column: int  # 0-based; the notation is 1-based


DROPS = tuple(Drop(c) for c in range(COLS))


def _open_drops() -> dict[int, list[Drop]]:
    """The legal drops for every pattern of filled top cells, so that ``legal`` is one
    lookup: a column is full exactly when its top cell holds a disc."""
    table = {}
    for full in range(1 << COLS):
        mask = sum(1 << (c * H1 + ROWS - 1) for c in range(COLS) if full >> c & 1)
        table[mask] = [DROPS[c] for c in range(COLS) if not full >> c & 1]
    return table


OPEN_DROPS = _open_drops()


@event("connect-four.started")
class Started:
    players: tuple[str, str]


@event("connect-four.dropped")
class Dropped:
    column: int
    seat: int


class State:
    __slots__ = ("players", "boards", "heights", "moves", "winner")

    def __init__(self, players: tuple[str, str], boards: list[int], heights: list[int],
                 moves: int, winner: int) -> None:
        self.players = players
        self.boards = boards
        self.heights = heights  # the next free bit of each column
        self.moves = moves
        self.winner = winner  # -1 running, 0 or 1 the winning seat, 2 a draw

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, s) == getattr(other, s) for s in self.__slots__
        )

    def __repr__(self) -> str:
        return f"State(moves={self.moves}, winner={self.winner}, boards={self.boards})"

    @property
    def seat(self) -> int:
        return self.moves & 1


class ConnectFour(Game):
    name = "connect-four"
    title = "Connect Four"
    version = "0.1.0"
    min_players = max_players = 2
    events = (Started, Dropped)

    def default_players(self, count: int) -> list[str]:
        return ["red", "yellow"][:count] if count <= 2 else super().default_players(count)

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list:
        return [Started(tuple(players))]

    def decide(self, state: State, player: str, command: Any, rng: random.Random) -> list:
        if not isinstance(command, Drop):
            raise IllegalCommand(f"connect four has only drops, not {command!r}")
        c = command.column
        if not 0 <= c < COLS:
            raise IllegalCommand(f"column {c + 1} does not exist: choose 1 to {COLS}")
        if state.heights[c] == c * H1 + ROWS:
            raise IllegalCommand(f"column {c + 1} is full")
        return [Dropped(c, state.seat)]

    def fold(self, state: State | None, ev: Any) -> State:
        if type(ev) is Dropped:
            bit = 1 << state.heights[ev.column]
            state.heights[ev.column] += 1
            board = state.boards[ev.seat] | bit
            state.boards[ev.seat] = board
            state.moves += 1
            if _wins(board):
                state.winner = ev.seat
            elif state.moves == COLS * ROWS:
                state.winner = 2
            return state
        if type(ev) is Started:
            return State(tuple(ev.players), [0, 0], [c * H1 for c in range(COLS)], 0, -1)
        raise TypeError(f"connect four cannot fold {ev!r}")

    def step(self, state: State, player: str, command: Drop, rng: random.Random) -> State:
        """Search fast path: the fold of the Dropped event decide would give, with no event
        object and no checks (search only passes commands that ``legal`` offered)."""
        c = command.column
        seat = state.moves & 1
        h = state.heights
        bit = 1 << h[c]
        h[c] += 1
        board = state.boards[seat] | bit
        state.boards[seat] = board
        state.moves += 1
        if _wins(board):
            state.winner = seat
        elif state.moves == COLS * ROWS:
            state.winner = 2
        return state

    def clone(self, state: State) -> State:
        return State(state.players, state.boards[:], state.heights[:], state.moves, state.winner)

    def to_act(self, state: State) -> tuple[str, ...]:
        return () if state.winner >= 0 else (state.players[state.moves & 1],)

    def legal(self, state: State, player: str) -> list[Drop]:
        if state.winner >= 0 or player != state.players[state.moves & 1]:
            return []
        b = state.boards
        return OPEN_DROPS[(b[0] | b[1]) & TOP][:]

    def outcome(self, state: State) -> Outcome | None:
        if state.winner < 0:
            return None
        a, b = state.players
        if state.winner == 2:
            return Outcome({a: 0.5, b: 0.5}, {a: 1, b: 1}, {"result": "draw"})
        win, lose = (a, b) if state.winner == 0 else (b, a)
        return Outcome({win: 1.0, lose: 0.0}, {win: 1, lose: 2}, {"result": f"{win} wins"})

    # -- notation ----------------------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Drop:
        word = text.strip().lower().removeprefix("drop").strip()
        if not word.isdigit() or not 1 <= int(word) <= COLS:
            raise IllegalCommand(f"{text!r} is not a column: type a number from 1 to {COLS}")
        return DROPS[int(word) - 1]

    def format(self, command: Drop, state: State | None = None) -> str:
        return str(command.column + 1)

    def describe_event(self, ev: Any) -> str:
        if type(ev) is Started:
            return f"{ev.players[0]} (X) against {ev.players[1]} (O)"
        return f"{'XO'[ev.seat]} drops in column {ev.column + 1}"

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        return {"moves": state.moves, "board": self._rows(state)}

    # -- judgement -------------------------------------------------------------------------

    def evaluate(self, state: State, player: str) -> float:
        """Open lines of four: each line holding only my discs counts for me, by how full
        it is; a finished game is worth +1 / -1 / 0."""
        seat = state.players.index(player)
        if state.winner >= 0:
            return 0.0 if state.winner == 2 else (1.0 if state.winner == seat else -1.0)
        mine, theirs = state.boards[seat], state.boards[1 - seat]
        score = 0
        for m in WINDOWS:
            a, b = mine & m, theirs & m
            if a and not b:
                score += (0, 1, 4, 16)[a.bit_count()]
            elif b and not a:
                score -= (0, 1, 4, 16)[b.bit_count()]
        return max(-0.95, min(0.95, score / 100))

    # -- pictures --------------------------------------------------------------------------

    def _rows(self, state: State) -> list[str]:
        rows = []
        for r in reversed(range(ROWS)):
            line = ""
            for c in range(COLS):
                bit = 1 << (c * H1 + r)
                line += "X" if state.boards[0] & bit else "O" if state.boards[1] & bit else "."
            rows.append(line)
        return rows

    def render(self, state: State, fmt: str = "text", player: str | None = None) -> str:
        if fmt == "svg":
            return self._svg(state)
        body = "\n".join(" ".join(row) for row in self._rows(state))
        status = (
            f"{state.players[state.moves & 1]} to move ({'XO'[state.moves & 1]})"
            if state.winner < 0
            else "draw" if state.winner == 2 else f"{state.players[state.winner]} wins"
        )
        return f"{body}\n{' '.join(str(c + 1) for c in range(COLS))}\n{status}"

    def _svg_header(self, state: State) -> str:
        """Whose turn it is, or who won, with the scores (a win scores 1, a draw 1/2)."""
        red, yellow = state.players
        if state.winner < 0:
            colour = ("red", "yellow")[state.moves & 1]
            return f"{state.players[state.moves & 1]} to move ({colour} disc); {red} 0, {yellow} 0"
        if state.winner == 2:
            return f"draw: {red} 0.5, {yellow} 0.5"
        won = state.players[state.winner]
        return f"{won} wins: {red} {1 - state.winner}, {yellow} {state.winner}"

    def _svg(self, state: State) -> str:
        size = 60
        top = 30  # the header line
        w, h = COLS * size, ROWS * size + top
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
            ' font-family="sans-serif">',
            f'<rect width="{w}" height="{h}" fill="#1f4fbf"/>',
            f'<text x="8" y="21" font-size="16" fill="#ffffff">'
            f'{escape(self._svg_header(state))}</text>',
        ]
        for r, row in enumerate(self._rows(state)):
            for c, ch in enumerate(row):
                color = {"X": "#d62828", "O": "#f6c90e", ".": "#ffffff"}[ch]
                cx, cy = c * size + size // 2, top + r * size + size // 2
                parts.append(f'<circle cx="{cx}" cy="{cy}" r="{size // 2 - 5}" fill="{color}"/>')
        parts.append("</svg>")
        return "\n".join(parts)
