"""What the log says of each connect four event: the disc and column of a drop, and who won
with which line of four, columns and rows counted from 1."""

from __future__ import annotations

import pytest
from meeple.core.testing import played
from meeple_connect_four import ConnectFour

GAME = ConnectFour()


@pytest.mark.parametrize("players", [("a", "b"), ("ann", "bob")])
def test_the_start_names_each_player_with_their_disc(players):
    local = played(GAME, list(players), "")
    assert GAME.describe_event(local.events[0]) == f"{players[0]} (X) against {players[1]} (O)"


def test_each_drop_is_told_with_its_disc_and_column_counted_from_1():
    local = played(GAME, ["a", "b"], "4172")
    lines = [GAME.describe_event(ev) for ev in local.events[1:]]
    assert lines == ["X drops in column 4", "O drops in column 1", "X drops in column 7",
                     "O drops in column 2"]


@pytest.mark.parametrize(("columns", "line"), [
    ("1212121", "a (X) wins with four in column 1, rows 1-4"),
    ("1122334", "a (X) wins with four in row 1, columns 1-4"),
    ("2334454556", "b (O) wins with four in row 1, columns 3-6"),
    ("12341525364", "a (X) wins with four in row 2, columns 1-4"),
    ("122121232", "a (X) wins with four in column 2, rows 2-5"),
    ("12233434414", "a (X) wins with four on a diagonal from column 1 row 1 to column 4 row 4"),
    ("23344545575", "a (X) wins with four on a diagonal from column 2 row 1 to column 5 row 4"),
    # the diagonal that falls to the right is named from its top-left end
    ("23412246516736362",
     "a (X) wins with four on a diagonal from column 2 row 4 to column 5 row 1"),
])
def test_the_win_names_the_winner_and_the_line_in_columns_and_rows_counted_from_1(columns, line):
    local = played(GAME, ["a", "b"], columns)
    assert local.outcome() is not None
    assert GAME.describe_event(local.events[-1]) == line


def test_the_draw_and_an_old_log_s_start_say_so():
    from meeple_connect_four.game import Drawn, Started
    assert GAME.describe_event(Drawn(("a", "b"), 0.5)) == (
        "the board is full with no four in a line: a draw")
    assert GAME.describe_event(Started(("a", "b"), results=False)) == (
        "a (X) against b (O) (a log of connect four 0.1: results not recorded)")


def test_only_the_end_of_the_game_changes_the_scores():
    from meeple_connect_four.game import Drawn, Dropped, Started, Won
    assert GAME.changes(Won("a", 0, ((0, 0),), 1.0)) == {"a": {"vp": 1.0}}
    assert GAME.changes(Won("b", 1, ((0, 0),), 3.0)) == {"b": {"vp": 3.0}}
    assert GAME.changes(Drawn(("a", "b"), 0.5)) == {"a": {"vp": 0.5}, "b": {"vp": 0.5}}
    assert GAME.changes(Dropped(3, 0)) == {} and GAME.changes(Started(("a", "b"))) == {}
