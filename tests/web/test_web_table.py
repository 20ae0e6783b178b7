"""The table in a real headless Chromium: a seat plays a whole game by clicking the board
only, every page fits a phone and a desktop, panels come from the seat's view alone, and
a typed seed tells nobody what will be dealt. Under CI=true a missing browser fails
(tests/browser.py).

Screenshots: with MEEPLE_SCREENSHOTS=FOLDER the phone and desktop pictures taken here, and
those of a tile being turned and a card being paid, are also written there
(scripts/serve_screenshots.py does that for docs/img)."""

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
from meeple.web.service import amounts_json, mixed_seed, panel_json
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
        picked: [...live.querySelectorAll('[data-region].picked')].length,
        pickedIds: [...live.querySelectorAll('[data-region].picked')].map(e => e.getAttribute('data-region')),
        turnable: [...live.querySelectorAll('#board [data-region].turnable')].map(e => e.getAttribute('data-region')),
        form: [...live.querySelectorAll('form.amounts')].map(f => f.dataset.title)};
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
                    (p["over"] or (p["picking"] and (p["lit"] or p["menu"] or p["confirm"]
                                                     or p["form"])))
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
    moves on), False when it only narrowed the picks or turned what is shown."""
    if page["turnable"] and rng.random() < 0.3:  # turn the shown alternative (a tile)
        click(d, css(d, "#board [data-region].turnable"))
        wait(d, lambda d, p=page: d.execute_script(PAGE)["pickedIds"] != p["pickedIds"])
        return False
    if page["confirm"]:
        if rng.random() < 0.5:
            click(d, css(d, "#pick-confirm"))
        else:  # the one more click, on what was picked (what turns turns instead)
            spots = [e for e in d.find_elements("css selector", "#board [data-region].picked, "
                                                "#panels [data-region].picked")
                     if "turnable" not in e.get_attribute("class")
                     and d.execute_script(CLICK_POINT, e)]
            click(d, rng.choice(spots) if spots else css(d, "#pick-confirm"))
        return True
    if page["form"] and (not (page["lit"] or page["menu"]) or rng.random() < 0.5):
        for _ in range(rng.randrange(4)):  # a stepper lands on an allowed split only
            click(d, rng.choice(d.find_elements("css selector", "form.amounts button.step")))
        pay = css(d, "form.amounts button.amounts-pay")
        assert pay.is_enabled(), css(d, "form.amounts").text
        click(d, pay)
        return True
    if page["menu"] and (not page["lit"] or rng.random() < 0.5):
        command = rng.choice(page["menu"])
        click(d, next(b for b in d.find_elements("css selector", "button.menu-choice")
                      if b.get_attribute("data-command") == command))
        return True
    click(d, region(d, rng.choice(page["lit"])))
    # a pick narrows: the page shows what was picked, or plays the last step
    wait(d, lambda d, p=page: (q := d.execute_script(PAGE))["seq"] != p["seq"]
         or q["picked"] > p["picked"] or q["confirm"] or q["menu"] != p["menu"]
         or q["form"] != p["form"])
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
                {"command": game.format(c, view), "regions": list(game.regions(view, who, c)),
                 "amounts": amounts_json(game.amounts(view, who, c))}
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


# -- turning a tile, paying through a form -------------------------------------------------

SHOWN_TURN = """
const shown = [...document.querySelectorAll('#board [data-cycle]')]
  .filter(e => getComputedStyle(e).display !== 'none');
return shown.map(e => [e.getAttribute('data-region'), e.classList.contains('turnable')]);
"""


def test_a_tile_is_placed_by_clicking_its_spot_turning_it_and_clicking_a_feature(site, browser):
    """The spot shows the drawn tile in its first rotation that fits; each click on the
    tile turns it to the next rotation that fits (never one that does not), round to the
    first; clicking a figure's place on the tile then picks the rotation shown."""
    made = site.create("carcassonne-hill-dale", [("ann", "human"), ("bob", "human")], seed=1,
                       options=SHORT["carcassonne-hill-dale"])
    d = browser
    d.set_window_size(*DESKTOP)
    d.get(made["seats"]["ann"])
    page = wait(d, lambda d: (p := d.execute_script(PAGE)) and p["lit"] and p)
    choices = site.get(f"/api/seat/{made['keys']['ann']}").json()["choices"]
    spot = "-1,0"
    turns = list(dict.fromkeys(c["regions"][1] for c in choices if c["regions"][0] == spot))
    assert len(turns) == 3 and f"{spot} r90" not in turns  # r90 does not fit there
    assert spot in page["lit"] and not d.execute_script(SHOWN_TURN)
    click(d, region(d, spot))
    seen = [wait(d, lambda d: d.execute_script(SHOWN_TURN))]
    for _ in turns:  # round the rotations that fit, back to the first
        click(d, css(d, "#board [data-region].turnable"))
        seen.append(wait(d, lambda d, last=seen[-1]: (now := d.execute_script(SHOWN_TURN))
                         != last and now))
    assert [s[0][0] for s in seen] == [*turns, turns[0]]
    assert all(len(s) == 1 and s[0][1] for s in seen)  # one tile shown, and it turns
    assert "click it to turn" in css(d, "#pick-prompt").text
    shoot(d, "serve-carcassonne-hill-dale-turn.png")
    click(d, css(d, "#board [data-region].turnable"))  # on to the second rotation
    wait(d, lambda d: d.execute_script(SHOWN_TURN)[0][0] == turns[1])
    lit = d.execute_script(PAGE)["lit"]
    assert lit and all(r.startswith(turns[1] + " ") for r in lit), lit
    figure = next(r for r in lit if " wanderer " in r or " farmer " in r)
    click(d, region(d, figure))
    want = next(c["command"] for c in choices if c["regions"] == [spot, turns[1], figure])
    wait(d, lambda d: d.execute_script(PAGE)["confirm"] == want)
    click(d, css(d, "#pick-confirm"))
    wait(d, lambda d: d.execute_script(PAGE)["seq"] > page["seq"])
    mine = [r.command_text for r in site.engine.table(made["game_id"]).records
            if r.actor == "ann"]
    assert mine[-1] == want and want.startswith(turns[1] + " ")


def _tfm_to_a_card_with_two_payments(site) -> tuple[dict, str]:
    """A two-seat game (public seed 10) played through the API to p1's turn with a card
    in hand that may be paid in M€ alone or with steel."""
    game = PLUGINS.game("terraforming-mars")
    local = LocalGame(game, ["p1", "p2"], SHORT["terraforming-mars"], seed=10)
    rng = random.Random(10)
    moves = []
    for _ in range(7):  # keeping every card offered, else a random legal command
        player = local.to_act()[0]
        legal = game.legal(game.view(local.state, player), player)
        keeps = [c for c in legal if type(c).__name__ in ("Keep", "Buy")]
        cmd = max(keeps, key=lambda c: len(c.cards)) if keeps else rng.choice(legal)
        moves.append((player, game.format(cmd, local.state)))
        local.play(player, cmd)
    made = site.create("terraforming-mars", [("p1", "human"), ("p2", "human")], seed=10,
                       options=SHORT["terraforming-mars"])
    for player, text in moves:
        key = made["keys"][player]
        seq = site.get(f"/api/seat/{key}").json()["last_seq"]
        ans = site.post(f"/api/seat/{key}/move", {"command": text, "seq": seq})
        assert ans.status == 200, ans.text
    return made, "Protected Valley"


def test_a_card_is_paid_through_a_form_that_allows_only_a_legal_split(site, browser):
    made, card = _tfm_to_a_card_with_two_payments(site)
    choices = site.get(f"/api/seat/{made['keys']['p1']}").json()["choices"]
    plays = {c["command"]: {p["name"]: p["count"] for p in c["amounts"]["parts"]}
             for c in choices if c["command"].startswith(f"play {card} ")}
    assert plays == {f"play {card} pay 23": {"megacredits": 23, "steel": 0},
                     f"play {card} pay 19 steel 2": {"megacredits": 19, "steel": 2}}
    d = browser
    d.set_window_size(*DESKTOP)
    d.get(made["seats"]["p1"])
    wait(d, lambda d: f"hand/{card}" in d.execute_script(PAGE)["lit"])
    click(d, region(d, f"hand/{card}"))
    form = wait(d, lambda d: d.find_elements("css selector", "form.amounts"))[0]
    assert card in form.text and "(23 M€)" in form.text
    # the card's other command (sell it) stays a menu entry beside the form
    assert d.execute_script(PAGE)["menu"] == [f"sell {card}"]
    assert css(d, "#pick-prompt").text.endswith("set the numbers in the form, or choose "
                                                "another move.")

    def field(name: str):
        return css(d, f'form.amounts input[data-part="{name}"]')

    def pay():
        return css(d, "form.amounts button.amounts-pay")

    def total() -> str:
        return css(d, "form.amounts .amounts-total").text

    assert (field("megacredits").get_attribute("value"), field("steel").get_attribute("value"),
            pay().is_enabled(), total()) == ("23", "0", True, "23 of 23")
    # an illegal split: one steel (worth 2) and 23 M€ is no legal command
    field("steel").clear()
    field("steel").send_keys("1")
    wait(d, lambda d: not pay().is_enabled())
    assert "no move" in total()
    field("megacredits").clear()
    field("megacredits").send_keys("21")  # 21 + 2 pays the cost, but no legal command says so
    wait(d, lambda d: total().startswith("23 of 23"))
    assert not pay().is_enabled()
    click(d, pay())  # a disabled button plays nothing
    # the stepper goes to the next allowed count, and M€ follow to the legal split
    click(d, css(d, 'form.amounts button.step[data-part="steel"][data-dir="1"]'))
    wait(d, lambda d: pay().is_enabled())
    d.execute_script("window.scrollTo(0, 0)")
    shoot(d, "serve-terraforming-mars-pay.png")
    assert (field("megacredits").get_attribute("value"),
            field("steel").get_attribute("value")) == ("19", "2")
    assert total() == "23 of 23"
    seq = d.execute_script(PAGE)["seq"]
    assert site.engine.store.last(made["game_id"])[0] == seq  # nothing was played yet
    click(d, pay())
    wait(d, lambda d: d.execute_script(PAGE)["seq"] > seq)
    mine = [r.command_text for r in site.engine.table(made["game_id"]).records
            if r.actor == "p1"]
    assert mine[-1] == f"play {card} pay 19 steel 2"
