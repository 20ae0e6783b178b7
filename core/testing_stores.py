"""The event-store contract every store backend runs, in the spirit of the ``eventsourcing``
library's recorder tests: subclass ``StoreContract`` (or ``PersistentContract``, for data
that outlives the store object) in your store plugin's tests and implement ``make_store``.

    class TestMyStore(PersistentContract):
        def make_store(self, place):
            return MyStore(place / "games")

The suite checks what the engine relies on: headers and logs come back exactly as written,
the records are hash-chained, a stale expected sequence number or a failing batch writes
nothing, bad game ids are refused, a stored match verifies, and of racing writers (forked
processes that open the store's ``url`` through the installed plugins, or threads when
``processes`` is False) exactly one wins each sequence number. Re-exported by
``meeple.core.testing``.
"""

from __future__ import annotations

import abc
import multiprocessing
import queue
import random
import shutil
import threading
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import groupby
from operator import attrgetter
from pathlib import Path
from typing import Any

import pytest

from .audit import check_chain
from .codec import dumps
from .engine import Engine
from .errors import BadOptions, ConcurrencyError, GameNotFound
from .plugins import load
from .records import GameHeader, NewEvent, Record, chain
from .scheduler import run_match
from .stores.annotations import annotations_for
from .stores.base import EventStore
from .stores.memory import MemoryStore
from .stores.open import open_store

__all__ = ["AnnotationsContract", "PersistentAnnotationsContract", "PersistentContract",
           "StoreContract", "old_store", "open_url", "store_event", "store_header"]

FORK = multiprocessing.get_context("fork")


@contextmanager
def old_store(folder: Path, tmp_path: Path) -> Iterator[Engine]:
    """An engine on a copy of the JSONL store in ``folder`` (a plugin's fixtures of older
    log formats): reading and verifying may write status caches, never into the fixture."""
    shutil.copytree(folder, tmp_path / "store")
    engine = Engine(f"jsonl:///{tmp_path / 'store'}")
    try:
        yield engine
    finally:
        engine.close()


def store_header(game_id: str = "g1", created: str = "2026-01-01T00:00:00.000000+00:00",
           **kw: Any) -> GameHeader:
    base = dict(game="test-game", plugin="tests", plugin_version="1", players=("ann", "bob"),
                options={"size": 3, "rules": {"variant": "ünï", "on": True}}, seed=2**62 + 5,
                created=created, title="a “quoted” title")
    base.update(kw)
    return GameHeader(game_id, **base)


def store_event(n: int, actor: str | None = "ann", text: str | None = None) -> NewEvent:
    return NewEvent("test.event", 1, dumps({"n": n, "note": "ü\n\"x\"", "xs": [1, 2.5, None]}),
                    actor, text if text is not None else f"move {n} – ok")


def _said(items: Sequence[Record | NewEvent]) -> list[tuple[Any, ...]]:
    """What each stored record or event given to the store says (both name it alike)."""
    return [(e.type, e.version, e.data, e.actor, e.command_text) for e in items]


def open_url(url: str) -> EventStore:
    """The store at ``url``, through the stores the installed plugins register."""
    return open_store(url, load().stores)


class _RandomAgent:
    """Uniform over the legal commands (the AI package is not needed here)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Any, view: Any, player: str) -> Any:
        return self.rng.choice(game.legal(view, player))


# -- workers for the concurrency tests: module level so forked processes can run them ---------

def _race(target: Any, game_id: str, me: int, rounds: int, barrier: Any, out: Any) -> None:
    """Every round all workers append at the same expected seq; exactly one may win."""
    try:
        store = open_url(target) if isinstance(target, str) else target
        for r in range(rounds):
            barrier.wait(timeout=60)
            try:
                store.append(game_id, r, [store_event(1000 * me + r, actor=f"w{me}")])
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
                store.append(game_id, last, [store_event(1000 * me + done, actor=f"w{me}"),
                                             store_event(1000 * me + done, actor=f"w{me}", text="second")])
                done += 1
            except ConcurrencyError:
                continue
        out.put(("done", count, me))
    except BaseException:
        out.put(("error", traceback.format_exc(), me))


class StoreContract(abc.ABC):
    """What every event store promises. Subclasses implement ``make_store``."""

    #: False for in-process backends: the concurrency tests then use threads.
    processes: bool = True
    writers: int = 4
    #: The game of the engine test; None: connect-four if installed, else the first game.
    game: str | None = None

    @abc.abstractmethod
    def make_store(self, place: Path) -> EventStore:
        """A fresh, empty store; ``place`` is an empty folder of this test's own."""

    def counted(self, key: str, n: int) -> None:  # noqa: B027 (a hook, empty by default)
        """Called with what the concurrency tests did, for a subclass that reports it."""

    def target(self, store: EventStore) -> Any:
        """What a worker opens: the URL for processes, the store itself for threads."""
        return store.url if self.processes else store

    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[EventStore]:
        s = self.make_store(tmp_path)
        yield s
        s.close()

    # -- games and headers ---------------------------------------------------------------

    def test_header_round_trips(self, store: EventStore) -> None:
        h = store_header(forked_from=("origin", 7))
        store.create_game(h)
        assert store.header("g1") == h
        assert store.header("g1").hash() == h.hash()
        assert store.game_ids() == ["g1"]

    def test_duplicate_game_id_is_refused_and_changes_nothing(self, store: EventStore) -> None:
        h = store_header()
        store.create_game(h)
        store.append("g1", 0, [store_event(1)])
        with pytest.raises(BadOptions):
            store.create_game(store_header(title="another"))
        assert store.header("g1") == h
        assert len(store.load("g1")) == 1
        assert store.game_ids() == ["g1"]

    @pytest.mark.parametrize("bad", ["", " ", "../up", "a b", "a/b", "-lead", ".hidden",
                                     "x" * 101, "naïve", "semi;colon", "quote'd", "nul\x00"])
    def test_bad_game_ids_are_refused(self, store: EventStore, bad: str) -> None:
        with pytest.raises(BadOptions):
            store.create_game(store_header(bad))
        assert store.game_ids() == []

    def test_unknown_game_is_game_not_found(self, store: EventStore) -> None:
        store.create_game(store_header("known"))
        for call in (lambda: store.header("nope"), lambda: store.last("nope"),
                     lambda: store.load("nope"), lambda: store.status("nope"),
                     lambda: store.set_status("nope", {"a": 1}),
                     lambda: store.append("nope", 0, [store_event(1)])):
            with pytest.raises(GameNotFound):
                call()
        assert store.game_ids() == ["known"]

    def test_game_ids_oldest_first(self, store: EventStore) -> None:
        for i in range(3):
            store.create_game(store_header(f"g{i}", created=f"2026-01-0{i + 1}T00:00:00+00:00"))
        store.append("g0", 0, [store_event(1)])  # writing to an old game does not make it newer
        assert store.game_ids() == ["g0", "g1", "g2"]

    # -- appending and loading -------------------------------------------------------------

    def test_empty_log(self, store: EventStore) -> None:
        h = store_header()
        store.create_game(h)
        assert store.last("g1") == (0, h.hash())
        assert store.load("g1") == []
        assert store.status("g1") == {}

    def test_load_returns_exactly_what_was_appended(self, store: EventStore) -> None:
        h = store_header()
        store.create_game(h)
        written: list[Record] = []
        batches = [[store_event(1, actor=None, text=None)], [store_event(2), store_event(3), store_event(4)], [store_event(5, text="ä ß 🎲")],
                   [store_event(6, actor="bob")]]
        for batch in batches:
            recs = store.append("g1", len(written), batch, recorded_at=f"t{len(written)}")
            assert [r.seq for r in recs] == list(range(len(written) + 1,
                                                       len(written) + len(batch) + 1))
            assert [r.recorded_at for r in recs] == [f"t{len(written)}"] * len(batch)
            written += recs
        assert _said(written) == _said([e for batch in batches for e in batch])
        assert store.last("g1") == (written[-1].seq, written[-1].hash)
        n = len(written)
        for after in range(n + 2):
            for upto in [None, *range(n + 2)]:
                want = [r for r in written if r.seq > after and (upto is None or r.seq <= upto)]
                assert store.load("g1", after=after, upto=upto) == want, (after, upto)

    def test_records_are_hash_chained(self, store: EventStore) -> None:
        h = store_header()
        store.create_game(h)
        store.append("g1", 0, [store_event(1), store_event(2)])
        store.append("g1", 2, [store_event(3)])
        records = store.load("g1")
        check_chain(h, records)  # each record follows the one before, from the header
        assert [r.batch for r in records] == [1, 1, 3]

    def test_stale_expected_seq_is_rejected(self, store: EventStore) -> None:
        store.create_game(store_header())
        store.append("g1", 0, [store_event(1)])
        before = store.load("g1")
        for stale in (0, 2, 7):
            with pytest.raises(ConcurrencyError):
                store.append("g1", stale, [store_event(9)], status={"bad": True})
        assert store.load("g1") == before
        assert store.status("g1") == {}

    def test_failing_make_writes_nothing(self, store: EventStore) -> None:
        store.create_game(store_header())
        store.append("g1", 0, [store_event(1)], status={"seq": 1})
        before = store.load("g1")

        def boom(last_seq: int, last_hash: str) -> list[Record]:
            raise RuntimeError("the batch could not be built")

        with pytest.raises(RuntimeError):
            store._append_records("g1", 1, boom, {"seq": 99})
        assert store.load("g1") == before
        assert store.status("g1") == {"seq": 1}

    def test_a_batch_with_a_duplicate_or_gap_writes_nothing(self, store: EventStore) -> None:
        store.create_game(store_header())
        store.append("g1", 0, [store_event(1)], status={"seq": 1})
        before = store.load("g1")

        def duplicate(last_seq: int, last_hash: str) -> list[Record]:
            good = chain("g1", last_seq, last_hash, [store_event(2), store_event(3)], "t")
            return [good[0], good[0]]

        def replayed(last_seq: int, last_hash: str) -> list[Record]:
            return chain("g1", last_seq - 1, last_hash, [store_event(2)], "t")  # seq 1 again

        def gap(last_seq: int, last_hash: str) -> list[Record]:
            return chain("g1", last_seq + 1, last_hash, [store_event(2)], "t")  # skips seq 2

        for make in (duplicate, replayed, gap):
            with pytest.raises(ConcurrencyError):
                store._append_records("g1", 1, make, {"seq": 99})
            assert store.load("g1") == before, make.__name__
        assert store.status("g1") == {"seq": 1}

    def test_append_batches_keeps_each_commands_batch(self, store: EventStore) -> None:
        h = store_header()
        store.create_game(h)
        batches = [[store_event(1)], [], [store_event(2), store_event(3)], [store_event(4)]]
        written = store.append_batches("g1", 0, batches, status={"seq": 4})
        assert [(r.seq, r.batch) for r in written] == [(1, 1), (2, 2), (3, 2), (4, 4)]
        assert _said(written) == _said([e for batch in batches for e in batch])
        assert store.load("g1") == written and store.status("g1") == {"seq": 4}
        check_chain(h, written)
        with pytest.raises(ConcurrencyError):
            store.append_batches("g1", 2, [[store_event(5)], [store_event(6)]])
        assert store.load("g1") == written

    def test_start_game_stores_header_and_first_events_together(self, store: EventStore) -> None:
        h = store_header()
        batches = [[store_event(1), store_event(2)], [store_event(3)]]
        written = store.start_game(h, batches, "t0", {"seq": 3})
        assert _said(written) == _said([e for batch in batches for e in batch])
        assert {r.recorded_at for r in written} == {"t0"}
        assert store.header("g1") == h and store.load("g1") == written
        assert [r.batch for r in written] == [1, 1, 3] and store.status("g1") == {"seq": 3}
        check_chain(h, written)
        with pytest.raises(BadOptions):
            store.start_game(store_header(title="again"), [[store_event(9)]], "t1", {"seq": 1})
        assert store.header("g1") == h and store.load("g1") == written
        assert store.status("g1") == {"seq": 3}

    def test_status_round_trips_and_is_written_with_the_append(self, store: EventStore) -> None:
        store.create_game(store_header())
        status = {"status": "running", "to_act": ["ann"], "outcome": None, "nested": {"ü": [1]}}
        store.set_status("g1", status)
        assert store.status("g1") == status
        store.append("g1", 0, [store_event(1)], status={"seq": 1, "status": "finished"})
        assert store.status("g1") == {"seq": 1, "status": "finished"}

    def test_import_game_keeps_records_and_hashes(self, store: EventStore) -> None:
        source = MemoryStore()
        h = store_header("copied")
        source.create_game(h)
        source.append("copied", 0, [store_event(1), store_event(2)])
        source.append("copied", 2, [store_event(3)])
        store.import_game(h, source.load("copied"))
        assert store.load("copied") == source.load("copied")
        assert store.header("copied") == h

    # -- through the engine ----------------------------------------------------------------

    def test_a_stored_match_verifies_and_replays(self, store: EventStore) -> None:
        plugins = load()
        names = sorted(plugins.games)
        if not names:
            pytest.fail("the store contract plays a game: install one (e.g. meeple-connect-four)")
        name = self.game or ("connect-four" if "connect-four" in names else names[0])
        game = plugins.game(name)
        seats = game.default_players(max(2, game.min_players))
        eng = Engine(store, plugins)
        gid = eng.new_game(name, seats, seed=11, game_id="cf")
        run_match(eng, gid, {p: _RandomAgent(i) for i, p in enumerate(seats)})
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
        store.create_game(store_header())
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
        self.counted("store.race_rounds", rounds)
        self.counted("store.race_attempts", rounds * self.writers)

    def test_concurrent_writers_lose_and_double_nothing(self, store: EventStore) -> None:
        store.create_game(store_header())
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
        assert Counter(r.actor for r in records) == {
            f"w{me}": 2 * each for me in range(self.writers)}, "events were lost or doubled"
        self.counted("store.concurrent_events", len(records))
        check_chain(store.header("g1"), records)
        seen = [(r.actor, r.data, r.command_text) for r in records]
        assert len(set(seen)) == len(seen)  # nothing doubled
        by_writer = groupby(sorted(records, key=attrgetter("actor")), attrgetter("actor"))
        for writer, written in by_writer:  # each pair stayed together, as one batch
            mine = list(written)
            assert [(r.seq, r.batch) for r in mine] == [
                (a.seq + k, a.seq) for a in mine[::2] for k in (0, 1)], \
                f"writer {writer}'s two-event commands were not stored as one batch each"


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
        h = store_header()
        store.create_game(h)
        written = store.append("g1", 0, [store_event(1), store_event(2)], status={"seq": 2})
        assert _said(written) == _said([store_event(1), store_event(2)])
        store.close()
        again = self.reopen(store)
        try:
            assert again.header("g1") == h
            assert again.load("g1") == written
            assert again.status("g1") == {"seq": 2}
        finally:
            again.close()


class AnnotationsContract(abc.ABC):
    """What a store that keeps annotations promises (``meeple.core.stores.annotations``):
    for a store plugin whose store offers ``annotations()``. Subclasses implement
    ``make_store``, as for ``StoreContract``; one class may run both contracts."""

    @abc.abstractmethod
    def make_store(self, place: Path) -> EventStore:
        """A fresh, empty store; ``place`` is an empty folder of this test's own."""

    @pytest.fixture
    def annotated(self, tmp_path: Path) -> Iterator[EventStore]:
        """A fresh store holding two games, g1 with two events and g2 with none."""
        s = self.make_store(tmp_path)
        s.create_game(store_header("g1"))
        s.append("g1", 0, [store_event(1), store_event(2)], status={"seq": 2})
        s.create_game(store_header("g2"))
        yield s
        s.close()

    def test_annotation_parts_round_trip_and_a_part_written_again_is_replaced(
            self, annotated: EventStore) -> None:
        notes = annotations_for(annotated)
        assert notes.get("g1", "review", "k") == {}
        notes.put("g1", "review", "k", 0, {"loss": 0.5, "best": "4", "by": {"ann": -1.0}})
        notes.put("g1", "review", "k", 2, {"loss": 0.0, "ü": "“x”"})
        notes.put("g1", "review", "k", 0, {"loss": 0.25})
        assert notes.get("g1", "review", "k") == {0: {"loss": 0.25}, 2: {"loss": 0.0, "ü": "“x”"}}

    def test_games_kinds_and_keys_are_matched_by_value(self, annotated: EventStore) -> None:
        # Names built at run time are equal to the written ones but other objects: a
        # store comparing by identity would find nothing.
        notes = annotations_for(annotated)
        game, kind, key = "".join(["g", "1"]), "".join(["rev", "iew"]), "".join(["ke", "y"])
        notes.put(game, kind, key, 0, "v")
        assert notes.keys("g1", "review") == ["key"]
        assert notes.get("g1", "review", "key") == {0: "v"}
        assert notes.keys("".join(["g", "1"]), "review") == ["key"]
        notes.delete("".join(["g", "1"]), "".join(["rev", "iew"]), "".join(["ke", "y"]))
        assert notes.keys("g1", "review") == [] and notes.get("g1", "review", "key") == {}

    def test_annotation_keys_kinds_and_games_are_kept_apart(self, annotated: EventStore) -> None:
        notes = annotations_for(annotated)
        notes.put("g1", "review", "a", 0, 1)
        notes.put("g1", "review", "b", 0, 2)
        notes.put("g1", "other", "c", 0, 3)
        notes.put("g2", "review", "d", 0, 4)
        notes.put("g2", "review", "b", 1, 5)  # the same kind and key as g1's, another game
        assert notes.keys("g1", "review") == ["a", "b"]
        assert notes.keys("g1", "other") == ["c"]
        assert notes.keys("g2", "review") == ["b", "d"]
        assert notes.get("g1", "review", "b") == {0: 2}
        assert notes.get("g2", "review", "b") == {1: 5}
        assert notes.get("g2", "review", "d") == {0: 4}
        notes.delete("g1", "review", "a")
        notes.delete("g1", "review", "b")
        assert notes.keys("g1", "review") == []
        assert [notes.get("g1", "review", k) for k in "ab"] == [{}, {}], "deleted parts are read"
        assert notes.keys("g2", "review") == ["b", "d"]
        assert notes.get("g2", "review", "b") == {1: 5}

    def test_each_annotation_is_read_by_its_own_kind_and_key(self, annotated: EventStore) -> None:
        # Every (kind, key) writes a part number of its own, so any mix-up shows.
        notes = annotations_for(annotated)
        # "reviews" starts with "review": a kind matched as a prefix (LIKE 'review%') shows.
        places = [("review", "a", 0), ("review", "b", 1), ("review", "c", 2),
                  ("other", "a", 3), ("other", "b", 4), ("zeta", "b", 5), ("reviews", "z", 6)]
        for kind, key, part in places:
            notes.put("g1", kind, key, part, f"{kind}/{key}")
        for kind, key, part in places:
            assert notes.get("g1", kind, key) == {part: f"{kind}/{key}"}, (kind, key)
        assert [notes.get("g1", kind, key) for kind, key in [("review", "d"), ("middle", "b")]
                ] == [{}, {}], "a key or kind never written has parts"
        notes.delete("g1", "review", "b")
        for kind, key, part in places:
            want = {} if (kind, key) == ("review", "b") else {part: f"{kind}/{key}"}
            assert notes.get("g1", kind, key) == want, (kind, key)
        for kind, keys in (("review", ["a", "c"]), ("other", ["a", "b"]), ("reviews", ["z"])):
            listed = notes.keys("g1", kind)
            assert listed == keys, f"keys of kind {kind!r}: {listed}, expected {keys}"

    def test_annotations_leave_the_log_and_status_as_they_were(self, annotated: EventStore) -> None:
        s = annotated
        before = (s.load("g1"), s.status("g1"), s.last("g1"), s.game_ids())
        annotations_for(s).put("g1", "review", "k", 0, {"x": 1})
        assert (s.load("g1"), s.status("g1"), s.last("g1"), s.game_ids()) == before

    def test_a_game_that_is_not_there_has_no_annotations(self, annotated: EventStore) -> None:
        with pytest.raises(GameNotFound):
            annotations_for(annotated).put("nope", "review", "k", 0, 1)
        with pytest.raises(GameNotFound):
            annotations_for(annotated).get("nope", "review", "k")


class PersistentAnnotationsContract(AnnotationsContract):
    """Annotations of a store whose data outlives the store object."""

    def test_a_reopened_store_sees_the_annotations(self, annotated: EventStore) -> None:
        annotations_for(annotated).put("g1", "review", "k", 3, {"x": [1, 2]})
        again = open_url(annotated.url)
        try:
            assert annotations_for(again).get("g1", "review", "k") == {3: {"x": [1, 2]}}
            assert annotations_for(again).keys("g1", "review") == ["k"]
        finally:
            again.close()
