"""Executors: which one a command line gets, every refusal word for word, results of each
(in order inline, all of them from worker processes), and the pool's shutdown: waited for
when every result was read, worker processes ended when the caller stops early
(mutation testing, docs/testing.md)."""

from __future__ import annotations

import importlib.util
import time

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


def test_stopping_early_ends_the_worker_processes_without_waiting(recording) -> None:
    it = ProcessExecutor(2).run(time.sleep, [0, 60, 60, 60])
    assert next(it) is None  # the quick item; the others sleep a minute
    it.close()  # the caller stops reading, as on Ctrl-C
    (pool,) = recording
    assert pool.shutdowns and pool.shutdowns[0] is False
    assert pool.procs and not any(p.is_alive() for p in pool.procs)


def test_an_error_in_a_worker_reaches_the_caller_and_ends_the_pool(recording) -> None:
    with pytest.raises(ValueError):
        list(ProcessExecutor(2).run(int, ["1", "x"]))
    (pool,) = recording
    assert pool.shutdowns[0] is False
    assert not any(p.is_alive() for p in pool.procs)
