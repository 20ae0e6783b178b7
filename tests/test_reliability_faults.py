"""Faults: a match process killed with SIGKILL mid-write, several processes writing one
game, a read-only database and a full disk. Whatever happens, every stored game is
complete or resumable, ``verify`` passes on all of them, and nothing already stored is lost.

Run as a script, this module is the match driver the SIGKILL test kills:
``python tests/test_reliability_faults.py URL SEED`` plays connect four matches between
seeded random agents into the store at URL until it is killed.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from conftest import count, run_cli
from meeple.core.engine import Engine
from meeple.core.errors import ConcurrencyError, IllegalCommand, StoreError
from meeple.core.plugins import load
from meeple.core.scheduler import run_match
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore


class RandomAgent:
    """Uniform over the legal commands of the view; defined here so the driver needs no
    AI package."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Any, view: Any, player: str) -> Any:
        return self.rng.choice(game.legal(view, player))


def drive(url: str, seed: int, pause_at: int = 0) -> None:
    """Play matches into ``url`` until killed; each flush batch size is random so a kill
    lands inside single writes and inside batched ones. With ``pause_at`` = N, the N-th
    append stops inside its atomic write (transaction open, write lock held, records
    made but not committed), says "in-write" and waits there for the kill."""
    rng = random.Random(seed)
    eng = Engine(url, load())
    if pause_at:
        calls = iter(range(1, 10**9))
        append = eng.store._append_records

        def paused(game_id: str, expected_seq: int, make: Any, status: Any = None) -> Any:
            def make_then_wait(*last: Any) -> Any:
                records = make(*last)
                if next(calls) == pause_at:
                    print("in-write", flush=True)
                    time.sleep(120)
                return records

            return append(game_id, expected_seq, make_then_wait, status)

        eng.store._append_records = paused  # type: ignore[method-assign]
    for i in range(10**6):
        gid = f"kill-{seed}-{i}"
        eng.new_game("connect-four", ["red", "yellow"], seed=rng.randrange(2**32), game_id=gid)
        print(gid, flush=True)
        run_match(eng, gid, {"red": RandomAgent(rng.randrange(2**32)),
                             "yellow": RandomAgent(rng.randrange(2**32))},
                  flush_every=rng.choice([1, 1, 2, 5]))


def finish_all(eng: Engine) -> dict[str, int]:
    """Resume every unfinished game to its end; verify every game before and after."""
    figures = {"games": 0, "resumed": 0, "events": 0}
    for gid in eng.store.game_ids():
        report = eng.verify(gid)
        assert report.ok, report
        figures["games"] += 1
        if eng.outcome(gid) is None:
            run_match(eng, gid, {"red": RandomAgent(1), "yellow": RandomAgent(2)})
            figures["resumed"] += 1
            assert eng.outcome(gid) is not None
            report = eng.verify(gid)
            assert report.ok, report
        figures["events"] += report.events
    return figures


def store_url(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'faults.sqlite'}"
    if kind == "jsonl":
        return f"jsonl:///{tmp_path / 'faults-jsonl'}"
    return request.getfixturevalue("pg_url")


BACKENDS = ["sqlite", "jsonl", pytest.param("postgresql", marks=pytest.mark.postgres)]


# -- SIGKILL in the middle of matches -------------------------------------------------------

@pytest.mark.parametrize("kind", BACKENDS)
def test_sigkill_mid_match_leaves_every_game_complete_or_resumable(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest, capsys: Any) -> None:
    url = store_url(kind, tmp_path, request)
    rng = random.Random(f"kill-{kind}")
    kills = 9  # 6 at random moments, 3 inside an atomic write (the next writer must go on)
    for k in range(kills):
        pause_at = rng.randint(5, 60) if k % 3 == 2 else 0
        proc = subprocess.Popen([sys.executable, __file__, url, str(k), str(pause_at)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            started = proc.stdout.readline()  # the first game exists: matches are running
            assert started.startswith("kill-"), proc.stderr.read()
            if pause_at:
                while (said := proc.stdout.readline()) != "in-write\n":
                    assert said, proc.stderr.read()
            else:
                time.sleep(rng.uniform(0.05, 0.6))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read()
    code, out = run_cli(capsys, "verify", "--all", "--json", "--db", url)
    assert code == 0, out
    reports = orjson.loads(out)
    assert reports and all(r["ok"] for r in reports)
    eng = Engine(url, load())
    try:
        figures = finish_all(eng)
    finally:
        eng.close()
    assert figures["games"] >= kills
    count("faults.sigkills", kills)
    count("faults.games_after_kills", figures["games"])
    count("faults.games_resumed", figures["resumed"])
    count("faults.events_verified_after_kills", figures["events"])
    print(f"{kind}: {kills} kills, {figures}")


def meeple_command(*args: str) -> list[str]:
    exe = Path(sys.executable).with_name("meeple")
    if exe.exists():
        return [str(exe), *args]
    return [sys.executable, "-c", "from meeple.cli.app import main; main()", *args]


def test_sigkill_of_a_tournament_and_its_workers_then_resume(tmp_path: Path,
                                                             capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'tournament.sqlite'}"
    games = 48
    cmd = meeple_command("tournament", "connect-four", "-p", "mcts:sims=60", "-p",
                         "mcts:sims=60", "-n", str(games), "-w", "2", "--seed", "7",
                         "--db", url, "--json")
    # A session of its own, so one killpg takes the worker processes down too.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
            with contextlib.suppress(Exception):
                if len(SqliteStore(tmp_path / "tournament.sqlite").game_ids()) >= 4:
                    break
        time.sleep(random.Random(7).uniform(0.1, 0.4))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(30)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()
    code, out = run_cli(capsys, "verify", "--all", "--json", "--db", url)
    assert code == 0, out
    assert all(r["ok"] for r in orjson.loads(out))
    # The same command again resumes the unfinished games and plays the missing ones.
    again = subprocess.run(cmd, capture_output=True, timeout=300)
    assert again.returncode == 0, again.stderr.decode()
    eng = Engine(url, load())
    try:
        ids = eng.store.game_ids()
        assert len(ids) == games
        for gid in ids:
            assert eng.outcome(gid) is not None and eng.verify(gid).ok, gid
    finally:
        eng.close()
    count("faults.sigkills")
    count("faults.tournament_games_after_kill", games)


# -- several processes playing one game -----------------------------------------------------

def _player(target: Any, gid: str, me: int, out: Any) -> None:
    """Keep moving in a shared game from a fresh read each time, as a separate client."""
    try:
        eng = Engine(target, load())
        rng = random.Random(me)
        mine: list[int] = []
        while True:
            t = eng.table(gid)
            if t.outcome() is not None:
                break
            player = t.to_act()[0]
            cmd = rng.choice(t.game.legal(t.state, player))
            try:
                written = eng.move(gid, cmd, player)
                mine.append(written[0].seq)
            except (ConcurrencyError, IllegalCommand):
                continue  # someone else moved first: read again
        out.put(("ok", me, mine))
    except BaseException:
        out.put(("error", me, traceback.format_exc()))


@pytest.mark.parametrize("kind", ["memory", *BACKENDS])
def test_several_processes_in_one_game_never_duplicate_or_lose(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    writers = 4
    if kind == "memory":
        store = MemoryStore()
        target: Any = store
        q: Any = __import__("queue").Queue()
        start = [threading.Thread(target=_player, args=(store, "shared", me, q))
                 for me in range(writers)]
    else:
        target = store_url(kind, tmp_path, request)
        ctx = multiprocessing.get_context("fork")
        q = ctx.Queue()
        start = [ctx.Process(target=_player, args=(target, "shared", me, q))
                 for me in range(writers)]
    eng = Engine(target, load())
    eng.new_game("connect-four", ["red", "yellow"], seed=5, game_id="shared")
    for w in start:
        w.start()
    results = [q.get(timeout=120) for _ in start]
    for w in start:
        w.join(60)
    errors = [r for r in results if r[0] == "error"]
    assert not errors, errors[0][2]
    claimed = sorted(seq for _, _, seqs in results for seq in seqs)
    records = eng.store.load("shared")
    moves = sorted({r.batch for r in records if r.actor is not None})
    assert claimed == moves  # every acknowledged move is stored once; nothing else is
    count("faults.shared_game_moves", len(moves))
    assert eng.outcome("shared") is not None
    report = eng.verify("shared")
    assert report.ok, report
    eng.close()


# -- read-only databases --------------------------------------------------------------------

@contextlib.contextmanager
def tiny_tmpfs(where: Path, size: str) -> Iterator[bool]:
    """A small tmpfs at ``where`` (root only); yields False where mounting is impossible."""
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        yield False
        return
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                              str(where)], capture_output=True).returncode == 0
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(where)], check=False)


def remount(where: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True)


def play_some(eng: Engine, games: int, moves: int) -> dict[str, int]:
    rng = random.Random(9)
    seen = {}
    for i in range(games):
        gid = eng.new_game("connect-four", ["red", "yellow"], seed=i, game_id=f"g{i}")
        for _ in range(moves):
            t = eng.table(gid)
            if t.outcome() is not None:
                break
            p = t.to_act()[0]
            eng.move(gid, rng.choice(t.game.legal(t.state, p)), p)
        seen[gid] = eng.store.last(gid)[0]
    return seen


def assert_intact(eng: Engine, seen: dict[str, int]) -> None:
    count("faults.intact_checks_events", sum(seen.values()))
    for gid, last in seen.items():
        assert eng.store.last(gid)[0] == last
        report = eng.verify(gid)
        assert report.ok and report.events == last, report


def test_sqlite_query_only_connection_refuses_writes_clearly(tmp_path: Path) -> None:
    eng = Engine(SqliteStore(tmp_path / "ro.sqlite"), load())
    seen = play_some(eng, 3, 6)
    eng.store._db.execute("PRAGMA query_only = ON")  # what a read-only open gives
    gid = "g0"
    p = eng.to_act(gid)[0]
    with pytest.raises(StoreError, match="read-only"):
        eng.move(gid, eng.table(gid).game.legal(eng.state(gid), p)[0], p)
    with pytest.raises(StoreError, match="read-only"):
        eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="new")
    assert_intact(eng, seen)
    assert sorted(eng.store.game_ids()) == sorted(seen)


@pytest.mark.parametrize("kind", ["sqlite", "sqlite-relative", "jsonl"])
def test_read_only_file_system(kind: str, tmp_path: Path, monkeypatch: Any) -> None:
    where = tmp_path / "ro"
    with tiny_tmpfs(where, "4m") as mounted:
        monkeypatch.chdir(where)  # for the path relative to the working directory
        url = {"sqlite": f"sqlite:///{where / 'db.sqlite'}", "sqlite-relative": "sqlite:db.sqlite",
               "jsonl": f"jsonl:///{where / 'games'}"}[kind]
        eng = Engine(url, load())
        seen = play_some(eng, 3, 6)
        eng.close()
        if mounted:
            remount(where, "ro")
        else:  # not root: permissions do the same job
            for p in [where, *where.rglob("*")]:
                p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            eng = Engine(url, load())  # a read-only store still opens for reading
            assert_intact(eng, seen)
            listed: list[list[str]] = []  # as a server's worker threads read it
            reader = threading.Thread(target=lambda: listed.append(eng.store.game_ids()))
            reader.start()
            reader.join()
            assert [sorted(ids) for ids in listed] == [sorted(seen)]
            p = eng.to_act("g0")[0]
            with pytest.raises(StoreError, match="read-only"):
                eng.move("g0", eng.table("g0").game.legal(eng.state("g0"), p)[0], p)
            with pytest.raises(StoreError, match="read-only"):
                eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="new")
            count("faults.read_only_refusals", 2)
            assert_intact(eng, seen)
            eng.close()
        finally:
            if mounted:
                remount(where, "rw")
        eng = Engine(url, load())
        assert_intact(eng, seen)
        assert sorted(eng.store.game_ids()) == sorted(seen)
        eng.close()


@pytest.mark.postgres
def test_postgresql_read_only_session_refuses_writes_clearly(pg_url: str) -> None:
    eng = Engine(pg_url, load())
    seen = play_some(eng, 2, 5)
    eng.close()
    # libpq's options parameter: every transaction of this session is read-only, as on a
    # hot standby or for a role limited to reading.
    ro = Engine(pg_url + "&options=-c%20default_transaction_read_only%3Don", load())
    try:
        assert_intact(ro, seen)
        p = ro.to_act("g0")[0]
        with pytest.raises(StoreError, match="read-only"):
            ro.move("g0", ro.table("g0").game.legal(ro.state("g0"), p)[0], p)
        with pytest.raises(StoreError, match="read-only"):
            ro.new_game("connect-four", ["red", "yellow"], seed=1, game_id="new")
        count("faults.read_only_refusals", 2)
        assert_intact(ro, seen)
    finally:
        ro.close()


# -- a full disk ----------------------------------------------------------------------------

def fill_until_full(eng: Engine) -> tuple[dict[str, int], StoreError]:
    """Play games until the store refuses a write; return what was stored and the error."""
    rng = random.Random(3)
    seen: dict[str, int] = {}
    for i in range(10**5):
        gid = f"disk-{i}"
        try:
            eng.new_game("connect-four", ["red", "yellow"], seed=i, game_id=gid)
        except StoreError as exc:
            return seen, exc
        seen[gid] = eng.store.last(gid)[0]
        while eng.outcome(gid) is None:
            t = eng.table(gid)
            p = t.to_act()[0]
            try:
                eng.move(gid, rng.choice(t.game.legal(t.state, p)), p)
            except StoreError as exc:
                return seen, exc
            seen[gid] = eng.store.last(gid)[0]
    raise AssertionError("the store never filled up")


@pytest.mark.parametrize("kind", ["sqlite", "jsonl"])
def test_full_disk_gives_a_clear_error_and_keeps_everything(kind: str, tmp_path: Path) -> None:
    where = tmp_path / "full"
    with tiny_tmpfs(where, "1m" if kind == "sqlite" else "192k") as mounted:
        if kind == "sqlite":
            store: Any = SqliteStore(where / "db.sqlite")
            if not mounted:  # not root: SQLite's own size cap gives the same SQLITE_FULL
                store._db.execute("PRAGMA max_page_count = 40")
        else:
            store = JsonlStore(where / "games")
        eng = Engine(store, load())
        if mounted or kind == "sqlite":
            seen, message = fill_until_full(eng)
        else:  # not root: a file size limit in a child process stands in for the disk
            ctx = multiprocessing.get_context("fork")
            out = ctx.Queue()
            child = ctx.Process(target=_fill_under_size_limit, args=(store.url, 6000, out))
            child.start()
            seen, message = out.get(timeout=120)
            child.join(60)
        assert "is full: nothing was written" in str(message), message
        count("faults.full_disk_refusals")
        assert seen and sum(seen.values()) > 10  # something was stored before it filled
        assert_intact(eng, seen)
        eng.close()
        again = Engine(store.url, load())  # and after reopening
        assert_intact(again, seen)
        # Nothing half-written is left behind: every listed game reads and verifies.
        for gid in again.store.game_ids():
            assert again.verify(gid).ok
        assert set(again.store.game_ids()) >= set(seen)
        again.close()


def _fill_under_size_limit(url: str, limit: int, out: Any) -> None:
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    seen, exc = fill_until_full(Engine(url, load()))
    out.put((seen, str(exc)))


def _append_under_size_limit(url: str, limit: int, out: Any) -> None:
    """In a child process: a file size limit makes the next write stop part-way."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    eng = Engine(url, load())
    p = eng.to_act("g0")[0]
    try:
        eng.move("g0", eng.table("g0").game.legal(eng.state("g0"), p)[0], p)
        out.put("stored")
    except StoreError as exc:
        out.put(str(exc))


def test_jsonl_write_cut_short_leaves_no_partial_record(tmp_path: Path) -> None:
    url = f"jsonl:///{tmp_path / 'games'}"
    eng = Engine(url, load())
    seen = play_some(eng, 1, 6)
    path = tmp_path / "games" / "g0.jsonl"
    size = path.stat().st_size
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    child = ctx.Process(target=_append_under_size_limit, args=(url, size + 40, out))
    child.start()
    message = out.get(timeout=60)
    child.join(60)
    assert "is full: nothing was written" in message
    assert path.stat().st_size == size  # the 40 bytes that fitted were cut off again
    eng = Engine(url, load())
    assert_intact(eng, seen)
    p = eng.to_act("g0")[0]  # and the game goes on
    eng.move("g0", eng.table("g0").game.legal(eng.state("g0"), p)[0], p)
    assert eng.verify("g0").ok


def test_jsonl_torn_tail_of_a_killed_writer_never_counted(tmp_path: Path) -> None:
    # SIGKILL can stop a write between two pages: the file then ends inside a line.
    url = f"jsonl:///{tmp_path / 'games'}"
    eng = Engine(url, load())
    seen = play_some(eng, 1, 6)
    eng.close()
    path = tmp_path / "games" / "g0.jsonl"
    whole = path.read_bytes()
    path.write_bytes(whole + whole.splitlines(keepends=True)[-1][:37])
    eng = Engine(url, load())
    assert_intact(eng, seen)
    p = eng.to_act("g0")[0]  # the next append replaces the torn tail
    written = eng.move("g0", eng.table("g0").game.legal(eng.state("g0"), p)[0], p)
    assert path.read_bytes().startswith(whole) and path.read_bytes().endswith(b"\n")
    assert eng.verify("g0").ok and eng.verify("g0").events == seen["g0"] + len(written)


def _create_then_die(url: str, limit: int) -> None:
    """In a child: SIGXFSZ (Python ignores it; here its default) kills the process in the
    middle of a write."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    Engine(url, load()).new_game("connect-four", ["red", "yellow"], seed=1, game_id="late")


def test_jsonl_writer_killed_while_creating_a_game_leaves_no_broken_game(tmp_path: Path) -> None:
    url = f"jsonl:///{tmp_path / 'games'}"
    eng = Engine(url, load())
    seen = play_some(eng, 2, 4)
    eng.close()
    ctx = multiprocessing.get_context("fork")
    child = ctx.Process(target=_create_then_die, args=(url, 40))
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGXFSZ  # it died mid-write, no cleanup ran
    eng = Engine(url, load())
    assert sorted(eng.store.game_ids()) == sorted(seen)  # listing still works
    assert_intact(eng, seen)
    eng.new_game("connect-four", ["red", "yellow"], seed=1, game_id="late")  # id still free
    assert eng.verify("late").ok


if __name__ == "__main__":
    drive(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0)
