"""The Ray executor: a local Ray on 127.0.0.1 started by the tests, matches as Ray tasks,
the same logs as the local executor, a killed worker's match retried, nothing doubled.

Ray is in the dev set-up (`meeple[ray]`); under CI=true a missing Ray fails these tests."""

from __future__ import annotations

import importlib.util
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from meeple.ai.executors import RayExecutor
from meeple.ai.tournament import plan, play_detached, play_match, run_tournament
from meeple.core.engine import Engine
from meeple.core.plugins import load

SPECS = ["mcts:sims=15", "heuristic"]


def _require_ray():
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but Ray is not installed: pip install 'meeple[ray]'")
        pytest.skip("Ray is not installed: pip install 'meeple[ray]'")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    _require_ray()
    os.environ["MEEPLE_LOAD_PLUGINS"] = "connect_four"  # inherited by the Ray workers
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    # Every Ray process on 127.0.0.1; Ray reads this when it is first imported.
    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1", logging_level="WARNING")
    try:
        assert {n["NodeManagerAddress"] for n in ray.nodes()} == {"127.0.0.1"}
        yield
    finally:
        ray.shutdown()
        os.environ.pop("MEEPLE_LOAD_PLUGINS", None)


def _log(url: str, game_id: str) -> list[tuple]:
    return [(r.seq, r.batch, r.type, r.version, r.data, r.actor, r.command_text)
            for r in Engine(url).store.load(game_id)]


def _same_games(a: str, b: str, ids: list[str]) -> None:
    for gid in ids:
        assert _log(a, gid) == _log(b, gid), gid


def test_ray_gives_the_same_logs_as_the_local_executor(ray_cluster, tmp_path, request):
    local = f"sqlite:///{tmp_path / 'local.sqlite'}"
    relayed = f"sqlite:///{tmp_path / 'ray.sqlite'}"
    a = run_tournament(plan("connect-four", SPECS, 4, 9, local), SPECS, 9)
    ray_exec = RayExecutor(2, store_shared=False)
    assert ray_exec.detached  # an SQLite file: the games come back through the driver
    b = run_tournament(plan("connect-four", SPECS, 4, 9, relayed), SPECS, 9,
                       executor=ray_exec)
    assert [(m.scores, m.ranks) for m in a.matches] == [(m.scores, m.ranks) for m in b.matches]
    ids = [m.game_id for m in a.matches]
    _same_games(local, relayed, ids)
    eng = Engine(relayed, load())
    assert sorted(eng.store.game_ids()) == sorted(ids)
    assert all(eng.verify(g).ok for g in ids)
    assert all(eng.store.status(g).get("status") == "finished" for g in ids)


def test_ray_tasks_write_straight_to_a_shared_postgresql_store(ray_cluster, tmp_path, pg_url):
    local = f"sqlite:///{tmp_path / 'local.sqlite'}"
    a = run_tournament(plan("connect-four", SPECS, 2, 4, local), SPECS, 4)
    b = run_tournament(plan("connect-four", SPECS, 2, 4, pg_url), SPECS, 4,
                       executor=RayExecutor(2, store_shared=True))
    _same_games(local, pg_url, [m.game_id for m in a.matches])
    assert [m.scores for m in a.matches] == [m.scores for m in b.matches]


def _dies_once_mid_match(marker_dir: str):
    """A match function that plays part of match 1, stores it, then dies as a killed worker
    does (on its first try only: the marker file remembers)."""

    def play(unit):
        return _play_or_die(unit, Path(marker_dir) / f"{unit.index}")

    return play


def _play_or_die(unit, marker: Path):
    from meeple.ai.registry import make_agent
    from meeple.core.engine import Engine
    from meeple.core.scheduler import run_match

    if unit.index == 1 and not marker.exists():
        marker.touch()
        eng = Engine(unit.store_url)
        eng.new_game(unit.game, list(unit.seats), dict(unit.options), seed=unit.seed,
                     game_id=unit.game_id, title=unit.title)
        agents = {s: make_agent(spec, seed, eng.plugins)
                  for s, spec, seed in zip(unit.seats, unit.specs, unit.agent_seeds, strict=True)}
        run_match(eng, unit.game_id, agents, max_commands=4)  # 4 moves stored
        os.kill(os.getpid(), signal.SIGKILL)
    return play_match(unit)


def test_a_killed_worker_has_its_match_retried_and_nothing_is_doubled(ray_cluster, tmp_path,
                                                                     monkeypatch):
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(__import__(__name__))
    url = f"sqlite:///{tmp_path / 'kill.sqlite'}"
    units = plan("connect-four", SPECS, 4, 2, url)
    results = list(RayExecutor(2, store_shared=True).run(_dies_once_mid_match(str(tmp_path)),
                                                          units))
    assert (tmp_path / "1").exists(), "the fault was not injected"
    assert sorted(r.index for r in results) == [0, 1, 2, 3]
    resumed = next(r for r in results if r.index == 1)
    assert resumed.resumed  # the retry continued the stored part, it did not start over
    eng = Engine(url, load())
    assert sorted(eng.store.game_ids()) == sorted(u.game_id for u in units)
    for u in units:
        assert eng.verify(u.game_id).ok and eng.outcome(u.game_id) is not None
    # The retry continued the 4 stored moves (a resumed match's agents start afresh, so
    # only the stored prefix is the same as in a match that was never interrupted).
    clean = f"sqlite:///{tmp_path / 'clean.sqlite'}"
    run_tournament(plan("connect-four", SPECS, 4, 2, clean), SPECS, 2)
    prefix = len(Engine(clean, load()).store.load(units[1].game_id, upto=1)) + 4
    assert _log(url, units[1].game_id)[:prefix] == _log(clean, units[1].game_id)[:prefix]


def test_a_detached_match_resumes_from_the_game_so_far(tmp_path):
    url = f"sqlite:///{tmp_path / 'd.sqlite'}"
    unit = plan("connect-four", SPECS, 2, 6, url)[0]
    first, data = play_detached((unit, None))
    again, data2 = play_detached((unit, data))  # already finished: read, not replayed
    assert again.resumed and again.scores == first.scores and data2 == data


#: A fresh interpreter, as `meeple tournament --executor ray` is: the executor starts a
#: Ray of its own and names the address every node of it listens on.
_OWN_RAY = """
import json, sys
from meeple.ai.executors import RayExecutor
for result in RayExecutor(1, store_shared=False).run(json.dumps, ["x"]):
    import ray
    print(sorted({n["NodeManagerAddress"] for n in ray.nodes()}), result)
"""


def test_a_ray_of_its_own_listens_on_the_loopback_address_only() -> None:
    import subprocess
    import sys

    _require_ray()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    done = subprocess.run([sys.executable, "-c", _OWN_RAY], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "['127.0.0.1'] \"x\"", done.stdout
