"""The flow of turns and rounds at its edges: towns founded at once beyond the tiles left,
dropping out during another faction's free actions, the next round's turn order (fixed
and variable), passing order and the last faction alone, and what a round's end pays."""

from __future__ import annotations

import pytest
from meeple_terra_mystica import board as B
from meeple_terra_mystica.scoring import check_towns
from meeple_terra_mystica.turns import acting, start_round

from .test_live_rules import _put, _row, _state


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
