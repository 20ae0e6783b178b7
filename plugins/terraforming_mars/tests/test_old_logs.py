"""A stored game of plugin 0.1, whose events recorded what happened but not its outcome
(no ``delta``), still loads, folds and verifies with the result it recorded.

data/old_logs/tfm-v01 is a JSON Lines store: a two-player beginner game capped at two
generations, its events written without their delta as 0.1 wrote them, and the status
cache with the outcome that code recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from meeple.core.testing import old_store
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.game import OLD_FORMAT
from meeple_terraforming_mars.opening import OPENING

OLD = Path(__file__).parent / "data" / "old_logs"
CACHED = json.loads((OLD / ".tfm-v01.status.json").read_text())["outcome"]["scores"]


@pytest.fixture
def engine(tmp_path):
    with old_store(OLD, tmp_path) as eng:
        yield eng


def test_a_0_1_log_loads_with_its_recorded_result(engine):
    status = engine.derived_status("tfm-v01")
    assert status["status"] == "finished"
    assert status["outcome"]["scores"] == CACHED == {"ann": 35, "bob": 28}


def test_its_events_are_given_their_delta_before_fold(engine):
    t = engine.table("tfm-v01")
    stored = [r for r in engine.store.load("tfm-v01")]
    assert all(b"delta" not in r.data for r in stored)
    events = [ev for _, ev in t.pairs]
    assert all(ev.delta is not None for ev in events if type(ev) not in OPENING)
    assert any(type(ev) is m.Scored for ev in events)


def test_fold_refuses_an_event_without_its_delta(engine):
    """fold applies deltas only: a 0.1 event reaches it through upcast_in_context."""
    t = engine.table("tfm-v01")
    raw = engine.codec(t.game).decode(*next((r.type, r.version, r.data)
                                            for r in engine.store.load("tfm-v01")
                                            if r.type == m.Passed.TYPE))
    assert raw.delta is None
    with pytest.raises(AttributeError):
        t.game.fold(t.game.clone(t.state), raw)


def test_verify_names_the_format_and_checks_the_recorded_result(engine):
    report = engine.verify("tfm-v01")
    assert report.ok, report.problem
    assert report.upcast.startswith(f"stored in format {OLD_FORMAT}, upcast:")
