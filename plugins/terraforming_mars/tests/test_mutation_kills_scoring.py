"""Final scoring part by part and the solo game's neutral tiles: a city scores a point for
each greenery beside it, whoever owns the greenery (a capital as a city; a city off Mars
none, and another player's city nothing for you); a greenery one point for its owner; a
milestone 5; the total is the sum of the parts. The solo set-up counts spaces clockwise
round a city from the top left and wraps round a list. Written after the mutation runs
of docs/testing.md."""

from __future__ import annotations

from meeple_terraforming_mars.board import ADJACENT, SPACES
from meeple_terraforming_mars.scoring import breakdown
from meeple_terraforming_mars.solo import _count, clockwise, neutral_tiles
from meeple_terraforming_mars.state import State


def _x(sp: str) -> int:
    s = SPACES[sp]
    return 2 * s.index + abs(s.row - 4)


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


def test_clockwise_from_the_top_left():
    ring = clockwise("e5")
    s = SPACES["e5"]
    want = [(s.row - 1, _x("e5") - 1), (s.row - 1, _x("e5") + 1), (s.row, _x("e5") + 2),
            (s.row + 1, _x("e5") + 1), (s.row + 1, _x("e5") - 1), (s.row, _x("e5") - 2)]
    assert [(SPACES[a].row, _x(a)) for a in ring] == want
    assert set(ring) == set(ADJACENT["e5"])
    corner = clockwise("a1")
    assert set(corner) == set(ADJACENT["a1"]) and corner == [a for a in ("a2", "b2", "b1")
                                                           if a in corner]


def test_counting_wraps_round_and_starts_at_one():
    spaces = ["x", "y", "z"]
    assert [_count(spaces, c) for c in (0, 1, 2, 3, 4, 7)] == ["x", "x", "y", "z", "x", "x"]


def test_the_neutral_cities_and_greeneries_stand_apart_and_on_free_land():
    for costs in ((1, 1, 1, 1), (12, 30, 7, 2), (45, 3, 9, 60)):
        (c1, c2), (g1, g2) = neutral_tiles(costs)
        assert len({c1, c2, g1, g2}) == 4
        assert c2 not in ADJACENT[c1] and g1 in ADJACENT[c1] and g2 in ADJACENT[c2]
        assert not any(SPACES[sp].ocean for sp in (c1, c2, g1, g2)) and "e3" not in (c1, c2)
    (c1, c2), _ = neutral_tiles((1, 1, 1, 1))
    land = [sp for sp in SPACES if not SPACES[sp].ocean and sp != "e3"]
    assert c1 == land[0] and c2 == land[-1]
