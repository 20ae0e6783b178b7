"""Tests that kill mutants of meeple.ai which the rest of the suite let survive
(scripts/mutation.py, docs/testing.md). Each names the class of bug it guards against."""

from __future__ import annotations

from meeple.ai.registry import make_agent
from meeple.ai.rewards import evaluate_rewards
from meeple.core import LocalGame
from meeple_connect_four import ConnectFour

C4 = ConnectFour()


def test_rewards_are_clipped_to_minus_one_and_one_and_kept_inside() -> None:
    class Scores:
        values = {"a": 3.0, "b": -7.5, "c": -0.25, "d": 1.0, "e": -1.0}

        def evaluate(self, state: object, player: str) -> float:
            return self.values[player]

    assert evaluate_rewards(Scores(), None, "abcde") == {
        "a": 1.0, "b": -1.0, "c": -0.25, "d": 1.0, "e": -1.0}


def test_heuristic_depth_counts_the_plies_it_looks_at() -> None:
    # depth=1: one step per legal move; depth=2: each of those answered greedily (7 more).
    start = LocalGame(C4, ["x", "y"]).state
    for depth, calls in ((1, 7), (2, 7 + 7 * 7)):
        agent = make_agent(f"heuristic:depth={depth}", 0)
        agent.act(C4, C4.view(start, "x"), "x")
        assert agent.stats.calls == calls, depth



def _varied_node(n: int, stats: dict[str, tuple[float, int, int]]):
    """A node whose legal commands changed between simulations, with children given as
    {move: (total reward, visits, availability)}."""
    from meeple.ai.mcts import Node

    node = Node("y", 0)
    node.player, node.n, node.varied = "x", n, True
    for move, (w, visits, avail) in stats.items():
        child = Node("x", 0)
        child.w, child.n, child.avail = w, visits, avail
        node.children[move] = child
    return node


def test_ismcts_selection_weighs_exploration_by_c_over_availability_counts() -> None:
    # UCB1 with availability counts: w/n + c*sqrt(ln(avail)/n). "a" exploits (0.8 over 10
    # visits, seen 10 times), "b" explores (0.5 over 2, seen 100 times). With c=0.1 "a"
    # wins; an exploration term not scaled by c, or one using the parent's 1000 visits
    # instead of availability, picks "b".
    agent = make_agent("ismcts:sims=1,c=0.1", 0)
    agent.solve = False
    node = _varied_node(1000, {"a": (8.0, 10, 10), "b": (1.0, 2, 100)})
    move, _, expanded = agent._select_varied(node, "x", ["a", "b"], None)
    assert (move, expanded) == ("a", False)
    assert (node.children["a"].avail, node.children["b"].avail) == (11, 101)
    agent = make_agent("ismcts:sims=1,c=1", 0)
    agent.solve = False
    node = _varied_node(1000, {"a": (8.0, 10, 10), "b": (1.0, 2, 100)})
    assert agent._select_varied(node, "x", ["a", "b"], None)[0] == "b"


def test_ismcts_widening_adds_a_new_command_only_below_the_width() -> None:
    # pw=0.5, pwk=1: width sqrt(n + 1). One child and n=3 (width 2): the new legal command
    # "c" is expanded; n=0 (width 1): no room, so an available child is chosen.
    agent = make_agent("ismcts:sims=1,pw=0.5,pwk=1", 0)
    agent.solve = False
    node = _varied_node(3, {"a": (1.0, 2, 2)})
    assert agent._select_varied(node, "x", ["a", "c"], None)[::2] == ("c", True)
    node = _varied_node(0, {"a": (1.0, 2, 2)})
    assert agent._select_varied(node, "x", ["a", "c"], None)[::2] == ("a", False)


def test_a_proven_result_reaches_the_root_in_the_same_backup() -> None:
    # The solver proves bottom-up: once a leaf is proven, every ancestor that becomes
    # proven by it must pass it on at once, not one level per later simulation.
    from meeple.ai.mcts import Node

    agent = make_agent("mcts:sims=1,solve=true", 0)
    agent.solve, agent.players = True, {"x", "y"}
    root, mid, leaf = Node(None, 0), Node("x", 0), Node("y", 0)
    root.player, mid.player = "x", "y"
    root.children, mid.children = {"m": mid}, {"k": leaf}
    leaf.proven = {"x": 1.0, "y": -1.0}
    agent._backup([root, mid, leaf], {"x": 1.0, "y": -1.0})
    assert mid.proven == root.proven == {"x": 1.0, "y": -1.0}



def test_mcts_counts_every_forward_model_call_prior_values_included() -> None:
    # stats.calls is what `meeple bench` and the strength scripts compare agents by: it
    # must count the prior's one-ply evaluations as well as the simulations' steps.
    class Counting(ConnectFour):
        steps = 0

        def step(self, state, player, command, rng=None):
            Counting.steps += 1
            return super().step(state, player, command, rng)

    game = Counting()
    start = LocalGame(game, ["x", "y"]).state
    for spec in ("mcts:sims=30,prior=1,reuse=0", "mcts:sims=30,reuse=0"):
        Counting.steps = 0
        agent = make_agent(spec, 0)
        agent.act(game, game.view(start, "x"), "x")
        assert agent.stats.calls == Counting.steps > 30, spec
