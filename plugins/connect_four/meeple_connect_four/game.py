"""Connect four, the whole game in one file.

The board is two bitboards, one per seat. Column ``c`` owns bits ``7c .. 7c+5`` (bit
``7c+6`` stays empty as a sentinel so that shifts never wrap into the next column); row 0
is the bottom. A win is four in a line, found with four shift-and tests. The state is
small and flat, so ``clone`` is one constructor call: that is what makes search fast.

Events are facts: ``decide`` computes everything (is the column open, does this disc
connect four, is the board full, what each player scores) and records it; ``fold`` only
applies what the events say. A drop that ends the game is two events: the ``Dropped`` disc
and a ``Won`` (with the four cells and the score) or ``Drawn`` of its own.

Logs written by version 0.1 recorded only the drops. Their ``Started`` event is version 1;
its step to version 2 (``Started.upcast_v1_v2``) marks it ``results=False``. In such a log
``upcast_in_context`` turns the drop that ended the game into today's events, the drop and
its ``Won`` or ``Drawn`` with 0.1's scores, so old games keep their recorded results and
fold stays the same for every log. Verify accepts such a setup as an old format
(``old_format``: "stored in format connect four 0.1, upcast") and checks every drop
against what today's rules give for a log of that shape.
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


def _cells(mask: int) -> tuple[tuple[int, int], ...]:
    """(column, row) of every disc in ``mask``, 0-based, in bit order."""
    return tuple((b // H1, b % H1) for b in range(COLS * H1) if mask >> b & 1)


def _line_words(line: tuple[tuple[int, int], ...]) -> str:
    """Where a line of four lies, in words (columns and rows counted from 1)."""
    (c0, r0), (c1, r1) = line[0], line[-1]
    if c0 == c1:
        return f"in column {c0 + 1}, rows {r0 + 1}-{r1 + 1}"
    if r0 == r1:
        return f"in row {r0 + 1}, columns {c0 + 1}-{c1 + 1}"
    return f"on a diagonal from column {c0 + 1} row {r0 + 1} to column {c1 + 1} row {r1 + 1}"


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


@event("connect-four.started", version=2)
class Started:
    players: tuple[str, str]
    #: False only for a version-1 log (connect four 0.1), which records no Won / Drawn.
    results: bool = True

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "results": False}  # 0.1 recorded drops, not results


@event("connect-four.dropped")
class Dropped:
    """A disc of ``seat`` (0 plays X, 1 plays O) fell into ``column`` (0-based)."""

    column: int
    seat: int


@event("connect-four.won")
class Won:
    """``player`` connected four: the discs at ``line`` ((column, row), 0-based), and
    scores ``score`` (the loser scores nothing)."""

    player: str
    seat: int
    line: tuple[tuple[int, int], ...]
    score: float


@event("connect-four.drawn")
class Drawn:
    """The board is full with no four in a line: each of ``players`` scores ``score``."""

    players: tuple[str, str]
    score: float


class State:
    __slots__ = ("players", "boards", "heights", "moves", "winner", "scores", "old_log")

    def __init__(self, players: tuple[str, str], boards: list[int], heights: list[int],
                 moves: int, winner: int, scores: list[float], old_log: bool = False) -> None:
        self.players = players
        self.boards = boards
        self.heights = heights  # the next free bit of each column
        self.moves = moves
        self.winner = winner  # -1 running, 0 or 1 the winning seat, 2 a draw
        self.scores = scores  # per seat, as the Won / Drawn events recorded them
        self.old_log = old_log  # a version-1 log: results not recorded (upcast_in_context)

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
    version = "0.2.0"
    min_players = max_players = 2
    events = (Started, Dropped, Won, Drawn)
    #: What a win and a draw score (the loser scores 0). Rules, so decide reads them and
    #: the events record the result; fold never looks here.
    win_score: float = 1.0
    draw_score: float = 0.5

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
        h = state.heights[c]
        if h == c * H1 + ROWS:
            raise IllegalCommand(f"column {c + 1} is full")
        seat = state.moves & 1
        board = state.boards[seat] | 1 << h
        if state.old_log:  # a game begun by 0.1 goes on in its log's shape
            return [Dropped(c, seat)]
        if _wins(board):
            line = next(m for m in WINDOWS if m >> h & 1 and m & board == m)
            return [Dropped(c, seat), Won(state.players[seat], seat, _cells(line), self.win_score)]
        if state.moves + 1 == COLS * ROWS:
            return [Dropped(c, seat), Drawn(state.players, self.draw_score)]
        return [Dropped(c, seat)]

    def fold(self, state: State | None, ev: Any) -> State:
        # Apply the recorded facts only: no checks, no win detection (decide did that).
        t = type(ev)
        if t is Dropped:
            state.boards[ev.seat] |= 1 << state.heights[ev.column]
            state.heights[ev.column] += 1
            state.moves += 1
            return state
        if t is Won:
            state.winner = ev.seat
            state.scores[ev.seat] += ev.score
            return state
        if t is Drawn:
            state.winner = 2
            state.scores = [s + ev.score for s in state.scores]
            return state
        if t is Started:
            return State(tuple(ev.players), [0, 0], [c * H1 for c in range(COLS)], 0, -1,
                         [0.0, 0.0], not ev.results)
        raise TypeError(f"connect four cannot fold {ev!r}")

    def step(self, state: State, player: str, command: Drop, rng: random.Random) -> State:
        """Search fast path: the folds of the events decide would give, with no event
        objects and no checks (search only passes commands that ``legal`` offered)."""
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
            state.scores[seat] += self.win_score
        elif state.moves == COLS * ROWS:
            state.winner = 2
            state.scores = [s + self.draw_score for s in state.scores]
        return state

    def clone(self, state: State) -> State:
        return State(state.players, state.boards[:], state.heights[:], state.moves,
                     state.winner, state.scores[:], state.old_log)

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
        scores = {a: state.scores[0], b: state.scores[1]}
        if state.winner == 2:
            return Outcome(scores, {a: 1, b: 1}, {"result": "draw"})
        win, lose = (a, b) if state.winner == 0 else (b, a)
        return Outcome(scores, {win: 1, lose: 2}, {"result": f"{win} wins"})

    # -- notation ----------------------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Drop:
        word = text.strip().lower().removeprefix("drop").strip()
        # isascii: str.isdigit also passes digits int() refuses (①, ¹) and other
        # scripts' digits; the length check keeps a 4,400-digit number from int().
        if not (word.isascii() and word.isdigit() and len(word) <= 2) or not 1 <= int(word) <= COLS:
            raise IllegalCommand(f"{text!r} is not a column: type a number from 1 to {COLS}")
        return DROPS[int(word) - 1]

    def format(self, command: Drop, state: State | None = None) -> str:
        return str(command.column + 1)

    def describe_event(self, ev: Any) -> str:
        t = type(ev)
        if t is Started:
            old = "" if ev.results else " (a log of connect four 0.1: results not recorded)"
            return f"{ev.players[0]} (X) against {ev.players[1]} (O){old}"
        if t is Won:
            return f"{ev.player} ({'XO'[ev.seat]}) wins with four {_line_words(ev.line)}"
        if t is Drawn:
            return "the board is full with no four in a line: a draw"
        return f"{'XO'[ev.seat]} drops in column {ev.column + 1}"

    #: What 0.1 scored a win and a draw, for the results its logs did not record.
    OLD_WIN_SCORE, OLD_DRAW_SCORE = 1.0, 0.5

    def upcast_in_context(self, state: State, ev: Any) -> Any:
        """A drop in a 0.1 log, which recorded no results: the drop that ended the game
        becomes today's events, the drop and its ``Won`` or ``Drawn`` (with 0.1's scores).
        Every other event is today's already."""
        if type(ev) is not Dropped or not state.old_log:
            return ev
        h = state.heights[ev.column]
        board = state.boards[ev.seat] | 1 << h
        if _wins(board):
            line = next(m for m in WINDOWS if m >> h & 1 and m & board == m)
            return [ev, Won(state.players[ev.seat], ev.seat, _cells(line), self.OLD_WIN_SCORE)]
        if state.moves + 1 == COLS * ROWS:
            return [ev, Drawn(state.players, self.OLD_DRAW_SCORE)]
        return ev

    def upcasts_in_context(self, ev: Any) -> bool:
        return type(ev) is Dropped

    def old_format(self, stored: Sequence[Any], today: Sequence[Any]) -> str | None:
        """A 0.1 log's setup (upcast to ``results=False``) where today's rules start with
        ``results=True``: the same game in the old shape, whose drops verify then checks
        one by one against what today's rules give for such a log."""
        if (len(stored) == len(today) == 1 and type(stored[0]) is Started
                and type(today[0]) is Started and not stored[0].results
                and stored[0].players == today[0].players):
            return "connect four 0.1 (drops without their results)"
        return None

    def changes(self, ev: Any) -> dict[str, dict[str, float]]:
        """Only the end of the game scores: the winner's points, or both players' draw."""
        t = type(ev)
        if t is Won:
            return {ev.player: {"vp": ev.score}}
        if t is Drawn:
            return {p: {"vp": ev.score} for p in ev.players}
        return {}

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        return {"moves": state.moves, "board": self._rows(state)}

    def regions(self, state: State, player: str, command: Drop) -> tuple[str, ...]:
        """A drop is given by pointing at its column (drawn as ``column-N``, 1-based)."""
        return (f"column-{command.column + 1}",)

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

    # -- machine learning (meeple.rl) ----------------------------------------------------------

    action_count = COLS  # action i drops in column i + 1, in every state
    observation_size = 2 * COLS * ROWS + 1

    def encode_action(self, command: Drop, state: State) -> int:
        return command.column

    def decode_action(self, index: int, state: State, player: str) -> Drop:
        if not 0 <= index < COLS:
            raise IllegalCommand(f"action {index} is not a column: choose 0 to {COLS - 1}")
        return DROPS[index]

    def observation(self, view: State, player: str) -> list[float]:
        """Two planes of the 6 x 7 board, row by row from the bottom: the discs of
        ``player``, then the opponent's; then 1.0 if ``player`` is to move."""
        seat = view.players.index(player)
        mine, theirs = view.boards[seat], view.boards[1 - seat]
        cells = [1 << (c * H1 + r) for r in range(ROWS) for c in range(COLS)]
        return ([1.0 if mine & b else 0.0 for b in cells]
                + [1.0 if theirs & b else 0.0 for b in cells]
                + [1.0 if view.winner < 0 and view.moves & 1 == seat else 0.0])

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

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        """The board is 13 columns wide; ``width`` is that of any terminal."""
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

    def _svg_winning_four(self, state: State, size: int, top: int) -> list[str]:
        """A ring round each disc of the winner's first line of four and a stroke through
        it, so that the win can be seen at a glance."""
        board = state.boards[state.winner]
        line = next((m for m in WINDOWS if board & m == m), 0)
        if not line:  # an old log's win recorded without its line: nothing to mark
            return []
        centres = [(c * size + size // 2, top + (ROWS - 1 - r) * size + size // 2)
                   for c, r in _cells(line)]
        (x1, y1), (x2, y2) = centres[0], centres[-1]
        out = [f'<line class="winning-four" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
               'stroke="#111" stroke-width="6" stroke-linecap="round" opacity="0.7"/>']
        out += [f'<circle class="winning-four" cx="{x}" cy="{y}" r="{size // 2 - 3}" fill="none" '
                'stroke="#111" stroke-width="4"/>' for x, y in centres]
        return out

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
        if state.winner in (0, 1):
            parts += self._svg_winning_four(state, size, top)
        # Each column as one clickable region over its discs (see ``regions``): clear
        # until the browser lights it.
        parts += [f'<rect data-region="column-{c + 1}" x="{c * size}" y="{top}" width="{size}" '
                  f'height="{ROWS * size}" fill="#ffffff" fill-opacity="0">'
                  f'<title>column {c + 1}</title></rect>' for c in range(COLS)]
        parts.append("</svg>")
        return "\n".join(parts)
