"""Properties that hold after every event of random games (a lighter, broader check than
the contract's replay test)."""

import random

from meeple.core import LocalGame
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.board import feature_tiles, find
from meeple_carcassonne_hill_dale.tiles import CHIP_SUPPLY, PATH

GAME = HillDale()


def check(state, before_scores):
    n = len(state.players)
    for seat in range(n):
        on_board = sum(1 for s, _ in state.meeples if s == seat)
        assert on_board + state.meeples_left[seat] == 4
        assert 0 <= state.stables_left[seat] <= 2
        assert sum(1 for s in state.stables.values() if s == seat) + state.stables_left[seat] == 2
        assert state.scores[seat] >= before_scores[seat]
    for crop, total in enumerate(CHIP_SUPPLY):
        held = sum(c[crop] for c in state.chips)
        waiting = sum(chips.count(crop) for chips, _, _ in state.pending)
        assert held + waiting + state.supply[crop] == total
    parent = state.seg_parent
    roots = {}
    for seat, seg in state.meeples:
        root = find(parent, seg)
        roots.setdefault((root, state.seg_kind[seg]), set()).add(seat)
        # nobody stands on a closed feature once its scoring is done
        assert state.seg_open[root] > 0 or state.pending
    for (x, y) in state.stables:
        others = [(x + dx, y + dy) in state.stables for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert sum(others) == 1
    # the incremental tile sets and harvest lists agree with a full scan
    scan_tiles, scan_crops = {}, {}
    for i, pos in enumerate(state.seg_pos):
        r = find(parent, i)
        scan_tiles.setdefault(r, set()).add(pos)
        scan_crops.setdefault(r, []).extend(state.seg_harvest[i])
    for r, tiles in scan_tiles.items():
        assert feature_tiles(state, r) == len(tiles) <= len(state.board)
        assert sorted(state.seg_crops[r]) == sorted(scan_crops[r])
    assert all(state.seg_kind[find(parent, s)] == state.seg_kind[s] for s in range(len(parent)))
    assert all(k in (PATH, "F") for k in state.seg_kind)


def test_invariants_hold_after_every_command_of_random_games():
    for seed in range(40):
        n = 2 + seed % 4
        local = LocalGame(GAME, GAME.default_players(n), seed=seed)
        rng = random.Random(seed)
        while local.outcome() is None:
            player = local.to_act()[0]
            legal = GAME.legal(local.state, player)
            # a view sees the same choices: the stack order never changes what is legal
            view = GAME.view(local.state, player)
            assert GAME.legal(view, player) == legal
            before = local.state.scores[:]
            local.play(player, rng.choice(legal))
            check(local.state, before)
        state = local.state
        assert state.finished and not state.stack and state.current == -1
        assert len(state.board) + len(state.set_aside) == 73


def test_step_equals_decide_then_fold():
    for seed in range(15):
        local = LocalGame(GAME, GAME.default_players(2 + seed % 4), seed=seed)
        rng = random.Random(seed)
        while local.outcome() is None:
            player = local.to_act()[0]
            cmd = rng.choice(GAME.legal(local.state, player))
            fast = GAME.step(GAME.clone(local.state), player, cmd, random.Random(0))
            local.play(player, cmd)
            assert fast == local.state
