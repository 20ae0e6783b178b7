"""A game stored with version 1 of the fact events, which named what they recorded by the
plugin's faction keys and State attributes of the time (``ship``, ``L_D``, ``FREE_TP``,
``pool``, ``nrows``), still loads, folds and verifies with the result it recorded: each
event's ``upcast_v1_v2`` gives it today's names before fold sees it.

data/old_logs/tm-facts-v1 is a JSON Lines store written by the code of that version
(scripts/make_old_logs.py --facts-v1): a four-player league game imported from the site,
with the status cache holding the outcome that code recorded."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest
from meeple.core.testing import old_store
from meeple_terra_mystica import names
from meeple_terra_mystica.game import FACTS, Started
from meeple_terra_mystica.upcast import FACTION_V1_V2, TABLE_V1_V2

OLD = Path(__file__).parent / "data" / "old_logs"
GID = "tm-facts-v1"
CACHED = json.loads((OLD / f".{GID}.status.json").read_text())["outcome"]["scores"]


@pytest.fixture
def engine(tmp_path):
    """A copy of the old store (reading and verifying may write the status cache)."""
    with old_store(OLD, tmp_path) as eng:
        yield eng


def recorded_names(ev) -> set[str]:
    return ({k for _p, _f, _r, d in ev.lines for k, _ in d} | {k for _f, k, _ in ev.sets}
            | {k for k, _ in ev.patch})


def test_the_stored_log_is_version_1_with_the_old_names(engine):
    facts = [r for r in engine.store.load(GID) if r.type != Started.TYPE]
    assert facts and {r.version for r in facts} == {1}
    stored: set[str] = set()
    for r in facts:
        data = orjson.loads(r.data)
        stored |= {k for _p, _f, _r, d in data["lines"] for k, _ in d}
        stored |= {k for _f, k, _ in data["sets"]} | {k for k, _ in data["patch"]}
    assert {"ship", "L_D", "nrows", "pool", "priests_out", "FREE_TP", "dsh"} <= stored
    assert stored & set(FACTION_V1_V2) and stored & set(TABLE_V1_V2)


def test_it_loads_with_its_recorded_result(engine):
    status = engine.derived_status(GID)
    assert status["status"] == "finished"
    assert status["outcome"]["scores"] == CACHED == {
        "qlip21": 143, "GeorgeShortwell": 140, "canetts": 152, "tom8918": 161}


def test_fold_sees_only_todays_names(engine):
    t = engine.table(GID)
    known = set(names.FACTION) | set(names.TABLE)
    events = [ev for _, ev in t.pairs if type(ev) in FACTS]
    assert len(events) > 250
    assert all(recorded_names(ev) <= known for ev in events)
    assert t.state.finished
    assert {t.state.player_of[n]: f["VP"] for n, f in t.state.fac.items()} == CACHED


def test_it_verifies_against_todays_rules_event_by_event(engine):
    """verify re-decides every row and compares today's events with the stored ones,
    upcast: a name the step got wrong would be a difference."""
    report = engine.verify(GID)
    assert report.ok, report.problem
    assert report.events == len(engine.store.load(GID))
