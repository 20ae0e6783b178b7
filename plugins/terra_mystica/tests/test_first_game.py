"""The option first-game: the rule book's factions, and our
reconstruction of its start dwellings, scoring and bonus tiles (first_game.json), placed by
the set-up so that the game opens in round 1's action phase."""

from __future__ import annotations

import random

import pytest
from meeple.core import BadOptions, LocalGame
from meeple.core.testing import encoded_log, replay_encoded, vp_totals
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica import first_game as FG
from meeple_terra_mystica.data import FACTIONS, SCORING

GAME = TerraMystica()

#: The published text (English rules, "Assignment of factions"): the file must keep it.
PUBLISHED = {2: ("witches", "nomads"), 3: ("witches", "nomads", "alchemists"),
             4: ("witches", "nomads", "halflings", "mermaids"),
             5: ("witches", "nomads", "halflings", "mermaids", "giants")}
ALL_BONUS = {f"BON{i}" for i in range(1, 10)}


def _game(n: int, seed: int = 1, **opts) -> LocalGame:
    return LocalGame(GAME, [f"p{i}" for i in range(n)], {"first-game": True, **opts}, seed=seed)


def test_the_data_file_says_it_is_a_reconstruction_and_keeps_the_rule_texts_facts():
    data = FG.load()
    assert "RECONSTRUCTION" in " ".join(data["_about"])
    scoring = data["scoring"]
    assert len(scoring) == 6 and len(set(scoring)) == 6 and set(scoring) <= set(SCORING)
    assert "SCORE1" not in scoring[4:] and "SCORE9" not in scoring  # base game, SCORE1 rule
    for n, factions in PUBLISHED.items():
        fg = FG.plan(n, data)
        assert fg.factions == factions
        used = [h for hexes in fg.dwellings for h in hexes]
        assert len(used) == len(set(used))
        for name, hexes in zip(fg.factions, fg.dwellings, strict=True):
            assert len(hexes) == (3 if name == "nomads" else 2)
            idx = [B.INDEX[h] for h in hexes]
            assert all(B.START_COLOR[h] == FACTIONS[name]["color"] for h in idx), name
            assert not any(b in B.ADJ[a] for a in idx for b in idx if a != b), name
        in_play = ALL_BONUS - set(fg.removed_bonus)
        assert len(in_play) == n + 3 and set(fg.bonus) <= in_play
        assert len(set(fg.bonus)) == n


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_first_game_opens_in_round_one_with_the_listed_dwellings_and_tiles(n):
    fg = FG.plan(n)
    lg = _game(n)
    g = lg.state
    assert (g.phase, g.round) == ("play", 1)
    assert g.order == list(PUBLISHED[n])
    assert lg.to_act() == ["p0"] and g.active == "witches"  # an action, not a placement
    assert g.score_tiles == fg.scoring
    for i, (name, hexes) in enumerate(zip(fg.factions, fg.dwellings, strict=True)):
        f = g.fac[name]
        assert f["player"] == f"p{i}"
        assert sorted(B.NAMES[h] for h in f["locations"]) == sorted(hexes)
        assert f["D"] == len(hexes)
        for h in hexes:
            assert (g.hbld[B.INDEX[h]], g.howner[B.INDEX[h]]) == ("D", name)
        assert f["bonus"] == fg.bonus[i] and f[fg.bonus[i]] == 1
    left = {b for b, k in g.pool.items() if b.startswith("BON") and k}
    assert left == ALL_BONUS - set(fg.removed_bonus) - set(fg.bonus)
    assert all(g.coins[b] == 1 for b in left)  # round 1's coin on each unpicked tile
    built = sum(1 for h in range(B.N_HEX) if g.hbld[h])
    assert built == sum(len(d) for d in fg.dwellings)


def test_two_players_by_hand_witches_and_nomads_with_their_round_one_income():
    """Worked from the faction boards: witches start with 15 C, 3 W and take as income
    1 W + 1 W per dwelling (2) and BON1's 2 C; nomads start with 15 C, 2 W and take
    1 W + 3 W for their three dwellings and BON3's 6 C."""
    g = _game(2).state
    w, nm = g.fac["witches"], g.fac["nomads"]
    assert sorted(B.NAMES[h] for h in w["locations"]) == ["E9", "F4"]
    assert sorted(B.NAMES[h] for h in nm["locations"]) == ["E8", "F3", "G4"]
    assert (w["bonus"], nm["bonus"]) == ("BON1", "BON3")
    assert (w["C"], w["W"]) == (15 + 2, 3 + 3)
    assert (nm["C"], nm["W"]) == (15 + 6, 2 + 4)
    assert g.score_tiles[0] == "SCORE1"


def test_a_first_game_plays_to_the_end_and_its_log_replays_to_the_live_state():
    lg = _game(3, seed=4)
    rng = random.Random(4)
    while lg.outcome() is None:
        p = lg.to_act()[0]
        lg.play(p, rng.choice(GAME.legal(lg.state, p)))
    events = list(lg.events)
    assert replay_encoded(GAME, encoded_log(GAME, events)) == lg.state
    scores = {p: float(v) for p, v in lg.outcome().scores.items()}
    assert vp_totals(GAME, events, lg.players) == scores
    # The same seed and options give the same log, byte for byte.
    again = _game(3, seed=4)
    assert encoded_log(GAME, events[:len(again.events)]) == encoded_log(GAME, list(again.events))


@pytest.mark.parametrize("opt,value", [("factions", "witches,nomads"),
                                       ("scoring", "SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6"),
                                       ("removed-bonus", "BON1,BON2,BON3,BON4"),
                                       ("shipping-bonus", True),
                                       ("temple-scoring-tile", True)])
def test_first_game_with_an_option_it_overrides_is_refused_naming_it(opt, value):
    with pytest.raises(BadOptions, match=rf"first-game fixes .* combined with {opt} "):
        _game(2, **{opt: value})


def test_the_command_line_refuses_a_bad_combination_in_one_line_and_stores_nothing(
        tmp_path, capsys):
    from meeple.cli.testing import run_meeple

    db = str(tmp_path / "g.sqlite")

    def run(*args):
        return run_meeple(capsys, *args)

    code, out, err = run("new", "terra-mystica", "-p", "ann,bob", "-o", "first-game",
                         "-o", "factions=witches,nomads", "--db", db, "--id", "bad")
    assert code == 2 and "Traceback" not in err
    assert [ln for ln in err.splitlines() if ln.strip()] == [
        "error: first-game fixes the factions, start dwellings, scoring and bonus tiles; "
        "it cannot be combined with factions (drop those or first-game)"]
    code, out, err = run("list", "--db", db)
    assert "bad" not in out
    code, out, err = run("new", "terra-mystica", "-p", "ann,bob", "-o", "first-game",
                         "--db", db, "--id", "good")
    assert code == 0
    code, out, err = run("show", "good", "--db", db)
    assert code == 0 and "Round 1" in out and "Witches [ann] <- to act" in out


def test_factions_fixed_by_the_options_count_their_start_like_a_pick_row_does():
    """With no pick row, ``changes(Started)`` carries each faction's 20 VP and starting
    resources: the same counters the pick rows ``setup witches`` / ``setup nomads`` give."""
    fixed = LocalGame(GAME, ["ann", "bob"], {"factions": "witches,nomads"}, seed=3)
    started = fixed.events[0]
    picked = LocalGame(GAME, ["ann", "bob"], {}, seed=3)
    rows = picked.play("ann", "setup witches") + picked.play("bob", "setup nomads")
    by_rows: dict = {}
    for ev in rows:
        for p, d in GAME.changes(ev).items():
            by_rows[p] = {**by_rows.get(p, {}), **d}
    assert GAME.changes(started) == by_rows
    assert by_rows["ann"]["vp"] == by_rows["bob"]["vp"] == 20
