"""The Terra Mystica picture at its fullest, measured in Chromium: five seats with long
names, every tile of the expansion options, bridges over the map, a seat's buttons and a
final score with two shared places. No text leaves the canvas, overlaps another or is
covered by a later shape (the measure of tests/test_picture_layout.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from meeple.core import LocalGame
from meeple.core.testing import MEASURE, chromium, flaws
from meeple_terra_mystica import TerraMystica

GAME = TerraMystica()
NAMES = ["annabelle", "bartholomew", "christopher", "dorothea", "evangeline"]
ALL_TILES = {"mini-expansion-1": True, "shipping-bonus": True, "temple-scoring-tile": True}


def _pictures() -> list[tuple[str, str]]:
    out = []
    for n, seed, opts in ((5, 9, ALL_TILES), (5, 4, {}), (4, 2, ALL_TILES)):
        local = LocalGame(GAME, NAMES[:n], opts, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while local.outcome() is None:
            player = rng.choice(list(local.to_act()))
            if steps in (0, 30, 150):
                view = GAME.view(local.state, player)
                out.append((f"{n}/{seed}/{steps}", GAME.render(view, "svg", player)))
            local.play(player, rng.choice(GAME.legal(local.state, player)))
            steps += 1
        out.append((f"{n}/{seed}/end", GAME.render(local.state, "svg", None)))
        tied = local.state.clone()
        for a, b, vp in ((0, 1, 199), (2, 3, 150)):
            tied.fac[tied.order[a]]["VP"] = tied.fac[tied.order[b]]["VP"] = vp
        out.append((f"{n}/{seed}/tied", GAME.render(tied, "svg", local.players[0])))
    return out


@pytest.fixture(scope="module")
def browser():
    with chromium(1600, 1400) as driver:
        yield driver


def test_the_fullest_pictures_lay_their_words_out_cleanly(browser, tmp_path: Path) -> None:
    problems = []
    pictures = _pictures()
    assert any(" bridge" in svg or "<line" in svg for _, svg in pictures)
    assert any(">Tie: " in svg for _, svg in pictures)
    for label, svg in pictures:
        path = tmp_path / "picture.svg"
        path.write_text(svg, encoding="utf-8")
        browser.get(path.as_uri())
        width, height, boxes = browser.execute_script(MEASURE)
        assert boxes, label
        problems += [f"{label}: {p}" for p in flaws(width, height, boxes)]
    assert problems == [], "\n".join(problems[:20])
