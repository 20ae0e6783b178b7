"""Agent specs and their options: every boundary of every option check, every spelling of true
and false, every error line word for word, the search agents' defaults and the built-in
agents' schemas."""

from __future__ import annotations

import pytest
from meeple.ai.mcts import MCTS_OPTIONS
from meeple.ai.options import AgentOption, describe, non_negative, parse_options, positive
from meeple.ai.registry import builtin_agents, check_spec, make_agent, split_spec
from meeple.ai.simple import HeuristicAgent, RandomAgent
from meeple.core import BadOptions, UnknownName
from meeple.core.plugins import load
from meeple_connect_four import ConnectFour

C4 = ConnectFour()


def _error(spec: str) -> str:
    with pytest.raises(BadOptions) as info:
        make_agent(spec, 0)
    return str(info.value)


# -- options --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["1", "true", "yes", "on", " TRUE ", "On", "Yes"])
def test_every_spelling_of_true_is_true(text: str) -> None:
    assert make_agent(f"mcts:reuse={text},sims=1", 0).reuse is True
    assert make_agent(f"mcts:solve={text},sims=1", 0).solve_option is True


@pytest.mark.parametrize("text", ["0", "false", "no", "off", " False", "OFF", "No"])
def test_every_spelling_of_false_is_false(text: str) -> None:
    assert make_agent(f"mcts:reuse={text},sims=1", 0).reuse is False
    assert make_agent(f"mcts:solve={text},sims=1", 0).solve_option is False


@pytest.mark.parametrize("spec, message", [
    ("mcts:reuse=maybe", "option 'reuse' of agent 'mcts' takes true or false, not 'maybe'"),
    ("mcts:reuse=2", "option 'reuse' of agent 'mcts' takes true or false, not '2'"),
    ("mcts:sims=1.5", "option 'sims' of agent 'mcts' takes a whole number, not '1.5'"),
    ("ismcts:c=wide", "option 'c' of agent 'ismcts' takes a number, not 'wide'"),
    ("heuristic:depth=x", "option 'depth' of agent 'heuristic' takes a whole number, not 'x'"),
    ("mcts:c=-0.001", "option 'c' of agent 'mcts' must be 0 or more, not '-0.001'"),
    ("mcts:sims=0", "option 'sims' of agent 'mcts' must be above 0, not '0'"),
    ("mcts:sims=-3", "option 'sims' of agent 'mcts' must be above 0, not '-3'"),
    ("mcts:seconds=0", "option 'seconds' of agent 'mcts' must be above 0, not '0'"),
    ("mcts:calls=0", "option 'calls' of agent 'mcts' must be above 0, not '0'"),
    ("mcts:pwk=0", "option 'pwk' of agent 'mcts' must be above 0, not '0'"),
    ("mcts:depth=-1", "option 'depth' of agent 'mcts' must be 0 or more, not '-1'"),
    ("mcts:prior=-1", "option 'prior' of agent 'mcts' must be 0 or more, not '-1'"),
    ("mcts:eps=1.01", "option 'eps' of agent 'mcts' must be between 0 and 1, not '1.01'"),
    ("mcts:eps=-0.01", "option 'eps' of agent 'mcts' must be between 0 and 1, not '-0.01'"),
    ("mcts:pw=2", "option 'pw' of agent 'mcts' must be between 0 and 1, not '2'"),
    ("mcts:im=-1", "option 'im' of agent 'mcts' must be between 0 and 1, not '-1'"),
    ("mcts:rollout=smart", "option 'rollout' of agent 'mcts' must be random or heuristic, "
                           "not 'smart'"),
    ("heuristic:depth=0", "option 'depth' of agent 'heuristic' must be above 0, not '0'"),
    ("mcts:simz=1", "agent 'mcts' has no option 'simz'; its options are: "
                    + ", ".join(o.name for o in MCTS_OPTIONS)),
    ("heuristic:sims=1", "agent 'heuristic' has no option 'sims'; its options are: depth"),
    ("random:depth=1", "agent 'random' has no option 'depth'; its options are: none"),
])
def test_a_bad_option_is_one_line_naming_the_option_the_agent_and_what_is_allowed(
        spec: str, message: str) -> None:
    assert _error(spec) == message


@pytest.mark.parametrize("spec", [
    "mcts:eps=0", "mcts:eps=1", "mcts:pw=0", "mcts:pw=1", "mcts:im=0", "mcts:im=1",
    "mcts:c=0", "mcts:depth=0", "mcts:prior=0", "mcts:sims=1", "mcts:seconds=0.001",
    "mcts:calls=1", "mcts:pwk=0.001", "heuristic:depth=1", "mcts:rollout=heuristic",
    "mcts:rollout=random",
])
def test_every_bound_of_an_option_is_itself_allowed(spec: str) -> None:
    check_spec(spec)


def test_the_option_checks_draw_the_line_exactly_at_their_bound() -> None:
    assert positive(0) == "must be above 0" and positive(-1e-9) == "must be above 0"
    assert positive(1e-9) is None and positive(3) is None
    assert non_negative(0) is None and non_negative(2) is None
    assert non_negative(-1e-9) == "must be 0 or more"


def test_parse_options_fills_every_default_and_keeps_the_given_values() -> None:
    schema = (AgentOption("n", int, 5, "count"), AgentOption("x", float, None, "size"),
              AgentOption("on", bool, False, "switch"), AgentOption("s", str, "a", "name"))
    assert parse_options("t", schema, {}) == {"n": 5, "x": None, "on": False, "s": "a"}
    assert parse_options("t", schema, {"x": "2.5", "on": "yes", "s": "b"}) == {
        "n": 5, "x": 2.5, "on": True, "s": "b"}
    assert parse_options("t", (), {}) == {}
    assert describe(schema[:2]) == [{"name": "n", "default": 5, "help": "count"},
                                    {"name": "x", "default": None, "help": "size"}]


def test_a_text_option_names_its_kind_as_text_when_its_check_refuses() -> None:
    opt = AgentOption("mode", str, "a", "m", lambda v: None if v == "a" else "must be a")
    assert opt.coerce("t", "a") == "a"
    with pytest.raises(BadOptions) as info:
        opt.coerce("t", "b")
    assert str(info.value) == "option 'mode' of agent 't' must be a, not 'b'"


def test_the_search_agents_defaults() -> None:
    for kind in ("mcts", "ismcts"):
        agent = make_agent(kind, 3)
        assert agent.name == kind
        assert (agent.sims, agent.seconds, agent.max_calls) == (1000, None, None)
        assert (agent.c, agent.eps, agent.cutoff, agent.pw, agent.pwk) == (1.4, 0.1, 0, 0.0, 1.0)
        assert (agent.reuse, agent.heuristic_rollout, agent.im, agent.prior) == (
            True, False, 0.0, 0.0)
        assert agent.solve_option is None
        # before its first decision: nothing searched, kept or seen
        assert (agent.last_root, agent.reused_visits, agent.chance_seen) == (None, 0, False)
        assert agent.players == set() and agent.stats.to_json()["decisions"] == 0
    # any budget given: no default simulation count
    assert make_agent("mcts:calls=50", 0).sims is None
    assert make_agent("mcts:calls=50", 0).max_calls == 50
    assert make_agent("mcts:seconds=0.5", 0).seconds == 0.5
    assert make_agent("mcts:rollout=heuristic", 0).heuristic_rollout is True


def test_an_agent_is_named_by_its_spec_as_given() -> None:
    assert make_agent("mcts:sims=7,c=2", 0).name == "mcts:sims=7,c=2"
    assert make_agent("ismcts:c=0.5", 0).name == "ismcts:c=0.5"
    assert make_agent("ismcts", 0).name == "ismcts"
    assert make_agent("heuristic", 0).name == "heuristic"
    assert make_agent("heuristic:depth=1", 0).name == "heuristic"
    assert make_agent("heuristic:depth=3", 0).name == "heuristic:depth=3"
    assert make_agent("random", 0).name == "random"
    assert (RandomAgent().name, HeuristicAgent().depth) == ("random", 1)


# -- specs and the registry ---------------------------------------------------------------------

@pytest.mark.parametrize("spec, message", [
    ("", "agent spec '' has no agent name"),
    (":sims=3", "agent spec ':sims=3' has no agent name"),
    ("mcts:sims", "agent option 'sims' in 'mcts:sims' must look like key=value"),
    ("mcts:=3", "agent option '=3' in 'mcts:=3' must look like key=value"),
])
def test_a_malformed_spec_is_bad_options_with_its_own_message(spec: str, message: str) -> None:
    with pytest.raises(BadOptions) as info:
        split_spec(spec)
    assert str(info.value) == message
    with pytest.raises(BadOptions):
        check_spec(spec)


def test_make_agent_uses_the_plugins_it_is_given_and_the_builtins_without() -> None:
    class Named:
        def __init__(self, options, seed):
            self.options, self.seed = options, seed

    class OnlyOne:
        def agent_factory(self, name):
            if name != "mine":
                raise UnknownName(f"no agent named {name!r}")
            return Named

    agent = make_agent("mine:a=1", 9, OnlyOne())
    assert (type(agent), agent.options, agent.seed) == (Named, {"a": "1"}, 9)
    with pytest.raises(UnknownName):
        make_agent("random", 0, OnlyOne())  # the given plugins only, not the built-ins
    with pytest.raises(UnknownName):
        check_spec("random", OnlyOne())
    assert type(make_agent("random", 0)) is RandomAgent
    assert type(make_agent("ismcts", 0, load(only=""))).__name__ == "ISMCTSAgent"
    with pytest.raises(UnknownName, match="no agent named 'deep'"):
        check_spec("deep")


def test_check_spec_asks_the_agent_about_the_table_only_when_it_is_given() -> None:
    class TwoOnly:
        def __init__(self, options, seed):
            pass

        def check_table(self, game, players):
            if len(players) != 2:
                raise BadOptions(f"{game.name}: two players only, not {players}")

    class Plugins:
        def agent_factory(self, name):
            return TwoOnly

    game = load().game("connect-four")
    check_spec("two", Plugins())  # no table given: nothing to check
    check_spec("two", Plugins(), game, ["a", "b"])
    check_spec("two", Plugins(), game, None)
    with pytest.raises(BadOptions, match=r"connect-four: two players only, not \['a'\]"):
        check_spec("two", Plugins(), game, ["a"])
    check_spec("two", Plugins(), None, ["a"])  # players without a game: nothing to check


def test_every_builtin_agent_has_its_schema() -> None:
    agents = builtin_agents()
    assert set(agents) == {"random", "heuristic", "mcts", "ismcts"}
    assert agents["random"].schema == () and [o.name for o in agents["heuristic"].schema] == ["depth"]
    names = [o.name for o in MCTS_OPTIONS]
    assert names[:4] == ["sims", "seconds", "calls", "cpu"] and {"c", "solve"} <= set(names)
