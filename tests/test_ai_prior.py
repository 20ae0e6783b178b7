"""The heuristic prior (``prior=k``): commands are expanded best-first by the acting
player's ``evaluate`` one ply ahead, and a child's mean starts at that value, weighted as
k visits (a progressive-bias term that fades as real visits come in)."""

from __future__ import annotations

from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from test_ai_ismcts import Duel, Play
from test_ai_mcts import ABC, Pick, Take


def one_ply(game, state, player, move):
    v = game.evaluate(game.step(game.clone(state), player, move, None), player)
    return max(-1.0, min(1.0, v))


def test_prior_expands_the_best_evaluated_commands_first():
    game = Pick(pool=8, rounds=1)
    view = LocalGame(game, ABC).state
    agent = make_agent("mcts:sims=4,pw=0.5,prior=5,reuse=0,solve=false", 0)
    agent.act(game, view, "a")
    root = agent.last_root
    # widening allowed ceil((n+1)^0.5) children: 1, 2, 2, 2 -> the two best numbers
    assert set(root.children) == {Take(8), Take(7)}
    assert root.prior == {Take(n): one_ply(game, view, "a", Take(n)) for n in range(1, 9)}
    for move, child in root.children.items():
        assert child.pv == root.prior[move]
    # without the prior the order is a seeded shuffle: other numbers come first for this seed
    plain = make_agent("mcts:sims=4,pw=0.5,reuse=0,solve=false", 1)
    plain.act(game, view, "a")
    assert set(plain.last_root.children) != {Take(8), Take(7)}
    assert plain.last_root.prior is None
    assert all(c.pv == 0.0 for c in plain.last_root.children.values())


def test_a_heavy_prior_keeps_a_tiny_search_on_the_greedy_choice():
    game = Pick(pool=8, rounds=2)
    view = LocalGame(game, ABC).state
    for seed in range(5):
        agent = make_agent("mcts:sims=12,prior=50,reuse=0,solve=false,c=0.2", seed)
        assert agent.act(game, view, "a") == Take(8)


def test_prior_calls_are_counted_as_forward_model_calls():
    game = Pick(pool=8, rounds=1)
    view = LocalGame(game, ABC).state
    plain = make_agent("mcts:sims=30,reuse=0,solve=false", 0)
    plain.act(game, view, "a")
    primed = make_agent("mcts:sims=30,prior=3,reuse=0,solve=false", 0)
    primed.act(game, view, "a")
    # every node first visited judges each of its commands once: 8 at the root alone
    assert primed.stats.calls >= plain.stats.calls + 8


class ScoredDuel(Duel):
    """The card duel with an evaluate: tricks won minus tricks lost, over three."""

    def evaluate(self, state, player):
        other = next(p for p in state.players if p != player)
        return (state.tricks[player] - state.tricks[other]) / 3


def test_ismcts_prior_judges_commands_met_in_new_samples():
    game = ScoredDuel()
    view = game.view(LocalGame(game, ["x", "y"], seed=3).state, "x")
    agent = make_agent("ismcts:sims=200,prior=2,pw=0.5", 0)
    agent.act(game, view, "x")
    varied = []

    def walk(node):
        if node.varied:
            varied.append(node)
        for move, child in node.children.items():
            if node.prior is not None:
                assert child.pv == node.prior[move]
            walk(child)
    walk(agent.last_root)
    assert varied
    # y's hand differs between samples: its node judged more cards than one hand holds
    assert any(len(node.prior) > 3 for node in varied)
    assert all(-1.0 <= v <= 1.0 for node in varied for v in node.prior.values())


def test_ismcts_prior_still_answers_with_the_cheapest_winning_card():
    from test_ai_ismcts import Dealt, Played

    game = ScoredDuel()
    state = game.fold(None, Dealt("x", (2, 5, 9)))
    state = game.fold(state, Dealt("y", (4, 6, 8)))
    state = game.fold(state, Played("x", 5))
    view = game.view(state, "y")
    assert make_agent("ismcts:sims=400,prior=3,pw=0.5", 0).act(game, view, "y") == Play(6)
