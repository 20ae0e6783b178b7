"""What the terminal picture of Over Hill and Dale must say, read back cell by cell and
compared with the state: every tile's 3x3 characters (the terrain of each edge, the
centre: stable, junction, animals or the path's way, each meeple on an edge of its own
piece in its seat's digit or letter), the rows labelled by y and the columns by x, each
player's line, and the drawn tile in each rotation while the game runs."""

from __future__ import annotations

from collections import Counter

import pytest
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH
from test_hill_dale_picture import STATES, _check_picture

GAME = HillDale()
SPOT = {0: (0, 1), 1: (1, 2), 2: (2, 1), 3: (1, 0)}  # edge -> (row, column) in a cell


def _n(k: int, noun: str) -> str:
    """A count as people say it: "1 meeple", "2 meeples", "2 strawberries", "3 grain"."""
    plural = {"strawberry": "strawberries", "grain": "grain"}.get(noun, noun + "s")
    return f"{k} {noun}" if k == 1 else f"{k} {plural}"


def _terrain(kind: str, edge: int) -> str:
    return {"P": "|" if edge in (0, 2) else "=", "F": "#", "M": "."}[kind]


def _check_cell(cell: list[str], kind: int, rot: int, marks: Counter, stable: int) -> None:
    """One tile's 3x3 characters; ``marks`` counts (seat, role) standing on it."""
    orient, k = ORIENT[kind][rot], KINDS[kind]
    assert [cell[0][0], cell[0][2], cell[2][0], cell[2][2]] == ["."] * 4
    found = Counter()
    for e, (r, c) in SPOT.items():
        ch = cell[r][c]
        if ch.isdigit() or ch.isupper():
            seat = int(ch) - 1 if ch.isdigit() else "ABCDE".index(ch)
            piece = orient.pieces[orient.edge_piece[e]]
            assert (piece.kind == PATH) == ch.isdigit(), (k.id, e, ch)
            found[(seat, "wanderer" if ch.isdigit() else "farmer")] += 1
        else:
            assert ch == _terrain(orient.edges[e], e), (k.id, rot, e, cell)
    assert found == marks, (k.id, cell)
    through = [p.mask for p in orient.pieces if p.kind == PATH and len(p.edges) == 2]
    centre = ("abcde"[stable] if stable >= 0 else "+" if k.junction else
              "*" if k.animal_total else {0b0101: "|", 0b1010: "="}.get(through[0], "o")
              if through else " ")
    assert cell[1][1] == centre, (k.id, rot, cell)


def _check_text(state) -> None:
    lines = GAME.render(state, "text").splitlines()
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    assert lines[1] == ""
    assert lines[2] == "      " + "".join(f"{x:^3}" for x in range(x0, x1 + 1))
    marks: dict[tuple[int, int], Counter] = {}
    for seat, seg in state.meeples:
        role = "wanderer" if state.seg_kind[seg] == PATH else "farmer"
        marks.setdefault(state.seg_pos[seg], Counter())[(seat, role)] += 1
    at = 3
    for y in range(y1, y0 - 1, -1):
        rows = lines[at:at + 3]
        assert rows[0][:6] == f"{y:>4}  " and rows[1][:6] == rows[2][:6] == "      "
        for x in range(x0, x1 + 1):
            cell = [row[6 + 3 * (x - x0):9 + 3 * (x - x0)] for row in rows]
            t = state.board.get((x, y))
            if t is None:
                assert cell == ["   "] * 3, (x, y)
            else:
                _check_cell(cell, t[0], t[1], marks.get((x, y), Counter()),
                            state.stables.get((x, y), -1))
        at += 3
    assert lines[at] == ""
    for seat, p in enumerate(state.players):
        chips = ", ".join(_n(n, CROPS[i]) for i, n in enumerate(state.chips[seat]) if n)
        assert lines[at + 1 + seat] == (
            f"{seat + 1}/{'ABCDE'[seat]}/{'abcde'[seat]} {p}: {_n(state.scores[seat], 'point')}, "
            f"{_n(state.meeples_left[seat], 'meeple')}, {_n(state.stables_left[seat], 'stable')}"
            + (f", harvest: {chips}" if chips else ""))
    at += 1 + len(state.players)
    running = state.current >= 0 and not state.finished
    assert any(line.startswith("drawn tile ") for line in lines) == running
    if running:
        k = KINDS[state.current]
        assert lines[at] == "" and lines[at + 1].startswith(f"drawn tile {k.id}: ")
        words = lines[at + 1]
        for i, n in enumerate(k.animals):
            assert (f"{n} {ANIMALS[i]}" in words) == (n > 0), words
        assert lines[at + 2].split() == [f"r{r * 90}" for r in k.rotations]
        for i, r in enumerate(k.rotations):
            cell = [line[7 * i:7 * i + 3] for line in lines[at + 3:at + 6]]
            _check_cell(cell, state.current, r, Counter(), -1)
        at += 6
    assert lines[at] == "" and lines[at + 1].startswith("legend: ")


@pytest.mark.parametrize("index", range(len(STATES)))
def test_the_text_picture_shows_every_tile_meeple_and_player(index):
    _check_text(STATES[index])


def _harvest_table():
    from hill_dale_helpers import Table

    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1", "field-nw-strawberry"]
              + ["meadow-4"] * 3, players=("ann", "bob", "cy"))
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "1,0 r0 farmer N")
    t.play("cy", "0,-1 r0 stable")
    t.play("ann", "1,1 r270")  # ann and bob share apple, strawberry, scarecrow
    return t


def _svg_words(state, player=None) -> list[str]:
    from meeple.core.testing import shapes

    return [s.text for s in shapes(GAME.render(state, "svg", player))[1] if s.tag == "text"]


def test_the_status_says_who_places_which_tile_and_who_picks_which_chips():
    from meeple_carcassonne_hill_dale.render import HINT, status

    t = _harvest_table()
    head = "ann to pick a harvest chip: apple, strawberry, scarecrow"
    assert status(t.state) == f"{head} (scores: ann 8, bob 8, cy 0)"
    assert GAME.render(t.state, "text").splitlines()[0] == status(t.state)
    # while chips are picked no tile is drawn: both pictures show none
    assert t.state.current == -1 and not t.state.finished
    _check_text(t.state)
    _check_picture(t.state)
    for who in ("ann", "bob", None):  # the picker is asked for a chip, nobody else
        words = _svg_words(t.state, who)
        assert words[:2] == [head, "scores: ann 8, bob 8, cy 0"]
        assert ("take a harvest chip:" in words) == (who == "ann")
        assert HINT not in words
    t.play("ann", "take apple")
    assert status(t.state) == ("bob to pick a harvest chip: strawberry, scarecrow "
                               "(scores: ann 8, bob 8, cy 0)")
    t.play("bob", "take strawberry")
    assert status(t.state) == "bob to place meadow-4, 2 tiles left (scores: ann 8, bob 8, cy 0)"
    for who in ("bob", "cy"):  # the hint is for the player to place only
        words = _svg_words(t.state, who)
        assert words[0] == "bob to place meadow-4, 2 tiles left"
        assert (HINT in words) == (who == "bob") and "take a harvest chip:" not in words
    t.state.current = -1  # between turns: no tile drawn
    assert status(t.state) == "scores: ann 8, bob 8, cy 0"


@pytest.mark.parametrize("width", [30, 45])
def test_the_text_picture_wraps_its_words_but_draws_the_map_rows_whole(width):
    t = _harvest_table()
    t.play("ann", "take apple")
    t.play("bob", "take strawberry")
    whole = GAME.render(t.state, "text").splitlines()
    wrapped = GAME.render(t.state, "text", width=width).splitlines()
    assert len(whole[0]) > width and len(wrapped) > len(whole)
    board = [line for line in whole if line.startswith("      ") or line[:4].strip(
        "- ").isdigit()]
    for line in wrapped:
        assert len(line) <= width or line in board, line
    assert " ".join(" ".join(wrapped).split()) == " ".join(" ".join(whole).split())
