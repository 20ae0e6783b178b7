"""Tests that kill mutants of the Hill & Dale plugin which its other tests let survive
(scripts/mutation.py, docs/testing.md)."""

from __future__ import annotations

import pytest
from meeple_carcassonne_hill_dale.events import ChipTaken
from meeple_carcassonne_hill_dale.game import HillDale
from meeple_carcassonne_hill_dale.tiles import CROPS

GAME = HillDale()


@pytest.mark.parametrize("crop", range(len(CROPS)))
def test_a_chip_taken_counts_one_chip_of_its_crop_for_its_player(crop):
    assert GAME.changes(ChipTaken(1, crop, "bob")) == {"bob": {CROPS[crop]: 1}}


def _played(plies: int):
    import random

    from meeple.core import LocalGame

    local, rng = LocalGame(GAME, ["a", "b"], seed=3), random.Random(1)
    while local.outcome() is None and plies:
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        plies -= 1
    return local


def test_the_text_board_labels_every_column_and_shows_the_drawn_tile_only_while_running():
    for plies in (0, 1, 6):
        state = _played(plies).state
        xs = sorted({x for x, _ in state.board})
        text = GAME.render(state, "text")
        header = text.splitlines()[2]
        assert header.split() == [str(x) for x in range(xs[0], xs[-1] + 1)], plies
        assert "\ndrawn tile " in text and "r0 " in text
    over = _played(10_000)
    assert over.outcome() is not None
    assert "\ndrawn tile " not in GAME.render(over.state, "text")
