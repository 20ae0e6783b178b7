"""The facts helpers plugins call (meeple.core.facts): numbers signed and whole when whole,
changes rendered vp first without zeros, and totals summed over every counter of every
player."""

from __future__ import annotations

import orjson
from meeple.core.facts import add_changes, number, plain_changes, render_changes, render_counters


def test_sum_changes_adds_every_counter_of_every_player() -> None:
    # meeple.core.facts.sum_changes is public (a plugin's totals) but nothing in the engine
    # calls it, so only a direct call checks its addition.
    from meeple.core.facts import sum_changes

    total = sum_changes([{"ann": {"vp": 3, "coins": -2}}, {"ann": {"vp": 0.5}, "bob": {"vp": 4}},
                         {"bob": {"vp": -1, "coins": 5}}])
    assert total == {"ann": {"vp": 3.5, "coins": -2}, "bob": {"vp": 3, "coins": 5}}
    assert sum_changes([]) == {}


# -- facts ----------------------------------------------------------------------------------


def test_numbers_are_signed_and_whole_when_whole() -> None:
    assert [number(x) for x in (3, -2, 0, 0.5, -1.5, 2.0, -3.0)] == [
        "+3", "-2", "+0", "+0.5", "-1.5", "+2", "-3"]


def test_changes_are_rendered_vp_first_without_zeros() -> None:
    assert render_counters({"coins": -2, "vp": 3, "zero": 0, "workers": 1}) == (
        "+3 vp, -2 coins, +1 workers")
    read = orjson.loads(b'{"coins": 1, "vp": 2}')  # names as read from a log
    assert render_counters(read) == "+2 vp, +1 coins"
    changes = {"red": {"vp": 1}, "blue": {"vp": 0}, "green": {"coins": 0.5, "vp": 0}}
    assert plain_changes(changes) == {"red": {"vp": 1}, "green": {"coins": 0.5}}
    assert render_changes(changes) == "red +1 vp; green +0.5 coins"
    assert render_changes({}) == "" and render_changes({"a": {"vp": 0}}) == ""
    total = {"a": {"vp": 1.0}}
    assert add_changes(total, {"a": {"vp": 2, "x": 1}, "b": {"vp": -1}}) is total
    assert total == {"a": {"vp": 3.0, "x": 1}, "b": {"vp": -1}}
