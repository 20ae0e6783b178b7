"""Tests that kill mutants of meeple.core which the rest of the suite let survive
(scripts/mutation.py, docs/testing.md). Each names the class of bug it guards against."""

from __future__ import annotations

import pytest
from meeple.core import BadOptions
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple_testgames import TestGamesPlugin

PLUGINS = load(extra=[TestGamesPlugin()])


def engine() -> Engine:
    return Engine(MemoryStore(), PLUGINS, clock=lambda: "2026-01-01T00:00:00+00:00")


def test_every_event_number_from_the_first_to_the_last_can_be_shown_and_no_other() -> None:
    # Boundaries of `--at`: an off-by-one on either end refuses a real event or shows one
    # that does not exist.
    eng = engine()
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="g")
    for column in (1, 2, 3):
        eng.move(gid, str(column), eng.to_act(gid)[0])
    last = eng.store.last(gid)[0]
    assert last >= 4
    assert eng.state(gid, at=last) == eng.state(gid)
    assert eng.state(gid, at=1) != eng.state(gid, at=last)
    for at in range(1, last + 1):
        eng.render(gid, at=at)
    for at in (0, -1, last + 1):
        with pytest.raises(BadOptions, match=f"give a number from 1 to {last}"):
            eng.state(gid, at=at)


def test_sum_changes_adds_every_counter_of_every_player() -> None:
    # meeple.core.facts.sum_changes is public (a plugin's totals) but nothing in the engine
    # calls it, so no other test reached its addition.
    from meeple.core.facts import sum_changes

    total = sum_changes([{"ann": {"vp": 3, "coins": -2}}, {"ann": {"vp": 0.5}, "bob": {"vp": 4}},
                         {"bob": {"vp": -1, "coins": 5}}])
    assert total == {"ann": {"vp": 3.5, "coins": -2}, "bob": {"vp": 3, "coins": 5}}
    assert sum_changes([]) == {}
