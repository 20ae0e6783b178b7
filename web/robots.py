"""The AI seats of browser games: a background thread that moves for them.

Agents are made from their specs through the plugins' agent factories (meeple.ai's
``make_agent``, as ``meeple play`` and tournaments do) and kept per game while it runs,
so an agent that reuses its search tree between moves can; when the game ends its agents
are dropped (one taken back to a running game again is made anew). An agent is given
only its seat's view (a copy: the live game may move on meanwhile) and thinks outside
the engine lock; its command is stored only if the game has not moved meanwhile
(otherwise it thinks again on the new position).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from meeple.ai.registry import make_agent
from meeple.core import MeepleError

from .service import Service

log = logging.getLogger("meeple.web")


class Robots:
    def __init__(self, service: Service, poll: float = 1.0) -> None:
        self.service = service
        self.poll = poll
        self.agents: dict[str, dict[str, Any]] = {}  # game id -> seat -> agent
        self.broken: dict[str, str] = {}  # game id -> why its agents stopped
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="meeple-web-ai", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self.service.lock:
            self.service.changed.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _agent(self, game_id: str, seat: str) -> Any:
        seats = self.agents.setdefault(game_id, {})
        if seat not in seats:
            spec = next(s for s in self.service.seats.seats(game_id) if s.seat == seat)
            seats[seat] = make_agent(spec.agent, spec.agent_seed, self.service.engine.plugins)
        return seats[seat]

    def _drop_if_over(self, game_id: str) -> None:
        """Forget the agents of a game that has ended (only games that have agents are
        looked at: one cached check each, when no AI seat of theirs is to act)."""
        if game_id in self.agents and self.service.is_over(game_id):
            del self.agents[game_id]

    def step(self) -> bool:
        """Make one AI move somewhere; False when no AI seat is to act."""
        for gid in self.service.seats.ai_games():
            if gid in self.broken:
                continue
            try:
                turn = self.service.ai_turn(gid)
                if turn is None:
                    self._drop_if_over(gid)
                    continue
                game, seat, view, seq = turn
                command = self._agent(gid, seat).act(game, view, seat)
                self.service.ai_move(gid, seat, command, seq)
                return True
            except MeepleError as exc:
                # A refused command would be refused again: stop this game's agents, say why.
                self.broken[gid] = str(exc)
                self.agents.pop(gid, None)
                log.warning("AI seats of %s stopped: %s", gid, exc)
            except Exception as exc:  # an agent's bug must not stop every other game's AI
                self.broken[gid] = f"{type(exc).__name__}: {exc}"
                self.agents.pop(gid, None)
                log.exception("AI seats of %s stopped", gid)
        return False

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.step():
                continue
            with self.service.lock:
                self.service.changed.wait(self.poll)
