"""Tests that kill mutants of the Terra Mystica plugin which its other tests let survive
(scripts/mutation.py, docs/testing.md)."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terra_mystica.notation import parse_row
from meeple_terra_mystica.rows import apply_row
from meeple_terra_mystica.state import new_faction, new_state


def _witches():
    g = new_state(["p0"], set(), ["SCORE3"] * 6, [])
    g.fac["witches"] = new_faction("witches", "p0")
    g.order.append("witches")
    g.player_of["witches"], g.faction_of["p0"] = "p0", "witches"
    g.round, g.phase = 1, "play"
    g.turn_order, g.active = list(g.order), "witches"
    g.fac["witches"]["P"] = 1
    return g


def test_a_priest_sent_for_2_takes_a_free_2_spot_and_is_refused_when_none_is_left():
    g = _witches()
    g.cult_spots["FIRE"][1:3] = ["nomads", "cultists"]
    apply_row(g, "p0", parse_row("send p to FIRE for 2"))
    assert g.cult_spots["FIRE"][1:] == ["nomads", "cultists", "witches"]
    g = _witches()
    g.cult_spots["FIRE"][1:] = ["nomads", "cultists", "giants"]
    before = g.clone()
    with pytest.raises(IllegalCommand, match="no free 2 spot on FIRE"):
        apply_row(g.clone(), "p0", parse_row("send p to FIRE for 2"))
    assert g == before


def test_power_offered_by_a_building_follows_the_rulebook_strengths():
    # Leeching: a neighbour is offered the summed strength of the adjacent buildings.
    from meeple_terra_mystica.data import STRENGTH

    assert {b: STRENGTH.get(b, 0) for b in ("D", "TP", "TE", "SH", "SA", "")} == {
        "D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3, "": 0}
