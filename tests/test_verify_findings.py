"""verify's findings and how they are worded (meeple.core.audit, meeple.core.compare): a good
game reported fully, each kind of forged record, a changed draw, missing and extra events,
engine events forged into a log, undos replayed from their place, a broken chain named by
its record, a stored game whose plugin is gone, and compare's wording of every difference."""

from __future__ import annotations

import dataclasses

import attrs
import orjson
import pytest
from conftest import counting_folds
from meeple.core import (
    BadOptions,
    Game,
    IllegalCommand,
    LocalGame,
    event,
    hookimpl,
)
from meeple.core.audit import (
    VerifyReport,
    _old_shape,
    _same,
    check_chain,
    check_header,
    verify,
)
from meeple.core.codec import Codec, dumps
from meeple.core.compare import MAX_VALUE, _show_record, _value, difference, show_event
from meeple.core.engine import Engine, rechain
from meeple.core.errors import IntegrityError, StoreError
from meeple.core.events import Redone, Undone
from meeple.core.plugins import load
from meeple.core.records import GameHeader, NewEvent, Record, chain
from meeple.core.stores.memory import MemoryStore
from meeple.core.table import Table
from test_engine_api import GAMES, games_engine
from test_match_play import (
    PLUGINS,
    Coins,
    CoinsPlugin,
    CoinsSet,
    CoinState,
    Flipped,
    engine_offering,
    stored,
)


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
        ([(Undone(3, 3, "a", ("a", "b")), "b")],
         "undo at 4 could not have happened: its record names 'b' as the asker, the event 'a'"),
        ([[(Undone(3, 3, "b", ("a", "b")), "b"), (Redone(4, "b"), "b")]],
         "redo at 5 could not have happened: its record is filed under the command at 4; an "
         "undo or redo is a command of its own"),
        ([(Undone(3, 3, "b", ("a", "b")), "b"), (Redone(4, "c"), "c")],
         "redo at 5 could not have happened: only b (who undid it) or b (whose command it was) "
         "may redo the undo at 4"),
        ([(Redone(4, "b"), "b")],
         "redo at 4 could not have happened: there is nothing to redo"),
        ([(Undone(3, 3, "b", ("a", "b")), "b"), (Redone(3, "b"), "b")],
         "redo at 5 could not have happened: it names the undo at 3, but only the undo at 4 "
         "could be redone"),
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


def test_only_an_undo_written_before_consent_records_has_the_old_shape() -> None:
    undo = Undone.TYPE  # type: ignore[attr-defined]
    old = {"first_seq": 3, "last_seq": 3, "by": "a", "forced_by": []}
    assert _old_shape(rec(undo, 1, old))
    assert not _old_shape(rec(undo, 1, {**old, "proof": "agreed"}))
    assert _old_shape(rec(Redone.TYPE, 1, {"undo_seq": 4, "by": "a"}))  # type: ignore[attr-defined]


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
    longer = _value("a" * MAX_VALUE)
    assert len(longer) == MAX_VALUE and longer.endswith("...") and longer.startswith("'aaa")
    assert _value([1, 2]) == "[1, 2]"


@event("cmp.wrapped")
class Wrapped:
    inner: Moved


def test_events_and_records_are_shown_readably() -> None:
    assert show_event(Moved(3, 1)) == "cmp.moved {to=3, gain=1}"
    # A value that is itself an event is shown as it reads, not taken apart.
    assert show_event(Wrapped(Moved(3, 1))) == f"cmp.wrapped {{inner={Moved(3, 1)!r}}}"
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
    from test_match_play import Coins

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


@pytest.mark.parametrize("length", [159, 160, 161, 400])
def test_a_fold_crash_keeps_exactly_the_first_160_characters(length: int) -> None:
    from test_match_play import Coins

    eng, gid = stored(moves=2)
    header, records = eng.store.header(gid), eng.store.load(gid)
    text = "".join(chr(ord("a") + i % 26) for i in range(length))

    class Crashing(Coins):
        def fold(self, state, ev):
            if state is not None and len(state.flips) == 1:
                raise ValueError(text)
            return super().fold(state, ev)

    report = verify(Crashing(), header, records)
    assert report.problem == "event 3 cannot be applied: ValueError: " + text[:160]


def test_a_setup_todays_rules_refuse_is_a_finding() -> None:
    from test_match_play import Coins

    eng, gid = stored(moves=1)

    class Stricter(Coins):
        def setup(self, players, options, rng):
            raise BadOptions("coins now needs three players")

    report = verify(Stricter(), eng.store.header(gid), eng.store.load(gid))
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 1, "the setup is refused on replay: coins now needs three players")

    class StricterBag(BagCoins):  # a setup of two events: named at its first
        def setup(self, players, options, rng):
            raise BadOptions("the bag is lost")

    eng, gid = bag_engine()
    report = verify(StricterBag(), eng.store.header(gid), eng.store.load(gid))
    assert (report.ok, report.first_bad_seq) == (False, 1)


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
    game = eng.plugins.game("connect-four")
    # Another text or player, sorting after the command's own ("1" by a) or before it.
    for changed in ({"command_text": "7"}, {"command_text": "0"}, {"actor": "b"},
                    {"actor": "A"}):
        forged = resealed(eng, gid, records, last.seq, **changed)
        report = verify(game, eng.store.header(gid), forged)
        assert (report.ok, report.first_bad_seq, report.problem) == (
            False, last.seq, f"event {last.seq} names another command"), changed


def connect_four_played(moves: int = 7) -> tuple[Engine, str]:
    """A stored connect four game with `moves` drops, one per column from the left."""
    eng = games_engine()
    gid = eng.new_game("connect-four", ["a", "b"], seed=3, game_id="g")
    for column in range(1, moves + 1):
        eng.move(gid, str(column), eng.to_act(gid)[0])
    return eng, gid


def test_verify_folds_each_event_once_when_nothing_is_undone() -> None:
    eng, gid = connect_four_played(5)
    counting, folded = counting_folds(eng.plugins.game("connect-four"))
    records = eng.store.load(gid)
    assert verify(counting, eng.store.header(gid), records).ok
    assert len(folded) == len(records)


@pytest.mark.parametrize("broken", [2, 3, 6])
def test_a_broken_chain_names_the_record_and_the_one_it_does_not_follow(broken: int) -> None:
    eng, gid = connect_four_played()
    records = list(eng.store.load(gid))
    assert len(records) >= 6
    records[broken - 1] = attrs.evolve(records[broken - 1], prev_hash="0" * 64)
    with pytest.raises(IntegrityError,
                       match=f"record {broken} does not follow record {broken - 1} "):
        check_chain(eng.store.header(gid), records)


def test_a_stored_game_whose_plugin_is_not_installed_fails_verification() -> None:
    eng, gid = connect_four_played(2)
    assert eng.verify(gid).ok
    bare = Engine(eng.store, load(only="no-such-plugin"), clock=eng.clock)
    report = bare.verify(gid)
    assert not report.ok and "connect-four" in report.problem
    assert GAMES.game("connect-four")  # the engine that wrote it still knows the game


def report_of(eng: Engine, gid: str, records) -> VerifyReport:
    return verify(PLUGINS.game("coins"), eng.store.header(gid), records)


def resealed(eng: Engine, gid: str, records, at: int, **change):
    """The records with record ``at`` changed and every hash from it on made right again."""
    header = eng.store.header(gid)
    out, prev = [], header.hash()
    for r in records:
        if r.seq == at:
            r = attrs.evolve(r, **change)
        r = attrs.evolve(r, prev_hash=prev)
        r = attrs.evolve(r, hash=r.expected_hash())
        out.append(r)
        prev = r.hash
    return out


def test_verify_reports_a_good_game_fully() -> None:
    eng, gid = stored()
    report = report_of(eng, gid, eng.store.load(gid))
    assert report == VerifyReport("v", True, 4, None, "", 0, "", "", "")
    assert report.to_json() == {"game_id": "v", "ok": True, "events": 4, "first_bad_seq": None,
                                "problem": "", "chance_unchecked": 0, "upcast": "", "fork": "",
                                "header_id": ""}
    assert verify(PLUGINS.game("coins"), eng.store.header(gid), []).ok


def test_verify_reports_a_finding_fully() -> None:
    # A finding carries where and what, and none of a good report's counts: the draws
    # before the finding are not counted as checked or unchecked.
    eng, gid = stored()
    forged = resealed(eng, gid, eng.store.load(gid), 3, data=b'{"player":"b","value":7}')
    report = report_of(eng, gid, forged)
    assert report.to_json() == {"game_id": "v", "ok": False, "events": 4, "first_bad_seq": 3,
                                "problem": report.problem, "chance_unchecked": 0, "upcast": "",
                                "fork": "", "header_id": ""}
    sealed = verify(PLUGINS.game("coins"), eng.store.header(gid).sealed(), forged[:3])
    assert sealed.ok and sealed.chance_unchecked == 3
    assert verify(PLUGINS.game("coins"), eng.store.header(gid).sealed(),
                  forged[:2] + forged[3:]).chance_unchecked == 0


def test_verify_of_a_sealed_game_takes_each_draw_as_recorded() -> None:
    eng, gid = stored()
    sealed = eng.store.header(gid).sealed()
    report = verify(PLUGINS.game("coins"), sealed, eng.store.load(gid))
    # The setup draws, and each of the three flips: four decisions taken as recorded.
    assert report.ok and report.chance_unchecked == 4
    wrong_seed = attrs.evolve(eng.store.header(gid), seed=4)
    report = verify(PLUGINS.game("coins"), wrong_seed, eng.store.load(gid))
    assert not report.ok and report.first_bad_seq == 0
    assert report.problem == "the header's seed is not the one its commitment seals"


class SureCoins(Coins):
    """Coins whose flips draw nothing: only the opening, at setup, is drawn."""

    name = "sure-coins"

    def decide(self, state, player, cmd, rng):
        return [Flipped(player, 7)]


class CalmCoins(SureCoins):
    """SureCoins whose opening is fixed: nothing is ever drawn."""

    name = "calm-coins"

    def setup(self, players, options, rng):
        return [CoinsSet(tuple(players), 500)]


class SureCoinsPlugin:
    @hookimpl
    def meeple_games(self):
        return [SureCoins(), CalmCoins()]


@pytest.mark.parametrize(("game", "drew", "before_the_end"), [
    ("coins", "9 decisions drew", 8), ("sure-coins", "1 decision drew", 1),
    ("calm-coins", "0 decisions drew", 0)])
def test_a_finished_game_without_its_seed_is_named_with_its_unchecked_draws(
        game: str, drew: str, before_the_end: int) -> None:
    plugins = load(extra=[CoinsPlugin(), SureCoinsPlugin()])
    eng = Engine(MemoryStore(), plugins)
    gid = eng.new_game(game, ["a", "b"], seed=3, game_id="done")
    for _ in range(8):
        eng.move(gid, "flip", eng.to_act(gid)[0])
    assert eng.outcome(gid) is not None
    sealed = eng.store.header(gid).sealed()
    report = verify(plugins.game(game), sealed, eng.store.load(gid))
    assert (report.ok, report.first_bad_seq, report.chance_unchecked) == (False, 0, 0)
    assert report.problem == (
        f"unverifiable draws: the game is over, but header field 'seed' is missing ({drew} "
        "chance that nobody can check; a finished game's export always carries its seed)")
    # One flip short of the end, the same sealed log is a running game's export.
    running = verify(plugins.game(game), sealed, eng.store.load(gid)[:-1])
    assert running.ok and running.chance_unchecked == before_the_end


class UnjudgedCoins(Coins):
    """Cannot tell whether three flips end the game."""

    def outcome(self, state):
        if len(state.flips) == 3:
            raise KeyError("no rule for an odd number of flips")
        return super().outcome(state)


def test_a_sealed_game_whose_end_the_plugin_cannot_judge_is_not_taken_as_finished() -> None:
    # Only a game known to be over must disclose its seed: one the rules cannot judge may
    # still be running, and its export keeps the seed sealed.
    eng, gid = stored()
    report = verify(UnjudgedCoins(), eng.store.header(gid).sealed(), eng.store.load(gid))
    assert (report.ok, report.chance_unchecked) == (True, 4), report.problem


def test_verify_names_each_kind_of_forged_record() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    cases = [
        (resealed(eng, gid, records, 1, actor="a"), 1,
         "record 1 claims to be a command, not the setup"),
        (resealed(eng, gid, records, 1, command_text="x"), 1,
         "record 1 claims to be a command, not the setup"),
        (resealed(eng, gid, records, 2, actor=None), 2, "record 2 has no command that caused it"),
        (resealed(eng, gid, records, 2, command_text=None), 2,
         "record 2 has no command that caused it"),
        (resealed(eng, gid, records, 3, batch=2), 3,
         "seq 3: stored coins.flipped v1 {'player': 'b', 'value': "),
        (resealed(eng, gid, records, 3, batch=1), 3, "record 3 claims batch 1"),
        (resealed(eng, gid, records, 3, batch=4), 3, "record 3 claims batch 4"),
        (resealed(eng, gid, records, 4, batch=9), 4, "record 4 claims batch 9"),
        (resealed(eng, gid, records, 2, type="coins.gone"), 2,
         "record 2 cannot be read: unknown event type 'coins.gone' for coins"),
        (resealed(eng, gid, records, 2, command_text="tails"), 2,
         "seq 2: command 'tails' by a is refused on replay: type flip"),
        (resealed(eng, gid, records, 2, actor="b"), 2,
         "seq 2: command 'flip' by b is refused on replay: it is not b's turn (waiting for a)"),
    ]
    for recs, seq, words in cases:
        report = report_of(eng, gid, recs)
        assert (report.ok, report.first_bad_seq, report.events) == (False, seq, 4), words
        # Each finding in full (a changed value: up to where the drawn value shows).
        whole = report.problem[:len(words)] if words.endswith(" ") else report.problem
        assert whole == words
        assert report.problem.startswith(words), (words, report.problem)


def test_verify_names_a_changed_draw_with_both_values() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    value = eng.state(gid).flips[1][1]
    forged = resealed(eng, gid, records, 3, data=b'{"player":"b","value":7}')
    report = report_of(eng, gid, forged)
    assert report.first_bad_seq == 3 and report.problem == (
        f"seq 3: coins.flipped: value: stored 7, today's rules give {value} (command 'flip' by b)")
    bad_setup = resealed(eng, gid, records, 1, data=b'{"opening":5,"players":["a","b"]}')
    report = report_of(eng, gid, bad_setup)
    opening = eng.state(gid).opening
    assert report.first_bad_seq == 1 and report.problem == (
        f"seq 1: the setup events differ from what the seed and options give: coins.set: "
        f"opening: stored 5, today's rules give {opening}")


def test_verify_names_missing_and_extra_events() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    # An extra event in the setup's batch.
    extra = chain("v", 1, records[0].hash, [NewEvent(records[1].type, 1, records[1].data)], "t")
    extra = [attrs.evolve(extra[0], batch=1)]
    extra = [attrs.evolve(extra[0], hash=extra[0].expected_hash())]
    report = report_of(eng, gid, [records[0], *extra])
    assert report.first_bad_seq == 2 and report.problem.startswith(
        "seq 2: the setup events differ from what the seed and options give: stored "
        "coins.flipped v1")
    assert report.problem.endswith("today's rules give no event here")

    class Double(Coins):
        def decide(self, state, player, cmd, rng):
            (ev,) = super().decide(state, player, cmd, rng)
            return [ev, ev]

        def setup(self, players, options, rng):
            return [*super().setup(players, options, rng), CoinsSet(tuple(players), 1)]

    report = verify(Double(), eng.store.header(gid), records[:1])
    assert report.first_bad_seq == 2 and report.problem == (
        "seq 2: the setup events differ from what the seed and options give: the log has no "
        "event here; today's rules give coins.set {players=('a', 'b'), opening=1}")


def test_check_chain_names_the_first_bad_record() -> None:
    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)
    check_chain(header, records)
    for bad, words in [
        ([records[1]], "record 1 carries sequence number 2"),
        ([attrs.evolve(records[0], game_id="w")], "record 1 belongs to game 'w'"),
        ([attrs.evolve(records[0], game_id="")], "record 1 belongs to game ''"),  # sorts first
        ([records[0], attrs.evolve(records[1], prev_hash="x")],
         "record 2 does not follow record 1 (chain broken)"),
        ([records[0], attrs.evolve(records[1], prev_hash="0" * 64)],
         "record 2 does not follow record 1 (chain broken)"),
        ([attrs.evolve(records[0], recorded_at="then")],
         "record 1 was altered (its hash does not match)"),
        ([attrs.evolve(records[0], data=b"\xff")], "record 1 was altered (its hash does not match)"),
    ]:
        with pytest.raises(IntegrityError) as exc:
            check_chain(header, bad)
        assert str(exc.value) == words
        assert exc.value.seq == (2 if "record 2" in words else 1)


def test_verify_counts_the_unchecked_draws_and_names_the_old_formats() -> None:
    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)
    plain = verify(Coins(), header, records)
    assert (plain.ok, plain.chance_unchecked, plain.upcast) == (True, 0, "")
    empty = verify(Coins(), header, [])
    assert (empty.ok, empty.events, empty.chance_unchecked, empty.upcast) == (True, 0, 0, "")

    class Older(Coins):
        def old_format(self, stored, today):
            return "coins 0.1 (no values)"

    forged = resealed(eng, gid, records, 3, data=b'{"player":"b","value":7}')
    report = verify(Older(), header, forged)
    assert (report.ok, report.chance_unchecked, report.upcast) == (
        True, 0, "stored in format coins 0.1 (no values), upcast: 1 event")
    both = resealed(eng, gid, forged, 2, data=b'{"player":"a","value":9}')
    assert verify(Older(), header, both).upcast == (
        "stored in format coins 0.1 (no values), upcast: 2 events")

    class Confused(Coins):
        def old_format(self, stored, today):
            raise ValueError("cannot tell")

    assert not verify(Confused(), header, forged).ok


class SetUpTwice(Coins):
    """Coins whose setup also sets a fixed opening: a setup one event longer."""

    def setup(self, players, options, rng):
        return [*super().setup(players, options, rng), CoinsSet(tuple(players), 1)]


class SetUpTwicePlugin:
    @hookimpl
    def meeple_games(self):
        return [SetUpTwice()]


def test_an_old_setup_shorter_or_longer_than_todays_is_taken_as_stored() -> None:
    # What the old format's setup left out or had more of is no finding; the rest of the
    # log is replayed from the stored setup.
    class KnowsTheOldSetup(SetUpTwice):
        def old_format(self, stored, today):
            return "coins 0.1 (one setup event)" if (len(stored), len(today)) == (1, 2) else None

    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)
    assert not verify(SetUpTwice(), header, records).ok
    report = verify(KnowsTheOldSetup(), header, records)
    assert report.ok and report.events == 4
    assert report.upcast == "stored in format coins 0.1 (one setup event), upcast: 1 event"

    class KnowsTheLongerSetup(Coins):
        def old_format(self, stored, today):
            return "coins 0.2 (two setup events)" if (len(stored), len(today)) == (2, 1) else None

    twice = Engine(MemoryStore(), load(only="", extra=[SetUpTwicePlugin()]))
    gid = twice.new_game("coins", ["a", "b"], seed=3, game_id="t")
    for _ in range(3):
        twice.move(gid, "flip", twice.to_act(gid)[0])
    header, records = twice.store.header(gid), twice.store.load(gid)
    assert [r.batch for r in records] == [1, 1, 3, 4, 5]
    assert verify(Coins(), header, records).first_bad_seq == 2
    report = verify(KnowsTheLongerSetup(), header, records)
    assert report.ok and report.events == 5
    assert report.upcast == "stored in format coins 0.2 (two setup events), upcast: 2 events"


def test_a_fork_is_checked_blind_up_to_its_fork_point() -> None:
    eng, gid = stored()
    fid = eng.fork(gid, 3, "f")
    eng.move(fid, "flip", "a")
    report = eng.verify(fid)
    # The setup and two flips drew with the source's seed, which this store holds: checked
    # with it; the flip after the fork point draws with the fork's own.
    assert report.ok and report.chance_unchecked == 0 and report.events == 4
    # Without its source the first three are checked blind: taken as recorded.
    alone = Engine(MemoryStore(), PLUGINS)
    alone.store.import_game(eng.store.header(fid), eng.store.load(fid))
    report = alone.verify(fid)
    assert report.ok and report.chance_unchecked == 3 and report.events == 4
    assert report.fork == ("forked from v at event 3, which is not in this store: the events "
                           "before the fork are checked against the rules, their draws taken "
                           "as recorded")


def test_a_header_forked_from_its_own_game_is_named_at_the_header() -> None:
    eng, gid = connect_four_played(2)
    forged = attrs.evolve(eng.store.header(gid), forked_from=(gid, 1))
    with pytest.raises(IntegrityError) as exc:
        check_header(forged, eng.store.load(gid))
    assert str(exc.value) == "header field 'forked_from' names the game itself"
    assert exc.value.seq == 0  # the header, before every event


# -- a fork's reshuffle: a game with a bag whose order nobody has seen --------------------

@event("bag-coins.bagged")
class Bagged:
    order: tuple[int, ...]


@dataclasses.dataclass
class BagState(CoinState):
    bag: list[int] = dataclasses.field(default_factory=list)


class BagCoins(Coins):
    """Coins with a bag of numbered chips whose order nobody sees (its contents everyone
    does): a fork draws the order anew."""

    name = "bag-coins"
    events = (CoinsSet, Flipped, Bagged)

    def setup(self, players, options, rng):
        return [*super().setup(players, options, rng), Bagged(tuple(rng.sample(range(9), 9)))]

    def fold(self, state, ev):
        if isinstance(ev, CoinsSet):
            return BagState(ev.players, ev.opening, [])
        if isinstance(ev, Bagged):
            state.bag = list(ev.order)
            return state
        return super().fold(state, ev)

    def view(self, state, player):
        return dataclasses.replace(state, flips=list(state.flips), bag=sorted(state.bag))

    def reshuffle_unrevealed(self, state, rng):
        return [Bagged(tuple(rng.sample(state.bag, len(state.bag))))]

    def parse(self, text, state=None, player=None):
        return Draw() if text.strip() == "draw" else super().parse(text, state, player)

    def format(self, cmd, state=None):
        return "draw" if isinstance(cmd, Draw) else super().format(cmd, state)

    def decide(self, state, player, cmd, rng):
        if isinstance(cmd, Draw):  # two events: the bag's rest, then the chip drawn (shown)
            return [Bagged(tuple(state.bag[1:])), Flipped(player, state.bag[0])]
        return super().decide(state, player, cmd, rng)


@dataclasses.dataclass(frozen=True)
class Draw:
    """Take the bag's next chip as one's flip."""


class BagCoinsPlugin:
    @hookimpl
    def meeple_games(self):
        return [BagCoins()]


BAG_PLUGINS = load(extra=[BagCoinsPlugin()])


def bag_engine() -> tuple[Engine, str]:
    """A bag-coins game with two flips (events 1-4), forked at 4 and flipped on."""
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5, game_id="src")
    for p in "ab":
        eng.move(gid, "flip", p)
    eng.fork(gid, 4, "first")
    eng.move("first", "flip", "a")
    return eng, gid


def test_a_record_of_no_command_where_a_fork_reshuffles_nothing_is_named() -> None:
    eng, gid = stored(moves=2)
    fid = eng.fork(gid, 3, "f")  # coins hide nothing: the fork appends no reshuffle
    records = eng.store.load(fid)
    extra = attrs.evolve(records[-1], seq=4, batch=4, actor=None, command_text=None)
    header = attrs.evolve(eng.store.header(fid), game_id="forged")
    report = verify(PLUGINS.game("coins"), header, rechain(header, [*records, extra]))
    assert (report.first_bad_seq, report.problem) == (4, "record 4 has no command that caused it")


def test_a_fork_whose_seed_is_zero_verifies(monkeypatch: pytest.MonkeyPatch) -> None:
    # Zero is a seed like any other, though it is false: the reshuffle is checked with it.
    monkeypatch.setattr("meeple.core.engine.new_seed", lambda: 0)
    eng, _ = bag_engine()
    assert eng.store.header("first").seed == 0
    assert eng.verify("first").ok, eng.verify("first").problem


def test_a_forks_reshuffle_counts_toward_the_keys_of_later_draws() -> None:
    eng, _ = bag_engine()
    records = eng.store.load("first")
    assert [r.type for r in records] == ["coins.set", "bag-coins.bagged", "coins.flipped",
                                         "coins.flipped", "bag-coins.bagged", "coins.flipped"]
    assert records[4].actor is None and records[4].batch == 5
    assert eng.verify("first").ok
    # A fork of the fork, checked where the first fork is not: the first fork's reshuffle
    # is a copied event, and still counts toward the key of the flip drawn after it.
    eng.fork("first", 6, "second")
    eng.move("second", "flip", "b")
    alone = Engine(MemoryStore(), BAG_PLUGINS)
    alone.store.import_game(eng.store.header("second"), eng.store.load("second"))
    report = alone.verify("second")
    assert report.ok and report.events == 8 and report.chance_unchecked == 5, report.problem


def test_a_fork_that_ends_at_its_fork_point_without_the_reshuffle_is_named() -> None:
    eng, gid = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    header = eng.store.header("first")
    source = eng.store.load(gid)
    report = verify(game, header, rechain(header, source))
    assert not report.ok and report.first_bad_seq == 5
    assert report.problem == ("seq 5: the fork's reshuffle of what nobody had seen is missing "
                              "(the fork would draw what its source draws next)")
    reshuffled = eng.store.load("first")[:5]
    assert verify(game, header, rechain(header, reshuffled)).ok
    # No undo reaches before the reshuffle: b's flip at 4 is the source's.
    undo = Undone(4, 4, "b")
    forged = [*reshuffled, *chain("first", 5, reshuffled[-1].hash,
                                  [NewEvent(*Codec(game).encode(undo), "b", "undo")], "t")]
    assert verify(game, header, forged).problem == (
        "undo at 6 could not have happened: there was nothing to undo")
    # A game over at its fork point reshuffles nothing: its log may end there.
    for p in "ababab":
        eng.move(gid, "flip", p)
    assert eng.outcome(gid) is not None
    over = eng.fork(gid, 10, "over")
    assert len(eng.store.load(over)) == 10 and eng.verify(over).ok


def test_a_fork_point_past_event_256_is_compared_by_value() -> None:
    # Event numbers past 256 are distinct int objects in CPython: undo/redo pairs make
    # the log long enough for the reshuffle's place to be one.
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5, game_id="src")
    eng.move(gid, "flip", "a")
    while eng.store.last(gid)[0] < 300:
        eng.undo(gid, "a", agreed=["b"])
        eng.redo(gid, "a")
    at = eng.store.last(gid)[0]
    fid = eng.fork(gid, at, "f")
    header, game = eng.store.header(fid), BAG_PLUGINS.game("bag-coins")
    assert eng.store.load(fid)[-1].seq == at + 1 and eng.verify(fid).ok
    report = verify(game, header, rechain(header, eng.store.load(gid)))
    assert (report.first_bad_seq, report.problem) == (
        at + 1, f"seq {at + 1}: the fork's reshuffle of what nobody had seen is missing "
        "(the fork would draw what its source draws next)")


def test_a_command_past_event_256_may_be_redone_by_its_own_player() -> None:
    # The player of an undone command is found by its event number, compared by value.
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5)
    eng.move(gid, "flip", "a")
    while eng.store.last(gid)[0] < 300:
        eng.undo(gid, "a", agreed=["b"])
        eng.redo(gid, "a")
    eng.move(gid, "flip", eng.to_act(gid)[0])
    mover = eng.to_act(gid)[0]
    eng.move(gid, "flip", mover)
    other = "a" if mover == "b" else "b"
    eng.undo(gid, other, agreed=[mover])
    eng.redo(gid, mover)
    assert eng.verify(gid).ok


def test_a_sealed_forks_reshuffle_is_taken_as_recorded_and_cannot_be_left_out() -> None:
    # Without the fork's seed its reshuffle cannot be drawn again: it is taken as recorded
    # and counted unchecked, but a game whose reshuffle draws must still have one.
    eng, gid = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    sealed = eng.store.header("first").sealed()
    report = verify(game, sealed, eng.store.load("first"))
    # The setup, both flips, the reshuffle and the flip after it.
    assert (report.ok, report.events, report.chance_unchecked) == (True, 6, 5), report.problem
    cut = verify(game, sealed, rechain(sealed, eng.store.load(gid)[:4]))
    assert (cut.ok, cut.first_bad_seq) == (False, 5)
    assert cut.problem == ("seq 5: the fork's reshuffle of what nobody had seen is missing "
                           "(the fork would draw what its source draws next)")


def test_an_undo_of_a_command_of_several_events_names_them_all_and_its_barrier() -> None:
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5, game_id="bag")
    eng.move(gid, "draw", "a")
    records = eng.store.load(gid)
    assert [(r.seq, r.batch, r.type) for r in records[2:]] == [
        (3, 3, "bag-coins.bagged"), (4, 3, "coins.flipped")]
    game, header = BAG_PLUGINS.game("bag-coins"), eng.store.header(gid)
    codec = Codec(game)

    def undone(*undo: Undone) -> list[Record]:
        new = [NewEvent(*codec.encode(u), u.by, "undo") for u in undo]
        return [*records, *chain(gid, 4, records[-1].hash, new, "t")]

    assert verify(game, header, undone(Undone(3, 4, "a", ("b", "a")))).ok
    # The chip drawn was shown: undoing it needs everyone, also the one who drew it.
    report = verify(game, header, undone(Undone(3, 4, "a")))
    assert report.problem == ("undo at 5 could not have happened: it undoes a's events "
                              "without the consent of b")
    report = verify(game, header, undone(Undone(4, 4, "a", ("b", "a"))))
    assert report.problem == ("undo at 5 could not have happened: it names events 4-4, but "
                              "the last command that counted was events 3-4")


def test_a_fork_without_its_reshuffle_or_with_another_order_is_named() -> None:
    eng, gid = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    header = eng.store.header("first")
    eng.move(gid, "flip", "a")  # the source goes on where the fork reshuffled
    report = verify(game, header, rechain(header, eng.store.load(gid)))
    assert report.first_bad_seq == 5 and report.problem == (
        "seq 5: the fork's reshuffle of what nobody had seen is missing (the fork would draw "
        "what its source draws next)")
    records = eng.store.load("first")
    order = records[4].data
    turned = attrs.evolve(records[4], data=dumps({"order": list(reversed(orjson.loads(order)["order"]))}))
    report = verify(game, header, rechain(header, [*records[:4], turned, *records[5:]]))
    stored = tuple(reversed(orjson.loads(order)["order"]))
    assert report.first_bad_seq == 5 and report.problem == (
        f"seq 5: bag-coins.bagged: order: stored {stored}, today's rules give "
        f"{tuple(reversed(stored))} (the fork's reshuffle)")


def test_a_forks_copied_event_that_is_not_its_sources_is_named() -> None:
    eng, _ = bag_engine()
    header, records = eng.store.header("first"), eng.store.load("first")
    # Before and after the source's "flip", and at the fork point itself.
    for i, (seq, text) in enumerate([(3, "a"), (3, "zzz"), (4, "a")]):
        copy = attrs.evolve(header, game_id=f"copy{i}")
        changed = attrs.evolve(records[seq - 1], command_text=text)
        forged = [*records[:seq - 1], changed, *records[seq:]]
        eng.store.import_game(copy, rechain(copy, forged))
        report = eng.verify(f"copy{i}")
        assert report.first_bad_seq == seq and report.problem == (
            f"header field 'forked_from' names 'src' at 4, but event {seq} is not that game's "
            f"event {seq}"), text


def test_a_fork_names_a_source_shorter_than_its_fork_point() -> None:
    eng, gid = bag_engine()
    header = attrs.evolve(eng.store.header("first"), game_id="short", forked_from=(gid, 6))
    eng.store.import_game(header, rechain(header, eng.store.load(gid)))
    report = eng.verify("short")
    assert report.first_bad_seq == 0 and report.problem == (
        "header field 'forked_from' names 'src' at 6, but that game has only 4 events")


def test_a_fork_right_after_an_undo_reshuffles_the_state_after_it() -> None:
    eng, gid = bag_engine()
    eng.move(gid, "draw", "a")  # events 5-6: a chip leaves the bag
    eng.undo(gid, "a", agreed=["b"])  # at 7: the chip is back
    eng.fork(gid, 7, "after-undo")
    records = eng.store.load("after-undo")
    assert len(orjson.loads(records[7].data)["order"]) == 9  # the whole bag reshuffled
    eng.move("after-undo", "flip", "a")
    report = eng.verify("after-undo")
    assert report.ok and report.events == 9, report.problem
    # Without its source too: the undo's state is folded anew before the reshuffle.
    alone = Engine(MemoryStore(), BAG_PLUGINS)
    alone.store.import_game(eng.store.header("after-undo"), eng.store.load("after-undo"))
    assert alone.verify("after-undo").ok


def test_a_redo_after_a_new_move_is_named() -> None:
    eng, gid = stored(moves=2)
    eng.undo(gid, "b", agreed=["a"])
    eng.move(gid, "flip", "b")
    records = eng.store.load(gid)
    report = verify(PLUGINS.game("coins"), eng.store.header(gid),
                    forge(eng, gid, records, (Redone(4, "b"), "b")))
    assert report.first_bad_seq == 6 and report.problem == (
        "redo at 6 could not have happened: cannot redo: new moves were made after the undo")


def test_a_game_filed_under_another_id_than_its_header_names_is_named() -> None:
    eng, gid = stored()
    eng.store._headers["copy"], eng.store._logs["copy"] = eng.store._headers[gid], eng.store._logs[gid]
    report = eng.verify("copy")
    assert (report.ok, report.game_id, report.header_id, report.first_bad_seq) == (
        False, "copy", "v", None)
    assert report.problem == ("header field 'game_id' names 'v', but the store files this "
                              "game under 'copy'")
    assert eng.verify(gid).header_id == ""
    # Filed under an id that sorts after the header's, too.
    eng.store._headers["x"], eng.store._logs["x"] = eng.store._headers[gid], eng.store._logs[gid]
    assert (eng.verify("x").ok, eng.verify("x").header_id) == (False, "v")


def test_a_fork_whose_source_cannot_be_read_is_named_at_the_header() -> None:
    eng, gid = bag_engine()
    header_of = eng.store.header

    def damaged(game_id: str):
        if game_id == gid:
            raise StoreError("the stored header of src is damaged: torn")
        return header_of(game_id)

    eng.store.header = damaged
    report = eng.verify("first")
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 0, "header field 'forked_from' names 'src', which cannot be read: the stored "
        "header of src is damaged: torn")


class RefusingBag(BagCoins):
    """Today's rules refuse to reshuffle the bag."""

    def reshuffle_unrevealed(self, state, rng):
        raise IllegalCommand("the bag is sewn shut")


class FragileBag(BagCoins):
    """Cannot fold an empty bag."""

    def fold(self, state, ev):
        if isinstance(ev, Bagged) and not ev.order:
            raise ValueError("an empty bag")
        return super().fold(state, ev)


def second_fork() -> tuple[Engine, GameHeader, list[Record]]:
    """A fork of a fork (the first's reshuffle at 5 copied), on its own: no source."""
    eng, _ = bag_engine()
    eng.fork("first", 6, "second")
    return eng, eng.store.header("second"), eng.store.load("second")


def test_a_reshuffle_todays_rules_refuse_is_named() -> None:
    eng, _ = bag_engine()
    header, records = eng.store.header("first"), eng.store.load("first")
    report = verify(RefusingBag(), header, records)
    assert report.first_bad_seq == 5 and report.problem == (
        "the fork's reshuffle is refused on replay: the bag is sewn shut")
    # A copied reshuffle the rules no longer make is no reshuffle.
    _, header, records = second_fork()
    report = verify(RefusingBag(), header, records)
    assert report.first_bad_seq == 5 and report.problem == (
        "record 5 has no command that caused it, and is not a fork's reshuffle of what nobody "
        "had seen")


def test_a_fork_right_after_a_copied_reshuffle_checks_it_up_to_the_fork_point() -> None:
    # Forked at 5, the first fork's reshuffle: the copied reshuffle is the fork point's own
    # event, checked as a reshuffle; this fork's own follows at 6.
    eng, _ = bag_engine()
    eng.fork("first", 5, "tip")
    header, records = eng.store.header("tip"), eng.store.load("tip")
    assert [(r.seq, r.actor) for r in records][4:] == [(5, None), (6, None)]
    report = verify(BagCoins(), header, records)
    # Taken as recorded: the setup, both flips and the copied reshuffle.
    assert (report.ok, report.events, report.chance_unchecked) == (True, 6, 4), report.problem


def test_a_copied_reshuffle_the_game_cannot_fold_is_no_reshuffle() -> None:
    _, header, records = second_fork()
    assert verify(FragileBag(), header, records).ok
    empty = attrs.evolve(records[4], data=dumps({"order": []}))
    report = verify(FragileBag(), header, rechain(header, [*records[:4], empty, *records[5:]]))
    assert report.first_bad_seq == 5 and report.problem == (
        "record 5 has no command that caused it, and is not a fork's reshuffle of what nobody "
        "had seen")


@event("bag-coins.shaken")
class Shaken:
    """The bag shaken and put back as it was: nothing anyone sees changes."""


class ShakingBag(BagCoins):
    events = (*BagCoins.events, Shaken)

    def fold(self, state, ev):
        return state if isinstance(ev, Shaken) else super().fold(state, ev)


def test_a_copied_reshuffle_of_other_event_kinds_is_no_reshuffle_though_no_view_changes() -> None:
    _, header, records = second_fork()
    game = ShakingBag()
    assert verify(game, header, records).ok
    kind, version, data = Codec(game).encode(Shaken())
    shaken = attrs.evolve(records[4], type=kind, version=version, data=data)
    report = verify(game, header, rechain(header, [*records[:4], shaken, *records[5:]]))
    assert report.first_bad_seq == 5 and report.problem == (
        "record 5 has no command that caused it, and is not a fork's reshuffle of what nobody "
        "had seen")


def test_the_header_is_held_to_the_installed_plugins_version_and_its_seed() -> None:
    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)

    class Versioned(Coins):
        version = "1.10.0"

    for older in ("1.10.0", "1.9.9", "1.10", "0.99", "1.10.0-beta", "x"):
        check_header(attrs.evolve(header, plugin_version=older), records, Versioned())
    for newer in ("1.10.1", "1.11", "2", "1.10.0.1"):
        with pytest.raises(IntegrityError) as exc:
            check_header(attrs.evolve(header, plugin_version=newer), records, Versioned())
        assert str(exc.value) == (
            f"header field 'plugin_version' says {newer}, newer than the installed coins "
            "plugin (1.10.0): its rules cannot vouch for a later version's log")
        assert exc.value.seq == 0
    check_header(attrs.evolve(header, plugin_version="9"), records)  # no game: not compared
    with pytest.raises(IntegrityError) as exc:
        check_header(attrs.evolve(header, seed_nonce=None), records)
    assert str(exc.value) == ("header field 'seed_nonce' is missing while the seed is there: "
                              "the seed cannot be checked against its commitment")
    assert exc.value.seq == 0  # the header, before every event
    check_header(attrs.evolve(header, seed=None, seed_nonce=None), records)  # sealed export
    with pytest.raises(IntegrityError) as exc:
        check_header(attrs.evolve(header, chance="seq"), records)
    assert str(exc.value) == ("header field 'chance' says 'seq', which only headers without a "
                              "seed commitment use")
    assert exc.value.seq == 0
    # A header from before seed commitments is judged by its own rules.
    legacy = attrs.evolve(header, seed_commitment=None, seed_nonce=None, chance="seq")
    check_header(legacy, records)


def test_a_command_whose_last_events_are_missing_names_the_first_missing_one() -> None:
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5, game_id="bag")
    eng.move(gid, "draw", "a")
    eng.move(gid, "flip", "b")
    game, header = BAG_PLUGINS.game("bag-coins"), eng.store.header(gid)
    records = eng.store.load(gid)
    report = verify(game, header, rechain(header, records[:3]))  # the chip drawn is gone
    assert report.first_bad_seq == 4 and report.problem.startswith("seq 4: ")
    assert report.problem.endswith(": 'draw' gives 2 events, the log has 1 (command 'draw' by a)")
    # An event of another command filed in the batch: named by its place.
    moved = attrs.evolve(records[3], actor="b")
    report = verify(game, header, rechain(header, [*records[:3], moved, *records[4:]]))
    assert (report.first_bad_seq, report.problem) == (4, "event 4 names another command")


class ThriceBag(BagCoins):
    """Bag coins whose fork reshuffles the bag three times (three events of no command)."""

    name = "thrice-bag-coins"

    def reshuffle_unrevealed(self, state, rng):
        return [ev for _ in range(3) for ev in BagCoins.reshuffle_unrevealed(self, state, rng)]


def test_a_reshuffle_missing_its_last_events_is_named() -> None:
    eng = engine_offering(ThriceBag())
    gid = eng.new_game("thrice-bag-coins", ["a", "b"], seed=5, game_id="src")
    eng.move(gid, "flip", "a")
    eng.fork(gid, 3, "f")
    header, records = eng.store.header("f"), eng.store.load("f")
    assert [(r.seq, r.batch, r.actor) for r in records[3:]] == [
        (4, 4, None), (5, 4, None), (6, 4, None)]
    assert verify(ThriceBag(), header, records).ok
    for kept in (4, 5):  # the missing event's number is the last one's plus one
        report = verify(ThriceBag(), header, records[:kept])
        assert (report.first_bad_seq, report.problem) == (
            kept + 1, f"seq {kept + 1}: the fork's reshuffle gives 3 events, the log has "
            f"{kept - 3}")


def test_a_fork_anywhere_inside_a_command_of_three_events_is_refused() -> None:
    class TwiceBagged(BagCoins):
        name = "twice-bagged"

        def decide(self, state, player, cmd, rng):
            bag = tuple(state.bag)
            return [*Coins.decide(self, state, player, cmd, rng), Bagged(bag), Bagged(bag)]

    eng = engine_offering(TwiceBagged())
    gid = eng.new_game("twice-bagged", ["a", "b"], seed=5, game_id="src")
    flip = eng.move(gid, "flip", "a")
    eng.move(gid, "flip", "b")  # the log goes on after the command split
    start = flip[0].seq
    assert [r.batch for r in flip] == [start] * 3
    for at in (start, start + 1):  # the command's first event, then its second
        with pytest.raises(BadOptions) as exc:
            eng.fork(gid, at)
        assert str(exc.value) == (f"event {at} is inside a command's events; fork at the last "
                                  f"event of a command (the command starting at {start} ends "
                                  "later)")
    assert eng.fork(gid, start + 2, "f") == "f"


def test_a_fork_at_an_undo_reshuffles_what_the_undo_left_when_a_redo_follows() -> None:
    """Each flip also bags chips in an order nobody sees; the setup bags none. Undoing the
    first flip leaves no bag, so a fork there reshuffles nothing, and the redo after it
    must replay as the fork's next command."""
    class FlipBags(BagCoins):
        name = "flip-bags"

        def setup(self, players, options, rng):
            return Coins.setup(self, players, options, rng)

        def decide(self, state, player, cmd, rng):
            return [*Coins.decide(self, state, player, cmd, rng),
                    Bagged(tuple(rng.sample(range(3), 3)))]

        def reshuffle_unrevealed(self, state, rng):
            return BagCoins.reshuffle_unrevealed(self, state, rng) if state.bag else []

    eng = engine_offering(FlipBags())
    gid = eng.new_game("flip-bags", ["a", "b"], seed=5, game_id="src")
    eng.move(gid, "flip", "a")
    undo = eng.undo(gid, "a", agreed=["b"])
    eng.fork(gid, undo.seq, "f")
    assert len(eng.store.load("f")) == undo.seq  # nothing unseen after the undo
    eng.redo("f", "a")
    header, records = eng.store.header("f"), eng.store.load("f")
    assert [r.type for r in records[undo.seq:]] == [Redone.TYPE]
    report = verify(FlipBags(), header, records)
    assert (report.ok, report.first_bad_seq, report.problem) == (True, None, "")


def test_an_earlier_forks_reshuffle_missing_an_event_is_named() -> None:
    eng = engine_offering(ThriceBag())
    gid = eng.new_game("thrice-bag-coins", ["a", "b"], seed=5, game_id="src")
    eng.move(gid, "flip", "a")
    eng.fork(gid, 3, "first")  # its reshuffle is events 4-6
    eng.move("first", "flip", "b")
    eng.fork("first", 7, "second")
    header, records = eng.store.header("second"), eng.store.load("second")
    assert [r.actor for r in records[3:6]] == [None] * 3
    alone = engine_offering(ThriceBag())  # "first" is not here: its reshuffle is read as stored
    alone.store.import_game(header, records)
    assert alone.verify("second").ok
    # Event 6 left out: what follows moves down one, the fork point with it.
    short = attrs.evolve(header, game_id="short", forked_from=("first", 6))
    later = [attrs.evolve(r, batch=r.batch - 1) for r in records[6:]]
    alone.store.import_game(short, rechain(short, [*records[:5], *later]))
    report = alone.verify("short")
    assert (report.first_bad_seq, report.problem) == (
        4, "record 4 has no command that caused it, and is not a fork's reshuffle of what "
        "nobody had seen")


@event("split-coins.noted")
class Noted:
    player: str


class SplitCoins(Coins):
    """Reads each flip as the flip and a note of who flipped (one record, two events)."""

    name = "split-coins"
    events = (CoinsSet, Flipped, Noted)

    def fold(self, state, ev):
        return state if isinstance(ev, Noted) else super().fold(state, ev)

    def upcasts_in_context(self, ev):
        return isinstance(ev, Flipped)

    def upcast_in_context(self, state, ev):
        return [ev, Noted(ev.player)] if isinstance(ev, Flipped) else ev


def test_a_record_read_as_several_events_counts_once_toward_the_next_draw() -> None:
    eng = engine_offering(SplitCoins())
    gid = eng.new_game("split-coins", ["a", "b"], seed=4, game_id="s")
    for p in "aba":
        eng.move(gid, "flip", p)
    t = eng.table(gid)  # the engine's table, which read each flip as it was played
    assert [(seq, type(e).__name__) for seq, e in t.pairs] == [
        (1, "CoinsSet"), *[(seq, name) for seq in (2, 3, 4) for name in ("Flipped", "Noted")]]
    assert t.counting == 4 and eng.verify(gid).ok
    loaded = Table.load(eng.store, eng.plugins.game("split-coins"), gid)
    assert (loaded.pairs, loaded.counting) == (t.pairs, t.counting)
    # Each flip drew with the key of its record's place, as in a game without notes.
    plain = LocalGame(Coins(), ["a", "b"], seed=4)
    for p in "aba":
        plain.play(p, "flip")
    assert eng.state(gid).flips == plain.state.flips


class TwinCoins(Coins):
    """Flips twice per command, and reads each flip in context as itself (one record, one
    event each)."""

    name = "twin-coins"

    def decide(self, state, player, cmd, rng):
        (ev,) = super().decide(state, player, cmd, rng)
        return [ev, ev]

    def upcasts_in_context(self, ev):
        return isinstance(ev, Flipped)

    def upcast_in_context(self, state, ev):
        return ev


def test_each_event_of_a_command_read_in_context_keeps_its_own_seq() -> None:
    eng = engine_offering(TwinCoins())
    gid = eng.new_game("twin-coins", ["a", "b"], seed=4, game_id="t")
    eng.move(gid, "flip", eng.to_act(gid)[0])
    t = eng.table(gid)
    assert [(seq, type(e).__name__) for seq, e in t.pairs] == [
        (1, "CoinsSet"), (2, "Flipped"), (3, "Flipped")]
    assert t.last_seq == 3 and [r.seq for r in eng.store.load(gid)] == [1, 2, 3]

    class TwinSplitCoins(SplitCoins):  # each of the two records read as two events
        def decide(self, state, player, cmd, rng):
            (ev,) = SplitCoins.decide(self, state, player, cmd, rng)
            return [ev, ev]

    eng = engine_offering(TwinSplitCoins())
    gid = eng.new_game("split-coins", ["a", "b"], seed=4, game_id="t")
    eng.move(gid, "flip", eng.to_act(gid)[0])
    t = eng.table(gid)
    assert [(seq, type(e).__name__) for seq, e in t.pairs] == [
        (1, "CoinsSet"), (2, "Flipped"), (2, "Noted"), (3, "Flipped"), (3, "Noted")]
    assert t.counting == 3 and eng.verify(gid).ok


class LostFormatCoins(Coins):
    """Reads each flip in context, and has lost the reading of any flip after the first."""

    def upcasts_in_context(self, ev):
        return isinstance(ev, Flipped)

    def upcast_in_context(self, state, ev):
        if state.flips:
            raise BadOptions(f"no reading for a flip by {ev.player} after the first")
        return ev


def test_an_event_the_game_cannot_upcast_is_named_as_unreadable() -> None:
    eng, gid = stored()
    report = verify(LostFormatCoins(), eng.store.header(gid), eng.store.load(gid))
    assert (report.ok, report.first_bad_seq) == (False, 3)
    assert report.problem == "event 3 cannot be read: no reading for a flip by b after the first"


def test_a_redo_names_the_standing_undo_and_puts_its_command_back() -> None:
    eng, gid = stored(moves=2)
    game, header, records = PLUGINS.game("coins"), eng.store.header(gid), eng.store.load(gid)
    undo = (Undone(3, 3, "b", ("a", "b")), "b")
    for named in (3, 9):  # before the undo, and past it
        report = verify(game, header, forge(eng, gid, records, undo, (Redone(named, "b"), "b")))
        assert report.first_bad_seq == 5 and report.problem == (
            f"redo at 5 could not have happened: it names the undo at {named}, but only the "
            "undo at 4 could be redone")
    # Redone, the command counts again: it may be undone again, and the redo is spent.
    again = forge(eng, gid, records, undo, (Redone(4, "b"), "b"), undo)
    assert verify(game, header, again).ok
    report = verify(game, header, forge(eng, gid, records, undo, (Redone(4, "b"), "b"),
                                        (Redone(4, "b"), "b")))
    assert report.problem == "redo at 6 could not have happened: there is nothing to redo"
    # Two undos stand: the later is redone first, then the earlier.
    two = forge(eng, gid, records, undo, (Undone(2, 2, "a", ("a", "b")), "a"),
                (Redone(5, "a"), "a"), (Redone(4, "b"), "b"))
    assert verify(game, header, two).ok


def test_a_fork_is_stored_with_its_reshuffle_and_the_status_after_it() -> None:
    eng = Engine(MemoryStore(), BAG_PLUGINS)
    gid = eng.new_game("bag-coins", ["a", "b"], seed=5, game_id="src")
    eng.move(gid, "flip", "a")
    eng.fork(gid, 3, "f")
    records = eng.store.load("f")
    assert [(r.seq, r.batch, r.actor, r.command_text) for r in records[3:]] == [
        (4, 4, None, None)]
    assert records[3].prev_hash == records[2].hash and records[3].game_id == "f"
    assert eng.store.status("f") == {"seq": 4, "game": "bag-coins", "status": "running",
                                     "to_act": ["b"]}
    assert sorted(eng.state("f").bag) == sorted(eng.state(gid).bag)
    assert eng.state("f").flips == eng.state(gid).flips


def test_no_record_of_the_setup_or_a_reshuffle_names_a_command() -> None:
    eng, gid = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    source = eng.store.load(gid)
    assert [(r.seq, r.batch) for r in source[:2]] == [(1, 1), (2, 1)]
    forged = resealed(eng, gid, source, 2, actor="a")
    assert verify(game, eng.store.header(gid), forged).problem == (
        "record 2 claims to be a command, not the setup")
    fork = eng.store.load("first")
    forged = resealed(eng, "first", fork, 5, command_text="flip")
    assert verify(game, eng.store.header("first"), forged).problem == (
        "record 5 claims to be a command, not the fork's reshuffle")
    eng.fork("first", 6, "second")
    second, header = eng.store.load("second"), eng.store.header("second")
    assert verify(game, header, second).ok
    forged = resealed(eng, "second", second, 5, command_text="flip")
    assert verify(game, header, forged).problem == (
        "record 5 claims to be a command, not an earlier fork's reshuffle")


def test_a_copied_reshuffle_with_an_extra_event_or_a_changed_view_is_not_one() -> None:
    eng, _ = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    eng.fork("first", 6, "second")
    second, header = eng.store.load("second"), eng.store.header("second")
    assert verify(game, header, second).ok
    copied = second[4]
    assert (copied.seq, copied.actor) == (5, None)
    # A second, identical reshuffle event in the same batch: it changes no view, but a
    # fork's reshuffle gives one event here.
    one_too_many = resealed(eng, "second", second, 6, batch=5, actor=None, command_text=None,
                            type=copied.type, version=copied.version, data=copied.data)
    # The right kind of event, but the bag's contents (which everyone sees) change.
    seen = resealed(eng, "second", second, 5, data=b'{"order":[0,1,2]}')
    for forged in (one_too_many, seen):
        assert verify(game, header, forged).problem == (
            "record 5 has no command that caused it, and is not a fork's reshuffle of what "
            "nobody had seen")


def test_a_fork_whose_log_ends_before_its_fork_point_is_missing_events() -> None:
    eng, gid = bag_engine()
    game = BAG_PLUGINS.game("bag-coins")
    header, records = eng.store.header("first"), eng.store.load("first")
    assert header.forked_from == (gid, 4) and verify(game, header, records).ok
    for cut in (1, 3):
        report = verify(game, header, records[:cut])
        assert (report.ok, report.first_bad_seq, report.problem) == (
            False, cut + 1, f"header field 'forked_from' names 'src' at event 4, but the log "
            f"ends at event {cut}: events are missing")
    assert verify(game, header, records[:4]).problem.startswith(
        "seq 5: the fork's reshuffle of what nobody had seen is missing")


@pytest.mark.parametrize("extra", [1, 2, 3])
def test_a_command_with_events_beyond_what_it_gives_names_the_first_extra_one(extra: int) -> None:
    eng, gid = stored(moves=1)
    setup, move = eng.store.load(gid)
    forged = chain(gid, setup.seq, setup.hash,
                   [NewEvent(move.type, move.version, move.data, move.actor, move.command_text)]
                   * (1 + extra), "t")
    forged = [attrs.evolve(r, batch=move.seq) for r in forged]
    forged = rechain(eng.store.header(gid), [setup, *forged])
    report = report_of(eng, gid, forged)
    first = move.seq + 1
    assert (report.ok, report.first_bad_seq) == (False, first), report
    assert report.problem.startswith(f"seq {first}: stored coins.flipped v1 {{"), report.problem
    assert report.problem.endswith("today's rules give no event here (command 'flip' by a)")
