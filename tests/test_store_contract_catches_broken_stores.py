"""The shipped store contract fails a store that breaks its promises: run as a store
plugin's tests would run it (a test file of its own, outside this checkout's tests), and
check by check in this process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import attrs
import orjson
import pytest
from meeple.core.engine import Engine
from meeple.core.errors import BadOptions, ConcurrencyError
from meeple.core.plugins import load
from meeple.core.records import chain
from meeple.core.stores.annotations import MemoryAnnotations, SqliteAnnotations
from meeple.core.stores.base import check_sequence
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore
from meeple.core.testing import (
    AnnotationsContract,
    PersistentAnnotationsContract,
    PersistentContract,
    StoreContract,
    old_store,
    store_event,
    store_header,
)
from test_match_play import CoinsPlugin

BROKEN = '''
from meeple.core.stores.annotations import MemoryAnnotations
from meeple.core.stores.memory import MemoryStore
from meeple.core.testing import AnnotationsContract, StoreContract


class ForgetsTheLastPart(MemoryAnnotations):
    def _get(self, game_id, kind, key):
        return super()._get(game_id, kind, key)[:-1]


class LosesTheLastEvent(MemoryStore):
    def load(self, game_id, after=0, upto=None):
        return super().load(game_id, after, upto)[:-1]

    def annotations(self):
        self.__dict__.setdefault("_notes", ForgetsTheLastPart(self))
        return self.__dict__["_notes"]


class TestBroken(StoreContract, AnnotationsContract):
    processes = False

    def make_store(self, place):
        return LosesTheLastEvent()


class TestSound(StoreContract, AnnotationsContract):
    processes = False

    def make_store(self, place):
        return MemoryStore()
'''


def test_the_store_contract_fails_a_store_that_loses_events_or_annotations(tmp_path: Path):
    (tmp_path / "test_stores.py").write_text(BROKEN)
    picked = "load_returns_exactly or records_are_hash_chained or annotation_parts_round_trip"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:randomly", "-k", picked, "test_stores.py"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    failed = sorted(line.split("::")[-1].split(" ")[0] for line in run.stdout.splitlines()
                    if line.startswith("FAILED"))
    assert failed == ["test_annotation_parts_round_trip_and_a_part_written_again_is_replaced",
                      "test_load_returns_exactly_what_was_appended",
                      "test_records_are_hash_chained"], run.stdout[-3000:]
    assert "TestSound" not in "".join(ln for ln in run.stdout.splitlines()
                                      if ln.startswith("FAILED"))
    assert "3 failed, 3 passed" in run.stdout, run.stdout[-3000:]


# -- in this process: promises whose breach the contract must see -----------------------------


class NarrowSeeds(MemoryStore):
    """Keeps only the low 32 bits of a game's seed, as a 32-bit integer column would."""

    def create_game(self, header):
        super().create_game(attrs.evolve(header, seed=header.seed & 0xFFFFFFFF))


class Reopened(MemoryStore):
    """What reopening a store hands back: the same games, and the status it kept."""

    def __init__(self, of: MemoryStore, keeps_status: bool, swaps_data: bool = False) -> None:
        super().__init__()
        self._headers, self._logs = of._headers, of._logs
        self._status = of._status if keeps_status else {}
        if swaps_data:  # pairs each record's fields with the next one's data, read back
            self._logs = {g: [attrs.evolve(r, data=log[(i + 1) % len(log)].data)
                              for i, r in enumerate(log)] for g, log in of._logs.items()}


class Contract(PersistentContract):
    processes = False
    store_class: type[MemoryStore] = MemoryStore
    keeps_status = True
    swaps_data = False

    def make_store(self, place):
        return self.store_class()

    def reopen(self, store):
        return Reopened(store, self.keeps_status, self.swaps_data)


def test_the_store_contract_sees_a_seed_cut_to_32_bits(tmp_path: Path) -> None:
    Contract().test_header_round_trips(MemoryStore())
    narrow = Contract()
    narrow.store_class = NarrowSeeds
    with pytest.raises(AssertionError):
        narrow.test_header_round_trips(narrow.make_store(tmp_path))


def test_the_store_contract_sees_a_reopened_store_that_lost_the_status(tmp_path: Path) -> None:
    Contract().test_a_reopened_store_sees_everything(MemoryStore())
    forgetful = Contract()
    forgetful.keeps_status = False
    with pytest.raises(AssertionError):
        forgetful.test_a_reopened_store_sees_everything(forgetful.make_store(tmp_path))


def test_the_store_contract_sees_a_reopened_store_that_mixes_up_the_events(tmp_path: Path) -> None:
    mixed = Contract()
    mixed.swaps_data = True
    with pytest.raises(AssertionError):
        mixed.test_a_reopened_store_sees_everything(mixed.make_store(tmp_path))


class Lenient(MemoryStore):
    """Appends any batch its ``accepts`` lets through: a backend checking less than
    check_sequence does."""

    def accepts(self, last_seq: int, seqs: list[int]) -> bool:
        return True

    def _append_records(self, game_id, expected_seq, make, status=None):
        with self._lock:
            last_seq, last_hash = self.last(game_id)
            records = make(last_seq, last_hash)
            if not self.accepts(last_seq, [r.seq for r in records]):
                check_sequence(game_id, last_seq, records)
            self._logs[game_id].extend(records)
            if status is not None:
                self._status[game_id] = dict(status)
            return records


def consecutive(seqs: list[int]) -> bool:
    return seqs == list(range(seqs[0], seqs[0] + len(seqs)))


class AcceptsDuplicates(Lenient):
    def accepts(self, last_seq, seqs):
        return seqs[0] == last_seq + 1


class AcceptsReplays(Lenient):
    """Takes a batch that starts again at the last stored number."""

    def accepts(self, last_seq, seqs):
        return consecutive(seqs) and seqs[0] == last_seq


class AcceptsGaps(Lenient):
    """Takes a batch that skips one number."""

    def accepts(self, last_seq, seqs):
        return consecutive(seqs) and seqs[0] == last_seq + 2


class StatusFirst(MemoryStore):
    """Writes the status before it builds the batch, so a failing batch leaves it."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        if status is not None:
            self._status[game_id] = dict(status)
        return super()._append_records(game_id, expected_seq, make, status)


@pytest.mark.parametrize("broken", [AcceptsDuplicates, AcceptsReplays, AcceptsGaps])
def test_the_store_contract_sees_a_store_that_appends_a_duplicate_a_replay_or_a_gap(
        broken: type[MemoryStore]) -> None:
    Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(MemoryStore())
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(broken())


def test_the_store_contract_sees_a_status_written_by_a_failing_append() -> None:
    Contract().test_failing_make_writes_nothing(MemoryStore())
    with pytest.raises(AssertionError):
        Contract().test_failing_make_writes_nothing(StatusFirst())
    with pytest.raises(AssertionError):
        Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(StatusFirst())


class RollsBackTooFar(MemoryStore):
    """Undoing a refused batch, takes the record stored before it too."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        try:
            return super()._append_records(game_id, expected_seq, make, status)
        except ConcurrencyError:
            self._logs[game_id].pop()
            raise


def test_the_store_contract_sees_a_refused_batch_that_takes_a_stored_record_with_it() -> None:
    with pytest.raises(AssertionError, match="duplicate"):
        Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(RollsBackTooFar())
    with pytest.raises(AssertionError):
        Contract().test_append_batches_keeps_each_commands_batch(RollsBackTooFar())


class FailingWrites(MemoryStore):
    """Every append fails with an error no store should raise."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        raise RuntimeError("the disk is on fire")


class BusyOnce(MemoryStore):
    """Each writer's first append finds another writer first (a client must retry)."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: set[str] = set()

    def _append_records(self, game_id, expected_seq, make, status=None):
        actor = make(expected_seq, "x")[0].actor
        if actor not in self.refused:
            self.refused.add(actor)
            raise ConcurrencyError("another writer came first")
        return super()._append_records(game_id, expected_seq, make, status)


@pytest.mark.parametrize("check", ["test_concurrent_writers_lose_and_double_nothing",
                                   "test_racing_writers_exactly_one_wins_each_number"])
def test_the_store_contract_reports_a_writers_error_with_its_traceback(check: str) -> None:
    with pytest.raises(AssertionError, match=r"(?s)Traceback.*RuntimeError: the disk is on fire"):
        getattr(Contract(), check)(FailingWrites())


class OneWriterFails(MemoryStore):
    """Only writer w2's appends fail: the other writers go on and finish."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        if make(expected_seq, "x")[0].actor == "w2":
            raise RuntimeError("w2's disk is on fire")
        return super()._append_records(game_id, expected_seq, make, status)


def test_the_store_contract_reports_the_error_of_the_one_writer_that_failed() -> None:
    with pytest.raises(AssertionError, match=r"(?s)Traceback.*RuntimeError: w2's disk is on fire"):
        Contract().test_concurrent_writers_lose_and_double_nothing(OneWriterFails())


def test_concurrent_writers_retry_a_refused_append() -> None:
    store = BusyOnce()
    Contract().test_concurrent_writers_lose_and_double_nothing(store)
    assert store.refused == {"w0", "w1", "w2", "w3"}
    assert len(store.load("g1")) == 2 * 12 * 4


def test_old_store_reads_a_copy_and_leaves_the_fixture_as_it_was(tmp_path: Path) -> None:
    fixture = tmp_path / "fixture"
    eng = Engine(f"jsonl:///{fixture}", load(only="", extra=[CoinsPlugin()]))
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="old")
    eng.move(gid, "flip", "a")
    eng.close()
    before = {p.name: p.read_bytes() for p in fixture.iterdir()}
    with old_store(fixture, tmp_path / "work") as copy:
        assert copy.store.game_ids() == ["old"]
        copy.store.set_status("old", {"seq": 99})  # a status cache written while reading
        assert (tmp_path / "work" / "store").is_dir()
    assert {p.name: p.read_bytes() for p in fixture.iterdir()} == before


class OneBatchPerEvent(MemoryStore):
    """Stores each event of a command as a command of its own: a valid chain whose batch
    numbers no longer say which events one command wrote."""

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        single = [[ev] for batch in batches for ev in batch]
        return super().append_batches(game_id, expected_seq, single, recorded_at, status)


def test_the_store_contract_sees_batch_numbers_that_split_a_command() -> None:
    Contract().test_records_are_hash_chained(MemoryStore())
    with pytest.raises(AssertionError):
        Contract().test_records_are_hash_chained(OneBatchPerEvent())


class SqliteAnnotationsContract(PersistentAnnotationsContract):
    def make_store(self, place):
        return SqliteStore(place / "store.sqlite")


def annotated_sqlite(place: Path) -> SqliteStore:
    store = SqliteStore(place / "store.sqlite")
    store.create_game(store_header("g1"))
    store.append("g1", 0, [store_event(1), store_event(2)], status={"seq": 2})
    return store


def test_the_store_contract_sees_reopened_annotations_that_lost_their_keys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sound").mkdir()
    (tmp_path / "keyless").mkdir()
    sound = annotated_sqlite(tmp_path / "sound")
    SqliteAnnotationsContract().test_a_reopened_store_sees_the_annotations(sound)
    sound.close()
    keyless = annotated_sqlite(tmp_path / "keyless")
    monkeypatch.setattr(SqliteAnnotations, "_keys", lambda self, game_id, kind: set())
    with pytest.raises(AssertionError):
        SqliteAnnotationsContract().test_a_reopened_store_sees_the_annotations(keyless)
    keyless.close()


# Each breaks one promise, and falls short of it (fewer games, fewer records, lower batch
# numbers, an empty hash): a check that only asked for "no more than promised" would pass.


class ListsNoGames(MemoryStore):
    def game_ids(self):
        return []


class LastOfAnEmptyLogHasNoHash(MemoryStore):
    def last(self, game_id):
        seq, h = super().last(game_id)
        return (seq, h if seq else "")


class ImportDropsTheLastRecord(MemoryStore):
    def import_game(self, header, records, status=None):
        return super().import_game(header, list(records)[:-1], status)


class ImportDropsTheTitle(MemoryStore):
    def import_game(self, header, records, status=None):
        return super().import_game(attrs.evolve(header, title=""), records, status)


class MergesCommands(MemoryStore):
    """Stores the events of several commands as one command."""

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        merged = [[ev for batch in batches for ev in batch]]
        return super().append_batches(game_id, expected_seq, merged, recorded_at, status)

    def start_game(self, header, batches, recorded_at=None, status=None):
        merged = [[ev for batch in batches for ev in batch]]
        return super().start_game(header, merged, recorded_at, status)


class RefusedStartWritesItsStatus(MemoryStore):
    """Writes the status of a game it starts before it sees that the game exists already."""

    def start_game(self, header, batches, recorded_at=None, status=None):
        if header.game_id in self._headers:
            self._status[header.game_id] = dict(status or {})
        return super().start_game(header, batches, recorded_at, status)


class DuplicateCreateEmptiesTheLog(MemoryStore):
    """Refuses a game id it holds already, but only after starting that game's log anew."""

    def create_game(self, header):
        if header.game_id in self._headers:
            self._logs[header.game_id] = []
        return super().create_game(header)


class DuplicateCreateTakesTheHeader(MemoryStore):
    """Refuses a game id it holds already, but only after storing the new header."""

    def create_game(self, header):
        if header.game_id in self._headers:
            self._headers[header.game_id] = header
        return super().create_game(header)


class IgnoresTheAppendsStatus(MemoryStore):
    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        return super().append_batches(game_id, expected_seq, batches, recorded_at, None)


@pytest.mark.parametrize(("check", "broken"), [
    ("test_header_round_trips", ListsNoGames),
    ("test_duplicate_game_id_is_refused_and_changes_nothing", ListsNoGames),
    ("test_unknown_game_is_game_not_found", ListsNoGames),
    ("test_game_ids_oldest_first", ListsNoGames),
    ("test_empty_log", LastOfAnEmptyLogHasNoHash),
    ("test_duplicate_game_id_is_refused_and_changes_nothing", DuplicateCreateEmptiesTheLog),
    ("test_import_game_keeps_records_and_hashes", ImportDropsTheLastRecord),
    ("test_import_game_keeps_records_and_hashes", ImportDropsTheTitle),
    ("test_append_batches_keeps_each_commands_batch", MergesCommands),
    ("test_start_game_stores_header_and_first_events_together", MergesCommands),
    ("test_status_round_trips_and_is_written_with_the_append", IgnoresTheAppendsStatus),
])
def test_the_store_contract_sees_a_store_that_falls_short(check: str,
                                                          broken: type[MemoryStore]) -> None:
    getattr(Contract(), check)(MemoryStore())
    with pytest.raises(AssertionError):
        getattr(Contract(), check)(broken())


# Each breaks one promise by giving more than was written, or by reading past the end of
# a log as something else: only an exact check sees it.


class LoadsAPhantomFromAnEmptyLog(MemoryStore):
    """Hands back a record nobody wrote when a game has no events yet."""

    def load(self, game_id, after=0, upto=None):
        got = super().load(game_id, after, upto)
        if got or self._logs[game_id]:
            return got
        return chain(game_id, 0, self.header(game_id).hash(), [store_event(0)], "t")


class NewGamesHaveAStatus(MemoryStore):
    """Gives a game no write has set a status for one of its own making."""

    def status(self, game_id):
        return super().status(game_id) or {"seq": 0}


class ListsARefusedId(MemoryStore):
    """Keeps a game id in its list although it refused the game."""

    def create_game(self, header):
        try:
            return super().create_game(header)
        except BadOptions:
            self._headers.setdefault(header.game_id, header)
            raise


class AfterPastTheEndReadsFromTheStart(MemoryStore):
    """Takes an ``after`` beyond the last event (not at it) as "from the start"."""

    def load(self, game_id, after=0, upto=None):
        last = len(self._logs.get(game_id, ()))
        return super().load(game_id, 0 if after > last else after, upto)


class UptoPastTheEndReadsNothing(MemoryStore):
    """Takes an ``upto`` beyond the last event (not at it) as "nothing"."""

    def load(self, game_id, after=0, upto=None):
        last = len(self._logs.get(game_id, ()))
        if upto is not None and upto > last:
            return []
        return super().load(game_id, after, upto)


@pytest.mark.parametrize(("check", "broken"), [
    ("test_empty_log", LoadsAPhantomFromAnEmptyLog),
    ("test_load_returns_exactly_what_was_appended", AfterPastTheEndReadsFromTheStart),
    ("test_load_returns_exactly_what_was_appended", UptoPastTheEndReadsNothing),
    ("test_duplicate_game_id_is_refused_and_changes_nothing", DuplicateCreateTakesTheHeader),
    ("test_empty_log", NewGamesHaveAStatus),
    ("test_stale_expected_seq_is_rejected", NewGamesHaveAStatus),
    ("test_stale_expected_seq_is_rejected", StatusFirst),
    ("test_start_game_stores_header_and_first_events_together", RefusedStartWritesItsStatus),
])
def test_the_store_contract_sees_a_store_that_gives_what_was_not_asked(
        check: str, broken: type[MemoryStore]) -> None:
    getattr(Contract(), check)(MemoryStore())
    with pytest.raises(AssertionError):
        getattr(Contract(), check)(broken())


class SlowLastWrite(MemoryStore):
    """A sound store whose writes at ``slow_at`` take a second: a contract that read the
    writers' results before they all finished would miss their last reports."""

    slow_at = 14

    def _append_records(self, game_id, expected_seq, make, status=None):
        if expected_seq == self.slow_at:
            time.sleep(1.0)
        return super()._append_records(game_id, expected_seq, make, status)


class SlowLastHammer(MemoryStore):
    """A sound store on which one writer's last append takes a second."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        first = make(expected_seq, "x")[0]
        if first.actor == "w0" and orjson.loads(first.data)["n"] == 11:
            time.sleep(1.0)
        return super()._append_records(game_id, expected_seq, make, status)


def test_the_racing_writers_check_waits_for_a_slow_writer() -> None:
    store = SlowLastWrite()
    Contract().test_racing_writers_exactly_one_wins_each_number(store)
    assert len(store.load("g1")) == 15


def test_the_concurrent_writers_check_waits_for_a_slow_writer() -> None:
    store = SlowLastHammer()
    Contract().test_concurrent_writers_lose_and_double_nothing(store)
    assert len(store.load("g1")) == 2 * 12 * 4


class Tally(Contract):
    """Keeps what the concurrency checks report through ``counted``."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def counted(self, key: str, n: int) -> None:
        self.counts[key] = self.counts.get(key, 0) + n


def test_the_racing_writers_check_counts_its_rounds_and_every_attempt() -> None:
    tally = Tally()
    tally.writers = 3
    tally.test_racing_writers_exactly_one_wins_each_number(MemoryStore())
    assert tally.counts == {"store.race_rounds": 15, "store.race_attempts": 15 * 3}


def test_the_concurrent_writers_check_counts_the_events_written() -> None:
    tally = Tally()
    tally.writers = 3
    tally.test_concurrent_writers_lose_and_double_nothing(MemoryStore())
    assert tally.counts == {"store.concurrent_events": 2 * 12 * 3}


class StaleAppendsSucceedSilently(MemoryStore):
    """Says a write at a stale sequence number succeeded, and writes nothing."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        if self.last(game_id)[0] != expected_seq:
            return []
        return super()._append_records(game_id, expected_seq, make, status)


def test_the_store_contract_sees_writers_told_they_won_a_number_another_took() -> None:
    with pytest.raises(AssertionError):
        Contract().test_racing_writers_exactly_one_wins_each_number(
            StaleAppendsSucceedSilently())


class ChecksTheExpectedNumberFirst(MemoryStore):
    """A sound store that refuses a stale expected number before it builds the batch."""

    def _append_records(self, game_id, expected_seq, make, status=None):
        if expected_seq != self.last(game_id)[0]:
            raise ConcurrencyError("another writer came first")
        return super()._append_records(game_id, expected_seq, make, status)


class ChecksFirstThenAcceptsDuplicates(ChecksTheExpectedNumberFirst, AcceptsDuplicates):
    pass


def test_a_store_checking_the_number_first_still_gets_the_failing_batches() -> None:
    # Both checks hand the store the current number, so the batch is built and fails (or
    # is refused) inside the write, where a store that checks the number first gets to it.
    Contract().test_failing_make_writes_nothing(ChecksTheExpectedNumberFirst())
    Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(ChecksTheExpectedNumberFirst())
    with pytest.raises(pytest.fail.Exception, match="DID NOT RAISE"):
        Contract().test_a_batch_with_a_duplicate_or_gap_writes_nothing(
            ChecksFirstThenAcceptsDuplicates())


class AcceptsOneCharacterTooMany(MemoryStore):
    """Takes a game id of 101 characters, one more than any store may."""

    def create_game(self, header):
        if len(header.game_id) != 101 or not header.game_id.isalnum():
            return super().create_game(header)
        with self._lock:
            self._headers[header.game_id] = header
            self._logs[header.game_id] = []
        return None


@pytest.mark.parametrize("bad", ["../up", "x" * 101, "nul\x00"])
def test_the_store_contract_sees_a_refused_game_id_that_is_listed(bad: str) -> None:
    Contract().test_bad_game_ids_are_refused(MemoryStore(), bad)
    with pytest.raises(AssertionError):
        Contract().test_bad_game_ids_are_refused(ListsARefusedId(), bad)


def test_the_store_contract_sees_a_game_id_one_character_too_long() -> None:
    store = AcceptsOneCharacterTooMany()
    store.create_game(store_header("y" * 101))
    assert store.game_ids() == ["y" * 101]  # the broken store does take it
    (mark,) = StoreContract.test_bad_game_ids_are_refused.pytestmark
    bad_ids = mark.args[1]
    caught = []
    for bad in bad_ids:
        Contract().test_bad_game_ids_are_refused(MemoryStore(), bad)
        try:
            Contract().test_bad_game_ids_are_refused(AcceptsOneCharacterTooMany(), bad)
        except pytest.fail.Exception:
            caught.append(bad)
    assert caught == ["x" * 101]


# Each keeps the number, order and batches of the events written but not what they say:
# only a check of the stored events against the events given sees it.


class RepeatsEachCommandsFirstEvent(MemoryStore):
    """Stores every event of a command as a copy of the command's first event."""

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        copies = [[batch[0]] * len(batch) if batch else [] for batch in batches]
        return super().append_batches(game_id, expected_seq, copies, recorded_at, status)

    def start_game(self, header, batches, recorded_at=None, status=None):
        copies = [[batch[0]] * len(batch) for batch in batches]
        return super().start_game(header, copies, recorded_at, status)


class PadsNames(MemoryStore):
    """Pads every actor's name to eight characters, as a fixed-width text column would."""

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        padded = [[attrs.evolve(ev, actor=ev.actor and f"{ev.actor:<8}") for ev in batch]
                  for batch in batches]
        return super().append_batches(game_id, expected_seq, padded, recorded_at, status)


class StampsItsOwnTime(MemoryStore):
    """Ignores the time the caller gives each write and stamps one of its own."""

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        return super().append_batches(game_id, expected_seq, batches, "2000-01-01", status)

    def start_game(self, header, batches, recorded_at=None, status=None):
        return super().start_game(header, batches, "2000-01-01", status)


@pytest.mark.parametrize(("check", "broken"), [
    ("test_load_returns_exactly_what_was_appended", RepeatsEachCommandsFirstEvent),
    ("test_append_batches_keeps_each_commands_batch", RepeatsEachCommandsFirstEvent),
    ("test_start_game_stores_header_and_first_events_together", RepeatsEachCommandsFirstEvent),
    ("test_load_returns_exactly_what_was_appended", PadsNames),
    ("test_append_batches_keeps_each_commands_batch", PadsNames),
    ("test_racing_writers_exactly_one_wins_each_number", PadsNames),
    ("test_load_returns_exactly_what_was_appended", StampsItsOwnTime),
    ("test_start_game_stores_header_and_first_events_together", StampsItsOwnTime),
])
def test_the_store_contract_sees_a_store_that_changes_what_an_event_says(
        check: str, broken: type[MemoryStore]) -> None:
    getattr(Contract(), check)(MemoryStore())
    with pytest.raises(AssertionError):
        getattr(Contract(), check)(broken())


class GetsAnyGamesParts(MemoryAnnotations):
    """Reads a kind and key's parts from every game that has them."""

    def _get(self, game_id, kind, key):
        return sorted(part for (g, kd, k), parts in self._parts.items()
                      if (kd, k) == (kind, key) for part in parts.items())


class DeletesFromEveryGame(MemoryAnnotations):
    """Forgets a kind and key in every game, not only the one named."""

    def _delete(self, game_id, kind, key):
        for g, kd, k in list(self._parts):
            if (kd, k) == (kind, key):
                del self._parts[(g, kd, k)]


class MemoryAnnotationsContract(AnnotationsContract):
    def make_store(self, place):
        return MemoryStore()


def annotated_memory(notes: type[MemoryAnnotations]) -> MemoryStore:
    """What the contract's ``annotated`` fixture makes, with ``notes`` as its annotations."""
    store = MemoryStore()
    store.__dict__["_annotations"] = notes(store)
    store.create_game(store_header("g1"))
    store.append("g1", 0, [store_event(1), store_event(2)], status={"seq": 2})
    store.create_game(store_header("g2"))
    return store


@pytest.mark.parametrize("broken", [GetsAnyGamesParts, DeletesFromEveryGame])
def test_the_annotations_contract_sees_one_games_parts_in_another(
        broken: type[MemoryAnnotations]) -> None:
    check = MemoryAnnotationsContract().test_annotation_keys_kinds_and_games_are_kept_apart
    check(annotated_memory(MemoryAnnotations))
    with pytest.raises(AssertionError):
        check(annotated_memory(broken))


class DeletesOnlyFromListings(MemoryAnnotations):
    """Deleting hides a key from the listings, but its parts are still read."""

    def __init__(self, store) -> None:
        super().__init__(store)
        self.hidden: set[tuple[str, str, str]] = set()

    def _delete(self, game_id, kind, key):
        self.hidden.add((game_id, kind, key))

    def _keys(self, game_id, kind):
        return {k for k in super()._keys(game_id, kind) if (game_id, kind, k) not in self.hidden}


def test_the_annotations_contract_sees_deleted_parts_that_are_still_read() -> None:
    check = MemoryAnnotationsContract().test_annotation_keys_kinds_and_games_are_kept_apart
    with pytest.raises(AssertionError, match="deleted parts are read"):
        check(annotated_memory(DeletesOnlyFromListings))


class KindsByPrefix(MemoryAnnotations):
    """Lists the keys of every kind whose name starts with the one asked for, as a
    ``LIKE 'kind%'`` query would."""

    def _keys(self, game_id, kind):
        return {k for (g, kd, k), parts in self._parts.items()
                if g == game_id and kd.startswith(kind) and parts}


def test_the_annotations_contract_sees_keys_listed_under_a_kind_that_only_starts_alike() -> None:
    check = MemoryAnnotationsContract().test_each_annotation_is_read_by_its_own_kind_and_key
    check(annotated_memory(MemoryAnnotations))
    with pytest.raises(AssertionError, match=r"keys of kind 'review': \['a', 'c', 'z'\]"):
        check(annotated_memory(KindsByPrefix))


def test_the_concurrent_writers_check_sees_a_command_split_into_commands_of_one_event() -> None:
    Contract().test_concurrent_writers_lose_and_double_nothing(MemoryStore())
    with pytest.raises(AssertionError, match="w0's two-event commands were not stored as one batch"):
        Contract().test_concurrent_writers_lose_and_double_nothing(OneBatchPerEvent())
