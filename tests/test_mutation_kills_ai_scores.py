"""ai rules found unguarded by the held-out mutation sample (seed 5, docs/testing.md): what
a tournament counts for a shared win, a solo game's reward, the stored game's title
number, and that a fixed-format tournament keeps the ids it always had."""

from __future__ import annotations

import pytest
from meeple.ai.rewards import match_score, outcome_rewards
from meeple.ai.tournament import MatchUnit, default_id
from meeple.core import Outcome


def _out(ranks: dict[str, int]) -> Outcome:
    return Outcome({p: 0.0 for p in ranks}, ranks)


def test_a_shared_first_place_splits_the_win_and_others_score_nothing() -> None:
    assert match_score(_out({"a": 1, "b": 2, "c": 3}), "a") == 1.0
    assert match_score(_out({"a": 1, "b": 1, "c": 2}), "b") == pytest.approx(0.5)
    assert match_score(_out({"a": 1, "b": 1, "c": 1}), "c") == pytest.approx(1 / 3)
    assert match_score(_out({"a": 1, "b": 2, "c": 2}), "c") == 0.0


def test_a_solo_game_rewards_a_win_with_one_and_a_loss_with_minus_one() -> None:
    assert outcome_rewards(_out({"a": 1})) == {"a": 1.0}
    assert outcome_rewards(_out({"a": 2})) == {"a": -1.0}
    assert outcome_rewards(_out({"a": 1, "b": 2})) == {"a": 1.0, "b": -1.0}


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
