"""Terraforming Mars: three players folded and cloned, a whole two-player random game,
and ISMCTS from generation 4 (full rollouts, and rollouts cut after 30 plies and scored
by ``evaluate``)."""

from __future__ import annotations

import random
from typing import Any

from game_bench import Profile
from meeple.core import LocalGame


def mid_game(game: Any, players: int = 2) -> LocalGame:
    """A two-player game in the action phase of generation 4, nothing pending."""
    local = LocalGame(game, game.default_players(players), seed=1)
    rng = random.Random(0)
    while local.state.generation < 4:
        p = local.to_act()[0]
        local.play(p, rng.choice(game.legal(local.state, p)))
    while local.state.phase != "action" or local.state.pending:
        p = local.to_act()[0]
        local.play(p, game.legal(local.state, p)[0])
    return local


PROFILE = Profile(players=3, random_players=2, search_position=mid_game,
                  searches=((0, 20), (30, 100)))
