"""Watching a tournament in `meeple serve`: a match in progress is written as it goes, so
its page follows it move by move, as it follows a game between people."""

from __future__ import annotations

import threading

import attrs
from meeple.ai.tournament import plan, run_tournament


def test_a_tournament_game_in_progress_moves_on_its_page(site):
    gid_prefix = "watch-cup"
    # Slow enough (a tenth of a second or so a move) that polling the page sees the game
    # between its moves, whatever else the machine is doing.
    specs = ["mcts:sims=3000", "mcts:sims=3000"]
    store_url = site.engine.store.url
    # every move written at once: what FLUSH_SECONDS does for any agent slower than it
    units = [attrs.evolve(u, flush_seconds=0.0)
             for u in plan("connect-four", specs, 2, 5, store_url, gid_prefix)]
    runner = threading.Thread(target=run_tournament, args=(units[:1], specs, 5))
    runner.start()
    seen: set[int] = set()
    finished = False
    try:
        while runner.is_alive() or not finished:
            page = site.get(f"/api/games/{units[0].game_id}")
            if page.status == 200:
                data = page.json()
                seen.add(data["last_seq"])
                finished = data["finished"]
            if not runner.is_alive() and page.status != 200:
                break
    finally:
        runner.join()
    final = site.engine.store.last(units[0].game_id)[0]
    assert finished and max(seen) == final
    # the page saw the game between its setup and its end, many times
    assert len([s for s in seen if 1 < s < final]) >= 5, sorted(seen)
