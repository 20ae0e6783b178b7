"""What search is told a finished Utopia game is worth: exactly 1 to its winner and -1 to
everyone else (a running game's estimate: test_information.py)."""

from __future__ import annotations

import pytest
from meeple.core.testing import random_game
from utopia_helpers import GAME


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_a_finished_game_is_worth_one_to_its_winner_and_minus_one_to_the_others(n, seed):
    local = random_game(GAME, n, seed)
    assert local.outcome() is not None
    state = local.state
    out = GAME.outcome(state)
    for player in state.players:
        assert GAME.evaluate(state, player) == (1.0 if out.ranks[player] == 1 else -1.0)
    assert any(out.ranks[p] != 1 for p in state.players)
