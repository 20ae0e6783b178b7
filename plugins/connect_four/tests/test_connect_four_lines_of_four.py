"""Four in a line wins, in every direction and at every edge of the 7 x 6 board, and
nothing else does: the lines are worked out here from (column, row) cells, not from the
game's bitboards, and the game's answer is compared with them on single lines, lines one
disc short and random boards. Also what ``decide`` records for the winning or last drop,
and how a 0.1 log's drops are read."""

from __future__ import annotations

import random

import pytest
from meeple.core.testing import played
from meeple_connect_four import ConnectFour, Drop
from meeple_connect_four.game import Drawn, Dropped, Started, State, Won, _wins

GAME = ConnectFour()
COLUMNS, ROWS = 7, 6


def _lines() -> list[tuple[tuple[int, int], ...]]:
    """Every line of four as its cells, (column, row) from the bottom left."""
    out = []
    for c in range(COLUMNS):
        for r in range(ROWS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = tuple((c + i * dc, r + i * dr) for i in range(4))
                if all(0 <= x < COLUMNS and 0 <= y < ROWS for x, y in cells):
                    out.append(cells)
    return out


LINES = _lines()


def _bits(cells) -> int:
    """The board of ``cells``: column c holds bits 7c .. 7c+5, row 0 lowest."""
    return sum(1 << (7 * c + r) for c, r in cells)


def _has_four(cells: set[tuple[int, int]]) -> bool:
    return any(all(cell in cells for cell in line) for line in LINES)


def test_every_line_of_four_wins_in_each_direction_at_every_edge():
    assert len(LINES) == 69
    for line in LINES:
        assert _wins(_bits(line)), line


def test_three_of_a_line_never_win():
    for line in LINES:
        for gap in range(4):
            assert not _wins(_bits(line[:gap] + line[gap + 1:])), (line, gap)


@pytest.mark.parametrize(("cells", "why"), [
    ([(0, 3), (0, 4), (0, 5), (1, 0)], "the top of column 1 and the bottom of column 2"),
    ([(0, 5), (1, 0), (1, 1), (1, 2)], "the top of one column under the next one's bottom"),
    ([(4, 0), (5, 0), (6, 0), (0, 1)], "a row running off the right edge into the next row"),
    ([(6, 3), (5, 2), (4, 1), (0, 0)], "a diagonal broken at the left edge"),
    ([(3, 5), (4, 4), (5, 3), (6, 2)][:3] + [(0, 0)], "three of a falling diagonal"),
    ([(0, 2), (1, 3), (2, 4), (3, 5)][:3] + [(4, 0)], "a rising diagonal off the top"),
    ([(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 0), (2, 2), (3, 1)], "a crowded corner"),
])
def test_discs_that_touch_only_across_an_edge_do_not_win(cells, why):
    assert not _has_four(set(cells)), why  # the cells themselves hold no line
    assert not _wins(_bits(cells)), why


def test_random_boards_win_exactly_when_they_hold_a_line_of_four():
    rng = random.Random(7)
    cells = [(c, r) for c in range(COLUMNS) for r in range(ROWS)]
    seen = {True: 0, False: 0}
    for n in range(3000):
        chosen = set(rng.sample(cells, 4 + n % 17))
        expected = _has_four(chosen)
        assert _wins(_bits(chosen)) is expected, sorted(chosen)
        seen[expected] += 1
    assert min(seen.values()) > 300  # both answers well tried


def _state(mine: set[tuple[int, int]], moves: int = 0, old_log: bool = False) -> State:
    """Seat ``moves % 2`` holds ``mine``; every column is filled up to its highest disc,
    so a drop lands on the lowest empty cell above the discs."""
    seat = moves % 2
    boards = [0, 0]
    boards[seat] = _bits(mine)
    heights = [7 * c + max((r + 1 for x, r in mine if x == c), default=0) for c in range(COLUMNS)]
    return State(("a", "b"), boards, heights, moves, -1, [0.0, 0.0], old_log)


def test_the_drop_that_completes_any_line_wins_with_that_line_recorded():
    """For each line and each of its discs as the last one dropped (the cells under it
    taken to be full), decide records the drop and a Won with the four cells in order."""
    for line in LINES:
        for last in range(4):
            c, r = line[last]
            rest = set(line) - {line[last]}
            below = {(c, y) for y in range(r)} - rest
            for seat in (0, 1):
                state = _state(rest, moves=seat)
                state.heights[c] = 7 * c + r
                state.boards[1 - seat] = _bits(below)
                events = GAME.decide(state, "ab"[seat], Drop(c), random.Random(0))
                assert events == [Dropped(c, seat),
                                  Won("ab"[seat], seat, tuple(sorted(line)), 1.0)], (line, last)


def test_a_drop_one_short_of_a_line_records_only_the_drop():
    for line in LINES:
        rest = set(line[1:3])
        state = _state(rest)
        c = line[3][0]
        assert GAME.decide(state, "a", Drop(c), random.Random(0)) == [Dropped(c, 0)]


def test_the_first_line_through_the_new_disc_is_the_one_recorded():
    """Two lines meet at the last disc: the one recorded is the first of the 69 in the
    game's order (by column, then row, then across, up, rising, falling), here the row."""
    row = [(0, 0), (1, 0), (2, 0)]
    column = [(3, 1), (3, 2), (3, 3)]
    state = _state(set(row + column))
    state.heights[3] = 7 * 3
    state.boards[0] &= ~(1 << 21)  # the cell (3, 0) is where the disc falls
    (dropped, won) = GAME.decide(state, "a", Drop(3), random.Random(0))
    assert dropped == Dropped(3, 0)
    assert won.line == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_the_scores_recorded_are_the_rules_win_and_draw_scores():
    scored = ConnectFour()
    scored.win_score, scored.draw_score = 3.0, 1.25
    state = _state({(0, 0), (0, 1), (0, 2)})
    assert scored.decide(state, "a", Drop(0), random.Random(0))[1].score == 3.0
    full = _full_board_but_one()
    assert scored.decide(full, "b", Drop(1), random.Random(0)) == [
        Dropped(1, 1), Drawn(("a", "b"), 1.25)]


DRAWN = "441365675334466335442232661515577771217122"


def _full_board_but_one() -> State:
    """The drawn game's board before its 42nd drop (in column 2, by b)."""
    return GAME.clone(played(GAME, ["a", "b"], DRAWN[:-1]).state)


def test_only_the_drop_that_fills_the_board_draws():
    before = played(GAME, ["a", "b"], DRAWN[:-2]).state
    assert before.moves == 40
    assert GAME.decide(before, "a", Drop(int(DRAWN[-2]) - 1), random.Random(0)) == [
        Dropped(int(DRAWN[-2]) - 1, 0)]
    last = _full_board_but_one()
    assert last.moves == 41
    assert GAME.decide(last, "b", Drop(1), random.Random(0)) == [
        Dropped(1, 1), Drawn(("a", "b"), 0.5)]


def test_the_search_fast_path_wins_where_decide_does():
    for line in LINES[::5]:
        rest = set(line[:3])
        state = _state(rest)
        c, r = line[3]
        state.heights[c] = 7 * c + r
        stepped = GAME.step(GAME.clone(state), "a", Drop(c), random.Random(0))
        assert (stepped.winner, stepped.scores, stepped.moves) == (0, [1.0, 0.0], 1), line
        assert stepped.heights[c] == 7 * c + r + 1
        assert stepped.boards[0] == _bits(line)


def test_a_game_begun_by_0_1_records_only_the_drop_even_when_it_wins():
    state = _state({(0, 0), (0, 1), (0, 2)}, old_log=True)
    assert GAME.decide(state, "a", Drop(0), random.Random(0)) == [Dropped(0, 0)]


def test_a_0_1_drop_that_ends_the_game_is_read_as_the_drop_and_its_result():
    state = _state({(0, 0), (0, 1), (0, 2)}, old_log=True)
    winning = Dropped(0, 0)
    assert GAME.upcast_in_context(state, winning) == [
        winning, Won("a", 0, ((0, 0), (0, 1), (0, 2), (0, 3)), 1.0)]
    other = Dropped(1, 0)
    assert GAME.upcast_in_context(state, other) is other
    today = _state({(0, 0), (0, 1), (0, 2)})
    assert GAME.upcast_in_context(today, winning) is winning  # a log of today's shape
    start = Started(("a", "b"))
    assert GAME.upcast_in_context(state, start) is start
    full = _full_board_but_one()
    full.old_log = True
    last = Dropped(1, 1)
    assert GAME.upcast_in_context(full, last) == [last, Drawn(("a", "b"), 0.5)]
    full.moves = 40  # one drop more to go: nothing to add
    assert GAME.upcast_in_context(full, last) is last
    assert GAME.upcasts_in_context(winning) and not GAME.upcasts_in_context(start)


def test_the_board_masks_follow_the_bit_layout_with_an_empty_sentinel_atop_each_column():
    """Column c owns bits 7c .. 7c+5 and bit 7c+6 stays empty: ``FULL`` is every cell,
    ``TOP`` the top cell of each column; a filled board is ``FULL`` exactly."""
    from meeple_connect_four.game import FULL, H1, TOP

    assert H1 == 7
    assert FULL == _bits((c, r) for c in range(COLUMNS) for r in range(ROWS))
    assert TOP == _bits((c, ROWS - 1) for c in range(COLUMNS))
    sentinels = sum(1 << (7 * c + 6) for c in range(COLUMNS))
    assert FULL & sentinels == 0 and TOP & ~FULL == 0
    full = played(GAME, ["a", "b"], DRAWN).state
    assert full.boards[0] | full.boards[1] == FULL and full.boards[0] & full.boards[1] == 0
