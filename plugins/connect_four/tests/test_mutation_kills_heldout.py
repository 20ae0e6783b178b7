"""Written after the held-out mutation sample (seed 57, docs/testing.md) for its
survivors that were gaps: the log line of a drop, the declared observation size, and the
evaluation of a finished game."""

from __future__ import annotations

from meeple.core import LocalGame
from meeple.core.testing import played
from meeple_connect_four import ConnectFour

GAME = ConnectFour()


def _played(columns: str) -> LocalGame:
    return played(GAME, ["a", "b"], columns)


def test_each_drop_is_told_with_its_disc_and_column_counted_from_1():
    local = _played("4172")
    lines = [GAME.describe_event(ev) for ev in local.events[1:]]
    assert lines == ["X drops in column 4", "O drops in column 1", "X drops in column 7",
                     "O drops in column 2"]


def test_the_declared_observation_size_is_the_length_of_every_observation():
    for columns in ("", "4", "1212121"):
        state = _played(columns).state
        for player in ("a", "b"):
            assert len(GAME.observation(GAME.view(state, player), player)) == (
                GAME.observation_size)


def test_a_finished_game_is_worth_one_to_the_winner_minus_one_to_the_loser_and_0_drawn():
    won = _played("1212121").state
    assert (GAME.evaluate(won, "a"), GAME.evaluate(won, "b")) == (1.0, -1.0)
    drawn = GAME.clone(won)
    drawn.winner = 2
    assert (GAME.evaluate(drawn, "a"), GAME.evaluate(drawn, "b")) == (0.0, 0.0)
    running = _played("4").state
    assert all(-0.95 <= GAME.evaluate(running, p) <= 0.95 for p in "ab")
