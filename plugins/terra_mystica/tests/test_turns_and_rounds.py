"""The flow of turns and rounds at its edges: towns founded at once beyond the tiles left,
dropping out during another faction's free actions, the next round's turn order (fixed
and variable), passing order and the last faction alone, and what a round's start pays
and clears; the window of free actions after a turn (a dwelling may follow its transform
until another faction acts; saying done closes it); and who is shown as acting.

On the positions of seeded random games:
- the text picture marks "<- to act" exactly the factions whose players ``to_act`` names
  (the duties list also names the active faction while its next action waits for
  answers, and leaves out the faction whose turn just ended);
- the duties list holds the active faction's turn, an answer per power offer and a
  choice for every other faction that owes one (a favor or town tile, spades, a cult
  step, ...), each once, also outside its own turn.
"""

from __future__ import annotations

import pytest
from meeple.core.testing import random_decisions
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.data import DISPLAY
from meeple_terra_mystica.render import render_text
from meeple_terra_mystica.scoring import check_towns
from meeple_terra_mystica.state import OWED
from meeple_terra_mystica.turns import acting, start_round

from .test_live_rules import _put, _refused, _row, _state

GAME = TerraMystica()


def _two_towns(g, name: str) -> None:
    """Two separate groups of the faction, each of 7 power in 4 buildings."""
    for row in ("E", "A"):
        for col, b in zip((1, 2, 3, 4), ("TP", "TP", "TP", "D"), strict=True):
            hx = f"{row}{col}"
            assert not B.IS_RIVER[B.INDEX[hx]]
            _put(g, name, hx, b)


@pytest.mark.parametrize("left, owed, founded", [(2, 0, 2), (1, 0, 1), (2, 1, 1), (3, 1, 2),
                                                 (0, 0, 0)])
def test_towns_founded_at_once_stop_at_the_town_tiles_left(left, owed, founded) -> None:
    g = _state("witches", "nomads")
    for t in [t for t in g.pool if t.startswith("TW")]:
        g.pool[t] = 0
    for k in range(left):
        g.pool[f"TW{k + 1}"] = 1
    f = g.fac["witches"]
    assert B.INDEX["E1"] not in B.ADJ[B.INDEX["A4"]]
    _two_towns(g, "witches")
    f["TOWN"] = owed
    assert check_towns(g, f) == founded
    assert f["TOWN"] == owed + founded and f["KEY"] == founded


def test_dropping_out_during_another_factions_free_actions_leaves_them_open() -> None:
    g = _state("witches", "nomads", "darklings")
    g.fac["witches"].update(W=9, C=9)
    _put(g, "witches", "E5")
    _row(g, "p0", "upgrade E5 to TP")  # witches' turn ends: its free actions stay open
    assert g.after == "witches" and g.active == "nomads"
    _row(g, "p2", "drop")  # the darklings leave meanwhile
    assert g.after == "witches" and g.active == "nomads"
    assert "witches" in acting(g)
    _row(g, "p0", "drop")  # the witches leave: their window closes with them
    assert g.after == "" and "witches" not in acting(g) and g.active == "nomads"


@pytest.mark.parametrize("variable", [False, True])
def test_the_next_round_starts_with_the_first_to_pass(variable: bool) -> None:
    opts = ("variable-turn-order",) if variable else ()
    g = _state("witches", "nomads", "darklings", "giants", options=opts)
    g.pool.update({"BON1": 1, "BON2": 1, "BON3": 1, "BON4": 1})
    order = ["darklings", "witches", "giants", "nomads"]  # the pass order
    g.turn_order = list(g.order)
    for name in order:
        g.active = name
        g.fac[name]["acted"] = 0
        _row(g, g.player_of[name], f"pass BON{order.index(name) + 1}")
    assert g.round == 2
    if variable:
        assert g.turn_order == order
    else:
        assert g.turn_order == ["darklings", "giants", "witches", "nomads"]
    assert g.active == g.turn_order[0] and g.pass_order == []
    assert all(not g.fac[n]["passed"] and g.fac[n]["acted"] == 0 for n in g.order)


def test_turns_skip_the_factions_that_have_passed() -> None:
    g = _state("witches", "nomads", "darklings")
    g.pool.update({"BON1": 1, "BON2": 1, "BON3": 1})
    g.fac["nomads"]["passed"] = 1
    g.pass_order = ["nomads"]
    g.fac["witches"].update(W=9, C=9)
    _put(g, "witches", "E5")
    _row(g, "p0", "upgrade E5 to TP")
    assert g.active == "darklings"
    _row(g, "p2", "pass BON2")
    assert g.active == "witches"  # nomads passed: the witches again


def test_a_round_starts_by_paying_every_faction_its_income_and_clearing_the_actions() -> None:
    g = _state("witches", "nomads")
    g.round = 2
    g.blocked = {"ACT1": 1, "BON1/witches": 1}
    g.pass_order = ["nomads", "witches"]
    for n in g.order:
        g.fac[n].update(passed=1, C=0, W=0, bonus="")
    start_round(g)
    assert g.round == 3 and g.blocked == {} and g.active == "nomads"
    assert all(g.fac[n]["W"] == 1 for n in g.order)  # a faction board's base worker


def test_each_bonus_tile_left_over_gains_a_coin_when_a_round_starts() -> None:
    g = _state("witches", "nomads")
    g.round = 0
    left = [b for b in g.pool if b.startswith("BON") and g.pool[b]]
    assert left
    g.coins = {b: 1 for b in left[:2]}
    start_round(g)
    assert all(g.coins[b] == (2 if b in left[:2] else 1) for b in left), g.coins


# -- the free actions after a turn ---------------------------------------------------------


def test_a_transformed_hex_can_not_be_built_on_once_another_faction_has_acted() -> None:
    g = _state("witches", "nomads", "cultists")
    _put(g, "witches", "E5")
    _put(g, "nomads", "E4")
    h = B.INDEX["E6"]
    g.hcolor[h] = "gray"  # one spade from the witches' forest
    for name in ("witches", "nomads"):
        g.fac[name].update(W=9, C=9)
    _row(g, "p0", "dig 1. transform E6 to green")  # no dwelling this turn
    assert g.after == "witches" and g.fac["witches"]["build_ok"] == 1
    _row(g, "p1", "upgrade E4 to TP")  # next to E5: the witches are offered power
    assert g.offers and g.offers[0][0] == "witches" and g.active == "cultists"
    _refused(g, "p0", "build E6", "not witches' turn")
    _row(g, "p0", "leech 1 from nomads")
    assert g.hbld[h] == ""


def test_the_dwelling_may_still_follow_right_after_the_turn() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    g.hcolor[B.INDEX["E6"]] = "gray"
    g.fac["witches"].update(W=9, C=9)
    _row(g, "p0", "dig 1. transform E6 to green")
    _row(g, "p0", "build E6")  # its free actions' window: nobody has acted since
    assert g.hbld[B.INDEX["E6"]] == "D" and g.fac["witches"]["W"] == 9 - 3 - 1


def test_a_cult_bonus_spade_can_not_be_topped_up_by_digging() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    f = g.fac["witches"]
    g.phase, g.active = "spades", ""
    f.update(SPADE=1, W=9, passed=1)
    _refused(g, "p0", "dig 1", "can't dig now")
    _refused(g, "p0", "dig 1. transform E6 to green", "can't dig now")
    g.hcolor[B.INDEX["E6"]] = "gray"
    _row(g, "p0", "transform E6 to green")  # the bonus spade itself is spent as usual
    assert f["SPADE"] == 0 and g.hcolor[B.INDEX["E6"]] == "green"


def test_saying_done_ends_the_free_actions_after_a_turn() -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    g.after, g.active = "witches", "nomads"
    f["build_ok"], f["acted"] = 1, 1
    _row(g, "p0", "done")
    assert g.after == "" and f["build_ok"] == 0


# -- who is shown as acting ------------------------------------------------------------------


def _positions():
    for seed in range(6):
        for state, _ in random_decisions(GAME, 2 + seed % 4, seed):
            yield seed, state


def _marked(g) -> set[str]:
    heads = {line for line in render_text(g).splitlines() if line.endswith("<- to act")}
    return {n for n in g.order if any(h.startswith(f"{DISPLAY[n]} [") for h in heads)}


def test_the_text_marks_exactly_the_factions_that_must_act():
    told = 0
    for seed, g in _positions():
        if g.phase == "select-factions":
            continue  # no faction yet
        want = {g.faction_of[p] for p in GAME.to_act(g)}
        assert _marked(g) == want, (seed, g.round, g.phase)
        told += g.after != "" and g.after in want
    assert told  # positions where the faction whose turn ended may still act were seen


def test_the_duties_list_names_every_faction_owing_a_choice_once():
    aside = 0
    for seed, g in _positions():
        if g.phase in ("select-factions", "setup") or g.finished:
            continue
        recs = g.records
        owing = [r["faction"] for r in recs if r["type"] == "owed"]
        want = [n for n in g.order if n != g.active and any(g.fac[n][k] for k in OWED)]
        assert owing == want, (seed, g.round, g.phase)
        assert [r["faction"] for r in recs if r["type"] == "full"] == [g.active] * bool(g.active)
        assert [(r["faction"], r["from_faction"], r["amount"]) for r in recs
                if r["type"] == "leech"] == [tuple(o[:3]) for o in g.offers]
        aside += bool(want)
    assert aside  # factions owing a choice outside their turn were among them


def _holding_bon1():
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    g.pool = {**g.pool, "BON1": 0, "BON4": 1}
    g.coins = {**g.coins, "BON1": 0, "BON4": 2}
    f.update(BON1=1, bonus="BON1", C=5)
    return g, f


def test_passing_returns_the_held_tile_and_takes_the_new_one_with_its_coins() -> None:
    g, f = _holding_bon1()
    _row(g, "p0", "pass BON4")
    assert f["C"] == 7 and f["bonus"] == "BON4" and f["BON4"] == 1 and f["BON1"] == 0
    assert (g.pool["BON1"], g.coins["BON1"]) == (1, 0)
    assert (g.pool["BON4"], g.coins["BON4"]) == (0, 0)
    assert g.pass_order == ["witches"] and f["passed"] == 1


def test_passing_in_the_last_round_takes_no_tile_even_one_named() -> None:
    g, f = _holding_bon1()
    g.round = 6
    _row(g, "p0", "pass BON4")
    assert f["C"] == 5 and f["bonus"] == "" and f["BON4"] == 0 and f["BON1"] == 0
    assert (g.pool["BON1"], g.pool["BON4"], g.coins["BON4"]) == (1, 1, 2)


def test_a_taken_bonus_tile_gains_no_coin_when_a_round_starts() -> None:
    g = _state("witches", "nomads")
    g.round = 1
    g.pool.update(BON1=0, BON2=1)
    g.coins = {"BON1": 0, "BON2": 2}
    start_round(g)
    assert (g.coins["BON1"], g.coins["BON2"]) == (0, 3)


def test_under_variable_turn_order_a_dropped_faction_comes_after_those_who_passed() -> None:
    g = _state("witches", "nomads", "darklings", options=("variable-turn-order",))
    g.round = 2
    g.pass_order = ["darklings", "witches"]
    g.fac["nomads"].update(dropped=1)
    for n in g.order:
        g.fac[n]["passed"] = 1
    start_round(g)
    assert g.turn_order == ["darklings", "witches", "nomads"]
    assert g.active == "darklings" and g.fac["nomads"]["passed"] == 1


def test_a_bonus_tile_taken_pays_the_coins_on_it_and_none_when_it_has_none() -> None:
    from meeple_terra_mystica.turns import _take_bonus

    g = _state("witches", "nomads")
    f = g.fac["witches"]
    g.pool.update(BON1=1, BON2=1)
    g.coins = {"BON1": 2}
    c = f["C"]
    _take_bonus(g, f, "BON1")
    assert (f["C"], g.coins["BON1"], f["BON1"], f["bonus"], g.pool["BON1"]) == (c + 2, 0, 1, "BON1", 0)
    _take_bonus(g, f, "BON2")  # no coins were ever put on it
    assert f["C"] == c + 2 and f["BON2"] == 1


def test_saying_done_before_the_action_keeps_the_turn() -> None:
    g = _state("witches", "nomads")
    _row(g, "p0", "done")
    f = g.fac["witches"]
    assert (g.active, f["acted"], f["actions"]) == ("witches", 0, 1)
