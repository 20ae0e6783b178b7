"""The Game object's own duties: the setup options (drawn tiles and their limits, bad
lists refused with a sentence), the turn marker, the public summary field by field, the
start's ledger lines, the outcome, and the started event's log line (logs of version 1 of
the format: test_version_1_logs.py)."""

from __future__ import annotations

import random

import pytest
from meeple.core import BadOptions, LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.data import CULTS
from meeple_terra_mystica.game import Started, chosen_factions, start_lines

GAME = TerraMystica()


def _setup(n: int, seed: int, **options):
    return GAME.setup(GAME.default_players(n), options, random.Random(seed))[0]


def test_drawn_scoring_tiles_are_six_different_and_never_spades_in_the_last_two_rounds() -> None:
    nine = set()
    for seed in range(60):
        ev = _setup(3, seed)
        assert len(ev.scoring) == 6 and len(set(ev.scoring)) == 6
        assert "SCORE1" not in ev.scoring[4:] and "SCORE9" not in ev.scoring
        nine |= set(_setup(3, seed, **{"temple-scoring-tile": True}).scoring)
    assert "SCORE9" in nine  # the temple tile joins the draw only with its option


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_three_bonus_tiles_more_than_players_stay_in_play(n: int) -> None:
    for opts, total in (({}, 9), ({"shipping-bonus": True}, 10)):
        ev = _setup(n, n, **opts)
        assert len(ev.removed_bonus) == total - (n + 3)
        assert list(ev.removed_bonus) == sorted(ev.removed_bonus, key=lambda b: int(b[3:]))
    assert _setup(n, 1, **{"removed-bonus": "none"}).removed_bonus == ()
    assert _setup(n, 1, **{"removed-bonus": "bon3, BON5"}).removed_bonus == ("BON3", "BON5")


def test_bad_setup_lists_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(BadOptions, match="scoring takes six tiles SCORE1..SCORE9"):
        _setup(2, 1, scoring="SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE10")
    with pytest.raises(BadOptions, match=r"removed-bonus takes bonus tiles of this game "
                                         r"\(BON1, BON2, .*BON9\)"):
        _setup(2, 1, **{"removed-bonus": "BON10"})
    assert _setup(2, 1, **{"removed-bonus": "BON10", "shipping-bonus": True}).removed_bonus == (
        "BON10",)
    with pytest.raises(BadOptions, match="factions: unknown faction 'elves'; factions are "
                                         "alchemists, auren, "):
        chosen_factions({"factions": "witches, elves"}, 2)
    with pytest.raises(BadOptions, match=r"factions: 1 given for 2 players \(one per seat\)"):
        chosen_factions({"factions": "witches"}, 2)
    with pytest.raises(BadOptions, match="factions: witches and auren share the green terrain"):
        chosen_factions({"factions": "witches,auren"}, 2)
    assert chosen_factions({"factions": " Witches , chaos magicians"}, 2) == (
        "witches", "chaosmagicians")
    assert chosen_factions({}, 3) == ()


def test_the_turn_marker_says_setup_the_round_or_game_over() -> None:
    lg = LocalGame(GAME, GAME.default_players(2), {"factions": "witches,nomads"}, seed=3)
    assert GAME.turn_marker(None) == "Setup" and GAME.turn_marker(lg.state) == "Setup"
    g = GAME.clone(lg.state)
    g.round, g.finished = 4, False
    assert GAME.turn_marker(g) == "Round 4"
    g.finished = True
    assert GAME.turn_marker(g) == "Game over"


def test_the_start_lines_give_each_fixed_faction_its_board_and_twenty_vp() -> None:
    ev = Started(("ann", "bob"), (), ("SCORE1",) * 6, (), ("engineers", "swarmlings"))
    lines = {p: (n, why, dict(d)) for p, n, why, d in start_lines(ev)}
    assert lines["ann"] == ("engineers", "start", {"VP": 20, "C": 10, "W": 2, "P1": 3, "P2": 9})
    assert lines["bob"][:2] == ("swarmlings", "start")
    assert {k: lines["bob"][2][k] for k in ("VP", "C", "W", "P1", "P2")} == {
        "VP": 20, "C": 20, "W": 8, "P1": 3, "P2": 9}
    assert all(v for _, _, d in lines.values() for v in d.values())  # no zero entries
    changes = GAME.changes(ev)
    assert changes["ann"]["vp"] == 20 and changes["bob"]["vp"] == 20
    assert GAME.changes(Started(("ann",), (), ("SCORE1",) * 6, ())) == {}
    text = GAME.describe_event(ev)
    assert text == ("started: ann, bob; scoring " + ",".join(("SCORE1",) * 6)
                    + "; removed ; options ; factions engineers,swarmlings")


def test_the_summary_shows_every_field_of_every_faction_and_the_final_scores() -> None:
    lg = LocalGame(GAME, GAME.default_players(3), {}, seed=5)
    lg.play_randomly(random.Random(5))
    g = lg.state
    s = GAME.summary(g)
    assert (s["round"], s["phase"], s["scoring"], s["to_act"]) == (
        g.round, g.phase, list(g.score_tiles), [])
    for n in g.order:
        f, out = g.fac[n], s["factions"][n]
        assert out["player"] == f["player"] and out["VP"] == f["VP"]
        assert (out["C"], out["W"], out["P"]) == (f["C"], f["W"], f["P"])
        assert out["power"] == f"{f['P1']}/{f['P2']}/{f['P3']}"
        assert out["cults"] == {c.lower(): f[c] for c in CULTS}
        assert (out["shipping"], out["digging"]) == (f["shipping"], f["digging"])
        assert out["passed"] is bool(f["passed"]) and out["dropped"] is bool(f["dropped"])
        assert out["buildings"] == {b: f[b] for b in ("D", "TP", "TE", "SH", "SA")}
        held = sorted(k for k, v in f.items() if v and isinstance(v, int) and k[:2] in (
            "BO", "FA", "TW") and k[:3] in ("BON", "FAV") or (k[:2] == "TW" and v))
        assert out["tiles"] == held
    assert s["final_scores"] == {n: g.fac[n]["VP"] for n in g.order}
    assert s["final_scores_by_player"] == {g.player_of[n]: g.fac[n]["VP"] for n in g.order}
    out = GAME.outcome(g)
    best = max(g.fac[n]["VP"] for n in g.order)
    assert {p for p, r in out.ranks.items() if r == 1} == {
        g.player_of[n] for n in g.order if g.fac[n]["VP"] == best}
    g2 = GAME.clone(g)
    g2.finished = False
    assert GAME.outcome(g2) is None
