"""What search is told a position is worth: ``evaluate`` prefers points and gives a
finished game +1, 0 or -1 by rank; ``projected``, its estimate of a running game, counts
the open places around each stable as room for more animals."""

import random

import pytest
from meeple.core import LocalGame
from meeple.core.testing import random_game
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.tiles import KINDS
from test_hill_dale_picture import STATES

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
