"""Tests that kill mutants of the Utopia plugin which its other tests let survive
(scripts/mutation.py, docs/testing.md)."""

from __future__ import annotations

from meeple.core import LocalGame
from meeple_utopia.board import BOARD, CIVS, NCIV
from meeple_utopia.game import Utopia

GAME = Utopia()


def test_the_picture_draws_one_hexagon_per_waiting_guest_of_its_civilisation():
    state = LocalGame(GAME, ["ann", "bob"], seed=4).state
    svg = GAME.render(state, "svg")
    islands_with_ships = [i for i in range(BOARD.n_islands)
                          if any(BOARD.ship[d] for d in BOARD.districts_of[i])]
    for c, civ in enumerate(CIVS):
        waiting = sum(state.waiting[i * NCIV + c] for i in islands_with_ships)
        assert svg.count(f"<title>{civ} guest</title>") == waiting, civ
    assert sum(state.waiting) > 0
