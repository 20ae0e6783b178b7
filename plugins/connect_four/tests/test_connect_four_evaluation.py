"""The evaluation, as its docstring states it: every line of four holding only one
player's discs counts 1, 4 or 16 for one, two or three of them (for that player, against
the other), the sum divided by 100 and kept within 0.95; a finished game is +1 / -1 / 0.
The values below are counted by hand from the board."""

from __future__ import annotations

import pytest
from meeple.core.testing import played
from meeple_connect_four import ConnectFour

GAME = ConnectFour()


@pytest.mark.parametrize("moves, value, why", [
    ("", 0.0, "an empty board"),
    ("1", 0.03, "a corner disc lies on 3 lines: its row, its column, one diagonal"),
    ("4", 0.07, "the bottom centre lies on 7: four in its row, its column, two diagonals"),
    ("12", -0.01, "x's corner keeps 2 open lines (column, diagonal), y's disc beside it 3"),
    ("1122", -0.03, "x: a pair (4) and two singles = 6; y: a pair (4) and five singles = 9"),
    ("11223", 0.15, "x: a three (16), a pair (4), four singles = 24; y still 9"),
    ("64633211375333522251776", 0.95, "x's lines sum to 115, kept at 0.95"),
])
def test_the_evaluation_counts_open_lines_by_how_full_they_are(moves, value, why) -> None:
    state = played(GAME, ["x", "y"], moves).state
    assert GAME.evaluate(state, "x") == pytest.approx(value), why
    assert GAME.evaluate(state, "y") == pytest.approx(-value), why


def test_a_finished_game_is_worth_one_to_the_winner_and_nothing_in_a_draw() -> None:
    won = played(GAME, ["x", "y"], "1212121").state
    assert (GAME.evaluate(won, "x"), GAME.evaluate(won, "y")) == (1.0, -1.0)
    lost = played(GAME, ["x", "y"], "71212121").state  # y completes the first column
    assert (GAME.evaluate(lost, "x"), GAME.evaluate(lost, "y")) == (-1.0, 1.0)
    drawn = played(GAME, ["x", "y"], "441365675334466335442232661515577771217122").state
    assert (GAME.evaluate(drawn, "x"), GAME.evaluate(drawn, "y")) == (0.0, 0.0)


def test_the_evaluations_windows_are_the_69_lines_of_four_on_the_board():
    """The heuristic counts discs per line of four: 24 across, 21 up, 12 + 12 diagonal,
    each four cells of the 7 x 6 board in a row, none twice."""
    from meeple_connect_four.game import H1, WINDOWS

    cells = {c * H1 + r: (c, r) for c in range(7) for r in range(6)}
    lines = set()
    for mask in WINDOWS:
        bits = [b for b in range(mask.bit_length()) if mask >> b & 1]
        assert len(bits) == 4 and all(b in cells for b in bits), bin(mask)
        (c0, r0), (c1, r1) = cells[bits[0]], cells[bits[1]]
        step = (c1 - c0, r1 - r0)
        assert step in ((1, 0), (0, 1), (1, 1), (1, -1))
        assert [cells[b] for b in bits] == [(c0 + i * step[0], r0 + i * step[1]) for i in range(4)]
        lines.add(mask)
    assert len(lines) == len(WINDOWS) == 69
