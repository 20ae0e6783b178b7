"""Share of points from walking in heuristic-vs-heuristic Carcassonne games (issue 15).

    nice -n 10 .venv/bin/python scripts/carcassonne_walk_share.py 6
"""
import sys
from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.events import Wandered
g = HillDale()
walk = total = 0
longest = 0
for seed in range(int(sys.argv[1])):
    lg = LocalGame(g, ["ann", "bob"], {}, seed=seed)
    agents = {p: make_agent("heuristic", seed + i) for i, p in enumerate(lg.players)}
    while lg.outcome() is None:
        (me,) = lg.to_act()
        lg.play(me, agents[me].act(g, g.view(lg.state, me), me))
    w = [e.steps for e in lg.events if isinstance(e, Wandered)]
    walk += sum(w); longest = max([longest, *w])
    total += sum(lg.outcome().scores.values())
print(f"games {sys.argv[1]}: walking {walk} of {total} points ({walk / total:.0%}), longest walk {longest}")
