"""Tests that kill mutants of the connect four plugin which its other tests let survive
(scripts/mutation.py, docs/testing.md)."""

from __future__ import annotations

import re

import pytest
from meeple.core import LocalGame
from meeple.core.testing import played as played_in_turn
from meeple_connect_four import ConnectFour

GAME = ConnectFour()


def played(columns: str) -> LocalGame:
    return played_in_turn(GAME, ["a", "b"], columns)


@pytest.mark.parametrize(("columns", "words"), [
    ("1212121", "in column 1, rows 1-4"),
    ("1122334", "in row 1, columns 1-4"),
    ("12233434414", "on a diagonal from column 1 row 1 to column 4 row 4"),
    ("23344545575", "on a diagonal from column 2 row 1 to column 5 row 4"),
    ("2334454556", "in row 1, columns 3-6"),
])
def test_the_winning_line_is_named_in_columns_and_rows_counted_from_1(columns, words):
    local = played(columns)
    assert local.outcome() is not None
    assert GAME.describe_event(local.events[-1]).endswith(f"wins with four {words}")


def test_the_picture_header_names_the_turn_the_winner_or_the_draw_with_scores():
    assert "a to move (red disc); a 0, b 0" in GAME.render(played("").state, "svg")
    assert "b to move (yellow disc); a 0, b 0" in GAME.render(played("4").state, "svg")
    assert "a wins: a 1, b 0" in GAME.render(played("1212121").state, "svg")
    assert "b wins: a 0, b 1" in GAME.render(played("31212121").state, "svg")
    drawn = GAME.clone(played("").state)
    drawn.winner = 2  # a full board without four: only the header is under test here
    assert "draw: a 0.5, b 0.5" in GAME.render(drawn, "svg")


def test_the_picture_has_one_circle_per_cell_inside_a_7_by_6_board():
    svg = GAME.render(played("4").state, "svg")
    assert 'width="420" height="390" viewBox="0 0 420 390"' in svg
    circles = re.findall(r'<circle cx="(\d+)" cy="(\d+)" r="(\d+)" fill="([^"]+)"/>', svg)
    assert len(circles) == 42
    assert {r for _, _, r, _ in circles} == {"25"}
    assert {(int(x), int(y)) for x, y, _, _ in circles} == {
        (30 + 60 * c, 60 + 60 * r) for c in range(7) for r in range(6)}
    # the one disc: column 4, bottom row
    assert [(x, y) for x, y, _, f in circles if f == "#d62828"] == [("210", "360")]


def test_the_observation_ends_with_whose_move_it_is_and_nothing_after_a_win():
    for columns, to_move in (("", "a"), ("4", "b"), ("45", "a"), ("456", "b")):
        state = played(columns).state
        for player in ("a", "b"):
            flag = GAME.observation(GAME.view(state, player), player)[-1]
            assert flag == (1.0 if player == to_move else 0.0), (columns, player)
    won = played("1212121").state
    assert [GAME.observation(GAME.view(won, p), p)[-1] for p in "ab"] == [0.0, 0.0]
