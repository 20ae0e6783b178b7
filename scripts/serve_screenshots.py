"""Screenshots of `meeple serve` for docs/serve.md, taken from the real server in headless
Chromium: one game of each installed kind, played some moves through the seat pages' own
JSON API, then its page photographed. Writes docs/img/serve-*.png.

The seat pages at phone and desktop size (serve-GAME-phone.png, serve-GAME-desktop.png:
the board with a move begun, the panels beside it), a Carcassonne tile being turned and a
Terraforming Mars card being paid in its form are the pictures the test run takes in
tests/web/test_web_table.py; this script runs those tests with MEEPLE_SCREENSHOTS set.

    .venv/bin/python scripts/serve_screenshots.py [--out docs/img]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from meeple.ai.tournament import plan, run_tournament
from meeple.core.testing import chromium, screenshot_is_blank
from meeple.web.app import create_app
from meeple.web.server import running

ROOT = Path(__file__).resolve().parent.parent

#: How far into each game the picture is taken (commands), so the board has something on it.
MOVES = {"connect-four": 9, "terra-mystica": 14, "terraforming-mars": 10, "utopia": 24,
         "carcassonne-hill-dale": 24}


def api(base: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def play_some(base: str, links: dict[str, str], moves: int, rng: random.Random) -> None:
    keys = {seat: url.rsplit("/", 1)[1] for seat, url in links.items()}
    for _ in range(moves):
        some = api(base, f"/api/seat/{next(iter(keys.values()))}")
        if some["finished"]:
            return
        seat = some["to_act"][0]
        page = api(base, f"/api/seat/{keys[seat]}")
        if not page["legal"]:
            return
        api(base, f"/api/seat/{keys[seat]}/move",
            {"command": rng.choice(page["legal"]), "seq": page["last_seq"]})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                    "no:cacheprovider", str(ROOT / "tests" / "web" / "test_web_table.py"),
                    "-k", "fits_a_phone or turning or paid_through"], check=True, cwd=ROOT,
                   env={**os.environ, "MEEPLE_SCREENSHOTS": str(out)})
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/screens.sqlite", ai=False)
        games = app.state.service.engine.plugins.games
        with running(app) as base, chromium(1280, 1100) as browser:
            shots: dict[str, str] = {}
            for name, game in sorted(games.items()):
                n = max(game.min_players, min(2, game.max_players))
                seats = [{"name": p, "agent": "human"} for p in game.default_players(n)]
                made = api(base, "/api/games", {"game": name, "seats": seats, "seed": args.seed})
                play_some(base, made["seats"], MOVES.get(name, 12), random.Random(args.seed))
                shots[f"serve-{name}.png"] = made["spectator"]
                if name == "terraforming-mars":  # a seat's own page: its hand, its moves
                    shots["serve-seat.png"] = next(iter(made["seats"].values()))
            # a finished game looked back at: the replay controls and the log's consequences
            made = api(base, "/api/games", {"game": "connect-four", "seed": args.seed, "seats": [
                {"name": "ann", "agent": "human"}, {"name": "bob", "agent": "human"}]})
            play_some(base, made["seats"], 42, random.Random(args.seed))
            shots["serve-replay.png"] = made["spectator"] + "?at=9#replay"
            # a small tournament written to the same store, as `meeple tournament` does
            store_url = app.state.service.engine.store.url
            units = plan("connect-four", ["random", "heuristic"], 4, args.seed, store_url,
                         "demo-cup")
            run_tournament(units, ["random", "heuristic"], args.seed)
            shots["serve-tournament.png"] = base + "/tournaments/demo-cup"
            shots["serve-list.png"] = base + "/"
            for file, url in shots.items():
                browser.get(url)
                time.sleep(0.5)  # let the board picture load
                if url.endswith("#replay"):  # show the log's end: the result and its points
                    browser.execute_script("const l = document.getElementById('log');"
                                           "l.scrollTop = l.scrollHeight;")
                png = browser.get_screenshot_as_png()
                if screenshot_is_blank(png):
                    raise SystemExit(f"{file}: the page came out blank ({url})")
                (out / file).write_bytes(png)
                print(f"wrote {out / file} ({len(png) // 1024} KiB)")


if __name__ == "__main__":
    main()
