"""The real web server on 127.0.0.1 (uvicorn in a thread) over a fresh SQLite store, and
a small HTTP client that never raises on 4xx (the tests look at every answer)."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from meeple.web.app import create_app
from meeple.web.server import running


@attrs.frozen
class Answer:
    status: int
    body: bytes
    type: str

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.body)


@attrs.define
class Site:
    base: str
    app: Any
    db: str

    @property
    def engine(self) -> Any:
        return self.app.state.service.engine

    def get(self, path: str, accept: str = "") -> Answer:
        return self.send(urllib.request.Request(self.base + path, headers={"Accept": accept}))

    def post(self, path: str, body: Any = None, raw: bytes | None = None,
             form: bool = False) -> Answer:
        data = raw if raw is not None else json.dumps(body).encode()
        kind = "application/x-www-form-urlencoded" if form else "application/json"
        return self.send(urllib.request.Request(self.base + path, data=data,
                                                headers={"Content-Type": kind}))

    @staticmethod
    def send(req: urllib.request.Request) -> Answer:
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return Answer(resp.status, resp.read(), resp.headers.get("Content-Type", ""))
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, exc.read(), exc.headers.get("Content-Type", ""))

    def create(self, game: str, seats: list[tuple[str, str]], seed: int = 1,
               options: dict | None = None, public_seed: bool = True) -> dict[str, Any]:
        """A game made through POST /api/games; a public seed by default, so that a
        test's game is the same on every run (a private one mixes in the server's secret)."""
        ans = self.post("/api/games", {"game": game, "seed": seed, "options": options or {},
                                       "public_seed": public_seed,
                                       "seats": [{"name": n, "agent": a} for n, a in seats]})
        assert ans.status == 201, ans.text
        made = ans.json()
        made["keys"] = {s: url.rsplit("/", 1)[1] for s, url in made["seats"].items()}
        return made

    def play_random(self, made: dict[str, Any], moves: int, seed: int = 3) -> None:
        """Random legal commands through the seats' own JSON API, until ``moves`` are
        played or the game ends."""
        rng = random.Random(seed)
        for _ in range(moves):
            state = self.get(f"/api/games/{made['game_id']}").json()
            if state["finished"]:
                return
            key = made["keys"][state["to_act"][0]]
            page = self.get(f"/api/seat/{key}").json()
            ans = self.post(f"/api/seat/{key}/move",
                            {"command": rng.choice(page["legal"]), "seq": page["last_seq"]})
            assert ans.status == 200, ans.text


def start_site(tmp: Path, **settings: Any) -> Iterator[Site]:
    """A server over a fresh store in ``tmp``; ``settings`` go to create_app."""
    db = f"sqlite:///{tmp}/web.sqlite"
    app = create_app(db, **settings)
    with running(app) as base:
        yield Site(base, app, db)
    app.state.service.engine.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from start_site(tmp_path_factory.mktemp("web"))


@pytest.fixture
def make_site(tmp_path: Path) -> Iterator[Callable[..., Site]]:
    """Starts servers with other create_app settings, each over its own fresh store;
    all are stopped when the test ends."""
    made = itertools.count()
    with contextlib.ExitStack() as stack:
        def make(**settings: Any) -> Site:
            folder = tmp_path / f"site{next(made)}"
            folder.mkdir()
            return stack.enter_context(contextlib.contextmanager(start_site)(folder, **settings))

        yield make
