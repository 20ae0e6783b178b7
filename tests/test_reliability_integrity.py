"""Integrity and fairness: nobody can learn a chance outcome before
it is revealed or change one after; undo needs the consent of those it affects and verify
checks every undo and redo; the hash covers every field; a shared Engine and concurrent
status writers lose nothing.

See docs/reliability.md for the promise each test keeps."""

from __future__ import annotations

import random
import threading

import attrs
import orjson
import pytest
from conftest import count, installed_games, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core import codec
from meeple.core.audit import check_chain, verify
from meeple.core.engine import HOT_SEAT, SEAT_KEY, Engine, rechain
from meeple.core.errors import BadOptions, ConcurrencyError, IllegalCommand, IntegrityError
from meeple.core.events import Redone, Undone
from meeple.core.plugins import load
from meeple.core.records import NewEvent, Record, chain
from meeple.core.rng import derive_rng
from meeple.core.stores.jsonl import JsonlStore
from meeple.core.stores.memory import MemoryStore
from meeple.core.stores.sqlite import SqliteStore
from meeple_testgames import TestGamesPlugin

PLUGINS = load(extra=[TestGamesPlugin()])
GAMES = [*installed_games(), "dice-race"]
FEW = settings(max_examples=6, derandomize=True, deadline=None, database=None,
               suppress_health_check=list(HealthCheck))


def engine(store=None) -> Engine:
    return Engine(store or MemoryStore(), PLUGINS)


def secrets_of(header) -> list[str]:
    return [str(header.seed), header.seed_nonce]


# -- 1. the seed is sealed --------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_the_seed_never_leaves_a_running_game(name: str) -> None:
    eng = engine()
    gid = play_random(eng, name, seed=873_456_120_933_745_161, commands=4, game_id="g")
    header = eng.store.header(gid)
    assert header.seed is not None and header.seed_commitment and header.chance == "draw"
    data = eng.export(gid, reveal=True)
    shown = [data, orjson.dumps(eng.show_json(gid)), orjson.dumps(eng.list_games()),
             orjson.dumps([ln.to_json() for ln in eng.log(gid, reveal=True)]),
             eng.render(gid, reveal=True).encode()]
    for out in shown:
        for secret in secrets_of(header):
            assert secret.encode() not in out
    exported = orjson.loads(data.splitlines()[0])["header"]
    assert exported["seed"] is None and exported["seed_nonce"] is None
    # The sealed export still verifies (chain, engine events, every draw-free decision),
    # and it can be imported, shown and forked, but not played on without chance.
    other = engine()
    assert other.import_export(data) == gid
    report = other.verify(gid)
    assert report.ok, report
    t = other.table(gid)
    if t.outcome() is None and t.to_act():
        player = t.to_act()[0]
        with pytest.raises(IllegalCommand, match="without its seed"):
            other.move(gid, t.game.legal(t.state, player)[0], player)
    fid = other.fork(gid, t.last_seq, "f")
    assert other.store.header(fid).seed is not None and other.verify(fid).ok


def test_a_sealed_export_is_still_checked_and_the_disclosed_seed_must_match() -> None:
    eng = engine()
    gid = eng.new_game("dice-race", ["a", "b"], seed=5, game_id="d")
    for _ in range(30):
        t = eng.table(gid)
        if t.outcome() is not None:
            break
        eng.move(gid, "roll", t.to_act()[0])
    finished = eng.table(gid).outcome() is not None
    assert finished
    data = eng.export(gid)
    header = orjson.loads(data.splitlines()[0])["header"]
    assert header["seed"] == 5  # disclosed once the game is over
    report = verify(PLUGINS.game("dice-race"), *_parse(data))
    assert report.ok and report.chance_unchecked == 0
    # Another seed than the committed one: found, though the chain is whole.
    lines = data.splitlines()
    lines[0] = orjson.dumps({"header": {**header, "seed": 6}})
    report = verify(PLUGINS.game("dice-race"), *_parse(b"\n".join(lines)))
    assert not report.ok and "commitment" in report.problem
    # A finished game without its seed: its draws are unverifiable, a finding.
    sealed = {**header, "seed": None, "seed_nonce": None}
    lines[0] = orjson.dumps({"header": sealed})
    report = verify(PLUGINS.game("dice-race"), *_parse(b"\n".join(lines)))
    assert not report.ok and report.problem.startswith("unverifiable draws"), report
    assert "header field 'seed' is missing" in report.problem
    # Sealed while running: the rolls are taken as recorded and counted, the rest checked.
    # A forged roll is one only the seed can tell from a real one: verify says how many
    # draws it could not check, and the disclosed seed checks them (above).
    header_s, records = _parse(b"\n".join(lines))
    report = verify(PLUGINS.game("dice-race"), header_s, records[:records[-1].batch - 1])
    assert report.ok and report.chance_unchecked > 0, report
    count("integrity.sealed_exports_verified", 2)


def _parse(data: bytes):
    from meeple.core.stores.jsonl import read_export

    header, records, _, _ = read_export(data)
    return header, records


def test_play_without_seed_draws_a_fresh_one(tmp_path, monkeypatch, capsys) -> None:
    from cli_runner import run_meeple

    monkeypatch.setenv("MEEPLE_DB", str(tmp_path / "p.sqlite"))
    for gid in ("p1", "p2"):
        code, _, err = run_meeple(capsys, "play", "carcassonne-hill-dale", "--players",
                                  "random,random", "--id", gid, "-q")
        assert code == 0, err
    store = SqliteStore(tmp_path / "p.sqlite")
    a, b = store.header("p1"), store.header("p2")
    assert a.seed != b.seed and a.seed != 1
    assert store.load("p1")[0].data != store.load("p2")[0].data  # another tile stack
    store.close()


# -- 1. chance cannot be rerolled -------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_undo_and_other_moves_cannot_reroll_a_draw(name: str) -> None:
    """Whatever is undone, redone or played in between, a command given again at the
    same place draws exactly what it drew the first time."""
    game = PLUGINS.game(name)
    done = []

    @FEW
    @given(st.integers(0, 2**32), st.integers(0, 25), st.integers(0, 2**32))
    def check(seed: int, prefix: int, pick: int) -> None:
        while True:  # a position before the end (short games end within the prefix)
            eng = engine()
            gid = play_random(eng, name, seed, prefix, "s")
            t = eng.table(gid)
            if t.outcome() is None:
                break
            prefix //= 2
        rng = random.Random(pick)
        players = list(t.header.players)
        actor = rng.choice(t.to_act())
        options = game.legal(t.state, actor)
        cmd = rng.choice(options)
        first = [r.data for r in eng.move(gid, cmd, actor)]
        eng.undo(gid, actor, agreed=players)
        eng.redo(gid, actor)
        eng.undo(gid, actor, agreed=players)
        t = eng.table(gid)
        other = rng.choice(game.legal(t.state, actor))
        eng.move(gid, other, actor)  # something else played instead, then taken back
        eng.undo(gid, actor, agreed=players)
        again = [r.data for r in eng.move(gid, cmd, actor)]
        assert again == first, f"{name}: the same command drew differently after undo"
        assert eng.verify(gid).ok
        done.append(1)
        count("integrity.reroll_attempts")

    check()
    assert len(done) >= 5


def test_a_fork_draws_chance_of_its_own() -> None:
    eng = engine()
    gid = eng.new_game("dice-race", ["a", "b", "c"], seed=3, game_id="d")
    eng.move(gid, "roll", "a")
    fid = eng.fork(gid, 2, "f")
    assert eng.store.header(fid).seed != eng.store.header(gid).seed
    same = 0
    for _ in range(12):  # the source's next rolls, foretold by the fork? Not with its own seed
        t = eng.table(gid)
        if t.outcome() is not None or eng.table(fid).outcome() is not None:
            break
        p = t.to_act()[0]
        if eng.table(fid).to_act() != [p]:
            break
        a = eng.move(gid, "roll", p)[0].data
        b = eng.move(fid, "roll", p)[0].data
        same += a == b
    assert same < 6
    report = eng.verify(fid)  # its prefix drew with the source's seed, in this store
    assert report.ok and report.chance_unchecked == 0, report
    assert report.fork.startswith("forked from d at event 2, which is in this store")
    # Elsewhere, without its source, the prefix's draws are taken as recorded, and said so.
    alone = engine()
    alone.store.import_game(eng.store.header(fid), eng.store.load(fid))
    report = alone.verify(fid)
    assert report.ok and report.chance_unchecked >= 1, report
    assert "which is not in this store" in report.fork


# -- 1. consent -------------------------------------------------------------------------------

def test_undo_consent_with_three_players() -> None:
    eng = engine()
    gid = eng.new_game("dice-race", ["a", "b", "c"], seed=2, game_id="d")
    eng.move(gid, "stop", "a")  # no draw: only a's consent is needed
    with pytest.raises(IllegalCommand, match="a's consent"):
        eng.undo(gid, "b")
    rec = eng.undo(gid, "b", agreed=["a"])
    ev = orjson.loads(rec.data)
    assert ev["forced_by"] == ["a", "b"] and ev["proof"] == HOT_SEAT and not ev["forced"]
    with pytest.raises(IllegalCommand, match="may redo"):
        eng.redo(gid, "c")  # neither asked for the undo nor gave the command
    eng.redo(gid, "a")
    eng.move(gid, "roll", "c")  # a draw everyone has seen: everyone must agree
    for agreed in ([], ["a"], ["c"]):  # two of three is not enough (b asks, c rolled)
        with pytest.raises(IllegalCommand, match="every player's consent"):
            eng.undo(gid, "b", agreed=agreed)
    rec = eng.undo(gid, "b", agreed=["a", "c"], proof=SEAT_KEY)
    assert orjson.loads(rec.data)["proof"] == SEAT_KEY
    with pytest.raises(BadOptions, match="do not play"):
        eng.undo(gid, "a", agreed=["zed"])
    eng.redo(gid, "b")
    rec = eng.undo(gid, "c", force=True)  # recorded as forced
    assert orjson.loads(rec.data)["forced"] is True
    assert eng.verify(gid).ok


# -- 12.4: verify checks the engine's own events -------------------------------------------------

def _forge(eng: Engine, gid: str, ev, actor: str) -> Engine:
    """A copy of the game with ``ev`` appended by hand and every hash correct."""
    header = eng.store.header(gid)
    records = eng.store.load(gid)
    t, v, data = eng.codec(eng.game_of(gid)).encode(ev)
    from meeple.core.records import NewEvent

    extra = chain(gid, records[-1].seq, records[-1].hash, [NewEvent(t, v, data, actor, "undo")],
                  records[-1].recorded_at)
    other = engine()
    other.store.import_game(header, rechain(header, [*records, *extra]))
    return other


def test_forged_undo_and_redo_with_correct_hashes_are_caught() -> None:
    eng = engine()
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="c4")
    for col, p in [(1, "a"), (1, "b"), (2, "a"), (2, "b"), (3, "a"), (3, "b"), (4, "a")]:
        eng.move(gid, str(col), p)
    assert eng.outcome(gid) is not None
    n = eng.store.last(gid)[0]
    first, last, _ = eng.table(gid).undo_span()  # a's winning drop (and its result)
    cases = [
        (Redone(n, "b"), "b", "redo"),                       # names no undo
        (Undone(2, last, "a"), "a", "names events 2"),       # a span that is not one command
        (Undone(first, last, "b"), "b", "without the consent of a"),  # a's move, no consent
        (Undone(n + 5, n + 6, "a"), "a", "names events"),     # does not exist
    ]
    for ev, actor, message in cases:
        report = _forge(eng, gid, ev, actor).verify(gid)
        assert not report.ok and report.first_bad_seq == n + 1, (ev, report)
        assert message in report.problem, (ev, report.problem)
        count("integrity.forged_engine_events")
    # A correct one passes.
    assert _forge(eng, gid, Undone(first, last, "a"), "a").verify(gid).ok
    # Undo across a draw without everyone's consent, hashes correct: caught.
    dice = engine()
    did = dice.new_game("dice-race", ["a", "b"], seed=4, game_id="d")
    dice.move(did, "roll", "a")
    last = dice.store.last(did)[0]
    report = _forge(dice, did, Undone(last, last, "a", ("a",)), "a").verify(did)
    assert not report.ok and "consent of b" in report.problem
    # A redo after a new move, hashes correct: caught.
    eng2 = engine()
    g2 = eng2.new_game("connect-four", ["a", "b"], seed=1, game_id="c")
    eng2.move(g2, "1", "a")
    eng2.undo(g2, "a")
    eng2.move(g2, "2", "a")
    undo_seq = next(r.seq for r in eng2.store.load(g2) if r.type == "meeple.undone")
    report = _forge(eng2, g2, Redone(undo_seq, "a"), "a").verify(g2)
    assert not report.ok and "new moves" in report.problem


def test_malformed_headers_statuses_and_payloads_are_findings(tmp_path, capsys) -> None:
    import sqlite3

    from cli_runner import run_meeple

    path = tmp_path / "m.sqlite"
    eng = engine(SqliteStore(path))
    ids = [play_random(eng, "connect-four", seed=i, commands=3, game_id=f"g{i}") for i in range(5)]
    eng.close()
    db = sqlite3.connect(path)
    header = orjson.loads(db.execute("SELECT header FROM games WHERE game_id='g0'").fetchone()[0])
    db.execute("UPDATE games SET header=? WHERE game_id='g0'", (b"{" + orjson.dumps(header)[2:],))
    db.execute("UPDATE games SET header=? WHERE game_id='g1'",
               (orjson.dumps({**orjson.loads(db.execute(
                   "SELECT header FROM games WHERE game_id='g1'").fetchone()[0]), "extra": 1}),))
    db.execute("UPDATE events SET data=CAST(data AS TEXT) WHERE game_id='g2' AND seq=2")
    db.execute("UPDATE games SET status=? WHERE game_id='g3'", (b"[1, 2",))
    db.commit()
    db.close()
    code, out, err = run_meeple(capsys, "verify", "--all", "--db", str(path))
    assert code == 1 and "Traceback" not in out + err and not err, err
    for gid in ids[:4]:
        assert f"FAIL {gid}:" in out, (gid, out)
    assert "ok   g4:" in out
    code, out, err = run_meeple(capsys, "verify", "--all", "--json", "--db", str(path))
    reports = {r["game_id"]: r for r in orjson.loads(out)}
    assert code == 1 and [reports[g]["ok"] for g in ids] == [False] * 4 + [True]
    assert "header" in reports["g0"]["problem"] and "extra" in reports["g1"]["problem"]
    assert "event 2" in reports["g2"]["problem"] and reports["g2"]["first_bad_seq"] == 2
    assert "status" in reports["g3"]["problem"]
    count("integrity.malformed_findings", 4)


# -- 21.1: the hash covers every field; randomness keys; canonical bytes -----------------------

def test_every_record_field_is_covered_by_the_hash() -> None:
    eng = engine()
    gid = play_random(eng, "connect-four", seed=3, commands=4, game_id="h")
    header, records = eng.store.header(gid), eng.store.load(gid)
    check_chain(header, records)
    changes = {"game_id": "other", "seq": 99, "type": "connect-four.other", "version": 7,
               "data": b'{"x":1}', "actor": "zed", "command_text": "9", "batch": 77,
               "recorded_at": "1999-01-01T00:00:00", "prev_hash": "0" * 64, "hash": "f" * 64}
    assert set(changes) == {f.name for f in attrs.fields(Record)}
    for k in (1, len(records) - 1):
        for name, value in changes.items():
            bad = list(records)
            bad[k] = attrs.evolve(bad[k], **{name: value})
            with pytest.raises(IntegrityError):
                check_chain(header, bad)
            # Re-sealing that record alone still breaks the next link (or its seq/id).
            if name not in ("hash", "prev_hash", "seq", "game_id"):
                resealed = attrs.evolve(bad[k], hash=bad[k].expected_hash())
                assert resealed.hash != records[k].hash, name
    public = {"game_id": "x", "game": "y", "plugin": "p", "plugin_version": "9",
              "players": ("q", "r"), "options": {"o": 1}, "created": "1999",
              "title": "t", "forked_from": ("z", 1), "seed_commitment": "0" * 64,
              "chance": "seq"}
    for name, value in public.items():
        assert attrs.evolve(header, **{name: value}).hash() != header.hash(), name
    # The secret fields are out of the hash (a sealed export keeps the chain) but bound
    # by the commitment.
    assert header.sealed().hash() == header.hash()
    assert not attrs.evolve(header, seed=header.seed + 1).seed_matches()


def test_derive_rng_depends_on_seed_seq_and_salt() -> None:
    draws = {(s, q, salt): derive_rng(s, q, salt).getrandbits(64)
             for s in (1, 2) for q in (0, 1, 2, 3) for salt in ("", "x")}
    assert len(set(draws.values())) == len(draws)
    assert derive_rng(1, 2).random() == derive_rng(1, 2).random()


def test_canonical_bytes_do_not_depend_on_key_order() -> None:
    a = {"b": 1, "a": {"y": [1, {"n": 2, "m": 3}], "x": None}, "c": "z"}
    b = {"c": "z", "a": {"x": None, "y": [1, {"m": 3, "n": 2}]}, "b": 1}
    assert list(a) != list(b) and codec.dumps(a) == codec.dumps(b)
    assert codec.dumps(a) == b'{"a":{"x":null,"y":[1,{"m":3,"n":2}]},"b":1,"c":"z"}'
    eng = engine()
    h1 = eng.store.header(eng.new_game("connect-four", ["a", "b"], seed=1, game_id="k1"))
    h2 = attrs.evolve(h1, options=dict(reversed(list({"p": 1, "q": 2}.items()))))
    h3 = attrs.evolve(h1, options={"p": 1, "q": 2})
    assert h2.hash() == h3.hash()


# -- 3. threads -----------------------------------------------------------------------------

def _race(eng: Engine, gid: str, workers: int = 4) -> list[int]:
    """Threads sharing ``eng`` play ``gid`` to its end; the batches each was told it wrote."""
    told: list[int] = []
    errors: list[BaseException] = []

    def play(k: int) -> None:
        rng = random.Random(k)
        try:
            for _ in range(400):
                t = eng.table(gid)
                if t.outcome() is not None:
                    return
                p = rng.choice(t.to_act())
                try:
                    told.append(eng.move(gid, rng.choice(t.game.legal(t.state, p)), p)[0].batch)
                except (IllegalCommand, ConcurrencyError):
                    continue
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(workers)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    return told


@pytest.mark.parametrize("backend", ["memory", "sqlite", "jsonl"])
def test_one_engine_shared_by_threads(backend: str, tmp_path) -> None:
    store = {"memory": MemoryStore, "sqlite": lambda: SqliteStore(tmp_path / "s.sqlite"),
             "jsonl": lambda: JsonlStore(tmp_path / "j")}[backend]()
    eng = engine(store)
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="t")
    told = _race(eng, gid)
    batches = sorted({r.batch for r in eng.store.load(gid) if r.actor})
    assert sorted(told) == batches  # every acknowledged move once, nothing else
    assert eng.verify(gid).ok and eng.outcome(gid) is not None
    count("integrity.shared_engine_moves", len(told))


def _stale_store(cls, *args):
    """A store whose next append first lets another writer in (a ConcurrencyError for
    the caller, for certain)."""

    class Stale(cls):
        intruder = None

        def append_batches(self, *a, **kw):
            if self.intruder:
                go, self.intruder = self.intruder, None
                go()
            return super().append_batches(*a, **kw)

    return Stale(*args)


def _stale_case(store, other_store) -> None:
    eng, other = engine(store), engine(other_store)
    gid = eng.new_game("connect-four", ["a", "b"], seed=1, game_id="z")
    eng.move(gid, "1", "a")
    store.intruder = lambda: other.move(gid, "2", "b")
    with pytest.raises(ConcurrencyError):
        eng.move(gid, "3", "b")
    eng.move(gid, "4", "a")  # the refused "3" must not ride along with this one
    texts = [r.command_text for r in eng.store.load(gid) if r.actor]
    assert texts == ["1", "2", "4"] and eng.verify(gid).ok


def test_a_move_refused_with_concurrency_error_is_never_stored(tmp_path) -> None:
    s = _stale_store(SqliteStore, tmp_path / "c.sqlite")
    _stale_case(s, SqliteStore(tmp_path / "c.sqlite"))
    j = _stale_store(JsonlStore, tmp_path / "j")
    _stale_case(j, JsonlStore(tmp_path / "j"))


def test_a_move_refused_with_concurrency_error_is_never_stored_postgres(pg_url) -> None:
    from meeple.core.stores.postgresql import PostgresStore

    _stale_case(_stale_store(PostgresStore, pg_url), PostgresStore(pg_url))


def test_one_engine_shared_by_threads_postgres(pg_url) -> None:
    from meeple.core.stores.postgresql import PostgresStore

    eng = engine(PostgresStore(pg_url))
    gid = eng.new_game("connect-four", ["a", "b"], seed=2, game_id="t")
    told = _race(eng, gid)
    assert sorted(told) == sorted({r.batch for r in eng.store.load(gid) if r.actor})
    assert eng.verify(gid).ok


def test_json_lines_status_writers_never_leave_a_stale_or_torn_status(tmp_path) -> None:
    """Writers in threads, each with its own store object (as separate processes would
    have), append and write statuses at once: the status file always parses, ends as
    the status of the last append, and no temporary file is left behind."""
    root = tmp_path / "j"
    first = engine(JsonlStore(root))
    gid = first.new_game("connect-four", ["a", "b"], seed=1, game_id="s")
    engines = [engine(JsonlStore(root)) for _ in range(4)]
    stop = threading.Event()
    torn: list[str] = []

    def read() -> None:
        reader = JsonlStore(root)
        while not stop.is_set():
            try:
                reader.status(gid)
            except Exception as exc:
                torn.append(repr(exc))

    watcher = threading.Thread(target=read)
    watcher.start()
    told: list[int] = []
    threads = [threading.Thread(target=lambda e=e: told.extend(_race(e, gid, 1)))
               for e in engines]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    stop.set()
    watcher.join()
    assert not torn, torn[:3]
    final = JsonlStore(root)
    assert final.status(gid)["seq"] == final.last(gid)[0]
    assert final.status(gid)["status"] == "finished"
    assert not list(root.glob(".*.tmp"))
    count("integrity.status_writes", len(told))


def test_malformed_postgres_rows_are_findings(pg_url) -> None:
    import psycopg
    from meeple.core.stores.postgresql import PostgresStore, split_url

    eng = engine(PostgresStore(pg_url))
    for i in range(3):
        play_random(eng, "connect-four", seed=i, commands=2, game_id=f"g{i}")
    conninfo, schema = split_url(pg_url)
    with psycopg.connect(conninfo, autocommit=True) as db:
        db.execute(f'SET search_path TO "{schema}"')
        db.execute("UPDATE meeple_games SET header='\\x7b7b'::bytea WHERE game_id='g0'")
        db.execute("UPDATE meeple_games SET status='\\x5b31'::bytea WHERE game_id='g1'")
        db.execute("ALTER TABLE meeple_events ALTER COLUMN data TYPE TEXT "
                   "USING convert_from(data, 'UTF8')")
    reports = [eng.verify(g) for g in ("g0", "g1", "g2")]
    assert [r.ok for r in reports] == [False, False, False]
    assert "header" in reports[0].problem and reports[2].first_bad_seq == 1


def test_legacy_games_keep_verifying() -> None:
    """A game stored before seed commitments (its seed sealed in the header hash, chance
    keyed by sequence number, undo of another's move without consent) still verifies."""
    from meeple.core.records import GameHeader

    eng = engine()
    g = PLUGINS.game("dice-race")
    header = GameHeader("old", g.name, "tests", g.version, ("a", "b"), {}, 7, "2026-01-01")
    assert header.legacy and "seed_commitment" not in header.to_json()
    from meeple.core.table import Table

    t = Table(g, header, eng.codec(g))
    t.start(["a", "b"], {})
    t.created = False
    t.flush(eng.store)
    eng.move("old", "roll", "a")
    eng.move("old", "stop", "b")
    # The old engine let a undo b's move alone; such an undo is in old logs, stored in the
    # shape of that engine (no record of how consent was given).
    t = eng.table("old")
    first, last, _ = t.undo_span()
    old_undo = NewEvent(Undone.TYPE, Undone.VERSION, orjson.dumps(
        {"first_seq": first, "last_seq": last, "by": "a", "forced_by": []}), "a", "undo")
    eng.store.append_batches("old", t.stored_seq, [[old_undo]], "2026-01-02",
                             {"seq": t.stored_seq + 1})
    eng.forget("old")
    eng.move("old", "roll", "b")
    report = eng.verify("old")
    assert report.ok, report
    # The same undo as today's engine writes it, also into a legacy game, keeps today's
    # rules: a header that lost its commitment cannot excuse it.
    t = eng.table("old")
    t._queue([Undone(*t.undo_span()[:2], "a")], "a", "undo")
    t.flush(eng.store)
    report = eng.verify("old")
    assert not report.ok and report.first_bad_seq == 6, report
    assert "without the consent of b" in report.problem
    assert eng.export("old", reveal=True).count(b'"seed":7') == 1  # it cannot seal it


def test_malformed_json_lines_files_are_findings(tmp_path) -> None:
    root = tmp_path / "j"
    eng = engine(JsonlStore(root))
    for i in range(3):
        play_random(eng, "connect-four", seed=i, commands=2, game_id=f"g{i}")
    lines = (root / "g0.jsonl").read_bytes().split(b"\n")
    (root / "g0.jsonl").write_bytes(b"\n".join([lines[0][:-3] + b"!}", *lines[1:]]))
    (root / ".g1.status.json").write_bytes(b'{"status": ')
    fresh = engine(JsonlStore(root))
    ids = fresh.store.game_ids()
    assert sorted(ids) == ["g0", "g1", "g2"]
    reports = {g: fresh.verify(g) for g in ids}
    assert not reports["g0"].ok and not reports["g1"].ok and reports["g2"].ok
    assert "status" in reports["g1"].problem
