"""Commands that walk every stored game (``meeple list``, ``verify --all``, the web list)
go on past a damaged one: every other game is listed as it stands, the
damaged one as damaged with one line saying what is wrong, exit code 1 (2 stays for bad
input). Damage of each kind a store can hold: a header that is not JSON, a header with a
key no header has, a status cache that is not JSON, event data of the wrong type or a
record line that is not JSON. See docs/reliability.md, promise 5."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import orjson
import pytest
from cli_runner import run_meeple
from conftest import count, play_random
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.sqlite import SqliteStore

PLUGINS = load()
HEALTHY = "g4"


def _five_games(store) -> None:
    eng = Engine(store, PLUGINS)
    for i in range(5):
        play_random(eng, "connect-four", seed=i, commands=2 + i % 2, game_id=f"g{i}")
    eng.close()


def _check_listing(capsys, url: str, damaged: dict[str, str]) -> None:
    before = _snapshot(url)
    code, out, err = run_meeple(capsys, "list", "--db", url)
    assert code == 1 and not err and "Traceback" not in out, (code, out, err)
    lines = out.splitlines()
    for gid in [f"g{i}" for i in range(5)]:
        assert any(ln.startswith(f"│ {gid} ") for ln in lines), (gid, out)  # every game listed
    for gid, why in damaged.items():
        (line,) = [ln for ln in lines if ln.startswith(f"damaged {gid}: ")]
        assert why in line and f"meeple verify {gid}" in line, line
    assert not any(ln.startswith(f"damaged {HEALTHY}") for ln in lines)
    assert any(ln.startswith(f"│ {HEALTHY} ") and "to act" in ln for ln in lines), out
    code, out, err = run_meeple(capsys, "list", "--json", "--db", url)
    rows = {r["game_id"]: r for r in orjson.loads(out)}
    assert code == 1 and not err and len(rows) == 5
    assert {g for g, r in rows.items() if r["status"] == "damaged"} == set(damaged)
    assert rows[HEALTHY]["status"] == "running" and rows[HEALTHY]["to_act"]
    code, out, err = run_meeple(capsys, "verify", "--all", "--db", url)
    assert code == 1 and not err and "Traceback" not in out
    assert {ln.split()[1].rstrip(":") for ln in out.splitlines() if ln.startswith("FAIL")} \
        == set(damaged)
    assert _snapshot(url) == before  # listing and verifying changed nothing
    count("integrity.damaged_entries_listed", len(damaged))


def _snapshot(url: str) -> dict[str, bytes]:
    path = Path(url.split("///", 1)[1])
    files = [path] if path.is_file() else sorted(p for p in path.iterdir() if p.is_file())
    return {p.name: p.read_bytes() for p in files}


def test_list_goes_on_past_damaged_sqlite_entries(tmp_path, capsys) -> None:
    path = tmp_path / "l.sqlite"
    _five_games(SqliteStore(path))
    db = sqlite3.connect(path)
    header = bytes(db.execute("SELECT header FROM games WHERE game_id='g0'").fetchone()[0])
    db.execute("UPDATE games SET header=? WHERE game_id='g0'", (b"{" + header[2:],))
    h1 = orjson.loads(db.execute("SELECT header FROM games WHERE game_id='g1'").fetchone()[0])
    db.execute("UPDATE games SET header=? WHERE game_id='g1'", (orjson.dumps({**h1, "extra": 1}),))
    db.execute("UPDATE events SET data=CAST(data AS TEXT) WHERE game_id='g2' AND seq=2")
    db.execute("UPDATE games SET status=? WHERE game_id='g3'", (b"[1, 2",))
    db.commit()
    db.close()
    _check_listing(capsys, f"sqlite:///{path}", {
        "g0": "header of g0 is damaged", "g1": "extra", "g2": "event 2 of g2",
        "g3": "status cache of g3 is damaged"})


def test_list_goes_on_past_damaged_jsonl_entries(tmp_path, capsys) -> None:
    folder = tmp_path / "games"
    _five_games(JsonlStore(folder))
    lines = (folder / "g0.jsonl").read_bytes().split(b"\n")
    (folder / "g0.jsonl").write_bytes(b"\n".join([b"{" + lines[0][2:], *lines[1:]]))
    lines = (folder / "g1.jsonl").read_bytes().split(b"\n")
    first = orjson.loads(lines[0])
    key = next(iter(first))
    first[key] = {**first[key], "extra": 1}
    (folder / "g1.jsonl").write_bytes(b"\n".join([orjson.dumps(first), *lines[1:]]))
    lines = (folder / "g2.jsonl").read_bytes().split(b"\n")
    (folder / "g2.jsonl").write_bytes(b"\n".join([lines[0], lines[1], b"{not json", *lines[3:]]))
    (folder / ".g3.status.json").write_bytes(b"[1, 2")
    _check_listing(capsys, f"jsonl:///{folder}", {
        "g0": "g0", "g1": "extra", "g2": "g2", "g3": "status.json) is damaged"})


def test_list_goes_on_past_damaged_postgres_entries(pg_url, capsys) -> None:
    import psycopg
    from meeple.core.stores.postgresql import PostgresStore, split_url

    _five_games(PostgresStore(pg_url))
    conninfo, schema = split_url(pg_url)
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f'SET search_path TO "{schema}"')
        db.execute("UPDATE meeple_games SET header='\\x7b7b'::bytea WHERE game_id='g0'")
        db.execute("UPDATE meeple_games SET status='\\x5b31'::bytea WHERE game_id='g3'")
    code, out, err = run_meeple(capsys, "list", "--db", pg_url)
    assert code == 1 and not err and "Traceback" not in out, (code, out, err)
    damaged = [ln.split(":")[0] for ln in out.splitlines() if ln.startswith("damaged ")]
    assert damaged == ["damaged g0", "damaged g3"], out
    assert sum(1 for ln in out.splitlines() if ln.startswith("│ g")) == 5
    count("integrity.damaged_entries_listed", 2)


def test_the_web_list_goes_on_past_a_damaged_entry(tmp_path) -> None:
    from meeple.web.seats import SeatBook
    from meeple.web.service import Service

    path = tmp_path / "w.sqlite"
    _five_games(SqliteStore(path))
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET header=? WHERE game_id='g0'", (b"{{",))
    db.execute("UPDATE games SET status=? WHERE game_id='g3'", (b"[1",))
    db.commit()
    db.close()
    service = Service(Engine(SqliteStore(path), PLUGINS), SeatBook(":memory:"))
    rows = {r["game_id"]: r for r in service.all_games()}
    assert len(rows) == 5 and rows["g0"]["status"] == rows["g3"]["status"] == "damaged"
    assert "g3:damaged" in service.fingerprint() and "g4:" in service.fingerprint()
    # The page itself, from the real server.
    import urllib.request

    from meeple.web.app import create_app
    from meeple.web.server import running

    app = create_app(f"sqlite:///{path}", seats_path=str(tmp_path / "seats.sqlite"), ai=False)
    with running(app) as base, urllib.request.urlopen(base + "/", timeout=30) as page:
        html = page.read().decode()
    app.state.service.engine.close()
    assert page.status == 200 and html.count("damaged") >= 2
    assert all(f"/games/g{i}" in html for i in range(5))


@pytest.mark.parametrize("args", [("list",), ("verify", "--all")])
def test_an_empty_store_lists_nothing_and_exits_0(tmp_path, capsys, args) -> None:
    code, out, err = run_meeple(capsys, *args, "--db", f"sqlite:///{tmp_path / 'e.sqlite'}")
    assert code == 0 and not err, (out, err)
