"""verify's findings and how they are worded (scripts/mutation.py, docs/testing.md): engine
events forged into a log (mixed batches, a record naming another asker), an undo that
verify replays from its place, and compare's wording of every kind of difference."""

from __future__ import annotations

import attrs
import pytest
from meeple.core import Game, event
from meeple.core.audit import _same, verify
from meeple.core.codec import Codec, dumps
from meeple.core.compare import MAX_VALUE, _show_record, _value, difference, show_event
from meeple.core.events import Redone, Undone
from meeple.core.records import NewEvent, Record, chain
from test_mutation_kills_core_play import PLUGINS, resealed, stored


def forge(eng, gid, records, *events_and_actors):
    """The records plus engine events appended with a correct chain, each its own batch
    unless given as a list (one batch)."""
    codec = Codec(PLUGINS.game("coins"))
    out = list(records)
    for item in events_and_actors:
        batch = item if isinstance(item, list) else [item]
        new = [NewEvent(*codec.encode(ev), actor, "undo") for ev, actor in batch]
        out += chain(eng.store.header(gid).game_id, out[-1].seq, out[-1].hash, new, "t")
    return out


def test_an_undo_in_the_log_is_replayed_from_its_place() -> None:
    eng, gid = stored(moves=2)
    records = eng.store.load(gid)
    good = forge(eng, gid, records, (Undone(3, 3, "b", ("a", "b")), "b"))
    assert verify(PLUGINS.game("coins"), eng.store.header(gid), good).ok
    # After the undo, b flips again: drawn with the undone flip's key.
    eng.undo(gid, "b", agreed=["a"])
    eng.move(gid, "flip", "b")
    report = eng.verify(gid)
    assert report.ok and report.events == 5
    assert eng.state(gid).flips[-1] == eng.state(gid, at=3).flips[-1]


def test_forged_engine_events_are_named() -> None:
    eng, gid = stored(moves=2)
    records = eng.store.load(gid)
    header = eng.store.header(gid)
    game = PLUGINS.game("coins")
    cases = [
        ([(Undone(3, 3, "b", ("a", "b")), "a")],
         "undo at 4 could not have happened: its record names 'a' as the asker, the event 'b'"),
        ([[(Undone(3, 3, "b", ("a", "b")), "b"), (Redone(4, "b"), "b")]],
         "redo at 5 could not have happened: its record is filed under the command at 4; an "
         "undo or redo is a command of its own"),
        ([(Undone(3, 3, "b", ("a", "b")), "b"), (Redone(4, "c"), "c")],
         "redo at 5 could not have happened: only b (who undid it) or b (whose command it was) "
         "may redo the undo at 4"),
        ([(Redone(4, "b"), "b")],
         "redo at 4 could not have happened: there is nothing to redo"),
    ]
    for items, words in cases:
        report = verify(game, header, forge(eng, gid, records, *items))
        assert not report.ok and report.problem.startswith(words), (words, report.problem)
    # A game event in the batch of an undo.
    codec = Codec(game)
    undo = NewEvent(*codec.encode(Undone(3, 3, "b", ("a", "b"))), "b", "undo")
    flip = NewEvent(records[2].type, records[2].version, records[2].data, "b", "undo")
    mixed = records + chain(gid, 3, records[-1].hash, [undo, flip], "t")
    report = verify(game, header, mixed)
    assert (report.ok, report.first_bad_seq) == (False, 5)
    assert report.problem == ("event at 5 could not have happened: a game event shares a batch "
                              "with an undo or redo")
    # An undo record filed under the command before it: named at the undo, not the command.
    bad_batch = resealed(eng, gid, forge(eng, gid, records, (Undone(3, 3, "b", ("a", "b")), "b")),
                         4, batch=3)
    report = verify(game, header, bad_batch)
    assert (report.ok, report.first_bad_seq) == (False, 4)
    assert report.problem == ("undo at 4 could not have happened: its record is filed under the "
                              "command at 3; an undo or redo is a command of its own")


def test_a_legacy_game_checks_undo_by_its_old_rules() -> None:
    eng, gid = stored(moves=2)
    header = eng.store.header(gid)
    legacy = attrs.evolve(header, seed_commitment=None, seed_nonce=None, chance="seq")
    out, prev = [], legacy.hash()
    for r in eng.store.load(gid):  # the same log, chained from the legacy header
        r = attrs.evolve(r, prev_hash=prev)
        r = attrs.evolve(r, hash=r.expected_hash())
        out.append(r)
        prev = r.hash
    game = PLUGINS.game("coins")
    assert verify(game, legacy, out).ok  # no undo yet: "seq" keys as "draw" does

    def old_undo(ev: Undone) -> list[Record]:
        """An undo as the engine of legacy games stored it: no 'forced' or 'proof'."""
        data = dumps({"first_seq": ev.first_seq, "last_seq": ev.last_seq, "by": ev.by,
                      "forced_by": list(ev.forced_by)})
        return out + chain(gid, out[-1].seq, out[-1].hash,
                           [NewEvent(Undone.TYPE, Undone.VERSION, data, ev.by, "undo")], "t")

    # a undoes b's flip (a barrier) with only a's own consent recorded.
    assert verify(game, legacy, old_undo(Undone(3, 3, "a", ("a",)))).ok  # before consent rules
    # The same undo as today's engine writes it: judged by today's rules.
    undo_by_a = forge(eng, gid, out, (Undone(3, 3, "a", ("a",)), "a"))
    downgraded = verify(game, legacy, undo_by_a)
    assert not downgraded.ok and downgraded.first_bad_seq == 4
    assert downgraded.problem == ("undo at 4 could not have happened: it undoes b's events "
                                  "without the consent of b")
    new = verify(game, header, forge(eng, gid, eng.store.load(gid), (Undone(3, 3, "a", ("a",)), "a")))
    assert not new.ok and new.problem == (
        "undo at 4 could not have happened: it undoes b's events without the consent of b")
    report = verify(game, legacy, old_undo(Undone(3, 3, "a")))
    assert not report.ok and report.problem == (
        "undo at 4 could not have happened: it crosses revealed information without recorded "
        "consent")


# -- compare -------------------------------------------------------------------------------


@event("cmp.moved", version=2)
class Moved:
    to: int
    gain: int = 0


@event("cmp.jumped")
class Jumped:
    to: int


class Mover(Game):
    name = "mover"
    events = (Moved, Jumped)

    def upcast(self, type_name, version, data):
        return 2, {"to": data["square"], "gain": 0}

    def changes(self, ev):
        if isinstance(ev, Jumped):
            raise RuntimeError("changes of a jump")
        return {"p1": {"vp": ev.gain}} if ev.gain else {}


def rec(type_name: str, version: int, data: dict | bytes):
    raw = data if isinstance(data, bytes) else dumps(data)
    return chain("g", 0, "0" * 64, [NewEvent(type_name, version, raw, "p1", "x")], "t")[0]


def test_values_are_cut_at_their_limit() -> None:
    assert MAX_VALUE == 80
    assert _value("a" * 78) == repr("a" * 78) and len(_value("a" * 78)) == 80
    assert _value("a" * 79) == repr("a" * 79)[:77] + "..." and len(_value("a" * 79)) == 80
    assert _value([1, 2]) == "[1, 2]"


def test_events_and_records_are_shown_readably() -> None:
    assert show_event(Moved(3, 1)) == "cmp.moved {to=3, gain=1}"
    assert show_event(7) == "int {value=7}"
    assert _show_record(rec("cmp.moved", 2, {"to": 1})) == "cmp.moved v2 {'to': 1}"
    assert _show_record(rec("cmp.moved", 2, b"{bad")) == "cmp.moved v2 b'{bad'"


def test_every_kind_of_difference_is_worded() -> None:
    game, codec = Mover(), Codec(Mover())
    stored = rec("cmp.moved", 2, {"to": 3, "gain": 2})
    # Both report changes that differ: as changes.
    assert difference(game, codec, stored, Moved(3, 3)) == (
        "stored +2 vp for p1, today's rules give +3 vp for p1")
    # Same changes, another field: the fields that differ, each with both values.
    assert difference(game, codec, stored, Moved(4, 2)) == (
        "cmp.moved: to: stored 3, today's rules give 4")
    # One reports no change: the fields.
    assert difference(game, codec, rec("cmp.moved", 2, {"to": 3}), Moved(3, 2)) == (
        "cmp.moved: gain: stored 0, today's rules give 2")
    # Another event class: both events whole.
    assert difference(game, codec, rec("cmp.jumped", 1, {"to": 3}), Moved(3)) == (
        "stored cmp.jumped {to=3}, today's rules give cmp.moved {to=3, gain=0}")
    # Equal fields, different bytes (a key today's class ignores).
    assert difference(game, codec, rec("cmp.moved", 2, {"to": 3, "gain": 0, "x": 1}),
                      Moved(3)) == "cmp.moved: the stored bytes differ from today's encoding"
    # Unreadable stored data: the raw record.
    assert difference(game, codec, rec("cmp.moved", 2, b"{bad"), Moved(1)) == (
        "stored cmp.moved v2 b'{bad', today's rules give cmp.moved {to=1, gain=0}")
    assert difference(game, codec, stored, None) == (
        "stored cmp.moved v2 {'gain': 2, 'to': 3}; today's rules give no event here")
    assert difference(game, codec, None, Moved(4)) == (
        "the log has no event here; today's rules give cmp.moved {to=4, gain=0}")


def test_same_is_equal_bytes_or_an_old_version_equal_once_upcast() -> None:
    codec = Codec(Mover())
    assert _same(codec, rec("cmp.moved", 2, {"gain": 0, "to": 3}), Moved(3))
    assert not _same(codec, rec("cmp.moved", 2, {"gain": 0, "to": 4}), Moved(3))
    assert not _same(codec, rec("cmp.moved", 2, {"gain": 0, "to": 3, "x": 1}), Moved(3))
    assert _same(codec, rec("cmp.moved", 1, {"square": 3}), Moved(3))
    assert not _same(codec, rec("cmp.jumped", 1, {"to": 3}), Moved(3))
    assert not _same(codec, rec("cmp.moved", 1, {"nope": 3}), Moved(3))
    assert _same(codec, rec("cmp.jumped", 1, {"to": 3}), Jumped(3))


@pytest.mark.parametrize("value", [0, 1])
def test_changes_that_crash_are_no_changes(value: int) -> None:
    game, codec = Mover(), Codec(Mover())
    # Jumped's changes raise: the fields are compared instead.
    assert difference(game, codec, rec("cmp.jumped", 1, {"to": value}), Jumped(5)) == (
        f"cmp.jumped: to: stored {value}, today's rules give 5")


# -- findings of events that cannot be folded or set up ------------------------------------


def test_an_event_the_plugin_cannot_fold_is_a_finding() -> None:
    from meeple.core import IllegalCommand
    from test_mutation_kills_core_play import Coins

    eng, gid = stored(moves=2)
    header, records = eng.store.header(gid), eng.store.load(gid)

    class Refusing(Coins):
        def fold(self, state, ev):
            if state is not None and len(state.flips) == 1:
                raise IllegalCommand("no second flip")
            return super().fold(state, ev)

    class Crashing(Coins):
        def fold(self, state, ev):
            if state is not None and len(state.flips) == 1:
                raise ValueError("a\n   b")
            return super().fold(state, ev)

    report = verify(Refusing(), header, records)
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 3, "event 3 cannot be applied: no second flip")
    report = verify(Crashing(), header, records)
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 3, "event 3 cannot be applied: ValueError: a b")


def test_a_setup_todays_rules_refuse_is_a_finding() -> None:
    from meeple.core import BadOptions
    from test_mutation_kills_core_play import Coins

    eng, gid = stored(moves=1)

    class Stricter(Coins):
        def setup(self, players, options, rng):
            raise BadOptions("coins now needs three players")

    report = verify(Stricter(), eng.store.header(gid), eng.store.load(gid))
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 1, "the setup is refused on replay: coins now needs three players")


def test_an_event_of_a_command_naming_another_command_is_a_finding() -> None:
    from meeple.core.engine import Engine
    from meeple.core.plugins import load
    from meeple.core.stores.memory import MemoryStore

    eng = Engine(MemoryStore(), load(), clock=lambda: "t")
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="c4")
    for col in "1212121":
        eng.move(gid, col, eng.to_act(gid)[0])
    records = eng.store.load(gid)
    last = records[-1]
    assert last.batch == last.seq - 1  # the win is the second event of the last drop
    forged = resealed(eng, gid, records, last.seq, command_text="7")
    game = eng.plugins.game("connect-four")
    report = verify(game, eng.store.header(gid), forged)
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, last.seq, f"event {last.seq} names another command")
    forged = resealed(eng, gid, records, last.seq, actor="b")
    assert verify(game, eng.store.header(gid), forged).problem == (
        f"event {last.seq} names another command")
