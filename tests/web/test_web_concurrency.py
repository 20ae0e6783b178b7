"""One ``meeple serve`` app, many games at once: people (a thread each, over HTTP) and
robots (the app's AI thread) play every title side by side; afterwards every stored log
verifies and is exactly what the same commands give when replayed one game at a time."""

from __future__ import annotations

import random
import threading
import time

from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore

GAMES_PER_TITLE = 2
PERSON_MOVES = 8  # commands each person gives before leaving the table


def _seats(game, k: int) -> list[tuple[str, str]]:
    """A person in the first seat, robots (random or heuristic) in the others."""
    n = min(game.max_players, 3)
    names = game.default_players(max(n, game.min_players))
    robots = ["random", "heuristic"]
    return [(p, "human" if i == 0 else robots[(i + k) % 2]) for i, p in enumerate(names)]


def _person(site, key: str, seed: int, moves: int, errors: list[str]) -> None:
    """Look at the seat's page, and when it is this seat's turn give one of its legal
    commands; a page that went stale meanwhile (a robot moved) is read again."""
    rng = random.Random(seed)
    given = 0
    deadline = time.monotonic() + 240
    while given < moves and time.monotonic() < deadline:
        page = site.get(f"/api/seat/{key}")
        if page.status != 200:
            errors.append(f"{key[:6]}: page {page.status} {page.text[:200]}")
            return
        seat = page.json()
        if seat["finished"]:
            return
        if seat["seat"] not in seat["to_act"] or not seat["legal"]:
            time.sleep(0.02)
            continue
        command = rng.choice(seat["legal"])
        ans = site.post(f"/api/seat/{key}/move", {"command": command, "seq": seat["last_seq"]})
        if ans.status == 200:
            given += 1
        elif ans.status != 409:
            errors.append(f"{seat['seat']} {command!r}: {ans.status} {ans.text[:200]}")
            return


def _serial_replay(records, header, plugins) -> list[tuple]:
    """The same game made afresh and given the same commands, one after another."""
    eng = Engine(MemoryStore(), plugins)
    gid = eng.new_game(header.game, list(header.players), dict(header.options),
                       seed=header.seed, game_id=header.game_id)
    for r in records:
        if r.actor is not None and r.seq == r.batch:
            eng.move(gid, r.command_text, r.actor)
    return [(r.seq, r.type, r.data, r.actor, r.command_text) for r in eng.store.load(gid)]


def test_many_games_of_every_title_at_once_store_what_a_serial_replay_gives(site):
    plugins = load()
    made = []
    for title in sorted(plugins.games):
        game = plugins.game(title)
        for k in range(GAMES_PER_TITLE):
            seats = _seats(game, k)
            made.append((site.create(title, seats, seed=100 + k), seats))
    errors: list[str] = []
    people = [threading.Thread(target=_person, args=(site, m["keys"][seats[0][0]], i,
                                                     PERSON_MOVES, errors))
              for i, (m, seats) in enumerate(made)]
    for t in people:
        t.start()
    for t in people:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in people), "a person's thread never finished"
    assert not errors, errors
    robots = site.app.state.robots
    assert not robots.broken, robots.broken
    engine = site.engine
    for m, seats in made:
        gid = m["game_id"]
        records = engine.store.load(gid)
        actors = {r.actor for r in records if r.actor is not None}
        # Both kinds of seat played (a game may end before its person's turn comes).
        assert {seats[0][0]} | {s for s, _ in seats[1:]} >= actors and len(actors) >= 2, gid
        assert engine.verify(gid).ok, gid
        header = engine.store.header(gid)
        stored = [(r.seq, r.type, r.data, r.actor, r.command_text) for r in records]
        assert stored == _serial_replay(records, header, plugins), gid


def test_a_finished_games_robots_are_dropped(site):
    made = site.create("connect-four", [("r1", "random"), ("r2", "random")], seed=7)
    gid = made["game_id"]
    robots = site.app.state.robots
    deadline = time.monotonic() + 60
    while site.engine.outcome(gid) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert site.engine.outcome(gid) is not None, "the robots never finished their game"
    while gid in robots.agents and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gid not in robots.agents
    assert not robots.broken
