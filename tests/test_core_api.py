"""Promises of meeple.core's API as a whole: every annotation in the package resolves (cattrs
and typing.get_type_hints read them), every public Engine method runs whole under the
engine's lock (a shared engine is thread-safe) and keeps its name and docstring."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import threading
import typing
from typing import Any

import meeple.core as core
from meeple.core.engine import Engine
from meeple.core.stores.memory import MemoryStore
from test_engine_api import CLOCK, PLUGINS


def core_modules() -> list[Any]:
    return [core, *(importlib.import_module(m.name)
                    for m in pkgutil.walk_packages(core.__path__, "meeple.core."))]


def test_every_annotation_in_core_resolves() -> None:
    checked = []
    for mod in core_modules():
        for name, obj in vars(mod).items():
            if getattr(obj, "__module__", None) != mod.__name__:
                continue
            targets = [obj] if inspect.isfunction(obj) else []
            if inspect.isclass(obj):
                targets = [obj, *(getattr(f, "__func__", f) for f in vars(obj).values()
                                  if inspect.isfunction(getattr(f, "__func__", f)))]
            for target in targets:
                typing.get_type_hints(target)  # raises on a broken annotation
                checked.append(f"{mod.__name__}.{getattr(target, '__qualname__', name)}")
    assert len(checked) > 300
    assert "meeple.core.engine.LogLine" in checked and "meeple.core.records.GameHeader" in checked


class RecordingLock:
    """An RLock that notes which function took it first (outermost), two frames up."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.depth = 0
        self.outer: list[str] = []

    def __enter__(self) -> RecordingLock:
        self._lock.acquire()
        if self.depth == 0:
            self.outer.append(sys._getframe(2).f_code.co_name)
        self.depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self.depth -= 1
        self._lock.release()


class WatchedStore(MemoryStore):
    """Notes, at every store call, whether the engine's lock was held."""

    def __init__(self) -> None:
        super().__init__()
        self.lock: RecordingLock | None = None
        self.unlocked: list[str] = []

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if callable(attr) and not name.startswith("__") and name not in ("lock", "unlocked"):
            lock = super().__getattribute__("lock")
            if lock is not None and lock.depth == 0:
                super().__getattribute__("unlocked").append(name)
        return attr


LOCKED = ("table", "forget", "new_game", "list_games", "derived_status", "move", "state",
          "view", "to_act", "outcome", "render", "show_json", "undo", "redo", "fork",
          "verify", "log", "export", "import_export", "import_record")


def test_every_public_engine_method_runs_whole_under_the_lock() -> None:
    store = WatchedStore()
    eng = Engine(store, PLUGINS, clock=lambda: CLOCK)
    recording = RecordingLock()
    eng._lock = recording  # type: ignore[assignment]
    store.lock = recording
    other = Engine(MemoryStore(), PLUGINS, clock=lambda: CLOCK)
    other.new_game("marked-dice", ["a", "b"], seed=2, game_id="x")
    for p in ("a", "b"):
        other.move("x", "stop", p)
    exported = other.export("x")
    calls = {
        "new_game": lambda: eng.new_game("marked-dice", ["a", "b"], seed=1, game_id="g"),
        "table": lambda: eng.table("g"),
        "forget": lambda: eng.forget("g"),
        "move": lambda: eng.move("g", "roll", "a"),
        "state": lambda: eng.state("g"),
        "view": lambda: eng.view("g", "a"),
        "to_act": lambda: eng.to_act("g"),
        "outcome": lambda: eng.outcome("g"),
        "render": lambda: eng.render("g"),
        "show_json": lambda: eng.show_json("g"),
        "undo": lambda: eng.undo("g", "a", agreed=["b"]),
        "redo": lambda: eng.redo("g", "a"),
        "fork": lambda: eng.fork("g", 2, "f"),
        "verify": lambda: eng.verify("g"),
        "log": lambda: eng.log("g"),
        "export": lambda: eng.export("g", reveal=True),
        "import_export": lambda: eng.import_export(exported),
        "import_record": lambda: eng.import_record("dice-lines", "a roll", game_id="i"),
        "list_games": lambda: eng.list_games(),
        "derived_status": lambda: eng.derived_status("g"),
    }
    assert sorted(calls) == sorted(LOCKED)
    for name, call in calls.items():
        recording.outer.clear()
        call()
        # The lock was first taken by the method the caller called (its wrapper's frame
        # is called from this lambda), not by something the method called later.
        assert recording.outer[:1] == ["<lambda>"], f"{name}: first locked by {recording.outer}"
        assert recording.depth == 0
    assert store.unlocked == []


def test_locked_methods_keep_their_names_and_documentation() -> None:
    for name in LOCKED:
        method = getattr(Engine, name)
        assert method.__name__ == name and method.__qualname__ == f"Engine.{name}"
        assert method.__wrapped__.__name__ == name
        assert method.__doc__ == method.__wrapped__.__doc__
    assert Engine.move.__doc__.startswith("Give a command as ``player``")
    assert "game_id" in inspect.signature(Engine.move).parameters
