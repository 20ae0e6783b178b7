"""Over Hill and Dale's own action encoding and observation (encoding.py, observation.py):
every legal command of random games round-trips through its index, the indices of legal
commands are exactly the legal commands (walks included), every walk index decodes to a
walk the rules know, the observation says what its documented layout says, and it never
shows the order of the stack."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import random_decisions
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.board import seg_at, walk_targets
from meeple_carcassonne_hill_dale.encoding import (
    ACTION_COUNT,
    PER_PLACEMENT,
    RADIUS,
    TAKES,
    decode_action,
)
from meeple_carcassonne_hill_dale.events import Place, Take
from meeple_carcassonne_hill_dale.fold import place_tile
from meeple_carcassonne_hill_dale.observation import OBSERVATION_SIZE
from meeple_carcassonne_hill_dale.tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH, full_stack

GAME = HillDale()
FEW = settings(max_examples=6, derandomize=True, deadline=None, database=None)
# The observation's layout as observation.py's module text documents it (the RL policies
# depend on it).
GAME_PART, SEATS, SEAT_PART = 9, 5, 10
HEAD = GAME_PART + SEATS + SEATS * SEAT_PART + len(CROPS) + 2 * len(KINDS)
CELL = 1 + 4 * 3 + 4 + 6 + 3 * SEATS
SIDE = 2 * RADIUS + 1


def _random_states(players: int, seed: int):
    return random_decisions(GAME, players, seed)


@FEW
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_every_legal_command_round_trips_and_the_mask_is_legal(players, seed):
    kinds = set()
    for state, player in _random_states(players, seed):
        view = GAME.view(state, player)
        legal = GAME.legal(view, player)
        indices = [GAME.encode_action(c, view) for c in legal]
        assert all(0 <= i < ACTION_COUNT for i in indices)
        assert len(set(indices)) == len(legal)  # no two legal commands share an index
        assert [GAME.decode_action(i, view, player) for i in indices] == legal
        kinds |= {c.what if type(c) is Place else "take" for c in legal}
    assert {"", "wanderer", "farmer", "stable"} <= kinds


def _round_trips(state, player, commands) -> None:
    for c in commands:
        assert GAME.decode_action(GAME.encode_action(c, state), state, player) == c


def test_walks_round_trip():
    walks = 0
    for seed in range(6):
        for state, player in _random_states(2 + seed % 4, seed):
            found = [c for c in GAME.legal(state, player) if c.what == "walk"]
            _round_trips(state, player, found)
            walks += len(found)
    assert walks >= 50


def test_harvest_chip_picks_round_trip():
    """A shared harvest with a choice is rare in random play: seed 43 with five players
    reaches one (400 random games had two)."""
    for state, player in _random_states(5, 43):
        takes = [c for c in GAME.legal(state, player) if type(c) is Take]
        if takes:
            break
    assert len(takes) > 1
    _round_trips(state, player, takes)
    assert sorted(GAME.encode_action(c, state) for c in takes) == [c.crop for c in takes]


def test_each_placement_index_names_one_command():
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    state, player = local.state, local.to_act()[0]
    assert [GAME.decode_action(i, state, player) for i in range(TAKES)] == [
        Take(c) for c in range(TAKES)]
    for i in range(TAKES, ACTION_COUNT, 997):  # a spread of places, rotations and slots
        slot = (i - TAKES) % PER_PLACEMENT
        if slot < 10:  # a walk needs a wanderer on the path: tested above
            assert GAME.encode_action(GAME.decode_action(i, state, player), state) == i


def test_indices_and_commands_without_a_counterpart_are_clear_errors():
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    state, player = local.state, local.to_act()[0]
    first_walk = TAKES + 10  # at the window's corner, where no tile is
    for bad in (-1, ACTION_COUNT, first_walk):
        with pytest.raises(IllegalCommand, match="action|wanderer"):
            GAME.decode_action(bad, state, player)
    with pytest.raises(ValueError, match="window"):
        GAME.encode_action(Place(RADIUS + 1, 0, 0), state)


@pytest.mark.parametrize("index", [-1, ACTION_COUNT, ACTION_COUNT + 7, 10 ** 9])
def test_an_action_out_of_range_is_refused_naming_the_last_one(index: int) -> None:
    local = LocalGame(GAME, ["ann", "bob"], seed=1)
    with pytest.raises(IllegalCommand) as info:
        decode_action(index, local.state, "ann")
    assert str(info.value) == (f"action {index} is not a Carcassonne action: use 0 to "
                               f"{ACTION_COUNT - 1}")


@pytest.mark.parametrize("players", [2, 5])
def test_the_observation_never_shows_the_stack_order(players):
    local = LocalGame(GAME, GAME.default_players(players), seed=3)
    rng = random.Random(3)
    for _ in range(12):
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    player = local.to_act()[0]
    view = GAME.view(local.state, player)
    a = GAME.determinize(view, player, random.Random(1))
    b = GAME.determinize(view, player, random.Random(2))
    assert a.stack != b.stack  # two worlds that differ only in the hidden order...
    seen = GAME.observation(GAME.view(a, player), player)
    assert seen == GAME.observation(GAME.view(b, player), player)  # ...look the same
    assert len(seen) == OBSERVATION_SIZE and all(math.isfinite(x) for x in seen)
    assert seen[0] == 1.0  # the observer is to act
    shorter = GAME.view(a, player)
    shorter.stack.pop()  # what the view shows does count: one tile fewer is seen
    assert GAME.observation(shorter, player) != seen


def _snapshots(players: int, seed: int, plies: int) -> list:
    local, rng = LocalGame(GAME, GAME.default_players(players), seed=seed), random.Random(seed)
    out = []
    for _ in range(plies):
        if local.outcome() is not None:
            break
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        out.append(GAME.clone(local.state))
    return out


@pytest.mark.parametrize(("players", "seed", "ply"), [(3, 2, 30), (4, 6, 45), (2, 1, 0)])
def test_the_observation_says_what_its_layout_documents(players, seed, ply):
    state = _snapshots(players, seed, ply + 1)[ply]
    assert OBSERVATION_SIZE == HEAD + SIDE * SIDE * CELL
    n = len(state.players)
    for me, player in enumerate(state.players):
        out = GAME.observation(GAME.view(state, player), player)

        def rel(seat: int, me: int = me) -> int:
            return (seat - me) % n
        assert out[0] == (1.0 if state.turn == me and not state.pending else 0.0)
        assert out[1] == pytest.approx(len(state.stack) / len(full_stack()))
        assert [i for i in range(GAME_PART, GAME_PART + SEATS) if out[i]] == [
            GAME_PART + rel(state.turn)]
        for r in range(n):
            seat = (me + r) % n
            base = GAME_PART + SEATS + r * SEAT_PART
            assert out[base:base + 4] == pytest.approx(
                [1.0, state.scores[seat] / 100, state.meeples_left[seat] / 4,
                 state.stables_left[seat] / 2])
        drawn = HEAD - 2 * len(KINDS)
        assert [i - drawn for i in range(drawn, drawn + len(KINDS)) if out[i]] == [state.current]
        for (x, y), (kind, rot, _first, edges) in state.board.items():
            cell = out[HEAD + ((x + RADIUS) * SIDE + y + RADIUS) * CELL:][:CELL]
            assert cell[0] == 1.0
            assert cell[1:13] == [1.0 if edges[e] == t else 0.0 for e in range(4) for t in "PFM"]
            assert cell[13:17] == pytest.approx([a / 3 for a in KINDS[kind].animals])
            assert len(ANIMALS) == 4
            harvest = [c for p in ORIENT[kind][rot].pieces for c in p.harvest]
            assert cell[17:23] == [float(harvest.count(c)) for c in range(len(CROPS))]
            on = {(role, rel(seat)) for seat, seg in state.meeples if state.seg_pos[seg] == (x, y)
                  for role in [0 if state.seg_kind[seg] == PATH else 1]}
            if state.stables.get((x, y), -1) >= 0:
                on.add((2, rel(state.stables[(x, y)])))
            assert {(i // SEATS, i % SEATS) for i in range(3 * SEATS) if cell[23 + i]} == on
        tiles = sum(out[HEAD + i * CELL] for i in range(SIDE * SIDE))
        assert tiles == len(state.board)
    assert state.meeples and any(seat for seat, _ in state.meeples) or ply == 0


def _walk_states() -> list:
    states = []
    for seed in range(8):
        for s in _snapshots(2 + seed % 4, seed, 80):
            if not s.pending and s.current >= 0 and any(
                    c.what == "walk" for c in GAME.legal(s, s.players[s.turn])):
                states.append(s)
                if len(states) % 3 == 0:
                    break
        if len(states) >= 12:
            break
    return states


def test_the_walk_indices_decode_to_every_legal_walk_and_nothing_decide_accepts_else():
    """Every walk slot of every place and rotation the drawn tile fits, decoded: together
    they give every legal walk; each is a clear refusal or a walk of one of the player's
    own wanderers, and one that is not legal is refused by decide with the reason (the
    action mask, built from legal, leaves those out)."""
    states = _walk_states()
    assert len(states) >= 6
    for s in states:
        player = s.players[s.turn]
        legal = {c for c in GAME.legal(s, player) if c.what == "walk"}
        found = set()
        fitting = {(c.x, c.y, c.rot) for c in GAME.legal(s, player) if c.what == ""}
        own = {s.seg_pos[seg] for seat, seg in s.meeples
               if seat == s.turn and s.seg_kind[seg] == PATH}
        for x, y, rot in sorted(fitting):
            base = TAKES + (((x + RADIUS) * SIDE + y + RADIUS) * 4 + rot) * PER_PLACEMENT
            for slot in range(10, PER_PLACEMENT):
                try:
                    cmd = GAME.decode_action(base + slot, s, player)
                except IllegalCommand:
                    continue
                assert cmd.what == "walk" and cmd.walk[:2] in own and cmd.walk[3:5] == (x, y)
                # it ends on the path piece across the slot's edge, and its wanderer
                # reaches that piece along its path (board.walk_targets, which rules use)
                edge = (slot - 10) // 4
                placed = s.clone()
                place_tile(placed, x, y, rot, s.current)
                goal, start = seg_at(placed, x, y, edge), seg_at(placed, *cmd.walk[:3])
                assert goal >= 0 and placed.seg_kind[goal] == PATH, (cmd, edge)
                assert seg_at(placed, *cmd.walk[3:]) == goal, (cmd, edge)
                assert goal in [t for t, _ in walk_targets(placed, start, (x, y))], cmd
                found.add(cmd)
        assert legal <= found
        for cmd in found - legal:
            with pytest.raises(IllegalCommand):
                GAME.decide(s, player, cmd, random.Random(0))


@pytest.mark.parametrize(("players", "seed", "ply"), [(2, 1, 12), (3, 2, 30), (4, 6, 45)])
def test_the_observation_counts_each_kind_left_as_a_share_of_its_tiles(players, seed, ply):
    """The stack part of the observation, as observation.py documents it, is per kind the
    share of that kind's tiles still in the stack (not a flag), for every seat."""
    state = _snapshots(players, seed, ply + 1)[ply]
    want = [state.stack.count(k) / kind.count for k, kind in enumerate(KINDS)]
    assert any(0 < w < 1 for w in want)  # some kind partly drawn: a share, not a flag
    for player in state.players:
        out = GAME.observation(GAME.view(state, player), player)
        assert out[HEAD - len(KINDS):HEAD] == pytest.approx(want)


def test_the_observation_says_who_picks_a_harvest_chip_and_which_chips_wait():
    """During a shared harvest the picker is the one to act (numbers 0 and 2 say so to
    the picker alone) and numbers 3 to 8 count the waiting chips of each crop, 1/8 each;
    outside a harvest number 2 is 0 for everyone."""
    for state, _player in _random_states(5, 43):
        if state.pending:
            break
    assert state.pending
    chips, pickers, nxt = state.pending[0]
    for me, player in enumerate(state.players):
        out = GAME.observation(GAME.view(state, player), player)
        picks = 1.0 if pickers[nxt] == me else 0.0
        assert out[0] == out[2] == picks, player
        assert out[3:3 + len(CROPS)] == pytest.approx(
            [chips.count(c) / 8 for c in range(len(CROPS))])
    plain = LocalGame(GAME, GAME.default_players(3), seed=1).state
    assert [GAME.observation(GAME.view(plain, p), p)[2] for p in plain.players] == [0.0] * 3


@pytest.mark.parametrize(("cmd", "index"), [
    (Take(0), 0), (Take(5), 5),
    (Place(-16, -16, 0), 6),  # the window's first place, first rotation, the tile alone
    (Place(-16, -16, 1, "wanderer", 2), 6 + 26 + 3),
    (Place(-16, -15, 0, "farmer", 0), 6 + 4 * 26 + 5),
    (Place(0, 0, 0, "stable"), 6 + (16 * 33 + 16) * 4 * 26 + 9),
    (Place(16, 16, 3, "farmer", 3), 6 + ((32 * 33 + 32) * 4 + 3) * 26 + 8),
])
def test_an_index_is_the_chips_then_place_rotation_and_slot_as_documented(cmd, index):
    """6 chips; then per place (x from -16, then y) and rotation a block of 26: the tile
    alone, wanderer N E S W, farmer N E S W, stable, 16 walks."""
    state = LocalGame(GAME, ["ann", "bob"], seed=1).state
    assert (PER_PLACEMENT, TAKES, ACTION_COUNT) == (26, 6, 6 + 33 * 33 * 4 * 26)
    assert GAME.encode_action(cmd, state) == index
    assert GAME.decode_action(index, state, "ann") == cmd


@pytest.mark.parametrize(("cmd", "words"), [
    (Take(6), "no such harvest chip"),
    (Take(-1), "no such harvest chip"),
    ("1,0 r90", "is not a Carcassonne command"),
    (Place(17, 0, 0), "outside the encoding's window of |x|, |y| <= 16"),
    (Place(0, -17, 0), "outside the encoding's window"),
    (Place(-17, 0, 0), "outside the encoding's window"),
    (Place(0, 17, 0), "outside the encoding's window"),
    (Place(0, 1, 4), "outside the encoding's window"),
    (Place(0, 1, -1), "outside the encoding's window"),
    (Place(0, 1, 0, "dance"), "has no Carcassonne action index"),
    (Place(0, 1, 0, "wanderer", 4), "has no Carcassonne action index"),
    (Place(0, 1, 0, "farmer", -1), "has no Carcassonne action index"),
    (Place(0, 1, 0, "walk", -1, (0, 0, 1)), "has no Carcassonne action index"),
    (Place(0, -1, 0, "walk", -1, (0, 0, 1, 0, -2, 0)), "a walk ends on the tile being placed"),
    (Place(0, 0, 0, "walk", -1, (0, 0, 1, 0, 0, 1)), "a walk ends on the tile being placed"),
    (Place(1, 0, 0, "walk", -1, (0, 0, 1, 2, 0, 3)), "a walk ends on the tile being placed"),
    (Place(1, 0, 0, "walk", -1, (0, 0, 1, 1, 1, 3)), "a walk ends on the tile being placed"),
    (Place(1, 0, 0, "walk", -1, (0, 0, 2, 1, 0, 3)), "no path piece at the walk's start"),
    (Place(1, 0, 0, "walk", -1, (0, 0, 1, 1, 0, 0)), "no path piece at the walk's start"),
    (Place(1, 0, 0, "walk", -1, (0, 0, 1, 1, 0, 3)), "the wanderer is not on the path"),
])
def test_a_command_without_an_index_is_a_clear_error(cmd, words):
    from hill_dale_helpers import Table
    from meeple_carcassonne_hill_dale.encoding import encode_action

    t = Table(["curve", "straight"])  # ann to place the curve; the start path runs E-W
    with pytest.raises(ValueError) as refused:
        encode_action(cmd, t.state)
    assert words in str(refused.value)



def test_the_observation_reads_the_windows_edge_and_nothing_beyond_it():
    """Places with |x|, |y| <= 16 have a cell; a tile or stable farther out has none (no
    game reached one in 600 random games) and changes no number of the observation."""
    from hill_dale_helpers import Table

    t = Table(["curve", "straight"])
    meadow = next(k.index for k in KINDS if k.id == "meadow-1")
    base = GAME.observation(t.state, "ann")
    far = t.state.clone()
    for pos in ((17, 0), (-17, 3), (2, 17), (0, -17), (17, 17)):
        far.board[pos] = (meadow, 0, 0, "MMMM")
        far.stables[pos] = 1
    assert GAME.observation(far, "ann") == base
    edge = t.state.clone()
    corners = ((16, 16), (-16, -16), (16, -16), (-16, 16))
    for pos in corners:
        edge.board[pos] = (meadow, 0, 0, "MMMM")
        edge.stables[pos] = 1
    out = GAME.observation(edge, "ann")
    changed = {i for i, (a, b) in enumerate(zip(out, base, strict=True)) if a != b}
    cells = {HEAD + ((x + RADIUS) * SIDE + y + RADIUS) * CELL for x, y in corners}
    stable_of_bob = 23 + 2 * SEATS + 1  # bob is the next seat after ann
    # a tile; meadow on N, E, S, W (the third of each edge's path, field, meadow); 3 sheep
    # of 3; bob's stable
    assert changed == {c + i for c in cells for i in (0, 3, 6, 9, 12, 13 + 1, stable_of_bob)}
    with pytest.raises(ValueError, match="zed does not play in this game"):
        GAME.observation(t.state, "zed")


@pytest.mark.parametrize(("index", "said"), [
    (TAKES + 10, "no 1. wanderer of ann on the path leaving -16,-16 r0 through edge N"),
    (TAKES + PER_PLACEMENT + 10 + 4 * 1 + 1,
     "no 2. wanderer of ann on the path leaving -16,-16 r90 through edge E"),
    (TAKES + 3 * PER_PLACEMENT + 10 + 4 * 3 + 3,
     "no 4. wanderer of ann on the path leaving -16,-16 r270 through edge W"),
])
def test_a_walk_index_without_its_wanderer_is_refused_naming_place_turn_edge_and_count(
        index, said):
    local = LocalGame(GAME, ["ann", "bob"], seed=1)
    with pytest.raises(IllegalCommand) as refused:
        decode_action(index, local.state, "ann")
    assert str(refused.value) == said
