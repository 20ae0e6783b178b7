"""Agent specs and their options, the simple agents' names and counters, the statistics
(Wilson intervals, ratings) and ``meeple bench``'s report: every boundary of every option
check, every spelling of true and false, every error line word for word, and every field
of a report read back (mutation testing, docs/testing.md)."""

from __future__ import annotations

import pytest
from meeple.ai.bench import bench
from meeple.ai.mcts import MCTS_OPTIONS
from meeple.ai.options import AgentOption, describe, non_negative, parse_options, positive
from meeple.ai.ratings import Ratings, wilson
from meeple.ai.registry import SCHEMAS, builtin_agents, check_spec, make_agent, split_spec
from meeple.ai.simple import HeuristicAgent, RandomAgent
from meeple.ai.stats import SearchStats
from meeple.core import BadOptions, LocalGame, UnknownName
from meeple.core.plugins import load
from meeple.core.testing import played
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


def test_every_builtin_agent_has_its_schema() -> None:
    assert set(SCHEMAS) == set(builtin_agents()) == {"random", "heuristic", "mcts", "ismcts"}
    assert SCHEMAS["random"] == () and [o.name for o in SCHEMAS["heuristic"]] == ["depth"]
    assert SCHEMAS["mcts"] is SCHEMAS["ismcts"] is MCTS_OPTIONS
    names = [o.name for o in MCTS_OPTIONS]
    assert names[:4] == ["sims", "seconds", "calls", "cpu"] and {"c", "solve"} <= set(names)


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


# -- statistics --------------------------------------------------------------------------------

def test_wilson_intervals_match_the_published_values() -> None:
    # Wilson (1927) score intervals, 95%: 5/10 is 0.2366-0.7634, 8/10 0.4902-0.9433,
    # 10/10 0.7225-1, 0/10 0-0.2775; with z=1, 3/10 is 0.1788-0.4575.
    for (k, n, z), (lo, hi) in {(5, 10, 1.96): (0.2366, 0.7634), (8, 10, 1.96): (0.4902, 0.9433),
                                (10, 10, 1.96): (0.7225, 1.0), (0, 10, 1.96): (0.0, 0.2775),
                                (3, 10, 1.0): (0.1788, 0.4575)}.items():
        got = wilson(k, n, z)
        assert got == pytest.approx((lo, hi), abs=6e-5), (k, n, z)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(3, -1) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0
    assert wilson(1, 1)[0] > 0.2 and wilson(0.5, 1) == pytest.approx((0.0546, 0.9454), abs=1e-4)


def test_ratings_start_level_and_move_the_winner_up_the_loser_down() -> None:
    r = Ratings(["a", "b", "c"])
    assert r.mu("a") == pytest.approx(25.0) and r.sigma("a") == pytest.approx(25 / 3)
    assert r.ordinal("a") == pytest.approx(0.0, abs=1e-9)
    r.update(["b", "a"], [1, 2])
    assert r.mu("b") > 25 > r.mu("a")
    assert r.sigma("b") < 25 / 3 and r.sigma("a") < 25 / 3
    for name in "abc":
        assert r.ordinal(name) == pytest.approx(r.mu(name) - 3 * r.sigma(name))
    assert (r.mu("c"), r.sigma("c")) == pytest.approx((25.0, 25 / 3))  # not in the game


# -- meeple bench ------------------------------------------------------------------------------

def test_bench_reports_what_the_agent_did() -> None:
    out = bench(C4, "mcts:sims=25", 3, seed=4)
    assert (out["game"], out["agent"], out["seed"], out["players"]) == (
        "connect-four", "mcts:sims=25", 4, 2)
    assert (out["moves"], out["games"], out["simulations"]) == (3, 1, 75)
    assert out["calls"] > 75
    assert out["calls_per_simulation"] == round(out["calls"] / 75, 2)
    assert out["simulations_per_s"] == pytest.approx(75 / out["seconds"], rel=0.05)
    assert out["decisions_per_s"] == pytest.approx(3 / out["seconds"], rel=0.05)
    assert 0 < out["cpu_seconds"]
    assert bench(C4, "mcts:sims=25", 3, seed=4)["calls"] == out["calls"]  # seeded


def test_bench_starts_a_new_game_whenever_one_ends() -> None:
    one = bench(C4, "random", 1, seed=0)
    assert (one["moves"], one["games"], one["simulations"], one["calls"]) == (1, 1, 0, 0)
    assert one["calls_per_simulation"] is None and one["simulations_per_s"] == 0.0
    many = bench(C4, "random", 90, seed=0, players=2)
    assert many["moves"] == 90 and 3 <= many["games"] <= 90 // 7 + 1


def test_bench_refuses_fewer_than_one_move() -> None:
    for moves in (0, -2):
        with pytest.raises(BadOptions) as info:
            bench(C4, "random", moves)
        assert str(info.value) == f"--moves must be at least 1, not {moves}"
    with pytest.raises(BadOptions):
        bench(C4, "random", 2, players=3)


# -- rewards ------------------------------------------------------------------------------------

def test_rewards_are_the_mean_over_the_others_of_above_tied_below() -> None:
    from meeple.ai.rewards import match_score, outcome_rewards
    from meeple.core import Outcome

    def out(ranks):
        return Outcome({p: 0.0 for p in ranks}, ranks)

    assert outcome_rewards(out({"a": 1, "b": 2, "c": 2, "d": 4})) == {
        "a": 1.0, "b": 0.0, "c": 0.0, "d": -1.0}
    assert outcome_rewards(out({"a": 2, "b": 1, "c": 3})) == {"a": 0.0, "b": 1.0, "c": -1.0}
    assert outcome_rewards(out({"a": 1, "b": 1})) == {"a": 0.0, "b": 0.0}
    four = outcome_rewards(out({"a": 3, "b": 1, "c": 1, "d": 2}))
    assert four == pytest.approx({"a": -1.0, "b": 2 / 3, "c": 2 / 3, "d": -1 / 3})
    assert match_score(out({"a": 2, "b": 1}), "a") == 0.0
    assert match_score(out({"a": 1}), "a") == 1.0 and match_score(out({"a": 1}), "z") == 0.0
