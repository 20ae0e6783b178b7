"""Rules that only live play exercises: power offers answered in turn order before anyone
acts again, refusals of what the rules forbid, and payments that must never go short."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.notation import parse_row
from meeple_terra_mystica.rows import apply_row
from meeple_terra_mystica.state import new_faction, new_state
from meeple_terra_mystica.turns import acting

GAME = TerraMystica()


def _state(*factions, options=()):
    """A round-1 position with the given factions seated in order, nothing built yet."""
    g = new_state([f"p{i}" for i in range(len(factions))], set(options), ["SCORE3"] * 6, [])
    for i, name in enumerate(factions):
        g.fac[name] = new_faction(name, f"p{i}")
        g.order.append(name)
        g.player_of[name] = f"p{i}"
        g.faction_of[f"p{i}"] = name
    g.round, g.phase = 1, "play"
    g.turn_order = list(g.order)
    g.active = g.order[0]
    return g


def _put(g, name, hexname, building="D"):
    f = g.fac[name]
    h = B.INDEX[hexname]
    g.hcolor[h] = f["color"]
    g.hbld[h] = building
    g.howner[h] = name
    f["locations"] = f["locations"] + (h,)
    f["L_" + building] += 1
    return h


def _row(g, player, text):
    apply_row(g, player, parse_row(text))


def _refused(g, player, text, match):
    before = g.clone()
    with pytest.raises(IllegalCommand, match=match):
        _row(g.clone(), player, text)
    assert g == before


def _offer_scene(options=()):
    """Witches build next to a Nomads and a Cultists dwelling: two offers."""
    g = _state("witches", "nomads", "cultists", options=options)
    _put(g, "witches", "E5")
    _put(g, "nomads", "E4")
    _put(g, "cultists", "E6")
    return g


def test_offers_are_answered_in_turn_order_before_the_next_action():
    g = _offer_scene()
    # E4 and E6 are E5's neighbours in its row: upgrading E5 offers power to both.
    _row(g, "p0", "upgrade E5 to TP")
    assert [o[0] for o in g.offers] == ["nomads", "cultists"]  # from the builder's left
    assert acting(g) == ["nomads", "cultists"]  # the next player (nomads) answers first
    assert GAME.to_act(g) == ["p1", "p2"]
    _refused(g, "p1", "send p to FIRE", "must first answer the power offer from witches")
    _refused(g, "p2", "convert 1W to 1C", "only on their own turn")
    assert GAME.legal(g, "p1")[0].text == "leech 1 from witches"
    _row(g, "p1", "leech 1 from witches")
    assert acting(g) == ["cultists"]
    _refused(g, "p1", "send p to FIRE", "waiting for cultists to answer")
    _row(g, "p2", "decline 1 from witches")
    assert acting(g) == ["nomads"] and not g.offers


def test_nothing_is_declined_silently_live_but_the_site_option_keeps_the_records_rule():
    g = _offer_scene(options=("site-leech",))
    _row(g, "p0", "upgrade E5 to TP")
    assert acting(g) == ["nomads", "cultists"]  # ... and the active faction may act as well
    assert "nomads" in acting(g)
    p2 = g.fac["nomads"]["P2"]
    g.fac["nomads"]["P"] = 1
    _row(g, "p1", "advance ship")  # on the site, acting declines one's own offer
    assert [o[0] for o in g.offers] == ["cultists"] and g.fac["nomads"]["P2"] == p2


def test_full_bowls_get_no_offer_live():
    g = _offer_scene()
    n = g.fac["nomads"]
    n["P1"], n["P2"], n["P3"] = 0, 0, 12
    _row(g, "p0", "upgrade E5 to TP")
    assert [o[0] for o in g.offers] == ["cultists"]
    site = _offer_scene(options=("site-leech",))
    site.fac["nomads"].update(P1=0, P2=0, P3=12)
    _row(site, "p0", "upgrade E5 to TP")
    assert [o[0] for o in site.offers] == ["nomads", "cultists"]


def _cultist_scene(options=()):
    g = _state("cultists", "witches", "nomads", options=options)
    _put(g, "cultists", "E5")
    _put(g, "witches", "E4")
    _put(g, "nomads", "E6")
    return g


def test_cultists_choose_their_cult_step_before_the_next_action():
    g = _cultist_scene()
    _row(g, "p0", "upgrade E5 to TP")
    assert acting(g) == ["witches", "nomads"]
    _row(g, "p1", "leech 1 from cultists")
    assert acting(g) == ["nomads", "cultists"]  # offers first, then the owed step
    _row(g, "p2", "leech 1 from cultists")
    assert g.fac["cultists"]["CULT"] == 1  # one step, however many take
    assert acting(g) == ["cultists"]
    _refused(g, "p1", "send p to FIRE", "waiting for cultists to choose a cult track")
    fire = g.fac["cultists"]["FIRE"]
    _row(g, "p0", "+FIRE")
    assert g.fac["cultists"]["FIRE"] == fire + 1 and acting(g) == ["witches"]


@pytest.mark.parametrize("errata", [False, True])
def test_cultists_when_everyone_declines(errata):
    g = _cultist_scene(options=("errata-cultist-power",) if errata else ())
    c = g.fac["cultists"]
    p1 = c["P1"]
    _row(g, "p0", "upgrade E5 to TP")
    _row(g, "p1", "decline 1 from cultists")
    assert c["P1"] == p1  # the second neighbour has not answered yet
    _row(g, "p2", "decline 1 from cultists")
    assert c["CULT"] == 0
    assert c["P1"] == (p1 - 1 if errata else p1)
    assert acting(g) == ["witches"]


def test_a_cult_track_never_moves_back_on_its_own():
    g = _state("witches", "nomads")
    _refused(g, "p0", "-FIRE", "never moves back on its own")
    f = g.fac["witches"]
    f["CULT"] = 1
    air = f["AIR"]
    _row(g, "p0", "-AIR. +AIR")  # giving back a step that the same row gains: allowed
    assert f["AIR"] == air


def test_transform_and_build_builds_on_the_transformed_hex():
    g = _state("nomads", "witches")
    _put(g, "nomads", "E5")
    near = sorted(h for h in B.ADJ[B.INDEX["E5"]] if not B.IS_RIVER[h])
    a, b = near[0], near[1]
    g.hcolor[a] = "red"  # one spade from desert (yellow)
    g.hcolor[b] = "yellow"  # already desert
    g.fac["nomads"]["W"] = 9
    _refused(g, "p0", f"dig 1. transform {B.NAMES[a]} to yellow. build {B.NAMES[b]}",
             "must go on a hex it transformed")
    _row(g, "p0", f"dig 1. transform {B.NAMES[a]} to yellow. build {B.NAMES[a]}")
    assert g.hbld[a] == "D"


# -- payments never go short (issue 21) -----------------------------------------------


def _round_one(factions, seed=3):
    """A real game at the start of round 1 with the given factions (setup by legal)."""
    lg = LocalGame(GAME, [f"p{i}" for i in range(len(factions))],
                   {"scoring": "SCORE3,SCORE8,SCORE4,SCORE7,SCORE6,SCORE2",
                    "removed-bonus": "none" if len(factions) > 5 else ""}, seed=seed)
    for i, name in enumerate(factions):
        lg.play(f"p{i}", f"setup {name}")
    while lg.state.round == 0:
        p = lg.to_act()[0]
        lg.play(p, GAME.legal(lg.state, p)[-1])
    return lg


SHORT = ("C", "W", "P", "P1", "P2", "P3")


@pytest.mark.parametrize("factions", [("witches", "dwarves", "fakirs"),
                                      ("darklings", "engineers", "halflings"),
                                      ("alchemists", "mermaids", "giants"), ("swarmlings", "auren", "nomads")])
def test_every_payment_refuses_a_short_purse_and_changes_nothing(factions):
    lg = _round_one(factions)
    g = lg.state
    paid = 0
    for name in factions:
        st = g.clone()
        st.active = name
        st.fac[name]["P3"] = 7  # every power action affordable
        st.fac[name]["P"] = 2
        st.fac[name]["W"] = 9
        st.fac[name]["C"] = 15
        player = st.player_of[name]
        rows = [t.text for t in GAME.legal(st, player)]
        for text in rows:
            if text.startswith(("pass", "leech", "decline", "send p to", "action ACTA",
                                "action ACTC", "action BON2", "action ACTN. ",
                                "action ACTW", "action ACTG. build", "action ACTS")):
                continue  # costs nothing to pay (or only a priest, checked below)
            for k in SHORT:
                st.fac[name][k] = 0
            before = st.clone()
            with pytest.raises(IllegalCommand, match="not enough|can't burn|no priest"):
                GAME.decide(st, player, text, None)
            assert st == before, text
            paid += 1
            st = before
        st.fac[name]["P"] = 0
        before = st.clone()
        with pytest.raises(IllegalCommand, match="no priest"):
            GAME.decide(st, player, "send p to FIRE", None)
        assert st == before
    assert paid > 40  # the three factions' whole range of paid actions was tried


def test_the_public_summary_shows_each_resource_in_its_own_field():
    lg = _round_one(("witches", "nomads"))
    g = lg.state
    f = g.fac["witches"]
    f.update(C=11, W=7, P=3, VP=23)
    s = GAME.summary(g)["factions"]["witches"]
    assert (s["C"], s["W"], s["P"], s["VP"]) == (11, 7, 3, 23)
    assert s["power"] == f"{f['P1']}/{f['P2']}/{f['P3']}"
