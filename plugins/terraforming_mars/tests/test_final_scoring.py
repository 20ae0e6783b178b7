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
