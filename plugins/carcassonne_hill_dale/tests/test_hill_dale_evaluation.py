"""What search is told a position is worth: ``evaluate`` prefers points and gives a
finished game +1, 0 or -1 by rank; ``projected``, its estimate of a running game, counts
the open places around each stable as room for more animals."""

import math
import random

import pytest
from hill_dale_helpers import Table
from meeple.core import LocalGame
from meeple.core.testing import random_game
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.tiles import KINDS
from test_hill_dale_picture import STATES
from test_hill_dale_scoring import _long_path

GAME = HillDale()


def test_evaluate_prefers_points_and_ranks_the_end():
    local = LocalGame(GAME, ["a", "b"], seed=5)
    s = local.state
    better = GAME.clone(s)
    better.scores[0] += 10
    assert GAME.evaluate(better, "a") > GAME.evaluate(s, "a")
    assert GAME.evaluate(better, "b") < GAME.evaluate(s, "b")
    assert -1 <= GAME.evaluate(better, "a") <= 1
    local.play_randomly(random.Random(5))
    out = local.outcome()
    for p in ("a", "b"):
        assert GAME.evaluate(local.state, p) == (1.0 if out.ranks[p] == 1 and len(
            out.winners) == 1 else (0.0 if out.ranks[p] == 1 else -1.0))


@pytest.mark.parametrize("scores, ann", [((30, 30), 0.0), ((31, 30), 1.0), ((29, 30), -1.0),
                                         ((0, 0), 0.0), ((5, 4), 1.0), ((4, 5), -1.0)])
def test_a_finished_game_is_worth_a_win_a_draw_or_a_loss(scores, ann) -> None:
    state = random_game(GAME, 2, 3).state
    assert state.finished
    state.scores = list(scores)
    first, second = state.players
    assert GAME.evaluate(state, first) == ann
    assert GAME.evaluate(state, second) == -ann


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


@pytest.mark.parametrize(("fill", "left"), [(5, 4 / 20), (21, 1.0), (25, 1.0)])
def test_the_projection_adds_each_feature_stable_and_meeple_in_hand_exactly(fill, left):
    """ann: a wanderer on a 2-tile path, a stable on meadow-1 (3 sheep) with 6 open places
    around it, 3 meeples in hand; bob: a farmer on a 1-tile field with one apple symbol, 3
    meeples in hand. ``left`` is the share of 20 tiles still in the stack, at most 1."""
    t = Table(["curve", "field-n-apple", "meadow-1"] + ["meadow-4"] * fill)
    t.play("ann", "1,0 r0 wanderer S")  # path (0,0)-(1,0)
    t.play("bob", "1,1 r0 farmer N")  # field N of 1,1, open
    t.play("ann", "0,-1 r0 stable")  # sees (0,0), (1,0) and itself; 6 places empty
    assert len(t.state.stack) == fill - 1
    ann = 2 + 3 + 0.5 * 6 * left + 3 * left
    bob = 1.5 * 1 + 1 + 3 * left
    assert GAME.projected(t.state) == pytest.approx([ann, bob], abs=1e-12)
    assert GAME.evaluate(t.state, "ann") == pytest.approx(0.95 * math.tanh((ann - bob) / 25))
    assert GAME.evaluate(t.state, "bob") == pytest.approx(0.95 * math.tanh((bob - ann) / 25))
    t.state.chips[1] = (1, 1, 1, 1, 1, 2)  # 7 chips and a set: 12 points
    t.state.scores = [4, 1]
    assert GAME.projected(t.state) == pytest.approx([ann + 4, bob + 1 + 12], abs=1e-12)


@pytest.mark.parametrize(("sharing", "bob"), [("majority", 0.0), ("every-player", 6.0)])
def test_the_projection_counts_a_shared_path_once_per_player_who_would_score_it(sharing, bob):
    """Two of ann's wanderers and one of bob's on a 6-tile path, 6 tiles left in the stack
    (0.3 of 20): ann 2 meeples in hand, bob 3."""
    t = _long_path(bob_wanderer=True, close=True, sharing=sharing)
    assert len(t.state.stack) == 6 and t.state.meeples_left == [2, 3]
    assert GAME.projected(t.state) == pytest.approx([6 + 2 * 0.3, bob + 3 * 0.3], abs=1e-12)


def test_a_finished_games_projection_is_its_score():
    state = random_game(GAME, 3, 4).state
    assert state.finished
    assert GAME.projected(state) == [float(x) for x in state.scores]
