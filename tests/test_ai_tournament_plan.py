"""How a tournament is planned: every branch of the format and seat checks with its message,
the order of a round robin's games, the seeds of games and agents, match units, ids and
titles, entrant labels, and words typed on the command line read by their value."""

from __future__ import annotations

import re

import pytest
from meeple.ai.executors import InlineExecutor
from meeple.ai.tournament import (
    MatchUnit,
    default_id,
    entrant_labels,
    pairings,
    plan,
    resolve_format,
    store_is_shared,
)
from meeple.core import BadOptions

C4 = "connect-four"
SPECS = ["random", "heuristic"]


#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


# -- shapes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt, entrants, seats, lo, hi, expected", [
    ("auto", 2, None, 2, 4, ("fixed", 2)),
    ("auto", 4, None, 2, 4, ("fixed", 4)),
    ("auto", 3, 3, 2, 4, ("fixed", 3)),
    ("auto", 3, 2, 2, 4, ("round-robin", 2)),
    ("auto", 5, None, 2, 4, ("round-robin", 4)),
    ("auto", 3, None, 2, 2, ("round-robin", 2)),
    ("fixed", 3, None, 2, 4, ("fixed", 3)),
    ("fixed", 3, 3, 2, 4, ("fixed", 3)),
    ("round-robin", 3, None, 2, 4, ("round-robin", 3)),
    ("round-robin", 2, None, 2, 4, ("round-robin", 2)),
    ("round-robin", 2, 2, 2, 4, ("round-robin", 2)),
    ("round-robin", 4, 4, 2, 4, ("round-robin", 4)),
    ("round-robin", 5, 2, 2, 4, ("round-robin", 2)),
])
def test_every_tournament_shape(fmt, entrants, seats, lo, hi, expected) -> None:
    assert resolve_format(fmt, entrants, seats, lo, hi) == expected


@pytest.mark.parametrize("fmt, entrants, seats, lo, hi, message", [
    ("swiss", 2, None, 2, 4, "--format must be one of auto, fixed, round-robin, not 'swiss'"),
    ("auto", 3, 1, 2, 4, "--seats must be from 2 to 4 for this game, not 1"),
    ("auto", 3, 5, 2, 4, "--seats must be from 2 to 4 for this game, not 5"),
    ("fixed", 3, 2, 2, 4, "--format fixed seats every entrant in every game: --seats 2 does "
                          "not match the 3 entrants"),
    ("fixed", 2, 3, 2, 4, "--format fixed seats every entrant in every game: --seats 3 does "
                          "not match the 2 entrants"),
    ("round-robin", 2, 3, 2, 4, "a round robin of 3-player games needs more than 3 entrants, "
                                "not 2"),
    ("auto", 1, None, 2, 4, "a round robin of 1-player games needs more than 1 entrants, "
                            "not 1"),
    ("round-robin", 1, None, 1, 4, "a round robin of 1-player games needs more than 1 "
                                   "entrants, not 1"),
])
def test_every_refused_shape_says_why(fmt, entrants, seats, lo, hi, message) -> None:
    with pytest.raises(BadOptions) as info:
        resolve_format(fmt, entrants, seats, lo, hi)
    assert str(info.value) == message


def test_pairings_are_every_combination_in_order() -> None:
    assert pairings(4, 2) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert pairings(3, 3) == [(0, 1, 2)]
    assert pairings(2, 3) == []


def test_a_round_robin_plays_each_pairing_in_a_block_with_seats_alternating(url) -> None:
    specs = ["random", "heuristic", "mcts:sims=2"]
    units = plan(C4, specs, 12, 1, url)
    r, h, m = specs
    assert [u.entrants for u in units] == [(r, h), (h, r)] * 2 + [(r, m), (m, r)] * 2 + \
        [(h, m), (m, h)] * 2
    assert [u.specs for u in units] == [u.entrants for u in units]
    assert [u.index for u in units] == list(range(12))
    assert all(u.seats == ("red", "yellow") for u in units)


def test_plan_refuses_too_few_agents_and_games(url) -> None:
    for specs, games, message in (
            ([], 2, "give at least one agent spec in --players"),
            (SPECS, 0, "--games must be at least 1, not 0"),
            (SPECS, -2, "--games must be at least 1, not -2"),
            (SPECS, 3, "--games must be a multiple of 2 (the number of players) so that every "
                       "agent plays every seat equally; 3 is not"),
            (SPECS, 1, "--games must be a multiple of 2 (the number of players) so that every "
                       "agent plays every seat equally; 1 is not"),
            (SPECS * 2, 6, "--games must be a multiple of 12 (6 pairings x 2 seats) so that "
                           "every agent plays every seat equally; 6 is not")):
        with pytest.raises(BadOptions) as info:
            plan(C4, specs, games, 1, url)
        assert str(info.value) == message
    assert len(plan(C4, SPECS, 2, 1, url)) == 2  # the smallest multiple is enough


def test_seeds_are_63_bit_distinct_and_follow_the_tournament_seed(url) -> None:
    units = plan(C4, SPECS, 40, 3, url)
    seeds = [u.seed for u in units]
    agents = [s for u in units for s in u.agent_seeds]
    assert len(set(seeds)) == 40 and len(set(agents)) == 80
    for values in (seeds, agents):
        assert all(0 <= s < 2 ** 63 for s in values)
        assert max(values) >= 2 ** 62  # the full 63 bits are used
    assert all(len(u.agent_seeds) == 2 for u in units)
    assert plan(C4, SPECS, 40, 3, url) == units
    other = plan(C4, SPECS, 40, 4, url)
    assert not {u.seed for u in other} & set(seeds)


def test_a_unit_carries_its_id_store_options_and_flush_interval(url) -> None:
    units = plan(C4, SPECS, 2, 1, url, tournament_id="cup", flush_every=7)
    assert [u.game_id for u in units] == ["cup-1", "cup-2"]
    assert all((u.tournament, u.store_url, u.flush_every, u.options, u.game) ==
               ("cup", url, 7, (), C4) for u in units)
    derived = plan(C4, SPECS, 2, 1, url)[0].tournament
    assert derived == default_id(C4, SPECS, 1) and re.fullmatch(r"t-connect-four-[0-9a-f]{8}",
                                                                derived)


def test_ids_follow_agents_seed_options_and_shape_but_not_the_order_of_options() -> None:
    base = default_id(C4, SPECS, 1, {"a": 1, "b": 2})
    assert default_id(C4, SPECS, 1, {"b": 2, "a": 1}) == base
    assert default_id(C4, SPECS, 1, {"a": 1, "b": 3}) != base
    assert default_id(C4, SPECS, 1) != base
    assert default_id(C4, SPECS[::-1], 1, {"a": 1, "b": 2}) != base
    rr2 = default_id(C4, SPECS, 1, fmt="round-robin", seats=2)
    assert rr2 != default_id(C4, SPECS, 1, fmt="round-robin", seats=3)
    assert default_id(C4, SPECS, 1, {}) == default_id(C4, SPECS, 1, None)


def test_entrant_labels_number_every_repeat() -> None:
    assert entrant_labels(["a", "a", "b", "a", "b"]) == ["a", "a#2", "b", "a#3", "b#2"]
    assert entrant_labels([]) == []


def test_only_a_database_server_is_shared_with_workers() -> None:
    for url, shared in (("postgresql://u@h/db", True), ("postgres://h/db", True),
                        ("PostgreSQL://h/db", True), ("sqlite:///x.db", False),
                        ("memory:", False), ("games.jsonl", False)):
        assert store_is_shared(url) is shared, url


def _typed(word: str) -> str:
    """The word as a command line hands it over: an equal string, not the same object."""
    return "".join(list(word))


def test_a_format_typed_on_the_command_line_is_read_by_its_value(url) -> None:
    for fmt in ("auto", "fixed", "round-robin"):
        assert _typed(fmt) == fmt and _typed(fmt) is not fmt
    assert resolve_format(_typed("auto"), 2, None, 2, 4) == ("fixed", 2)
    assert resolve_format(_typed("auto"), 5, None, 2, 4) == ("round-robin", 4)
    assert resolve_format(_typed("fixed"), 3, None, 2, 4) == ("fixed", 3)
    assert resolve_format(_typed("round-robin"), 3, None, 2, 4) == ("round-robin", 3)
    assert default_id(C4, SPECS, 1, fmt=_typed("fixed"), seats=2) == default_id(C4, SPECS, 1)
    assert plan(C4, SPECS, 2, 1, url, fmt=_typed("auto")) == plan(C4, SPECS, 2, 1, url)
    assert plan(C4, SPECS, 2, 1, url, fmt=_typed("fixed")) == plan(C4, SPECS, 2, 1, url)
    with pytest.raises(BadOptions, match="--games must be a multiple of 2 \\(the number"):
        plan(C4, SPECS, 3, 1, url, fmt=_typed("fixed"))


def test_an_executor_typed_on_the_command_line_is_read_by_its_value() -> None:
    from meeple.ai.executors import ProcessExecutor, executor_for

    assert type(executor_for(1, _typed("local"))) is InlineExecutor
    assert type(executor_for(3, _typed("local"))) is ProcessExecutor


def test_a_match_is_titled_with_its_one_based_number() -> None:
    for index in (0, 1, 2, 5):
        unit = MatchUnit("t", index, "connect-four", ("a", "b"), ("random", "greedy"),
                         ("random", "greedy"), 1, (2, 3), "memory:")
        assert unit.title == f"tournament t game {index + 1}: a=random, b=greedy"
        assert unit.game_id == f"t-{index + 1}"


def test_a_fixed_tournament_s_id_ignores_the_seat_count_and_differs_from_round_robin() -> None:
    specs = ("random", "greedy", "heuristic")
    fixed = default_id("connect-four", specs, 7)
    assert default_id("connect-four", specs, 7, fmt="fixed", seats=2) == fixed
    assert default_id("connect-four", specs, 7, fmt="round-robin", seats=2) != fixed
