"""Scenarios for every scoring rule, points worked out by hand (see the comments)."""

import pytest
from hill_dale_helpers import GAME, Table
from meeple.core import IllegalCommand
from meeple_carcassonne_hill_dale.events import ChipTaken, FinalScored, Scored, Wandered
from meeple_carcassonne_hill_dale.scoring import chip_points
from meeple_carcassonne_hill_dale.tiles import CROPS

FILL = ["meadow-4"] * 5  # keeps the game going after the scenario


def crop(name):
    return CROPS.index(name)


def test_closed_path_scores_each_wanderer_one_point_per_tile_and_returns_it():
    t = Table(["junction3", "junction3"] + FILL)
    t.play("ann", "1,0 r0 wanderer W")  # the junction's west stub joins the start path
    assert t.state.meeples_left == [3, 4]
    evs = t.play("bob", "-1,0 r0")  # a junction at the west end closes the path
    scored = [e for e in evs if isinstance(e, Scored)]
    # three tiles: the two junctions and the start tile
    assert [(s.feature, s.tiles, s.awards) for s in scored] == [("path", 3, ((0, 3),))]
    assert t.score("ann") == 3 and t.score("bob") == 0
    assert t.state.meeples_left == [4, 4] and t.state.meeples == []


def test_two_wanderers_on_a_merged_path_both_score_in_full():
    t = Table(["curve", "curve", "curve", "junction3", "junction3"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")  # joins the start path
    t.play("bob", "0,-1 r270 wanderer E")  # a separate path E-S below the start
    t.play("ann", "1,-1 r90")  # curve N-W joins both paths into one
    t.play("bob", "-1,0 r0")  # junction closes the west end
    evs = t.play("ann", "0,-2 r90")  # junction closes the south end
    # path: (-1,0) (0,0) (1,0) (1,-1) (0,-1) (0,-2) = 6 tiles, 6 points to each wanderer
    scored = [e for e in evs if isinstance(e, Scored)]
    assert scored[0].tiles == 6
    assert sorted(scored[0].awards) == [(0, 6), (1, 6)]
    assert (t.score("ann"), t.score("bob")) == (6, 6)


def test_wanderer_placement_refused_on_an_occupied_path_and_nothing_changes():
    t = Table(["straight", "straight"] + FILL)
    t.play("ann", "1,0 r90 wanderer E")
    before = GAME.clone(t.state)
    with pytest.raises(IllegalCommand, match="already a wanderer"):
        t.play("bob", "-1,0 r90 wanderer E")
    assert t.state == before


def test_wandering_scores_one_point_per_tile_entered():
    t = Table(["curve", "straight", "straight"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")  # path (0,0)-(1,0), open west and south
    t.play("bob", "-1,0 r90")  # extends the path west, bob has no wanderer there
    # ann extends the path south and, placing nothing, walks west 2 tiles: 2 points
    legal = {GAME.format(c) for c in GAME.legal(t.state, "ann")}
    # from (1,0): one tile south onto the new tile, or one or two tiles west
    walks = {c for c in legal if c.startswith("1,-1 r0 walk")}
    assert walks == {"1,-1 r0 walk 1,0S 1,-1N", "1,-1 r0 walk 1,0S 0,0E",
                     "1,-1 r0 walk 1,0S -1,0E"}
    evs = t.play("ann", "1,-1 r0 walk 1,0S -1,0E")
    walked = [e for e in evs if isinstance(e, Wandered)]
    assert len(walked) == 1 and walked[0].steps == 2
    assert t.score("ann") == 2
    (seat, seg), = t.state.meeples
    assert t.state.seg_pos[seg] == (-1, 0)


def test_no_walk_on_a_path_the_tile_closed():
    t = Table(["curve", "junction3"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")  # path (0,0)-(1,0), open west and south
    t.play("bob", "-1,0 r0")  # junction closes the west end
    t.play("ann", "0,-1 r0")  # a harmless tile elsewhere (meadow)
    # bob has no wanderer: nothing to walk; ann's path can only be closed now
    t2 = Table(["curve", "junction3", "junction3"] + FILL)
    t2.play("ann", "1,0 r0 wanderer S")
    t2.play("bob", "-1,0 r0")
    before = GAME.clone(t2.state)
    with pytest.raises(IllegalCommand, match="closed that path"):
        t2.play("ann", "1,-1 r90 walk 1,0S 0,0E")  # the junction north stub closes it
    assert t2.state == before


def test_walk_needs_a_path_the_tile_extends():
    t = Table(["curve", "meadow-1"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "0,-1 r0")
    with pytest.raises(IllegalCommand, match="extends"):
        t.play("ann", "-1,-1 r0 walk 1,0S 0,0E")


def test_closed_field_two_points_per_tile_and_harvest_for_a_lone_farmer():
    t = Table(["field-n-apple"] + FILL)
    evs = t.play("ann", "0,1 r180 farmer S")  # closes the start field: 2 tiles
    scored = [e for e in evs if isinstance(e, Scored)]
    assert [(s.feature, s.tiles, s.awards) for s in scored] == [("field", 2, ((0, 4),))]
    assert [e for e in evs if isinstance(e, ChipTaken)] == [ChipTaken(0, crop("apple"))]
    assert t.score("ann") == 4
    assert t.state.chips[0][crop("apple")] == 1
    assert t.state.supply[crop("apple")] == 4


def test_shared_harvest_closing_player_chooses_first_then_turn_order():
    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1",
               "field-nw-strawberry"] + FILL)
    t.play("ann", "0,1 r180 farmer S")  # field S+E joins the start field
    t.play("bob", "1,0 r0 farmer N")  # a separate field north of (1,0)
    t.play("ann", "0,-1 r0")  # elsewhere
    evs = t.play("bob", "1,1 r270")  # W and S join both fields and close them
    # 4 tiles: 8 points to each farmer; chips apple, strawberry, scarecrow
    scored = [e for e in evs if isinstance(e, Scored)]
    assert scored[0].tiles == 4 and sorted(scored[0].awards) == [(0, 8), (1, 8)]
    assert scored[0].pickers == (1, 0)  # bob closed it: bob picks first
    assert GAME.to_act(t.state) == ("bob",)
    assert {GAME.format(c) for c in GAME.legal(t.state, "bob")} == {
        "take apple", "take strawberry", "take scarecrow"}
    with pytest.raises(IllegalCommand):
        t.play("ann", "take apple")
    t.play("bob", "take apple")
    assert GAME.to_act(t.state) == ("ann",)
    evs = t.play("ann", "take strawberry")
    # the last chip goes to bob without a question, then ann draws her tile
    assert ChipTaken(1, crop("scarecrow")) in evs
    assert t.state.chips[0][crop("strawberry")] == 1
    assert t.state.chips[1][crop("apple")] == 1 and t.state.chips[1][crop("scarecrow")] == 1
    assert GAME.to_act(t.state) == ("ann",) and not t.state.pending
    assert (t.score("ann"), t.score("bob")) == (8, 8)


def test_farmer_refused_on_a_field_with_a_farmer():
    t = Table(["field-nw-apple", "field-all"] + FILL)
    t.play("ann", "0,1 r180 farmer S")
    with pytest.raises(IllegalCommand, match="already a farmer"):
        t.play("bob", "1,1 r0 farmer N")


def test_end_of_game_unfinished_path_and_field_and_stable():
    t = Table(["curve", "meadow-1", "field-n-apple"])
    t.play("ann", "1,0 r0 wanderer S")  # path of 2 tiles, unfinished
    t.play("bob", "0,-1 r0 stable")  # meadow-1 has 3 sheep
    evs = t.play("ann", "1,1 r0 farmer N")  # open field of 1 tile
    final = [e for e in evs if isinstance(e, FinalScored)]
    # ann: path 2 tiles + field 1 tile; bob: stable sees (0,-1) with 3 sheep, the start
    # tile and the plain curve (no animals)
    assert final == [FinalScored(((0, 2, 1, 0, 0), (1, 0, 0, 3, 0)))]
    out = GAME.outcome(t.state)
    assert out.scores == {"ann": 3.0, "bob": 3.0} and out.ranks == {"ann": 1, "bob": 1}


def test_stable_counts_animals_on_the_nine_tiles_and_blocks_its_neighbours():
    t = Table(["meadow-1", "meadow-2", "meadow-3", "meadow-4"])
    t.play("ann", "0,-1 r0 stable")  # meadow-1: 3 sheep
    before = GAME.clone(t.state)
    with pytest.raises(IllegalCommand, match="8 around"):
        t.play("bob", "1,-1 r0 stable")
    assert t.state == before
    t.play("bob", "1,-1 r0")  # meadow-2: 2 horses, 1 pig
    t.play("ann", "0,-2 r0")  # meadow-3: 3 chickens
    evs = t.play("bob", "0,-3 r0 stable")  # meadow-4: 2 pigs, 1 sheep; two rows away: allowed
    (final,) = [e for e in evs if isinstance(e, FinalScored)]
    # ann's stable at (0,-1) sees (0,0) 0 + (0,-1) 3 + (1,-1) 3 + (0,-2) 3 = 9
    # bob's stable at (0,-3) sees (0,-2) 3 + (0,-3) 3 = 6
    assert final.rows == ((0, 0, 0, 9, 0), (1, 0, 0, 6, 0))
    assert GAME.outcome(t.state).scores == {"ann": 9.0, "bob": 6.0}


@pytest.mark.parametrize("counts,points", [
    ((1, 1, 1, 1, 1, 0), 10),  # one full set: 5 + 5
    ((2, 1, 1, 1, 0, 1), 11),  # scarecrow stands in for grain: 6 + 5
    ((0, 0, 0, 0, 0, 3), 3),  # too few chips for a set
    ((0, 0, 0, 0, 0, 8), 13),  # 8 scarecrows make one set
    ((2, 2, 2, 2, 1, 1), 20),  # two sets, one scarecrow for the second grain
    ((5, 0, 0, 0, 0, 4), 14),  # four jokers and one apple: one set
    ((3, 3, 0, 0, 0, 2), 8),  # two jokers cannot fill three missing crops
])
def test_harvest_chips_one_point_each_and_five_per_set(counts, points):
    assert chip_points(counts) == points
