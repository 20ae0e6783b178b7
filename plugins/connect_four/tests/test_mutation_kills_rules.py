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
