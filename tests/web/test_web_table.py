"""The table in a real headless Chromium: a seat plays a whole game by clicking the board
only, every page fits a phone and a desktop, panels come from the seat's view alone, and
a typed seed tells nobody what will be dealt. Under CI=true a missing browser fails
(tests/browser.py).

Screenshots: with MEEPLE_SCREENSHOTS=FOLDER the phone and desktop pictures taken here are
also written there (scripts/serve_screenshots.py does that for docs/img)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from urllib.parse import urlencode

import pytest
from meeple.core import (
    Entry,
    Game,
    IllegalCommand,
    LocalGame,
    Outcome,
    Panel,
    command,
    event,
    hookimpl,
)
from meeple.core.plugins import load
from meeple.core.testing import chromium, screenshot_is_blank
from meeple.web.service import mixed_seed, panel_json
from selenium.common.exceptions import StaleElementReferenceException

PLUGINS = load()
#: A short game where the game has an option for one: the harness plays every move.
SHORT = {"carcassonne-hill-dale": {"tiles": 12}, "terraforming-mars": {"max_generations": 1},
         "utopia": {"goal": 10}}
PHONE, DESKTOP = (390, 844), (1280, 900)


def pointing_games() -> list[str]:
    """Every installed game whose ``regions`` names something in its first positions: the
    games a person plays by pointing."""
    found = []
    for name, game in sorted(PLUGINS.games.items()):
        local = LocalGame(game, game.default_players(max(game.min_players, 2)),
                          SHORT.get(name, {}), seed=1)
        rng = random.Random(1)
        for _ in range(12):
            if local.outcome() is not None:
                break
            player = local.to_act()[0]
            view = game.view(local.state, player)
            legal = game.legal(view, player)
            if any(game.regions(view, player, c) for c in legal):
                found.append(name)
                break
            local.play(player, rng.choice(legal))
    return found


def wait(driver, check, timeout: float = 20.0):
    """Until ``check(driver)`` is true (a live page swaps its content: look again)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(check)


def css(driver, selector: str):
    return driver.find_element("css selector", selector)


@pytest.fixture(scope="module")
def browser():
    with chromium(*DESKTOP) as driver:
        yield driver


# What the seat page offers now: whether the game is over, whose it is, and what can be
# clicked (lit regions, the menu, the confirm button).
PAGE = """
const live = document.getElementById('live');
const pick = document.getElementById('pick');
const turn = document.getElementById('turn');
const confirm = document.getElementById('pick-confirm');
return {seq: Number(live.dataset.seq), over: turn.classList.contains('over'),
        picking: !!pick,
        lit: [...live.querySelectorAll('[data-region].lit')].map(e => e.getAttribute('data-region')),
        menu: [...live.querySelectorAll('button.menu-choice')].map(b => b.dataset.command),
        confirm: confirm && !confirm.hidden ? confirm.dataset.command : null,
        picked: [...live.querySelectorAll('[data-region].picked')].length};
"""

# A point inside the element where a click lands on it (or on something inside it), in
# the viewport: a person can click there. None when every sampled point is covered.
CLICK_POINT = """
const el = arguments[0];
el.scrollIntoView({block: 'center', inline: 'center'});
const b = el.getBoundingClientRect();
for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
  const x = b.left + b.width * fx, y = b.top + b.height * fy;
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === el || el.contains(hit))) return [x, y];
}
return null;
"""


def click(driver, el) -> None:
    """A real mouse click where a person would click ``el``; fails if it is covered."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    point = driver.execute_script(CLICK_POINT, el)
    assert point, (f"{el.get_attribute('data-region') or el.text!r} cannot be clicked: "
                   "something is drawn over all of it")
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(int(point[0]), int(point[1]))
    actions.pointer_action.click()
    actions.perform()


def region(driver, name: str):
    """The lit element of a region (a region may be drawn twice: a card and its entry)."""
    found = [e for e in driver.find_elements("css selector", "#live [data-region].lit")
             if e.get_attribute("data-region") == name]
    return random.Random(name).choice(found)


@pytest.mark.parametrize("name", pointing_games())
def test_a_seat_plays_a_whole_game_by_clicking_the_board(name, site, browser):
    """The harness: a random lit target, then narrower ones, until one command is left
    (confirmed by a click) or a menu names the moves in words; AI seats play the rest."""
    game = PLUGINS.game(name)
    players = game.default_players(max(game.min_players, 2))
    made = site.create(name, [(players[0], "human")] + [(p, "heuristic") for p in players[1:]],
                       seed=4, options=SHORT.get(name, {}))
    gid = made["game_id"]
    d = browser
    d.set_window_size(*DESKTOP)
    d.get(made["seats"][players[0]])
    rng = random.Random(4)
    moves = 0
    while True:
        page = wait(d, lambda d: (p := d.execute_script(PAGE)) and
                    (p["over"] or (p["picking"] and (p["lit"] or p["menu"] or p["confirm"])))
                    and p, timeout=60)
        if page["over"]:
            break
        before = page["seq"]
        try:
            acted = _act(d, page, rng)
        except StaleElementReferenceException:
            continue  # the page drew itself anew (another seat moved): read it again
        if not acted:
            continue
        wait(d, lambda d, b=before: d.execute_script(PAGE)["seq"] > b, timeout=30)
        moves += 1
    outcome = site.engine.outcome(gid)
    assert outcome is not None and moves >= 3
    assert "Game over" in css(d, "#turn").text
    report = site.engine.verify(gid)
    assert report.ok, report.problem
    # every command of the clicking seat was a legal command of the game, stored as its own
    mine = [r for r in site.engine.table(gid).records if r.actor == players[0]]
    assert len({r.batch for r in mine}) == moves


def _act(d, page: dict, rng: random.Random) -> bool:
    """One click as a person would make it; True when it gave a command (the position
    moves on), False when it only narrowed the picks."""
    if page["confirm"]:
        if rng.random() < 0.5:
            click(d, css(d, "#pick-confirm"))
        else:  # the one more click, on what was picked
            click(d, rng.choice(d.find_elements("css selector", "#board [data-region].picked, "
                                                "#panels [data-region].picked")))
        return True
    if page["menu"] and (not page["lit"] or rng.random() < 0.5):
        command = rng.choice(page["menu"])
        click(d, next(b for b in d.find_elements("css selector", "button.menu-choice")
                      if b.get_attribute("data-command") == command))
        return True
    click(d, region(d, rng.choice(page["lit"])))
    # a pick narrows: the page shows what was picked, or plays the last step
    wait(d, lambda d, p=page: (q := d.execute_script(PAGE))["seq"] != p["seq"]
         or q["picked"] > p["picked"] or q["confirm"] or q["menu"] != p["menu"])
    return False


def overflow(driver) -> dict:
    return driver.execute_script(
        "const b = document.getElementById('board').getBoundingClientRect();"
        "return {scroll: document.scrollingElement.scrollWidth, inner: innerWidth,"
        " board: b.width, right: b.right, client: document.documentElement.clientWidth};")


def shoot(driver, file: str) -> None:
    png = driver.get_screenshot_as_png()
    assert not screenshot_is_blank(png), file
    folder = os.environ.get("MEEPLE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / file).write_bytes(png)


@pytest.mark.parametrize("name", sorted(PLUGINS.games))
def test_every_page_fits_a_phone_and_a_desktop(name, site, browser):
    game = PLUGINS.game(name)
    players = game.default_players(max(game.min_players, 2))
    made = site.create(name, [(p, "human") for p in players], seed=2)
    site.play_random(made, 8)
    to_act = site.get(f"/api/games/{made['game_id']}").json()["to_act"]
    seat = made["seats"][(to_act or players)[0]]  # a seat whose turn it is, if any
    d = browser
    try:
        for (width, height), size in ((PHONE, "phone"), (DESKTOP, "desktop")):
            d.set_window_size(width, height)
            for url in (seat, made["spectator"], made["spectator"] + "?at=2"):
                d.get(url)
                wait(d, lambda d: d.execute_script(
                    "const s = document.querySelector('#board svg');"
                    "return s && s.getBoundingClientRect().width > 0"))
                seen = overflow(d)
                assert seen["scroll"] <= seen["inner"], f"{url} is wider than the {size}: {seen}"
                assert seen["right"] <= seen["inner"]
                if size == "phone":  # the board is given the width of the screen (less
                    # the scroll bar a desktop Chromium draws and a phone does not)
                    assert seen["board"] >= 0.9 * seen["client"], seen
            d.get(seat)
            wait(d, lambda d: d.find_elements("css selector", "#board svg"))
            # the picture shows a move begun: the first place picked, what it leaves
            d.execute_script("const el = document.querySelector('#live [data-region].lit');"
                             "if (el) el.dispatchEvent(new MouseEvent('click', {bubbles: true}));")
            shoot(d, f"serve-{name}-{size}.png")
            # zoomed in, the board scrolls inside its box; the page stays put
            for _ in range(2):
                css(d, 'button.zoom[data-zoom="in"]').click()
            zoomed = d.execute_script(
                "const b = document.getElementById('board');"
                "return [b.querySelector('svg').getBoundingClientRect().width, b.clientWidth,"
                " b.scrollWidth > b.clientWidth]")
            assert zoomed[0] > 2 * zoomed[1] and zoomed[2], zoomed
            seen = overflow(d)
            assert seen["scroll"] <= seen["inner"], f"zoomed, the page is wider: {seen}"
            css(d, 'button.zoom[data-zoom="fit"]').click()
            assert d.execute_script(
                "const b = document.getElementById('board');"
                "return b.querySelector('svg').getBoundingClientRect().width <= b.clientWidth + 1"
                " && b.scrollWidth <= b.clientWidth")
    finally:
        d.set_window_size(*DESKTOP)


@pytest.mark.parametrize("name", sorted(PLUGINS.games))
def test_a_page_is_made_from_its_seats_view_alone(name, site):
    """The panels, the picture and where each move points, on the seat's page and in its
    JSON, are what the game gives for that seat's view: never from the full state."""
    game = PLUGINS.game(name)
    players = game.default_players(max(game.min_players, 2))
    made = site.create(name, [(p, "human") for p in players], seed=3)
    site.play_random(made, 6)
    state = site.engine.state(made["game_id"])
    for who in [*players, None]:
        path = f"/seat/{made['keys'][who]}" if who else f"/games/{made['game_id']}"
        data = site.get("/api" + path).json()
        view = game.view(state, who)
        assert data["panels"] == [panel_json(p) for p in game.panels(view, who)]
        assert data["svg"] == game.render(view, "svg", who)
        assert data["svg"] in site.get(path).text  # drawn inline, as it is
        if who in data["to_act"] and who is not None:
            assert data["choices"] == [
                {"command": game.format(c, view), "regions": list(game.regions(view, who, c))}
                for c in game.legal(view, who)]
        else:
            assert data["choices"] == []


def test_a_typed_seed_is_mixed_with_the_servers_secret(site, make_site):
    seats = [("ann", "human"), ("bob", "human")]
    form = site.get("/new").text
    assert "mixed with a secret of this server" in form and 'name="public_seed"' in form
    a = site.create("carcassonne-hill-dale", seats, seed=77, public_seed=False)
    b = site.create("carcassonne-hill-dale", seats, seed=77, public_seed=False)
    elsewhere = make_site()
    other = elsewhere.create("carcassonne-hill-dale", seats, seed=77, public_seed=False)
    header = site.engine.store.header
    # the same typed seed deals the same game on this server, another game elsewhere,
    # and not what `meeple new --seed 77` deals
    assert header(a["game_id"]).seed == header(b["game_id"]).seed != 77
    assert site.engine.state(a["game_id"]).stack == site.engine.state(b["game_id"]).stack
    local = LocalGame(PLUGINS.game("carcassonne-hill-dale"), ["ann", "bob"], {}, seed=77)
    assert site.engine.state(a["game_id"]).stack != local.state.stack
    assert header(a["game_id"]).seed == mixed_seed(site.app.state.service.seats.secret(), 77)
    assert elsewhere.engine.store.header(other["game_id"]).seed != header(a["game_id"]).seed
    for key in a["keys"].values():
        assert 'id="public-seed"' not in site.get(f"/seat/{key}").text
        assert site.get(f"/api/seat/{key}").json()["public_seed"] is None


def test_a_public_seed_deals_as_the_command_line_and_every_page_shows_it(site):
    seats = [("ann", "human"), ("bob", "human")]
    made = site.create("carcassonne-hill-dale", seats, seed=78, public_seed=True)
    gid = made["game_id"]
    assert site.engine.store.header(gid).seed == 78
    local = LocalGame(PLUGINS.game("carcassonne-hill-dale"), ["ann", "bob"], {}, seed=78)
    assert site.engine.state(gid).stack == local.state.stack
    for path in [f"/seat/{k}" for k in made["keys"].values()] + [f"/games/{gid}"]:
        assert site.get("/api" + path).json()["public_seed"] == 78
        assert "Public seed <b>78</b>" in site.get(path).text
    # the form's checkbox, and a public seed that was not given
    form = {"game": "connect-four", "name0": "ann", "name1": "bob", "seed": "79",
            "public_seed": "on"}
    ans = site.post("/new", raw=urlencode(form).encode(), form=True)
    assert ans.status == 200 and "/seat/" in ans.text
    before = len(site.engine.store.game_ids())
    refused = site.post("/api/games", {"game": "connect-four", "public_seed": True,
                                       "seats": [{"name": "a"}, {"name": "b"}]})
    assert refused.status == 400 and "public seed must be given" in refused.json()["error"]
    bad = site.post("/api/games", {"game": "connect-four", "seed": 1, "public_seed": "maybe",
                                   "seats": [{"name": "a"}, {"name": "b"}]})
    assert bad.status == 400 and "public_seed must be true or false" in bad.json()["error"]
    assert len(site.engine.store.game_ids()) == before


# -- the steps of pointing, on a small game made for it ------------------------------------

@event("pick-steps.started")
class StepsStarted:
    players: tuple[str, ...]


@event("pick-steps.took")
class Took:
    name: str


@command
class Take:
    name: str


#: Each command's regions: two-step commands (A then A1 or A2, drawn after A), commands
#: that share all their regions (b and bx, both only B) beside one that goes on (by: B,
#: B2), and a card that is only a panel entry (P).
STEPS = {"a1": ("A", "A1"), "a2": ("A", "A2"), "b": ("B",), "bx": ("B",), "by": ("B", "B2"),
         "p": ("P",)}


class PickSteps(Game):
    name = "pick-steps"
    title = "Pick steps"
    min_players = max_players = 1
    events = (StepsStarted, Took)

    def default_players(self, count: int) -> list[str]:
        return ["solo"][:count]

    def setup(self, players, options, rng):
        return [StepsStarted(tuple(players))]

    def decide(self, state, player, cmd, rng):
        if not isinstance(cmd, Take) or cmd.name not in STEPS:
            raise IllegalCommand(f"take one of {', '.join(STEPS)}")
        return [Took(cmd.name)]

    def fold(self, state, ev):
        if isinstance(ev, StepsStarted):
            return {"players": ev.players, "took": ()}
        return {**state, "took": (*state["took"], ev.name)}

    def to_act(self, state):
        return () if len(state["took"]) >= 3 else tuple(state["players"])

    def legal(self, state, player):
        return [Take(n) for n in STEPS] if self.to_act(state) else []

    def outcome(self, state):
        if self.to_act(state):
            return None
        return Outcome({p: float(len(state["took"])) for p in state["players"]},
                       {p: 1 for p in state["players"]})

    def parse(self, text, state=None, player=None):
        return Take(text.strip())

    def format(self, cmd, state=None):
        return cmd.name

    def regions(self, state, player, cmd):
        return STEPS[cmd.name]

    def panels(self, state, player):
        return [Panel("Hand", (Entry("card P", "plays p", "the whole rules text of P",
                                     region="P"),))]

    def render(self, state, fmt="text", player=None):
        if fmt != "svg":
            return f"took {', '.join(state['took']) or 'nothing'}"
        shapes = [("A", 0, ""), ("B", 120, ""), ("A1", 240, "A"), ("A2", 360, "A"),
                  ("B2", 480, "B")]
        body = "".join(
            f'<rect data-region="{r}"{f" data-after={chr(34)}{a}{chr(34)}" if a else ""} '
            f'x="{x}" y="0" width="100" height="100" fill="#8ab"/>' for r, x, a in shapes)
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="100" '
                f'viewBox="0 0 600 100">{body}</svg>')


class PickStepsPlugin:
    @hookimpl
    def meeple_games(self) -> list:
        return [PickSteps()]


def test_clicks_narrow_by_steps_show_later_steps_and_offer_a_menu(tmp_path, browser):
    from meeple.core.engine import Engine
    from meeple.web.app import create_app
    from meeple.web.server import running

    engine = Engine(f"sqlite:///{tmp_path}/steps.sqlite", load(extra=[PickStepsPlugin()]))
    app = create_app(engine, ai=False)
    d = browser
    d.set_window_size(*DESKTOP)

    def now() -> dict:
        return d.execute_script(PAGE)

    def shown(name: str) -> bool:
        return d.execute_script(
            f"return getComputedStyle(document.querySelector('#board [data-region=\"{name}\"]'))"
            ".display !== 'none'")

    def lit_click(name: str) -> None:
        click(d, region(d, name))

    with running(app) as base:
        import json
        import urllib.request

        req = urllib.request.Request(base + "/api/games", headers={
            "Content-Type": "application/json"}, data=json.dumps({
                "game": "pick-steps", "seats": [{"name": "solo", "agent": "human"}]}).encode())
        with urllib.request.urlopen(req, timeout=30) as resp:
            made = json.loads(resp.read())
        gid = made["game_id"]
        d.get(made["seats"]["solo"])
        wait(d, lambda d: sorted(now()["lit"]) == ["A", "B", "P"])
        assert not shown("A1") and not shown("B2") and css(d, "#start-over").get_attribute("hidden")
        lit_click("A")  # narrows to a1, a2: their second step appears and is lit
        wait(d, lambda d: sorted(now()["lit"]) == ["A1", "A2"])
        assert shown("A1") and shown("A2") and not shown("B2")
        assert css(d, "#pick-prompt").text.startswith("A: 2 moves go there")
        lit_click("A2")  # one left: it asks to confirm; what cannot be picked goes away
        wait(d, lambda d: now()["confirm"] == "a2")
        assert shown("A2") and not shown("A1") and now()["lit"] == []
        click(d, css(d, "#start-over"))
        wait(d, lambda d: sorted(now()["lit"]) == ["A", "B", "P"])
        assert not shown("A2") and now()["confirm"] is None
        lit_click("B")  # b and bx share all their regions: a menu; by goes on to B2
        wait(d, lambda d: now()["menu"] == ["b", "bx"])
        assert now()["lit"] == ["B2"] and shown("B2")
        click(d, next(b for b in d.find_elements("css selector", "button.menu-choice")
                      if b.text == "bx"))
        wait(d, lambda d: now()["seq"] == 2 and sorted(now()["lit"]) == ["A", "B", "P"])
        lit_click("P")  # the card in the panel, then the one more click on it
        wait(d, lambda d: now()["confirm"] == "p")
        click(d, css(d, '#panels [data-region="P"]'))
        wait(d, lambda d: now()["seq"] == 3)
        lit_click("A")
        wait(d, lambda d: "A1" in now()["lit"])
        lit_click("A1")
        wait(d, lambda d: now()["confirm"] == "a1")
        click(d, css(d, "#pick-confirm"))
        wait(d, lambda d: now()["over"])
        assert engine.state(gid)["took"] == ("bx", "p", "a1")
        assert engine.verify(gid).ok
        assert 'title="the whole rules text of P"' in d.page_source
    engine.close()
