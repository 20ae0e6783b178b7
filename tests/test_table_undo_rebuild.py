"""Table.extend folds the state again after an undo or redo only when it must (an old
event that is upcast with the state before it follows, or at the end): the loaded state,
the count of events that count and the upcast events are those of folding the state again
at every undo and redo, as it did before."""

from __future__ import annotations

from pathlib import Path

import attrs
from conftest import counting_folds
from meeple.core import runtime
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.events import Redone, Undone
from meeple.core.plugins import load
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.table import Table

OLD = Path(__file__).parent / "data" / "old_logs"


def eager(game, records, codec=None):
    """What Table.extend gave before: the state folded again at every undo and redo."""
    codec = codec or Codec(game)
    pairs, state, counting = [], None, 0
    for r in records:
        ev = codec.decode(r.type, r.version, r.data)
        if isinstance(ev, Undone | Redone):
            pairs.append((r.seq, ev))
            alive = runtime.effective(pairs)
            counting = len(alive)
            state = runtime.fold_all(game, (e for _, e in alive))
            continue
        ev = game.upcast_in_context(state, ev)
        pairs.append((r.seq, ev))
        state = game.fold(state, ev)
        counting += 1
    return pairs, state, counting


def test_connect_four_with_undos_and_redos_loads_as_before_at_every_length():
    eng = Engine(MemoryStore(), load(), clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=5)
    for i, col in enumerate([4, 3, 4, 5, 2, 2, 6, 1, 7]):
        player = eng.to_act(gid)[0]
        eng.move(gid, str(col), player)
        if i % 3 == 1:  # undo the move just made, then play it again or redo it
            eng.undo(gid, player)
            if i % 2:
                eng.redo(gid, player)
            else:
                eng.move(gid, str(col), player)
        if i == 5:  # two undos in a row
            eng.undo(gid, player)
            eng.undo(gid, eng.to_act(gid)[0] if eng.to_act(gid) else player, force=True)
    game = eng.plugins.game("connect-four")
    records = eng.store.load(gid)
    kinds = [r.type for r in records]
    assert kinds.count("meeple.undone") >= 4 and "meeple.redone" in kinds
    for n in range(1, len(records) + 1):  # ending on an undo, a redo, a move
        t = Table(game, eng.store.header(gid))
        t.extend(records[:n])
        pairs, state, counting = eager(game, records[:n])
        assert (t.state, t.counting, t.pairs) == (state, counting, pairs), n
    t = Table(game, eng.store.header(gid))
    t.extend(records[:7])
    t.extend(records[7:])  # in two calls, as a table that follows the store does
    assert (t.state, t.counting) == eager(game, records)[1:]


def test_rows_of_pending_commands_match_the_rows_they_are_stored_as():
    eng = Engine(MemoryStore(), load(), clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=5)
    for col in (4, 3, 4):
        eng.move(gid, str(col), eng.to_act(gid)[0])
    game = eng.plugins.game("connect-four")
    t = Table.load(eng.store, game, gid)
    stored = t.stored_seq
    assert stored > 2
    for col in (5, 2, 2, 6, 1, 7):  # more pending commands than stored records
        t.apply(t.to_act()[0], str(col))
    pending_rows = t.rows()
    assert len(t.pending) == 6 and pending_rows[-1][0] == stored + 6
    t.flush(eng.store)
    ev = dict(t.pairs)
    assert pending_rows == [(r.seq, r.batch, r.actor, ev[r.seq]) for r in eng.store.load(gid)]
    assert [row[2] for row in pending_rows[stored:]] == ["b", "a", "b", "a", "b", "a"]


def test_a_v1_terra_mystica_row_after_an_undo_is_upcast_with_the_state_before_it():
    """An undo in a plugin-version-1 log, then the undone rows stored again: each row after
    the undo becomes the facts of the state without the undone rows."""
    store = JsonlStore(OLD)
    game = load().game("terra-mystica")
    header, stored = store.header("tm-v1"), store.load("tm-v1")
    codec = Codec(game)
    cut = 40
    t, v, d = codec.encode(Undone(cut - 2, cut, "x"))
    undo = attrs.evolve(stored[cut - 1], seq=cut + 1, type=t, version=v, data=d)
    again = [attrs.evolve(r, seq=cut + 2 + i) for i, r in enumerate(stored[cut - 3:cut])]
    records = [*stored[:cut], undo, *again]
    table = Table(game, header, codec)
    table.extend(records)
    pairs, state, counting = eager(game, records, codec)
    assert (table.state, table.counting, table.pairs) == (state, counting, pairs)
    plain = Table(game, header, codec)
    plain.extend(stored[:cut])
    assert table.state == plain.state and table.counting == cut
    # Upcast with the right state: the same facts as where the rows first stood.
    assert [e for _, e in table.pairs[-3:]] == [e for _, e in plain.pairs[-3:]]
    assert {type(e).__name__ for _, e in table.pairs[-3:]} == {"Played"}


def test_a_table_that_follows_the_store_folds_each_event_once_when_nothing_is_undone():
    eng = Engine(MemoryStore(), load(), clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=5)
    for col in (4, 3, 4, 5, 2):
        eng.move(gid, str(col), eng.to_act(gid)[0])
    game = eng.plugins.game("connect-four")
    counting, folded = counting_folds(game)
    records = eng.store.load(gid)
    t = Table(counting, eng.store.header(gid))
    for r in records:  # one record at a time, as a table following the store takes them
        t.extend([r])
    assert len(folded) == len(records)
    assert t.state == eager(game, records)[1]
