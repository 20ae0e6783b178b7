"""A game held in memory: the store-less twin of a stored game, for tests, scripts and the
fast path of tournaments. It follows exactly the same engine rules (``runtime``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from . import runtime
from .game import Game, Outcome


class LocalGame:
    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        self.players = list(players)
        self.options = game.resolve_options(options)
        self.seed = seed
        self.log: list[tuple[int, Any]] = []
        self.state: Any = None
        for ev in runtime.start(game, self.players, self.options, seed):
            self._append(ev)

    def _append(self, ev: Any) -> None:
        self.log.append((len(self.log) + 1, ev))
        self.state = self.game.fold(self.state, ev)

    @property
    def events(self) -> list[Any]:
        return [e for _, e in self.log]

    def to_act(self) -> Sequence[str]:
        return self.game.to_act(self.state)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def play(self, player: str, command: Any) -> list[Any]:
        """Give a command (an object or notation text). Raises IllegalCommand and changes
        nothing if the command is not allowed."""
        if isinstance(command, str):
            command = runtime.parse(self.game, command, self.state, player)
        events = runtime.decide(self.game, self.state, player, command, self.seed, len(self.log) + 1)
        for ev in events:
            self._append(ev)
        return events

    def play_randomly(self, rng: random.Random, max_steps: int = 100_000) -> int:
        """Play uniformly random legal commands until the game ends; returns the steps."""
        for steps in range(max_steps):
            if self.outcome() is not None:
                return steps
            acting = list(self.to_act())
            if not acting:
                raise RuntimeError(f"{self.game.name}: nobody to act but no outcome")
            player = rng.choice(acting)
            options = self.game.legal(self.state, player)
            if not options:
                raise RuntimeError(f"{self.game.name}: {player} must act but has no legal command")
            self.play(player, rng.choice(options))
        if self.outcome() is None:
            raise RuntimeError(f"{self.game.name}: no end after {max_steps} commands")
        return max_steps
