"""Outcome: ranks with ties that skip places, a tiebreak that orders equal scores only, and
every part of its JSON."""

from __future__ import annotations

from meeple.core import Outcome

# -- Outcome --------------------------------------------------------------------------------


def test_outcome_ranks_share_ties_and_skip_places() -> None:
    out = Outcome.from_scores({"a": 5, "b": 9, "c": 5, "d": 1})
    assert out.ranks == {"b": 1, "a": 2, "c": 2, "d": 4}
    assert out.winners == ["b"]
    assert Outcome.from_scores({"a": 3, "b": 3}).winners == ["a", "b"]
    assert Outcome.from_scores({"x": 2, "y": 2, "z": 2}).ranks == {"x": 1, "y": 1, "z": 1}
    # A tie for third is found by comparing with the place just before, not an earlier one.
    assert Outcome.from_scores({"a": 9, "b": 5, "c": 3, "d": 3}).ranks == {
        "a": 1, "b": 2, "c": 3, "d": 3}


def test_outcome_tiebreak_orders_equal_scores_only() -> None:
    out = Outcome.from_scores({"a": 5, "b": 5, "c": 7}, tiebreak={"a": 1, "b": 2, "c": 0})
    assert out.ranks == {"c": 1, "b": 2, "a": 3}
    same = Outcome.from_scores({"a": 5, "b": 5}, tiebreak={"a": 4, "b": 4})
    assert same.ranks == {"a": 1, "b": 1}


def test_outcome_json_has_every_part() -> None:
    out = Outcome.from_scores({"a": 1.5, "b": 0}, detail={"why": "x"})
    assert out.to_json() == {"scores": {"a": 1.5, "b": 0}, "ranks": {"a": 1, "b": 2},
                             "winners": ["a"], "detail": {"why": "x"}}
    assert Outcome.from_scores({"a": 1}).detail == {}
