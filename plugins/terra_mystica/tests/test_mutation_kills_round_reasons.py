"""The log names each round's own scoring tile (the records' ledger test counts those lines but
does not read which tile they name). In seeded random games, every "round scoring SCOREn"
line of an event, the points of a building during play and the cult income at a round's
end alike, names the tile of the round the event happened in."""

from __future__ import annotations

import random
import re

from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica

GAME = TerraMystica()
_TILE = re.compile(r"round scoring (SCORE\d+)")


def test_round_scoring_lines_name_the_tile_of_their_round():
    at_round_end = 0
    for seed, n in ((1, 2), (2, 3), (3, 4)):
        lg = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
        lg.play_randomly(random.Random(seed))
        state = None
        for _, ev in lg.log:
            rnd = state.round if state is not None else 0
            phase = state.phase if state is not None else ""
            text = GAME.describe_event(ev)
            state = GAME.fold(state, ev)
            for tile in _TILE.findall(text):
                assert tile == state.score_tiles[rnd - 1], (seed, rnd, text)
                at_round_end += state.phase != phase or state.round != rnd
    assert at_round_end  # cult incomes at a round's end were among them
