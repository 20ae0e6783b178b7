"""Findings and refusals of meeple.core that name the wrong place, or none (scripts/mutation.py,
docs/testing.md): a broken chain names the record it fails to follow, a bad batch the event
it must follow, a foreign importer's crash is one bounded line naming the importer, and a
stored game whose plugin is gone fails verification."""

from __future__ import annotations

import attrs
import pytest
from meeple.core import ImportFailed, hookimpl
from meeple.core.audit import check_chain
from meeple.core.engine import Engine
from meeple.core.errors import ConcurrencyError, IntegrityError
from meeple.core.plugins import load
from meeple.core.stores.base import check_sequence
from meeple.core.stores.memory import MemoryStore
from test_mutation_kills_core import PLUGINS, engine


def _game(moves: int = 7) -> tuple[Engine, str]:
    eng = engine()
    gid = eng.new_game("connect-four", ["a", "b"], seed=3, game_id="g")
    for column in range(1, moves + 1):
        eng.move(gid, str(column), eng.to_act(gid)[0])
    return eng, gid


@pytest.mark.parametrize("broken", [2, 3, 6])
def test_a_broken_chain_names_the_record_and_the_one_it_does_not_follow(broken: int) -> None:
    eng, gid = _game()
    records = list(eng.store.load(gid))
    assert len(records) >= 6
    records[broken - 1] = attrs.evolve(records[broken - 1], prev_hash="0" * 64)
    with pytest.raises(IntegrityError,
                       match=f"record {broken} does not follow record {broken - 1} "):
        check_chain(eng.store.header(gid), records)


@pytest.mark.parametrize(("last", "skip"), [(3, 1), (4, 2), (6, 1)])
def test_a_batch_with_a_gap_names_the_event_it_had_to_follow(last: int, skip: int) -> None:
    eng, gid = _game()
    records = eng.store.load(gid)
    late = records[last + skip]  # seq last + skip + 1: `skip` events missing
    with pytest.raises(ConcurrencyError,
                       match=f"event {late.seq} of {gid} cannot follow event {last};"):
        check_sequence(gid, last, [late])
    check_sequence(gid, last, [records[last]])  # the next one is fine


class _TrippingReader:
    name, game, help = "tripping", "connect-four", "a reader with a bug of its own"

    def read(self, text: str):
        raise ValueError("cannot " + "x" * 300)


class _TrippingPlugin:
    @hookimpl
    def meeple_importers(self):
        return [_TrippingReader()]


def test_an_importer_s_own_crash_is_one_bounded_line_naming_its_package() -> None:
    from meeple_testgames import TestGamesPlugin

    eng = Engine(MemoryStore(), load(extra=[TestGamesPlugin(), _TrippingPlugin()]),
                 clock=lambda: "2026-01-01T00:00:00+00:00")
    with pytest.raises(ImportFailed) as info:
        eng.import_record("tripping", "anything")
    package = _TrippingReader.__module__.split(".")[0]
    said = str(info.value)
    assert said.startswith(f"the tripping importer ({package}) cannot read this file: ValueError: ")
    assert said.endswith("cannot " + "x" * 153) and "x" * 154 not in said  # 160 characters
    assert eng.list_games() == []


def test_a_stored_game_whose_plugin_is_not_installed_fails_verification() -> None:
    eng, gid = _game(2)
    assert eng.verify(gid).ok
    bare = Engine(eng.store, load(only="no-such-plugin"), clock=eng.clock)
    report = bare.verify(gid)
    assert not report.ok and "connect-four" in report.problem
    assert PLUGINS.game("connect-four")  # the engine that wrote it still knows the game
