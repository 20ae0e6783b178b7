"""The Witches' stronghold action (a dwelling on any empty hex of their home terrain,
next to their buildings or not) offered exactly where the rules allow it: legal lists one
row per empty forest hex, each accepted by the rules, and the rules refuse it on every
other empty land hex. (legal's own narrowing to forest hexes only saves time: legal tries
every candidate on the rules, so a looser filter, as seed 942's survivor had, lists the
same rows; this holds the rules' side of it.)"""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B

from .test_live_rules import _put, _row, _state

GAME = TerraMystica()


@pytest.mark.parametrize("other", ["nomads", "giants", "dwarves"])
def test_the_witches_action_builds_on_every_empty_forest_hex_and_nowhere_else(other):
    g = _state("witches", other)
    _put(g, "witches", "E5", "SH")
    _put(g, other, "E4")
    g.fac["witches"]["ACTW"] = 1
    rows = {GAME.format(m, g) for m in GAME.legal(g, "p0")}
    offered = {r.removeprefix("action ACTW. build ") for r in rows
               if r.startswith("action ACTW. build ")}
    empty = [h for h in B.LAND if not g.hbld[h]]
    forest = {B.NAMES[h] for h in empty if g.hcolor[h] == "green"}
    assert offered == forest and len(forest) > 5
    for name in sorted(forest):
        h = g.clone()
        _row(h, "p0", f"action ACTW. build {name}")
        assert h.hbld[B.INDEX[name]] == "D" and h.howner[B.INDEX[name]] == "witches"
    for hx in empty:
        if g.hcolor[hx] != "green":
            with pytest.raises(IllegalCommand):
                _row(g.clone(), "p0", f"action ACTW. build {B.NAMES[hx]}")


def test_after_the_witches_action_every_empty_forest_hex_is_offered_for_the_free_dwelling():
    g = _state("witches", "nomads")
    _put(g, "witches", "E5", "SH")
    g.fac["witches"]["ACTW"] = 1
    _row(g, "p0", "action ACTW")
    assert g.fac["witches"]["FREE_D"] == 1
    rows = {GAME.format(m, g) for m in GAME.legal(g, "p0")}
    builds = {r.removeprefix("build ") for r in rows if r.startswith("build ")}
    forest = {B.NAMES[h] for h in B.LAND if not g.hbld[h] and g.hcolor[h] == "green"}
    assert builds == forest and len(forest) > 5
