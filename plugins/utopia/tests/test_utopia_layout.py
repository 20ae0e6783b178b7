"""Utopia's seat pictures laid out in a real browser: the hand, tokens, supply and turn
buttons below the map, a special guest beside the bag, five players' princes in one
district, and the final scoring with its tie-break lines, with no text off the canvas,
over another text or under a later shape (the cross-game check sees two players only)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from meeple.core.testing import chromium, flaws, measure
from meeple_utopia.board import CIVS, NCIV
from meeple_utopia.events import Special
from test_table_views import _finished, _tied
from utopia_helpers import GAME, new, put


def _pictures() -> list[tuple[str, str]]:
    out = []
    g = new(5, seed=9)
    rng = random.Random(9)
    for step in range(400):
        p = g.to_act()[0]
        if step in (30, 150, 399):
            for who in (p, g.players[(g.players.index(p) + 1) % 5]):
                out.append((f"step {step}, {who}", GAME.render(GAME.view(g.state, who), "svg",
                                                               who)))
        g.play(p, rng.choice(GAME.legal(g.state, p)))
    crowded = g.state.copy()
    for s in range(5):
        for c, civ in enumerate(CIVS):
            if crowded.supply[s * NCIV + c]:
                put(crowded, "E5", s, civ, 1)
    out.append(("five players in E5", GAME.render(crowded, "svg")))
    special = new(3, seed=2)
    p = special.to_act()[0]
    special.play(p, next(c for c in GAME.legal(special.state, p) if type(c) is Special))
    out.append(("special guest", GAME.render(GAME.view(special.state, p), "svg", p)))
    end = _finished(5, 3)
    out.append(("end of five", GAME.render(GAME.view(end.state, "p2"), "svg", "p2")))
    out.append(("tie", GAME.render(_tied((5, 4)), "svg")))
    out.append(("shared", GAME.render(_tied((3, 3)), "svg")))
    return out


@pytest.fixture(scope="module")
def browser():
    with chromium(1600, 1400) as driver:
        yield driver


def test_seat_and_final_pictures_lay_out_their_words_cleanly(browser, tmp_path: Path):
    problems = []
    for label, svg in _pictures():
        width, height, boxes = measure(browser, svg, tmp_path / "p.svg")
        assert boxes, label
        problems += [f"{label}: {p}" for p in flaws(width, height, boxes)]
    assert problems == [], "\n".join(problems[:20])
