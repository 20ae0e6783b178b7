"""Tampering: edit stored games behind the engine's back (SQLite rows, JSON Lines text) by
flipping a byte, deleting, inserting or reordering records, or editing a command and
re-sealing the hash chain after it; ``Engine.verify`` must fail and name the first bad
event. Every kind runs at several positions on a short random game of every installed game.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from conftest import count, installed_games, play_random, run_cli
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.records import Record

PLUGINS = load()
GAMES = installed_games()
KINDS = ("flip", "delete", "insert", "reorder", "resealed")
TRIALS = 3  # positions per kind, game and backend
COLUMNS = ("game_id", "seq", "type", "version", "data", "actor", "command_text", "batch",
           "recorded_at", "prev_hash", "hash")


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], tuple[Path, int]]:
    """One short stored game per (game, backend), made once; trials edit copies."""
    made: dict[tuple[str, str], tuple[Path, int]] = {}

    def get(name: str, kind: str) -> tuple[Path, int]:
        if (name, kind) not in made:
            d = tmp_path_factory.mktemp(f"{name}-{kind}")
            eng = Engine(url_of(d, kind), PLUGINS)
            play_random(eng, name, seed=len(name), commands=10, game_id="g")
            report = eng.verify("g")
            assert report.ok, report
            made[(name, kind)] = (d, report.events)
            eng.close()
        return made[(name, kind)]

    return get


def url_of(d: Path, kind: str) -> str:
    return f"sqlite:///{d / 'db.sqlite'}" if kind == "sqlite" else f"jsonl:///{d / 'games'}"


def reseal(records: list[Record], start: int) -> list[Record]:
    """Recompute every hash from index ``start`` on: what a forger who knows the format
    (but cannot make the commands re-derive) would do."""
    out = list(records)
    for i in range(start, len(out)):
        prev = out[i - 1].hash if i else out[i].prev_hash
        r = attrs.evolve(out[i], prev_hash=prev)
        out[i] = attrs.evolve(r, hash=r.expected_hash())
    return out


def command_heads(records: list[Record]) -> list[int]:
    return [r.seq for r in records if r.actor is not None and r.batch == r.seq]


# -- editing SQLite rows ------------------------------------------------------------------

def tamper_sqlite(path: Path, how: str, k: int, rng: random.Random) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    rows = {r[1]: list(r) for r in db.execute(f"SELECT {', '.join(COLUMNS)} FROM events")}
    n = len(rows)
    if how == "flip":
        col = rng.choice(COLUMNS[1:])
        value = rows[k][COLUMNS.index(col)]
        if col == "seq":
            new: Any = k + 1000  # moves the record out of its place
        elif isinstance(value, int):
            new = value + rng.choice([1, 2, 5])
        elif value is None:
            new = "mallory"
        elif isinstance(value, bytes):
            i = rng.randrange(len(value))
            new = value[:i] + bytes([value[i] ^ rng.randrange(1, 256)]) + value[i + 1:]
        else:
            i = rng.randrange(len(value))
            other = rng.choice([c for c in "abcdefXYZ0123456789 _-" if c != value[i]])
            new = value[:i] + other + value[i + 1:]
        db.execute(f"UPDATE events SET {col}=? WHERE seq=?", (new, k))
    elif how == "delete":
        db.execute("DELETE FROM events WHERE seq=?", (k,))
    elif how == "insert":  # a copy of record k - 1 slipped in at place k
        db.execute("UPDATE events SET seq=-seq-1 WHERE seq>=?", (k,))
        db.execute("UPDATE events SET seq=-seq WHERE seq<0")
        forged = list(rows[k - 1])
        forged[1] = k
        db.execute(f"INSERT INTO events({', '.join(COLUMNS)}) VALUES ({','.join('?' * 11)})",
                   forged)
    elif how == "reorder":  # records k and k + 1 change places
        db.execute("UPDATE events SET seq=-1 WHERE seq=?", (k,))
        db.execute("UPDATE events SET seq=? WHERE seq=?", (k, k + 1))
        db.execute("UPDATE events SET seq=? WHERE seq=-1", (k + 1,))
    elif how == "resealed":
        records = [Record(*rows[s][:4], bytes(rows[s][4]), *rows[s][5:]) for s in range(1, n + 1)]
        records[k - 1] = attrs.evolve(records[k - 1], command_text="resign now")
        for r in reseal(records, k - 1)[k - 1:]:
            db.execute("UPDATE events SET command_text=?, prev_hash=?, hash=? WHERE seq=?",
                       (r.command_text, r.prev_hash, r.hash, r.seq))
    db.close()


# -- editing JSON Lines text --------------------------------------------------------------

def tamper_jsonl(path: Path, how: str, k: int, rng: random.Random) -> None:
    lines = path.read_bytes().split(b"\n")[:-1]  # line 0 is the header, line k record k
    if how == "flip":
        line = bytearray(lines[k])
        i = rng.randrange(len(line))
        # XOR 0x20 only changes a letter's case, and 'e'/'E' or hex digits in an escape
        # would still be the same JSON; every other change is a real edit.
        line[i] ^= rng.choice([x for x in range(1, 256) if x != 0x20])
        lines[k] = bytes(line)
    elif how == "delete":
        del lines[k]
    elif how == "insert":
        lines.insert(k, lines[k - 1])
    elif how == "reorder":
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
    elif how == "resealed":
        records = [Record.from_json(orjson.loads(x)) for x in lines[1:]]
        records[k - 1] = attrs.evolve(records[k - 1], command_text="resign now")
        lines[1:] = [orjson.dumps(r.to_json()) for r in reseal(records, k - 1)]
    path.write_bytes(b"\n".join(lines) + b"\n")


def positions(how: str, n: int, heads: list[int], rng: random.Random) -> list[int]:
    if how == "resealed":
        return rng.sample(heads, min(TRIALS, len(heads)))
    top = {"flip": n, "delete": n, "insert": n + 1, "reorder": n - 1}[how]
    first = 2 if how == "insert" else 1
    chosen = {first, top}  # the ends are where chains are weakest
    while len(chosen) < min(TRIALS, top - first + 1):
        chosen.add(rng.randint(first, top))
    return sorted(chosen)


@pytest.mark.parametrize("backend", ["sqlite", "jsonl"])
@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_tampering_is_found_at_the_first_bad_event(
        name: str, backend: str, sources: Any, tmp_path: Path, capsys: Any) -> None:
    src, n = sources(name, backend)
    eng = Engine(url_of(src, backend), PLUGINS)
    heads = command_heads(eng.store.load("g"))
    eng.close()
    assert n >= 3 and heads, f"{name}: the random game is too short to tamper with"
    rng = random.Random(f"{name}-{backend}")
    tried = 0
    for how in KINDS:
        for k in positions(how, n, heads, rng):
            trial = tmp_path / f"{how}-{k}"
            if backend == "sqlite":
                trial.mkdir()
                shutil.copy(src / "db.sqlite", trial / "db.sqlite")
                tamper_sqlite(trial / "db.sqlite", how, k, rng)
            else:
                shutil.copytree(src / "games", trial / "games")
                tamper_jsonl(trial / "games" / "g.jsonl", how, k, rng)
            eng = Engine(url_of(trial, backend), PLUGINS)
            report = eng.verify("g")
            eng.close()
            assert not report.ok, f"{name} {backend}: {how} at {k} went unnoticed"
            assert report.first_bad_seq == k, (how, k, report)
            if tried % 5 == 0:  # and the command says so too, with exit code 1
                code, out = run_cli(capsys, "verify", "g", "--db", url_of(trial, backend))
                assert code == 1 and f"event {k}:" in out, out
            tried += 1
            count(f"tamper.{how}")
    assert tried >= len(KINDS) * 2


@pytest.mark.parametrize("name", GAMES)
def test_a_cut_off_tail_names_the_first_missing_event(name: str) -> None:
    """Deleting the last events keeps a valid chain: a cut inside a command's events is
    found by re-derivation, a cut between commands by the store's record of the length."""
    from meeple.core.stores.memory import MemoryStore

    eng = Engine(MemoryStore(), PLUGINS)
    play_random(eng, name, seed=3, commands=6, game_id="g")
    header, records = eng.store.header("g"), eng.store.load("g")
    n = len(records)
    for cut in range(1, n):
        copy = Engine(MemoryStore(), PLUGINS)
        copy.store.import_game(header, records[:cut])
        copy.store.set_status("g", eng.store.status("g"))
        report = copy.verify("g")
        assert not report.ok and report.first_bad_seq == cut + 1, (cut, report)
        count("tamper.tail_cut")
