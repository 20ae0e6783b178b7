"""The observation read back through its documented layout, the walk indices decoded
exhaustively, and bad command fields refused (survivors of a mutation run,
scripts/mutation.py, docs/testing.md): the round-trip tests let encode and decode agree on
a wrong answer, and no test read the observation's numbers one by one."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.board import seg_at, walk_targets
from meeple_carcassonne_hill_dale.encoding import PER_PLACEMENT, RADIUS, TAKES
from meeple_carcassonne_hill_dale.events import Place
from meeple_carcassonne_hill_dale.fold import place_tile
from meeple_carcassonne_hill_dale.observation import OBSERVATION_SIZE
from meeple_carcassonne_hill_dale.tiles import ANIMALS, CROPS, KINDS, ORIENT, PATH, full_stack
from test_hill_dale_picture import STATES

GAME = HillDale()
# The layout as observation.py's module text documents it (the RL policies depend on it).
GAME_PART, SEATS, SEAT_PART = 9, 5, 10
HEAD = GAME_PART + SEATS + SEATS * SEAT_PART + len(CROPS) + 2 * len(KINDS)
CELL = 1 + 4 * 3 + 4 + 6 + 3 * SEATS
SIDE = 2 * RADIUS + 1


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


def test_the_ais_projection_counts_the_open_places_around_each_stable_only():
    """``projected`` (the evaluation's estimate) values a stable's open neighbour places,
    the 8 around it, as room for more animals: filling one of them with a tile without
    animals lowers its owner's estimate, filling a place two steps away changes nothing."""
    plain = next(k.index for k in KINDS if k.animal_total == 0)
    state = next(s for s in STATES if s.stables and not s.finished and s.stack)
    (x, y), seat = sorted(state.stables.items())[0]
    base = GAME.projected(state)
    taken = set(state.board) | {(sx + dx, sy + dy) for sx, sy in state.stables
                                for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    far = [(x + dx, y + dy) for dx in range(-2, 3) for dy in range(-2, 3)
           if max(abs(dx), abs(dy)) == 2 and (x + dx, y + dy) not in taken]
    others = {(sx + dx, sy + dy) for (sx, sy) in state.stables if (sx, sy) != (x, y)
              for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if (x + dx, y + dy) not in state.board and (x + dx, y + dy) not in others]
    assert far and near
    drops = set()
    for place in far + near:
        filled = state.clone()
        filled.board[place] = (plain, 0, 0, "MMMM")
        got = GAME.projected(filled)
        if place in far:
            assert got == base, place
        else:
            assert got[seat] < base[seat], place
            drops.add(round(base[seat] - got[seat], 9))
            assert [g for i, g in enumerate(got) if i != seat] == [
                b for i, b in enumerate(base) if i != seat]
    assert len(drops) == 1  # each open place counts the same
