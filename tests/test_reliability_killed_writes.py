"""A fork or an import killed at any moment leaves either no game or the whole game: every
store writes the header and all the records in one transaction (JSON Lines: one file
written aside and linked into place). Each trial runs the write in a child process and
kills it (SIGKILL) at a random moment of the write; the store is then read by a fresh
engine, as the next command would."""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import time
from typing import Any

import attrs
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore

PLUGINS = load()
TRIALS = 8  # per store and kind of write
SEED = 11


def big_game() -> tuple[bytes, int]:
    """A finished four-player Utopia game to the longest goal (1,100 events and more),
    as an export; and a fork point near its end."""
    eng = Engine(MemoryStore(), PLUGINS)
    gid = eng.new_game("utopia", ["a", "b", "c", "d"], {"goal": 150}, seed=SEED, game_id="big")
    rng = random.Random(SEED)
    while True:
        t = eng.table(gid)
        if t.outcome() is not None:
            break
        player = rng.choice(t.to_act())
        eng.move(gid, rng.choice(t.game.legal(t.state, player)), player)
    assert t.last_seq > 1000
    return eng.export(gid), max(r.batch for r in t.records[:-5]) - 1


BIG = big_game()


def write(url: str, kind: str, new_id: str, ready: Any) -> None:
    """The child: open the store, say so, then fork or import (and exit at once)."""
    try:
        eng = Engine(url, PLUGINS)
        data, at = BIG
        ready.set()
        if kind == "fork":
            eng.fork("big", at, new_id)
        else:
            eng.import_export(data, new_id)
    finally:
        os._exit(0)


def run_killed(url: str, kind: str, new_id: str, delay: float | None) -> tuple[float, int]:
    """Run one write in a child; kill it ``delay`` seconds after it is ready (None: let
    it finish). (Seconds from ready to the end, the child's exit code.)"""
    ctx = multiprocessing.get_context("fork")
    ready = ctx.Event()
    child = ctx.Process(target=write, args=(url, kind, new_id, ready))
    child.start()
    assert ready.wait(60), "the child never opened the store"
    start = time.perf_counter()
    if delay is not None:
        child.join(delay)
        if child.is_alive():
            os.kill(child.pid, signal.SIGKILL)
    child.join(60)
    return time.perf_counter() - start, child.exitcode


def check_all_or_nothing(url: str, game_id: str, events: int) -> bool:
    """The game is absent (False) or whole and verified (True), for every reader."""
    eng = Engine(url, PLUGINS)
    try:
        if game_id not in eng.store.game_ids():
            return False
        report = eng.verify(game_id)
        assert report.ok and report.events == events, (game_id, report)
        assert eng.derived_status(game_id)["status"] in ("running", "finished")
        assert eng.store.last(game_id)[0] == events
        return True
    finally:
        eng.close()


def kill_at_random_moments(url: str) -> None:
    eng = Engine(url, PLUGINS)
    eng.import_export(BIG[0])
    total = eng.store.last("big")[0]
    eng.close()
    rng = random.Random(SEED)
    for kind in ("fork", "import"):
        events = BIG[1] if kind == "fork" else total
        took, code = run_killed(url, kind, f"{kind}-whole", None)
        assert code == 0 and check_all_or_nothing(url, f"{kind}-whole", events)
        killed = 0
        for i in range(TRIALS):
            gid = f"{kind}-{i}"
            _, code = run_killed(url, kind, gid, rng.uniform(0, took * 1.2))
            killed += code == -signal.SIGKILL
            check_all_or_nothing(url, gid, events)
        assert killed, f"no {kind} was killed before it ended: the trials prove nothing"


def test_a_killed_fork_or_import_leaves_no_game_or_all_of_it_sqlite(tmp_path: Any) -> None:
    kill_at_random_moments(f"sqlite:///{tmp_path / 'killed.sqlite'}")


def test_a_killed_fork_or_import_leaves_no_game_or_all_of_it_jsonl(tmp_path: Any) -> None:
    kill_at_random_moments(f"jsonl:///{tmp_path / 'killed'}")


def test_a_killed_fork_or_import_leaves_no_game_or_all_of_it_postgresql(pg_url: str) -> None:
    kill_at_random_moments(pg_url)


def test_every_command_reports_a_header_without_events_as_damaged(tmp_path: Any,
                                                                    capsys: Any) -> None:
    """What a write split in two would leave: the header alone. Every command names it as
    damaged; none sets it up from its seed."""
    from cli_runner import run_meeple

    db = str(tmp_path / "split.sqlite")
    eng = Engine(f"sqlite:///{db}", PLUGINS)
    eng.import_export(BIG[0])
    eng.store.create_game(attrs.evolve(eng.store.header("big"), game_id="split"))
    eng.close()
    code, out, err = run_meeple(capsys, "verify", "split", "--db", db)
    assert code == 1 and "split: event 1: split is damaged" in " ".join(out.split())
    code, out, _ = run_meeple(capsys, "list", "--db", db)
    assert code == 1 and "damaged" in out
    for args in (["log", "split"], ["show", "split"], ["replay", "split"],
                 ["export", "split", "--reveal"], ["fork", "split", "--at", "1"],
                 ["move", "split", "1", "--as", "a"]):
        code, out, err = run_meeple(capsys, *args, "--db", db)
        assert code == 2 and "split is damaged: its header is stored without any events" \
            in " ".join(err.split()), (args, out, err)
        assert len(err.strip().splitlines()) <= 3 and "Traceback" not in err
    assert SqliteStore(db).last("split")[0] == 0  # nothing was set up
