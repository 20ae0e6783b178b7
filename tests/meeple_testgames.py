"""Small games that exercise engine features connect four does not have: hidden
information with barrier events, players acting at once, and an old event version."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from meeple.core import Game, IllegalCommand, Outcome, command, draw_rng, event, hookimpl

# -- Dice race: draws are barriers, each player's last roll is secret ---------------------

@command
class Roll:
    pass


@command
class Stop:
    pass


@event("dice-race.started")
class DiceStarted:
    players: tuple[str, ...]
    target: int


@event("dice-race.rolled", barrier=True)
class Rolled:
    player: str
    value: int


@event("dice-race.stopped", version=2)
class Stopped:
    player: str
    reason: str  # added in version 2; version 1 had no reason


@dataclass
class DiceState:
    players: tuple[str, ...]
    target: int
    totals: dict[str, int]
    secret: dict[str, int]
    stopped: list[str] = field(default_factory=list)
    turn: int = 0
    rolls: dict[str, int] = field(default_factory=dict)


class DiceRace(Game):
    name = "dice-race"
    title = "Dice race (test game)"
    min_players, max_players = 2, 4
    events = (DiceStarted, Rolled, Stopped)
    hidden_information = True

    def setup(self, players, options, rng):
        return [DiceStarted(tuple(players), 12)]

    def fold(self, state, ev):
        if isinstance(ev, DiceStarted):
            return DiceState(ev.players, ev.target, dict.fromkeys(ev.players, 0),
                             dict.fromkeys(ev.players, 0))
        if isinstance(ev, Rolled):
            state.totals[ev.player] += ev.value
            state.secret[ev.player] = ev.value
            state.rolls[ev.player] = state.rolls.get(ev.player, 0) + 1
        elif isinstance(ev, Stopped):
            state.stopped.append(ev.player)
        state.turn += 1
        return state

    def _active(self, state):
        return [p for p in state.players if p not in state.stopped
                and state.totals[p] < state.target]

    def to_act(self, state):
        active = self._active(state)
        return (active[state.turn % len(active)],) if active else ()

    def decide(self, state, player, cmd, rng):
        if isinstance(cmd, Roll):
            # A named draw: this player's n-th roll (n = rolls before it), the same on
            # every path of play.
            n = state.rolls.get(player, 0)
            return [Rolled(player, draw_rng(rng, "roll", player, n).randint(1, 6))]
        if isinstance(cmd, Stop):
            return [Stopped(player, "chose to stop")]
        raise IllegalCommand("roll or stop")

    def legal(self, state, player):
        return [Roll(), Stop()] if player in self.to_act(state) else []

    def outcome(self, state):
        if self._active(state):
            return None
        return Outcome.from_scores({p: (t if t <= state.target else 0)
                                    for p, t in state.totals.items()})

    def view(self, state, player):
        v = DiceState(state.players, state.target, dict(state.totals),
                      {p: (s if p == player else 0) for p, s in state.secret.items()},
                      list(state.stopped), state.turn, dict(state.rolls))
        return v

    def redact(self, ev, player):
        if isinstance(ev, Rolled) and ev.player != player:
            return Rolled(ev.player, 0)
        return ev

    def parse(self, text, state=None, player=None):
        word = text.strip().lower()
        if word == "roll":
            return Roll()
        if word == "stop":
            return Stop()
        raise IllegalCommand(f"{text!r}: type roll or stop")

    def format(self, cmd, state=None):
        return "roll" if isinstance(cmd, Roll) else "stop"

    def upcast(self, type_name, version, data):
        if type_name == "dice-race.stopped" and version == 1:
            return 2, {**data, "reason": "unknown (version 1)"}
        return super().upcast(type_name, version, data)


# -- Rock paper scissors: both players act at once ------------------------------------------

@command
class Throw:
    hand: str


@event("rps.started")
class RpsStarted:
    players: tuple[str, str]


@event("rps.thrown")
class Thrown:
    player: str
    hand: str


@dataclass
class RpsState:
    players: tuple[str, str]
    hands: dict[str, str]


BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}


class RockPaperScissors(Game):
    name = "rock-paper-scissors"
    title = "Rock paper scissors (test game)"
    events = (RpsStarted, Thrown)

    def setup(self, players, options, rng):
        return [RpsStarted(tuple(players))]

    def fold(self, state, ev):
        if isinstance(ev, RpsStarted):
            return RpsState(ev.players, {})
        state.hands[ev.player] = ev.hand
        return state

    def to_act(self, state):
        return tuple(p for p in state.players if p not in state.hands)

    def decide(self, state, player, cmd, rng):
        if cmd.hand not in BEATS:
            raise IllegalCommand("rock, paper or scissors")
        return [Thrown(player, cmd.hand)]

    def legal(self, state, player):
        return [Throw(h) for h in BEATS] if player in self.to_act(state) else []

    def outcome(self, state):
        if len(state.hands) < 2:
            return None
        a, b = state.players
        ha, hb = state.hands[a], state.hands[b]
        sa = 0.5 if ha == hb else 1.0 if BEATS[ha] == hb else 0.0
        return Outcome.from_scores({a: sa, b: 1 - sa})

    def parse(self, text, state=None, player=None):
        if text.strip().lower() not in BEATS:
            raise IllegalCommand(f"{text!r}: rock, paper or scissors")
        return Throw(text.strip().lower())

    def format(self, cmd, state=None):
        return cmd.hand


class TestGamesPlugin:
    @hookimpl
    def meeple_games(self) -> list[Any]:
        return [DiceRace(), RockPaperScissors()]


def dice_race_play(argv: list[str], prog: str) -> int:
    """Play one seeded dice race between random players and print their totals."""
    import argparse

    from meeple.core import LocalGame

    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    a = ap.parse_args(argv)
    game = DiceRace()
    local = LocalGame(game, game.default_players(a.players), seed=a.seed)
    local.play_randomly(random.Random(a.seed))
    print(" ".join(f"{p}={t}" for p, t in sorted(local.state.totals.items())))
    return 0 if local.outcome() is not None else 1


class CommandsPlugin:
    """A plugin that adds a `meeple` subcommand (the ``meeple_commands`` hook of
    meeple.cli.hookspecs)."""

    @hookimpl
    def meeple_commands(self) -> dict[str, Any]:
        return {"dice-race-play": dice_race_play}


class FirstLegal:
    """An agent that always takes the first legal command (deterministic, game-agnostic)."""

    name = "first"

    def act(self, game, view, player):
        return game.legal(view, player)[0]


class SeededRandom:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, game, view, player):
        return self.rng.choice(game.legal(view, player))
