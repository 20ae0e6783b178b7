"""pytest plugin loaded only by scripts/mutation.py (``-p mutation_pytest``), never in CI.

A mutation run executes one package's tests once per mutant, so two things must hold that
the CI run does not need: the verdict on a mutant must not depend on luck, and a run must
be short. Hypothesis is therefore derandomized (the same examples on every run), and
GameContract's random-game property plays at most MEEPLE_MUTATION_RANDOM_GAMES games
(default 100) instead of its usual 1000. Both only make a mutant *harder* to kill, so the
kill rate a mutation run reports is, if anything, lower than the full suite would give.
With MEEPLE_MUTATION_DURATIONS set, each test's seconds (setup, call and teardown) are
written there as JSON, so that a mutant's tests can run fastest first.
"""

from __future__ import annotations

import json
import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    from hypothesis import settings

    settings.register_profile("meeple-mutation", derandomize=True, database=None)
    settings.load_profile("meeple-mutation")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    from meeple.core.testing import GameContract

    cap = int(os.environ.get("MEEPLE_MUTATION_RANDOM_GAMES", "100"))
    for item in items:
        cls = getattr(item, "cls", None)
        if cls is not None and issubclass(cls, GameContract) and cls.random_games > cap:
            cls.random_games = cap


_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _seconds[report.nodeid] = _seconds.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get("MEEPLE_MUTATION_DURATIONS")
    if path:
        with open(path, "w") as f:
            json.dump(_seconds, f, indent=0, sort_keys=True)
