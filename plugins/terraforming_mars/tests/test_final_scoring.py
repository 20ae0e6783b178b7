"""Final scoring part by part: a city scores a point for each greenery beside it,
whoever owns the greenery (a capital as a city; a city off Mars none, and another
player's city nothing for you); a greenery one point for its owner; a milestone 5; the
total is the sum of the parts."""

from __future__ import annotations

from meeple_terraforming_mars.board import ADJACENT
from meeple_terraforming_mars.scoring import breakdown
from meeple_terraforming_mars.state import State


def test_each_part_of_the_final_score():
    s = State(("a", "b"), {})
    s.players["a"].tr, s.players["b"].tr = 30, 25
    s.tiles = {"e5": ("city", "a"), "e4": ("greenery", "a"), "e6": ("greenery", "b"),
               "d4": ("greenery", "b"), "g3": ("capital", "b"), "g2": ("greenery", "a"),
               "phobos": ("city", "a"), "a1": ("city", "b")}
    assert {"e4", "e6", "d4"} <= set(ADJACENT["e5"]) and "g2" in ADJACENT["g3"]
    s.milestones = {"Mayor": "a", "Gardener": "a", "Builder": "b"}
    parts = breakdown(s)
    assert parts["a"] == {"tr": 30, "milestones": 10, "awards": 0, "greenery": 2, "cities": 3,
                          "cards": 0, "total": 45}
    assert parts["b"] == {"tr": 25, "milestones": 5, "awards": 0, "greenery": 2, "cities": 1,
                          "cards": 0, "total": 33}


# What each card scores per resource on it, as printed on the card.
PER_RESOURCE = {"Predators": 1, "Ants": 2, "Fish": 1, "Small Animals": 2, "Birds": 1,
                "Ecological Zone": 2, "Decomposers": 3, "Herbivores": 2, "Pets": 2,
                "Livestock": 1, "Security Fleet": 1, "Tardigrades": 4}


def test_a_card_scoring_per_resource_counts_only_whole_sets_on_itself():
    from meeple_terraforming_mars.effects import card_vp

    s = State(("a", "b"), {})
    a = s.players["a"]
    for name, per in PER_RESOURCE.items():
        a.card_res = {}
        assert card_vp(s, a, name) == 0, name
        for held in range(3 * per + 2):
            a.card_res = {name: held, "Other": 50}
            assert card_vp(s, a, name) == held // per, (name, held)


def test_jovian_cities_oceans_and_science_cards_score_what_they_count():
    from meeple_terraforming_mars.effects import card_vp

    s = State(("a", "b"), {})
    a, b = s.players["a"], s.players["b"]
    # 1 VP per jovian tag of the player's own cards in play (events do not count)
    a.played = ["Ganymede Colony", "Io Mining Industries"]
    a.events = ["Asteroid"]
    b.played = ["Water Import From Europa"]
    for jovian in ("Water Import From Europa", "Ganymede Colony", "Io Mining Industries"):
        assert card_vp(s, a, jovian) == 2 and card_vp(s, b, jovian) == 1
    # Immigration Shuttles: 1 VP per 3 cities in play, anyone's, on Mars or not
    for n, vp in ((2, 0), (3, 1), (5, 1), (6, 2)):
        s.tiles = {f"x{i}": ("city", "ab"[i % 2]) for i in range(n - 1)}
        s.tiles["ganymede"] = ("city", "b")
        assert card_vp(s, a, "Immigration Shuttles") == vp, n
    # Search For Life: 3 VP with any science resource on it
    for held, vp in ((0, 0), (1, 3), (4, 3)):
        a.card_res = {"Search For Life": held}
        assert card_vp(s, a, "Search For Life") == vp
    # Capital: 1 VP per ocean beside the capital tile, whoever placed it
    capital = "e5"
    s.tiles = {capital: ("capital", "b")}
    assert card_vp(s, b, "Capital") == 0
    near = list(ADJACENT[capital])
    s.tiles.update({near[0]: ("ocean", ""), near[1]: ("ocean", ""), near[2]: ("greenery", "a")})
    assert card_vp(s, b, "Capital") == 2
    s.tiles = {}
    assert card_vp(s, b, "Capital") == 0  # no capital placed


def test_played_cards_and_events_add_their_points_to_the_final_score():
    s = State(("a", "b"), {})
    a = s.players["a"]
    a.played = ["Ganymede Colony", "Birds"]  # 1 jovian tag: 1 VP; 3 animals: 3 VP
    a.card_res = {"Birds": 3}
    a.events = ["Io Mining Industries"]  # as if played as an event: 1 VP, its tag not counted
    parts = breakdown(s)
    assert parts["a"]["cards"] == 1 + 3 + 1
    assert parts["a"]["total"] == 20 + 5
    assert parts["b"] == {"tr": 20, "milestones": 0, "awards": 0, "greenery": 0, "cities": 0,
                          "cards": 0, "total": 20}


def test_the_outcome_ranks_by_score_then_megacredits_and_keeps_the_recorded_scores():
    from meeple_terraforming_mars.state import MC

    from .helpers import GAME

    s = State(("a", "b", "c", "d"), {})
    assert GAME.outcome(s) is None  # not over
    s.phase, s.generation = "over", 12
    s.scores = {"a": 40, "b": 40, "c": 40}  # d's score not recorded: its parts' total, 20
    for n, mc in zip(s.names, (3, 9, 3, 50), strict=True):
        s.players[n].res[MC] = mc
    out = GAME.outcome(s)
    assert out.scores == {"a": 40, "b": 40, "c": 40, "d": 20}
    assert out.ranks == {"b": 1, "a": 2, "c": 2, "d": 4}
    assert out.detail["generations"] == 12 and out.detail["points"]["d"]["total"] == 20


def test_a_solo_game_is_won_only_with_mars_terraformed():
    from meeple_terraforming_mars.state import MAX_OCEANS, MAX_OXYGEN, MAX_TEMP_STEP

    from .helpers import GAME

    s = State(("me",), {})
    s.phase, s.generation, s.scores = "over", 14, {"me": 33}
    s.temp, s.oxygen, s.oceans = MAX_TEMP_STEP, MAX_OXYGEN, MAX_OCEANS - 1
    lost = GAME.outcome(s)
    assert (lost.ranks, lost.detail["result"], lost.detail["score"]) == ({"me": 2}, "lost", 33)
    s.oceans = MAX_OCEANS
    won = GAME.outcome(s)
    assert (won.ranks, won.detail["result"], won.detail["generations"]) == ({"me": 1}, "won", 14)
    s.oceans, s.oxygen = MAX_OCEANS, MAX_OXYGEN - 1
    assert GAME.outcome(s).detail["result"] == "lost"
    s.oxygen, s.temp = MAX_OXYGEN, MAX_TEMP_STEP - 1
    assert GAME.outcome(s).detail["result"] == "lost"
