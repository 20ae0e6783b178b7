"""Share of points from walking in heuristic-vs-heuristic Carcassonne games.

    nice -n 10 .venv/bin/python -m meeple_carcassonne_hill_dale.tools.walk_share 6

Plays GAMES two-player games (seeds 0..GAMES-1), the greedy heuristic in both seats, and
prints how many of all points came from walking wanderers and the longest walk. To
compare with another version of the plugin, put that version first on PYTHONPATH.
"""

from __future__ import annotations

import argparse
import sys

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from ..events import Wandered
from ..game import HillDale


def walk_share(games: int) -> str:
    """The line the tool prints for ``games`` seeded games."""
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


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=6, help="games to play (seeds 0..N-1)")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("games must be at least 1")
    print(walk_share(a.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
