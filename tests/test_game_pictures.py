"""Every installed game's SVG says whose turn it is (or who won) with the players' scores,
uses no glyph that needs an emoji font, and draws a picture that is not blank in a real
headless Chromium.

The games come from the plugin manager, so a newly installed game is checked too.
"""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest
from meeple.core import LocalGame
from meeple.core.plugins import load
from meeple.core.testing import chromium, screenshot_is_blank

GAMES = load().games
TURN_WORDS = re.compile(r"\b(to (act|move|place|pick|play|choose)|turn|acts|acting)\b", re.I)


def _texts(svg: str) -> str:
    """The words a person sees: the text of every <text> element, one per line."""
    return "\n".join(unescape(re.sub(r"<[^>]+>", "", m))
                     for m in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, re.S))


def _emoji(text: str) -> list[str]:
    """Characters that only an emoji (or a symbol) font draws: Miscellaneous Symbols and
    Dingbats (U+2600-27BF, where the sailing boat U+26F5 is), U+2B00-2BFF, the
    variation selector and everything from U+1F000 on."""
    return [ch for ch in text if 0x2600 <= ord(ch) <= 0x27BF or 0x2B00 <= ord(ch) <= 0x2BFF
            or ord(ch) == 0xFE0F or ord(ch) >= 0x1F000]


def _games(name: str) -> tuple[LocalGame, LocalGame]:
    """A game a few moves in, and a finished one (random play is cheap in every game)."""
    game = GAMES[name]
    players = game.default_players(max(2, game.min_players))
    running = LocalGame(game, players, {}, seed=7)
    rng = random.Random(7)
    for _ in range(6):
        acting = list(running.to_act())
        if not acting or running.outcome() is not None:
            break
        running.play(acting[0], rng.choice(game.legal(running.state, acting[0])))
    done = LocalGame(game, players, {}, seed=8)
    done.play_randomly(random.Random(8), max_steps=50_000)
    return running, done


@pytest.fixture(scope="module", params=sorted(GAMES))
def pictures(request) -> tuple[str, LocalGame, str, LocalGame, str]:
    name = request.param
    running, done = _games(name)
    game = GAMES[name]
    return (name, running, game.render(running.state, "svg", None), done,
            game.render(done.state, "svg", None))


def test_every_game_is_checked():
    assert {"carcassonne-hill-dale", "connect-four", "terra-mystica", "terraforming-mars",
            "utopia"} <= set(GAMES)


def test_svg_says_whose_turn_it_is_with_the_players(pictures):
    _check_turn(*pictures)


def test_svg_of_a_finished_game_names_the_winner_and_every_score(pictures):
    _check_winner(*pictures)


def _check_turn(name, running, svg, _done, _final):
    assert running.outcome() is None, f"{name}: the running game ended too early"
    words = _texts(svg)
    acting = list(running.to_act())
    assert acting
    lines = [line for line in words.splitlines() if TURN_WORDS.search(line)]
    assert any(all(p in line for p in acting) for line in lines), (
        f"{name}: no line says that {', '.join(acting)} is to act:\n{words}")
    for p in running.state.players if hasattr(running.state, "players") else acting:
        assert p in words, f"{name}: {p} is not named"


def _check_winner(name, _running, _svg, done, svg):
    out = done.outcome()
    assert out is not None
    words = _texts(svg)
    winner_lines = [line for line in words.splitlines()
                    if re.search(r"\b(wins?|won|winner|draw|drawn)\b", line, re.I)]
    assert any(all(w in line for w in out.winners) for line in winner_lines), (
        f"{name}: no line names the winner {out.winners}:\n{words}")
    for player, score in out.scores.items():
        shown = f"{score:g}"
        assert player in words and re.search(rf"(?<![\d.]){re.escape(shown)}(?![\d.])", words), (
            f"{name}: {player}'s score {shown} is not shown")


def test_svg_uses_no_emoji_glyph(pictures):
    name, _, svg, _, final = pictures
    assert _emoji(svg) == [] and _emoji(final) == [], name


def test_svg_draws_a_picture_in_headless_chromium(pictures, tmp_path: Path):
    name, _, svg, _, final = pictures
    with chromium(1000, 800) as driver:
        for label, picture in (("running", svg), ("finished", final)):
            path = tmp_path / f"{name}-{label}.svg"
            path.write_text(picture, encoding="utf-8")
            driver.get(path.as_uri())
            png = driver.get_screenshot_as_png()
            assert not screenshot_is_blank(png), f"{name} ({label}) renders blank"
            # the browser parsed it as an SVG document, not as an error page
            assert driver.execute_script("return document.documentElement.localName") == "svg"


def test_the_checks_fail_on_a_picture_without_status_or_with_an_emoji():
    """The checks can fail: a board without a status line, and a sailing boat glyph."""
    running, done = _games("connect-four")
    bare = '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9">board</text></svg>'
    with pytest.raises(AssertionError):
        _check_turn("connect-four", running, bare, done, bare)
    with pytest.raises(AssertionError):
        _check_winner("connect-four", running, bare, done, bare)
    assert _emoji("<text>\u26f5 1</text>") == ["\u26f5"]
