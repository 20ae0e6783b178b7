"""`meeple serve` over HTTP, without a browser: the JSON API, bad input, AI seats, undo
consent, live streams and a tournament written by another process."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

import pytest
from meeple.ai.tournament import entrant_labels


def wait_for(check, timeout: float = 20.0, what: str = "the condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_create_play_and_read_back(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")], seed=3)
    gid, keys = made["game_id"], made["keys"]
    assert set(keys) == {"ann", "bob"} and keys["ann"] != keys["bob"]
    assert len(keys["ann"]) >= 32  # secrets.token_urlsafe(24)
    ann = site.get(f"/api/seat/{keys['ann']}").json()
    assert ann["seat"] == "ann" and ann["to_act"] == ["ann"] and ann["legal"] == list("1234567")
    moved = site.post(f"/api/seat/{keys['ann']}/move", {"command": "4", "seq": ann["last_seq"]})
    assert moved.status == 200, moved.text
    public = site.get(f"/api/games/{gid}").json()
    assert public["to_act"] == ["bob"] and public["seat"] is None and public["legal"] == []
    assert [ln["command"] for ln in public["log"]][-1] == "4"
    assert site.engine.to_act(gid) == ["bob"]  # the store has it, not just the page
    # the list, its filters, and the page itself
    rows = site.get("/api/games?game=connect-four&status=running").json()
    assert gid in [r["game_id"] for r in rows]
    assert gid not in [r["game_id"] for r in site.get("/api/games?status=finished").json()]
    assert gid not in [r["game_id"] for r in site.get("/api/games?game=utopia").json()]
    assert site.get("/api/games?game=chess").status == 400
    html = site.get(f"/games/{gid}").text
    assert gid in html and "To act: bob" in html and '<div id="board"' in html
    assert site.engine.render(gid, "svg", None) in html  # the picture, drawn inline
    svg = site.get(f"/games/{gid}/board.svg")
    assert svg.type.startswith("image/svg+xml") and b"<svg" in svg.body


def test_bad_input_gets_a_clear_4xx_and_changes_nothing(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, key = made["game_id"], made["keys"]["ann"]
    before = site.engine.store.last(gid)
    cases = [
        (site.get("/games/no-such-game"), 404, "no game 'no-such-game'"),
        (site.get("/api/games/no-such-game"), 404, "no game 'no-such-game'"),
        (site.get("/seat/not-a-key"), 404, "seat link is not valid"),
        (site.get("/api/seat/not-a-key"), 404, "seat link is not valid"),
        (site.get(f"/games/{gid}?at=99"), 400, "at must be an event number from 1 to 1"),
        (site.get(f"/api/games/{gid}?at=x"), 400, "at must be an event number"),
        (site.get("/api/games?status=paused"), 400, "status must be one of running, finished"),
        (site.get("/no/such/page"), 404, "there is no page /no/such/page"),
        (site.get("/tournaments/nope"), 404, "no tournament 'nope'"),
        (site.post(f"/api/seat/{key}/move", {"command": "9", "seq": 1}), 422, "not a column"),
        (site.post(f"/api/seat/{key}/move", {"command": "4", "seq": 0}), 409, "moved on"),
        (site.post(f"/api/seat/{key}/move", {"command": "4", "seq": "one"}), 400, "seq must be"),
        (site.post(f"/api/seat/{key}/move", {"command": "", "seq": 1}), 400, "type a command"),
        (site.post(f"/api/seat/{key}/move", raw=b"{not json"), 400, "must be JSON"),
        (site.post(f"/api/seat/{made['keys']['bob']}/move", {"command": "4", "seq": 1}), 422,
         "not bob's turn"),
        (site.post(f"/api/seat/{key}/consent", {"agree": "yes", "seq": 1}), 400,
         "agree must be true or false"),
        (site.post("/api/games", {"game": "chess", "seats": [{"name": "a"}]}), 400,
         "no game named 'chess'"),
        (site.post("/api/games", {"game": "connect-four", "seats": [{"name": "a"}]}), 400,
         "takes 2 to 2 players"),
        (site.post("/api/games", {"game": "carcassonne-hill-dale", "options": {"tiles": "x"},
                                  "seats": [{"name": "a"}, {"name": "b"}]}), 400,
         "option 'tiles' takes a whole number"),
        (site.post("/api/games", {"game": "utopia", "options": {"colour": "red"},
                                  "seats": [{"name": "a"}, {"name": "b"}]}), 400,
         "has no option 'colour'"),
        (site.post("/api/games", {"game": "connect-four", "seats": [
            {"name": "a"}, {"name": "b", "agent": "mcts:sims=lots"}]}), 400, "sims"),
        (site.post("/api/games", {"game": "connect-four", "seats": [
            {"name": "a"}, {"name": "b", "agent": "grandmaster"}]}), 400, "grandmaster"),
        (site.post("/api/games", {"game": "connect-four", "seats": [
            {"name": "<b>x</b>"}, {"name": "b"}]}), 400, "player name"),
        (site.post("/api/games", {"game": "connect-four", "seed": "abc", "seats": [
            {"name": "a"}, {"name": "b"}]}), 400, "seed must be a whole number"),
        (site.post("/new", raw=b"game=connect-four&name0=a&agent0=human", form=True), 400,
         "takes 2 to 2 players"),
    ]
    for ans, status, words in cases:
        assert ans.status == status, (words, ans.status, ans.text[:300])
        assert words in ans.text.replace("&#39;", "'"), (words, ans.text[:300])
        assert "Traceback" not in ans.text
    assert site.engine.store.last(gid) == before  # no bad request stored anything
    games_before = len(site.engine.store.game_ids())
    assert site.post("/api/games", {"game": "utopia", "options": {"goal": "lots"},
                                    "seats": [{"name": "a"}, {"name": "b"}]}).status == 400
    assert len(site.engine.store.game_ids()) == games_before


def test_options_typed_as_text_are_read_one_per_line_or_comma(site):
    """The new-game form sends its options as text: name=value, one per line or separated
    by commas, a bare name meaning true; a line without a name is refused."""
    def new_ids(before):
        return sorted(set(site.engine.store.game_ids()) - before)

    before = set(site.engine.store.game_ids())
    form = urlencode({"game": "carcassonne-hill-dale", "name0": "ann", "name1": "bob",
                      "options": "tiles=20\r\n sharing = every-player \n", "seed": "3"})
    ans = site.post("/new", raw=form.encode(), form=True)
    assert ans.status == 200 and "/seat/" in ans.text, ans.text[:300]
    (gid,) = new_ids(before)
    assert site.engine.store.header(gid).options == {"tiles": 20, "sharing": "every-player"}
    before = set(site.engine.store.game_ids())
    made = site.post("/api/games", {"game": "terraforming-mars", "options": "draft, max_generations=3",
                                    "seats": [{"name": "a"}, {"name": "b"}]})
    assert made.status == 201, made.text
    (gid,) = new_ids(before)
    options = site.engine.store.header(gid).options
    assert options["draft"] is True and options["max_generations"] == 3
    before = set(site.engine.store.game_ids())
    for text in ("=x", "tiles=20, =5"):
        form = urlencode({"game": "carcassonne-hill-dale", "name0": "ann", "name1": "bob",
                          "options": text})
        ans = site.post("/new", raw=form.encode(), form=True)
        assert ans.status == 400 and "must look like name=value" in ans.text, ans.text[:300]
    assert new_ids(before) == []


def test_ai_seat_moves_by_itself(site):
    made = site.create("connect-four", [("ann", "human"), ("bot", "random")], seed=5)
    key, gid = made["keys"]["ann"], made["game_id"]
    assert list(made["keys"]) == ["ann"]  # an AI seat gets no link
    assert site.post(f"/api/seat/{key}/move", {"command": "1", "seq": 1}).status == 200
    wait_for(lambda: site.engine.store.last(gid)[0] >= 3, what="the AI's answer")
    log = site.get(f"/api/seat/{key}").json()["log"]
    assert [ln["actor"] for ln in log if ln["actor"]] == ["ann", "bot"]
    # Undo takes back the agent's answer together with ann's move, or it would just answer again.
    undone = site.post(f"/api/seat/{key}/undo", {"seq": 3})
    assert undone.status == 200 and undone.json() == {"undone": [2, 3]}, undone.text
    time.sleep(1.5)  # the AI worker had its chance to move, and must not have
    page = site.get(f"/api/seat/{key}").json()
    assert page["to_act"] == ["ann"] and page["last_seq"] == 5
    assert [ln["undone"] for ln in page["log"]] == [False, True, True, False, False]


def seats_of(game):
    return [(p, "human") for p in game.default_players(2)]


def test_undo_across_a_barrier_needs_the_other_seat(site):
    # A Carcassonne move draws the next tile: an information barrier.
    game = site.engine.plugins.game("carcassonne-hill-dale")
    made = site.create(game.name, seats_of(game), seed=4)
    gid, keys = made["game_id"], made["keys"]
    first, second = list(keys)
    me = site.get(f"/api/seat/{keys[first]}").json()
    assert site.post(f"/api/seat/{keys[first]}/move",
                     {"command": me["legal"][0], "seq": me["last_seq"]}).status == 200
    seq = site.engine.store.last(gid)[0]
    asked = site.post(f"/api/seat/{keys[first]}/undo", {"seq": seq})
    assert asked.status == 200 and asked.json()["requested"]["waiting_for"] == [second]
    assert site.engine.store.last(gid)[0] == seq  # nothing undone yet
    # the asker cannot agree in the other's place; the other sees the request
    assert site.post(f"/api/seat/{keys[first]}/consent", {"agree": True, "seq": seq}).status == 400
    theirs = site.get(f"/seat/{keys[second]}").text
    assert "asks to undo" in theirs and 'data-agree="true"' in theirs
    # a refusal ends the request; asked again, the other seat agrees from its own page
    assert site.post(f"/api/seat/{keys[second]}/consent", {"agree": False, "seq": seq}).json() \
        == {"refused_by": second}
    assert site.post(f"/api/seat/{keys[first]}/consent", {"agree": True, "seq": seq}).status == 409
    site.post(f"/api/seat/{keys[first]}/undo", {"seq": seq})
    done = site.post(f"/api/seat/{keys[second]}/consent", {"agree": True, "seq": seq})
    assert done.status == 200 and "undone" in done.json(), done.text
    log = site.get(f"/api/games/{gid}").json()["log"]
    assert log[-1]["type"].lower().endswith("undone") and second in log[-1]["text"]
    assert any(ln["undone"] for ln in log)  # the move is struck through, not gone
    html = site.get(f"/games/{gid}").text
    assert 'class="line undone' in html


def test_replay_at_any_seq_matches_the_engine(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, keys = made["game_id"], made["keys"]
    for i, col in enumerate("3435"):
        who = "ann" if i % 2 == 0 else "bob"
        assert site.post(f"/api/seat/{keys[who]}/move", {"command": col, "seq": i + 1}).status == 200
    for at in (1, 3, 4):
        page = site.get(f"/api/games/{gid}?at={at}").json()
        assert page["shown_seq"] == at and page["at"] == at and page["last_seq"] == 5
        assert page["state"] == site.engine.show_json(gid, None, at)["state"]
        assert site.get(f"/games/{gid}/board.svg?at={at}").text == site.engine.render(
            gid, "svg", None, at)
    assert site.get(f"/api/seat/{keys['ann']}?at=2").json()["legal"] == []  # no moves in replay


def read_events(url: str, count: int, out: list[str]) -> None:
    with urllib.request.urlopen(url, timeout=30) as resp:
        for raw in resp:
            line = raw.decode().strip()
            if line.startswith("data:"):
                out.append(line[5:].strip())
                if len(out) >= count:
                    return


def test_game_stream_tells_of_each_move(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, keys = made["game_id"], made["keys"]
    seen: list[str] = []
    reader = threading.Thread(target=read_events, args=(f"{site.base}/games/{gid}/events", 2, seen))
    reader.start()
    wait_for(lambda: seen, what="the first event")
    assert seen == ["1"]
    site.post(f"/api/seat/{keys['ann']}/move", {"command": "2", "seq": 1})
    reader.join(timeout=20)
    assert seen == ["1", "2"]


def test_an_idle_stream_says_it_is_still_there(make_site):
    """With nothing new to tell, an event stream sends a comment line every
    keepalive_seconds (15 by default), and keeps doing so, so that proxies keep it open."""
    quiet = make_site(keepalive_seconds=0.5, ai=False)
    gid = quiet.create("connect-four", [("ann", "human"), ("bob", "human")])["game_id"]
    lines: list[str] = []
    with urllib.request.urlopen(f"{quiet.base}/games/{gid}/events", timeout=30) as resp:
        for raw in resp:
            line = raw.decode().strip()
            if line and not line.startswith("retry:"):
                lines.append(line)
            if lines.count(": still here") == 3:
                break
    assert lines == ["data: 1", ": still here", ": still here", ": still here"]


def test_another_route_module_plugs_in_beside_the_others(make_site):
    """A module's routes(ctx) -> [Route, ...] is served with the app's own (what a new
    page of the web layer adds), with the app's service and error pages."""
    from meeple.web.service import NotFound
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    def routes(ctx):
        async def count(request):
            if request.path_params["what"] != "games":
                raise NotFound("count games, nothing else")
            return PlainTextResponse(str(len(ctx.service.list_games())))

        return [Route("/api/count/{what}", count)]

    extra = make_site(extra_routes=[routes], ai=False)
    extra.create("connect-four", [("ann", "human"), ("bob", "human")])
    assert extra.get("/api/count/games").text == "1"
    assert extra.get("/api/count/seats").json() == {"error": "count games, nothing else"}
    assert extra.get("/api/games").status == 200  # the app's own routes are all still there


def test_a_tournament_in_another_process_shows_up_live(site, tmp_path):
    before = site.get("/api/games").json()
    seen: list[str] = []
    reader = threading.Thread(target=read_events, args=(f"{site.base}/events", 2, seen))
    reader.start()
    wait_for(lambda: seen, what="the list stream")
    env = {**os.environ, "MEEPLE_LOAD_PLUGINS": "connect_four"}
    subprocess.run([sys.executable, "-m", "meeple.cli.app", "tournament", "connect-four",
                    "--players", "random,heuristic", "--games", "4", "--seed", "2",
                    "--id", "cup", "--db", site.db], check=True, env=env, capture_output=True)
    reader.join(timeout=20)
    assert len(seen) == 2 and seen[0] != seen[1]  # the list page was told
    rows = site.get("/api/games?tournament=cup").json()
    assert sorted(r["game_id"] for r in rows) == [f"cup-{i}" for i in range(1, 5)]
    assert len(site.get("/api/games").json()) == len(before) + 4
    data = site.get("/api/tournaments/cup").json()
    assert data["finished"] == 4 and data["running"] == []
    # standings agree with the tournament's own reckoning from the same stored games
    wins: dict[str, float] = {}
    for r in rows:
        winners = r["outcome"]["winners"]
        header = site.engine.store.header(r["game_id"])
        for seat in winners:
            spec = header.title.split(f"{seat}=")[1].split(",")[0]
            wins[spec] = wins.get(spec, 0) + 1 / len(winners)
    got = {s["entrant"]: s for s in data["standings"]}
    assert set(got) == set(entrant_labels(["random", "heuristic"]))
    assert {k: v["wins"] for k, v in got.items()} == {k: wins.get(k, 0.0) for k in got}
    assert all(v["games"] == 4 for v in got.values())
    html = site.get("/tournaments/cup").text
    assert "Standings so far" in html and "heuristic" in html
    listing = site.get("/?tournament=cup").text
    assert "cup-1" in listing and "/tournaments/cup" in listing


@pytest.mark.parametrize("path", ["/", "/new", "/static/app.js", "/static/style.css"])
def test_pages_and_assets_come_from_the_package(site, path):
    ans = site.get(path)
    assert ans.status == 200 and ans.body
    assert b"http://" not in ans.body.replace(site.base.encode(), b"") or path == "/new"
    assert b"https://" not in ans.body  # nothing fetched from the internet


def test_the_serve_command_starts_the_server_and_refuses_bad_ports(tmp_path):
    from meeple.web.server import free_port

    db = str(tmp_path / "cli.sqlite")
    port = free_port()
    cmd = [sys.executable, "-m", "meeple.cli.app", "serve", "--db", db, "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        def up():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    return r.status == 200 and b"Games" in r.read()
            except OSError:
                return False

        wait_for(up, what="meeple serve to answer")
        busy = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert busy.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in busy.stderr
        assert "Traceback" not in busy.stderr
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    bad = subprocess.run([*cmd[:-1], "70000"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--port must be from 1 to 65535" in bad.stderr


def test_seat_keys_live_beside_the_store_hashed_and_survive_a_restart(site):
    from meeple.web.app import create_app
    from meeple.web.seats import key_hash

    made = site.create("utopia", [("p1", "human"), ("p2", "random")], seed=6)
    key, gid = made["keys"]["p1"], made["game_id"]
    book = site.app.state.service.seats
    data = b"".join(p.read_bytes() for p in Path(book.path).parent.glob("*.seats*"))
    assert data and key.encode() not in data  # only the hash is kept
    assert book.by_key(key).seat == "p1"
    assert key_hash(key) in {
        r[0] for r in book._db.execute("SELECT key_hash FROM seats WHERE game_id = ?", (gid,))}
    # nothing of the key in the game itself: not in its log, export or header
    stored = repr(site.engine.store.header(gid)) + "".join(
        repr(r) for r in site.engine.store.load(gid))
    assert key not in stored and key_hash(key) not in stored
    # a server started again on the same store knows the seat and its agent
    again = create_app(site.db, ai=False)
    seat = again.state.service.seat_of(key)
    assert (seat.game_id, seat.seat) == (gid, "p1")
    assert [s.agent for s in again.state.service.seats.seats(gid) if s.is_ai] == ["random"]
    again.state.service.seats.close()
