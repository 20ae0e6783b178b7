"""A stored game loaded into memory: its records, decoded events and current state.

Commands are applied here (decide, encode, fold) and kept as pending records until
``flush`` appends them to the store in one atomic write. The stored engine flushes after
every command; the scheduler may flush less often for AI-only matches, which is what
keeps a stored tournament nearly as fast as an in-memory one.
"""

from __future__ import annotations

from typing import Any

from . import runtime
from .codec import Codec
from .errors import IllegalCommand
from .events import Redone, Undone, is_barrier
from .game import Game, Outcome
from .records import GameHeader, NewEvent, Record, utc_now
from .stores.base import EventStore


class Table:
    def __init__(self, game: Game, header: GameHeader, codec: Codec | None = None) -> None:
        self.game = game
        self.header = header
        self.codec = codec or Codec(game)
        self.records: list[Record] = []
        self.pairs: list[tuple[int, Any]] = []  # (seq, decoded event), stored and pending
        self.pending: list[tuple[NewEvent, int]] = []  # (event, batch offset) not yet stored
        self.state: Any = None
        #: False for a new game whose header is not stored yet (see Engine.new_game).
        self.created = True

    # -- loading -----------------------------------------------------------------------

    @classmethod
    def load(cls, store: EventStore, game: Game, game_id: str, upto: int | None = None,
             codec: Codec | None = None) -> Table:
        t = cls(game, store.header(game_id), codec)
        t.extend(store.load(game_id, upto=upto))
        return t

    def extend(self, records: list[Record]) -> None:
        """Take records written elsewhere (or just now) and fold them in."""
        rebuild = False
        for r in records:
            ev = self.codec.decode(r.type, r.version, r.data)
            self.records.append(r)
            self.pairs.append((r.seq, ev))
            if isinstance(ev, Undone | Redone):
                rebuild = True
            elif not rebuild:
                self.state = self.game.fold(self.state, ev)
        if rebuild:
            self.state = runtime.replay(self.game, self.pairs)

    @property
    def last_seq(self) -> int:
        return self.pairs[-1][0] if self.pairs else 0

    @property
    def stored_seq(self) -> int:
        return self.records[-1].seq if self.records else 0

    # -- playing -----------------------------------------------------------------------

    def start(self, players: list[str], options: dict[str, Any]) -> None:
        """Queue the setup events of a game whose log is still empty."""
        events = runtime.start(self.game, players, options, self.header.seed)
        self._queue(events, None, None)

    def apply(self, player: str, command: Any) -> list[Any]:
        """Decide and fold a command (object or notation text); queue its records."""
        if isinstance(command, str):
            text_in = command
            command = self.game.parse(command, self.state, player)
            if command is None:
                raise IllegalCommand(f"{text_in!r} is not a command of {self.game.name}")
        text = self.game.format(command, self.state)
        events = runtime.decide(self.game, self.state, player, command, self.header.seed,
                                self.last_seq + 1)
        self._queue(events, player, text)
        return events

    def _queue(self, events: list[Any], actor: str | None, text: str | None) -> None:
        first = self.last_seq + 1
        for i, ev in enumerate(events):
            t, v, data = self.codec.encode(ev)
            self.pending.append((NewEvent(t, v, data, actor, text), first))
            self.pairs.append((first + i, ev))
            if isinstance(ev, Undone | Redone):
                self.state = runtime.replay(self.game, self.pairs)
            else:
                self.state = self.game.fold(self.state, ev)

    def flush(self, store: EventStore, clock: Any = utc_now) -> list[Record]:
        """Append every pending command in one atomic write (each keeps its batch)."""
        if not self.pending:
            return []
        groups: list[list[NewEvent]] = []
        last_batch = None
        for ev, batch in self.pending:
            if batch != last_batch:
                groups.append([])
                last_batch = batch
            groups[-1].append(ev)
        if self.created:
            written = store.append_batches(self.header.game_id, self.stored_seq, groups,
                                           clock(), self.status())
        else:
            written = store.start_game(self.header, groups, clock(), self.status())
            self.created = True
        self.records.extend(written)
        self.pending.clear()
        return written

    def discard_pending(self) -> None:
        """Forget commands that could not be stored; back to the stored state."""
        if self.pending:
            n = len(self.pending)
            self.pending.clear()
            del self.pairs[-n:]
            self.state = runtime.replay(self.game, self.pairs)

    # -- questions -----------------------------------------------------------------------

    def to_act(self) -> list[str]:
        return list(self.game.to_act(self.state))

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def status(self) -> dict[str, Any]:
        out = self.outcome()
        base = {"seq": self.last_seq, "game": self.game.name}
        if out is None:
            return {**base, "status": "running", "to_act": self.to_act()}
        return {**base, "status": "finished", "outcome": out.to_json()}

    def command_batches(self) -> list[tuple[int, int]]:
        """(first, last) seq of each player command's events that still counts."""
        alive = {s for s, _ in runtime.effective(self.pairs)}
        spans: dict[int, int] = {}
        for r in self.records:
            if r.actor is not None and r.seq in alive:
                spans[r.batch] = max(spans.get(r.batch, r.seq), r.seq)
        return sorted(spans.items())

    def undo_span(self) -> tuple[int, int, bool]:
        """The last command still counting, and whether it crossed an information barrier."""
        batches = self.command_batches()
        if not batches:
            raise IllegalCommand("there is nothing to undo: no player command counts yet")
        first, last = batches[-1]
        barrier = any(is_barrier(ev) for s, ev in self.pairs if first <= s <= last)
        return first, last, barrier

    def redo_target(self) -> int:
        """The seq of the Undone event a redo would cancel."""
        cancelled = {ev.undo_seq for _, ev in self.pairs if isinstance(ev, Redone)}
        undos = [s for s, ev in self.pairs if isinstance(ev, Undone) and s not in cancelled]
        if not undos:
            raise IllegalCommand("there is nothing to redo")
        target = undos[-1]
        later = [s for s, ev in self.pairs if s > target and not isinstance(ev, Undone | Redone)]
        if later:
            raise IllegalCommand("cannot redo: new moves were made after the undo")
        return target
