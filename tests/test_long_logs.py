"""A game longer than 256 events: Python shares the int objects of -5..256 only, so a
comparison of sequence numbers written with ``is`` instead of ``==`` passes on every short
game and breaks here. Everything that walks a log by number runs past it: verify (and its
grouping of a command's events into one batch), first_difference, fork, undo and redo,
loads with bounds, export and import, for a store that keeps the objects and one that
reads them back from disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from meeple.core import hookimpl
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore
from meeple.core.testing import first_difference
from test_match_play import CLOCK, Coins

FLIPS = 150  # per player: 300 commands, 301 events


class LongCoins(Coins):
    name = "long-coins"

    def to_act(self, state):
        if len(state.flips) >= FLIPS * len(state.players):
            return ()
        return (state.players[len(state.flips) % len(state.players)],)


class PairCoins(LongCoins):
    """Each flip records two coins: a command of two events."""

    name = "pair-coins"
    commands = 130

    def to_act(self, state):
        if len(state.flips) >= 2 * self.commands:
            return ()
        return (state.players[len(state.flips) // 2 % len(state.players)],)

    def decide(self, state, player, cmd, rng):
        return [*super().decide(state, player, cmd, rng), *super().decide(state, player, cmd, rng)]


class LongPlugin:
    @hookimpl
    def meeple_games(self):
        return [LongCoins(), PairCoins()]


PLUGINS = load(only="", extra=[LongPlugin()])


@pytest.fixture(params=["memory", "sqlite"])
def eng(request, tmp_path: Path):
    store = MemoryStore() if request.param == "memory" else SqliteStore(tmp_path / "l.sqlite")
    e = Engine(store, PLUGINS, clock=lambda: CLOCK)
    gid = e.new_game("long-coins", ["a", "b"], seed=2, game_id="long")
    t = e.table(gid)
    for i in range(2 * FLIPS - 1):
        t.apply(("a", "b")[i % 2], "flip")
    t.flush(e.store)
    yield e
    e.close()


def test_a_log_past_256_events_is_walked_by_number(eng) -> None:
    gid = "long"
    last = eng.store.last(gid)[0]
    assert last == 2 * FLIPS > 256 and eng.outcome(gid) is None
    assert eng.verify(gid).ok
    game = PLUGINS.game("long-coins")
    header, records = eng.store.header(gid), eng.store.load(gid)
    assert first_difference(game, header, records) is None
    assert [r.seq for r in eng.store.load(gid, after=280, upto=290)] == list(range(281, 291))
    assert len(eng.state(gid, at=280).flips) == 279
    # Undo and redo at the end of the long log.
    eng.undo(gid, "a", agreed=["b"])
    assert eng.verify(gid).ok and len(eng.state(gid).flips) == last - 2
    eng.redo(gid, "a")
    assert eng.verify(gid).ok and len(eng.state(gid).flips) == last - 1
    lines = eng.log(gid)
    assert [ln.seq for ln in lines] == list(range(1, last + 3))
    assert [ln.undone for ln in lines].count(True) == 0
    fid = eng.fork(gid, 270, "f")
    assert eng.verify(fid).ok and len(eng.store.load(fid)) == 270
    eng.move(gid, "flip", "b")
    assert eng.outcome(gid) is not None and eng.verify(gid).ok
    copy = Engine(MemoryStore(), PLUGINS, clock=lambda: CLOCK)
    assert copy.import_export(eng.export(gid), new_id="again") == "again"
    assert copy.verify("again").ok and copy.outcome("again") == eng.outcome(gid)


def test_a_command_of_several_events_past_256_is_one_batch(tmp_path: Path) -> None:
    e = Engine(SqliteStore(tmp_path / "p.sqlite"), PLUGINS, clock=lambda: CLOCK)
    gid = e.new_game("pair-coins", ["a", "b"], seed=2, game_id="pairs")
    t = e.table(gid)
    for i in range(PairCoins.commands):
        t.apply(("a", "b")[i % 2], "flip")
    t.flush(e.store)
    records = e.store.load(gid)  # read back from disk: numbers past 256 are new objects
    assert len(records) == 1 + 2 * PairCoins.commands
    assert [(r.seq, r.batch) for r in records[-2:]] == [(260, 260), (261, 260)]
    report = e.verify(gid)
    assert report.ok and report.events == 261, report.problem
    e.close()
