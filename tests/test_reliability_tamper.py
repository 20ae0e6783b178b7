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
from meeple.core import runtime
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.events import Undone
from meeple.core.plugins import load
from meeple.core.records import CHANCE_POSITION, CHANCE_SEQ, GameHeader, NewEvent, Record, chain
from meeple.core.stores.memory import MemoryStore

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


@pytest.mark.parametrize("number", [0, -1])
@pytest.mark.parametrize("backend", ["sqlite", "jsonl"])
def test_a_record_numbered_below_one_slipped_into_the_log_is_found(
        backend: str, number: int, sources: Any, tmp_path: Path, capsys: Any) -> None:
    """Loads read "after record 0", so a copied record renumbered 0 or below would be
    outside every load and the log would verify as if it were not there."""
    name = GAMES[0]
    src, _ = sources(name, backend)
    trial = tmp_path / "trial"
    if backend == "sqlite":
        trial.mkdir()
        shutil.copy(src / "db.sqlite", trial / "db.sqlite")
        db = sqlite3.connect(trial / "db.sqlite", isolation_level=None)
        row = list(db.execute(f"SELECT {', '.join(COLUMNS)} FROM events WHERE seq=2").fetchone())
        row[1] = row[7] = number
        db.execute(f"INSERT INTO events({', '.join(COLUMNS)}) VALUES ({','.join('?' * 11)})", row)
        db.close()
    else:
        shutil.copytree(src / "games", trial / "games")
        path = trial / "games" / "g.jsonl"
        lines = path.read_bytes().split(b"\n")[:-1]
        forged = orjson.loads(lines[2])
        forged["seq"] = forged["batch"] = number
        lines.insert(3, orjson.dumps(forged))
        path.write_bytes(b"\n".join(lines) + b"\n")
    eng = Engine(url_of(trial, backend), PLUGINS)
    report = eng.verify("g")
    eng.close()
    assert not report.ok and str(number) in report.problem, report
    code, out = run_cli(capsys, "verify", "g", "--db", url_of(trial, backend))
    assert code == 1 and "FAIL" in out, out


# -- the header: every field that changes what is legal or drawn ---------------------------

#: Options each kind turns on or changes; Terra Mystica's are the ones an old-format
#: exemption once let through.
CHANGED_OPTIONS = {
    "terra-mystica": [("variable-turn-order", True), ("strict-leech", True),
                      ("mini-expansion-1", True), ("errata-cultist-power", True)],
    "utopia": [("goal", 60)],
    "carcassonne-hill-dale": [("tiles", 40), ("sharing", "every-player")],
    "terraforming-mars": [("corporate_era", True), ("draft", True), ("max_generations", 3)],
}


SELF = "(the tampered game's own id)"


def sealed_anew(header: GameHeader, records: list[Record]) -> list[Record]:
    """The records chained again from a changed header: a store owner's reseal."""
    out, prev = [], header.hash()
    for r in records:
        r = attrs.evolve(r, game_id=header.game_id, prev_hash=prev)
        r = attrs.evolve(r, hash=r.expected_hash())
        out.append(r)
        prev = r.hash
    return out


def header_tamperings(eng: Engine, name: str) -> list[tuple[str, GameHeader, list[Record]]]:
    """(kind, header, records) for every header tampering, on the finished game ``g`` and
    the running game ``r`` of ``eng``'s store."""
    g, gr = eng.store.header("g"), eng.store.load("g")
    r, rr = eng.store.header("r"), eng.store.load("r")
    heads = command_heads(gr)
    cut = heads[len(heads) // 2] - 1  # the last event of a command half way
    out = [
        ("seed removed", g.sealed(), gr),
        ("seed nonce removed", attrs.evolve(g, seed_nonce=None), gr),
        ("chance 'seq' with a commitment", attrs.evolve(g, chance=CHANCE_SEQ), gr),
        ("chance 'position'", attrs.evolve(g, chance=CHANCE_POSITION), gr),
        ("plugin version newer", attrs.evolve(g, plugin_version="999"), gr),
        ("forked from another game", attrs.evolve(g, forked_from=("h", cut)), gr),
        ("forked from itself", attrs.evolve(g, forked_from=(SELF, cut)), gr),
    ]
    for option, value in CHANGED_OPTIONS.get(name, []):
        out.append((f"option {option}={value}", attrs.evolve(g, options={**g.options,
                                                                          option: value}), gr))
    # A legacy header (no commitment) and an undo of another's move with the asker's
    # consent only, which the rules before consent records let through.
    t = eng.table("r")
    first, last, actor, _ = runtime.undo_span(t.rows())
    asker = next(p for p in r.players if p != actor)
    forged = chain("r", rr[-1].seq, rr[-1].hash, [NewEvent(
        *Codec(t.game).encode(Undone(first, last, asker, (asker,))), asker, "undo")], "t")
    legacy = attrs.evolve(r, seed_commitment=None, seed_nonce=None, chance=CHANCE_SEQ)
    out.append(("legacy header and a forged undo", legacy, rr + forged))
    return [(kind, h, sealed_anew(h, recs)) for kind, h, recs in out]


#: Games whose random game below makes a named draw in play (Terraforming Mars names only
#: a reshuffle, which these short games do not reach; the others draw only in setup).
NAMED_DRAWS_IN_PLAY = {"utopia"}


def header_finding(kind: str, report: Any, records: list[Record], name: str) -> str | None:
    """What is wrong with ``report`` for a tampering of ``kind`` (None: caught and named)."""
    if kind == "chance 'position'":
        # Only a draw the game names is keyed otherwise: in a log without one the two
        # keyings give the same events, and nothing that was or will be drawn differs.
        if name not in NAMED_DRAWS_IN_PLAY:
            return None if report.ok else f"a log without named draws failed: {report.problem}"
        ok = not report.ok and report.problem.startswith(f"seq {report.first_bad_seq}: ")
        return None if ok else f"{report.first_bad_seq}: {report.problem}"
    if report.ok:
        return "went unnoticed"
    named = {"seed removed": "unverifiable draws: the game is over, but header field 'seed'",
             "seed nonce removed": "header field 'seed_nonce'",
             "chance 'seq' with a commitment": "header field 'chance'",
             "plugin version newer": "header field 'plugin_version'",
             "forked from another game": "header field 'forked_from' names 'h'",
             "forked from itself": "header field 'forked_from' names the game itself"}
    if kind in named:
        return None if report.problem.startswith(named[kind]) else report.problem
    if kind.startswith("option "):
        ok = report.first_bad_seq == 1 and "setup events differ" in report.problem
        return None if ok else f"{report.first_bad_seq}: {report.problem}"
    # The forged undo, or before it a draw the legacy keying gives otherwise.
    undo = records[-1].seq
    ok = (report.first_bad_seq == undo and "without the consent of" in report.problem) or (
        0 < (report.first_bad_seq or 0) < undo and report.problem.startswith(
            f"seq {report.first_bad_seq}: "))
    return None if ok else f"{report.first_bad_seq}: {report.problem}"


@pytest.mark.parametrize("backend", ["sqlite", "jsonl", "postgresql"])
@pytest.mark.parametrize("name", GAMES)
def test_every_header_tampering_is_found_and_the_field_named(
        name: str, backend: str, tmp_path: Path, request: Any) -> None:
    url = (request.getfixturevalue("pg_url") if backend == "postgresql"
           else url_of(tmp_path, backend))
    eng = Engine(url, PLUGINS)
    play_random(eng, name, seed=len(name), commands=3000, game_id="g")
    play_random(eng, name, seed=len(name) + 1, commands=3000, game_id="h")
    play_random(eng, name, seed=len(name) + 2, commands=8, game_id="r")
    assert eng.table("g").outcome() is not None, f"{name}: the random game did not end"
    assert eng.verify("g").ok and eng.verify("r").ok
    status = {gid: eng.store.status(gid) for gid in ("g", "r")}
    missed = []
    for i, (kind, header, records) in enumerate(header_tamperings(eng, name)):
        gid = f"t{i}"
        header = attrs.evolve(header, game_id=gid)
        if header.forked_from and header.forked_from[0] == SELF:
            header = attrs.evolve(header, forked_from=(gid, header.forked_from[1]))
        records = sealed_anew(header, records)  # under its own id, beside the others
        eng.store.import_game(header, records)
        source = "r" if "undo" in kind else "g"
        eng.store.set_status(gid, {**status[source], "seq": records[-1].seq})
        report = eng.verify(gid)
        why = header_finding(kind, report, records, name)
        if why:
            missed.append(f"{kind}: {why}")
        count(f"tamper.header.{kind.split()[0]}")
    assert not missed, f"{name} {backend}: " + "; ".join(missed)
    eng.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_fork_whose_source_is_not_in_the_store_says_so(name: str, tmp_path: Path,
                                                          capsys: Any) -> None:
    """A fork stored without its source (moved to another store) has its events before
    the fork checked against the rules only (their draws as recorded): verify passes and
    says so. Its own reshuffle and what follows are still drawn with its own seed."""
    src = Engine(MemoryStore(), PLUGINS)
    play_random(src, name, seed=len(name), commands=10, game_id="g")
    cut = command_heads(src.store.load("g"))[-1] - 1
    fid = src.fork("g", cut, "f")
    eng = Engine(url_of(tmp_path, "sqlite"), PLUGINS)
    eng.store.import_game(src.store.header(fid), src.store.load(fid))
    eng.store.set_status("f", src.store.status(fid))
    report = eng.verify("f")
    assert report.ok and report.fork == (
        f"forked from g at event {cut}, which is not in this store: the events before "
        "the fork are checked against the rules, their draws taken as recorded"), report
    assert src.verify(fid).fork.startswith(f"forked from g at event {cut}, which is in this")
    code, out = run_cli(capsys, "verify", "f", "--db", url_of(tmp_path, "sqlite"))
    assert code == 0 and "which is not in this store" in out, out
    count("tamper.header.forked_from_missing_source")
