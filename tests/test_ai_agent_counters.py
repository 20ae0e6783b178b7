"""What the simple agents and a search report about their work: decisions and forward-model
calls counted, greedy replies that stop at the game's end, and every counter of SearchStats."""

from __future__ import annotations

from meeple.ai.registry import make_agent
from meeple.ai.stats import SearchStats
from meeple.core import LocalGame
from meeple.core.testing import played
from test_ai_options import C4

# -- the simple agents ------------------------------------------------------------------------

def test_the_simple_agents_count_their_decisions_and_forward_model_calls() -> None:
    start = LocalGame(C4, ["x", "y"]).state
    rnd = make_agent("random", 1)
    heur = make_agent("heuristic", 1)
    for i in range(3):
        rnd.act(C4, C4.view(start, "x"), "x")
        heur.act(C4, C4.view(start, "x"), "x")
        assert rnd.stats.decisions == heur.stats.decisions == i + 1
        assert heur.stats.calls == 7 * (i + 1)
    assert rnd.stats.calls == rnd.stats.simulations == 0


def test_greedy_replies_stop_at_the_end_of_the_game() -> None:
    # x wins at once in the fourth column: a five-ply look-ahead must stop at the finished
    # game (no player to act) instead of asking it for commands, and take the win.
    local = played(C4, ["x", "y"], "112233")
    for depth in (2, 5):
        agent = make_agent(f"heuristic:depth={depth}", 0)
        move = agent.act(C4, C4.view(local.state, "x"), "x")
        assert C4.format(move) == "4", depth


def test_search_stats_report_every_counter() -> None:
    stats = SearchStats(decisions=2, simulations=30, calls=75, seconds=0.5)
    assert stats.to_json() == {"decisions": 2, "simulations": 30, "calls": 75, "seconds": 0.5}
    assert SearchStats().to_json() == {"decisions": 0, "simulations": 0, "calls": 0,
                                       "seconds": 0.0}
