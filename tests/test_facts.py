"""The facts helpers (meeple.core.facts) behind the log and the comparisons: numbers signed and
whole when whole, changes rendered vp first without zeros."""

from __future__ import annotations

import orjson
from meeple.core.facts import number, plain_changes, render_changes, render_counters

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
