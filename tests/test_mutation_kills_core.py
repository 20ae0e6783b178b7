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


def test_local_game_draws_the_same_chance_as_the_engine() -> None:
    # LocalGame (search, tests) must run "by exactly the same rules" as a stored game,
    # chance included: each decision's randomness is keyed on the seq it writes at.
    from meeple.core import LocalGame

    eng = engine()
    game = PLUGINS.game("dice-race")
    gid = eng.new_game("dice-race", ["a", "b"], seed=5, game_id="d")
    local = LocalGame(game, ["a", "b"], None, seed=5)
    assert eng.state(gid) == local.state
    steps = 0
    while local.outcome() is None and steps < 40:
        player = local.to_act()[0]
        command = game.legal(local.state, player)[0]
        local.play(player, command)
        eng.move(gid, game.format(command, local.state), player)
        assert eng.state(gid) == local.state, f"step {steps}"
        steps += 1
    assert steps > 2


def test_the_setup_draws_with_the_key_of_seq_0() -> None:
    # Stored games replay their setup from the seed with key 0; another key would redraw
    # every stored game's setup (tile stacks, decks) differently.
    from meeple.core import runtime
    from meeple.core.rng import derive_rng

    game = PLUGINS.game("carcassonne-hill-dale")
    opts = game.resolve_options(None)
    want = list(game.setup(["a", "b"], opts, derive_rng(77, 0)))
    assert runtime.start(game, ["a", "b"], opts, 77) == want
    assert want != list(game.setup(["a", "b"], opts, derive_rng(77, 1)))


def test_a_plugin_failure_keeps_160_characters_of_the_message_and_cuts_longer_ones() -> None:
    from meeple.core.runtime import plugin_failure

    game = PLUGINS.game("connect-four")
    kept = plugin_failure(game, "deciding", ValueError("x" * 160))
    assert kept.endswith(": ValueError: " + "x" * 160)
    cut = plugin_failure(game, "deciding", ValueError("y" * 161))
    assert cut.endswith(": ValueError: " + "y" * 157 + "...")


@pytest.mark.parametrize("column", ["seq", "version", "batch", "game_id", "type", "recorded_at",
                                    "prev_hash", "hash", "actor", "command_text", "data"])
def test_a_stored_column_of_the_wrong_kind_is_a_damaged_record(column: str) -> None:
    # Every column is checked on its own: one wrong column among right ones is enough.
    import attrs
    from meeple.core.records import Record
    from meeple.core.stores.base import DamagedRecord, checked_record

    good = Record("g", 3, "connect-four.dropped", 1, b"{}", "ann", "4", 3,
                  "2026-01-01T00:00:00+00:00", "0" * 64, "1" * 64)
    assert checked_record("g", good) == good
    wrong = {"data": "{}", "seq": "3", "version": True, "batch": 1.0}.get(column, 5)
    with pytest.raises(DamagedRecord, match="event .* of g is damaged"):
        checked_record("g", attrs.evolve(good, **{column: wrong}))


def test_first_difference_names_the_event_today_s_rules_add_after_the_log() -> None:
    # A stored log whose last command now gives one event more (a new end-of-game scoring,
    # say) differs at the seq just after its end; an unchanged log has no difference.
    from meeple.core.testing import first_difference

    game, ends = PLUGINS.game("connect-four"), set()
    # a's vertical four after 7 moves, b's after 8: the log ends at either parity.
    for gid, columns in (("w7", (1, 2, 1, 2, 1, 2, 1)), ("w8", (1, 2, 1, 2, 1, 2, 3, 2))):
        eng = engine()
        eng.new_game("connect-four", ["a", "b"], seed=1, game_id=gid)
        for column in columns:
            eng.move(gid, str(column), eng.to_act(gid)[0])
        assert eng.outcome(gid) is not None
        header, records = eng.store.header(gid), eng.store.load(gid)
        assert first_difference(game, header, records) is None
        assert records[-1].batch != records[-1].seq, "the winning move writes several events"
        assert first_difference(game, header, records[:-1]) == records[-1].seq
        ends.add(records[-2].seq % 2)
    assert ends == {0, 1}


def test_a_sqlite_path_that_cannot_be_opened_is_a_store_error(tmp_path) -> None:
    # The failed open's clean-up must not trip over a connection that never opened: the
    # user gets the one-line store error, not an AttributeError.
    from meeple.core.errors import StoreError
    from meeple.core.stores.sqlite import SqliteStore

    (tmp_path / "games.sqlite").mkdir()  # a folder where the database file should be
    with pytest.raises(StoreError):
        SqliteStore(str(tmp_path / "games.sqlite"))
