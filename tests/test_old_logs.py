"""Stored games in an old event format stay readable and keep their recorded result.

tests/data/old_logs/ is a JSON Lines store written by this repository's own code of commit
97c7bf3^ (scripts/make_old_logs.py): ``tm-v1``, a Terra Mystica league game stored by
plugin version 1 (each row an ``Acted(player, text)``, no outcomes), and ``c4-v01``, a
connect four 0.1 game (drops only, no results). Their status caches, also written by
that code, hold the outcomes it recorded.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from cli_runner import run_meeple

OLD = Path(__file__).parent / "data" / "old_logs"
TM_FINAL = {"qlip21": 143, "GeorgeShortwell": 140, "canetts": 152, "tom8918": 161}


def run_cli(capsys, *args: str) -> tuple[int, str]:
    code, out, err = run_meeple(capsys, *args)
    return code, out + err


@pytest.fixture
def db(tmp_path):
    """A copy of the old store (verify and show may write the status cache)."""
    shutil.copytree(OLD, tmp_path / "store")
    return f"jsonl:///{tmp_path / 'store'}"


def test_a_terra_mystica_log_of_version_1_shows_its_recorded_result(capsys, db):
    code, out = run_cli(capsys, "show", "tm-v1", "--db", db)
    assert code == 0, out
    assert "Final: darklings 143, nomads 140, mermaids 152, engineers 161" in out
    code, out = run_cli(capsys, "show", "tm-v1", "--format", "json", "--db", db)
    assert json.loads(out)["outcome"]["scores"] == TM_FINAL
    code, out = run_cli(capsys, "replay", "tm-v1", "--to", "40", "--db", db)
    assert code == 0 and "replayed 40 events" in out
    code, out = run_cli(capsys, "list", "--db", db)
    assert "won by tom8918" in out


def test_its_rows_are_upcast_to_facts_in_the_log(capsys, db):
    """Each stored row shows what it did (derived once by today's rules), and the vp of the
    log sum to the recorded final scores."""
    code, out = run_cli(capsys, "log", "tm-v1", "--json", "--db", db)
    assert code == 0, out
    lines = json.loads(out)
    assert len(lines) == 263 and lines[1]["type"] == "terra-mystica.acted"
    vp: Counter = Counter()
    for ln in lines:
        for player, d in ln["changes"].items():
            vp[player] += d.get("vp", 0)
    assert dict(vp) == TM_FINAL
    assert any("final scoring" in ln["text"] for ln in lines)
    code, out = run_cli(capsys, "log", "tm-v1", "--db", db)
    assert "engineers: pass" in out and "vp" in out


def test_verify_says_the_format_and_checks_the_recorded_result(capsys, db):
    code, out = run_cli(capsys, "verify", "tm-v1", "--db", db)
    assert code == 0, out
    assert ("stored in format terra-mystica 1 (rows without their outcomes; facts derived "
            "by today's rules), upcast: 263 events") in " ".join(out.split())
    code, out = run_cli(capsys, "verify", "--all", "--json", "--db", db)
    reports = {r["game_id"]: r for r in json.loads(out)}
    assert reports["tm-v1"]["ok"] and reports["c4-v01"]["ok"]
    assert reports["c4-v01"]["upcast"].startswith("stored in format connect four 0.1")


def test_a_rules_change_that_moves_a_v1_result_fails_verify(capsys, db, monkeypatch):
    """Version 1 recorded no outcomes in its events, but its status cache recorded the
    result: today's rules giving another one is a finding, not an upcast."""
    from meeple_terra_mystica import data

    monkeypatch.setitem(data.FAVOR_VP, "FAV11", {"D": 3})  # was 2 VP per dwelling
    code, out = run_cli(capsys, "verify", "tm-v1", "--db", db)
    assert code == 1 and "status cache does not match" in out, out


def test_a_v1_row_changed_in_the_store_fails_verify(tmp_path, db):
    """The old format is accepted for what it is, nothing more: a row whose stored text is
    not its command's is named (records re-hashed, so only the content is wrong)."""
    from meeple.core.codec import dumps
    from meeple.core.engine import Engine
    from meeple.core.records import NewEvent, chain_batches

    src = Engine(db)
    header, records = src.store.header("tm-v1"), src.store.load("tm-v1")
    batches = [[NewEvent(r.type, r.version, r.data, r.actor, r.command_text)] for r in records]
    r = records[30]
    batches[30] = [NewEvent(r.type, r.version, dumps({**json.loads(r.data), "text": "pass"}),
                            r.actor, r.command_text)]
    eng = Engine(f"sqlite:///{tmp_path / 'forged.sqlite'}")
    eng.store.import_game(header, chain_batches("tm-v1", 0, header.hash(), batches, "t"))
    report = eng.verify("tm-v1")
    assert not report.ok and report.first_bad_seq == 31, report
    assert "stored terra-mystica.acted {player='tom8918', text='pass'}" in report.problem


def test_a_connect_four_0_1_log_keeps_its_result(capsys, db):
    code, out = run_cli(capsys, "show", "c4-v01", "--db", db)
    assert code == 0 and "ann wins" in out
    code, out = run_cli(capsys, "log", "c4-v01", "--db", db)
    assert "results not recorded" in out
    code, out = run_cli(capsys, "verify", "c4-v01", "--db", db)
    assert code == 0 and "stored in format connect four 0.1" in out
