"""Utopia's own speed measurement: determinize (a hidden-information game's sample of the
others' hands). Fold, clone, a whole random game and ISMCTS are in bench_games.py
(``-k utopia``).

    .venv/bin/pytest benchmarks/bench_utopia.py --benchmark-only
"""

from __future__ import annotations

import random

import pytest
from game_bench import position
from meeple_utopia import Utopia

GAME = Utopia()


@pytest.mark.benchmark(group="utopia search")
def test_determinize_per_second(benchmark):
    local = position(GAME, 4, 60)  # into phase 2 of the first round or later
    player = local.to_act()[0]
    benchmark(GAME.determinize, GAME.view(local.state, player), player, random.Random(0))
