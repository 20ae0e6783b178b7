"""The engine's contract suite for Terra Mystica, plus rules checks and a match of agents."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import GameContract
from meeple_terra_mystica import TerraMystica

GAME = TerraMystica()
SITE = {"strict-leech": True, "strict-darkling-sh": True, "strict-chaosmagician-sh": True,
        "errata-cultist-power": True, "mini-expansion-1": True, "shipping-bonus": True,
        "temple-scoring-tile": True, "variable-turn-order": True,
        "maintain-player-order": True}


class TestContract(GameContract):
    game = GAME
    player_counts = (2, 3, 4, 5)
    option_sets = ({}, SITE)
    # The full 1000 random games (2-5 players, default and site options): about a minute
    # of CPU, since legal pre-filters candidates before trying them.
    # fold applies the journal of each event; the ledger reads and describes it: every
    # other module is forbidden in a replay
    fold_modules = ("meeple_terra_mystica.journal", "meeple_terra_mystica.ledger")


def _started(n=4, opts=None, seed=1):
    lg = LocalGame(GAME, GAME.default_players(n), {**SITE, **(opts or {}),
                                                   "scoring": "SCORE5,SCORE8,SCORE4,SCORE9,SCORE6,SCORE2",
                                                   "removed-bonus": "BON3,BON4,BON5"}, seed=seed)
    return lg


def test_unreachable_build_says_why_and_changes_nothing():
    from meeple_terra_mystica import board as B

    lg = _started(2)
    lg.play("p1", "setup witches")
    lg.play("p2", "setup nomads")
    green = [h for h in B.LAND if B.START_COLOR[h] == "green"]
    yellow = [h for h in B.LAND if B.START_COLOR[h] == "yellow"]
    w1, w2 = green[0], green[1]
    for p, cmd in (("p1", f"build {B.NAMES[w1]}"), ("p2", f"build {B.NAMES[yellow[0]]}"),
                   ("p2", f"build {B.NAMES[yellow[1]]}"), ("p1", f"build {B.NAMES[w2]}"),
                   ("p2", f"build {B.NAMES[yellow[2]]}"), ("p2", "pass BON2"),
                   ("p1", "pass BON1")):
        lg.play(p, cmd)
    assert lg.state.round == 1
    far = next(h for h in green[2:] if all(
        h not in B.ADJ[x] and B.RANGE_RIVER[h].get(x, 9) > 0 for x in (w1, w2)))
    before = GAME.clone(lg.state)
    with pytest.raises(IllegalCommand, match="not reachable: shipping 0"):
        lg.play("p1", f"build {B.NAMES[far]}")
    assert lg.state == before
    with pytest.raises(IllegalCommand, match="no hex"):
        lg.play("p1", "build Z9")


def test_notation_examples_parse():
    for text in ("build E7", "upgrade F3 to TP. convert 1PW to 1C", "leech 2 from witches",
                 "send p to FIRE", "dig 1. transform G2 to yellow", "action ACT6. build C3",
                 "pass BON4", "+FAV11", "bridge E7:F6", "connect r10", "advance ship", "burn 3"):
        cmd = GAME.parse(text)
        assert GAME.parse(GAME.format(cmd)) == cmd


def test_four_player_match_with_heuristic_runs_to_the_end():
    lg = LocalGame(GAME, GAME.default_players(4), SITE, seed=9)
    rng = random.Random(9)
    steps = 0
    while lg.outcome() is None:
        p = lg.to_act()[0]
        options = GAME.legal(lg.state, p)
        if p == "p1":  # greedy on the heuristic
            best, val = None, -9.0
            for cmd in options[:60]:
                child = GAME.clone(lg.state)
                for ev in GAME.decide(lg.state, p, cmd, None):
                    child = GAME.fold(child, ev)
                v = GAME.evaluate(child, p)
                if v > val:
                    best, val = cmd, v
            lg.play(p, best)
        else:
            lg.play(p, rng.choice(options))
        steps += 1
        assert steps < 3000
    out = lg.outcome()
    assert set(out.ranks) == {"p1", "p2", "p3", "p4"}
    summary = GAME.summary(lg.state)
    assert summary["final_scores"]


def test_render_text_and_svg():
    lg = LocalGame(GAME, GAME.default_players(3), SITE, seed=4)
    lg.play_randomly(random.Random(4))
    text = GAME.render(lg.state, "text")
    assert "FIRE" in text and "Scoring" in text
    svg = GAME.render(lg.state, "svg")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_heuristic_and_mcts_agents_finish_a_four_player_game():
    registry = pytest.importorskip("meeple.ai.registry")
    make = registry.builtin_agents()
    agents = {"p1": make["heuristic"]({}, 1), "p2": make["mcts"]({"sims": "4", "depth": "3"}, 2),
              "p3": make["heuristic"]({}, 3), "p4": make["random"]({}, 4)}
    lg = LocalGame(GAME, list(agents), SITE, seed=21)
    steps = 0
    while lg.outcome() is None:
        p = lg.to_act()[0]
        lg.play(p, agents[p].act(GAME, GAME.view(lg.state, p), p))
        steps += 1
        assert steps < 3000
    assert set(lg.outcome().ranks) == set(agents)


def test_setup_options_are_checked():
    from meeple.core import BadOptions

    with pytest.raises(BadOptions, match="removed-bonus"):
        LocalGame(GAME, ["a", "b"], {"removed-bonus": "BON11"})
    with pytest.raises(BadOptions, match="scoring"):
        LocalGame(GAME, ["a", "b"], {"scoring": "SCORE1,SCORE2"})
    lg = LocalGame(GAME, ["a", "b", "c"], seed=3)
    assert len([b for b in lg.state.pool if b.startswith("BON")]) == 6  # players + 3
    assert "SCORE1" not in lg.state.score_tiles[4:]
