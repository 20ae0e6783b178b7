"""How far out random games of Over Hill and Dale offer placements, against the window of
its fixed action encoding (meeple_carcassonne_hill_dale.encoding.RADIUS; docs/rl.md).

    .venv/bin/python -m meeple_carcassonne_hill_dale.tools.window --games 600

Plays uniformly random games (2 to 5 players in turn, seeds 0..games-1) and prints the
farthest |x| or |y| of any legal placement and how many legal commands fell outside the
window (those have no action index)."""

from __future__ import annotations

import argparse
import random
import sys

from meeple.core import LocalGame

from ..encoding import RADIUS
from ..events import Place
from ..game import HillDale


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    game = HillDale()
    farthest = outside = offered = 0
    for seed in range(args.games):
        local = LocalGame(game, game.default_players(2 + seed % 4), seed=seed)
        rng = random.Random(seed)
        while local.outcome() is None:
            player = local.to_act()[0]
            legal = game.legal(local.state, player)
            for c in legal:
                if type(c) is Place:
                    far = max(abs(c.x), abs(c.y))
                    farthest = max(farthest, far)
                    outside += far > RADIUS
                    offered += 1
            local.play(player, rng.choice(legal))
    print(f"{args.games} random games: farthest legal placement {farthest} from the start "
          f"tile; window radius {RADIUS}; {outside} of {offered} legal placements outside")
    return 0


if __name__ == "__main__":
    sys.exit(main())
