"""Events are facts: they carry each player's points with names, ``changes`` sums to the
final scores, and decide enforces turns by itself."""

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import vp_totals
from meeple_carcassonne_hill_dale import HillDale, events
from meeple_carcassonne_hill_dale.events import ChipTaken
from meeple_carcassonne_hill_dale.tiles import CROPS

GAME = HillDale()


@pytest.mark.parametrize("n,sharing", [(2, "majority"), (3, "every-player"), (5, "majority")])
def test_vp_in_the_events_adds_up_to_the_final_scores(n, sharing):
    for seed in range(4):
        g = LocalGame(GAME, GAME.default_players(n), {"sharing": sharing}, seed=seed)
        g.play_randomly(random.Random(seed))
        total = vp_totals(GAME, g.events, g.state.players)
        assert total == {p: int(v) for p, v in g.outcome().scores.items()}
        assert sum(total.values()) > 0


def test_decide_called_directly_refuses_every_seat_out_of_turn():
    g = LocalGame(GAME, GAME.default_players(3), {"tiles": 30}, seed=3)
    rng = random.Random(3)
    steps = 0
    while g.outcome() is None:
        (me,) = g.to_act()
        cmds = GAME.legal(g.state, me)
        before = GAME.clone(g.state)
        for p in g.state.players:
            if p != me:
                with pytest.raises(IllegalCommand, match="not .*'s turn"):
                    GAME.decide(g.state, p, cmds[0], random.Random(0))
        with pytest.raises(IllegalCommand, match="does not play"):
            GAME.decide(g.state, "zed", cmds[0], random.Random(0))
        assert g.state == before
        g.play(me, rng.choice(cmds))
        steps += 1
    assert steps >= 30


def test_log_lines_name_players_and_points():
    g = LocalGame(GAME, ["ann", "bob"], {"tiles": 20}, seed=5)
    g.play_randomly(random.Random(5))
    lines = [GAME.describe_event(ev) for ev in g.events]
    assert any(line.startswith("ann places ") for line in lines)
    assert lines[-1].startswith("final scoring: ann +") and "bob +" in lines[-1]
    assert not any("seat " in line for line in lines if not line.startswith("closed"))


def test_view_of_every_seat_and_the_spectator_hides_only_the_stack_order():
    """Field by field: the only secret is the order of the stack; every seat and the
    spectator (player=None) see the stack as a sorted multiset and everything else."""
    from meeple_carcassonne_hill_dale.events import Started
    from meeple_carcassonne_hill_dale.state import SLOTS

    g = LocalGame(GAME, ["ann", "bob", "cid"], {}, seed=11)
    rng = random.Random(11)
    for _ in range(10):
        (me,) = g.to_act()
        g.play(me, rng.choice(GAME.legal(g.state, me)))
    state = g.state
    assert state.stack != sorted(state.stack)  # else the test could not see a leak
    for who in [*state.players, None]:
        v = GAME.view(state, who)
        for slot in SLOTS:
            if slot == "stack":
                assert v.stack == sorted(state.stack), who
            elif slot == "hidden":
                assert v.hidden is True and state.hidden is False
            else:
                assert getattr(v, slot) == getattr(state, slot), (who, slot)
        started = GAME.redact(g.events[0], who)
        assert isinstance(started, Started) and list(started.stack) == sorted(started.stack)
        for fmt in ("text", "svg"):  # drawn for the same person: the acting seat may click
            assert GAME.render(v, fmt, who) == GAME.render(GAME.view(state, None), fmt, who)


@pytest.mark.parametrize("crop", range(len(CROPS)))
def test_a_chip_taken_counts_one_chip_of_its_crop_for_its_player(crop):
    assert GAME.changes(ChipTaken(1, crop, "bob")) == {"bob": {CROPS[crop]: 1}}


@pytest.mark.parametrize(("build", "line"), [
    (lambda e: e.Started(("ann", "bob"), ("curve", "straight", "meadow-1"), "majority"),
     "ann, bob start with 3 tiles in the stack (the most meeples score a shared feature)"),
    (lambda e: e.Started(("ann", "bob", "cy"), ("curve", "curve"), "every-player"),
     "ann, bob, cy start with 2 tiles in the stack (everyone on a shared feature scores it)"),
    (lambda e: e.Drew(1, "straight", (), "bob"), "bob draws straight (path NS)"),
    (lambda e: e.Drew(1, "curve-1"), "seat 2 draws curve-1 (path SW; 1 chicken)"),
    (lambda e: e.Drew(0, "curve", ("field-all",), "ann"),
     "ann draws curve (path SW) (set aside, it fits nowhere: field-all (field NESW))"),
    (lambda e: e.Drew(2, "", ("field-all", "meadow-2"), "cy"),
     "cy finds no tile that fits (set aside, it fits nowhere: field-all (field NESW), "
     "meadow-2 (meadow only; 2 horses, 1 pig))"),
    (lambda e: e.Drew(0, "", (), "ann"), "ann finds no tile that fits"),
    (lambda e: e.Placed(0, 1, -2, 3, "junction3-1", "ann"),
     "ann places junction3-1 (path end E, path end S, path end W, junction; 1 horse) "
     "at 1,-2 r270"),
    (lambda e: e.Placed(4, -3, 5, 0, "field-n-path-scarecrow"),
     "seat 5 places field-n-path-scarecrow (field N, scarecrow, path EW) at -3,5 r0"),
    (lambda e: e.MeeplePlaced(1, 2, 0, 1, "wanderer", "bob"),
     "bob puts a wanderer on the path at 2,0 (E edge)"),
    (lambda e: e.MeeplePlaced(0, -1, 3, 3, "farmer", "ann"),
     "ann puts a farmer on the field at -1,3 (W edge)"),
    (lambda e: e.StablePlaced(2, -1, 4, "cy"), "cy builds a stable at -1,4"),
    (lambda e: e.Wandered(0, 1, 0, 2, 1, -1, 0, 1, "ann"),
     "ann walks a wanderer from 1,0 to 1,-1: 1 tile, +1 point"),
    (lambda e: e.Wandered(1, 1, -1, 0, -3, 0, 1, 5, "bob"),
     "bob walks a wanderer from 1,-1 to -3,0: 5 tiles, +5 points"),
    (lambda e: e.Wandered(1, 0, 0, 1, 2, 0, 3, 2),
     "seat 2 walks a wanderer from 0,0 to 2,0: 2 tiles, +2 points"),
    (lambda e: e.Scored("path", 2, 0, 1, 1, ((1, 1),), names=("bob",),
                        present=(("bob", 1),)),
     "closed path of 1 tile at 2,0: bob +1 (1 point per tile, once per player)"),
    (lambda e: e.Scored("field", 1, 1, 0, 4, ((0, 8), (1, 8)), (0, 1, 5), (1, 0),
                        ("ann", "bob"), (("ann", 1), ("bob", 1)), "every-player"),
     "closed field of 4 tiles at 1,1: ann +8, bob +8 (2 points per tile, once per player; "
     "every player's farmers: ann 1, bob 1); harvest chips apple, strawberry, scarecrow "
     "picked in turn by bob, ann"),
    (lambda e: e.Scored("field", -1, 2, 3, 2, ((0, 4),), (4,), (0,), ("ann",),
                        (("ann", 2), ("bob", 1))),
     "closed field of 2 tiles at -1,2: ann +4 (2 points per tile, once per player; most "
     "farmers: ann 2, bob 1); harvest chips grain picked in turn by ann"),
    (lambda e: e.Scored("path", 0, 0, 1, 3, ((0, 3), (2, 3))),
     "closed path of 3 tiles at 0,0: seat 1 +3, seat 3 +3 (1 point per tile, once per "
     "player)"),
    (lambda e: e.ChipTaken(1, 3, "bob"), "bob takes a sunflower harvest chip"),
    (lambda e: e.ChipTaken(0, 5), "seat 1 takes a scarecrow harvest chip"),
    (lambda e: e.StackReshuffled(("curve", "curve", "straight")),
     "the 3 tiles left in the stack are shuffled anew"),
    (lambda e: e.StackReshuffled(("curve",)), "the 1 tile left in the stack is shuffled anew"),
    (lambda e: e.Started(("ann", "bob"), ("curve",), "majority"),
     "ann, bob start with 1 tile in the stack (the most meeples score a shared feature)"),
    (lambda e: e.FinalScored(((0, 6, 2, 9, 10), (1, 0, 1, 0, 0)), ("ann", "bob")),
     "final scoring: ann +27 (unfinished paths 6, unfinished fields 2, stables 9, harvest "
     "chips 10); bob +1 (unfinished paths 0, unfinished fields 1, stables 0, harvest "
     "chips 0)"),
    (lambda e: e.FinalScored(((0, 1, 2, 3, 4),)),
     "final scoring: seat 1 +10 (unfinished paths 1, unfinished fields 2, stables 3, "
     "harvest chips 4)"),
])
def test_every_event_reads_as_a_line_naming_its_player_and_points(build, line):
    assert GAME.describe_event(build(events)) == line


@pytest.mark.parametrize(("build", "changes"), [
    (lambda e: e.Wandered(0, 1, 0, 2, -3, 0, 1, 5, "ann"), {"ann": {"vp": 5}}),
    (lambda e: e.Wandered(0, 1, 0, 2, -3, 0, 1, 5), {}),
    (lambda e: e.Scored("field", 1, 1, 0, 4, ((0, 8), (1, 6)), names=("ann", "bob")),
     {"ann": {"vp": 8}, "bob": {"vp": 6}}),
    (lambda e: e.Scored("path", 1, 1, 0, 4, ((0, 4),)), {}),
    (lambda e: e.ChipTaken(1, 2), {}),
    (lambda e: e.FinalScored(((0, 6, 2, 9, 10), (1, 0, 1, 0, 0)), ("ann", "bob")),
     {"ann": {"vp": 27}, "bob": {"vp": 1}}),
    (lambda e: e.FinalScored(((0, 6, 2, 9, 10),)), {}),
    (lambda e: e.Placed(0, 1, 0, 0, "curve", "ann"), {}),
    (lambda e: e.StablePlaced(0, 1, 0, "ann"), {}),
])
def test_changes_give_points_only_for_walks_scorings_and_the_final_scoring(build, changes):
    assert GAME.changes(build(events)) == changes


def test_a_tile_is_named_with_what_it_shows_and_no_tile_is_named_nothing():
    from meeple_carcassonne_hill_dale.game import tile_name

    assert tile_name("field-n-junction-scarecrow") == (
        "field-n-junction-scarecrow (field N, scarecrow, path end E, path end S, "
        "path end W, junction)")
    assert tile_name("meadow-6") == "meadow-6 (meadow only; 1 horse, 2 sheep, 1 pig)"
    assert tile_name("") == ""
