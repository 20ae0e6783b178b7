"""The random walks of meeple.core.testing end: a game that never ends fails each of them
with one clear message after its step limit instead of hanging the suite, and the walk
that also asks every idle seat plays the same game as LocalGame.play_randomly."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from meeple.core import Game, IllegalCommand, LocalGame, Outcome, command, event
from meeple.core.testing import random_decisions, random_game, random_snapshots
from plugin_template_nim import Nim


@command
class Tick:
    pass


@event("ticker.started")
class TickerStarted:
    players: tuple[str, ...]


@event("ticker.ticked")
class Ticked:
    player: str


@dataclass
class TickerState:
    players: tuple[str, ...]
    ticks: int = 0


class Ticker(Game):
    """Players take turns saying "tick", for ever: a game with no end."""

    name = "ticker"
    events = (TickerStarted, Ticked)

    def setup(self, players, options, rng):
        return [TickerStarted(tuple(players))]

    def decide(self, state, player, command, rng):
        if player not in self.to_act(state):
            raise IllegalCommand(f"it is not {player}'s turn")
        return [Ticked(player)]

    def fold(self, state, ev):
        if isinstance(ev, TickerStarted):
            return TickerState(ev.players)
        state.ticks += 1
        return state

    def clone(self, state):
        return TickerState(state.players, state.ticks)

    def to_act(self, state):
        return (state.players[state.ticks % len(state.players)],)

    def legal(self, state, player):
        return [Tick()] if player in self.to_act(state) else []

    def outcome(self, state) -> Outcome | None:
        return None

    def parse(self, text, state=None, player=None):
        if text.strip() != "tick":
            raise IllegalCommand("say tick")
        return Tick()

    def format(self, command, state=None):
        return "tick"


NO_END = r"ticker: no end after 5 commands \(2 players, seed 3\)"


@pytest.mark.timeout(30)  # without a step limit the walk would hang
def test_a_random_game_that_never_ends_fails_at_its_step_limit():
    with pytest.raises(RuntimeError, match="ticker: no end after 5 commands"):
        random_game(Ticker(), 2, 3, max_steps=5)
    with pytest.raises(RuntimeError, match=NO_END):
        random_game(Ticker(), 2, 3, max_steps=5, idle_seats_checked=True)


@pytest.mark.timeout(30)  # without a step limit the walk would hang
def test_random_decisions_of_a_game_that_never_ends_fail_at_the_step_limit():
    with pytest.raises(RuntimeError, match=NO_END):
        list(random_decisions(Ticker(), 2, 3, max_steps=5))
    # asked for fewer decisions than the limit, the walk stops there without failing
    assert len(list(random_decisions(Ticker(), 2, 3, steps=4, max_steps=5))) == 4
    with pytest.raises(RuntimeError, match=NO_END):
        list(random_decisions(Ticker(), 2, 3, steps=9, max_steps=5))


@pytest.mark.timeout(30)  # without a step limit the walk would hang
def test_random_snapshots_of_a_game_that_never_ends_fail_at_the_step_limit():
    with pytest.raises(RuntimeError, match=NO_END):
        random_snapshots(Ticker(), 2, 3, at=[0, 2], max_steps=5)


def test_the_walks_of_a_game_that_ends_stay_as_they_were():
    game = Nim()
    shots = random_snapshots(game, 2, 5, at=[0], max_steps=100)
    assert game.outcome(shots[-1]) is not None
    assert len(list(random_decisions(game, 2, 5, max_steps=100))) > 2
    plain = LocalGame(game, ["p1", "p2"], seed=4)
    plain.play_randomly(random.Random(4))
    checked = random_game(game, 2, 4, idle_seats_checked=True)
    assert checked.events == plain.events and checked.outcome() is not None


class IdleNoneNim(Nim):
    name = "idle-none-nim"

    def legal(self, state, player):
        return super().legal(state, player) if player in self.to_act(state) else None


def test_the_checked_walk_asks_every_idle_seat_for_an_empty_list():
    with pytest.raises(AssertionError, match=r"legal\(state, 'p2'\) must be \[\] for a seat "
                                             "that may not act now, not None"):
        random_game(IdleNoneNim(), 2, 4, idle_seats_checked=True)
    assert random_game(IdleNoneNim(), 2, 4).outcome() is not None  # the plain walk never asks
