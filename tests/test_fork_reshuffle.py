"""A fork keeps what was revealed and nothing more: every order nobody has seen at the fork
point (Carcassonne's stack, Terraforming Mars' deck) is drawn anew with the fork's own
seed, recorded as events of no command right after the fork point. Games whose draws are
made from the seed when they happen (Utopia) or that hide nothing (Terra Mystica, connect
four) append nothing. Every fork verifies, replays to its live state, and leaves its
source as it was."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import orjson
import pytest
from conftest import installed_games, play_random
from meeple.core.engine import Engine, rechain
from meeple.core.errors import BadOptions, IllegalCommand
from meeple.core.events import is_barrier
from meeple.core.stores.sqlite import SqliteStore

FORKS = 5
#: What each game appends at a fork point (event types), when it can still draw.
RESHUFFLES = {
    "carcassonne-hill-dale": ["carcassonne-hill-dale.stack-reshuffled"],
    "terraforming-mars": ["terraforming-mars.shuffled"],
    "utopia": [],
    "terra-mystica": [],
    "connect-four": [],
}


def engine(tmp_path: Any) -> Engine:
    return Engine(SqliteStore(tmp_path / "forks.sqlite"))


def next_draws(name: str, state: Any, n: int = 20) -> list[Any]:
    """The next ``n`` draws the state holds in order (its secret order)."""
    if name == "carcassonne-hill-dale":
        return state.stack[::-1][:n]
    return state.deck[:n]


@pytest.mark.parametrize("name", sorted(RESHUFFLES))
def test_a_fork_verifies_replays_and_leaves_its_source_alone(tmp_path: Any, name: str) -> None:
    assert name in installed_games()
    eng = engine(tmp_path)
    gid = play_random(eng, name, 4, 10, "src")
    at = eng.table(gid).last_seq
    source = eng.store.load(gid)
    fid = eng.fork(gid, at, "f")
    forked = eng.store.load(fid)
    assert [r.type for r in forked[at:]] == RESHUFFLES[name]
    assert all(r.actor is None and r.batch == at + 1 for r in forked[at:])
    assert [(r.type, r.data) for r in forked[:at]] == [(r.type, r.data) for r in source]
    rng = random.Random(5)
    for _ in range(6):  # play on in the fork
        t = eng.table(fid)
        if t.outcome() is not None:
            break
        player = rng.choice(t.to_act())
        eng.move(fid, rng.choice(t.game.legal(t.state, player)), player)
    live = eng.state(fid)
    fresh = Engine(SqliteStore(tmp_path / "forks.sqlite"))
    assert fresh.state(fid) == live  # replay equals live
    assert fresh.verify(fid).ok, fresh.verify(fid).problem
    assert eng.store.load(gid) == source and fresh.verify(gid).ok  # the source is untouched


@pytest.mark.parametrize("name", ["carcassonne-hill-dale", "terraforming-mars"])
def test_a_fork_reshuffles_the_unrevealed_order(tmp_path: Any, name: str) -> None:
    eng = engine(tmp_path)
    gid = play_random(eng, name, 6, 8, "src")
    at = eng.table(gid).last_seq
    theirs = next_draws(name, eng.state(gid))
    orders = []
    for i in range(FORKS):
        fid = eng.fork(gid, at, f"f{i}")
        state = eng.state(fid)
        ours = next_draws(name, state)
        # The same cards or tiles, none seen and none lost...
        whole = state.stack if name == "carcassonne-hill-dale" else state.deck
        source_whole = (eng.state(gid).stack if name == "carcassonne-hill-dale"
                        else eng.state(gid).deck)
        assert sorted(whole) == sorted(source_whole)
        # ...in an order that matches the source's no more often than chance does.
        same = sum(a == b for a, b in zip(ours, theirs, strict=True))
        assert same <= len(theirs) // 2, (i, same, ours, theirs)
        orders.append(tuple(ours))
        assert eng.verify(fid).ok
    assert len(set(orders)) == FORKS  # each fork seed draws its own order


def first_draws(eng: Engine, gid: str, fid: str, seed: int, steps: int = 80) -> tuple[Any, Any]:
    """Play the same random commands in the source and the fork until the source's first
    draw (an event that reveals hidden information); that draw in each."""
    rng = random.Random(seed)
    for _ in range(steps):
        t = eng.table(gid)
        if t.outcome() is not None:
            break
        player = rng.choice(t.to_act())
        text = t.game.format(rng.choice(t.game.legal(t.state, player)), t.state)
        before_source, before_fork = len(t.pairs), len(eng.table(fid).pairs)
        eng.move(gid, text, player)
        eng.move(fid, text, player)
        mine = [ev for _, ev in eng.table(gid).pairs[before_source:]]
        theirs = [ev for _, ev in eng.table(fid).pairs[before_fork:]]
        drawn = [ev for ev in mine if is_barrier(ev)]
        if drawn:
            return drawn[0], next((ev for ev in theirs if is_barrier(ev)), None)
    raise AssertionError(f"no draw in {steps} commands of {gid}")


@pytest.mark.parametrize("name", ["carcassonne-hill-dale", "terraforming-mars", "utopia"])
def test_the_forks_next_draws_are_not_the_sources(tmp_path: Any, name: str) -> None:
    """The same commands played on in the source and in forks of it: the first draw of
    each fork is the source's no more often than chance."""
    eng = engine(tmp_path)
    gid = play_random(eng, name, 8, 6, "src")
    at = eng.table(gid).last_seq
    same = 0
    for i in range(FORKS):
        fid = eng.fork(gid, at, f"f{i}")
        # A copy of the source with its seed plays the source's own future.
        src = eng.import_export(eng.export(gid, reveal=True, keep_seed=True), f"s{i}")
        source_draw, fork_draw = first_draws(eng, src, fid, seed=i)
        same += source_draw == fork_draw
        assert eng.verify(fid).ok
    assert same <= FORKS // 2, same


def carcassonne_fork(tmp_path: Any) -> tuple[Engine, str, str, int]:
    eng = engine(tmp_path)
    gid = play_random(eng, "carcassonne-hill-dale", 3, 6, "src")
    at = eng.table(gid).last_seq
    return eng, gid, eng.fork(gid, at, "f"), at


def forged(eng: Engine, fid: str, records: list[Any]) -> Any:
    """Store ``records`` under a copy of the fork's header, resealed; its verify report."""
    header = attrs.evolve(eng.store.header(fid), game_id="forged")
    eng.store.import_game(header, rechain(header, records))
    return eng.verify("forged")


def test_verify_names_a_fork_without_its_reshuffle(tmp_path: Any) -> None:
    eng, gid, fid, at = carcassonne_fork(tmp_path)
    report = forged(eng, fid, eng.store.load(gid))  # the source's order kept
    assert not report.ok and report.first_bad_seq == at + 1
    assert "reshuffle of what nobody had seen is missing" in report.problem
    t = eng.table(gid)
    player = t.to_act()[0]
    eng.move(gid, t.game.legal(t.state, player)[0], player)  # a command at the fork point
    header = attrs.evolve(eng.store.header(fid), game_id="forged2")
    eng.store.import_game(header, rechain(header, eng.store.load(gid)))
    report = eng.verify("forged2")
    assert not report.ok and report.first_bad_seq == at + 1 and "missing" in report.problem


def test_verify_names_a_long_forks_missing_reshuffle(tmp_path: Any) -> None:
    # Event numbers past 256 are not the small integers Python keeps one copy of: the
    # fork point is found by value.
    eng = engine(tmp_path)
    gid = play_random(eng, "terraforming-mars", 3, 260, "src")
    at = eng.table(gid).last_seq
    assert at > 256 and eng.outcome(gid) is None
    fid = eng.fork(gid, at, "f")
    assert eng.verify(fid).ok
    report = forged(eng, fid, eng.store.load(gid))
    assert not report.ok and report.first_bad_seq == at + 1
    assert "reshuffle of what nobody had seen is missing" in report.problem


def test_a_fork_anywhere_inside_a_command_of_three_or_more_events_is_refused(
        tmp_path: Any) -> None:
    eng = engine(tmp_path)
    gid = play_random(eng, "terraforming-mars", 3, 40, "src")
    records = eng.store.load(gid)
    sizes = Counter(r.batch for r in records if r.actor)
    first = next(b for b, n in sizes.items() if n >= 3)
    for at in range(first, first + sizes[first] - 1):  # every event but the command's last
        with pytest.raises(BadOptions, match=f"event {at} is inside a command's events"):
            eng.fork(gid, at)
    assert eng.verify(eng.fork(gid, first + sizes[first] - 1)).ok


def test_verify_names_a_reshuffle_that_is_not_the_fork_seeds(tmp_path: Any) -> None:
    eng, gid, fid, at = carcassonne_fork(tmp_path)
    records = eng.store.load(fid)
    tiles = orjson.loads(records[at].data)["stack"]
    tiles[0], tiles[-1] = tiles[-1], tiles[0]  # the order the forger wants
    changed = attrs.evolve(records[at], data=orjson.dumps({"stack": tiles}))
    report = forged(eng, fid, [*records[:at], changed])
    assert not report.ok and report.first_bad_seq == at + 1
    assert "reshuffle" in report.problem


def test_a_sealed_forks_reshuffle_waits_for_the_seed(tmp_path: Any) -> None:
    eng, _, fid, at = carcassonne_fork(tmp_path)
    other = Engine(SqliteStore(tmp_path / "other.sqlite"))
    other.import_export(eng.export(fid, reveal=True))  # a running game: no seed
    report = other.verify(fid)
    assert report.ok and report.chance_unchecked >= 2  # the source's draws and the reshuffle


def test_undo_in_a_fork_stops_at_its_reshuffle(tmp_path: Any) -> None:
    eng, gid, fid, at = carcassonne_fork(tmp_path)
    players = list(eng.store.header(fid).players)
    with pytest.raises(IllegalCommand, match="nothing to undo"):
        eng.undo(fid, players[0], agreed=players)
    t = eng.table(fid)
    player = t.to_act()[0]
    eng.move(fid, t.game.legal(t.state, player)[0], player)
    undo = eng.undo(fid, player, agreed=players)
    assert undo.seq > at + 1 and eng.verify(fid).ok
    # Where a fork reshuffles nothing, undo reaches into the copied events as before.
    eng.new_game("connect-four", ["a", "b"], seed=1, game_id="c4")
    eng.move("c4", "4", "a")
    eng.fork("c4", eng.table("c4").last_seq, "c4f")
    eng.undo("c4f", "a")
    assert eng.verify("c4f").ok


@pytest.mark.parametrize("name", ["carcassonne-hill-dale", "terraforming-mars"])
def test_a_fork_of_a_fork_verifies_and_a_forged_reshuffle_in_its_copy_does_not(
        tmp_path: Any, name: str) -> None:
    eng = engine(tmp_path)
    gid = play_random(eng, name, 9, 5, "src")
    first = eng.fork(gid, eng.table(gid).last_seq, "first")
    t = eng.table(first)
    player = t.to_act()[0]
    eng.move(first, t.game.legal(t.state, player)[0], player)
    second = eng.fork(first, eng.table(first).last_seq, "second")
    assert eng.verify(second).ok, eng.verify(second).problem
    # The first fork's reshuffle, copied into the second, may not change what anyone sees.
    records = eng.store.load(second)
    at = eng.store.header(first).forked_from[1]
    data = orjson.loads(records[at].data)
    if name == "carcassonne-hill-dale":
        tiles = data["stack"]
        other = next(x for x in tiles if x != tiles[0])
        data["stack"] = [other, *tiles[1:]]  # one tile swapped for another kind
    else:
        data["cards"] = data["cards"][:-1]  # one card gone
    changed = attrs.evolve(records[at], data=orjson.dumps(data))
    report = forged(eng, second, [*records[:at], changed, *records[at + 1:]])
    assert not report.ok and report.first_bad_seq == at + 1
    # Its source is in this store: the copy is not the source's event.
    assert f"header field 'forked_from' names 'first' at {len(records) - 1}" in report.problem
    # Elsewhere, without its source, the copied reshuffle is judged by its kinds and views.
    alone = Engine(SqliteStore(tmp_path / "alone.sqlite"))
    alone.store.import_game(eng.store.header("forged"), eng.store.load("forged"))
    report = alone.verify("forged")
    assert not report.ok and report.first_bad_seq == at + 1
    assert "not a fork's reshuffle" in report.problem
