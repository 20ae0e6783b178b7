"""Executors: which one a command line gets, every refusal word for word, results of each (in
order inline, all of them from worker processes), and the pool's shutdown: waited for when
every result was read, worker processes ended when the caller stops early."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest
from meeple.ai import executors
from meeple.ai.executors import (
    EXECUTORS,
    InlineExecutor,
    ProcessExecutor,
    RayExecutor,
    executor_for,
)
from meeple.core import BadOptions


def test_a_local_executor_is_inline_for_one_worker_and_processes_for_more() -> None:
    for workers in (-1, 0, 1):
        assert type(executor_for(workers)) is InlineExecutor
    for workers in (2, 5):
        ex = executor_for(workers, "local")
        assert type(ex) is ProcessExecutor and ex.workers == workers
    assert not InlineExecutor.detached and not ProcessExecutor(2).detached
    assert EXECUTORS == ("local", "ray")


@pytest.mark.parametrize("kind", ["", "a", "local ", "lo", "process", "rax", "ray2", "zz"])
def test_any_other_executor_name_is_refused_naming_the_allowed_ones(kind: str) -> None:
    with pytest.raises(BadOptions) as info:
        executor_for(2, kind)
    assert str(info.value) == f"--executor must be one of local, ray, not {kind!r}"


def test_a_ray_address_needs_the_ray_executor() -> None:
    with pytest.raises(BadOptions) as info:
        executor_for(2, "local", "ray://head:10001")
    assert str(info.value) == "--ray-address goes with --executor ray"
    assert type(executor_for(1, "local", "")) is InlineExecutor


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_the_ray_executor_keeps_its_settings_without_starting_ray() -> None:
    ex = executor_for(3, "ray", "ray://head:10001", store_shared=False)
    assert type(ex) is RayExecutor
    assert (ex.workers, ex.address, ex.detached, ex.retries) == (3, "ray://head:10001", True, 3)
    ex = RayExecutor()
    assert (ex.workers, ex.address, ex.detached, ex.retries) == (2, None, False, 3)
    ex = RayExecutor(0)
    assert (ex.workers, ex.address, ex.detached, ex.retries) == (1, None, False, 3)
    assert RayExecutor(-4, retries=0).workers == 1 and RayExecutor(5).workers == 5
    assert RayExecutor(2, retries=7).retries == 7


def test_the_ray_executor_without_ray_says_how_to_install_it(monkeypatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ray" else real(name, *a))
    with pytest.raises(BadOptions) as info:
        executor_for(2, "ray")
    assert str(info.value) == "--executor ray needs Ray: pip install 'meeple[ray]'"


def test_inline_runs_every_item_in_order_lazily() -> None:
    calls: list[int] = []

    def fn(x: int) -> int:
        calls.append(x)
        return x * 10

    it = InlineExecutor().run(fn, [3, 1, 2])
    assert calls == []
    assert next(it) == 30 and calls == [3]
    assert list(it) == [10, 20]


class _Recording(executors.ProcessPoolExecutor):
    """The real pool, remembering how it was shut down and its worker processes."""

    made: list[_Recording] = []

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shutdowns: list[bool] = []
        self.procs: list = []
        _Recording.made.append(self)

    def submit(self, *args, **kwargs):
        fut = super().submit(*args, **kwargs)
        self.procs = list((self._processes or {}).values()) or self.procs
        return fut

    def shutdown(self, wait: bool = True, **kwargs) -> None:
        self.shutdowns.append(wait)
        super().shutdown(wait=wait, **kwargs)


@pytest.fixture
def recording(monkeypatch):
    _Recording.made = []
    monkeypatch.setattr(executors, "ProcessPoolExecutor", _Recording)
    return _Recording.made


def test_worker_processes_give_every_result_and_the_pool_is_waited_for(recording) -> None:
    out = list(ProcessExecutor(2).run(abs, [-3, 4, -5, 0]))
    assert sorted(out) == [0, 3, 4, 5]
    (pool,) = recording
    assert pool.shutdowns == [True]
    assert pool.procs and not any(p.is_alive() for p in pool.procs)


def _still_running(proc, grace: float = 10.0) -> bool:
    """Whether a worker outlives a short grace, asked of the operating system. Another
    waiter may reap the worker first (the pool's manager thread, or anything in this test
    process that waits for any child): multiprocessing then never learns its exit code and
    keeps calling it alive. So a process that is gone, or a zombie, has ended; a worker that
    was never ended still has most of its minute's sleep to go and is caught."""
    proc.join(timeout=grace)
    if not proc.is_alive():
        return False
    try:
        status = Path(f"/proc/{proc.pid}/status").read_text()
    except FileNotFoundError:
        return False  # reaped by another waiter
    except OSError:
        return True
    state = next((line.split()[1] for line in status.splitlines()
                  if line.startswith("State:")), "")
    return state not in ("Z", "X")


def test_stopping_early_ends_the_worker_processes_without_waiting(recording) -> None:
    it = ProcessExecutor(2).run(time.sleep, [0, 60, 60, 60])
    assert next(it) is None  # the quick item; the others sleep a minute
    it.close()  # the caller stops reading, as on Ctrl-C
    (pool,) = recording
    assert pool.shutdowns and pool.shutdowns[0] is False
    assert pool.procs and not any(_still_running(p) for p in pool.procs)


def test_an_error_in_a_worker_reaches_the_caller_and_ends_the_pool(recording) -> None:
    with pytest.raises(ValueError):
        list(ProcessExecutor(2).run(int, ["1", "x"]))
    (pool,) = recording
    assert pool.shutdowns[0] is False
    assert not any(_still_running(p) for p in pool.procs)


class _FakeRay:
    """Just enough of Ray's API for RayExecutor.run's control flow: tasks run when their
    result is asked for; what was started, cancelled and shut down is recorded."""

    def __init__(self, initialized: bool = False) -> None:
        self.initialized = initialized
        self.inits: list[dict] = []
        self.cancelled: list[tuple[int, bool]] = []
        self.shutdowns = 0
        self.options: dict = {}

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs) -> None:
        self.inits.append(kwargs)
        self.initialized = True

    def shutdown(self) -> None:
        self.shutdowns += 1
        self.initialized = False

    def remote(self, **options):
        self.options = options

        def wrap(fn):
            class Remote:
                @staticmethod
                def remote(item):
                    return (fn, item)
            return Remote
        return wrap

    def wait(self, refs, num_returns=1):
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        fn, item = ref
        return fn(item)

    def cancel(self, ref, force=False) -> None:
        self.cancelled.append((ref[1], force))


@pytest.fixture
def fake_ray(monkeypatch):
    import sys

    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    # RayExecutor sets these for Ray with setdefault; keep them out of this process's env
    for name in ("RAY_USAGE_STATS_ENABLED", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"):
        monkeypatch.setenv(name, "0")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: object() if name == "ray" else real(name, *a))
    return fake


def test_ray_runs_every_item_as_a_retried_task_and_stops_the_ray_it_started(fake_ray) -> None:
    out = list(RayExecutor(3).run(abs, [-1, -2, 3]))
    assert out == [1, 2, 3]
    assert fake_ray.options == {"num_cpus": 1, "max_retries": 3, "retry_exceptions": False}
    (init,) = fake_ray.inits
    assert init["num_cpus"] == 3 and init["_node_ip_address"] == "127.0.0.1"
    assert fake_ray.cancelled == [] and fake_ray.shutdowns == 1


def test_ray_stopped_early_cancels_every_pending_task(fake_ray) -> None:
    it = RayExecutor(2, retries=5).run(abs, [-1, -2, -3, -4])
    assert next(it) == 1
    it.close()
    assert fake_ray.cancelled == [(-2, True), (-3, True), (-4, True)]
    assert fake_ray.options["max_retries"] == 5 and fake_ray.shutdowns == 1


def test_a_running_ray_is_used_and_left_running_and_a_cluster_joined_by_address(
        fake_ray) -> None:
    fake_ray.initialized = True
    assert list(RayExecutor(2).run(abs, [-5])) == [5]
    assert fake_ray.inits == [] and fake_ray.shutdowns == 0
    fake_ray.initialized = False
    assert list(RayExecutor(2, address="ray://head:10001").run(abs, [-6])) == [6]
    (init,) = fake_ray.inits
    assert init["address"] == "ray://head:10001" and "num_cpus" not in init
