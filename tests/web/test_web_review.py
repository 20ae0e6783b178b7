"""A stored review in `meeple serve`: the same JSON as `meeple review --json`, the chart
beside the replay slider, and a click on a point that shows the position and the move the
search preferred. Under CI=true a missing browser fails (tests/browser.py)."""

from __future__ import annotations

import orjson
import pytest
from cli_runner import run_meeple
from meeple.ai.review import plan_review, run_review
from meeple.core.testing import chromium

MISSED = ["1", "1", "2", "2", "3", "7", "6"]  # bob misses the block at 4, ann the win at 4


@pytest.fixture(scope="module")
def reviewed(site):
    eng = site.engine
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="rv")
    for i, col in enumerate(MISSED):
        eng.move("rv", col, "ann" if i % 2 == 0 else "bob")
    run_review(eng, plan_review(eng, "rv", budget=0.05))
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="plain")
    return "rv"


def test_the_api_gives_what_meeple_review_json_prints(site, reviewed, capsys):
    ans = site.get(f"/api/games/{reviewed}/review")
    assert ans.status == 200
    api = ans.json()
    code, out, err = run_meeple(capsys, "review", reviewed, "--budget", "0.05", "--db", site.db,
                                "--json")
    assert code == 0, err
    assert api == orjson.loads(out)
    assert api["decisions"][5]["best"] == "4" and api["decisions"][5]["loss"] > 0.5


def test_a_game_without_a_review_says_so(site, reviewed):
    ans = site.get("/api/games/plain/review")
    assert ans.status == 404 and "meeple review plain" in ans.json()["error"]
    assert site.get("/api/games/nope/review").status == 404


def test_the_chart_and_the_board_after_the_preferred_move_are_pictures(site, reviewed):
    chart = site.get(f"/games/{reviewed}/review.svg")
    assert chart.status == 200 and chart.type.startswith("image/svg+xml")
    assert chart.text.count('class="point big"') >= 2
    board = site.get(f"/games/{reviewed}/review/board.svg?index=6")
    assert board.status == 200 and board.text.lstrip().startswith("<svg")
    assert board.text != site.get(f"/games/{reviewed}/board.svg?at=7").text
    assert site.get(f"/games/{reviewed}/review/board.svg?index=99").status == 404


def test_clicking_a_point_of_the_chart_jumps_there_and_shows_the_alternative(site, reviewed):
    from selenium.webdriver.support.ui import WebDriverWait

    with chromium(1280, 1000) as d:
        d.get(f"{site.base}/games/{reviewed}")
        wait = WebDriverWait(d, 20, poll_frequency=0.05)
        wait.until(lambda d: d.find_elements("css selector", '#review circle[data-index="5"]'))
        d.execute_script("document.querySelector('#review circle[data-index=\"5\"]')"
                         ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        wait.until(lambda d: d.find_elements("css selector", "#review-best"))
        assert "at=6" in d.current_url  # the position before bob's seventh-column drop
        assert d.find_element("css selector", "#shown-seq").text == "6"
        assert d.find_element("css selector", "#review-best").text == "4"
        assert "bob" in d.find_element("css selector", "#review-decision").text
        wait.until(lambda d: d.execute_script(
            "const i = document.getElementById('review-board'); "
            "return i && i.complete && i.naturalWidth > 0"))


def test_a_spectator_never_sees_the_cards_a_player_kept_or_could_have_kept(site):
    import random

    from meeple.ai.review import load_review

    eng = site.engine
    game = eng.game_of(eng.new_game("terraforming-mars", ["ann", "bob"], seed=2,
                                    game_id="mars"))
    rng = random.Random(2)
    for _ in range(6):
        t = eng.table("mars")
        p = game.to_act(t.state)[0]
        eng.move("mars", rng.choice(game.legal(t.state, p)), p)
    run_review(eng, plan_review(eng, "mars", agent="ismcts:sims=4"))
    api = site.get("/api/games/mars/review").json()
    full, shown = load_review(eng, "mars", api["key"]), api["decisions"]
    hidden = [i for i, (f, s) in enumerate(zip(full, shown, strict=True))
              if f["best"] != s["best"]]
    assert hidden, "no decision whose preferred move the game hides from spectators"
    for i in hidden:
        secret = full[i]["best"].split(" ", 1)[1]
        text = site.get("/api/games/mars/review").text + site.get("/games/mars/review.svg").text
        assert secret not in text
        assert site.get(f"/games/mars/review/board.svg?index={i}").status == 404
