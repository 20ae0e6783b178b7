"""Every installed game's SVG lays its words out cleanly in a real browser: no text leaves
the canvas, no two texts overlap, and no shape drawn later hides a text. Checked at the
start, in the middle and at the end of a seeded game, for a spectator and for a seat.

Chromium measures each <text> element's box as drawn (fonts included), which the SVG's
own numbers cannot tell.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from meeple.core import LocalGame
from meeple.core.plugins import load
from meeple.core.testing import chromium, flaws, measure

GAMES = load().games

def _positions(name: str, seed: int = 3) -> list[tuple[str, LocalGame]]:
    """The start, a position some way in, and the end of a seeded random game."""
    game = GAMES[name]
    players = game.default_players(max(2, game.min_players))
    start = LocalGame(game, players, {}, seed=seed)
    middle = LocalGame(game, players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        acting = list(middle.to_act())
        if not acting or middle.outcome() is not None:
            break
        middle.play(acting[0], rng.choice(game.legal(middle.state, acting[0])))
    end = LocalGame(game, players, {}, seed=seed)
    end.play_randomly(random.Random(seed), max_steps=50_000)
    assert end.outcome() is not None, f"{name}: the seeded game did not end"
    return [("start", start), ("middle", middle), ("end", end)]


@pytest.fixture(scope="module")
def browser():
    with chromium(1600, 1400) as driver:
        yield driver


@pytest.mark.parametrize("name", sorted(GAMES))
def test_svg_texts_stay_on_the_canvas_apart_and_uncovered(name, browser, tmp_path: Path):
    game = GAMES[name]
    problems = []
    for label, played in _positions(name):
        seat = played.players[0]
        for who in (None, seat):
            svg = game.render(game.view(played.state, who), "svg", who)
            width, height, boxes = measure(browser, svg, tmp_path / f"{label}.svg")
            assert boxes, f"{name} ({label}): no text measured"
            problems += [f"{label}, {who or 'spectator'}: {p}" for p in flaws(width, height, boxes)]
    assert problems == [], f"{name}:\n" + "\n".join(problems[:20])


def test_the_layout_check_finds_each_kind_of_flaw(browser, tmp_path: Path):
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" '
           'viewBox="0 0 200 100" font-family="sans-serif" font-size="12">'
           '<text x="150" y="20">far off the right edge</text>'
           '<text x="10" y="50">first words</text><text x="20" y="52">second words</text>'
           '<text x="10" y="85">under a box</text><rect x="0" y="70" width="120" height="30"/>'
           '</svg>')
    width, height, boxes = measure(browser, svg, tmp_path / "bad.svg")
    found = "\n".join(flaws(width, height, boxes))
    assert "'far off the right edge' leaves the 200x100 canvas" in found
    assert "'first words' overlaps 'second words'" in found
    assert "'under a box' is covered by a rect" in found
    clean = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
             '<rect width="200" height="100" fill="#eee"/><text x="10" y="20">alone</text></svg>')
    assert flaws(*measure(browser, clean, tmp_path / "good.svg")) == []
