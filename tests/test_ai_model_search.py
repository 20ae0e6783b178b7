"""MCTS with an opponent model (``mcts:opponents=heuristic``, ai/model_search.py): the
tree holds only the searcher's decisions, the others' commands are the one-ply heuristic's,
every line is judged at one horizon, a node's value is its best line, and the heuristic's
own command stands unless search beats it by the margin."""

from __future__ import annotations

import pytest
from meeple.ai.registry import make_agent
from meeple.core import BadOptions, LocalGame
from meeple_testgames import DiceRace
from test_ai_mcts import ABC, Pick, Take, play

SPEC = "mcts:opponents=heuristic,prior=1,c=0.1"


def fresh(game):
    return LocalGame(game, ABC).state


def test_the_tree_branches_only_on_the_searchers_commands_and_predicts_the_others():
    game = Pick(pool=9, rounds=2)
    agent = make_agent(SPEC + ",sims=9,reuse=0", 0)
    agent.act(game, fresh(game), "a")
    root = agent.last_root
    assert set(root.children) == {Take(n) for n in range(1, 10)}
    # after a takes 4, the greedy b and c take the two largest numbers left: 9 and 8
    child = root.children[Take(4)]
    assert child.state.sums == {"a": 4, "b": 9, "c": 8}
    assert game.to_act(child.state) == ("a",)
    assert child.clock == 2  # two commands of the others on the edge
    # after a takes 9, they take 8 and 7
    assert root.children[Take(9)].state.sums == {"a": 9, "b": 8, "c": 7}


def test_topk_searches_only_the_best_commands_by_the_prior():
    game = Pick(pool=9, rounds=2)
    agent = make_agent(SPEC + ",sims=40,topk=3,reuse=0", 0)
    agent.act(game, fresh(game), "a")
    root = agent.last_root
    assert root.moves == [Take(9), Take(8), Take(7)]
    assert set(root.children) == {Take(9), Take(8), Take(7)}


def test_leaves_are_judged_at_the_horizon_of_the_others_commands():
    # depth=4: a leaf after a's first command (2 commands of the others) is played on by
    # the heuristic until the others have given 4: a, b, c pick again, then evaluate.
    game = Pick(pool=9, rounds=3)
    agent = make_agent(SPEC + ",sims=9,depth=4,reuse=0", 0)
    agent.act(game, fresh(game), "a")
    root = agent.last_root
    # a 1; b 9, c 8; then greedily a 7, b 6, c 5: a 8 against b's 15 -> (8 - 15) / 10
    assert root.children[Take(1)].value == pytest.approx(-0.7)
    # a 9; b 8, c 7; a 6, b 5, c 4: a 15 against b's 13
    assert root.children[Take(9)].value == pytest.approx(0.2)
    assert not root.children[Take(9)].done  # a's second pick is before the horizon
    depth0 = make_agent(SPEC + ",sims=9,depth=0,reuse=0", 0)
    depth0.act(game, fresh(game), "a")
    assert depth0.last_root.children[Take(1)].value == pytest.approx((1 - 9) / 10)
    assert depth0.last_root.children[Take(1)].done  # the tree stops at the horizon


def test_a_node_is_worth_its_best_line_and_a_judged_tree_ends_the_search():
    # depth=2: the horizon is the end of a's first pick's edge, so the nine children are
    # all the tree: nine simulations, then the root is closed and the search stops
    game = Pick(pool=9, rounds=3)
    agent = make_agent(SPEC + ",sims=500,depth=2", 0)
    agent.act(game, fresh(game), "a")
    root = agent.last_root
    assert root.done and agent.stats.simulations == 9
    assert root.best == max(c.value for c in root.children.values())
    assert root.best == pytest.approx((9 - 8) / 10)


class Backwards(Pick):
    """Pick with an evaluate that gets it backwards: small numbers look good."""

    def evaluate(self, state, player):
        return -super().evaluate(state, player)


def test_search_overrules_the_heuristic_only_by_more_than_the_margin():
    # one round: after a's command the others (greedy by the backward evaluate) take the
    # small numbers and the game ends, so the outcome shows that 3 or more wins; the
    # prior says 1 (which loses to b's 2 and c's 3)
    game = Backwards(pool=9, rounds=1)
    view = fresh(game)
    searched = make_agent(SPEC + ",sims=30,reuse=0", 0)
    assert searched.act(game, view, "a").number >= 3
    assert searched.last_root.moves[0] == Take(1)
    kept = make_agent(SPEC + ",sims=30,margin=5,reuse=0", 0)
    assert kept.act(game, view, "a") == Take(1)


def _kept_or_overruled(bests: dict[str, float], margin: float) -> str:
    """The command ``ModelSearch._best`` takes at a root whose searched commands, best
    prior first, have these best lines."""
    import random

    from meeple.ai.model_search import ModelNode, ModelSearch, ModelSearchConfig

    root = ModelNode(None, 0.0, 0)
    root.moves = list(bests)
    for move, best in bests.items():
        child = root.children[move] = ModelNode(None, 0.0, 0)
        child.best = best
    return ModelSearch(ModelSearchConfig(margin=margin), random.Random(0))._best(root)


def test_the_heuristics_command_stands_unless_beaten_by_more_than_the_margin() -> None:
    assert _kept_or_overruled({"h": 0.25, "x": 0.5}, 0.25) == "h"  # by exactly the margin
    assert _kept_or_overruled({"h": 0.25, "x": 0.5}, 0.125) == "x"
    assert _kept_or_overruled({"h": 0.25, "x": 0.5, "y": 0.75}, 0.25) == "y"
    assert _kept_or_overruled({"h": 0.5, "x": 0.25}, 0.0) == "h"
    assert _kept_or_overruled({"h": 0.25, "x": 0.25}, 0.0) == "h"


def test_same_seed_same_game():
    game = Pick(pool=10, rounds=3)

    def run(seed):
        agents = {"a": make_agent(SPEC + ",sims=25,depth=2", seed),
                  "b": make_agent("heuristic", 1), "c": make_agent("heuristic", 2)}
        return play(game, ABC, agents, 0).state.sums

    assert run(3) == run(3)


def test_games_with_hidden_information_are_refused():
    game = DiceRace()
    local = LocalGame(game, ["x", "y"], seed=0)
    agent = make_agent(SPEC + ",sims=5", 0)
    with pytest.raises(BadOptions, match="hidden information"):
        agent.act(game, game.view(local.state, "x"), "x")


def test_bad_values_of_the_new_options_are_refused():
    with pytest.raises(BadOptions, match="search or heuristic"):
        make_agent("mcts:opponents=greedy", 0)
    with pytest.raises(BadOptions, match="topk"):
        make_agent("mcts:topk=-1", 0)
    with pytest.raises(BadOptions, match="margin"):
        make_agent("mcts:margin=-0.1", 0)


def test_topk_in_the_plain_search_limits_the_commands_expanded():
    game = Pick(pool=8, rounds=1)
    agent = make_agent("mcts:sims=60,prior=2,topk=2,reuse=0,solve=false", 0)
    agent.act(game, fresh(game), "a")
    assert set(agent.last_root.children) == {Take(8), Take(7)}


def test_a_cpu_cap_ends_a_search_whose_simulations_would_take_long():
    game = Pick(pool=30, rounds=5)
    for spec in ("mcts:sims=1000000,cpu=0.05,reuse=0,solve=false",
                 SPEC + ",sims=1000000,cpu=0.05,reuse=0"):
        agent = make_agent(spec, 0)
        agent.act(game, fresh(game), "a")
        assert 0 < agent.stats.simulations < 1000000


def test_follow_plays_the_heuristics_first_commands_without_searching():
    game = Backwards(pool=9, rounds=1)  # as above: searched, 3 or more; the heuristic, 1
    agent = make_agent(SPEC + ",sims=30,follow=1", 0)
    view = fresh(game)
    assert agent.act(game, view, "a") == Take(1)  # the heuristic's (losing) choice
    assert agent.stats.simulations == 1
    assert agent.act(game, view, "a") != Take(1)  # the second decision is searched
    assert agent.stats.simulations > 2


def test_end_plays_every_line_out_and_judges_it_by_the_final_margin():
    # end=1: no horizon. Every line is the heuristic's play to the game's end, judged by
    # the searcher's score less the best other's, tanh(margin / 40).
    import math

    game = Pick(pool=9, rounds=3)
    agent = make_agent(SPEC + ",sims=9,end=1,reuse=0", 0)
    agent.act(game, fresh(game), "a")
    root = agent.last_root
    # a 1; b 9, c 8; a 7, b 6, c 5; a 4, b 3, c 2: a 12, b 18, c 15
    assert root.children[Take(1)].value == pytest.approx(math.tanh(-6 / 40))
    # a 9; b 8, c 7; a 6, b 5, c 4; a 3, b 2, c 1: a 18, b 15, c 12
    assert root.children[Take(9)].value == pytest.approx(math.tanh(3 / 40))
    # a's later picks are still to be searched: no horizon closes the tree
    assert not root.children[Take(9)].done
    # depth is unused under end=1: the same values with any depth
    other = make_agent(SPEC + ",sims=9,end=1,depth=2,reuse=0", 0)
    other.act(game, fresh(game), "a")
    assert other.last_root.children[Take(1)].value == root.children[Take(1)].value


def test_end_finds_the_winning_line_the_backward_heuristic_misses():
    # Backwards: the heuristic takes 1 and loses; played out, 3 or more wins at once
    game = Backwards(pool=9, rounds=1)
    agent = make_agent(SPEC + ",sims=30,end=1,reuse=0", 0)
    assert agent.act(game, fresh(game), "a").number >= 3
    assert agent.last_root.moves[0] == Take(1)


def test_end_starts_a_simulation_only_if_one_as_long_as_the_last_still_fits(monkeypatch):
    # A fake clock: every simulation takes 0.4 s of CPU. With cpu=1.0 two fit (0.4, 0.8);
    # a third would end at 1.2, past the budget, so it is not started. The clock starts
    # at 5 s, as a process's does not start at 0: a simulation's length is a difference.
    import meeple.ai.model_search as ms

    clock = {"t": 5.0}

    class FakeTime:
        @staticmethod
        def process_time():
            return clock["t"]

        @staticmethod
        def perf_counter():
            return clock["t"]

    real = ms.ModelSearch._simulate

    def slow(self, root):
        real(self, root)
        clock["t"] += 0.4

    monkeypatch.setattr(ms, "time", FakeTime)
    monkeypatch.setattr(ms.ModelSearch, "_simulate", slow)
    game = Pick(pool=9, rounds=3)
    ended = make_agent(SPEC + ",sims=100,cpu=1.0,end=1,reuse=0", 0)
    ended.act(game, fresh(game), "a")
    assert ended.stats.simulations == 2
    # without end=1 a simulation is short and the budget is checked as it stands
    clock["t"] = 5.0
    plain = make_agent(SPEC + ",sims=100,cpu=1.0,depth=2,reuse=0", 0)
    plain.act(game, fresh(game), "a")
    assert plain.stats.simulations == 3
    # the wall-clock budget likewise
    clock["t"] = 5.0
    walled = make_agent(SPEC + ",sims=100,seconds=1.0,end=1,reuse=0", 0)
    walled.act(game, fresh(game), "a")
    assert walled.stats.simulations == 2


def test_a_played_out_line_is_worth_the_margin_over_the_best_other():
    import math

    from meeple.ai.model_search import _margin
    from meeple.core import Outcome

    won = Outcome.from_scores({"a": 30, "b": 20, "c": 26})
    assert _margin(won, "a") == pytest.approx(math.tanh(4 / 40))
    assert _margin(won, "b") == pytest.approx(math.tanh(-10 / 40))
    assert _margin(Outcome.from_scores({"a": 7, "b": 7}), "b") == 0.0  # a shared first place
    assert _margin(Outcome.from_scores({"a": 3}), "a") == 1.0  # alone: nobody to beat


def test_a_bad_end_value_is_refused():
    with pytest.raises(BadOptions, match="end"):
        make_agent("mcts:opponents=heuristic,end=sometimes", 0)


def test_the_search_is_a_function_of_a_config_that_returns_its_result_and_statistics():
    import random

    from meeple.ai.model_search import ModelSearchConfig, ModelSearchResult, model_search

    game = Pick(pool=9, rounds=2)
    state = fresh(game)
    agent = make_agent(SPEC + ",sims=9,reuse=0", 0)
    move = agent.act(game, state, "a")
    found = model_search(game, state, "a", ModelSearchConfig(sims=9, prior=1, c=0.1),
                         random.Random(0))
    assert isinstance(found, ModelSearchResult) and found.move == move
    assert found.simulations == agent.stats.simulations == found.root.n
    assert found.calls == agent.stats.calls > 0
    assert set(found.root.children) == set(agent.last_root.children)
    with pytest.raises(AttributeError):
        found.config = None  # a value: nothing in it changes after the search


def test_the_search_modules_import_in_one_direction():
    from pathlib import Path

    import meeple.ai as ai
    from meeple.core.testing import import_cycle, package_imports

    graph = package_imports(Path(ai.__file__).parent)
    assert "mcts" not in graph["model_search"]
    assert import_cycle(graph) is None
