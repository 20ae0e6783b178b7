"""Cards with behaviour beyond the data vocabulary, and every triggered effect."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars.board import ADJACENT, OCEAN_SPACES
from meeple_terraforming_mars.effects import card_vp
from meeple_terraforming_mars.rules import card_cost, requirement_problem
from meeple_terraforming_mars.state import RI

from .helpers import GAME, action_game, give, hand, prod, resolve


def ready(*cards: str, seed: int = 7):
    g = action_game(seed=seed)
    s = g.state
    s.temp, s.oxygen, s.oceans = 8, 3, 3
    give(g, "p1", mc=100)
    for p in s.players.values():
        p.prod = [0] * 6  # clean numbers: no base production
    hand(g, "p1", *cards)
    return g


def in_play(g, player: str, name: str, res: int = 0) -> None:
    p = g.state.players[player]
    p.played.append(name)
    p.card_res[name] = res


def test_nitrogen_rich_asteroid_gives_4_plant_production_with_3_plant_tags() -> None:
    g = ready("Nitrogen-Rich Asteroid", "Nitrogen-Rich Asteroid")
    me = g.state.players["p1"]
    g.play("p1", "play Nitrogen-Rich Asteroid pay 31")
    assert me.prod[RI["plants"]] == 1
    g2 = ready("Nitrogen-Rich Asteroid")
    me2 = g2.state.players["p1"]
    me2.played += ["Lichen", "Heather", "Bushes"]
    g2.play("p1", "play Nitrogen-Rich Asteroid pay 31")
    assert me2.prod[RI["plants"]] == 4


def test_insulation_converts_the_chosen_heat_production() -> None:
    g = ready("Insulation")
    prod(g, "p1", heat=3, mc=0)
    g.play("p1", "play Insulation pay 2")
    with pytest.raises(IllegalCommand, match="amount 0 to 3"):
        g.play("p1", "amount 4")
    g.play("p1", "amount 2")
    assert g.state.players["p1"].prod[RI["heat"]] == 1 and g.state.players["p1"].prod[RI["mc"]] == 2


def test_mining_rights_raises_the_production_of_its_space() -> None:
    g = ready("Mining Rights")
    g.play("p1", "play Mining Rights pay 9")
    g.play("p1", "place h6")  # h6 has a titanium bonus
    me = g.state.players["p1"]
    assert me.prod[RI["titanium"]] == 1 and me.res[RI["titanium"]] == 1


def test_eos_chasma_feeds_any_animal_card() -> None:
    g = ready("Eos Chasma National Park")
    g.state.temp = 9
    in_play(g, "p2", "Fish", 0)
    g.play("p1", "play Eos Chasma National Park pay 16")
    g.play("p1", "card Fish")
    assert g.state.players["p2"].card_res["Fish"] == 1
    assert g.state.players["p1"].prod[RI["mc"]] == 2


def test_flooding_takes_4_mc_from_a_neighbour() -> None:
    g = ready("Flooding")
    g.state.tiles["d7"] = ("city", "p2")  # next to the ocean space d8
    give(g, "p2", mc=10)
    g.play("p1", "play Flooding pay 7")
    g.play("p1", "place d8")
    g.play("p1", "target p2")
    assert g.state.players["p2"].res[RI["mc"]] == 6


def test_capital_scores_adjacent_oceans() -> None:
    g = ready("Capital")
    s = g.state
    s.oceans = 4
    prod(g, "p1", energy=2)
    g.play("p1", "play Capital pay 26")
    g.play("p1", "place e7")  # next to the ocean spaces e6, f6 and f7
    for sp in ("e6", "f6"):
        s.tiles[sp] = ("ocean", "")
    assert card_vp(s, s.players["p1"], "Capital") == 2


def test_arctic_algae_gives_2_plants_for_any_ocean() -> None:
    g = ready("Ice Cap Melting")
    in_play(g, "p2", "Arctic Algae")
    g.state.temp = 16
    give(g, "p2", plants=0)
    g.play("p1", "play Ice Cap Melting pay 5")
    resolve(g)
    assert g.state.players["p2"].res[RI["plants"]] == 2


def test_optimal_aerobraking_pays_for_space_events() -> None:
    g = ready("Imported GHG")
    in_play(g, "p1", "Optimal Aerobraking")
    give(g, "p1", heat=0)
    g.play("p1", "play Imported GHG pay 7")
    me = g.state.players["p1"]
    assert me.res[RI["heat"]] == 3 + 3 and me.res[RI["mc"]] == 100 - 7 + 3


def test_optimal_aerobraking_pays_nothing_for_other_space_cards_or_other_events() -> None:
    g = ready("Space Mirrors", "Release of Inert Gases")
    in_play(g, "p1", "Optimal Aerobraking")
    give(g, "p1", heat=0)
    me = g.state.players["p1"]
    g.play("p1", "play Space Mirrors pay 3")  # a space tag, not an event
    assert me.res[RI["heat"]] == 0 and me.res[RI["mc"]] == 100 - 3
    g.play("p1", "play Release of Inert Gases pay 14")  # an event without a space tag
    assert me.res[RI["heat"]] == 0 and me.res[RI["mc"]] == 100 - 3 - 14


def test_insulation_asks_for_an_amount_only_with_heat_production_to_convert() -> None:
    g = ready("Insulation")
    g.play("p1", "play Insulation pay 2")
    assert g.state.pending == [] and g.state.players["p1"].prod == [0] * 6


def test_rover_construction_pets_immigrant_city_and_tharsis_on_any_city() -> None:
    g = ready()
    in_play(g, "p1", "Rover Construction")
    in_play(g, "p1", "Pets", 1)
    in_play(g, "p2", "Immigrant City")
    g.state.players["p2"].corp = "Tharsis Republic"
    g.play("p1", "project city")
    g.play("p1", "place c3")
    me, other = g.state.players["p1"], g.state.players["p2"]
    assert me.res[RI["mc"]] == 100 - 25 + 2
    assert me.card_res["Pets"] == 2
    assert other.prod[RI["mc"]] == 2  # Immigrant City and Tharsis Republic


def test_decomposers_and_ecological_zone_count_tags() -> None:
    g = ready("Advanced Ecosystems")
    s = g.state
    in_play(g, "p1", "Decomposers")
    in_play(g, "p1", "Ecological Zone")
    s.players["p1"].played += ["Lichen", "Archaebacteria"]
    g.play("p1", "play Advanced Ecosystems pay 11")
    assert s.players["p1"].card_res["Decomposers"] == 3
    assert s.players["p1"].card_res["Ecological Zone"] == 2


def test_herbivores_grow_on_own_greenery() -> None:
    g = ready()
    in_play(g, "p1", "Herbivores", 1)
    g.play("p1", "project greenery")
    resolve(g)
    assert g.state.players["p1"].card_res["Herbivores"] == 2


def test_adaptation_technology_and_special_design_widen_requirements() -> None:
    g = ready("Trees")
    s, me = g.state, g.state.players["p1"]
    s.temp = 11  # -8 C; Trees need -4 C
    assert requirement_problem(s, me, "Trees")
    me.played.append("Adaptation Technology")
    assert requirement_problem(s, me, "Trees") is None
    me.played.remove("Adaptation Technology")
    hand(g, "p1", "Special Design")
    g.play("p1", "play Special Design pay 4")
    assert requirement_problem(s, me, "Trees") is None
    g.play("p1", "play Trees pay 13")
    assert not me.special_design


def test_research_outpost_and_shuttles_discounts() -> None:
    g = ready()
    me = g.state.players["p1"]
    me.played += ["Research Outpost", "Shuttles"]
    assert card_cost(me, "Comet") == 21 - 3
    assert card_cost(me, "Lichen") == 6


def test_thorgate_pays_less_for_power() -> None:
    g = ready()
    me = g.state.players["p1"]
    me.corp = "Thorgate"
    assert card_cost(me, "Power Plant") == 1
    g.play("p1", "project power")
    assert me.res[RI["mc"]] == 100 - 8


def test_special_tiles_follow_their_placement_rules() -> None:
    g = ready("Lava Flows", "Mohole Area", "Natural Preserve", "Urbanized Area")
    s = g.state
    from meeple_terraforming_mars.rules import legal_spaces
    assert set(legal_spaces(s, "p1", "lava flows", "volcanic")) == {"b2", "c1", "d1", "e1"}
    assert all(sp in ("a2", "a4", "a5", "b6", "d8", "e4", "e5", "e6", "f6", "f7", "f8", "i5")
               for sp in legal_spaces(s, "p1", "mohole area", "ocean_area"))
    s.tiles["c4"] = ("city", "p2")
    assert "c3" not in legal_spaces(s, "p1", "natural preserve", "isolated")
    assert "c3" not in legal_spaces(s, "p1", "city", "normal")
    s.tiles["c6"] = ("city", "p2")
    assert legal_spaces(s, "p1", "city", "urban") == ["c5"]


# -- Flooding's victim ----------------------------------------------------------------------


def _ocean_spaces_next_to(owned: bool) -> tuple[str, str]:
    """An ocean space and a neighbour of it for a tile: a land space (for p2's city) or
    another ocean space."""
    for sp in OCEAN_SPACES:
        for a in ADJACENT[sp]:
            if a in OCEAN_SPACES and not owned:
                return sp, a
            if a not in OCEAN_SPACES and owned:
                return sp, a
    raise AssertionError("no such ocean space")


@pytest.mark.parametrize("owned", [True, False])
def test_flooding_asks_for_a_victim_only_next_to_an_owned_tile(owned):
    g = action_game(seed=7)
    s = g.state
    s.oceans = 3
    give(g, "p1", mc=30)
    give(g, "p2", mc=10)
    hand(g, "p1", "Flooding")
    space, neighbour = _ocean_spaces_next_to(owned)
    s.tiles[neighbour] = ("city", "p2") if owned else ("ocean", "")
    g.play("p1", "play Flooding pay 7")
    g.play("p1", f"place {space}")
    asked = bool(s.pending) and s.pending[0][:2] == ("p1", "flood")
    assert asked == owned
    if owned:
        assert "target p2" in [GAME.format(c, s) for c in GAME.legal(s, "p1")]
