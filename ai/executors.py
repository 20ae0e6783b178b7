"""Executors: where a tournament's matches run.

An executor takes a function and independent work items and yields the function's results
as they finish, in any order. The tournament hands it ``MatchUnit``s (or, for a store the
workers cannot reach, a unit with the game so far); nothing here knows about games.

- ``InlineExecutor``: one after another in this process.
- ``ProcessExecutor``: worker processes on this machine.
- ``RayExecutor``: one Ray task per item, on a local Ray started here or on the cluster at
  ``address``; a task whose worker dies is retried by Ray.

Every executor stops promptly on Ctrl-C: running work is abandoned (a match's log is
written in one atomic step at its end, so an abandoned match leaves either nothing or a
resumable prefix) and the interruption reaches the caller.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeVar

from meeple.core import BadOptions

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    #: True when the workers cannot write to the tournament's store themselves, so each
    #: returns the game's log for the driver to store (see RayExecutor).
    detached: bool

    def run(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item, yielded as each finishes."""


class InlineExecutor:
    """Plays matches one after another in this process."""

    detached = False
    #: The work runs in the caller's process: it may use the caller's open engines.
    in_process = True

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


class ProcessExecutor:
    """Worker processes on this machine; each opens its own engine on the store URL."""

    detached = False

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        pool = ProcessPoolExecutor(self.workers)
        pending: set[Future] = set()
        clean = False
        try:
            pending = {pool.submit(fn, item) for item in items}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
            clean = True
        finally:
            for fut in pending:
                fut.cancel()
            if clean:
                pool.shutdown(wait=True)
            else:
                # Interrupted (Ctrl-C, an error, the caller stopped reading): do not wait for
                # running matches to finish; end their processes now.
                _terminate(pool)


def _terminate(pool: ProcessPoolExecutor) -> None:
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)
        if p.is_alive():
            p.kill()


class RayExecutor:
    """One Ray task per item.

    ``address``: a running cluster (``ray://...`` or ``host:port``); None starts a local
    Ray on 127.0.0.1 for the length of the run, with ``workers`` CPUs. ``store_shared``: the
    workers reach the tournament's store (PostgreSQL); otherwise the executor is
    ``detached`` and the tournament relays each game's log through the driver (SQLite,
    JSON Lines). A task whose worker process dies is retried up to ``retries`` times; the
    match resumes from what its store holds, so nothing is doubled or lost."""

    def __init__(self, workers: int = 2, address: str | None = None,
                 store_shared: bool = True, retries: int = 3) -> None:
        if importlib.util.find_spec("ray") is None:
            raise BadOptions("--executor ray needs Ray: pip install 'meeple[ray]'")
        self.workers = max(1, workers)
        self.address = address
        self.detached = not store_shared
        self.retries = retries

    def _start(self) -> bool:
        # Ray reports usage to its makers unless told not to; a tournament should not
        # phone home.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        if not self.address:
            # A Ray of our own serves this machine only: this switch (read when Ray is first
            # imported) makes every Ray process listen on 127.0.0.1, not on the machine's
            # other addresses.
            os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        import ray

        if ray.is_initialized():
            return False
        if self.address:
            ray.init(address=self.address, log_to_driver=False, logging_level="WARNING")
        else:
            ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False,
                     _node_ip_address="127.0.0.1", logging_level="WARNING")
        return True

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        started = self._start()  # before Ray is imported here: it sets what Ray reads then
        import ray

        remote = ray.remote(num_cpus=1, max_retries=self.retries, retry_exceptions=False)(fn)
        pending = [remote.remote(item) for item in items]
        clean = False
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
            clean = True
        finally:
            if not clean:
                for ref in pending:
                    ray.cancel(ref, force=True)
            if started:
                ray.shutdown()


EXECUTORS = ("local", "ray")


def executor_for(workers: int, kind: str = "local", address: str | None = None,
                 store_shared: bool = True) -> Executor:
    """The executor a command line names: ``local`` (in-process for one worker, else
    worker processes) or ``ray``."""
    if kind == "local":
        if address:
            raise BadOptions("--ray-address goes with --executor ray")
        return InlineExecutor() if workers <= 1 else ProcessExecutor(workers)
    if kind == "ray":
        return RayExecutor(workers, address, store_shared)
    raise BadOptions(f"--executor must be one of {', '.join(EXECUTORS)}, not {kind!r}")
