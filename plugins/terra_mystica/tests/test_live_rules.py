"""Rules that only live play exercises: power offers answered in turn order before anyone
acts again, refusals of what the rules forbid, payments that must never go short, what
a trading house, a Darklings' dig and a priest sent to a cult track take, and how far a
transform without a colour goes."""

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
    f[building] += 1
    return h


def _row(g, player, text):
    apply_row(g, player, parse_row(text))


def _refused(g, player, text, match):
    before = g.clone()
    with pytest.raises(IllegalCommand, match=match):
        _row(g.clone(), player, text)
    assert g == before


def _builder_between(builder: str, left: str, right: str, options=()):
    """``builder`` (seat p0) has a dwelling on E5, ``left`` on E4 and ``right`` on E6, its
    neighbours in the row: upgrading E5 offers power to both."""
    g = _state(builder, left, right, options=options)
    _put(g, builder, "E5")
    _put(g, left, "E4")
    _put(g, right, "E6")
    return g


def _offer_scene(options=()):
    """Witches build next to a Nomads and a Cultists dwelling: two offers."""
    return _builder_between("witches", "nomads", "cultists", options)


def test_offers_are_answered_in_turn_order_before_the_next_action():
    g = _offer_scene()
    # E4 and E6 are E5's neighbours in its row: upgrading E5 offers power to both.
    _row(g, "p0", "upgrade E5 to TP")
    assert [o[0] for o in g.offers] == ["nomads", "cultists"]  # from the builder's left
    # The next player (nomads) answers first; the witches, whose turn just ended, may
    # still convert (listed last: nobody waits for them).
    assert acting(g) == ["nomads", "cultists", "witches"]
    assert GAME.to_act(g) == ["p1", "p2", "p0"]
    _refused(g, "p1", "send p to FIRE", "must first answer the power offer from witches")
    _refused(g, "p2", "convert 1W to 1C", "only on their own turn")
    assert GAME.legal(g, "p1")[0].text == "leech 1 from witches"
    _row(g, "p1", "leech 1 from witches")
    assert acting(g) == ["cultists", "witches"]
    _refused(g, "p1", "send p to FIRE", "waiting for cultists to answer")
    _row(g, "p2", "decline 1 from witches")
    assert acting(g) == ["nomads", "witches"] and not g.offers
    _row(g, "p0", "convert 1W to 1C")  # the witches' free action after their turn
    g.fac["nomads"]["P"] = 1
    _row(g, "p1", "send p to FIRE")
    assert "witches" not in acting(g)  # ... until anyone acts again
    _refused(g, "p0", "convert 1W to 1C", "p0 may not act now")


def test_nothing_is_declined_silently_live_but_the_site_option_keeps_the_records_rule():
    g = _offer_scene(options=("site-leech",))
    _row(g, "p0", "upgrade E5 to TP")
    assert acting(g) == ["nomads", "cultists", "witches"]  # nomads may act meanwhile
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
    return _builder_between("cultists", "witches", "nomads", options)


def test_cultists_choose_their_cult_step_before_the_next_action():
    g = _cultist_scene()
    _row(g, "p0", "upgrade E5 to TP")
    assert acting(g) == ["witches", "nomads", "cultists"]
    _row(g, "p1", "leech 1 from cultists")
    assert acting(g) == ["nomads", "cultists"]  # offers first, then the owed step
    _row(g, "p2", "leech 1 from cultists")
    assert g.fac["cultists"]["CULT"] == 1  # one step, however many take
    assert acting(g) == ["cultists"]
    _refused(g, "p1", "send p to FIRE", "waiting for cultists to choose a cult track")
    fire = g.fac["cultists"]["FIRE"]
    _row(g, "p0", "+FIRE")
    assert g.fac["cultists"]["FIRE"] == fire + 1 and acting(g) == ["witches", "cultists"]


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
    assert acting(g) == ["witches", "cultists"]


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


# -- payments never go short ------------------------------------------------------------


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
                                "action ACTC", "action BON2", "action ACTN",
                                "action ACTW", "action ACTG", "action ACTS", "done",
                                "convert 1VP")) or text == "action BON1":
                continue  # costs nothing to pay (or only a priest, checked below)
            for k in SHORT:
                st.fac[name][k] = 0
            before = st.clone()
            with pytest.raises(IllegalCommand, match="not enough|can't burn|no priest"):
                GAME.decide(st, player, text, None)
                pytest.fail(f"{name}: {text!r} was accepted with an empty purse")
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


# -- options: factions, the first game; dropping out --------------------------------


def test_factions_option_seats_the_factions_and_bad_lists_say_why():
    from meeple.core import BadOptions

    lg = LocalGame(GAME, ["ann", "bob", "cy"], {"factions": "Witches,nomads,darklings"}, seed=1)
    assert lg.state.order == ["witches", "nomads", "darklings"]
    assert lg.state.faction_of == {"ann": "witches", "bob": "nomads", "cy": "darklings"}
    assert lg.state.phase == "setup" and lg.to_act() == ["ann"]
    for opts, msg in (({"factions": "witches,auren"}, "share the green terrain"),
                      ({"factions": "witches"}, "1 given for 2 players"),
                      ({"factions": "witches,elves"}, "unknown faction 'elves'"),
                      ({"factions": "witches,nomads", "first-game": True}, "first-game fixes")):
        with pytest.raises(BadOptions, match=msg):
            LocalGame(GAME, ["ann", "bob"], opts)


@pytest.mark.parametrize("n,factions", [(2, ["witches", "nomads"]),
                                        (3, ["witches", "nomads", "alchemists"]),
                                        (4, ["witches", "nomads", "halflings", "mermaids"]),
                                        (5, ["witches", "nomads", "halflings", "mermaids",
                                             "giants"])])
def test_first_game_option_uses_the_rule_books_factions(n, factions):
    lg = LocalGame(GAME, [f"p{i}" for i in range(n)], {"first-game": True}, seed=2)
    assert lg.state.order == factions


def test_a_player_who_leaves_drops_out_and_the_faction_passes_from_then_on():
    import random

    lg = _round_one(("witches", "nomads", "darklings"), seed=5)
    lg.play("p0", next(t for t in GAME.legal(lg.state, "p0") if t.text.startswith("pass")))
    # p1 (nomads) leaves when asked to act: the command is recorded as an event.
    assert lg.to_act()[0] == "p1"
    events = lg.play("p1", "drop")
    assert events and GAME.describe_event(events[0])
    f = lg.state.fac["nomads"]
    assert f["dropped"] and f["passed"] and not f["bonus"]
    with pytest.raises(IllegalCommand, match="already dropped"):
        GAME.decide(lg.state, "p1", "drop", None)
    rng = random.Random(5)
    rounds_seen = set()
    while lg.outcome() is None:
        p = lg.to_act()[0]
        assert p != "p1"  # a dropped faction never acts again
        rounds_seen.add(lg.state.round)
        lg.play(p, rng.choice(GAME.legal(lg.state, p)))
    assert rounds_seen == {1, 2, 3, 4, 5, 6}
    assert "p1" in lg.outcome().ranks  # still scored at the end


def test_one_faction_acts_several_times_in_a_row_at_a_rounds_end():
    """Everyone else has passed: temple with its favor tile, the tile's action, a pass."""
    g = _state("witches", "nomads")
    _put(g, "witches", "E5", "TP")
    g.fac["nomads"]["passed"] = 1
    g.pass_order = ["nomads"]
    g.pool.update({"BON1": 1, "BON2": 1})
    f = g.fac["witches"]
    f.update(W=5, C=10)
    _row(g, "p0", "upgrade E5 to TE")
    assert acting(g) == ["witches"] and f["FAVOR"] == 1
    _row(g, "p0", "+FAV6")
    assert acting(g) == ["witches"]  # the only faction still in the round acts again
    _row(g, "p0", "action FAV6")
    _row(g, "p0", "+WATER")
    water = f["WATER"]
    assert water == 3  # 2 from the tile, 1 from its action
    _row(g, "p0", "pass BON1")
    assert g.round == 2


def test_several_actions_in_one_row_when_everyone_else_has_passed():
    """The site's records write such a round end as one row; it plays as one row too."""
    g = _state("witches", "nomads")
    _put(g, "witches", "E5", "TP")
    g.fac["nomads"]["passed"] = 1
    g.pass_order = ["nomads"]
    g.pool.update({"BON1": 1, "BON2": 1})
    g.fac["witches"].update(W=5, C=10)
    _row(g, "p0", "upgrade E5 to TE. +FAV6. action FAV6. +WATER. pass BON1")
    assert g.round == 2 and g.fac["witches"]["WATER"] == 3
    h = _state("witches", "nomads")  # with someone still in the round: one action a turn
    _put(h, "witches", "E5", "TP")
    h.fac["witches"].update(W=5, C=10)
    _refused(h, "p0", "upgrade E5 to TE. +FAV6. action FAV6", "already taken their action")


@pytest.mark.parametrize("strict", [False, True])
def test_every_open_offer_is_offered_to_answer_and_strict_leech_keeps_the_order(strict):
    g = _state("witches", "nomads", "cultists", options=("strict-leech",) if strict else ())
    g.offers = [["witches", "nomads", 2, 0, 1], ["witches", "cultists", 1, 1, 1]]
    g.active = "nomads"
    rows = [t.text for t in GAME.legal(g, "p0")]
    assert "leech 2 from nomads" in rows and "decline 2 from nomads" in rows
    assert ("leech 1 from cultists" in rows) is not strict
    assert not any(r.startswith(("build", "upgrade", "pass", "send")) for r in rows)


# -- what building, digging and sending a priest take; a transform without a colour -----------


def test_a_trading_house_with_no_neighbour_costs_double_coins() -> None:
    # Rulebook: a trading house costs 2 workers and 6 coins, only 3 coins next to an
    # opponent's building.
    for neighbour, coins in ((False, 6), (True, 3)):
        g = _state("witches", "nomads")
        _put(g, "witches", "E5")
        if neighbour:
            _put(g, "nomads", "E6")
        f = g.fac["witches"]
        f["C"], f["W"] = 9, 4
        _row(g, "p0", "upgrade E5 to TP")
        assert (f["C"], f["W"]) == (9 - coins, 2), neighbour
        assert g.hbld[B.INDEX["E5"]] == "TP"
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    g.fac["witches"]["C"], g.fac["witches"]["W"] = 5, 4
    _refused(g, "p0", "upgrade E5 to TP", "not enough C")


def test_darklings_dig_with_priests_and_score_two_vp_a_spade() -> None:
    g = _state("darklings", "nomads")
    f = g.fac["darklings"]
    f["P"], f["VP"] = 2, 20
    home = B.INDEX["E5"]
    _put(g, "darklings", "E4")
    g.hcolor[home] = "green"  # two steps from black on the wheel (green, gray... black)
    need = abs(B.color_difference("green", "black"))
    _row(g, "p0", f"dig {need}. transform E5 to black")
    assert (f["P"], f["VP"], g.hcolor[home]) == (2 - need, 20 + 2 * need, "black")
    g = _state("darklings", "nomads")
    _put(g, "darklings", "E4")
    g.fac["darklings"]["P"] = 1
    _refused(g, "p0", "dig 2", "not enough P")


def test_a_priest_sent_for_2_takes_a_free_2_spot_and_is_refused_when_none_is_left():
    g = _state("witches")
    g.fac["witches"]["P"] = 1
    g.cult_spots["FIRE"][1:3] = ["nomads", "cultists"]
    _row(g, "p0", "send p to FIRE for 2")
    assert g.cult_spots["FIRE"][1:] == ["nomads", "cultists", "witches"]
    g = _state("witches")
    g.fac["witches"]["P"] = 1
    g.cult_spots["FIRE"][1:] = ["nomads", "cultists", "giants"]
    _refused(g, "p0", "send p to FIRE for 2", "no free 2 spot on FIRE")


def test_a_transform_without_a_colour_goes_as_far_home_as_the_spades_go_round_the_wheel() -> None:
    # Witches (green) on yellow: the short way round is yellow - red - gray - green.
    g = _state("witches", "nomads")
    _put(g, "witches", "E4")
    h = B.INDEX["E5"]
    g.hcolor[h] = "yellow"
    g.fac["witches"]["SPADE"] = 1
    _row(g, "p0", "transform E5")
    assert g.hcolor[h] == "red" and g.fac["witches"]["SPADE"] == 0


def test_owed_cult_steps_are_taken_one_step_a_track_and_never_more_than_owed() -> None:
    # Only the Auren's stronghold action gives several steps on one track at once.
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f["CULT"] = 2
    assert [c.text for c in GAME.legal(g, "p0") if c.text.startswith("+")] == [
        "+FIRE", "+WATER", "+EARTH", "+AIR"]
    _refused(g, "p0", "+3FIRE", "witches are owed 2 cult steps")
    fire = f["FIRE"]
    _row(g, "p0", "+FIRE")
    assert (f["FIRE"], f["CULT"]) == (fire + 1, 1)


def test_a_player_may_drop_out_while_the_round_ends_spades_are_dug_but_not_in_the_setup() -> None:
    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    _put(g, "nomads", "A1")
    g.phase, g.active = "spades", ""
    g.fac["witches"].update(SPADE=1, passed=1)
    g.fac["nomads"]["passed"] = 1
    assert acting(g) == ["witches"]  # only the witches owe a spade
    _row(g, "p1", "drop")
    assert g.fac["nomads"]["dropped"] and acting(g) == ["witches"] and g.phase == "spades"
    lg = LocalGame(GAME, GAME.default_players(2), {"factions": "witches,nomads"}, seed=3)
    assert lg.state.phase == "setup" and lg.to_act() == ["p1"]
    _refused(lg.state, "p1", "drop", "in the setup, place a dwelling")


def test_a_giants_transform_without_a_colour_goes_home_with_two_spades_whatever_the_distance():
    # E4 is black, three steps from the Giants' red; E6 brown, two: each takes two
    # spades, three workers each.
    for hexname in ("E4", "E6"):
        g = _state("giants", "nomads")
        _put(g, "giants", "E5")
        g.fac["giants"]["W"] = 10
        _row(g, "p0", f"dig 2. transform {hexname}")
        assert g.hcolor[B.INDEX[hexname]] == "red"
        assert g.fac["giants"]["W"] == 4 and g.fac["giants"]["SPADE"] == 0


def test_a_bare_decline_answers_every_offer_to_the_decliner_and_no_other():
    g = _offer_scene()
    _row(g, "p0", "upgrade E5 to TP")
    bowls = [g.fac["nomads"][k] for k in ("P1", "P2", "P3")]
    _row(g, "p1", "decline")
    assert [o[:3] for o in g.offers] == [["cultists", "witches", 1]]
    assert [g.fac["nomads"][k] for k in ("P1", "P2", "P3")] == bowls
    assert acting(g) == ["cultists", "witches"]


@pytest.mark.parametrize("bowls", [(0, 0, 12), (0, 1, 11), (1, 0, 11), (0, 2, 10), (1, 1, 10),
                                   (5, 7, 0)])
def test_power_taken_is_the_least_of_offer_asked_room_and_points_and_costs_one_less_vp(bowls):
    for vp in (0, 1, 2, 20):
        for asked in (1, 2, 3):
            # An offer is the strength of the receiver's own buildings next to the hex.
            g = _builder_between("witches", "nomads", "cultists")
            g.hbld[B.INDEX["E4"]] = "SH"
            _row(g, "p0", "upgrade E5 to TP")
            assert [o[:3] for o in g.offers] == [["nomads", "witches", 3], ["cultists", "witches", 1]]
            n = g.fac["nomads"]
            p1, p2, p3 = bowls
            n.update(P1=p1, P2=p2, P3=p3, VP=vp)
            _row(g, "p1", f"leech {asked} from witches")
            room = 2 * p1 + p2
            got = min(3, asked, room, vp + 1)
            # Bowl I empties into II first, then II into III.
            a = min(got, p1)
            assert (n["P1"], n["P2"], n["P3"]) == (p1 - a, p2 + a - (got - a), p3 + got - a), (
                bowls, vp, asked)
            assert n["VP"] == vp - max(0, got - 1), (bowls, vp, asked)
            assert [o[0] for o in g.offers] == ["cultists"]


@pytest.mark.parametrize("row, change", [
    ("convert 1PW to 1C", {"P3": -1, "P1": 1, "C": 1}),
    ("convert 6PW to 2W", {"P3": -6, "P1": 6, "W": 2}),
    ("convert 5PW to 1P", {"P3": -5, "P1": 5, "P": 1}),
    ("convert 2P to 2W", {"P": -2, "W": 2}),
    ("convert 3W to 3C", {"W": -3, "C": 3}),
    ("burn 3", {"P2": -6, "P3": 3}),
])
def test_each_conversion_moves_exactly_the_rulebooks_rates(row: str, change: dict) -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    start = dict(C=10, W=5, P=3, P1=0, P2=6, P3=6, VP=20)
    f.update(start)
    _row(g, "p0", row)
    assert {k: f[k] for k in start} == {k: v + change.get(k, 0) for k, v in start.items()}


@pytest.mark.parametrize("row, match", [
    ("convert 2PW to 1W", "PW to W is 3 to 1"), ("convert 4PW to 1P", "PW to P is 5 to 1"),
    ("convert 2W to 1C", "W to C is 1 to 1"), ("convert 1W to 1P", "can't convert W to P"),
    ("convert 7PW to 7C", "not enough power in bowl III: witches have 6, need 7"),
    ("convert 4P to 4W", "not enough P: witches have 3, need 4"),
    ("burn 4", "can't burn 4: bowl II has 6"),
])
def test_a_conversion_off_its_rate_or_beyond_the_purse_is_refused(row: str, match: str) -> None:
    g = _state("witches", "nomads")
    g.fac["witches"].update(C=10, W=5, P=3, P1=0, P2=6, P3=6)
    _refused(g, "p0", row, match)


def test_the_alchemists_trade_points_and_coins_both_ways() -> None:
    g = _state("alchemists", "nomads")
    f = g.fac["alchemists"]
    f.update(C=10, VP=20)
    _row(g, "p0", "convert 4C to 2VP")
    assert (f["C"], f["VP"]) == (6, 22)
    _row(g, "p0", "convert 3VP to 3C")
    assert (f["C"], f["VP"]) == (9, 19)
    _refused(g, "p0", "convert 3C to 1VP", "C to VP is 2 to 1")


N = "nomads"


@pytest.mark.parametrize("before, text, spots, steps, out", [
    (["", "", "", ""], "send p to FIRE", ["witches", "", "", ""], 3, 1),
    ([N, "", "", ""], "send p to FIRE", [N, "witches", "", ""], 2, 1),
    ([N, N, "", ""], "send p to FIRE", [N, N, "witches", ""], 2, 1),
    ([N, "", N, N], "send p to FIRE", [N, "witches", N, N], 2, 1),
    ([N, N, N, ""], "send p to FIRE", [N, N, N, "witches"], 2, 1),
    ([N, N, N, N], "send p to FIRE", [N, N, N, N], 1, 0),
    (["", "", "", ""], "send p to FIRE for 1", ["", "", "", ""], 1, 0),
    (["", "", "", ""], "send p to FIRE for 2", ["", "witches", "", ""], 2, 1),
])
def test_a_priest_sent_without_a_spot_takes_the_best_one_free(before, text, spots, steps, out):
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f.update(P=2, FIRE=0)
    g.cult_spots["FIRE"] = list(before)
    _row(g, "p0", text)
    assert (g.cult_spots["FIRE"], f["FIRE"], f["P"], f["priests_out"]) == (spots, steps, 1, out)


def test_a_priest_is_needed_to_send_one():
    g = _state("witches", "nomads")
    g.fac["witches"]["P"] = 0
    _refused(g, "p0", "send p to FIRE", "^witches have no priest$")


def test_favor_tiles_are_owed_only_as_far_as_different_tiles_are_left():
    from meeple_terra_mystica.actions import owe_favor
    from meeple_terra_mystica.data import FAVOR

    g = _state("witches", "nomads")
    f = g.fac["witches"]
    owe_favor(g, f, 1)
    assert f["FAVOR"] == 1
    owe_favor(g, f, 2)
    assert f["FAVOR"] == 3
    for t in FAVOR:
        g.pool[t] = 0
    g.pool["FAV5"], g.pool["FAV6"] = 3, 1
    f["FAV6"] = 1  # held: not one to take again
    f["FAVOR"] = 0
    owe_favor(g, f, 2)
    assert f["FAVOR"] == 1
    g.pool["FAV5"] = 0
    f["FAVOR"] = 0
    owe_favor(g, f, 1)
    assert f["FAVOR"] == 0


def test_an_adjustment_takes_owed_tiles_gives_up_what_is_owed_and_nothing_else():
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f.update(TOWN=2)
    _row(g, "p0", "+2TW1")  # two towns founded: both tiles taken by one part
    assert (f["TW1"], f["TOWN"], g.pool["TW1"]) == (2, 0, 0)
    f.update(SPADE=2, build_ok=1)
    _row(g, "p0", "-2SPADE")
    assert (f["SPADE"], f["build_ok"]) == (0, 0)
    for text, said in (("+SPADE", r"can't take \+1 SPADE now"), ("-FAV1", "can't take -1 FAV1 now"),
                       ("+2C", r"can't take \+2 C now"), ("-2FREE_D", "no FREE_D to give up"),
                       ("-BRIDGE", "no BRIDGE to give up"), ("-FREE_TP", "no FREE_TP to give up")):
        _refused(g, "p0", text, said)


def test_dwellings_trading_houses_and_temples_run_out_at_their_limits():
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    g.hcolor[B.INDEX["E4"]] = "green"
    f.update(W=20, C=30, D=8)
    _refused(g, "p0", "build E4", "^witches have no dwelling left$")
    f["D"] = 7
    _row(g.clone(), "p0", "build E4")
    f["TP"] = 4
    _refused(g, "p0", "upgrade E5 to TP", "^witches have no TP left$")
    f["TP"] = 3
    _row(g.clone(), "p0", "upgrade E5 to TP")


def test_fav10_pays_for_a_trading_house_and_for_no_other_building():
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    _put(g, "witches", "E7", "TP")
    _put(g, "nomads", "E6")  # a neighbour: single prices
    f.update(W=20, C=30, FAV10=1)
    for row, building_vp in (("upgrade E5 to TP", 3), ("upgrade E7 to TE", 0)):
        h = g.clone()
        before = h.fac["witches"]["VP"]
        _row(h, "p0", row)
        got = h.fac["witches"]["VP"] - before
        # the round tile (SCORE3) pays for dwellings only
        assert got == building_vp, row


def test_a_dwelling_with_spades_at_hand_may_go_on_a_home_hex_the_action_did_not_transform():
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    _put(g, "witches", "E5")
    g.hcolor[B.INDEX["E4"]] = "green"
    f.update(SPADE=1, build_ok=1, tf=(), acted=1)
    _row(g, "p0", "build E4")
    assert (f["D"], f["SPADE"], f["build_ok"], f["acted"]) == (2, 1, 0, 1)


def test_a_free_dwelling_goes_on_forest_and_only_the_witches_have_one():
    g = _state("nomads", "witches")
    f = g.fac["nomads"]
    _put(g, "nomads", "E5")
    g.hcolor[B.INDEX["E4"]] = "green"
    f["FREE_D"] = 1
    _refused(g, "p0", "build E4", "^E4 is not a forest hex$")


def test_two_steps_on_one_track_take_both_owed_steps_at_once():
    g = _state("auren", "nomads")
    f = g.fac["auren"]
    f.update(CULT=1, cult_same=1, FIRE=0)
    _row(g, "p0", "+2FIRE")
    assert (f["FIRE"], f["CULT"], f["cult_same"]) == (2, 0, 0)
    f.update(CULT=1, cult_same=0)
    _refused(g, "p0", "+2WATER", "^auren are owed 1 cult steps$")


def test_the_darklings_stronghold_trades_workers_for_as_many_priests_only():
    g = _state("darklings", "nomads")
    f = g.fac["darklings"]
    f.update(dsh=3, W=5, P=0)
    _refused(g, "p0", "convert 2W to 1P", "^the Darklings' stronghold converts up to 3 W to P$")
    _refused(g, "p0", "convert 4W to 4P", "converts up to 3 W to P")
    _row(g, "p0", "convert 3W to 3P")
    assert (f["W"], f["P"], f["dsh"]) == (2, 3, 0)


def test_a_full_bowl_refusing_a_cultists_offer_is_no_refusal_that_pays_them():
    from meeple_terra_mystica.actions import answer

    for could, paid in ((0, 0), (1, 1)):
        g = _state("witches", "cultists", options=("errata-cultist-power",))
        w, c = g.fac["witches"], g.fac["cultists"]
        w.update(P1=0, P2=0, P3=12 if not could else 0)
        if could:
            w.update(P1=12)
        g.offers = [["witches", "cultists", 1, 0, could]]
        g.cultist_offers = {"0": 0}
        p1 = c["P1"]
        answer(g, w, False, 1, "cultists")
        assert (p1 - c["P1"], g.cultist_offers) == (paid, {}), could


def test_a_second_action_in_a_row_needs_every_other_faction_passed():
    g = _state("witches", "nomads", "cultists")
    f = g.fac["witches"]
    f.update(P=3, acted=1)
    g.fac["nomads"]["passed"] = 1
    _refused(g, "p0", "send p to FIRE", "^witches have already taken their action this turn$")
    g.fac["cultists"]["passed"] = 1
    _row(g, "p0", "send p to FIRE")
    assert (f["P"], g.active) == (2, "witches")  # and its next turn follows at once


def test_a_tile_action_held_by_two_factions_is_taken_by_each_once_a_round():
    g = _state("witches", "nomads")
    for n in ("witches", "nomads"):
        g.fac[n]["FAV6"] = 1
    _row(g, "p0", "action FAV6. +FIRE")
    assert g.blocked == {"FAV6/witches": 1}
    _row(g, "p1", "action FAV6. +WATER")
    assert g.blocked == {"FAV6/witches": 1, "FAV6/nomads": 1}
    g.active = "witches"
    g.fac["witches"].update(acted=0)
    _refused(g, "p0", "action FAV6", "^Action space FAV6 is already taken this round$")


def test_the_engineers_bridge_action_is_never_used_up():
    g = _state("engineers", "nomads")
    f = g.fac["engineers"]
    a = next(h for h in B.LAND if len(B.BRIDGABLE[h]) >= 2)
    _put(g, "engineers", B.NAMES[a])
    b, c = sorted(B.BRIDGABLE[a])[:2]
    f.update(W=4, ACTE=1)
    _row(g, "p0", f"action ACTE. bridge {B.NAMES[a]}:{B.NAMES[b]}")
    assert g.blocked == {}
    f.update(acted=0)
    g.active = "engineers"
    _row(g, "p0", f"action ACTE. bridge {B.NAMES[a]}:{B.NAMES[c]}")
    assert (f["W"], len(g.bridges)) == (0, 2)


def test_the_free_dwelling_action_allows_no_other_build_and_the_sandstorm_one_on_its_hex():
    g = _state("witches", "nomads")
    g.fac["witches"]["ACTW"] = 1
    _row(g, "p0", "action ACTW")
    assert (g.fac["witches"]["FREE_D"], g.fac["witches"]["build_ok"]) == (1, 0)
    g = _state("nomads", "witches")
    _put(g, "nomads", "E5")
    g.fac["nomads"]["ACTN"] = 1
    _row(g, "p0", "action ACTN")
    assert (g.fac["nomads"]["FREE_TF"], g.fac["nomads"]["build_ok"]) == (1, 1)


def test_an_answer_names_the_amount_of_the_offer_it_takes():
    from meeple_terra_mystica.actions import answer

    g = _state("witches", "nomads")
    w = g.fac["witches"]
    w.update(P1=5, P2=0, P3=0)
    g.offers = [["witches", "nomads", 1, 0, 1], ["witches", "nomads", 2, 1, 1]]
    answer(g, w, True, 2, "nomads")
    assert g.offers == [["witches", "nomads", 1, 0, 1]] and (w["P1"], w["P2"]) == (3, 2)


def test_a_cultists_build_beside_only_full_bowls_awaits_no_answer_for_its_step():
    from meeple_terra_mystica.actions import offer_power

    for room, want in ((0, {}), (1, {"0": 0})):
        g = _state("cultists", "witches", options=("site-leech",))
        _put(g, "witches", "E4")
        h = _put(g, "cultists", "E5")
        g.fac["witches"].update(P1=0, P2=room, P3=12 - room)
        offer_power(g, g.fac["cultists"], h)
        assert [o[:3] for o in g.offers] == [["witches", "cultists", 1]]
        assert g.cultist_offers == want, room
