"""Terra Mystica: four players; the state cloned is 60 random commands in; a whole random
game in five rounds. Its searches (MCTS, the opponent-model search) are measured in
bench_terra_mystica.py, beside the import of league games."""

from __future__ import annotations

import random
from typing import Any

from game_bench import Profile
from meeple.core import LocalGame


def sixty_commands_in(game: Any) -> Any:
    local = LocalGame(game, game.default_players(4), seed=1)
    for _ in range(60):
        p = local.to_act()[0]
        local.play(p, random.Random(0).choice(game.legal(local.state, p)))
    return local.state


PROFILE = Profile(players=4, recorded=10, random_rounds=5, mid_game=sixty_commands_in,
                  searches=())
