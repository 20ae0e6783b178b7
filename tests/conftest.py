"""Shared fixtures for the store contract and the reliability tests: a PostgreSQL schema
per test when MEEPLE_TEST_POSTGRES names a server, and a seeded random agent."""

from __future__ import annotations

import collections
import os
import random
import sys
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

ENV_FIGURES = "MEEPLE_RELIABILITY_FIGURES"

#: What the reliability tests did (games, events, faults, inputs), for docs/reliability.md.
FIGURES: collections.Counter[str] = collections.Counter()


def count(key: str, n: int = 1) -> None:
    FIGURES[key] += int(n)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """With MEEPLE_RELIABILITY_FIGURES=PATH, each test process writes PATH.PID.json."""
    target = os.environ.get(ENV_FIGURES)
    # Test modules import this file as ``conftest``; pytest may hold another copy.
    figures = getattr(sys.modules.get("conftest"), "FIGURES", FIGURES)
    if target and figures:
        import orjson

        with open(f"{target}.{os.getpid()}.json", "wb") as f:
            f.write(orjson.dumps(dict(figures), option=orjson.OPT_SORT_KEYS))


def postgres_url_or_skip() -> str:
    """The server URL; on CI a missing server is a failure, locally a skip."""
    from meeple.core.testing import postgres_url

    return postgres_url()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A store URL on the test server with a schema of its own, dropped afterwards."""
    import psycopg

    base = postgres_url_or_skip()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    sep = "&" if "?" in base else "?"
    yield f"{base}{sep}schema={schema}"
    with psycopg.connect(base, autocommit=True) as db:
        db.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


class RandomAgent:
    """Uniform over the legal commands of the view (the AI package is not needed here)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Any, view: Any, player: str) -> Any:
        return self.rng.choice(game.legal(view, player))


def installed_games() -> list[str]:
    """Every game whose plugin loads now; the reliability tests run on each of them."""
    from meeple.core.plugins import load

    return sorted(load().games)


def seats(game: Any) -> list[str]:
    return game.default_players(max(2, game.min_players))


def play_random(eng: Any, name: str, seed: int, commands: int, game_id: str) -> str:
    """A stored game of ``name`` with up to ``commands`` seeded, uniformly random legal
    commands (the player too is drawn among those to act)."""
    game = eng.plugins.game(name)
    gid = eng.new_game(name, seats(game), seed=seed, game_id=game_id)
    rng = random.Random(seed)
    for _ in range(commands):
        t = eng.table(gid)
        if t.outcome() is not None:
            break
        player = rng.choice(t.to_act())
        eng.move(gid, rng.choice(t.game.legal(t.state, player)), player)
    return gid


def counting_folds(game: Any) -> tuple[Any, list[Any]]:
    """A game like ``game`` that notes every event it folds, and the list it notes them in."""
    folded: list[Any] = []

    class Counting(type(game)):  # type: ignore[misc]
        def fold(self, state: Any, ev: Any) -> Any:
            folded.append(ev)
            return super().fold(state, ev)

    return Counting(), folded


def run_cli(capsys: Any, *args: str) -> tuple[int, str]:
    """Run the ``meeple`` command in this process: (exit code, stdout + stderr)."""
    from cli_runner import run_meeple

    code, out, err = run_meeple(capsys, *args)
    return code, out + err


@pytest.fixture
def only_connect_four(monkeypatch: pytest.MonkeyPatch) -> None:
    """Load connect four alone (for tests of tournaments and matches, which load plugins
    by name in their workers)."""
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four")


@pytest.fixture
def url(tmp_path: Any) -> str:
    """A fresh SQLite store for one test."""
    return f"sqlite:///{tmp_path / 'store.sqlite'}"
