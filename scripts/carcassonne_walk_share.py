"""Share of points from walking in heuristic-vs-heuristic Carcassonne games.

    nice -n 10 .venv/bin/python scripts/carcassonne_walk_share.py 6

Plays GAMES two-player games (seeds 0..GAMES-1), the greedy heuristic in both seats, and
prints how many of all points came from walking wanderers and the longest walk. To
compare with another version of the plugin, put that version first on PYTHONPATH.
"""

from __future__ import annotations

import sys

from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.events import Wandered


def main(games: int) -> str:
    game = HillDale()
    walk = total = longest = 0
    for seed in range(games):
        local = LocalGame(game, ["ann", "bob"], {}, seed=seed)
        agents = {p: make_agent("heuristic", seed + i) for i, p in enumerate(local.players)}
        while local.outcome() is None:
            (me,) = local.to_act()
            local.play(me, agents[me].act(game, game.view(local.state, me), me))
        steps = [e.steps for e in local.events if isinstance(e, Wandered)]
        walk += sum(steps)
        longest = max([longest, *steps])
        total += int(sum(local.outcome().scores.values()))
    return (f"games {games}: walking {walk} of {total} points ({walk / total:.0%}), "
            f"longest walk {longest}")


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 6))
