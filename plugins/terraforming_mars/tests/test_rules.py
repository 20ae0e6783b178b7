"""Board, global parameters, turn structure, corporations, milestones, awards, scoring,
notation and hidden information."""

from __future__ import annotations

import random
from xml.dom import minidom

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import encoded_log, replay_encoded
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.board import ADJACENT, NOCTIS, OCEAN_SPACES, SPACES, VOLCANIC
from meeple_terraforming_mars.cards import CE_CORPS, CORPORATIONS
from meeple_terraforming_mars.rules import legal_spaces, raise_oxygen, raise_temp
from meeple_terraforming_mars.scoring import award_points, breakdown
from meeple_terraforming_mars.state import RI

from .helpers import GAME, action_game, give, hand, prod, resolve


def test_tharsis_has_61_spaces_12_oceans_and_hex_adjacency() -> None:
    assert len(SPACES) == 61 and len(OCEAN_SPACES) == 12
    assert sorted(len(v) for v in ADJACENT.values())[:6] == [3] * 6  # the six corners
    assert sum(len(v) for v in ADJACENT.values()) == 2 * 156
    assert SPACES[NOCTIS].name == "Noctis City" and len(VOLCANIC) == 4
    assert SPACES["i5"].ocean and SPACES["i5"].bonus == ("titanium", "titanium")


def test_greenery_goes_next_to_own_tiles_when_possible() -> None:
    g = action_game()
    s = g.state
    assert len(legal_spaces(s, "p1", "greenery", "normal")) == 61 - 12 - 1
    s.tiles["c3"] = ("city", "p1")
    assert sorted(legal_spaces(s, "p1", "greenery", "normal")) == sorted(
        a for a in ADJACENT["c3"] if not SPACES[a].ocean)


def test_temperature_and_oxygen_track_bonuses() -> None:
    g = action_game()
    s, me = g.state, g.state.players["p1"]
    new: list = []
    raise_temp(s, me, 5, new)  # -30 -> -20: heat production at -24 and -20
    assert s.temp_c == -20 and me.prod[RI["heat"]] == 2 + 1 and me.tr == 25
    s.temp = 14
    raise_temp(s, me, 1, new)  # 0 C: an ocean to place
    assert new == [("p1", "place", "ocean", "ocean", "")]
    s.oxygen, s.temp = 7, 3
    raise_oxygen(s, me, 1, new)  # 8 %: the temperature rises too
    assert s.oxygen == 8 and s.temp == 4 and me.tr == 26 + 2
    s.oxygen = 14
    tr = me.tr
    raise_oxygen(s, me, 1, new)
    assert s.oxygen == 14 and me.tr == tr  # a maxed parameter gives no rating


def test_ocean_adjacency_pays_2_mc() -> None:
    g = action_game()
    s = g.state
    s.tiles["e4"] = ("ocean", "")
    give(g, "p1", mc=30)
    g.play("p1", "project city")
    g.play("p1", "place d4")  # next to e4
    assert s.players["p1"].res[RI["mc"]] == 30 - 25 + 2
    assert s.players["p1"].res[RI["plants"]] == 1  # the space's plant bonus


def test_turns_passing_production_and_research() -> None:
    g = action_game()
    s = g.state
    assert GAME.to_act(s) == ("p1",)
    with pytest.raises(IllegalCommand, match="not p2's turn"):
        g.play("p2", "pass")
    with pytest.raises(IllegalCommand, match="take an action first"):
        g.play("p1", "done")
    give(g, "p1", mc=50)
    g.play("p1", "project power")
    with pytest.raises(IllegalCommand, match="say done"):
        g.play("p1", "pass")
    g.play("p1", "project power")  # second action ends the turn
    assert GAME.to_act(s) == ("p2",)
    mc2 = s.players["p2"].res[RI["mc"]]
    g.play("p2", "pass")
    assert GAME.to_act(s) == ("p1",)
    g.play("p1", "pass")
    # production: energy becomes heat, income is M€ production plus TR; then research
    me = s.players["p1"]
    assert me.res[RI["energy"]] == 3 and me.res[RI["heat"]] == 1  # no energy was left over
    assert s.players["p2"].res[RI["mc"]] == mc2 + 20 + 1
    assert s.generation == 2 and s.phase == "research"
    assert set(GAME.to_act(s)) == {"p1", "p2"}
    assert all(len(p.offer) == 4 for p in s.players.values())
    g.play("p2", "buy none")
    offer = list(me.offer)
    g.play("p1", f"buy {offer[0]}, {offer[1]}")
    assert me.hand[-2:] == offer[:2]
    assert me.res[RI["mc"]] == 50 - 2 * 11 + (20 + 1) - 2 * 3
    assert s.phase == "action" and GAME.to_act(s) == ("p2",)  # the first player moved on


def test_refused_commands_change_nothing() -> None:
    g = action_game()
    give(g, "p1", mc=0)
    before = GAME.clone(g.state)
    n = len(g.log)
    for text in ("play Comet pay 21", "project city", "claim Mayor", "fund Banker pay 3",
                 "place e4", "use Fish", "greenery", "heat", "sell Comet", "target p2"):
        with pytest.raises(IllegalCommand):
            g.play("p1", text)
    assert g.state == before and len(g.log) == n


def test_payment_rules() -> None:
    g = action_game()
    hand(g, "p1", "Strip Mine", "Comet")
    give(g, "p1", mc=30, steel=10, titanium=2)
    prod(g, "p1", energy=2)
    with pytest.raises(IllegalCommand, match="titanium only pays for space"):
        g.play("p1", "play Strip Mine pay 19 titanium 2")
    with pytest.raises(IllegalCommand, match="steel only pays for building"):
        g.play("p1", "play Comet pay 1 steel 10")
    with pytest.raises(IllegalCommand, match="exactly"):
        g.play("p1", "play Comet pay 20 titanium 2")
    g.play("p1", "play Strip Mine steel 10")  # pay left out: the rest in M€
    assert g.state.players["p1"].res[RI["mc"]] == 30 - 5


def test_milestones_and_awards() -> None:
    g = action_game(players=3)
    s = g.state
    a, b, c = (s.players[n] for n in s.names)
    give(g, "p1", mc=100)
    with pytest.raises(IllegalCommand, match="do not meet Mayor"):
        g.play("p1", "claim Mayor")
    for sp in ("a1", "c3", "i1"):
        s.tiles[sp] = ("city", "p1")
    g.play("p1", "claim Mayor")
    g.play("p1", "fund Banker")
    assert a.res[RI["mc"]] == 100 - 8 - 8
    g.play("p2", "pass") if GAME.to_act(s) == ("p2",) else None
    s.awards.update({"Miner": "p2", "Thermalist": "p3"})
    a.prod[RI["mc"]], b.prod[RI["mc"]], c.prod[RI["mc"]] = 5, 3, 3
    a.res[RI["heat"]], b.res[RI["heat"]], c.res[RI["heat"]] = 4, 4, 1
    a.res[RI["steel"]], b.res[RI["steel"]], c.res[RI["steel"]] = 0, 1, 2
    a.res[RI["titanium"]] = b.res[RI["titanium"]] = c.res[RI["titanium"]] = 0
    # Banker: p1 first, p2 and p3 tie second; Thermalist: p1 and p2 tie first, no
    # second; Miner: p3 first, p2 second
    assert award_points(s) == {"p1": 5 + 5, "p2": 2 + 5 + 2, "p3": 2 + 5}


def test_scoring_matches_a_hand_worked_example() -> None:
    g = action_game()
    s = g.state
    me, other = s.players["p1"], s.players["p2"]
    me.tr, other.tr = 30, 25
    s.tiles.update({"c3": ("city", "p1"), "c4": ("greenery", "p1"), "d3": ("greenery", "p2"),
                    "c2": ("greenery", "p1"), "h1": ("city", "p2")})
    s.milestones["Gardener"] = "p1"
    s.awards["Landlord"] = "p1"
    me.played += ["Fish", "Capital", "Dust Seals"]
    me.card_res["Fish"] = 3
    me.events.append("Release of Inert Gases")
    other.played += ["Nuclear Zone"]
    # p1: TR 30, milestone 5, Landlord 5 (4 tiles against 2), 2 greeneries, city c3
    # next to 3 greeneries (c2, c4, d3), Fish 3, Capital 0 (not placed), Dust Seals 1
    parts = breakdown(s)
    assert parts["p1"] == {"tr": 30, "milestones": 5, "awards": 5, "greenery": 2, "cities": 3,
                           "cards": 4, "total": 49}
    # p2: TR 25, 1 greenery, city h1 with no greenery, Nuclear Zone -2
    assert parts["p2"]["total"] == 25 + 1 + 0 - 2


def test_game_ends_after_the_generation_that_maxes_mars() -> None:
    g = action_game()
    s = g.state
    s.temp, s.oxygen, s.oceans = 19, 14, 8
    give(g, "p1", mc=40, plants=16)
    g.play("p1", "project aquifer")
    g.play("p1", "place a2")
    g.play("p1", "done")
    g.play("p2", "pass")
    g.play("p1", "pass")
    assert s.phase == "final" and GAME.to_act(s) == ("p1",)  # in player order
    for _ in range(2):
        g.play("p1", "greenery")
        g.play("p1", GAME.legal(s, "p1")[0])
    g.play("p1", "done")
    assert s.phase == "final"
    g.play("p2", "done")
    out = GAME.outcome(s)
    assert out is not None and s.phase == "over"
    assert out.detail["points"]["p1"]["greenery"] == 2


@pytest.mark.parametrize("corp", sorted(CORPORATIONS))
def test_corporations_start_as_printed(corp: str) -> None:
    g = LocalGame(GAME, ["a", "b"], {"corporate_era": corp in CE_CORPS}, seed=11)
    s = g.state
    a = s.players["a"]
    a.corp_offer = [corp] if corp != "Beginner Corporation" else []
    g.play("a", f"corporation {corp}")
    c = CORPORATIONS[corp]
    assert a.corp == corp and a.res[RI["mc"]] == c["mc"]
    base = 0 if corp in CE_CORPS else 1  # the base game's one step of everything
    for r, n in c.get("prod", {}).items():
        assert a.prod[RI[r]] == base + n
    for r, n in c.get("gain", {}).items():
        assert a.res[RI[r]] == n
    if corp == "Beginner Corporation":
        assert len(a.hand) == 10
    if corp == "Inventrix":  # its 3 cards come as its first action, not with the choice
        assert a.hand == [] and not a.first_done


def test_corporation_effects() -> None:
    g = action_game(corps=("Helion", "EcoLine"))
    s = g.state
    hel, eco = s.players["p1"], s.players["p2"]
    hand(g, "p1", "Lichen")
    give(g, "p1", mc=0, heat=7)
    s.temp = 5
    g.play("p1", "play Lichen pay 0 heat 7")  # Helion pays with heat
    assert hel.res[RI["heat"]] == 0
    give(g, "p2", plants=7)
    g.play("p1", "done")
    g.play("p2", "greenery")  # EcoLine: 7 plants
    resolve(g)
    assert eco.res[RI["plants"]] == 0 and s.oxygen == 1
    g2 = action_game(corps=("Tharsis Republic", "Interplanetary Cinematics"))
    s2 = g2.state
    assert s2.pending and s2.pending[0][1:3] == ("place", "city")
    g2.play("p1", "place c3")
    assert s2.players["p1"].prod[RI["mc"]] == 2 and s2.players["p1"].res[RI["mc"]] == 40 + 3
    g3 = action_game(corps=("CrediCor", "PhoboLog"))
    cc = g3.state.players["p1"]
    g3.play("p1", "project greenery")
    assert cc.res[RI["mc"]] == 57 - 23 + 4


def test_mining_guild_and_interplanetary_cinematics() -> None:
    g = action_game(corps=("Mining Guild", "Interplanetary Cinematics"))
    s = g.state
    give(g, "p1", mc=30)
    g.play("p1", "project city")
    g.play("p1", "place h1")  # two steel
    assert s.players["p1"].prod[RI["steel"]] == 1 + 1 + 1  # base, corporation, bonus
    g.play("p1", "done")
    hand(g, "p2", "Release of Inert Gases")
    give(g, "p2", mc=14)
    g.play("p2", "play Release of Inert Gases pay 14")
    assert s.players["p2"].res[RI["mc"]] == 2


def test_notation_examples_round_trip() -> None:
    g = action_game()
    s = g.state
    for cmd in (m.Play("Comet", 21), m.Play("Strip Mine", 5, 10), m.Project("aquifer"),
                m.Sell(("Comet", "Fish")), m.Claim("Mayor"), m.Fund("Banker"), m.Pass(), m.Done(),
                m.Use("Regolith Eaters", 1), m.Use("Water Import From Europa", 0, 6, 0, 2),
                m.Convert("plants"), m.Convert("heat"), m.Place("e4"), m.Target("p2"),
                m.Target(""), m.Pick("Fish"), m.Choose("plants"), m.Amount(3),
                m.ChooseCorp("Helion"), m.Buy(("Comet", "Fish")), m.Buy(())):
        text = GAME.format(cmd, s)
        assert GAME.parse(text, s, "p1") == cmd, text
    assert GAME.format(m.Play("Comet", 21)) == "play Comet pay 21"
    assert GAME.parse("PLAY  comet", s, "p1") == m.Play("Comet", 21)


def test_view_hides_hands_and_deck_and_determinize_refills_them() -> None:
    g = action_game()
    s = g.state
    hand(g, "p1", "Comet")
    hand(g, "p2", "Fish")
    v = GAME.view(s, "p1")
    assert v.players["p1"].hand == ["Comet"] and v.players["p2"].hand == ["?"]
    assert set(v.deck) == {"?"}
    d = GAME.determinize(v, "p1", random.Random(1))
    assert len(d.players["p2"].hand) == 1 and "?" not in d.deck
    assert d.players["p1"].hand == ["Comet"]
    everything = d.deck + d.discard + d.players["p1"].hand + d.players["p2"].hand
    assert len(set(everything)) == len(everything)
    # a determinized state plays on
    GAME.step(d, "p1", m.Pass(), random.Random(2))


def test_redact_hides_secret_payloads() -> None:
    g = LocalGame(GAME, ["a", "b"], seed=4)
    dealt = [e for e in g.events if type(e) is m.Dealt]
    red = GAME.redact(dealt[1], "a")
    assert set(red.cards) == {"?"} and GAME.redact(dealt[0], "a") == dealt[0]
    shuffled = next(e for e in g.events if type(e) is m.Shuffled)
    assert set(GAME.redact(shuffled, "a").cards) == {"?"}


def test_wrong_player_is_refused_in_the_action_phase() -> None:
    g = action_game()
    n = len(g.log)
    with pytest.raises(IllegalCommand, match="not p2's turn"):
        g.play("p2", m.Pass())
    assert len(g.log) == n


def test_replay_of_a_deep_random_game_with_reshuffles() -> None:
    # five players burn through the deck: reshuffles happen and must replay exactly
    g = LocalGame(GAME, GAME.default_players(5), seed=21)
    g.play_randomly(random.Random(21))
    assert any(type(e) is m.Reshuffled for e in g.events)
    assert replay_encoded(GAME, encoded_log(GAME, g.events)) == g.state


def test_render_text_and_svg() -> None:
    g = action_game()
    g.state.tiles["e4"] = ("ocean", "")
    text = GAME.render(g.state)
    assert "Generation 1" in text and "~" in text
    svg = GAME.render(g.state, "svg")
    assert svg.startswith("<svg") and "milestones: none yet" in svg
    minidom.parseString(svg)  # well-formed XML
    assert GAME.summary(g.state)["oceans"] == 0


def test_helion_pays_with_heat_for_projects_milestones_awards_and_actions() -> None:
    g = action_game(corps=("Helion", "EcoLine"))
    s = g.state
    hel = s.players["p1"]
    give(g, "p1", mc=20, heat=10)
    legal = [GAME.format(c) for c in GAME.legal(s, "p1")]
    assert "project city heat 10" in legal and "project city" not in legal  # 20 M€ alone is short
    g.play("p1", "project asteroid heat 10")
    assert hel.res[RI["mc"]] == 20 - 4 and hel.res[RI["heat"]] == 0
    resolve(g)
    g.play("p1", "done")
    give(g, "p2", mc=20, heat=5)
    with pytest.raises(IllegalCommand, match="only Helion"):
        g.play("p2", "fund Banker heat 2")
    g.play("p2", "pass")
    give(g, "p1", mc=3, heat=5)
    g.play("p1", "fund Banker heat 5")
    assert hel.res[RI["mc"]] == 0 and s.awards == {"Banker": "p1"}
    assert GAME.parse("fund Banker heat 3", s, "p1") == m.Fund("Banker", 3)
    assert GAME.format(m.Use("Space Mirrors", 0, 4, 0, 0, 3)) == "use Space Mirrors pay 4 heat 3"


def test_every_event_has_a_log_line() -> None:
    seen = set()
    for seed, (n, opts) in enumerate([(3, {"draft": True}), (1, {}), (2, {})]):
        g = LocalGame(GAME, GAME.default_players(n), opts, seed=seed)
        g.play_randomly(random.Random(seed))
        for ev in g.events:
            line = GAME.describe_event(ev)
            assert line and not line.startswith(type(ev).__name__), line
            seen.add(type(ev))
    assert {m.Started, m.Shuffled, m.Dealt, m.CardPlayed, m.Placed, m.Research, m.Drafted,
            m.NeutralPlaced, m.GameEnded} <= seen


def test_production_turns_energy_to_heat_pays_income_and_clears_the_generation():
    from meeple_terraforming_mars.rules import INDENTURED, production
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {})
    a, b = s.players["a"], s.players["b"]
    a.res, a.prod, a.tr = [10, 1, 2, 3, 4, 5], [-3, 1, 2, 0, 6, 1], 22
    b.res, b.prod, b.tr = [0, 0, 0, 0, 0, 0], [5, 0, 0, 4, 0, 0], 14
    a.used, a.card_res = ["Birds"], {INDENTURED: 1, "Birds": 2}
    a.tr_raised = a.special_design = a.passed = True
    b.passed = True
    production(s)
    # M€: production plus TR; energy left over becomes heat, then the new energy arrives
    assert a.res == [10 - 3 + 22, 2, 4, 3, 6, 5 + 4 + 1]
    assert b.res == [5 + 14, 0, 0, 4, 0, 0]
    assert a.prod == [-3, 1, 2, 0, 6, 1]  # production itself is unchanged
    assert (a.used, a.card_res) == ([], {"Birds": 2})
    assert not (a.tr_raised or a.special_design or a.passed or b.passed)


def test_production_is_lowered_to_its_floor_and_only_as_far_as_it_goes():
    from meeple_terraforming_mars.rules import can_lower_production, lower_production
    from meeple_terraforming_mars.state import Player

    p = Player("a")
    p.prod = [-3, 1, 0, 2, 0, 0]
    assert can_lower_production(p, "mc", 2) and not can_lower_production(p, "mc", 3)
    assert can_lower_production(p, "plants", 2) and not can_lower_production(p, "plants", 3)
    assert can_lower_production(p, "titanium", 0) and not can_lower_production(p, "titanium", 1)
    lower_production(p, "mc", 4)
    lower_production(p, "plants", 1)
    lower_production(p, "steel", 3)
    assert p.prod == [-5, 0, 0, 1, 0, 0]


def test_the_corporations_and_cards_that_change_prices_and_values():
    from meeple_terraforming_mars.rules import (
        card_cost,
        greenery_cost,
        project_cost,
        steel_value,
        titanium_value,
    )
    from meeple_terraforming_mars.state import Player

    p = Player("a")
    assert (steel_value(p), titanium_value(p), greenery_cost(p)) == (2, 3, 8)
    assert [project_cost(p, k) for k in ("power", "asteroid", "aquifer", "greenery", "city")] == [
        11, 14, 18, 23, 25]
    p.corp = "Thorgate"
    assert (project_cost(p, "power"), project_cost(p, "city")) == (8, 25)
    p.corp = "EcoLine"
    assert greenery_cost(p) == 7
    p.corp = "PhoboLog"
    assert (steel_value(p), titanium_value(p)) == (2, 4)
    p.played = ["Advanced Alloys"]
    assert (steel_value(p), titanium_value(p)) == (3, 5)
    p.corp, p.played = "", []
    assert card_cost(p, "Comet") == 21
    p.played = ["Earth Office"]  # 3 M€ off earth cards only
    assert (card_cost(p, "Comet"), card_cost(p, "Pets")) == (21, 10 - 3)
    p.played = ["Earth Office", "Research Outpost"]  # and 1 M€ off every card
    assert (card_cost(p, "Comet"), card_cost(p, "Pets")) == (20, 10 - 4)
    p.card_res = {"Indentured Workers": 1}  # 8 M€ off the next card, not itself
    assert (card_cost(p, "Comet"), card_cost(p, "Pets")) == (12, 0)
    p.played = []
    assert (card_cost(p, "Comet"), card_cost(p, "Pets")) == (13, 2)


def _three_in_action() -> object:
    from meeple_terraforming_mars.state import State

    s = State(("a", "b", "c"), {})
    s.phase = "action"
    for p in s.players.values():
        p.first_done = True
    return s


def test_the_turn_passes_to_the_next_player_who_has_not_passed_round_the_table():
    from meeple_terraforming_mars.flow import apply_rules

    s = _three_in_action()
    s.current, s.actions = 0, 2
    apply_rules(s, m.TurnEnded("a"))
    assert (s.current, s.actions) == (1, 0)
    s.players["c"].passed = True
    apply_rules(s, m.TurnEnded("b"))
    assert s.current == 0  # c passed: round to a
    apply_rules(s, m.Passed("a"))
    assert s.players["a"].passed and s.current == 1
    s.current = 2  # the last seat: the next is found from the first again
    s.players["c"].passed = False
    apply_rules(s, m.TurnEnded("c"))
    assert s.current == 1


def test_each_generation_moves_the_first_player_on_and_the_final_conversion_starts_there():
    from meeple_terraforming_mars.flow import apply_rules

    s = _three_in_action()
    s.first, s.deck = 2, ["C1", "C2", "C3", "C4", "C5"]
    apply_rules(s, m.Research(4, (("a", ("C1", "C2")), ("b", ("C3",)), ("c", ()))))
    assert (s.generation, s.first, s.phase) == (4, 0, "research")
    assert s.players["a"].offer == ["C1", "C2"] and s.players["b"].offer == ["C3"]
    assert s.deck == ["C4", "C5"]
    assert s.pending == [("a", "buy"), ("b", "buy"), ("c", "buy")]
    s.pending, s.first = [], 1
    apply_rules(s, m.FinalConversion(14))
    assert s.phase == "final" and s.pending == [("b", "final"), ("c", "final"), ("a", "final")]
    apply_rules(s, m.FinalDone("c"))
    assert s.pending == [("b", "final"), ("a", "final")]
    s.first, s.current = 2, 0
    apply_rules(s, m.ActionsBegan(5))
    assert (s.phase, s.current, s.actions) == ("action", 2, 0)


def test_a_draft_needs_four_cards_for_everyone_else_the_cards_are_bought():
    from meeple_terraforming_mars.flow import apply_rules
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {"draft": True})
    s.deck = [f"C{i}" for i in range(10)]
    four = (("a", tuple(s.deck[:4])), ("b", tuple(s.deck[4:8])))
    apply_rules(s, m.Research(2, four))
    assert s.pending == [("a", "draft"), ("b", "draft")] and s.deck == ["C8", "C9"]
    s.pending = []
    apply_rules(s, m.Research(3, (("a", ("C8", "C9")), ("b", ()))))
    assert s.pending == [("a", "buy"), ("b", "buy")]
    solo = State(("a",), {"draft": True})  # nobody to pass cards to
    solo.deck = ["C1", "C2", "C3", "C4"]
    apply_rules(solo, m.Research(2, (("a", ("C1", "C2", "C3", "C4")),)))
    assert solo.pending == [("a", "buy")]


@pytest.mark.parametrize(("kind", "price", "back"), [
    ("power", 11, 0), ("asteroid", 14, 0), ("aquifer", 18, 0), ("greenery", 23, 4),
    ("city", 25, 4)])
@pytest.mark.parametrize("corp", ["", "CrediCor"])
def test_a_standard_project_costs_its_price_less_the_money_back_and_does_its_one_thing(
        kind, price, back, corp):
    """CrediCor gets 4 M€ back for a project of 20 M€ or more; Standard Technology 3 for
    any; Helion's heat pays as M€."""
    from meeple_terraforming_mars.flow import apply_rules
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {})
    s.phase = "action"
    p = s.players["a"]
    p.corp, p.res[RI["mc"]] = corp, 40
    apply_rules(s, m.ProjectUsed("a", kind, 0))
    assert p.res[RI["mc"]] == 40 - price + (back if corp else 0), (kind, corp)
    assert s.actions == 1
    assert p.prod[RI["energy"]] == (kind == "power")
    assert p.prod[RI["mc"]] == (kind == "city")
    assert (s.temp, p.tr) == ((1, 21) if kind == "asteroid" else (0, 20))
    tile = {"aquifer": ("ocean", "ocean"), "greenery": ("greenery", "normal"),
            "city": ("city", "normal")}.get(kind)
    assert s.pending == ([("a", "place", *tile, "")] if tile else [])
    p.played, p.res[RI["mc"]] = ["Standard Technology"], 40
    p.corp, p.res[RI["heat"]] = "Helion", 5
    apply_rules(s, m.ProjectUsed("a", kind, 5))
    assert (p.res[RI["mc"]], p.res[RI["heat"]]) == (40 - (price - 5) + 3, 0)
    assert s.actions == 2


def test_milestones_awards_and_conversions_take_their_price():
    from meeple_terraforming_mars.flow import apply_rules
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {})
    s.phase = "action"
    p = s.players["a"]
    p.res[RI["mc"]], p.res[RI["heat"]], p.res[RI["plants"]] = 60, 20, 9
    apply_rules(s, m.Claimed("a", "Mayor", 2))
    assert (p.res[RI["mc"]], p.res[RI["heat"]], s.milestones) == (54, 18, {"Mayor": "a"})
    for name, paid in (("Banker", 8), ("Miner", 14), ("Landlord", 20 - 3)):
        mc = p.res[RI["mc"]]
        apply_rules(s, m.Funded("a", name, 3 if name == "Landlord" else 0))
        assert mc - p.res[RI["mc"]] == paid and s.awards[name] == "a"
    assert p.res[RI["heat"]] == 15 and s.actions == 4
    apply_rules(s, m.Converted("a", "heat"))
    assert (p.res[RI["heat"]], s.temp, p.tr, s.actions) == (7, 1, 21, 5)
    apply_rules(s, m.Converted("a", "plants"))
    assert p.res[RI["plants"]] == 1 and s.pending[0] == ("a", "place", "greenery", "normal", "")
    p.corp, p.res[RI["plants"]] = "EcoLine", 7
    s.phase = "final"  # the final conversion is no action
    apply_rules(s, m.Converted("a", "plants"))
    assert p.res[RI["plants"]] == 0 and s.actions == 6


@pytest.mark.parametrize("names", [("ann", "bob", "cy"), ("cy", "bob", "ann")])
def test_the_cards_a_resource_goes_to_are_the_owners_or_anyones_but_the_source(names):
    from meeple_terraforming_mars.rules import add_targets, resource_cards, steal_sources
    from meeple_terraforming_mars.state import State

    s = State(names, {})
    s.players["ann"].played = ["Birds", "Comet", "Ants", "Fish"]
    s.players["bob"].played = ["Pets", "Tardigrades", "Predators"]
    s.players["cy"].played = ["Livestock", "Search For Life"]
    s.players["ann"].card_res = {"Birds": 0, "Ants": 1, "Fish": 2}
    s.players["bob"].card_res = {"Pets": 3, "Tardigrades": 0, "Predators": 1}
    s.players["cy"].card_res = {"Livestock": 1, "Search For Life": 1}
    animals = {"ann": ["Birds", "Fish"], "bob": ["Pets", "Predators"], "cy": ["Livestock"]}
    everyone = [c for n in names for c in animals[n]]  # seat order, then the order played
    assert resource_cards(s, "animal", None) == everyone
    for n in names:  # an owner sorting before, between and after the others
        assert resource_cards(s, "animal", n) == animals[n]
        assert resource_cards(s, "microbe", n) == {"ann": ["Ants"], "bob": ["Tardigrades"],
                                                   "cy": []}[n]
    assert resource_cards(s, "animal", "bob", exclude="Predators") == ["Pets"]
    assert resource_cards(s, "animal", None, exclude="Fish") == [c for c in everyone if c != "Fish"]
    assert resource_cards(s, "science", None) == ["Search For Life"]
    assert resource_cards(s, "fighter", None) == []
    # an animal added to another card of one's own, or to any card
    assert add_targets(s, ("bob", "add", "animal", 1, "another", "Predators")) == ["Pets"]
    assert add_targets(s, ("cy", "add", "animal", 1, "another", "Eos Chasma National Park")) == [
        "Livestock"]
    assert add_targets(s, ("cy", "add", "animal", 1, "any", "Eos Chasma National Park")) == everyone
    # taking one: never from Pets, never from an empty card, never from the taker itself
    assert steal_sources(s, "animal", "Predators") == [
        c for c in everyone if c in ("Fish", "Livestock")]
    assert steal_sources(s, "microbe", "Ants") == []


def test_flooding_may_take_from_the_owners_next_to_the_ocean_but_the_player_and_neutral():
    from meeple_terraforming_mars.rules import flood_targets
    from meeple_terraforming_mars.state import NEUTRAL, State

    s = State(("cy", "ann", "bob"), {})
    space = "e5"
    around = sorted(ADJACENT[space])
    owners = ["cy", "bob", NEUTRAL, "ann", "", "bob"]
    for sp, owner in zip(around, owners, strict=False):
        s.tiles[sp] = ("city" if owner else "ocean", owner)
    far = next(sp for sp in SPACES if sp not in ADJACENT[space] and sp != space)
    s.tiles[far] = ("city", "ann")
    assert flood_targets(s, "cy", space) == ["ann", "bob"]
    assert flood_targets(s, "ann", space) == ["bob", "cy"]
    del s.tiles[around[3]]  # ann's only tile next to the space
    assert flood_targets(s, "cy", space) == ["bob"]
