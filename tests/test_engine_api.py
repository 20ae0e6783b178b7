"""The stored engine's API checked value by value: every refusal with its exact words and
nothing stored, the log line by line (turn markers, undone flags, changes, redaction for
each reader), export and import of running and finished games, forks at their bounds,
verify's findings about a damaged store or status cache, the table cache, and a store that
fails mid-write. Also: every event number of a game can be shown and no other, and an
importer's own crash is one bounded line naming its package."""

from __future__ import annotations

import copy
import threading
from typing import Any

import attrs
import orjson
import pytest
from meeple.core import BadOptions, GameNotFound, IllegalCommand, ImportFailed, StoreError
from meeple.core.engine import Engine, LogLine, _locked, _status_problem, rechain
from meeple.core.errors import IntegrityError, UnknownName
from meeple.core.events import Undone
from meeple.core.hookspecs import hookimpl
from meeple.core.importers import ImportedGame, ImportedMove
from meeple.core.plugins import load
from meeple.core.records import GameHeader
from meeple.core.stores.base import DamagedRecord
from meeple.core.stores.jsonl import read_export
from meeple.core.stores.memory import MemoryStore
from meeple.core.table import Table
from meeple_testgames import DiceRace, Rolled, TestGamesPlugin

# The installed games and the shared test games, for tests that need no game of their own.
GAMES = load(extra=[TestGamesPlugin()])


def games_engine() -> Engine:
    return Engine(MemoryStore(), GAMES, clock=lambda: "2026-01-01T00:00:00+00:00")


def test_every_event_number_from_the_first_to_the_last_can_be_shown_and_no_other() -> None:
    # Boundaries of `--at`: an off-by-one on either end refuses a real event or shows one
    # that does not exist.
    eng = games_engine()
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

CLOCK = "2026-01-01T00:00:00+00:00"


class MarkedDice(DiceRace):
    """Dice race with a turn marker per round, scoring changes and secret commands."""

    name = "marked-dice"

    def turn_marker(self, state):
        return f"round {state.turn // len(state.players) + 1}"

    def changes(self, ev):
        if isinstance(ev, Rolled):
            return {ev.player: {"vp": ev.value, "rolls": 0}}
        return {}

    def redact_command(self, text, actor, player):
        return "a secret command"

    def summary(self, state, player=None):
        return {"rolls": dict(state.secret)}  # as the view shows them

    def describe_event(self, ev):
        if isinstance(ev, Rolled):
            return f"{ev.player} rolls {ev.value}"
        return super().describe_event(ev)


class Importer:
    name = "dice-lines"
    game = "marked-dice"
    help = "one 'player command' per line"

    def read(self, text):
        if text.startswith("crash"):
            raise KeyError("x" * 300)
        if text.startswith("refuse"):
            raise ImportFailed("no such record", line=1)
        moves = tuple(ImportedMove(*ln.split(), source_line=i)
                      for i, ln in enumerate(text.splitlines(), start=1))
        return ImportedGame("marked-dice", ("a", "b"), {}, moves, seed=4, title="imported")


class Plugin:
    @hookimpl
    def meeple_games(self):
        return [MarkedDice()]

    @hookimpl
    def meeple_importers(self):
        return [Importer()]


PLUGINS = load(extra=[Plugin()])


def engine(store=None) -> Engine:
    return Engine(store or MemoryStore(), PLUGINS, clock=lambda: CLOCK)


def dice(eng: Engine, gid: str = "d", seed: int = 3) -> str:
    return eng.new_game("marked-dice", ["a", "b"], seed=seed, game_id=gid)


def test_new_games_get_their_header_and_a_default_id() -> None:
    eng = engine()
    gid = eng.new_game("Marked_Dice", ["a", "b"], seed="12", title="t")  # type: ignore[arg-type]
    assert gid.startswith("marked-dice-") and len(gid) == len("marked-dice-") + 8
    h = eng.store.header(gid)
    assert (h.game, h.plugin, h.plugin_version, h.players, h.seed, h.created, h.title) == (
        "marked-dice", "tests", "0", ("a", "b"), 12, CLOCK, "t")
    assert h.options == {} and not h.legacy and h.seed_matches()
    assert eng.store.status(gid) == {"seq": 1, "game": "marked-dice", "status": "running",
                                     "to_act": ["a"]}
    other = eng.new_game("marked-dice", ["a", "b"])
    assert other != gid and eng.store.header(other).seed is not None


def test_a_deferred_game_is_stored_only_at_its_first_flush() -> None:
    eng = engine()
    gid = eng.new_game("marked-dice", ["a", "b"], seed=1, game_id="late", deferred=True)
    assert eng.store.game_ids() == [] and eng.to_act(gid) == ["a"]
    t = eng.table(gid)
    assert t.created is False and len(t.pending) == 1
    t.apply("a", "roll")
    t.flush(eng.store)
    assert eng.store.game_ids() == ["late"] and eng.store.last("late")[0] == 2
    assert eng.verify("late").ok


def test_moves_by_outsiders_and_undos_by_outsiders_are_refused() -> None:
    eng = engine()
    gid = dice(eng)
    for call in (lambda: eng.move(gid, "roll", "zed"), lambda: eng.undo(gid, "zed"),
                 lambda: eng.redo(gid, "zed")):
        with pytest.raises(BadOptions) as exc:
            call()
        assert str(exc.value) == "'zed' does not play in d; players: a, b"
    assert eng.store.last(gid)[0] == 1


def test_the_log_shows_markers_when_they_change_and_each_readers_view() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    eng.move(gid, "roll", "b")
    eng.move(gid, "roll", "a")
    eng.undo(gid, "a", agreed=["b"])
    eng.move(gid, "stop", "a")
    lines = eng.log(gid, as_player="a")
    assert [ln.seq for ln in lines] == [1, 2, 3, 4, 5, 6]
    assert [ln.marker for ln in lines] == ["round 1", None, "round 2", None, None, None]
    assert [ln.undone for ln in lines] == [False, False, False, True, False, False]
    assert [ln.type for ln in lines] == ["dice-race.started", "dice-race.rolled",
                                         "dice-race.rolled", "dice-race.rolled", "meeple.undone",
                                         "dice-race.stopped"]
    a_roll = eng.state(gid, at=2).secret["a"]
    b_roll = eng.state(gid, at=3).secret["b"]
    # a sees their own roll and command; b's roll is redacted, and so is b's command.
    assert lines[1].text == f"a rolls {a_roll}" and lines[1].command == "roll"
    assert lines[1].changes == {"a": {"vp": a_roll}} and lines[1].actor == "a"
    assert lines[2].text == "b rolls 0" and lines[2].command == "a secret command"
    assert lines[2].changes == {}
    assert lines[3].changes == {} and lines[3].undone
    assert lines[4].text == "undo events 4-4 by a (consent: b, a)" and lines[4].changes == {}
    assert lines[4].command == "undo" and lines[4].actor == "a"
    assert lines[5].text == "Stopped player=a reason=chose to stop"
    # A spectator sees no roll and no command of anyone's.
    spectator = eng.log(gid)
    assert [ln.command for ln in spectator] == [None, "a secret command", "a secret command",
                                                "a secret command", "a secret command",
                                                "a secret command"]
    assert spectator[1].text == "a rolls 0"
    # A reader is matched by name, not by the string object: "ann" typed at a prompt.
    named = eng.new_game("marked-dice", ["ann", "bob"], seed=3, game_id="named")
    eng.move(named, "roll", "ann")
    assert eng.log(named, as_player="".join(["an", "n"]))[1].command == "roll"
    # reveal: everything, for the store's owner.
    full = eng.log(gid, reveal=True)
    assert full[2].text == f"b rolls {b_roll}" and full[2].command == "roll"
    assert full[2].changes == {"b": {"vp": b_roll}}
    assert full[0].to_json() == {"seq": 1, "actor": None, "command": None,
                                 "text": full[0].text, "marker": "round 1", "undone": False,
                                 "type": "dice-race.started", "changes": {}}
    undo_alone = eng.undo(gid, "a")
    assert eng.log(gid)[-1].text == "undo events 6-6 by a" and undo_alone.seq == 7
    eng.redo(gid, "a")
    assert eng.log(gid)[-1].text == "redo of the undo at 7 by a"
    assert not eng.log(gid)[-1].undone and not eng.log(gid)[5].undone


def test_log_line_changes_text() -> None:
    line = LogLine(1, "a", "roll", "x", None, False, "t", {"a": {"vp": 2, "c": -1}})
    assert line.changes_text == "a +2 vp, -1 c"
    assert LogLine(1, None, None, "x", None, False, "t").changes_text == ""


def test_show_json_and_render_for_each_reader() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    shown = eng.show_json(gid, player="b")
    assert shown == {"game_id": "d", "game": "marked-dice", "players": ["a", "b"], "seq": 2,
                     "to_act": ["b"], "finished": False, "outcome": None, "scores": None,
                     "state": {"rolls": {"a": 0, "b": 0}}}
    roll = eng.state(gid).secret["a"]
    assert eng.show_json(gid)["state"] == {"rolls": {"a": 0, "b": 0}}  # a spectator's
    assert eng.show_json(gid, reveal=True)["state"] == {"rolls": {"a": roll, "b": 0}}
    assert f"'a': {roll}" in eng.render(gid, player="a")
    assert "'a': 0" in eng.render(gid, player="b") and "'a': 0" in eng.render(gid)
    assert f"'a': {roll}" in eng.render(gid, reveal=True)
    assert eng.view(gid, "b").secret == {"a": 0, "b": 0}
    assert eng.view(gid, "a", at=1).secret == {"a": 0, "b": 0}
    eng.move(gid, "stop", "b")
    eng.move(gid, "stop", "a")
    done = eng.show_json(gid)
    assert done["finished"] is True and done["to_act"] == []
    assert done["scores"] == {"a": roll, "b": 0} and done["outcome"]["winners"] == ["a"]


def test_forks_at_every_bound() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    eng.move(gid, "roll", "b")
    for at in (0, -1, 4):
        with pytest.raises(BadOptions) as exc:
            eng.fork(gid, at)
        assert str(exc.value) == f"--at must be a sequence number from 1 to 3, not {at}"
    fid = eng.fork(gid, 3)
    assert fid.startswith("d-fork-") and len(fid) == len("d-fork-") + 6
    assert [r.data for r in eng.store.load(fid)] == [r.data for r in eng.store.load(gid)]
    one = eng.fork(gid, 1, "f1")
    assert len(eng.store.load(one)) == 1 and eng.store.header(one).forked_from == ("d", 1)
    assert eng.verify(one).ok and eng.verify(fid).ok
    with pytest.raises(BadOptions):
        eng.fork(gid, 2, "f1")
    with pytest.raises(BadOptions):
        eng.fork(gid, 2, "bad id")


# The winning command's two events start at an even seq (8) in one game, an odd (9) in the
# other.
@pytest.mark.parametrize("columns", ["1212121", "12123242"])
def test_a_fork_inside_a_commands_events_is_refused(columns: str) -> None:
    eng = Engine(MemoryStore(), load(), clock=lambda: CLOCK)
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="c4")
    for col in columns:
        eng.move(gid, col, eng.to_act(gid)[0])
    last = eng.store.last(gid)[0]
    with pytest.raises(BadOptions) as exc:
        eng.fork(gid, last - 1)
    assert str(exc.value) == (f"event {last - 1} is inside a command's events; fork at the last "
                              f"event of a command (the command starting at {last - 1} ends "
                              "later)")
    assert eng.fork(gid, last, "end") == "end"


def test_rechain_keeps_batches_and_seals_the_new_header() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    records = eng.store.load(gid)
    h = GameHeader.sealed_new("copy", "marked-dice", "p", "1", ("a", "b"), {}, 3, CLOCK)
    out = rechain(h, records)
    assert [r.seq for r in out] == [1, 2] and [r.batch for r in out] == [1, 2]
    assert out[0].prev_hash == h.hash() and out[1].prev_hash == out[0].hash
    assert all(r.game_id == "copy" and r.hash == r.expected_hash() for r in out)
    assert [r.recorded_at for r in out] == [r.recorded_at for r in records]
    assert rechain(h, []) == []


def test_exports_of_running_and_finished_games() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    with pytest.raises(BadOptions) as exc:
        eng.export(gid)
    assert str(exc.value) == ("d is running and its log holds every player's hidden information; "
                              "export it once it is over, or with --reveal (the store's owner, "
                              "for a backup)")
    sealed, records, _, last = read_export(eng.export(gid, reveal=True))
    assert sealed.seed is None and sealed.seed_nonce is None and len(records) == 2
    assert last == records[-1].hash
    kept, _, _, _ = read_export(eng.export(gid, reveal=True, keep_seed=True))
    assert kept.seed == 3
    # keep_seed alone keeps nothing.
    assert read_export(eng.export(gid, reveal=True, keep_seed=False))[0].seed is None
    # A copy without its seed can be read and verified but not played on.
    other = engine()
    cid = other.import_export(eng.export(gid, reveal=True), new_id="copy")
    assert other.store.header(cid).game_id == "copy" and other.verify(cid).ok
    with pytest.raises(IllegalCommand) as exc:
        other.move(cid, "roll", "b")
    assert str(exc.value).startswith("copy was imported without its seed")
    assert other.store.status(cid)["status"] == "running"
    eng.move(gid, "stop", "b")
    eng.move(gid, "stop", "a")
    finished, _, _, _ = read_export(eng.export(gid))
    assert finished.seed == 3 and finished.seed_matches()
    same = engine()
    assert same.import_export(eng.export(gid)) == "d"
    assert same.store.status("d")["status"] == "finished" and same.verify("d").ok
    with pytest.raises(BadOptions):
        same.import_export(eng.export(gid), new_id="bad id")


def test_a_tampered_export_is_refused_naming_the_line() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    eng.move(gid, "stop", "b")
    eng.move(gid, "stop", "a")
    lines = eng.export(gid).split(b"\n")
    rec = orjson.loads(lines[2])
    rec["command_text"] = "stop"
    forged = b"\n".join([lines[0], lines[1], orjson.dumps(rec), *lines[3:]])
    with pytest.raises(ImportFailed) as exc:
        engine().import_export(forged)
    assert exc.value.line == 3 and str(exc.value).startswith(
        "line 3: the file fails verification at event 2: record 2 was altered")
    head = orjson.loads(lines[0])
    head["header"]["seed"] += 1  # not the seed its commitment seals: the header is line 1
    with pytest.raises(ImportFailed) as exc:
        engine().import_export(b"\n".join([orjson.dumps(head), *lines[1:]]))
    assert exc.value.line == 1 and "the header's seed is not the one its commitment seals" in \
        str(exc.value)
    trailer = orjson.loads(lines[-2])
    for wrong in ("0" * 64, "f" * 64):
        trailer["trailer"]["last_hash"] = wrong
        cut = b"\n".join([*lines[:-2], orjson.dumps(trailer)]) + b"\n"
        with pytest.raises(ImportFailed) as exc:
            engine().import_export(cut)
        assert str(exc.value) == (f"line {len(lines) - 1}: the trailer's last hash is not the "
                                  "hash of the last record (the file was cut short or extended)")


def test_records_are_imported_through_an_importer_whole_or_not_at_all() -> None:
    eng = engine()
    seen = []
    gid = eng.import_record("dice-lines", "a roll\nb stop\na stop", game_id="imp",
                            progress=lambda i, n: seen.append((i, n)))
    assert gid == "imp" and seen == [(1, 3), (2, 3), (3, 3)]
    assert eng.outcome(gid) is not None and eng.store.header(gid).title == "imported"
    assert eng.store.status(gid)["status"] == "finished" and eng.verify(gid).ok
    with pytest.raises(ImportFailed) as exc:
        eng.import_record("dice-lines", "a roll\na roll", game_id="bad")
    assert str(exc.value) == ("line 2: a: 'roll': it is not a's turn (waiting for b)")
    with pytest.raises(ImportFailed) as exc:
        eng.import_record("dice-lines", "refuse")
    assert str(exc.value) == "line 1: no such record"
    with pytest.raises(ImportFailed) as exc:
        eng.import_record("dice-lines", "crash")
    text = str(exc.value)
    head = "the dice-lines importer (tests) cannot read this file: KeyError: "
    assert text == head + repr("x" * 300)[:160]
    with pytest.raises(UnknownName):
        eng.import_record("nope", "")
    assert eng.store.game_ids() == ["imp"]
    auto = eng.import_record("dice-lines", "a roll")
    assert auto.startswith("marked-dice-")


class FailingStore(MemoryStore):
    """Refuses every append after the first ``ok`` ones (a new game's first write is not
    an append: it stores the header and the setup together)."""

    def __init__(self, ok: int) -> None:
        super().__init__()
        self.ok = ok

    def _append_records(self, game_id, expected_seq, make, status=None):
        if self.ok <= 0:
            raise StoreError("the disk is full")
        self.ok -= 1
        return super()._append_records(game_id, expected_seq, make, status)


def test_a_command_whose_write_fails_is_forgotten() -> None:
    store = FailingStore(ok=0)
    eng = engine(store)
    gid = dice(eng)
    before = copy.deepcopy(eng.state(gid))
    for call in (lambda: eng.move(gid, "roll", "a"), lambda: eng.undo(gid, "a")):
        with pytest.raises((StoreError, IllegalCommand)):
            call()
    assert store.last(gid)[0] == 1 and eng.state(gid) == before
    assert eng.table(gid).pending == [] and eng.to_act(gid) == ["a"]
    store.ok = 5
    eng.move(gid, "roll", "a")
    assert store.last(gid)[0] == 2 and eng.verify(gid).ok


def test_the_engines_locked_methods_keep_their_names_and_docstrings() -> None:
    # The API reference and help() read them through the lock's wrapper.
    for name in ("move", "undo", "fork", "verify", "list_games"):
        method = getattr(Engine, name)
        assert method.__name__ == name and method.__doc__
        assert method.__wrapped__.__doc__ == method.__doc__

    def probe(self):
        """Read under the lock."""

    wrapped = _locked(probe)
    assert (wrapped.__name__, wrapped.__doc__, wrapped.__wrapped__) == (
        "probe", "Read under the lock.", probe)


def test_the_table_cache_follows_other_writers() -> None:
    store = MemoryStore()
    one, two = engine(store), engine(store)
    gid = dice(one)
    assert one._table(gid) is one._table(gid)
    two.move(gid, "roll", "a")
    assert one.to_act(gid) == ["b"] and one.store.last(gid)[0] == 2
    one.move(gid, "roll", "b")
    assert two.to_act(gid) == ["a"]
    for i in range(9):
        dice(one, f"g{i}")
    assert len(one._tables) == 8 and gid not in one._tables and "g8" in one._tables
    one.forget("g8")
    assert "g8" not in one._tables
    assert one.table(gid, upto=1) is not one.table(gid)
    # A game loaded again is kept again; an earlier point of it does not replace it.
    live = one._table("g8")
    assert one._table("g8", upto=1) is not live and one._table("g8") is live


def test_a_cached_table_is_dropped_when_the_log_ends_in_another_record() -> None:
    # The same length is not enough: a log rewritten under the engine (a restored backup)
    # ends in another record, whichever way its hash sorts.
    def played(column: str) -> MemoryStore:
        store = MemoryStore()
        eng = engine(store)
        eng.new_game("connect-four", ["a", "b"], seed=1, game_id="g")
        eng.move("g", column, "a")
        return store

    store = played("4")
    eng = engine(store)
    assert eng.state("g").moves == 1
    cached = eng._table("g")
    for column in "1235":
        other = played(column)
        store._logs["g"] = other._logs["g"]
        assert eng.state("g") == engine(other).state("g") and eng._table("g") is not cached
        cached = eng._table("g")


def test_a_table_handed_out_is_the_callers_own_copy() -> None:
    eng = engine(MemoryStore())
    gid = dice(eng)
    mine = eng.table(gid)
    assert mine is not eng.table(gid) and mine is not eng._table(gid)
    before, seq = copy.deepcopy(mine.state), mine.last_seq
    eng.move(gid, "roll", "a")  # another thread's move: the copy handed out stays as it was
    assert mine.state == before and mine.last_seq == seq
    assert eng.table(gid).last_seq == seq + 1
    theirs = eng.table(gid)
    theirs.apply("b", "roll")  # a change to a copy reaches nobody until it is stored
    assert eng.to_act(gid) == ["b"] and eng.table(gid).pending == []


def test_a_match_plays_on_the_engines_table_handed_over_and_gives_it_back() -> None:
    eng = engine(MemoryStore())
    gid = dice(eng)
    live = eng._table(gid)
    assert eng.checkout(gid) is live and gid not in eng._tables
    eng.keep(live)
    assert eng._table(gid) is live


def test_a_table_given_back_before_everything_in_it_is_stored_is_not_taken_back() -> None:
    eng = engine(MemoryStore())
    gid = dice(eng)
    live = eng.checkout(gid)
    live.apply("a", "roll")  # not flushed
    eng.keep(live)
    assert gid not in eng._tables and eng.table(gid).pending == []
    assert eng.to_act(gid) == ["a"]  # what the store holds
    never_stored = Table(eng.plugins.game("marked-dice"), GameHeader.sealed_new(
        "new", "marked-dice", "p", "1", ("a", "b"), {}, 5, CLOCK))
    never_stored.created = False  # as new_game leaves a game not stored yet
    eng.keep(never_stored)
    assert "new" not in eng._tables


def test_a_header_without_events_is_damaged_and_never_set_up_again() -> None:
    store = MemoryStore()
    eng = engine(store)
    h = GameHeader.sealed_new("empty", "marked-dice", "p", "1", ("a", "b"), {}, 5, CLOCK)
    store.create_game(h)
    status = eng.derived_status("empty")
    assert status["status"] == "damaged" and "without any events" in status["problem"]
    for read in (lambda: eng.to_act("empty"), lambda: eng.log("empty"),
                 lambda: eng.render("empty"), lambda: eng.state("empty", at=1),
                 lambda: eng.export("empty"), lambda: eng.move("empty", "roll", "a"),
                 lambda: eng.fork("empty", 1, "f")):
        with pytest.raises(IntegrityError, match="empty is damaged: its header is stored "
                           "without any events") as exc:
            read()
        assert exc.value.seq == 1  # the first event, the one that is missing
    with pytest.raises(IntegrityError) as exc:
        eng.state("empty", at=1)
    assert exc.value.seq == 1  # the first event, the one that is missing
    assert store.last("empty")[0] == 0 and store.game_ids() == ["empty"]  # nothing written
    report = eng.verify("empty")
    assert (report.ok, report.events, report.first_bad_seq) == (False, 0, 1)
    assert "without any events" in report.problem


def test_list_games_marks_every_kind_of_damage() -> None:
    store = MemoryStore()
    eng = engine(store)
    dice(eng, "ok")
    dice(eng, "bad-status")
    store.set_status("bad-status", {"seq": 1})
    h = GameHeader.sealed_new("gone", "no-such-game", "p", "1", ("a", "b"), {}, 5, CLOCK)
    store.create_game(h)
    h2 = GameHeader.sealed_new("broken", "marked-dice", "p", "1", ("a", "b"), {}, 5, CLOCK)
    store.create_game(h2)
    # A record no plugin can read.
    store._logs["broken"].append(attrs.evolve(eng.store.load("ok")[0], type="gone.event"))

    rows = {r["game_id"]: r for r in eng.list_games()}
    assert rows["ok"] == {"game_id": "ok", "game": "marked-dice", "players": ["a", "b"],
                          "created": CLOCK, "title": "", "seq": 1, "status": "running",
                          "to_act": ["a"]}
    assert rows["gone"]["status"] == "not installed"
    assert rows["gone"]["problem"].startswith("no game named 'no-such-game'")
    assert rows["broken"]["status"] == "damaged"
    assert rows["broken"]["problem"].startswith("the log cannot be replayed: ")
    assert rows["broken"]["problem"].endswith("(see meeple verify broken)")
    original = store.status

    def status(gid):
        if gid in ("bad-status", "gone", "broken"):
            raise StoreError(f"the status cache of {gid} is\n damaged")
        return original(gid)

    store.status = status  # type: ignore[method-assign]
    original_header = store.header

    def header(gid):
        if gid == "ok":
            raise StoreError("the stored header of ok is damaged")
        return original_header(gid)

    store.header = header  # type: ignore[method-assign]
    rows = {r["game_id"]: r for r in eng.list_games()}
    assert rows["bad-status"]["status"] == "damaged"
    assert rows["bad-status"]["problem"] == (
        "the status cache of bad-status is damaged (the log itself reads, and the next move "
        "rewrites the cache; see meeple verify bad-status)")
    # One problem a row: a game not installed, or a log that cannot be read, says so first.
    assert rows["gone"]["status"] == "not installed"
    assert rows["gone"]["problem"].startswith("no game named 'no-such-game'")
    assert rows["broken"]["problem"].startswith("the log cannot be replayed: ")
    assert rows["ok"] == {"game_id": "ok", "game": "?", "players": [], "created": "",
                          "title": "", "status": "damaged",
                          "problem": "the stored header of ok is damaged (see meeple verify ok)"}


@pytest.mark.parametrize(("status", "problem"), [
    ({"status": "paused"}, "its status says 'paused', not running or finished"),
    ({"status": "running", "seq": "2"}, "its status names event '2', not a number"),
    ({"status": "running", "seq": True}, "its status names event True, not a number"),
])
def test_a_status_cache_of_the_wrong_shape_fails_verify(status, problem) -> None:
    assert _status_problem(status) == problem
    eng = engine()
    gid = dice(eng)
    eng.store.set_status(gid, status)
    report = eng.verify(gid)
    assert not report.ok and report.problem == problem and report.events == 1


def test_a_status_cache_that_is_no_object_fails_verify() -> None:
    assert _status_problem([1]) == "its status is not an object but list"
    eng = engine()
    gid = dice(eng)
    eng.store.status = lambda gid: [1]  # type: ignore[method-assign, assignment]
    report = eng.verify(gid)
    assert not report.ok and report.problem == "its status is not an object but list"


def test_status_shapes_that_are_fine() -> None:
    assert _status_problem({}) == ""
    assert _status_problem({"status": "finished"}) == ""
    assert _status_problem({"status": "running", "seq": 3}) == ""


def test_verify_compares_the_status_cache_with_the_log() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    assert eng.verify(gid).ok
    good = eng.store.status(gid)
    eng.store.set_status(gid, {**good, "seq": 5})
    report = eng.verify(gid)
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 3, "the log ends at event 2, but the game was stored up to event 5: events are "
        "missing")
    eng.store.set_status(gid, {**good, "to_act": ["a"]})
    report = eng.verify(gid)
    assert (report.ok, report.first_bad_seq, report.problem) == (
        False, 2, "the status cache does not match the log: it says to_act ['a'], but the log "
        "gives to_act ['b']")
    eng.store.set_status(gid, {**good, "status": "finished", "outcome": {"x": 1}})
    report = eng.verify(gid)
    assert report.problem == ("the status cache does not match the log: it says status finished; "
                              "outcome {'x': 1}, but the log gives status running; outcome None")
    # A cache behind the log is only stale.
    eng.store.set_status(gid, {**good, "seq": 1, "to_act": ["a"]})
    assert eng.verify(gid).ok
    eng.store.set_status(gid, {"seq": 2, "status": "running"})
    assert not eng.verify(gid).ok
    eng.move(gid, "roll", "b")  # the mismatch is named at the log's last event
    eng.store.set_status(gid, {**eng.store.status(gid), "to_act": ["x"]})
    assert eng.verify(gid).first_bad_seq == 3


def test_verify_of_a_store_that_cannot_be_read() -> None:
    store = MemoryStore()
    eng = engine(store)
    gid = dice(eng)
    with pytest.raises(GameNotFound):
        eng.verify("nope")
    store.load = lambda *a, **k: (_ for _ in ()).throw(ImportFailed("bad", line=4))  # type: ignore
    report = eng.verify(gid)
    assert (report.ok, report.events, report.first_bad_seq) == (False, 0, 3)
    assert report.problem == "the stored log cannot be read: line 4: bad"
    store.load = lambda *a, **k: (_ for _ in ()).throw(ImportFailed("bad", line=1))  # type: ignore
    assert eng.verify(gid).first_bad_seq == 1
    store.load = lambda *a, **k: (_ for _ in ()).throw(ImportFailed("bad"))  # type: ignore
    assert eng.verify(gid).first_bad_seq == 1
    damaged = DamagedRecord("event 2 of g is damaged: a column holds a value of the wrong kind", 2)
    store.load = lambda *a, **k: (_ for _ in ()).throw(damaged)  # type: ignore
    report = eng.verify(gid)
    assert (report.ok, report.events, report.first_bad_seq, report.problem) == (
        False, 0, 2, str(damaged))
    store.load = lambda *a, **k: (_ for _ in ()).throw(KeyError("k"))  # type: ignore
    report = eng.verify(gid)
    assert (report.ok, report.events, report.first_bad_seq, report.problem) == (
        False, 0, None, "the stored events are damaged: 'k'")
    store.header = lambda gid: (_ for _ in ()).throw(StoreError("hdr"))  # type: ignore
    report = eng.verify(gid)
    assert (report.ok, report.events, report.problem) == (False, 0, "the stored header is damaged: hdr")
    store.header = lambda gid: (_ for _ in ()).throw(ValueError("a\n  b"))  # type: ignore
    eng2 = engine(store)
    eng2._verify = lambda gid: (_ for _ in ()).throw(ValueError("a\n  b"))  # type: ignore
    report = eng2.verify(gid)
    assert (report.ok, report.events, report.first_bad_seq, report.problem) == (
        False, 0, None, "the stored game cannot be read: ValueError: a b")
    eng2._verify = lambda gid: (_ for _ in ()).throw(ValueError(""))  # type: ignore
    assert eng2.verify(gid).problem == "the stored game cannot be read: ValueError: ValueError"


def test_verify_keeps_exactly_the_first_200_characters_of_an_unreadable_store_error() -> None:
    store = MemoryStore()
    eng = engine(store)
    gid = dice(eng)
    prefix = "the stored game cannot be read: ValueError: "
    for length in (199, 200, 201, 450):
        text = "".join(chr(ord("a") + i % 26) for i in range(length))
        eng._verify = lambda gid, text=text: (_ for _ in ()).throw(ValueError(text))  # type: ignore
        problem = eng.verify(gid).problem
        assert problem == prefix + text[:200]
        assert len(problem) == len(prefix) + min(length, 200)


def test_verify_of_a_game_whose_status_cannot_be_read() -> None:
    store = MemoryStore()
    eng = engine(store)
    gid = dice(eng)
    store.status = lambda gid: (_ for _ in ()).throw(StoreError("torn"))  # type: ignore
    report = eng.verify(gid)
    assert not report.ok and report.problem == "its status cannot be read: torn"


def test_an_undone_event_in_the_log_carries_its_consent() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    rec = eng.undo(gid, "b", force=True, proof="seat-key")
    assert eng.table(gid).codec.decode(rec.type, rec.version, rec.data) == Undone(
        2, 2, "b", ("b",), True, "seat-key")
    assert rec.actor == "b" and rec.command_text == "undo"
    redo = eng.redo(gid, "b")
    assert redo.command_text == "redo" and redo.actor == "b"
    with pytest.raises(IllegalCommand):
        eng.redo(gid, "b")


def test_an_undo_s_consent_is_hot_seat_unless_said_otherwise() -> None:
    eng = engine()
    gid = dice(eng)
    eng.move(gid, "roll", "a")
    rec = eng.undo(gid, "b", agreed=["a"])
    assert eng.table(gid).codec.decode(rec.type, rec.version, rec.data) == Undone(
        2, 2, "b", ("a", "b"), False, "hot-seat")


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


class CountingLock:
    """The engine's lock, counting how often it is taken and whether it is held now."""

    def __init__(self) -> None:
        self.inner = threading.RLock()
        self.depth = self.taken = 0

    def __enter__(self) -> None:
        self.inner.acquire()
        self.depth += 1
        self.taken += 1

    def __exit__(self, *exc: object) -> None:
        self.depth -= 1
        self.inner.release()


class WatchedStore(MemoryStore):
    """Notes every store call made while the engine's lock is not held."""

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        lock = object.__getattribute__(self, "__dict__").get("lock")
        if lock is not None and not name.startswith("_") and callable(value) and not lock.depth:
            object.__getattribute__(self, "outside").append(name)
        return value


def test_every_engine_method_runs_under_the_engine_lock() -> None:
    store = WatchedStore()
    store.outside = []
    eng = Engine(store, PLUGINS, clock=lambda: CLOCK)
    lock = eng._lock = CountingLock()  # type: ignore[assignment]
    store.lock = lock
    gid = "g"
    held: list[Any] = []
    calls = {
        "new_game": lambda: eng.new_game("connect-four", ["a", "b"], seed=1, game_id=gid),
        "move": lambda: eng.move(gid, "4", "a"),
        "to_act": lambda: eng.to_act(gid),
        "state": lambda: eng.state(gid, at=1),
        "view": lambda: eng.view(gid, "a"),
        "outcome": lambda: eng.outcome(gid),
        "render": lambda: eng.render(gid),
        "show_json": lambda: eng.show_json(gid),
        "undo": lambda: eng.undo(gid, "a"),
        "redo": lambda: eng.redo(gid, "a"),
        "fork": lambda: eng.fork(gid, 2, new_id="f"),
        "verify": lambda: eng.verify(gid),
        "log": lambda: eng.log(gid),
        "export": lambda: eng.export(gid),
        "import_export": lambda: eng.import_export(eng.export(gid), new_id="i"),
        "import_record": lambda: eng.import_record("dice-lines", "a roll\nb stop", game_id="r"),
        "list_games": lambda: eng.list_games(),
        "derived_status": lambda: eng.derived_status(gid),
        "table": lambda: eng.table(gid),
        "checkout": lambda: held.append(eng.checkout(gid)),
        "keep": lambda: eng.keep(held.pop()),
        "forget": lambda: eng.forget(gid),
    }
    for name, call in calls.items():
        before = lock.taken
        call()
        assert lock.taken > before, name
        assert store.outside == [] and lock.depth == 0, name
    assert eng.to_act(gid) == ["b"] and held == []
