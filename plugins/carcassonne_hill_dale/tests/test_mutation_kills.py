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
