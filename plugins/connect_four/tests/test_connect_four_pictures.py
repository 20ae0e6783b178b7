"""What the pictures of connect four must show. The terminal picture: the six rows top to
bottom, each disc where it fell (X the first player's, O the second's), the column numbers
1-7 under them, and whose move it is (with the disc letter), who won, or a draw. The SVG:
a header with the same news and the scores, one circle per cell, the winning four ringed.
The observation a learner sees: the same board as two planes and whose move it is."""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import LocalGame
from meeple.core.testing import played
from meeple_connect_four import ConnectFour

GAME = ConnectFour()


def _played(columns: str) -> LocalGame:
    return played(GAME, ["a", "b"], columns)


def _expected_rows(columns: str) -> list[str]:
    """The grid worked out from the drops alone: row 0 is the bottom."""
    grid = [["."] * 7 for _ in range(6)]
    height = [0] * 7
    for i, c in enumerate(columns):
        col = int(c) - 1
        grid[height[col]][col] = "XO"[i % 2]
        height[col] += 1
    return [" ".join(row) for row in reversed(grid)]


@pytest.mark.parametrize(("columns", "status"), [
    ("", "a to move (X)"),
    ("4", "b to move (O)"),
    ("4455", "a to move (X)"),
    ("1212121", "a wins"),
    ("31212121", "b wins"),
    ("7766554", "a wins"),
    ("776655", "a to move (X)"),
])
def test_the_text_shows_every_disc_the_columns_and_the_status(columns, status):
    lines = GAME.render(_played(columns).state, "text").splitlines()
    assert lines == [*_expected_rows(columns), "1 2 3 4 5 6 7", status]


# A game that fills the board without four in a line (found by random play).
DRAWN = "441365675334466335442232661515577771217122"


def test_a_full_board_without_four_is_a_draw_and_the_pictures_say_so():
    before = _played(DRAWN[:-1])
    assert before.outcome() is None and len(GAME.legal(before.state, "b")) == 1
    local = _played(DRAWN)
    assert local.outcome().scores == {"a": 0.5, "b": 0.5}
    lines = GAME.render(local.state, "text").splitlines()
    assert lines == [*_expected_rows(DRAWN), "1 2 3 4 5 6 7", "draw"]
    assert "." not in "".join(lines[:6])
    assert "draw: a 0.5, b 0.5" in GAME.render(local.state, "svg")
    assert GAME.legal(local.state, "a") == []


@pytest.mark.parametrize("columns", ["", "4", "4453", "1212121", DRAWN[:30]])
def test_the_observation_planes_hold_each_players_discs_row_by_row_from_the_bottom(columns):
    """42 numbers for the observer's discs, 42 for the opponent's, cell (column c, row r
    from the bottom) at 7 * r + c, then whose move it is."""
    state = _played(columns).state
    rows = [line.split() for line in reversed(_expected_rows(columns))]  # bottom first
    for seat, player in enumerate(("a", "b")):
        seen = GAME.observation(GAME.view(state, player), player)
        assert len(seen) == GAME.observation_size == 85
        mine, theirs = "XO"[seat], "XO"[1 - seat]
        assert seen[:42] == [1.0 if rows[r][c] == mine else 0.0
                             for r in range(6) for c in range(7)]
        assert seen[42:84] == [1.0 if rows[r][c] == theirs else 0.0
                               for r in range(6) for c in range(7)]


def test_the_search_fast_path_ends_a_drawn_game_as_decide_and_fold_do():
    """``step`` (search's shortcut past events) gives the very state the engine folds,
    after every drop of a game that ends in a draw, and of one that ends in a win."""
    for columns in (DRAWN, "1212121"):
        local = LocalGame(GAME, ["a", "b"])
        fast = GAME.clone(local.state)
        for c in columns:
            player = local.to_act()[0]
            command = GAME.parse(c, local.state, player)
            fast = GAME.step(fast, player, command, random.Random(0))
            local.play(player, c)
            assert fast == local.state, (columns, c)
        assert local.outcome() is not None and GAME.outcome(fast) == local.outcome()


def test_the_observation_ends_with_whose_move_it_is_and_nothing_after_a_win():
    for columns, to_move in (("", "a"), ("4", "b"), ("45", "a"), ("456", "b")):
        state = _played(columns).state
        for player in ("a", "b"):
            flag = GAME.observation(GAME.view(state, player), player)[-1]
            assert flag == (1.0 if player == to_move else 0.0), (columns, player)
    won = _played("1212121").state
    assert [GAME.observation(GAME.view(won, p), p)[-1] for p in "ab"] == [0.0, 0.0]


def test_the_svg_header_names_the_turn_the_winner_or_the_draw_with_scores():
    assert "a to move (red disc); a 0, b 0" in GAME.render(_played("").state, "svg")
    assert "b to move (yellow disc); a 0, b 0" in GAME.render(_played("4").state, "svg")
    assert "a wins: a 1, b 0" in GAME.render(_played("1212121").state, "svg")
    assert "b wins: a 0, b 1" in GAME.render(_played("31212121").state, "svg")
    # the draw's header: test_a_full_board_without_four_is_a_draw_and_the_pictures_say_so


def test_the_svg_has_one_circle_per_cell_inside_a_7_by_6_board():
    svg = GAME.render(_played("4").state, "svg")
    assert 'width="420" height="390" viewBox="0 0 420 390"' in svg
    circles = re.findall(r'<circle cx="(\d+)" cy="(\d+)" r="(\d+)" fill="([^"]+)"/>', svg)
    assert len(circles) == 42
    assert {r for _, _, r, _ in circles} == {"25"}
    assert {(int(x), int(y)) for x, y, _, _ in circles} == {
        (30 + 60 * c, 60 + 60 * r) for c in range(7) for r in range(6)}
    # the one disc: column 4, bottom row
    assert [(x, y) for x, y, _, f in circles if f == "#d62828"] == [("210", "360")]


def _rings(svg: str) -> set[tuple[int, int]]:
    """The centres of the rings drawn round the winning four."""
    return {(int(x), int(y)) for x, y in re.findall(
        r'<circle class="winning-four" cx="(\d+)" cy="(\d+)"', svg)}


@pytest.mark.parametrize(("columns", "cells"), [
    # (column, row from the bottom), 0-based, of the four that won
    ("1212121", {(0, 0), (0, 1), (0, 2), (0, 3)}),
    ("7766554", {(3, 0), (4, 0), (5, 0), (6, 0)}),
    ("12233434644", {(0, 0), (1, 1), (2, 2), (3, 3)}),
])
def test_the_svg_rings_the_winning_four_and_nothing_before_the_end(columns, cells):
    game = _played(columns)
    assert game.outcome() is not None
    size, top = 60, 30  # the picture's cell size and header height
    want = {(c * size + size // 2, top + (5 - r) * size + size // 2) for c, r in cells}
    svg = GAME.render(game.state, "svg")
    assert _rings(svg) == want
    # each ring just inside its cell, round the disc (radius 25)
    assert re.findall(r'<circle class="winning-four" cx="\d+" cy="\d+" r="(\d+)"', svg) == [
        str(size // 2 - 3)] * 4
    assert _rings(GAME.render(_played(columns[:-1]).state, "svg")) == set()


@pytest.mark.parametrize("columns", ["", "4453", "1212121", "12233434644", DRAWN])
def test_the_svg_colours_each_cell_by_its_disc_read_off_the_shapes(columns):
    from meeple.core.testing_svg import shapes

    root, drawn = shapes(GAME.render(_played(columns).state, "svg"))
    assert (root["width"], root["height"], root["viewBox"]) == ("420", "390", "0 0 420 390")
    assert drawn[0].tag == "rect" and drawn[0].bbox() == (0, 0, 420, 390)
    assert drawn[0].fill == "#1f4fbf"
    cells = [s for s in drawn if s.tag == "circle" and "class" not in s.attrs]
    colour = {"X": "#d62828", "O": "#f6c90e", ".": "#ffffff"}
    rows = [row.split() for row in _expected_rows(columns)]  # top row first
    want = {(30 + 60 * c, 60 + 60 * r): colour[rows[r][c]] for r in range(6) for c in range(7)}
    assert {(int(s.num("cx")), int(s.num("cy"))): s.fill for s in cells} == want
    assert len(cells) == 42



def test_each_column_is_one_clear_clickable_region_over_its_discs():
    from meeple.core.testing_svg import shapes

    _, drawn = shapes(GAME.render(_played("4").state, "svg"))
    regions = [s for s in drawn if "data-region" in s.attrs]
    assert [s.attrs["data-region"] for s in regions] == [f"column-{c}" for c in range(1, 8)]
    assert [s.title for s in regions] == [f"column {c}" for c in range(1, 8)]
    assert [s.bbox() for s in regions] == [(60 * c, 30, 60 * c + 60, 390) for c in range(7)]
    assert {(s.fill, s.attrs["fill-opacity"]) for s in regions} == {("#ffffff", "0")}
    assert drawn[-7:] == regions  # drawn last, so that they take the clicks
    assert GAME.regions(None, "a", GAME.parse("4")) == ("column-4",)


def test_the_header_is_the_news_in_plain_words_over_the_board():
    from meeple.core.testing_svg import shapes

    local = played(GAME, ["<ann>", "bob & co"], "1212121")
    _, drawn = shapes(GAME.render(local.state, "svg"))
    (header,) = [s for s in drawn if s.tag == "text"]
    assert header.text == "<ann> wins: <ann> 1, bob & co 0"
    assert (header.num("x"), header.num("y"), header.attrs["font-size"]) == (8, 21, "16")


@pytest.mark.parametrize(("columns", "ends"), [
    ("1212121", ((30, 360), (30, 180))),
    ("7766554", ((210, 360), (390, 360))),
    ("12233434644", ((30, 360), (210, 180))),
    ("23412246516736362", ((90, 180), (270, 360))),
])
def test_a_stroke_runs_through_the_winning_four_from_end_to_end(columns, ends):
    from meeple.core.testing_svg import shapes

    _, drawn = shapes(GAME.render(_played(columns).state, "svg"))
    (stroke,) = [s for s in drawn if s.tag == "line"]
    assert stroke.points == tuple((float(x), float(y)) for x, y in ends)
    assert stroke.attrs["class"] == "winning-four" and stroke.attrs["stroke-width"] == "6"
    rings = [s for s in drawn if s.tag == "circle" and s.attrs.get("class") == "winning-four"]
    assert len(rings) == 4 and {s.attrs["fill"] for s in rings} == {"none"}
    assert {(s.num("cx"), s.num("cy")) for s in rings} >= set(stroke.points)


def test_a_win_or_draw_without_a_line_on_the_board_marks_nothing():
    """A draw has no four; an old log's win is drawn from its boards, and a board with
    no four (nothing to ring) still draws the board and its header."""
    drawn = _played(DRAWN).state
    assert "winning-four" not in GAME.render(drawn, "svg")
    state = _played("121212").state
    state.winner, state.scores = 0, [1.0, 0.0]
    svg = GAME.render(state, "svg")
    assert "winning-four" not in svg and "a wins: a 1, b 0" in svg
    assert GAME.render(state).splitlines()[-1] == "a wins"
