"""Tiles, placement, notation, hidden information and pictures."""

import dataclasses
import random
from collections import Counter
from xml.etree import ElementTree

import pytest
from hill_dale_helpers import GAME, Table
from meeple.core import IllegalCommand, LocalGame
from meeple.core.codec import Codec
from meeple.core.testing import random_decisions
from meeple_carcassonne_hill_dale.board import fits
from meeple_carcassonne_hill_dale.events import Drew, FinalScored, Place, Started
from meeple_carcassonne_hill_dale.rules import draw
from meeple_carcassonne_hill_dale.tiles import (
    ANIMALS,
    CHIP_SUPPLY,
    CROPS,
    KINDS,
    ORIENT,
    PATH,
    full_stack,
)


def test_tile_set_has_73_tiles_one_start_and_harvest_symbols_for_the_33_chips():
    assert sum(k.count for k in KINDS) == 73
    assert [k.id for k in KINDS if k.start] == ["start"]
    assert len(full_stack()) == 72
    symbols = Counter()
    for k in KINDS:
        for p in k.orients[0].pieces:
            for c in p.harvest:
                symbols[CROPS[c]] += k.count
    assert dict(symbols) == {c: n for c, n in zip(CROPS, CHIP_SUPPLY, strict=True)}
    assert CHIP_SUPPLY == (5, 5, 5, 5, 5, 8) and sum(CHIP_SUPPLY) == 33
    assert len(ANIMALS) == 4 and sum(k.animal_total * k.count for k in KINDS) > 0


def test_every_piece_edge_carries_its_terrain_and_rotation_turns_clockwise():
    for k in KINDS:
        for r in range(4):
            o = k.orients[r]
            for p in o.pieces:
                for e in p.edges:
                    assert o.edges[e] == p.kind
            # each path or field edge belongs to exactly one piece, meadow edges to none
            for e in range(4):
                assert (o.edge_piece[e] >= 0) == (o.edges[e] != "M")
    straight = KINDS[[k.id for k in KINDS].index("straight")]
    assert straight.orients[0].edges == "PMPM" and straight.orients[1].edges == "MPMP"
    assert straight.rotations == (0, 1)  # r180 looks like r0
    curve = KINDS[[k.id for k in KINDS].index("curve")]
    assert [curve.orients[r].edges for r in range(4)] == ["MMPP", "PMMP", "PPMM", "MPPM"]


def test_a_tile_orientation_cannot_be_changed_once_made() -> None:
    orient = ORIENT[0][0]
    field = dataclasses.fields(orient)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(orient, field, getattr(orient, field))


def test_mismatched_edge_is_refused_with_the_reason_and_changes_nothing():
    t = Table(["straight"] * 4)
    before = GAME.clone(t.state)
    with pytest.raises(IllegalCommand, match="meadow on the S edge would meet a field"):
        t.play("ann", "0,1 r90")  # r90 puts a meadow on its south edge, against the start field
    with pytest.raises(IllegalCommand, match="touches no tile"):
        t.play("ann", "5,5 r0")
    with pytest.raises(IllegalCommand, match="already a tile"):
        t.play("ann", "0,0 r0")
    with pytest.raises(IllegalCommand) as refused:
        t.play("ann", "1,0 r90 farmer N")
    assert str(refused.value) == "the tile has no path or field on that edge at r90"
    with pytest.raises(IllegalCommand, match="farmers on fields"):
        t.play("ann", "1,0 r90 farmer E")
    for odd in (Place(1, 0, 1, "", 2), Place(1, 0, 1, "stable", 1),
                Place(1, 0, 1, "", -1, (0, 0, 1, 1, 0, 1))):
        with pytest.raises(IllegalCommand, match="only a wanderer or farmer"):
            GAME.decide(t.state, "ann", odd, random.Random(0))
    assert t.state == before
    t.play("ann", "1,0 r90 wanderer E")


def test_a_refused_placement_names_the_rotation_it_was_tried_at() -> None:
    refused_at = set()
    for state, p in random_decisions(GAME, 2, 975, steps=30):
        if state.current >= 0 and not state.pending:
            for x, y in sorted(state.frontier):
                for rot in range(4):
                    try:
                        GAME.decide(state, p, Place(x, y, rot), random.Random(0))
                    except IllegalCommand as e:
                        if "would meet" in str(e):
                            assert str(e).startswith(f"at {x},{y} r{rot * 90} the "), str(e)
                            refused_at.add(rot)
    assert refused_at == {0, 1, 2, 3}


def test_a_place_command_with_an_edge_off_the_tile_is_refused_and_changes_nothing():
    local = LocalGame(GAME, ["a", "b"], seed=1)
    s = local.state
    before = GAME.clone(s)
    x, y, rot = next((c.x, c.y, c.rot) for c in GAME.legal(s, "a"))
    for role in ("wanderer", "farmer"):
        for edge in (4, 5, 9, -2):
            with pytest.raises(IllegalCommand):
                GAME.decide(s, "a", Place(x, y, rot, role, edge), random.Random(0))
    assert s == before
    assert ORIENT[s.current][rot].edges  # the tile the refusals were asked about


def test_a_walk_from_a_place_without_ones_wanderer_is_refused_naming_the_place():
    local = LocalGame(GAME, ["a", "b"], seed=1)
    s = local.state
    before = GAME.clone(s)
    place = next(c for c in GAME.legal(s, "a") if c.what == "")
    orient = ORIENT[s.current][place.rot]
    goal = next(e for e in range(4) if orient.edge_piece[e] >= 0
                and orient.pieces[orient.edge_piece[e]].kind == PATH)
    for start in ((0, 0, 1), (0, 0, 3), (5, 5, 0)):
        walk = Place(place.x, place.y, place.rot, "walk", -1, (*start, place.x, place.y, goal))
        with pytest.raises(IllegalCommand) as refused:
            GAME.decide(s, "a", walk, random.Random(0))
        assert str(refused.value) == f"you have no wanderer at {start[0]},{start[1]}" + "NESW"[
            start[2]]
    assert s == before


def test_legal_is_exactly_what_decide_accepts_on_the_placement_grid():
    rng = random.Random(4)
    local = LocalGame(GAME, ["a", "b", "c"], seed=4)
    for _ in range(40):
        if local.outcome() is not None:
            break
        player = local.to_act()[0]
        legal = GAME.legal(local.state, player)
        legal_set = set(legal)
        assert len(legal_set) == len(legal)
        s = local.state
        if s.pending:
            local.play(player, rng.choice(legal))
            continue
        xs = [x for x, _ in s.board]
        ys = [y for _, y in s.board]
        for x in range(min(xs) - 1, max(xs) + 2):
            for y in range(min(ys) - 1, max(ys) + 2):
                for r in KINDS[s.current].rotations:
                    cmd = Place(x, y, r)
                    try:
                        GAME.decide(s, player, cmd, random.Random(0))
                        ok = True
                    except IllegalCommand:
                        ok = False
                    assert ok == (cmd in legal_set), cmd
                    assert ok == ((x, y) in s.frontier and fits(s, x, y, ORIENT[s.current][r]))
                    if not ok:
                        continue
                    actions = [Place(x, y, r, "stable")] + [
                        Place(x, y, r, role, e) for role in ("wanderer", "farmer")
                        for e in range(4)
                    ]
                    for cmd in actions:
                        try:
                            evs = GAME.decide(s, player, cmd, random.Random(0))
                        except IllegalCommand:
                            assert cmd not in legal_set, cmd
                            continue
                        # any edge of a piece is accepted; legal names the first one
                        first = Place(x, y, r, cmd.what, evs[1].edge) if cmd.edge >= 0 else cmd
                        assert first in legal_set, cmd
        for cmd in legal:
            GAME.decide(s, player, cmd, random.Random(0))
        local.play(player, rng.choice(legal))


@pytest.mark.parametrize("text", [
    "0,1", "0,1 r90", "-3,12 r270 wanderer W", "2,-1 r180 farmer N", "1,1 r0 stable",
    "1,-1 r0 walk 1,0S -1,0E", "take scarecrow",
])
def test_notation_round_trips(text):
    cmd = GAME.parse(text)
    assert GAME.parse(GAME.format(cmd)) == cmd
    if " r" in text or text.startswith("take"):
        assert GAME.format(cmd) == text


@pytest.mark.parametrize("word, rot", [("r0", 0), ("0", 0), ("r90", 1), ("90", 1),
                                       ("r180", 2), ("180", 2), ("r270", 3), ("270", 3)])
def test_every_rotation_word_reads_as_its_quarter_turns(word: str, rot: int) -> None:
    from meeple_carcassonne_hill_dale.notation import parse

    assert parse(f"2,-1 {word}") == Place(2, -1, rot)
    assert parse(f"place 2,-1 {word} stable") == Place(2, -1, rot, "stable")
    assert parse("2,-1") == Place(2, -1, 0)


@pytest.mark.parametrize("text", [
    "1,0 r45", "1,0 r90 wanderer", "1,0 r90 farmer Q", "take gold", "take", "x,1",
    "1,0 r90 walk 1,0 2,0", "1,0 r90 stable now", "1;0",
])
def test_bad_notation_is_refused(text):
    with pytest.raises(IllegalCommand):
        GAME.parse(text)


def test_view_hides_the_stack_order_and_determinize_samples_it():
    local = LocalGame(GAME, ["a", "b"], seed=9)
    real = local.state
    v = GAME.view(real, "a")
    assert v.hidden and v.stack == sorted(real.stack)
    assert real.stack != sorted(real.stack)  # 71 tiles are not drawn in sorted order
    orders = set()
    for i in range(5):
        d = GAME.determinize(v, "a", random.Random(i))
        assert sorted(d.stack) == sorted(real.stack)
        assert d.board == real.board and d.current == real.current
        orders.add(tuple(d.stack))
        # a determinized state plays on like a real one
        cmd = GAME.legal(d, "a")[0]
        assert GAME.decide(d, "a", cmd, random.Random(0))
    assert len(orders) == 5
    assert GAME.view(real, "a").stack is not real.stack


def test_a_view_that_folds_the_next_events_keeps_the_kinds_left_in_the_stack():
    """A seat's view holds the stack sorted (its order is hidden), so the drawn tile is
    taken out of it by kind: after every later event the view's stack has the same kinds
    as the game's."""
    local, rng = LocalGame(GAME, ["a", "b", "c"], seed=6), random.Random(6)
    for _ in range(5):
        local.play(local.to_act()[0], rng.choice(GAME.legal(local.state, local.to_act()[0])))
    view = GAME.view(local.state, "a")
    seen = len(local.events)
    draws = 0
    for _ in range(40):
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        for ev in local.events[seen:]:
            view = GAME.fold(view, ev)
            draws += type(ev).__name__ == "Drew"
        seen = len(local.events)
        assert Counter(view.stack) == Counter(local.state.stack)
        assert view.current == local.state.current
    assert draws >= 20 and view.stack != local.state.stack  # sorted, not in draw order


def test_draw_is_a_barrier_and_redact_hides_the_setup_stack():
    local = LocalGame(GAME, ["a", "b"], seed=2)
    started, drew = local.events[0], local.events[1]
    assert type(drew).BARRIER and not type(started).BARRIER
    red = GAME.redact(started, "a")
    assert isinstance(red, Started) and red.stack == tuple(sorted(started.stack))
    assert red.stack != started.stack
    codec = Codec(GAME)
    assert codec.decode(*codec.encode(red)) == red


def test_a_tile_that_fits_nowhere_is_set_aside_and_an_empty_stack_ends_the_game():
    t = Table(["curve", "straight", "junction4"])
    s = GAME.clone(t.state)
    s.frontier = {}  # pretend the landscape is closed in on every side
    events = []

    def emit(ev):
        events.append(ev)
        GAME.fold(s, ev)

    draw(s, 1, emit)
    assert isinstance(events[0], Drew) and events[0].tile == ""
    assert events[0].set_aside == ("straight", "junction4")  # in draw order
    assert isinstance(events[1], FinalScored) and s.finished


def test_text_and_svg_render_show_meeples_and_stables():
    t = Table(["curve", "meadow-1", "meadow-2"])
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "0,-1 r0 stable")
    text = GAME.render(t.state)
    assert "1" in text.splitlines()[2] or "1" in text  # ann's wanderer digit
    assert "b" in text and "ann: 0 points" in text
    svg = GAME.render(t.state, "svg")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    root = ElementTree.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg")
    assert svg.count("<circle") >= 3  # the wanderer and the two score markers
    assert "<polygon" in svg  # the stable


def test_short_game_option_and_player_counts():
    for n in (2, 5):
        local = LocalGame(GAME, GAME.default_players(n), {"tiles": 10}, seed=n)
        assert len(local.state.stack) + 1 == 10
        local.play_randomly(random.Random(n))
        assert len(local.state.board) + len(local.state.set_aside) == 11
    with pytest.raises(Exception, match="1 to 72"):
        LocalGame(GAME, ["a", "b"], {"tiles": 0}, seed=1)
    assert [k.id for k in KINDS if any(p.kind == PATH for p in k.orients[0].pieces)]


def test_legal_is_empty_for_every_seat_that_may_not_act():
    """Not only the seat to act may be asked (an agent, a page, a tool): every other seat
    gets [], while tiles are placed, while harvest chips are picked, and at the end."""
    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1",
               "field-nw-strawberry"], players=("ann", "bob", "cy"))
    assert GAME.legal(t.state, "ann") and GAME.legal(t.state, "bob") == []
    assert GAME.legal(t.state, "cy") == []
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "1,0 r0 farmer N")
    t.play("cy", "0,-1 r0")
    t.play("ann", "1,1 r270")  # closes both fields: bob and ann share the harvest chips
    assert t.state.pending and GAME.to_act(t.state) == ("ann",)
    assert GAME.legal(t.state, "ann")
    assert GAME.legal(t.state, "bob") == [] and GAME.legal(t.state, "cy") == []
    t.play("ann", "take apple")
    assert t.state.pending and GAME.to_act(t.state) == ("bob",)
    assert GAME.legal(t.state, "ann") == [] and GAME.legal(t.state, "cy") == []
    while not t.state.finished:
        player = GAME.to_act(t.state)[0]
        t.play(player, GAME.format(GAME.legal(t.state, player)[0]))
    assert [GAME.legal(t.state, p) for p in ("ann", "bob", "cy")] == [[], [], []]


def _shared_harvest() -> Table:
    """ann and bob each have a farmer on the field 1,1 closes (4 tiles, 8 points each):
    apple, strawberry and scarecrow to share, ann (the closer) picks first; cy built a
    stable."""
    t = Table(["field-nw-apple", "field-n-path-scarecrow", "meadow-1", "field-nw-strawberry"]
              + ["meadow-4"] * 3, players=("ann", "bob", "cy"))
    t.play("ann", "0,1 r180 farmer S")
    t.play("bob", "1,0 r0 farmer N")
    t.play("cy", "0,-1 r0 stable")
    t.play("ann", "1,1 r270")
    return t


def _refusal(state, player: str, cmd) -> str:
    before = GAME.clone(state)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(state, player, cmd, random.Random(0))
    assert state == before
    return str(refused.value)


def test_while_a_harvest_is_shared_only_its_picker_takes_one_of_its_chips():
    from meeple_carcassonne_hill_dale.events import Take

    t = _shared_harvest()
    assert t.state.pending == [((0, 1, 5), (0, 1), 0)]
    assert _refusal(t.state, "bob", Take(0)) == (
        "it is not bob's turn: ann picks a harvest chip")
    assert _refusal(t.state, "ann", Place(2, 0, 0)) == (
        "first take a harvest chip: take one of apple, scarecrow, strawberry")
    assert _refusal(t.state, "ann", Take(CROPS.index("grain"))) == (
        "that chip is not in this harvest: take one of apple, scarecrow, strawberry")
    t.play("ann", "take apple")
    assert _refusal(t.state, "bob", Take(0)) == (
        "that chip is not in this harvest: take one of scarecrow, strawberry")


def test_a_placement_turn_refuses_a_chip_a_bad_rotation_an_unknown_action_and_a_short_walk():
    from meeple_carcassonne_hill_dale.events import Take

    t = Table(["curve", "straight"])
    assert _refusal(t.state, "ann", Take(0)) == "place the drawn tile first, e.g. '1,0 r90'"
    assert _refusal(t.state, "ann", Place(1, 0, 4)) == (
        "the rotation must be r0, r90, r180 or r270")
    assert _refusal(t.state, "ann", Place(1, 0, 0, "dance")) == (
        "unknown action 'dance': wanderer, farmer, stable or walk")
    assert _refusal(t.state, "ann", Place(1, 0, 0, "walk", -1, (0, 0, 1))) == (
        "a walk names the wanderer and its goal on the new tile: walk 3,0W 1,0E")
    t.play("ann", "1,0 r0")
    t.play("bob", "-1,0 r90")  # the last tile: the game is over
    assert t.state.finished
    assert _refusal(t.state, "ann", Place(2, 0, 0)) == "the game is over"


def test_a_walk_onto_a_path_of_the_new_tile_its_wanderer_cannot_reach_is_refused():
    t = Table(["curve", "straight", "junction3"] + ["meadow-4"] * 3)
    t.play("ann", "1,0 r0 wanderer S")  # path (0,0)-(1,0), open west and south
    t.play("bob", "-1,0 r90")
    # the junction at r90 has path ends N, S, W: N meets ann's path, W and S are paths
    # of their own
    assert GAME.legal(t.state, "ann").count(GAME.parse("1,-1 r90 walk 1,0S 1,-1N")) == 1
    assert _refusal(t.state, "ann", GAME.parse("1,-1 r90 walk 1,0S 1,-1W")) == (
        "the wanderer cannot reach that place: it walks along its path in one direction "
        "onto the new tile and never crosses a junction")
    t.play("ann", "1,-1 r90 walk 1,0S 1,-1N")
    assert t.score("ann") == 1


@pytest.mark.parametrize("tiles", [0, 73, -1])
def test_setup_refuses_a_stack_size_outside_1_to_72(tiles):
    from meeple.core import BadOptions

    with pytest.raises(BadOptions) as refused:
        GAME.setup(["a", "b"], {"tiles": tiles}, random.Random(0))
    assert str(refused.value) == f"option 'tiles' must be 1 to 72, not {tiles}"


@pytest.mark.parametrize("tiles", [1, 2, 72])
def test_setup_stacks_the_asked_number_of_tiles(tiles):
    started, drew = GAME.setup(["a", "b"], {"tiles": tiles}, random.Random(0))[:2]
    assert len(started.stack) == tiles and started.sharing == "majority"
    assert isinstance(drew, Drew) and drew.tile == started.stack[0]  # in draw order


def test_setup_refuses_an_unknown_sharing_rule():
    from meeple.core import BadOptions

    with pytest.raises(BadOptions) as refused:
        GAME.setup(["a", "b"], {"sharing": "most"}, random.Random(0))
    assert str(refused.value) == ("option 'sharing' must be one of majority, every-player, "
                                  "not 'most'")
    started = GAME.setup(["a", "b"], {"sharing": "every-player"}, random.Random(0))[0]
    assert started.sharing == "every-player"


def test_the_summary_says_scores_stack_tile_turn_figures_and_chips():
    t = _shared_harvest()
    assert GAME.summary(t.state) == {
        "scores": {"ann": 8, "bob": 8, "cy": 0}, "tiles_left": 3, "current": None,
        "to_act": ["ann"], "meeples_left": {"ann": 4, "bob": 4, "cy": 4},
        "stables_left": {"ann": 2, "bob": 2, "cy": 1},
        "harvest": {"ann": {}, "bob": {}, "cy": {}}}
    t.play("ann", "take apple")
    t.play("bob", "take strawberry")  # the scarecrow goes to ann unasked; bob draws
    assert GAME.summary(t.state) == {
        "scores": {"ann": 8, "bob": 8, "cy": 0}, "tiles_left": 2, "current": "meadow-4",
        "to_act": ["bob"], "meeples_left": {"ann": 4, "bob": 4, "cy": 4},
        "stables_left": {"ann": 2, "bob": 2, "cy": 1},
        "harvest": {"ann": {"apple": 1, "scarecrow": 1}, "bob": {"strawberry": 1}, "cy": {}}}
    assert GAME.turn_marker(t.state) == "Tile 5"


def test_the_outcome_details_each_players_final_scoring():
    t = Table(["curve", "meadow-1", "field-n-apple"])
    t.play("ann", "1,0 r0 wanderer S")
    t.play("bob", "0,-1 r0 stable")
    assert GAME.outcome(t.state) is None
    t.play("ann", "1,1 r0 farmer N")
    out = GAME.outcome(t.state)
    assert out.detail == {"final": {
        "ann": {"paths": 2, "fields": 1, "stables": 0, "harvest": 0},
        "bob": {"paths": 0, "fields": 0, "stables": 3, "harvest": 0}}}


def test_default_players_are_the_colours_and_an_outsider_has_no_moves():
    assert GAME.default_players(2) == ["red", "blue"]
    assert GAME.default_players(5) == ["red", "blue", "yellow", "green", "black"]
    t = Table(["curve"])
    assert GAME.legal(t.state, "zed") == [] and GAME.legal(t.state, "ann")


@pytest.mark.parametrize("left", [0, 1, 2, 5])
def test_only_a_stack_of_two_or_more_is_shuffled_anew(left):
    from meeple_carcassonne_hill_dale.events import StackReshuffled

    state = LocalGame(GAME, ["a", "b"], seed=3).state.clone()
    state.stack = state.stack[:left]
    got = GAME.reshuffle_unrevealed(state, random.Random(1))
    if left < 2:
        assert got == []
    else:
        (ev,) = got
        assert isinstance(ev, StackReshuffled)
        assert sorted(ev.stack) == sorted(KINDS[k].id for k in state.stack)


@pytest.mark.parametrize(("tile", "rotations", "canon"), [
    ("straight", (0, 1), (0, 1, 0, 1)),  # r180 and r270 look like r0 and r90
    ("curve", (0, 1, 2, 3), (0, 1, 2, 3)),
    ("junction4", (0,), (0, 0, 0, 0)),
    ("field-all", (0,), (0, 0, 0, 0)),
    ("meadow-1", (0,), (0, 0, 0, 0)),
    ("fields-e-w", (0, 1), (0, 1, 0, 1)),
    ("fields-e-w-pumpkin", (0, 1, 2, 3), (0, 1, 2, 3)),  # the crop tells W from E
])
def test_rotations_that_look_the_same_are_recorded_as_the_lowest(tile, rotations, canon):
    from meeple_carcassonne_hill_dale.tiles import KIND_INDEX

    kind = KINDS[KIND_INDEX[tile]]
    assert kind.rotations == rotations and kind.canon == canon
    t = Table([tile] if tile != "meadow-1" else [tile, "curve"])
    assert [c.rot for c in GAME.legal(t.state, "ann") if c.what == ""]  # it can be placed


def test_a_tile_whose_piece_lies_on_another_terrain_is_refused_when_the_data_is_read():
    from meeple_carcassonne_hill_dale.tiles import _kind

    raw = {"id": "odd", "count": 1, "edges": "PMMM", "paths": ["NE"], "fields": [],
           "animals": {}}
    with pytest.raises(ValueError) as refused:
        _kind(0, raw)
    assert str(refused.value) == "tile odd: piece on edge E is not M"
    good = _kind(3, {**raw, "paths": ["N"], "animals": {"sheep": 2, "pig": 1},
                     "start": True})
    assert (good.index, good.count, good.start, good.animals, good.animal_total) == (
        3, 1, True, (0, 2, 1, 0), 3)
    assert good.has_meadow and not good.junction


def test_a_fold_of_a_foreign_event_is_refused_and_a_state_reads_in_short():
    t = Table(["curve", "straight"])
    with pytest.raises(TypeError, match="carcassonne-hill-dale cannot fold"):
        GAME.fold(t.state, object())
    t.play("ann", "1,0 r0")
    assert repr(t.state) == "State(turn=1, tiles=2, stack=0, scores=[0, 0])"


@pytest.mark.parametrize(("text", "said"), [
    ("", "nothing to do: write a placement like '1,0 r90'"),
    ("   ", "nothing to do: "),
    ("take gold", "take which chip? one of apple, strawberry, pumpkin, sunflower, grain, "
                  "scarecrow"),
    ("take apple now", "take which chip? one of apple"),
    ("place", "'place' is not a move: write a placement"),
    ("x,1 r0", "'x,1 r0' is not a move: write a placement"),
    ("1,0 r90 wanderer", "wanderer needs the edge of its piece: N, E, S or W"),
    ("1,0 r90 farmer Q", "farmer needs the edge of its piece: N, E, S or W"),
    ("1,0 r90 farmer N S", "farmer needs the edge of its piece"),
    ("1,0 r90 walk 1,0 2,0", "walk names the wanderer and its goal by tile and edge: "
                             "walk 3,0W 1,0E"),
    ("1,0 r90 walk 1,0S", "'1,0 r90 walk 1,0S' is not a move"),
    ("1,0 r90 stable now", "'1,0 r90 stable now' is not a move"),
    ("1,0 r45", "'1,0 r45' is not a move"),
])
def test_bad_notation_is_refused_saying_what_is_wrong(text, said):
    with pytest.raises(IllegalCommand) as refused:
        GAME.parse(text)
    assert str(refused.value).startswith(said)


@pytest.mark.parametrize(("text", "cmd"), [
    ("-3,12 r270 wanderer W", Place(-3, 12, 3, "wanderer", 3)),
    ("2,-1 r180 FARMER n", Place(2, -1, 2, "farmer", 0)),
    ("  1,1   stable ", Place(1, 1, 0, "stable")),
    ("1,-1 r0 walk 1,0S -1,0e", Place(1, -1, 0, "walk", -1, (1, 0, 2, -1, 0, 1))),
    ("Take Grain", None),
])
def test_notation_reads_each_part_in_any_case_and_spacing(text, cmd):
    from meeple_carcassonne_hill_dale.events import Take

    assert GAME.parse(text) == (cmd if cmd is not None else Take(CROPS.index("grain")))
