"""The built-in agents: specs and options, random and heuristic play, registration."""

from __future__ import annotations

import pytest
from meeple.ai.registry import builtin_agents, make_agent, split_spec
from meeple.core import BadOptions, LocalGame, UnknownName
from meeple.core.plugins import load
from meeple_connect_four import ConnectFour, Drop

GAME = ConnectFour()


def play_game(agents: dict, seed: int = 0) -> LocalGame:
    local = LocalGame(GAME, ["x", "y"], seed=seed)
    while local.outcome() is None:
        p = local.to_act()[0]
        local.play(p, agents[p].act(GAME, GAME.view(local.state, p), p))
    return local


def position(columns: str) -> LocalGame:
    local = LocalGame(GAME, ["x", "y"])
    for c in columns:
        local.play(local.to_act()[0], c)
    return local


def test_agents_are_registered_through_the_hook():
    agents = load(only="").agents
    for name in ("random", "heuristic", "mcts", "ismcts"):
        assert agents[name] is builtin_agents()[name]


@pytest.mark.parametrize("spec, fragment", [
    ("mcts:simz=10", "has no option 'simz'; its options are: sims, seconds, calls, c"),
    ("heuristic:depth=0", "option 'depth' of agent 'heuristic' must be above 0"),
    ("mcts:sims=many", "takes a whole number, not 'many'"),
    ("mcts:rollout=smart", "must be random or heuristic"),
    ("mcts:reuse=maybe", "takes true or false"),
    ("random:x=1", "agent 'random' has no option 'x'; its options are: none"),
    ("mcts:sims", "must look like key=value"),
])
def test_bad_options_name_what_is_allowed(spec, fragment):
    with pytest.raises(BadOptions) as info:
        make_agent(spec, 0)
    assert fragment in str(info.value)


def test_unknown_agent_names_the_installed_ones():
    with pytest.raises(UnknownName, match="installed agents: .*heuristic.*mcts"):
        make_agent("alphazero", 0, load(only=""))


def test_spec_parsing():
    assert split_spec("mcts:sims=1000,c=1.4") == ("mcts", {"sims": "1000", "c": "1.4"})
    agent = make_agent("mcts:sims=7,c=2,depth=3,pw=0.5", 1)
    assert (agent.sims, agent.c, agent.cutoff, agent.pw) == (7, 2.0, 3, 0.5)
    assert make_agent("mcts:seconds=2", 1).sims is None
    assert make_agent("mcts", 1).sims == 1000


def test_random_is_uniform_and_seeded():
    view = LocalGame(GAME, ["x", "y"]).state
    picks = [make_agent("random", 3).act(GAME, view, "x") for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]
    agent = make_agent("random", 5)
    counts = {c: 0 for c in range(7)}
    for _ in range(7000):
        counts[agent.act(GAME, view, "x").column] += 1
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_random_only_gives_legal_commands():
    local = position("333333")  # column 3 full
    agent = make_agent("random", 1)
    for _ in range(200):
        assert agent.act(GAME, local.state, "x") != Drop(2)


def test_heuristic_takes_a_win_and_depth_two_blocks_one():
    win = position("121212")  # x has three in column 1 and moves
    assert make_agent("heuristic", 0).act(GAME, win.state, "x") == Drop(0)
    threat = position("1213")  # x threatens nothing yet; y must watch column 1 after 1 more
    threat.play("x", "1")  # x: three in column 1, y to move
    assert make_agent("heuristic:depth=2", 0).act(GAME, threat.state, "y") == Drop(0)


def test_heuristic_does_not_change_the_view():
    local = position("4455")
    before = GAME.clone(local.state)
    make_agent("heuristic:depth=3", 0).act(GAME, local.state, "x")
    assert local.state == before


def test_heuristic_beats_random_in_at_least_90_percent_of_50_games():
    score = 0.0
    for i in range(50):
        h, r = make_agent("heuristic", 100 + i), make_agent("random", 200 + i)
        seats = {"x": h, "y": r} if i % 2 == 0 else {"x": r, "y": h}
        me = "x" if i % 2 == 0 else "y"
        score += play_game(seats, i).outcome().scores[me]
    assert score >= 45, score


def test_same_seed_same_game():
    def moves(seed):
        local = play_game({"x": make_agent("heuristic:depth=2", seed),
                           "y": make_agent("mcts:sims=30", seed)})
        return [e for e in local.events]
    assert moves(4) == moves(4)
