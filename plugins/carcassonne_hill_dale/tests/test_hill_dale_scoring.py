"""Scenarios for every scoring rule, points worked out by hand (see the comments).

A path or field scores once per player, never per meeple: by default (the published
rulebook) the player(s) with the most meeples on it; with ``sharing=every-player`` every
player on it. Stables and harvest chips belong to one player each, so they never share."""

import itertools
import random

import pytest
from hill_dale_helpers import GAME, Table
from meeple.core import IllegalCommand, LocalGame
from meeple_carcassonne_hill_dale.events import ChipTaken, FinalScored, Scored, Wandered
from meeple_carcassonne_hill_dale.scoring import chip_points
from meeple_carcassonne_hill_dale.tiles import CROPS, SCARECROW

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
    assert t.vp() == {"ann": 3, "bob": 0}
    assert t.score("ann") == 3 and t.score("bob") == 0
    assert t.state.meeples_left == [4, 4] and t.state.meeples == []


def test_tied_wanderers_of_two_players_on_a_merged_path_both_score_in_full():
    t = Table(["curve", "curve", "curve", "junction3", "junction3"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")  # joins the start path
    t.play("bob", "0,-1 r270 wanderer E")  # a separate path E-S below the start
    t.play("ann", "1,-1 r90")  # curve N-W joins both paths into one
    t.play("bob", "-1,0 r0")  # junction closes the west end
    evs = t.play("ann", "0,-2 r90")  # junction closes the south end
    # path: (-1,0) (0,0) (1,0) (1,-1) (0,-1) (0,-2) = 6 tiles; one wanderer each is a
    # tie for the most, so each scores 6
    scored = [e for e in evs if isinstance(e, Scored)]
    assert scored[0].tiles == 6
    assert sorted(scored[0].awards) == [(0, 6), (1, 6)]
    assert (t.score("ann"), t.score("bob")) == (6, 6)
    assert t.vp() == {"ann": 6, "bob": 6}


# An 8-tile path along y=0 from -3 to 4. Meadows below carry the separate pieces.
# ann: a wanderer at 1,0 and one at -2,0; bob: one at 3,0 (or none); then straights at
# 2,0 and -1,0 join everything and junctions close both ends.
def _long_path(bob_wanderer: bool, close: bool, sharing: str = "majority",
               ann_second: bool = True) -> Table:
    tiles = ["straight", "meadow-1", "meadow-2", "meadow-3", "meadow-4", "straight",
             "meadow-5", "meadow-6", "straight", "straight", "straight"]
    if close:
        tiles += ["junction3", "junction3"] + FILL
    t = Table(tiles, sharing=sharing)
    t.play("ann", "1,0 r90 wanderer E")  # path (0,0)-(1,0)
    t.play("bob", "0,-1 r0")
    t.play("ann", "1,-1 r0")
    t.play("bob", "2,-1 r0")
    t.play("ann", "3,-1 r0")
    t.play("bob", "3,0 r90 wanderer E" if bob_wanderer else "3,0 r90")  # a path of its own
    t.play("ann", "-1,-1 r0")
    t.play("bob", "-2,-1 r0")
    t.play("ann", "-2,0 r90 wanderer E" if ann_second else "-2,0 r90")  # a second wanderer
    t.play("bob", "2,0 r90")  # joins (0,0)-(1,0) with (3,0)
    t.play("ann", "-1,0 r90")  # joins (-2,0): six tiles from -2 to 3
    return t


def test_two_wanderers_of_one_player_score_a_closed_path_once():
    t = _long_path(bob_wanderer=False, close=True)
    t.play("bob", "4,0 r0")  # junction: closes the east end
    evs = t.play("ann", "-3,0 r0")  # junction: closes the west end
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # 8 tiles from -3 to 4, 1 point each, once for ann (not 16 for two wanderers)
    assert (scored.tiles, scored.awards, scored.present) == (8, ((0, 8),), (("ann", 2),))
    assert (t.score("ann"), t.score("bob")) == (8, 0)
    assert t.state.meeples_left == [4, 4]  # both wanderers came back


def test_mixed_wanderers_on_a_closed_path_majority_scores_it_alone():
    t = _long_path(bob_wanderer=True, close=True)
    t.play("bob", "4,0 r0")
    evs = t.play("ann", "-3,0 r0")
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # ann has 2 wanderers, bob 1: the majority (ann) scores the 8 tiles, bob nothing;
    # every wanderer comes back
    assert scored.awards == ((0, 8),) and scored.present == (("ann", 2), ("bob", 1))
    assert (t.score("ann"), t.score("bob")) == (8, 0) and t.vp() == {"ann": 8, "bob": 0}
    assert t.state.meeples_left == [4, 4]
    assert GAME.describe_event(scored) == (
        "closed path of 8 tiles at -3,0: ann +8 (1 point per tile, once per player; "
        "most wanderers: ann 2, bob 1)")


def test_mixed_wanderers_every_player_option_scores_each_player_once():
    t = _long_path(bob_wanderer=True, close=True, sharing="every-player")
    t.play("bob", "4,0 r0")
    evs = t.play("ann", "-3,0 r0")
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # everyone on the path scores it in full, but once: ann 8 (not 16), bob 8
    assert scored.awards == ((0, 8), (1, 8))
    assert (t.score("ann"), t.score("bob")) == (8, 8)


def test_unfinished_path_at_the_end_scores_once_per_player():
    t = _long_path(bob_wanderer=False, close=False)
    (final,) = [e for e in t.events if isinstance(e, FinalScored)]
    # 6 tiles from -2 to 3 with two of ann's wanderers: 6 points, not 12
    assert final.rows == ((0, 6, 0, 0, 0), (1, 0, 0, 0, 0))
    assert GAME.outcome(t.state).scores == {"ann": 6.0, "bob": 0.0}
    assert t.vp() == {"ann": 6, "bob": 0}


@pytest.mark.parametrize("sharing,bob", [("majority", 0), ("every-player", 6)])
def test_unfinished_mixed_path_at_the_end_follows_the_sharing_rule(sharing, bob):
    t = _long_path(bob_wanderer=True, close=False, sharing=sharing)
    (final,) = [e for e in t.events if isinstance(e, FinalScored)]
    # ann 2 wanderers, bob 1 on 6 tiles
    assert final.rows == ((0, 6, 0, 0, 0), (1, bob, 0, 0, 0))
    assert t.vp() == {"ann": 6, "bob": bob}


# An 8-tile field along y=1 from -3 to 3 plus the start tile's field. Meadows above
# carry the separate pieces. ann: a farmer on the start field (via 0,1) and one at -2,1;
# bob: one at 2,1 (or none); field-ew tiles at 1,1 and -1,1 join them; field ends close.
def _long_field(bob_farmer: bool, close: bool, sharing: str = "majority",
                ann_second: bool = True) -> Table:
    tiles = ["field-new-apple", "meadow-1", "meadow-2", "meadow-3", "meadow-4",
             "field-ew-grain", "meadow-5", "meadow-6", "field-ew-apple", "field-ew-scarecrow",
             "field-ew-apple"]
    if close:
        tiles += ["field-n-strawberry", "field-n-pumpkin"] + FILL
    t = Table(tiles, sharing=sharing)
    t.play("ann", "0,1 r180 farmer S")  # field E-S-W at 0,1 joins the start field
    t.play("bob", "0,2 r0")
    t.play("ann", "1,2 r0")
    t.play("bob", "2,2 r0")
    t.play("ann", "-1,2 r0")
    t.play("bob", "2,1 r0 farmer E" if bob_farmer else "2,1 r0")  # a field of its own
    t.play("ann", "-2,2 r0")
    t.play("bob", "3,2 r0")
    t.play("ann", "-2,1 r0 farmer E" if ann_second else "-2,1 r0")  # a second farmer
    t.play("bob", "1,1 r0")  # joins the start field with 2,1
    t.play("ann", "-1,1 r0")  # joins -2,1: six tiles
    return t


def test_two_farmers_of_one_player_score_a_closed_field_once_and_take_all_chips():
    t = _long_field(bob_farmer=False, close=True)
    t.play("bob", "3,1 r270")  # field end on its west edge: closes the east end
    evs = t.play("ann", "-3,1 r90")  # closes the west end
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # 8 tiles, 2 points each, once: 16 (not 32); all 7 symbols go to ann unasked
    assert (scored.tiles, scored.awards) == (8, ((0, 16),))
    assert scored.pickers == (0,) and len(scored.harvest) == 7
    assert (t.score("ann"), t.score("bob")) == (16, 0)
    assert sum(t.state.chips[0]) == 7 and sum(t.state.chips[1]) == 0


def test_mixed_farmers_on_a_closed_field_majority_scores_and_harvests_alone():
    t = _long_field(bob_farmer=True, close=True)
    t.play("bob", "3,1 r270")
    evs = t.play("ann", "-3,1 r90")
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # ann 2 farmers, bob 1: ann alone scores 16 and takes every harvest chip
    assert scored.awards == ((0, 16),) and scored.pickers == (0,)
    assert (t.score("ann"), t.score("bob")) == (16, 0)
    assert sorted(CROPS[c] for c in scored.harvest) == [
        "apple", "apple", "apple", "grain", "pumpkin", "scarecrow", "strawberry"]
    assert sum(t.state.chips[0]) == 7 and sum(t.state.chips[1]) == 0
    assert t.state.meeples_left == [4, 4]


def test_mixed_farmers_every_player_option_scores_each_once_and_shares_chips():
    t = _long_field(bob_farmer=True, close=True, sharing="every-player")
    t.play("bob", "3,1 r270")
    evs = t.play("ann", "-3,1 r90")
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # both score 16 once; ann closed it, so ann picks first, then bob, in turn
    assert scored.awards == ((0, 16), (1, 16)) and scored.pickers == (0, 1)
    assert (t.score("ann"), t.score("bob")) == (16, 16)
    assert GAME.to_act(t.state) == ("ann",)


@pytest.mark.parametrize("sharing,bob", [("majority", 0), ("every-player", 6)])
def test_unfinished_fields_at_the_end_score_once_per_player(sharing, bob):
    t = _long_field(bob_farmer=True, close=False, sharing=sharing)
    (final,) = [e for e in t.events if isinstance(e, FinalScored)]
    # 6 tiles (-2..2 on y=1 and the start tile), 1 point each: ann 6 (not 12)
    assert final.rows == ((0, 0, 6, 0, 0), (1, 0, bob, 0, 0))
    assert t.vp() == {"ann": 6, "bob": bob}


def test_tied_wanderers_on_an_unfinished_path_both_score_at_the_end():
    t = _long_path(bob_wanderer=True, close=False, ann_second=False)
    (final,) = [e for e in t.events if isinstance(e, FinalScored)]
    # one wanderer each on the 6 tiles from -2 to 3: a tie for the most, 6 points each
    assert final.rows == ((0, 6, 0, 0, 0), (1, 6, 0, 0, 0))


def test_tied_farmers_on_a_closed_field_both_score_and_share_the_chips():
    t = _long_field(bob_farmer=True, close=True, ann_second=False)
    t.play("bob", "3,1 r270")
    evs = t.play("ann", "-3,1 r90")
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    # one farmer each: both score the 8 tiles (16 each) and pick chips, ann (the closer)
    # first
    assert scored.awards == ((0, 16), (1, 16)) and scored.pickers == (0, 1)
    assert GAME.to_act(t.state) == ("ann",)


def test_tied_farmers_on_an_unfinished_field_both_score_at_the_end():
    t = _long_field(bob_farmer=True, close=False, ann_second=False)
    (final,) = [e for e in t.events if isinstance(e, FinalScored)]
    assert final.rows == ((0, 0, 6, 0, 0), (1, 0, 6, 0, 0))


def test_sharing_option_is_checked():
    from meeple.core import BadOptions

    with pytest.raises(BadOptions, match="sharing"):
        GAME.resolve_options({"sharing": "most"})
    assert GAME.resolve_options({})["sharing"] == "majority"


def test_wanderer_placement_refused_on_an_occupied_path_and_nothing_changes():
    t = Table(["straight", "straight"] + FILL)
    t.play("ann", "1,0 r90 wanderer E")
    before = GAME.clone(t.state)
    with pytest.raises(IllegalCommand, match="already a wanderer"):
        t.play("bob", "-1,0 r90 wanderer E")
    assert t.state == before


def test_wanderer_walks_onto_the_new_tile_one_point_per_tile_entered():
    t = Table(["curve", "straight", "straight", "straight", "straight"] + FILL)
    t.play("ann", "1,0 r0 wanderer S")  # path (0,0)-(1,0), open west and south
    t.play("bob", "-1,0 r90")  # extends the path west, bob has no wanderer there
    # ann extends the path south: the only walk is onto the new tile, 1 tile entered;
    # walking west along the old path (back and forth) is not a walk the rule allows
    legal = {GAME.format(c) for c in GAME.legal(t.state, "ann")}
    assert {c for c in legal if c.startswith("1,-1 r0 walk")} == {"1,-1 r0 walk 1,0S 1,-1N"}
    for c in legal:  # every walk ends on the tile it places
        if " walk " in c:
            words = c.split()
            assert words[-1][:-1] == words[0], c
    before = GAME.clone(t.state)
    with pytest.raises(IllegalCommand, match="onto the tile just placed"):
        t.play("ann", "1,-1 r0 walk 1,0S -1,0E")
    assert t.state == before
    evs = t.play("ann", "1,-1 r0 walk 1,0S 1,-1N")
    (walked,) = [e for e in evs if isinstance(e, Wandered)]
    assert walked.steps == 1 and t.score("ann") == 1 and t.vp()["ann"] == 1
    (seat, seg), = t.state.meeples
    assert t.state.seg_pos[seg] == (1, -1)
    # bob extends the west end; then ann extends it again and walks the whole path west
    # onto her new tile (how far: up to the new tile; how often: once, in a turn whose
    # tile extends the path)
    t.play("bob", "-2,0 r90")
    assert t.state.turn == 0
    legal = {GAME.format(c) for c in GAME.legal(t.state, "ann")}
    assert "-3,0 r90 walk 1,-1N -3,0E" in legal
    evs = t.play("ann", "-3,0 r90 walk 1,-1N -3,0E")
    (walked,) = [e for e in evs if isinstance(e, Wandered)]
    # (1,0), (0,0), (-1,0), (-2,0), (-3,0): 5 tiles entered
    assert walked.steps == 5 and t.score("ann") == 6


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
    assert [e for e in evs if isinstance(e, ChipTaken)] == [ChipTaken(0, crop("apple"), "ann")]
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
    assert ChipTaken(1, crop("scarecrow"), "bob") in evs
    assert t.state.chips[0][crop("strawberry")] == 1
    assert t.state.chips[1][crop("apple")] == 1 and t.state.chips[1][crop("scarecrow")] == 1
    assert GAME.to_act(t.state) == ("ann",) and not t.state.pending
    assert (t.score("ann"), t.score("bob")) == (8, 8)


def test_a_chip_taken_comes_from_the_first_pending_harvest_only() -> None:
    """Two fields closed by one tile wait in order; a chip taken is the first harvest's,
    whose turn moves to its next picker, and the second waits untouched."""
    state = LocalGame(GAME, ["ann", "bob", "cy"], seed=1).state.clone()
    first, second = ((0, 2, 2), (0, 1, 2), 0), ((3, 4), (1, 2), 0)
    state.pending = [first, second]
    before = [list(c) for c in state.chips]
    state = GAME.fold(state, ChipTaken(seat=0, crop=2, player="ann"))
    assert state.pending == [((0, 2), (0, 1, 2), 1), second]
    assert state.chips[0][2] == before[0][2] + 1
    state = GAME.fold(state, ChipTaken(seat=1, crop=0, player="bob"))
    assert state.pending == [((2,), (0, 1, 2), 2), second]
    state = GAME.fold(state, ChipTaken(seat=2, crop=2, player="cy"))
    assert state.pending == [second]


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
    assert final == [FinalScored(((0, 2, 1, 0, 0), (1, 0, 0, 3, 0)), ("ann", "bob"))]
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


def _sets_by_hand(counts: tuple[int, ...]) -> int:
    """Sets of five different crops, made one at a time: each crop from the chips of that
    crop while there are any, a scarecrow standing in for the others. Using a scarecrow
    where a real chip is at hand can never make more sets, so this greedy count is the
    best grouping, reached another way than the rules' count."""
    crops = [c for i, c in enumerate(counts) if i != SCARECROW]
    jokers = counts[SCARECROW]
    sets = 0
    while True:
        need = sum(1 for c in crops if c == 0)
        if need > jokers:
            return sets
        crops = [c - 1 if c else 0 for c in crops]
        jokers -= need
        sets += 1


def test_harvest_chips_score_one_each_and_five_more_per_best_set() -> None:
    kinds = len(CROPS)
    for counts in itertools.product(range(4), repeat=kinds):
        want = sum(counts) + 5 * _sets_by_hand(counts)
        assert chip_points(counts) == want, counts
    # large hands too, where several set counts must be tried before the best fits
    rng = random.Random(974)
    for _ in range(300):
        counts = tuple(rng.randrange(9) for _ in range(kinds))
        assert chip_points(counts) == sum(counts) + 5 * _sets_by_hand(counts), counts


def _three_player_field(supply: dict[str, int] | None = None):
    """ann (seat 0) and cy (seat 2) have a farmer each on the field bob (seat 1) closes: 4
    tiles, apple, scarecrow and strawberry symbols; ``supply`` sets chips left in the
    box first."""
    t = Table(["field-nw-apple", "meadow-1", "field-n-path-scarecrow", "meadow-2",
               "field-nw-strawberry"] + FILL, players=("ann", "bob", "cy"))
    t.play("ann", "0,1 r180 farmer S")  # field S+E joins the start field
    t.play("bob", "0,-1 r0")
    t.play("cy", "1,0 r0 farmer N")  # a field of its own north of 1,0
    t.play("ann", "-1,-1 r0")
    for name, n in (supply or {}).items():
        t.state.supply[crop(name)] = n
    evs = t.play("bob", "1,1 r270")  # W and S join both fields and close them
    (scored,) = [e for e in evs if isinstance(e, Scored)]
    return t, scored


def test_a_harvest_is_picked_from_the_closer_on_in_turn_order_when_the_closer_has_no_farmer():
    t, scored = _three_player_field()
    assert scored.awards == ((0, 8), (2, 8))
    # bob closed it but has no farmer: the next scoring player after bob is cy, then ann
    assert scored.pickers == (2, 0)
    assert scored.harvest == (crop("apple"), crop("strawberry"), crop("scarecrow"))
    assert GAME.to_act(t.state) == ("cy",)
    assert (t.score("ann"), t.score("bob"), t.score("cy")) == (8, 0, 8)


def test_a_harvest_holds_only_the_chips_the_box_still_has():
    t, scored = _three_player_field({"apple": 0, "strawberry": 1})
    assert scored.harvest == (crop("strawberry"), crop("scarecrow"))
    assert scored.pickers == (2, 0) and GAME.to_act(t.state) == ("cy",)
    # the harvest leaves the box at once: no strawberry left, 7 of the 8 scarecrows
    assert [t.state.supply[crop(c)] for c in ("apple", "strawberry", "scarecrow")] == [0, 0, 7]


def test_a_field_whose_chips_are_all_gone_scores_its_points_and_shares_nothing():
    t, scored = _three_player_field({"apple": 0, "strawberry": 0, "scarecrow": 0})
    assert scored.harvest == () and scored.pickers == ()
    assert scored.awards == ((0, 8), (2, 8))
    assert not t.state.pending and GAME.to_act(t.state) == ("cy",)  # cy draws next
    assert [sum(c) for c in t.state.chips] == [0, 0, 0]


def test_two_symbols_of_one_crop_take_two_chips_while_the_box_has_them():
    from meeple_carcassonne_hill_dale.board import find
    from meeple_carcassonne_hill_dale.scoring import closed_awards

    t = _long_field(bob_farmer=False, close=True)
    t.play("bob", "3,1 r270")
    root = find(t.state.seg_parent, t.state.meeples[0][1])
    # apple, apple, grain, scarecrow, apple on the field so far; the box holds 5 apples
    for left, apples in ((5, 3), (3, 3), (2, 2), (1, 1), (0, 0)):
        t.state.supply[crop("apple")] = left
        _feature, _tiles, _awards, harvest, _pickers, _present = closed_awards(
            t.state, root, 1)
        assert harvest.count(crop("apple")) == apples, left


def test_a_tile_closing_a_path_and_a_field_scores_the_path_first():
    t = Table(["junction3", "junction3", "straight", "field-n-apple", "field-n-curve-es"]
              + FILL)
    t.play("ann", "1,0 r0")  # its S stub will end the path from the north
    t.play("bob", "0,-1 r0 wanderer E")  # its E stub ends the path from the west
    t.play("ann", "0,-2 r0")
    t.play("bob", "1,-2 r0 farmer N")  # a field open to the north
    # turned r180 the tile has its path N-W (its first piece) and its field S
    evs = t.play("ann", "1,-1 r180")
    scored = [e for e in evs if isinstance(e, Scored)]
    assert [(s.feature, s.tiles, s.awards) for s in scored] == [
        ("path", 3, ((1, 3),)), ("field", 2, ((1, 4),))]
    assert GAME.describe_event(scored[1]) == (
        "closed field of 2 tiles at 1,-1: bob +4 (2 points per tile, once per player); "
        "harvest chips apple picked in turn by bob")
    assert (t.score("ann"), t.score("bob")) == (0, 7)
    assert t.state.chips[1][crop("apple")] == 1 and t.state.meeples_left == [4, 4]


def test_a_wanderer_walks_only_along_its_path_never_across_its_tiles_field():
    t = Table(["field-n-path", "curve", "curve", "meadow-1", "field-n-path"] + FILL)
    t.play("ann", "1,0 r0 wanderer E")  # path E-W at 1,0 under a field N
    t.play("bob", "2,0 r90")  # the path turns north
    t.play("ann", "2,1 r0")  # and west, toward 1,1
    t.play("bob", "0,-1 r0")
    # at 1,1 turned r180 the tile's path E-W extends ann's path, and its field S lies
    # against the field of ann's tile: the walk follows the path round, 3 tiles
    walks = {GAME.format(c) for c in GAME.legal(t.state, "ann")
             if c.what == "walk" and (c.x, c.y) == (1, 1)}
    assert walks == {"1,1 r180 walk 1,0E 1,1E"}
    evs = t.play("ann", "1,1 r180 walk 1,0E 1,1E")
    (walked,) = [e for e in evs if isinstance(e, Wandered)]
    assert (walked.steps, t.score("ann")) == (3, 3)
