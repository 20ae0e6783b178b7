"""The event-store contract: one suite, one subclass per backend (in the style of the
``eventsourcing`` library's store tests). A new backend subclasses ``StoreContract``,
says how to open a fresh store and how another process reaches the same data, and passes.

PostgreSQL runs when MEEPLE_TEST_POSTGRES holds a server URL (scripts/ci-postgres.sh
prints one); with CI=true and no URL the PostgreSQL tests fail instead of skipping.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RandomAgent, count
from meeple.core.audit import check_chain
from meeple.core.codec import dumps
from meeple.core.engine import Engine
from meeple.core.errors import BadOptions, ConcurrencyError, GameNotFound
from meeple.core.plugins import load
from meeple.core.records import GameHeader, NewEvent, Record, chain
from meeple.core.scheduler import run_match
from meeple.core.stores.base import EventStore
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.open import open_store
from meeple.core.stores.sqlite import SqliteStore

PLUGINS = load()
FORK = multiprocessing.get_context("fork")


def header(game_id: str = "g1", created: str = "2026-01-01T00:00:00.000000+00:00",
           **kw: Any) -> GameHeader:
    base = dict(game="test-game", plugin="tests", plugin_version="1", players=("ann", "bob"),
                options={"size": 3, "rules": {"variant": "ünï", "on": True}}, seed=2**62 + 5,
                created=created, title="a “quoted” title")
    base.update(kw)
    return GameHeader(game_id, **base)


def ev(n: int, actor: str | None = "ann", text: str | None = None) -> NewEvent:
    return NewEvent("test.event", 1, dumps({"n": n, "note": "ü\n\"x\"", "xs": [1, 2.5, None]}),
                    actor, text if text is not None else f"move {n} – ok")


def open_url(url: str) -> EventStore:
    return open_store(url, PLUGINS.stores)


# -- workers for the concurrency tests: module level so forked processes can run them ---------

def _race(target: Any, game_id: str, me: int, rounds: int, barrier: Any, out: Any) -> None:
    """Every round all workers append at the same expected seq; exactly one may win."""
    try:
        store = open_url(target) if isinstance(target, str) else target
        for r in range(rounds):
            barrier.wait(timeout=60)
            try:
                store.append(game_id, r, [ev(1000 * me + r, actor=f"w{me}")])
                out.put(("won", r, me))
            except ConcurrencyError:
                pass
        barrier.wait(timeout=60)
    except BaseException:
        out.put(("error", traceback.format_exc(), me))


def _hammer(target: Any, game_id: str, me: int, count: int, out: Any) -> None:
    """Append ``count`` events, retrying on ConcurrencyError like a real client does."""
    try:
        store = open_url(target) if isinstance(target, str) else target
        done = 0
        while done < count:
            last, _ = store.last(game_id)
            try:
                store.append(game_id, last, [ev(1000 * me + done, actor=f"w{me}"),
                                             ev(1000 * me + done, actor=f"w{me}", text="second")])
                done += 1
            except ConcurrencyError:
                continue
        out.put(("done", count, me))
    except BaseException:
        out.put(("error", traceback.format_exc(), me))


class StoreContract:
    """What every event store promises. Subclasses implement ``open_store``."""

    #: False for in-process backends: the concurrency tests then use threads.
    processes: bool = True
    writers: int = 4

    def open_store(self, place: Path) -> EventStore:
        raise NotImplementedError

    def target(self, store: EventStore) -> Any:
        """What a worker opens: the URL for processes, the store itself for threads."""
        return store.url if self.processes else store

    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[EventStore]:
        s = self.open_store(tmp_path)
        yield s
        s.close()

    # -- games and headers ---------------------------------------------------------------

    def test_header_round_trips(self, store: EventStore) -> None:
        h = header(forked_from=("origin", 7))
        store.create_game(h)
        assert store.header("g1") == h
        assert store.header("g1").hash() == h.hash()
        assert store.game_ids() == ["g1"]

    def test_duplicate_game_id_is_refused_and_changes_nothing(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        store.append("g1", 0, [ev(1)])
        with pytest.raises(BadOptions):
            store.create_game(header(title="another"))
        assert store.header("g1") == h
        assert len(store.load("g1")) == 1
        assert store.game_ids() == ["g1"]

    @pytest.mark.parametrize("bad", ["", " ", "../up", "a b", "a/b", "-lead", ".hidden",
                                     "x" * 101, "naïve", "semi;colon", "quote'd", "nul\x00"])
    def test_bad_game_ids_are_refused(self, store: EventStore, bad: str) -> None:
        with pytest.raises(BadOptions):
            store.create_game(header(bad))
        assert store.game_ids() == []

    def test_unknown_game_is_game_not_found(self, store: EventStore) -> None:
        store.create_game(header("known"))
        for call in (lambda: store.header("nope"), lambda: store.last("nope"),
                     lambda: store.load("nope"), lambda: store.status("nope"),
                     lambda: store.set_status("nope", {"a": 1}),
                     lambda: store.append("nope", 0, [ev(1)])):
            with pytest.raises(GameNotFound):
                call()
        assert store.game_ids() == ["known"]

    def test_game_ids_oldest_first(self, store: EventStore) -> None:
        for i in range(3):
            store.create_game(header(f"g{i}", created=f"2026-01-0{i + 1}T00:00:00+00:00"))
        store.append("g0", 0, [ev(1)])  # writing to an old game does not make it newer
        assert store.game_ids() == ["g0", "g1", "g2"]

    # -- appending and loading -------------------------------------------------------------

    def test_empty_log(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        assert store.last("g1") == (0, h.hash())
        assert store.load("g1") == []
        assert store.status("g1") == {}

    def test_load_returns_exactly_what_was_appended(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        written: list[Record] = []
        batches = [[ev(1, actor=None, text=None)], [ev(2), ev(3), ev(4)], [ev(5, text="ä ß 🎲")],
                   [ev(6, actor="bob")]]
        for batch in batches:
            recs = store.append("g1", len(written), batch, recorded_at=f"t{len(written)}")
            assert [r.seq for r in recs] == list(range(len(written) + 1,
                                                       len(written) + len(batch) + 1))
            written += recs
        assert store.load("g1") == written
        assert store.last("g1") == (written[-1].seq, written[-1].hash)
        n = len(written)
        for after in range(n + 2):
            for upto in [None, *range(n + 2)]:
                want = [r for r in written if r.seq > after and (upto is None or r.seq <= upto)]
                assert store.load("g1", after=after, upto=upto) == want, (after, upto)

    def test_records_are_hash_chained(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        store.append("g1", 0, [ev(1), ev(2)])
        store.append("g1", 2, [ev(3)])
        records = store.load("g1")
        check_chain(h, records)
        assert records[0].prev_hash == h.hash()
        assert [r.batch for r in records] == [1, 1, 3]
        assert all(r.expected_hash() == r.hash for r in records)

    def test_stale_expected_seq_is_rejected(self, store: EventStore) -> None:
        store.create_game(header())
        store.append("g1", 0, [ev(1)])
        before = store.load("g1")
        for stale in (0, 2, 7):
            with pytest.raises(ConcurrencyError):
                store.append("g1", stale, [ev(9)], status={"bad": True})
        assert store.load("g1") == before
        assert store.status("g1") == {}

    def test_failing_make_writes_nothing(self, store: EventStore) -> None:
        store.create_game(header())
        store.append("g1", 0, [ev(1)], status={"seq": 1})
        before = store.load("g1")

        def boom(last_seq: int, last_hash: str) -> list[Record]:
            raise RuntimeError("the batch could not be built")

        with pytest.raises(RuntimeError):
            store._append_records("g1", 1, boom, {"seq": 99})
        assert store.load("g1") == before
        assert store.status("g1") == {"seq": 1}

    def test_a_batch_with_a_duplicate_or_gap_writes_nothing(self, store: EventStore) -> None:
        store.create_game(header())
        store.append("g1", 0, [ev(1)], status={"seq": 1})
        before = store.load("g1")

        def duplicate(last_seq: int, last_hash: str) -> list[Record]:
            good = chain("g1", last_seq, last_hash, [ev(2), ev(3)], "t")
            return [good[0], good[0]]

        def replayed(last_seq: int, last_hash: str) -> list[Record]:
            return chain("g1", last_seq - 1, last_hash, [ev(2)], "t")  # seq 1 again

        def gap(last_seq: int, last_hash: str) -> list[Record]:
            return chain("g1", last_seq + 1, last_hash, [ev(2)], "t")  # skips seq 2

        for make in (duplicate, replayed, gap):
            with pytest.raises(ConcurrencyError):
                store._append_records("g1", 1, make, {"seq": 99})
            assert store.load("g1") == before, make.__name__
        assert store.status("g1") == {"seq": 1}

    def test_append_batches_keeps_each_commands_batch(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        written = store.append_batches("g1", 0, [[ev(1)], [], [ev(2), ev(3)], [ev(4)]],
                                       status={"seq": 4})
        assert [(r.seq, r.batch) for r in written] == [(1, 1), (2, 2), (3, 2), (4, 4)]
        assert store.load("g1") == written and store.status("g1") == {"seq": 4}
        check_chain(h, written)
        with pytest.raises(ConcurrencyError):
            store.append_batches("g1", 2, [[ev(5)], [ev(6)]])
        assert store.load("g1") == written

    def test_start_game_stores_header_and_first_events_together(self, store: EventStore) -> None:
        h = header()
        written = store.start_game(h, [[ev(1), ev(2)], [ev(3)]], "t0", {"seq": 3})
        assert store.header("g1") == h and store.load("g1") == written
        assert [r.batch for r in written] == [1, 1, 3] and store.status("g1") == {"seq": 3}
        check_chain(h, written)
        with pytest.raises(BadOptions):
            store.start_game(header(title="again"), [[ev(9)]], "t1", {"seq": 1})
        assert store.header("g1") == h and store.load("g1") == written
        assert store.status("g1") == {"seq": 3}

    def test_status_round_trips_and_is_written_with_the_append(self, store: EventStore) -> None:
        store.create_game(header())
        status = {"status": "running", "to_act": ["ann"], "outcome": None, "nested": {"ü": [1]}}
        store.set_status("g1", status)
        assert store.status("g1") == status
        store.append("g1", 0, [ev(1)], status={"seq": 1, "status": "finished"})
        assert store.status("g1") == {"seq": 1, "status": "finished"}

    def test_import_game_keeps_records_and_hashes(self, store: EventStore) -> None:
        source = MemoryStore()
        h = header("copied")
        source.create_game(h)
        source.append("copied", 0, [ev(1), ev(2)])
        source.append("copied", 2, [ev(3)])
        store.import_game(h, source.load("copied"))
        assert store.load("copied") == source.load("copied")
        assert store.header("copied") == h

    # -- through the engine ----------------------------------------------------------------

    def test_a_stored_match_verifies_and_replays(self, store: EventStore) -> None:
        eng = Engine(store, PLUGINS)
        gid = eng.new_game("connect-four", ["red", "yellow"], seed=11, game_id="cf")
        run_match(eng, gid, {"red": RandomAgent(1), "yellow": RandomAgent(2)})
        report = eng.verify(gid)
        assert report.ok, report
        assert report.events == len(store.load(gid)) > 5
        assert eng.outcome(gid) is not None
        check_chain(store.header(gid), store.load(gid))

    # -- concurrency -------------------------------------------------------------------------

    def _start(self, fn: Any, args: list[tuple]) -> list[Any]:
        if self.processes:
            workers = [FORK.Process(target=fn, args=a) for a in args]
        else:
            workers = [threading.Thread(target=fn, args=a) for a in args]
        for w in workers:
            w.start()
        return workers

    def _queue_and_barrier(self, parties: int) -> tuple[Any, Any]:
        if self.processes:
            return FORK.Queue(), FORK.Barrier(parties)
        return queue.Queue(), threading.Barrier(parties)

    def test_racing_writers_exactly_one_wins_each_number(self, store: EventStore) -> None:
        store.create_game(header())
        rounds = 15
        out, barrier = self._queue_and_barrier(self.writers)
        workers = self._start(_race, [(self.target(store), "g1", me, rounds, barrier, out)
                                      for me in range(self.writers)])
        for w in workers:
            w.join(120)
        results = _drain(out)
        errors = [r for r in results if r[0] == "error"]
        assert not errors, errors[0][1]
        winners = {r: me for kind, r, me in results if kind == "won"}
        assert sorted(winners) == list(range(rounds))
        assert sum(1 for r in results if r[0] == "won") == rounds  # one winner per number
        records = store.load("g1")
        assert [r.seq for r in records] == list(range(1, rounds + 1))
        for r in records:
            assert r.actor == f"w{winners[r.seq - 1]}"
        check_chain(store.header("g1"), records)
        count("store.race_rounds", rounds)
        count("store.race_attempts", rounds * self.writers)

    def test_concurrent_writers_lose_and_double_nothing(self, store: EventStore) -> None:
        store.create_game(header())
        each = 12
        out, _ = self._queue_and_barrier(1)
        workers = self._start(_hammer, [(self.target(store), "g1", me, each, out)
                                        for me in range(self.writers)])
        for w in workers:
            w.join(120)
        results = _drain(out)
        errors = [r for r in results if r[0] == "error"]
        assert not errors, errors[0][1]
        records = store.load("g1")
        assert len(records) == 2 * each * self.writers
        count("store.concurrent_events", len(records))
        check_chain(store.header("g1"), records)
        seen = [(r.actor, r.data, r.command_text) for r in records]
        assert len(set(seen)) == len(seen)  # nothing doubled
        for me in range(self.writers):  # nothing lost, and each pair stayed together
            mine = [r for r in records if r.actor == f"w{me}"]
            assert len(mine) == 2 * each
            assert all(a.seq + 1 == b.seq and a.batch == b.batch == a.seq
                       for a, b in zip(mine[::2], mine[1::2], strict=True))


def _drain(out: Any) -> list[Any]:
    got = []
    while True:
        try:
            got.append(out.get(timeout=0.5))
        except queue.Empty:
            return got


class PersistentContract(StoreContract):
    """Backends whose data outlives the store object."""

    def reopen(self, store: EventStore) -> EventStore:
        return open_url(store.url)

    def test_a_reopened_store_sees_everything(self, store: EventStore) -> None:
        h = header()
        store.create_game(h)
        written = store.append("g1", 0, [ev(1), ev(2)], status={"seq": 2})
        store.close()
        again = self.reopen(store)
        try:
            assert again.header("g1") == h
            assert again.load("g1") == written
            assert again.status("g1") == {"seq": 2}
        finally:
            again.close()


class TestMemoryStore(StoreContract):
    processes = False

    def open_store(self, place: Path) -> EventStore:
        return MemoryStore()


class TestSqliteStore(PersistentContract):
    def open_store(self, place: Path) -> EventStore:
        return SqliteStore(place / "store.sqlite")


class TestJsonlStore(PersistentContract):
    def open_store(self, place: Path) -> EventStore:
        return JsonlStore(place / "games")


@pytest.mark.postgres
class TestPostgresStore(PersistentContract):
    @pytest.fixture
    def store(self, pg_url: str) -> Iterator[EventStore]:
        s = open_url(pg_url)
        yield s
        s.close()

    def test_meeple_db_selects_postgresql(self, pg_url: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
        from meeple.core.stores.postgresql import PostgresStore

        monkeypatch.setenv("MEEPLE_DB", pg_url)
        eng = Engine(None, PLUGINS)
        try:
            assert isinstance(eng.store, PostgresStore)
            gid = eng.new_game("connect-four", ["red", "yellow"], seed=2, game_id="via-env")
            assert eng.verify(gid).ok and eng.store.game_ids() == ["via-env"]
        finally:
            eng.close()

    def test_urls_name_no_password_and_accept_the_short_scheme(self, pg_url: str) -> None:
        from meeple.core.stores.postgresql import split_url

        conninfo, schema = split_url("postgres://u:secret@h:5/db?schema=s_1&sslmode=disable"
                                     "&options=-c%20a%3Db")
        assert schema == "s_1"
        assert conninfo == "postgresql://u:secret@h:5/db?sslmode=disable&options=-c%20a%3Db"
        with pytest.raises(BadOptions):
            split_url("postgresql://h/db?schema=Robert'); DROP TABLE x;--")
        s = open_url(pg_url.replace("postgresql://", "postgres://", 1)
                     + "&application_name=meeple%20test&password=secret")
        try:
            assert "secret" not in s.url and s.game_ids() == []
            # The store's URL opens the same store again, settings included.
            assert "application_name=meeple%20test" in s.url and "schema=" in s.url
            again = open_url(s.url)
            again.create_game(header("seen"))
            assert s.game_ids() == ["seen"]
            again.close()
        finally:
            s.close()



def test_an_unreachable_postgresql_server_is_a_clear_store_error() -> None:
    pytest.importorskip("psycopg")  # the optional extra 'meeple[postgresql]'
    from meeple.core.errors import StoreError

    with pytest.raises(StoreError, match="cannot reach the database"):
        open_url("postgresql://nobody:secret@127.0.0.1:1/meeple?connect_timeout=3")
    with pytest.raises(StoreError) as info:
        open_url("postgresql://nobody:secret@127.0.0.1:1/meeple?connect_timeout=3")
    assert "secret" not in str(info.value)
