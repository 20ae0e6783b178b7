"""Connect four: a drop into a column that does not exist, given to decide directly (the
notation cannot spell one), and the state's seat to move (survivors of a mutation run,
scripts/mutation.py, docs/testing.md)."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_connect_four import ConnectFour
from meeple_connect_four.game import Drop

GAME = ConnectFour()


@pytest.mark.parametrize("column", [-3, -1, 7, 8, 40])
def test_decide_refuses_a_column_off_the_board_naming_it_and_changes_nothing(column):
    local = LocalGame(GAME, ["a", "b"])
    before = GAME.clone(local.state)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(local.state, "a", Drop(column), random.Random(0))
    assert str(refused.value) == f"column {column + 1} does not exist: choose 1 to 7"
    assert local.state == before


def test_the_state_says_which_seat_is_to_move():
    local = LocalGame(GAME, ["a", "b"])
    for n, c in enumerate("4455"):
        assert local.state.seat == n % 2 and local.to_act() == ("ab"[n % 2],)
        local.play(local.to_act()[0], c)
    assert local.state.seat == 0


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


def test_a_win_on_a_falling_diagonal_is_named_from_its_top_left_end():
    """The diagonal that falls to the right (a game found by random play): its words
    name both ends, not a row."""
    local = LocalGame(GAME, ["a", "b"])
    for c in "23412246516736362":
        local.play(local.to_act()[0], c)
    assert local.outcome() is not None
    assert GAME.describe_event(local.events[-1]) == (
        "a (X) wins with four on a diagonal from column 2 row 4 to column 5 row 1")
