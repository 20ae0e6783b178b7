"""`meeple serve` in a real headless Chromium: create a game in the form, play connect four
to the end from two seat pages that update live, step a replay, undo from the page, keep
hidden cards and the tile stack out of a seat's page, and photograph every game's page.
Under CI=true a missing browser fails (tests/browser.py)."""

from __future__ import annotations

import re

import pytest
from meeple.core.testing import chromium, screenshot_is_blank
from meeple.web.service import mixed_seed


@pytest.fixture(scope="module")
def browser():
    with chromium(1280, 1000) as driver:
        yield driver


def wait(driver, check, timeout: float = 20.0):
    """Until ``check(driver)`` is true. A live page swaps its content when the game moves,
    so an element found a moment ago may be gone: that only means "look again"."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: check(d))


def css(driver, selector: str):
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, selector)


def live_seq(driver) -> int:
    return int(css(driver, "#live").get_attribute("data-seq"))


def test_create_and_play_connect_four_to_the_end(site, browser):
    from selenium.webdriver.support.ui import Select

    d = browser
    d.get(site.base + "/new")
    Select(css(d, "#game")).select_by_value("connect-four")
    for i, name in enumerate(["ann", "bob"]):
        field = css(d, f"#name{i}")
        field.clear()
        field.send_keys(name)
    css(d, "#seed").send_keys("11")
    css(d, "#create").click()
    wait(d, lambda d: d.find_elements("css selector", "a.seat-link"))
    links = {a.get_attribute("data-seat"): a.get_attribute("href")
             for a in d.find_elements("css selector", "a.seat-link")}
    assert set(links) == {"ann", "bob"}
    spectator = css(d, "#spectator").get_attribute("href")
    gid = spectator.rsplit("/", 1)[1]
    # the typed seed was mixed with the server's secret, and no page names it
    assert site.engine.store.header(gid).seed == mixed_seed(site.app.state.service.seats.secret(), 11)
    assert site.engine.store.header(gid).seed != 11

    d.get(links["ann"])
    windows = {"ann": d.current_window_handle}
    d.switch_to.new_window("window")
    d.get(links["bob"])
    windows["bob"] = d.current_window_handle
    assert "You play bob" in css(d, "#you").text and "To act: ann" in css(d, "#turn").text

    moves = [("ann", "1"), ("bob", "2"), ("ann", "1"), ("bob", "2"), ("ann", "1"),
             ("bob", "2"), ("ann", "1")]
    for n, (who, col) in enumerate(moves):
        d.switch_to.window(windows[who])
        # The page was not reloaded: it learnt of the other seat's move by itself.
        stored = site.engine.store.last(gid)[0]
        wait(d, lambda d, stored=stored: live_seq(d) == stored)
        wait(d, lambda d: css(d, "#turn").text.startswith("Your turn"))
        if n == 1:  # a typed illegal move: the game's reason, nothing stored
            wait(d, lambda d: css(d, "#command").send_keys("9\n") or True)
            wait(d, lambda d: "not a column" in css(d, "#message").text)
            assert site.engine.store.last(gid)[0] == stored
        # point at the column, then confirm the one move left with a second click on it
        wait(d, lambda d, col=col: click_region(d, f"column-{col}"))
        wait(d, lambda d, col=col: css(d, "#pick-confirm").text == f"Play {col}")
        assert css(d, "#pick-prompt").text.startswith(f"column {col}: one move left")
        assert not d.find_elements("css selector", "#public-seed")
        click_region(d, f"column-{col}")
        wait(d, lambda d, stored=stored: live_seq(d) > stored)
    for who in ("ann", "bob"):
        d.switch_to.window(windows[who])
        wait(d, lambda d: "Game over: ann wins" in css(d, "#turn").text)
        wait(d, lambda d: not d.find_elements("css selector", "button.move"))
    assert site.engine.outcome(gid).winners == ["ann"]
    d.close()
    d.switch_to.window(windows["ann"])

    # Replay: step buttons and the slider, the URL names the position.
    d.get(spectator)
    # each log line shows its consequences as the engine's log gives them
    win = site.engine.log(gid)[-1]
    assert win.changes == {"ann": {"vp": 1}}
    assert "ann vp +1" in css(d, f"#e{win.seq} .changes").text
    css(d, "#first").click()
    wait(d, lambda d: d.current_url.endswith("?at=1"))
    css(d, "#next").click()
    wait(d, lambda d: d.current_url.endswith("?at=2"))
    assert css(d, "#shown-seq").text == "2" and css(d, "#board").get_attribute("data-shown") == "2"
    assert "here" in css(d, "#e2").get_attribute("class")
    assert "future" in css(d, "#e3").get_attribute("class")
    d.execute_script("const s = document.getElementById('slider'); s.value = 5;"
                     "s.dispatchEvent(new Event('change'));")
    wait(d, lambda d: d.current_url.endswith("?at=5"))
    last = site.engine.store.last(gid)[0]
    assert f"after event 5 of {last}" in css(d, "#turn").text
    svg = site.get(f"/games/{gid}/board.svg?at=5").text
    assert svg == site.engine.render(gid, "svg", None, 5)
    assert d.execute_script("return document.querySelector('#board svg').getBBox().width") > 0


def click_region(driver, region: str) -> bool:
    """Click the seat page's element of ``region`` (a column, a hex, a card in a panel)
    as a person would: in its middle, where it shows."""
    from selenium.webdriver.common.action_chains import ActionChains

    el = css(driver, f'#live [data-region="{region}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    ActionChains(driver).move_to_element(el).click().perform()
    return True


def test_undo_from_the_page_strikes_the_move_through(site, browser):
    made = site.create("connect-four", [("ann", "human"), ("bob", "human")])
    d = browser
    d.get(made["seats"]["ann"])
    wait(d, lambda d: css(d, "#notation #command").send_keys("3\n") or True)
    wait(d, lambda d: live_seq(d) == 2)
    wait(d, lambda d: css(d, "#undo").click() or True)  # one's own move, no barrier: no consent needed
    wait(d, lambda d: live_seq(d) == 3)
    line = css(d, "#e2")
    assert "undone" in line.get_attribute("class")
    style = d.execute_script("return getComputedStyle(arguments[0].querySelector('.text'))"
                             ".textDecorationLine", line)
    assert "line-through" in style
    assert site.engine.to_act(made["game_id"]) == ["ann"]


def seat_texts(site, browser, key: str) -> dict[str, str]:
    browser.get(f"{site.base}/seat/{key}")
    return {"html": browser.page_source, "json": site.get(f"/api/seat/{key}").text,
            "svg": site.get(f"/seat/{key}/board.svg").text}


def test_a_terraforming_mars_seat_never_sees_the_others_cards(site, browser):
    def held(p):  # every card a player holds unseen by others, whatever the phase
        return {*p.hand, *getattr(p, "offer", ()), *getattr(p, "corp_offer", ()),
                *getattr(p, "drafted", ())} - {"", "?"}

    made = site.create("terraforming-mars", [("p1", "human"), ("p2", "human")], seed=8)
    for round_ in range(6):  # play on until the other seat holds cards of its own
        site.play_random(made, 3, seed=round_)
        state = site.engine.state(made["game_id"])
        if held(state.players["p2"]) and held(state.players["p1"]):
            break
    me, other = state.players["p1"], state.players["p2"]
    public = {c for p in state.players.values() for c in (*p.played, *p.events, p.corp)}
    mine = held(me)
    # The discard pile holds the seat's own sold cards too, so only these are surely secret.
    secret = (held(other) | set(state.deck)) - mine - public - {"", "?"}
    assert len(secret) > 50 and held(other) - mine  # there is something to hide
    # Names the map itself prints (Noctis City's reserved space), read off a spectator's
    # picture of a game nobody has drawn a card in yet: no leak when a page repeats them.
    fresh = site.create("terraforming-mars", [("p1", "human"), ("p2", "human")], seed=9)
    printed = site.get(f"/games/{fresh['game_id']}/board.svg").text
    on_the_map = {c for c in secret | mine if c in printed}
    texts = seat_texts(site, browser, made["keys"]["p1"])
    assert any(c in texts["html"] + texts["json"] for c in mine)  # it sees its own cards
    for where, text in texts.items():
        leaked = names_in(text, secret - on_the_map, mine | public | set(state.discard))
        assert not leaked, f"p1's {where} shows hidden cards: {leaked[:5]}"
    spectator = site.get(f"/games/{made['game_id']}").text + site.get(
        f"/api/games/{made['game_id']}").text
    assert not names_in(spectator, (secret | mine) - public - on_the_map, public)


def names_in(text: str, names: set[str], allowed: set[str]) -> list[str]:
    """Which ``names`` occur in ``text`` as whole names, once every allowed name (which may
    contain a secret one: "Arctic Algae" holds "Algae") is taken out."""
    for name in sorted(allowed - {""}, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted(c for c in names
                  if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text))


def test_a_carcassonne_seat_never_sees_the_tile_stack(site, browser):
    from meeple_carcassonne_hill_dale.tiles import KINDS

    game = site.engine.plugins.game("carcassonne-hill-dale")
    seats = [(p, "human") for p in game.default_players(2)]
    made = site.create(game.name, seats, seed=9)
    site.play_random(made, 4)
    stack = list(site.engine.state(made["game_id"]).stack)  # the next draw is the last
    upcoming = stack[::-1][:5]
    assert len(stack) > 20 and upcoming != sorted(upcoming)  # the order is the secret
    # The next draws, in order, as names or as numbers in any list-like shape.
    names = [KINDS[i].id for i in upcoming]
    patterns = [re.compile(r"[^\w-]{1,6}".join(re.escape(n) for n in order))
                for order in (names, names[::-1])]
    patterns += [re.compile(r"(?<!\d)" + r"[\s,;|\"']{1,4}".join(map(str, order)) + r"(?!\d)")
                 for order in (upcoming, upcoming[::-1])]
    texts = seat_texts(site, browser, made["keys"][seats[0][0]])
    texts["spectator"] = site.get(f"/api/games/{made['game_id']}").text
    for where, text in texts.items():
        found = [p.pattern for p in patterns if p.search(text)]
        assert not found, f"the stack order is in the {where}: {found}"
    assert "tiles_left" in texts["json"]  # the seat does get the game's summary


def test_every_game_page_is_a_picture(site, browser):
    # A small window: screenshot_is_blank reads the PNG in pure Python, a pixel at a time.
    browser.set_window_size(640, 480)
    for name, game in sorted(site.engine.plugins.games.items()):
        n = max(game.min_players, 2)
        made = site.create(name, [(p, "human") for p in game.default_players(n)], seed=2)
        site.play_random(made, 3)
        browser.get(made["spectator"])
        wait(browser, lambda d: d.execute_script(
            "const s = document.querySelector('#board svg'); return s && s.getBBox().width"))
        png = browser.get_screenshot_as_png()
        assert not screenshot_is_blank(png), name
        assert made["game_id"] in css(browser, "h1").text
    browser.set_window_size(1280, 1000)
