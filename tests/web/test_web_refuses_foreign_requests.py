"""`meeple serve` answers only its own Host names, takes state-changing requests only from
its own pages (or from clients that send no Origin), bounds request bodies, never echoes a
long refused command, and will not listen on every interface without an explicit address."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import pytest
from meeple.web.server import free_port

SEATS = [{"name": "ann"}, {"name": "bob"}]
NEW_GAME = {"game": "connect-four", "seats": SEATS}


def request(site, method, path, body=None, **headers):
    data = None if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(site.base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json", **headers})
    return site.send(req)


def one_line(text: str) -> bool:
    return "\n" not in text.strip() and "Traceback" not in text


def test_only_the_servers_own_host_names_are_answered(site):
    port = site.base.rsplit(":", 1)[1]
    before = len(site.engine.store.game_ids())
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.2"):
        assert request(site, "GET", "/api/games", Host=host).status == 400, host
        # the rebinding attack: a page of evil.example, resolved to this machine, creates
        ans = request(site, "POST", "/api/games", NEW_GAME, Host=host,
                      Origin=f"http://{host}")
        assert ans.status == 400 and b"/seat/" not in ans.body, host
    assert len(site.engine.store.game_ids()) == before
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "localhost"):
        assert request(site, "GET", "/api/games", Host=host).status == 200, host


def test_more_host_names_can_be_allowed(make_site):
    named = make_site(allowed_hosts=["127.0.0.1", "games.example"], ai=False)
    port = named.base.rsplit(":", 1)[1]
    made = request(named, "POST", "/api/games", NEW_GAME, Host=f"games.example:{port}",
                   Origin=f"http://games.example:{port}")
    assert made.status == 201, made.text
    assert made.json()["spectator"].startswith(f"http://games.example:{port}/games/")
    assert request(named, "GET", "/", Host=f"localhost:{port}").status == 400


def test_a_state_changing_request_from_another_sites_page_is_refused(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, key = made["game_id"], made["keys"]["ann"]
    own = site.base
    games = len(site.engine.store.game_ids())
    for origin in ("http://evil.example", "null", own.replace("127.0.0.1", "localhost"),
                   own.rsplit(":", 1)[0] + ":1"):
        for method, path, body in (
                ("POST", "/api/games", NEW_GAME),
                ("POST", f"/api/seat/{key}/move", {"command": "4", "seq": 1}),
                ("POST", f"/api/seat/{key}/undo", {"seq": 1}),
                ("PUT", f"/api/seat/{key}/move", {"command": "4", "seq": 1}),
                ("DELETE", f"/api/games/{gid}", None)):
            ans = request(site, method, path, body, Origin=origin)
            assert ans.status == 403, (origin, method, path, ans.status)
            assert ans.json()["error"].startswith(f"refused: this {method} comes from a page "
                                                  "of another site"), ans.text
            assert one_line(ans.json()["error"])
        form = request(site, "POST", "/new", b"game=connect-four&name0=a&name1=b",
                       Origin=origin, **{"Content-Type": "application/x-www-form-urlencoded"})
        assert form.status == 403 and one_line(form.text) and "another site" in form.text
    assert site.engine.store.last(gid)[0] == 1
    assert len(site.engine.store.game_ids()) == games
    # the server's own pages, and clients that name no page (scripts, curl), are served
    assert request(site, "GET", f"/api/games/{gid}", Origin="http://evil.example").status == 200
    assert request(site, "POST", f"/api/seat/{key}/move", {"command": "4", "seq": 1},
                   Origin=own).status == 200
    assert request(site, "POST", "/api/games", NEW_GAME).status == 201


def test_a_large_body_is_refused_with_one_line_and_stores_nothing(site):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, key = made["game_id"], made["keys"]["ann"]
    big = json.dumps({"command": "4" * 200_000, "seq": 1}).encode()
    for path in (f"/api/seat/{key}/move", "/api/games"):
        ans = request(site, "POST", path, big)
        assert ans.status == 413, (path, ans.status)
        assert ans.json() == {"error": "the request is larger than the 65536 bytes this "
                                       "server accepts"}
    form = request(site, "POST", "/new", b"options=" + b"x" * 200_000,
                   **{"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status == 413 and len(form.body) < 5000 and b"x" * 100 not in form.body
    assert site.engine.store.last(gid)[0] == 1


@pytest.mark.parametrize("length", [1_500, 60_000])
def test_a_refused_command_is_echoed_only_in_part(site, length):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    gid, key = made["game_id"], made["keys"]["ann"]
    command = "9" + "z" * (length - 1)
    ans = request(site, "POST", f"/api/seat/{key}/move", {"command": command, "seq": 1})
    assert ans.status in (400, 422), ans.status
    assert len(ans.body) < 600 and "z" * 50 not in ans.text and one_line(ans.json()["error"])
    assert site.engine.store.last(gid)[0] == 1


def run_serve(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli.app", "serve", *args],
                          capture_output=True, text=True, timeout=timeout)


def test_serve_refuses_an_empty_host_and_a_bad_allowed_name(tmp_path):
    db = str(tmp_path / "cli.sqlite")
    empty = run_serve("--db", db, "--host", "", "--port", str(free_port()))
    assert empty.returncode == 2 and "Traceback" not in empty.stderr
    assert "--host must be an address to listen on" in empty.stderr
    assert len(empty.stderr.strip().splitlines()) == 1
    bad = run_serve("--db", db, "--allow-host", "*evil", "--port", str(free_port()))
    assert bad.returncode == 2 and "--allow-host takes a host name" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_serve_beyond_loopback_warns_and_answers_only_allowed_names(tmp_path):
    port = free_port("0.0.0.0")
    cmd = [sys.executable, "-m", "meeple.cli.app", "serve", "--db", str(tmp_path / "g.sqlite"),
           "--host", "0.0.0.0", "--port", str(port), "--allow-host", "games.example"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        def get(host):
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games",
                                         headers={"Host": host})
            try:
                with urllib.request.urlopen(req, timeout=2) as resp:
                    return resp.status
            except urllib.error.HTTPError as exc:
                return exc.code
            except OSError:
                return None

        deadline = time.monotonic() + 30
        while get("127.0.0.1") != 200:
            assert time.monotonic() < deadline and proc.poll() is None, "serve did not start"
            time.sleep(0.1)
        assert get(f"games.example:{port}") == 200
        assert get(f"localhost:{port}") == 200
        assert get(f"evil.example:{port}") == 400
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "warning: listening on 0.0.0.0 lets other machines in" in err
    assert "games.example" in err
