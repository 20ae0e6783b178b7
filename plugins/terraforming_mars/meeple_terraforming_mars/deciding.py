"""How ``decide`` runs a command: its events, each applied to a scratch state by the rules
(``flow.apply_rules``) and recorded with its delta, then the automatic steps, the draws
and deck looks the command set off, and the turn, phase and generation changes that
follow."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
from meeple.core import IllegalCommand
from meeple.core.rng import draw_rng

from . import messages as m
from .delta import diff
from .effects import AUTOMATIC
from .flow import apply_rules
from .scoring import breakdown
from .state import SOLO_GENERATIONS, State


class DecideFlow:
    """The decide flow of the Game (``TerraformingMars`` mixes it in)."""

    def _run(self, s: State, player: str, cmd: Any, rng: random.Random, record: bool) -> list:
        events: list = []

        def emit(ev: Any) -> None:
            if record:
                before = s.copy()
                apply_rules(s, ev)
                ev = attrs.evolve(ev, delta=diff(before, s))
            else:
                apply_rules(s, ev)
            events.append(ev)

        if s.phase == "over":
            raise IllegalCommand("the game is over")
        if player not in self.to_act(s):
            who = ", ".join(self.to_act(s)) or "nobody"
            raise IllegalCommand(f"it is not {player}'s turn (waiting for {who})")
        primary, after = self._check(s, player, cmd)
        for ev in primary:
            emit(ev)
        self._automatic(s, rng, emit)
        for kind, n, source in after:
            if kind == "draw":
                self._draw(s, player, n, rng, emit)
            elif kind == "look":
                self._ensure(s, n, rng, emit)
                if s.deck:
                    emit(m.Looked(player, tuple(s.deck[:n]), source))
            else:
                self._ensure(s, 1, rng, emit)
                if s.deck:
                    emit(m.Revealed(player, s.deck[0], source))
        self._advance(s, rng, emit)
        return events

    def _automatic(self, s: State, rng: random.Random, emit: Callable) -> None:
        """Resolve the draws and deck looks waiting at the head of the queue (a card's own
        effects, a corporation's first action), so decisions behind them see the cards."""
        while s.pending and s.pending[0][1] in AUTOMATIC:
            player, kind, n, source = s.pending[0]
            self._ensure(s, n, rng, emit)
            if kind == "draw":
                emit(m.Drawn(player, tuple(s.deck[:n])))
            else:
                emit(m.Looked(player, tuple(s.deck[:n]), source))

    def _ensure(self, s: State, n: int, rng: random.Random, emit: Callable) -> None:
        if len(s.deck) < n and s.discard:
            cards = s.discard[:]
            # A named draw: the shuffle of this pile of cards, whatever path built it, so
            # an undo followed by other moves cannot reroll it (see meeple.core.rng).
            keyed = draw_rng(rng, "reshuffle", *sorted(cards))
            if keyed is not rng:  # not for games stored before named draws
                cards.sort()
            keyed.shuffle(cards)
            emit(m.Reshuffled(tuple(cards)))

    def _draw(self, s: State, player: str, n: int, rng: random.Random, emit: Callable) -> None:
        self._ensure(s, n, rng, emit)
        cards = tuple(s.deck[:n])
        if cards:
            emit(m.Drawn(player, cards))

    def _advance(self, s: State, rng: random.Random, emit: Callable) -> None:
        self._automatic(s, rng, emit)
        while not s.pending:
            if s.phase in ("setup", "research"):
                emit(m.ActionsBegan(s.generation))
            elif s.phase == "action":
                if all(p.passed for p in s.players.values()):
                    emit(m.Produced(s.generation))
                elif s.actions >= 2:
                    emit(m.TurnEnded(s.names[s.current]))
                else:
                    return
            elif s.phase == "production":
                cap = s.options.get("max_generations", 0)
                solo = len(s.names) == 1
                if (solo and s.generation >= SOLO_GENERATIONS) or (not solo and s.maxed()) or (
                        cap and s.generation >= cap):
                    emit(m.FinalConversion(s.generation))
                else:
                    n = len(s.names)
                    self._ensure(s, 4 * n, rng, emit)
                    order = [s.names[(s.first + 1 + k) % n] for k in range(n)]
                    offers = tuple((p, tuple(s.deck[4 * k:4 * k + 4])) for k, p in enumerate(order))
                    emit(m.Research(s.generation + 1, offers))
            elif s.phase == "final":
                # final scoring, one event per player, then the end
                for name, parts in breakdown(s).items():
                    emit(m.Scored(name, parts["tr"], parts["milestones"], parts["awards"],
                                  parts["greenery"], parts["cities"], parts["cards"],
                                  parts["total"]))
                emit(m.GameEnded(s.generation))
            else:
                return
            self._automatic(s, rng, emit)
