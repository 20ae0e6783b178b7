"""The statistics of a tournament: Wilson intervals against published values, and ratings that
start level and move the winner up and the loser down."""

from __future__ import annotations

import math

import pytest
from meeple.ai.ratings import Ratings, wilson

# -- statistics --------------------------------------------------------------------------------

def test_wilson_intervals_match_the_published_values() -> None:
    # Wilson (1927) score intervals, 95%: 5/10 is 0.2366-0.7634, 8/10 0.4902-0.9433,
    # 10/10 0.7225-1, 0/10 0-0.2775; with z=1, 3/10 is 0.1788-0.4575.
    for (k, n, z), (lo, hi) in {(5, 10, 1.96): (0.2366, 0.7634), (8, 10, 1.96): (0.4902, 0.9433),
                                (10, 10, 1.96): (0.7225, 1.0), (0, 10, 1.96): (0.0, 0.2775),
                                (3, 10, 1.0): (0.1788, 0.4575)}.items():
        got = wilson(k, n, z)
        assert got == pytest.approx((lo, hi), abs=6e-5), (k, n, z)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(3, -1) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0
    assert wilson(1, 1)[0] > 0.2 and wilson(0.5, 1) == pytest.approx((0.0546, 0.9454), abs=1e-4)


def test_ratings_start_level_and_move_the_winner_up_the_loser_down() -> None:
    r = Ratings(["a", "b", "c"])
    assert r.mu("a") == pytest.approx(25.0) and r.sigma("a") == pytest.approx(25 / 3)
    assert r.ordinal("a") == pytest.approx(0.0, abs=1e-9)
    r.update(["b", "a"], [1, 2])
    assert r.mu("b") > 25 > r.mu("a")
    assert r.sigma("b") < 25 / 3 and r.sigma("a") < 25 / 3
    for name in "abc":
        assert r.ordinal(name) == pytest.approx(r.mu(name) - 3 * r.sigma(name))
    assert (r.mu("c"), r.sigma("c")) == pytest.approx((25.0, 25 / 3))  # not in the game


def test_one_game_of_two_level_players_moves_them_by_the_plackett_luce_update() -> None:
    # Weng and Lin's Plackett-Luce update with openskill's defaults (mu 25, sigma 25/3,
    # beta 25/6, tau 25/300 added to sigma first), worked out for two level players: each
    # is first with chance 1/2, so the winner gains and the loser loses s2 / c / 2, and both
    # keep sigma * sqrt(1 - (sigma / c) * s2 / c^2 / 4).
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * (s2 + (25 / 6) ** 2))
    step = s2 / c / 2
    sigma = math.sqrt(s2) * math.sqrt(1 - math.sqrt(s2) / c * s2 / c ** 2 / 4)
    assert (step, sigma) == pytest.approx((2.635389, 8.065901), abs=1e-6)
    r = Ratings(["a", "b", "c"])
    r.update(["a", "b"], [2, 1])  # b won: the ranks, not the order, say so
    assert r.mu("b") == pytest.approx(25 + step, abs=1e-9)
    assert r.mu("a") == pytest.approx(25 - step, abs=1e-9)
    assert r.sigma("a") == pytest.approx(sigma, abs=1e-9) == r.sigma("b")
    assert r.ordinal("b") == pytest.approx(25 + step - 3 * sigma, abs=1e-9)
    tied = Ratings(["a", "b"])
    tied.update(["b", "a"], [1, 1])  # a draw moves nobody's mu, and narrows both sigmas
    assert (tied.mu("a"), tied.mu("b")) == pytest.approx((25.0, 25.0), abs=1e-9)
    assert (tied.sigma("a"), tied.sigma("b")) == pytest.approx((sigma, sigma), abs=1e-9)
