"""What the table shows besides the landscape, in words (``panels``) and in the picture's
score sheet: the drawn tile, the stack's size, every player's points, figures and chips,
the final scoring per player and the shared victory on a tie. None of it depends on the
one secret, the order of the stack."""

from __future__ import annotations

import random
import re

import pytest
from hill_dale_helpers import GAME, Table
from meeple.core import LocalGame
from meeple.core.testing import random_snapshots, shapes


def _panel(panels, title):
    (found,) = [p for p in panels if p.title == title]
    return {e.name: e for e in found.entries}


def _texts(svg: str) -> list[str]:
    return [s.text for s in shapes(svg)[1] if s.tag == "text"]


def test_panels_say_the_drawn_tile_the_stack_and_every_players_figures():
    t = Table(["curve-4", "straight"] + ["meadow-4"] * 3, players=("ann", "bob", "cy"))
    t.play("ann", "0,-1 r0 wanderer S")
    panels = GAME.panels(GAME.view(t.state, None), None)
    table = _panel(panels, "Table")
    assert table["drawn tile"].text == "straight: path NS"
    assert "bob places it" in table["drawn tile"].detail
    assert table["stack"].text == "3 tiles left"
    players = _panel(panels, "Players")
    assert list(players) == ["ann (red)", "bob (blue)", "cy (yellow)"]
    assert players["ann (red)"].text == ("0 points; 3 meeples and 2 stables left; "
                                         "no harvest chips")
    assert players["ann (red)"].detail == ("on the landscape: 1 wanderer, 0 farmers, "
                                           "0 stables")
    assert players["bob (blue)"].text.startswith("0 points; 4 meeples and 2 stables left")


def test_panels_count_harvest_chips_with_their_worth():
    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1",
               "field-nw-strawberry"] + ["meadow-4"] * 5)
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "1,0 r0 farmer N")
    t.play("ann", "0,-1 r0")
    t.play("bob", "1,1 r270")
    t.play("bob", "take apple")
    t.play("ann", "take strawberry")
    players = _panel(GAME.panels(GAME.view(t.state, "ann"), "ann"), "Players")
    assert players["bob (blue)"].text == ("8 points; 4 meeples and 2 stables left; harvest "
                                          "chips 1 apple, 1 scarecrow (worth 2)")


def test_no_panel_or_picture_depends_on_the_order_of_the_stack():
    for state in random_snapshots(GAME, 3, 21, (0, 10, 30)):
        other = GAME.clone(state)
        random.Random(1).shuffle(other.stack)
        assert other.stack != state.stack or state.finished
        for who in [*state.players, None]:
            a, b = GAME.view(state, who), GAME.view(other, who)
            assert GAME.panels(a, who) == GAME.panels(b, who)
            assert GAME.render(a, "svg", who) == GAME.render(b, "svg", who)


def test_a_spectator_reads_what_a_waiting_seat_reads():
    for state in random_snapshots(GAME, 3, 22, (1, 15, 40)):
        waiting = [p for p in state.players if p not in GAME.to_act(state)]
        spectator = GAME.panels(GAME.view(state, None), None)
        for who in waiting:
            assert GAME.panels(GAME.view(state, who), who) == spectator
        assert all(e.region is None for p in spectator for e in p.entries)


def _parts(text: str) -> tuple[list[int], int]:
    numbers = [int(n) for n in re.findall(r"(\d+) [a-z]", text.split(" = ")[0])]
    return numbers, int(text.split(" = ")[1])


def test_the_end_shows_every_players_score_sheet_and_who_won():
    local = LocalGame(GAME, ["ann", "bob", "cy"], {}, seed=5)
    local.play_randomly(random.Random(5), max_steps=10_000)
    state = local.state
    assert state.finished and len(set(state.scores)) == 3  # a clear winner
    final = _panel(GAME.panels(GAME.view(state, None), None), "Final scoring")
    words = _texts(GAME.render(GAME.view(state, None), "svg"))
    for seat, name in enumerate(state.players):
        parts, total = _parts(final[name].text)
        _, paths, fields, stables, harvest = state.final[seat]
        assert parts[1:] == [paths, fields, stables, harvest]
        assert sum(parts) == total == state.scores[seat]
        assert final[name].text in words
    best = max(state.scores)
    winner = state.players[state.scores.index(best)]
    assert final["result"].text == f"{winner} wins with {best} points"
    assert final["result"].text in words


def test_a_tie_is_a_shared_victory_because_the_rules_name_no_tie_break():
    t = Table(["meadow-4"])
    t.play("ann", "0,-1 r0")  # the last tile, nobody scores anything: 0 to 0
    assert t.state.finished and t.state.scores == [0, 0]
    final = _panel(GAME.panels(GAME.view(t.state, "bob"), "bob"), "Final scoring")
    shared = ("ann and bob tie on 0 points: the rules name no tie-break, so they share "
              "the victory")
    assert final["result"].text == shared
    assert shared in _texts(GAME.render(GAME.view(t.state, "bob"), "svg", "bob"))


@pytest.mark.parametrize(("scores", "head"), [
    ((12, 9, 12), "game over: ann and cy win with 12 points"),
    ((3, 9, 1), "game over: bob wins with 9 points"),
    ((1, 1, 1), "game over: ann and bob and cy win with 1 point"),
])
def test_the_status_of_a_finished_game_names_every_player_on_the_best_score(scores, head):
    from meeple_carcassonne_hill_dale.render import status

    t = Table(["meadow-4"], players=("ann", "bob", "cy"))
    t.play("ann", "0,-1 r0")  # the last tile: the game is over
    assert t.state.finished
    t.state.scores = list(scores)
    a, b, c = scores
    assert status(t.state) == f"{head} (scores: ann {a}, bob {b}, cy {c})"


def test_the_harvest_panel_lists_the_chips_and_the_picking_order_from_the_next_picker():
    t = Table(["field-nw-apple", "meadow-1", "field-n-path-scarecrow", "meadow-2",
               "field-nw-strawberry"] + ["meadow-4"] * 5, players=("ann", "bob", "cy"))
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "0,-1 r0")
    t.play("cy", "1,0 r0 farmer N")
    t.play("ann", "-1,-1 r0")
    t.play("bob", "1,1 r270")  # closes the field of ann and cy: cy picks first, then ann
    harvest = _panel(GAME.panels(GAME.view(t.state, "cy"), "cy"), "Harvest")
    assert list(harvest) == ["to share", "take apple", "take strawberry", "take scarecrow"]
    assert harvest["to share"].text == "apple, strawberry, scarecrow"
    assert harvest["to share"].detail == "picked one at a time: cy, then ann"
    assert harvest["take strawberry"].text == "take one strawberry chip"
    assert harvest["take strawberry"].region == "take strawberry"
    t.play("cy", "take strawberry")
    harvest = _panel(GAME.panels(GAME.view(t.state, "ann"), "ann"), "Harvest")
    assert harvest["to share"].text == "apple, scarecrow"
    assert harvest["to share"].detail == "picked one at a time: ann, then cy"
    assert [e.region for e in harvest.values()] == [None, "take apple", "take scarecrow"]
    t.play("ann", "take apple")  # the scarecrow goes to cy unasked
    assert [p.title for p in GAME.panels(GAME.view(t.state, None), None)] == ["Table", "Players"]
    table = _panel(GAME.panels(GAME.view(t.state, None), None), "Table")
    assert table["drawn tile"].text == "meadow-4: meadow only; 1 sheep, 2 pigs"
    # an all-meadow tile fits at each open place where every neighbour shows meadow
    dx = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
    board = t.state.board
    open_places = {(x + a, y + b) for x, y in board for a, b in dx.values()} - set(board)
    fits = [p for p in open_places if all(
        board[(p[0] + a, p[1] + b)][3][(e + 2) % 4] == "M"
        for e, (a, b) in dx.items() if (p[0] + a, p[1] + b) in board)]
    assert len(fits) > 1
    assert table["drawn tile"].detail == f"cy places it; it fits at {len(fits)} places"


def test_a_clear_winner_is_told_that_most_points_win():
    t = Table(["meadow-1"])
    t.play("ann", "0,-1 r0 stable")  # 3 sheep: ann 3, bob 0
    final = _panel(GAME.panels(GAME.view(t.state, None), None), "Final scoring")
    assert final["ann"].text == ("0 during play + 0 unfinished paths + 0 unfinished fields "
                                 "+ 3 stables + 0 harvest chips = 3")
    assert final["result"].text == "ann wins with 3 points"
    assert final["result"].detail == "most points wins; the rules name no tie-break"


def test_a_player_named_for_its_colour_is_not_told_its_colour_twice():
    t = Table(["curve", "straight"], players=("red", "ann", "yellow"))
    players = _panel(GAME.panels(GAME.view(t.state, None), None), "Players")
    assert list(players) == ["red", "ann (blue)", "yellow"]


def test_each_players_figures_on_the_landscape_are_counted_by_kind():
    t = Table(["meadow-1", "field-nw-apple", "curve", "straight"])
    t.play("ann", "0,-1 r0 stable")
    t.play("bob", "0,1 r180 farmer S")  # the field S-E joins the start field, open east
    t.play("ann", "1,0 r0 wanderer S")
    players = _panel(GAME.panels(GAME.view(t.state, None), None), "Players")
    assert players["ann (red)"].detail == ("on the landscape: 1 wanderer, 0 farmers, "
                                           "1 stable")
    assert players["bob (blue)"].detail == ("on the landscape: 0 wanderers, 1 farmer, "
                                            "0 stables")
    assert players["ann (red)"].text == ("0 points; 3 meeples and 1 stable left; "
                                         "no harvest chips")
