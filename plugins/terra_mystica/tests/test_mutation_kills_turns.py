"""Out-of-turn slips the legal-against-the-rules check found (test_mutation_kills_legal.py):
a dwelling built on an old transform while answering a power offer, and spades of a cult
bonus topped up by digging. Each refusal changes nothing."""

from __future__ import annotations

from meeple_terra_mystica import board as B

from .test_live_rules import _put, _refused, _row, _state


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
