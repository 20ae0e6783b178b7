"""Direct checks of rules the records exercise only now and then."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terra_mystica import board as B
from meeple_terra_mystica.actions import answer, bridge
from meeple_terra_mystica.data import STRENGTH
from meeple_terra_mystica.economy import cult_steps
from meeple_terra_mystica.reach import reach_cost
from meeple_terra_mystica.scoring import _resources, check_towns, rank_points
from meeple_terra_mystica.state import new_faction, new_state


def _state(*factions, options=("mini-expansion-1",)):
    g = new_state([f"p{i}" for i in range(len(factions))], set(options), ["SCORE1"] * 6, [])
    for i, name in enumerate(factions):
        g.fac[name] = new_faction(name, f"p{i}")
        g.order.append(name)
    return g


def test_ties_share_the_places_rounded_down():
    assert rank_points({"a": 10, "b": 10, "c": 5}, (8, 4, 2)) == {"a": 6, "b": 6, "c": 2}
    assert rank_points({"a": 3, "b": 3, "c": 3}, (18, 12, 6)) == {"a": 12, "b": 12, "c": 12}
    assert rank_points({"a": 0, "b": 4}, (8, 4, 2)) == {"b": 8}


def test_top_of_a_cult_track_needs_a_key_and_is_taken_once():
    g = _state("witches", "nomads")
    w, n = g.fac["witches"], g.fac["nomads"]
    w["AIR"] = 8
    cult_steps(g, w, "AIR", 3)
    assert w["AIR"] == 9  # no key: stops at 9
    w["KEY"] = 1
    n["KEY"] = 1
    cult_steps(g, w, "AIR", 1)
    assert w["AIR"] == 10 and w["KEY"] == 0
    cult_steps(g, w, "AIR", 1)
    assert w["AIR"] == 10 and w["KEY"] == 0  # standing on 10 costs no second key
    n["AIR"] = 9
    cult_steps(g, n, "AIR", 1)
    assert n["AIR"] == 9 and n["KEY"] == 1  # the 10 is taken


def test_power_from_cult_steps():
    g = _state("witches", "nomads")
    w = g.fac["witches"]
    w["P1"], w["P2"], w["P3"] = 12, 0, 0
    w["FIRE"] = 2
    cult_steps(g, w, "FIRE", 5)  # crosses 3, 5 and 7: 1 + 2 + 2 power
    assert (w["P1"], w["P2"]) == (7, 5)


def _place(g, f, hexes, building="D"):
    for h in hexes:
        i = B.INDEX[h]
        g.hcolor[i] = f["color"]
        g.hbld[i] = building
        g.howner[i] = f["name"]
        f["locations"] = f["locations"] + (i,)
        f[building] += 1


def test_a_town_needs_power_seven_and_four_buildings_a_sanctuary_counting_two():
    g = _state("witches", "nomads")
    w = g.fac["witches"]
    # three connected buildings of power 1 + 3 + 3 = 7 with a sanctuary: a town.
    _place(g, w, ["E5"], "D")
    _place(g, w, ["E6"], "SA")
    _place(g, w, ["E7"], "SH")
    assert check_towns(g, w) == 1
    assert w["TOWN"] == 1 and w["KEY"] == 1
    assert check_towns(g, w) == 0  # the same buildings found no second town
    g2 = _state("witches", "nomads")
    w2 = g2.fac["witches"]
    _place(g2, w2, ["E5", "E6"], "TP")
    _place(g2, w2, ["E7"], "SH")  # 7 power but only three buildings
    assert check_towns(g2, w2) == 0


def test_unreachable_hex_names_the_shipping():
    g = _state("mermaids", "nomads")
    g.round = 1
    m = g.fac["mermaids"]
    _place(g, m, ["A1"])
    with pytest.raises(IllegalCommand, match="I12 is not reachable: shipping 1"):
        reach_cost(g, m, B.INDEX["I12"])


def test_dwarves_tunnel_one_hex_for_workers_and_vp_and_no_further():
    g = _state("dwarves", "nomads")
    g.round = 1
    d = g.fac["dwarves"]
    _place(g, d, ["E7"])
    home = B.INDEX["E7"]
    one = [h for h in B.LAND if B.RANGE_LAND[h].get(home) == 1]  # one hex between
    two = [h for h in B.LAND if B.RANGE_LAND[h].get(home) == 2]
    assert one and two
    for h in one:
        assert reach_cost(g, d, h) == ({"W": 2}, 4), B.NAMES[h]
    for h in two:
        with pytest.raises(IllegalCommand, match="not reachable"):
            reach_cost(g, d, h)
    far = next(h for h in one if h not in B.ADJ[home])
    d["tunnel_cost"] = 1  # after the stronghold
    assert reach_cost(g, d, far) == ({"W": 1}, 4)


def test_strict_leech_answers_offers_in_order_and_taking_costs_vp():
    g = _state("witches", "nomads", "cultists", options=("strict-leech",))
    w = g.fac["witches"]
    g.offers = [["witches", "nomads", 2, 0, 1], ["witches", "cultists", 1, 1, 1]]
    with pytest.raises(IllegalCommand, match="in order"):
        answer(g, w, True, 1, "cultists")
    assert len(g.offers) == 2
    before = (w["VP"], w["P1"], w["P2"])
    answer(g, w, True, 2, "nomads")
    assert (w["VP"], w["P1"], w["P2"]) == (before[0] - 1, before[1] - 2, before[2] + 2)
    answer(g, w, False, 1, "cultists")
    assert g.offers == []


def test_cultists_gain_a_cult_step_when_taken_and_power_when_all_refuse():
    g = _state("witches", "nomads", "cultists", options=("errata-cultist-power",))
    c, w, n = g.fac["cultists"], g.fac["witches"], g.fac["nomads"]
    g.offers = [["witches", "cultists", 1, 0, 1], ["nomads", "cultists", 1, 0, 1]]
    g.cultist_offers = {"0": 0}
    p1 = c["P1"]
    answer(g, w, False, 1, "cultists")
    assert c["P1"] == p1  # one neighbour still to answer
    answer(g, n, False, 1, "cultists")
    assert c["P1"] == p1 - 1 and c["CULT"] == 0
    g.offers = [["witches", "cultists", 1, 1, 1], ["nomads", "cultists", 1, 1, 1]]
    g.cultist_offers = {"1": 0}
    answer(g, w, True, 1, "cultists")
    assert c["CULT"] == 1  # owed at once, chosen later with +TRACK
    answer(g, n, True, 1, "cultists")
    assert c["CULT"] == 1 and c["P1"] == p1 - 1


def test_a_bridge_needs_an_own_building_at_one_end():
    g = _state("engineers", "nomads")
    e = g.fac["engineers"]
    a = next(h for h in B.LAND if B.BRIDGABLE[h])
    b = sorted(B.BRIDGABLE[a])[0]
    e["BRIDGE"] = 1
    with pytest.raises(IllegalCommand, match="building at one end"):
        bridge(g, e, a, b)
    _place(g, e, [B.NAMES[b]])
    bridge(g, e, a, b)
    assert g.bridges == [(a, b, "engineers")] and e["BRIDGE"] == 0
    assert a in g.adj[b]


def test_final_scoring_turns_every_resource_into_coins_then_three_coins_into_a_vp() -> None:
    g = _state("witches", "nomads")
    f = g.fac["witches"]
    f.update(C=4, W=3, P=2, P1=0, P2=5, P3=1, VP=10)  # 2 burnt: P3 1 + 2 = 3 power
    res: dict = {}
    _resources(g, res)
    assert res["witches"] == (4 + 3 + 2 + 3) // 3 and f["VP"] == 14 and f["C"] == 0


def test_power_offered_by_a_building_follows_the_rulebook_strengths():
    # Leeching: a neighbour is offered the summed strength of the adjacent buildings.
    assert {b: STRENGTH.get(b, 0) for b in ("D", "TP", "TE", "SH", "SA", "")} == {
        "D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3, "": 0}


def test_the_plugins_modules_import_in_one_direction():
    """No import cycle among the plugin's modules (lazy imports inside functions count)."""
    from pathlib import Path

    from meeple.core.testing import import_cycle, package_imports

    graph = package_imports(Path(B.__file__).parent)  # the installed package
    assert graph["legal"] and "game" not in graph["legal"]
    cycle = import_cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle)}"


def test_parsed_rows_are_cached_per_game_on_its_state_not_on_the_game_object():
    import meeple_terra_mystica.game as G
    from meeple.core import LocalGame
    from meeple_terra_mystica import TerraMystica
    from meeple_terra_mystica import caches as C

    game = TerraMystica()
    one = LocalGame(game, ["a", "b"], {}, seed=1)
    two = LocalGame(game, ["a", "b"], {}, seed=2)
    game.parsed("build E7", one.state)
    assert "build E7" in C.of(one.state).parsed and "build E7" not in C.of(two.state).parsed
    # A clone (a search's) shares its game's caches; states still compare by value.
    clone = game.clone(one.state)
    assert C.of(clone) is C.of(one.state) and clone == one.state
    assert set(vars(game)) == {"weights"}
    assert not [n for n, v in vars(G).items() if isinstance(v, dict) and not n.isupper()
                and not n.startswith("__")]


def test_a_games_row_caches_are_emptied_once_they_pass_their_limit(monkeypatch):
    from meeple.core import LocalGame
    from meeple_terra_mystica import TerraMystica
    from meeple_terra_mystica import caches as C
    from meeple_terra_mystica.notation import parse_row

    monkeypatch.setattr(C, "LIMIT", 2)
    game = TerraMystica()
    state = LocalGame(game, ["a", "b"], {}, seed=1).state
    rows = ["build E7", "build E8", "build E9", "build E10"]
    caches = C.of(state)
    # Three entries is one over the limit: the fourth row starts afresh.
    for k, row in enumerate(rows):
        assert game.parse(row.upper(), state).text == row
        assert len(caches.turns) == (k + 1 if k < 3 else 1)
        assert len(caches.parsed) == (k + 1 if k < 3 else 1)
    fresh = C.RowCaches()
    for k, row in enumerate(rows):
        assert fresh.parse(row) == parse_row(row)
        assert len(fresh.parsed) == (k + 1 if k < 3 else 1)
    fresh.names = {(i,): "x" for i in range(3)}
    fresh.same = {(i,): () for i in range(2)}
    fresh.bounded()
    assert fresh.names == {} and len(fresh.same) == 2  # only what is over the limit goes
    fresh.same[(9,)] = ()
    fresh.bounded()
    assert fresh.same == {}


def _final_scene(nomads_hexes=("A1", "A2")):
    """Witches with three linked dwellings, Nomads with two, Cultists with one; cults
    fire 5/5/0, water 10/2/1, earth 0/0/0, air 3/3/3; no resources left."""
    from .test_live_rules import _put
    from .test_live_rules import _state as _play_state

    g = _play_state("witches", "nomads", "cultists")
    for h in ("E5", "E6", "E7"):
        _put(g, "witches", h)
    for h in nomads_hexes:
        _put(g, "nomads", h)
    _put(g, "cultists", "I1")
    cults = {"witches": (5, 10, 0, 3), "nomads": (5, 2, 0, 3), "cultists": (0, 1, 0, 3)}
    for n, (fire, water, earth, air) in cults.items():
        g.fac[n].update(FIRE=fire, WATER=water, EARTH=earth, AIR=air, VP=50, C=0, W=0, P=0,
                        P1=0, P2=0, P3=0)
    return g


def test_final_scoring_ranks_each_cult_track_and_the_largest_area_sharing_ties():
    from meeple_terra_mystica.scoring import final_scoring

    g = _final_scene()
    g.fac["cultists"]["C"] = 7  # two VP and a coin left over
    final_scoring(g)
    assert g.final["fire"] == {"witches": 6, "nomads": 6}  # 8 + 4 shared; 0 scores nothing
    assert g.final["water"] == {"witches": 8, "nomads": 4, "cultists": 2}
    assert g.final["earth"] == {}
    assert g.final["air"] == {"witches": 4, "nomads": 4, "cultists": 4}  # (8 + 4 + 2) / 3
    assert g.final["network_size"] == {"witches": 3, "nomads": 2, "cultists": 1}
    assert g.final["network"] == {"witches": 18, "nomads": 12, "cultists": 6}
    assert g.final["resources"] == {"witches": 0, "nomads": 0, "cultists": 2}
    assert {n: f["VP"] for n, f in g.fac.items()} == {
        "witches": 50 + 6 + 8 + 4 + 18, "nomads": 50 + 6 + 4 + 4 + 12,
        "cultists": 50 + 2 + 4 + 6 + 2}
    assert g.fac["cultists"]["C"] == 1
    assert g.finished and g.phase == "over"


def test_equal_largest_areas_share_first_and_second_place():
    from meeple_terra_mystica.scoring import final_scoring

    g = _final_scene(("A1", "A2", "A3"))
    final_scoring(g)
    assert g.final["network_size"] == {"witches": 3, "nomads": 3, "cultists": 1}
    assert g.final["network"] == {"witches": 15, "nomads": 15, "cultists": 6}


def test_spades_follow_the_terrain_wheel_and_the_giants_always_need_two():
    from meeple_terra_mystica.actions import spades_for

    g = _state("witches", "giants")
    w, gi = g.fac["witches"], g.fac["giants"]
    # The wheel: yellow, brown, black, blue, green, gray, red, and round again.
    for a, b, n in (("green", "green", 0), ("green", "gray", 1), ("green", "blue", 1),
                    ("green", "red", 2), ("green", "brown", 3), ("green", "yellow", 3),
                    ("yellow", "red", 1), ("red", "brown", 2), ("black", "red", 3)):
        assert spades_for(w, a, b) == n, (a, b)
        assert spades_for(w, b, a) == n, (b, a)
        assert spades_for(gi, a, b) == (0 if a == b else 2), (a, b)


def test_giving_up_spades_ends_the_right_to_build_only_with_the_last_spade():
    from meeple_terra_mystica.actions import throw_away

    g = _state("nomads", "witches")
    f = g.fac["nomads"]
    f.update(SPADE=2, FREE_TF=1, FREE_D=0, build_ok=1)
    throw_away(f, "SPADE", 1)
    assert (f["SPADE"], f["build_ok"]) == (1, 1)
    throw_away(f, "FREE_TF", 1)  # spades at zero later: only giving up a spade ends it
    assert (f["FREE_TF"], f["build_ok"]) == (0, 1)
    f["SPADE"] = 0
    with pytest.raises(IllegalCommand, match="^nomads have no FREE_D to give up$"):
        throw_away(f, "FREE_D", 1)
    with pytest.raises(IllegalCommand, match="^nomads have no SPADE to give up$"):
        throw_away(f, "SPADE", 1)
    assert f["build_ok"] == 1
    f["SPADE"] = 3
    with pytest.raises(IllegalCommand, match="no SPADE to give up"):
        throw_away(f, "SPADE", 4)
    throw_away(f, "SPADE", 3)
    assert (f["SPADE"], f["build_ok"]) == (0, 0)


def test_free_actions_happen_in_ones_own_turn_its_aftermath_or_the_cult_spades():
    from meeple_terra_mystica.actions import free_action_allowed

    g = _state("witches", "nomads")
    w = g.fac["witches"]
    g.phase = "play"
    for active, after, phase, ok in (
            ("witches", "", "play", True), ("nomads", "witches", "play", True),
            ("", "", "spades", True), ("nomads", "", "spades", False),
            ("", "", "play", False), ("nomads", "", "play", False),
            ("", "nomads", "spades", True), ("", "nomads", "play", False)):
        g.active, g.after, g.phase = active, after, phase
        if ok:
            free_action_allowed(g, w)
        else:
            with pytest.raises(IllegalCommand) as info:
                free_action_allowed(g, w)
            assert str(info.value) == ("witches may convert or burn power only on their own "
                                       f"turn; it is {active or 'nobody'}'s turn"), (active, phase)
