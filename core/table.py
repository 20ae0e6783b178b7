"""A stored game loaded into memory: its records, decoded events and current state.

Commands are applied here (decide, encode, fold) and kept as pending records until
``flush`` appends them to the store in one atomic write. The stored engine flushes after
every command; the scheduler may flush less often for AI-only matches, which is what
keeps a stored tournament nearly as fast as an in-memory one.
"""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter
from typing import Any

from . import runtime
from .codec import Codec
from .errors import IllegalCommand, MeepleError
from .events import Redone, Undone
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
        #: How many events count (not undone): the key of the next decision's chance.
        self.counting = 0

    # -- loading -----------------------------------------------------------------------

    @classmethod
    def load(cls, store: EventStore, game: Game, game_id: str, upto: int | None = None,
             codec: Codec | None = None) -> Table:
        t = cls(game, store.header(game_id), codec)
        t.extend(store.load(game_id, upto=upto))
        return t

    def extend(self, records: list[Record]) -> None:
        """Take records written elsewhere (or just now) and fold them in."""
        game = self.game
        upcast = game.upcast_in_context
        needs_state = game.upcasts_in_context
        fold = game.fold
        # An undo or redo changes which events count: the state is folded again from the
        # start, but only once it is needed (an old event that is upcast with the state
        # it follows) or at the end, not at every undo (O(undos x events) for a long
        # log with many undos).
        stale = False
        try:
            for r in records:
                ev = self.codec.decode(r.type, r.version, r.data)
                if isinstance(ev, Undone | Redone):
                    self.records.append(r)
                    self.pairs.append((r.seq, ev))
                    stale = True
                    continue
                if stale and needs_state(ev):
                    self._rebuild()
                    stale = False
                self.records.append(r)
                if stale:
                    self.pairs.append((r.seq, ev))
                    continue
                ev = upcast(self.state, ev)
                if isinstance(ev, list):
                    # One stored record standing for several of today's events (see
                    # Game.upcast_in_context): they share its seq, one decision.
                    for e in ev:
                        self.pairs.append((r.seq, e))
                        self.state = fold(self.state, e)
                else:
                    self.pairs.append((r.seq, ev))
                    self.state = fold(self.state, ev)
                self.counting += 1
        finally:
            if stale:
                self._rebuild()

    def _rebuild(self) -> None:
        alive = runtime.effective(self.pairs)
        self.counting = runtime.decisions(alive)
        self.state = runtime.fold_all(self.game, (e for _, e in alive))

    def copy(self) -> Table:
        """A table of its own with the same records, events and pending commands (those
        are never changed in place, so they are shared) and a clone of the state."""
        c = Table(self.game, self.header, self.codec)
        c.records = list(self.records)
        c.pairs = list(self.pairs)
        c.pending = list(self.pending)
        c.state = None if self.state is None else self.game.clone(self.state)
        c.created = self.created
        c.counting = self.counting
        return c

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
        if self.header.seed is None:
            raise IllegalCommand(
                f"{self.header.game_id} was imported without its seed (an export of a running "
                "game never carries it), so nobody can draw its chance; fork it to play on "
                "with chance of its own")
        if isinstance(command, str):
            command = runtime.parse(self.game, command, self.state, player)
        try:
            text = self.game.format(command, self.state)
        except MeepleError:
            raise
        except NotImplementedError as exc:
            raise runtime.unwritten(self.game, "writing a command down", exc) from exc
        except Exception as exc:
            raise runtime.PluginFailed(
                runtime.plugin_failure(self.game, "writing a command down", exc)) from exc
        key = runtime.chance_key(self.header.chance, self.last_seq + 1, self.counting)
        events = runtime.decide(self.game, self.state, player, command, self.header.seed, key,
                                scheme=self.header.chance)
        self._queue(events, player, text)
        return events

    def _queue(self, events: list[Any], actor: str | None, text: str | None) -> None:
        first = self.last_seq + 1
        game = self.game
        for i, ev in enumerate(events):
            seq = first + i
            t, v, data = self.codec.encode(ev)
            self.pending.append((NewEvent(t, v, data, actor, text), first))
            self.pairs.append((seq, ev))
            if isinstance(ev, Undone | Redone):
                self._rebuild()
            else:
                # A game begun in an old format goes on in its log's shape: what is
                # written now is read as the stored log will be (Game.upcast_in_context).
                if game.upcasts_in_context(ev):
                    ev = game.upcast_in_context(self.state, ev)
                    if isinstance(ev, list):
                        del self.pairs[-1]
                        self.pairs += [(seq, e) for e in ev]
                        for e in ev:
                            self.state = game.fold(self.state, e)
                        self.counting += 1
                        continue
                    self.pairs[-1] = (seq, ev)
                self.state = game.fold(self.state, ev)
                self.counting += 1

    def flush(self, store: EventStore, clock: Any = utc_now) -> list[Record]:
        """Append every pending command in one atomic write (each keeps its batch)."""
        if not self.pending:
            return []
        groups = [[ev for ev, _ in same] for _, same in groupby(self.pending, itemgetter(1))]
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
            last = self.stored_seq
            self.pending.clear()
            self.pairs = [p for p in self.pairs if p[0] <= last]
            self._rebuild()

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

    def rows(self) -> list[runtime.Row]:
        """(seq, batch, actor, event) of every record, stored or pending."""
        out: list[runtime.Row] = []
        last = self.stored_seq  # pending records follow it, one seq each
        stored = self.record_of()
        for seq, ev in self.pairs:
            if seq <= last:
                r = stored[seq]
                out.append((seq, r.batch, r.actor, ev))
            else:
                ne, batch = self.pending[seq - last - 1]
                out.append((seq, batch, ne.actor, ev))
        return out

    def record_of(self) -> dict[int, Record]:
        """The stored record of each seq (an old record upcast to several events gives
        all of them the same seq)."""
        return {r.seq: r for r in self.records}

    def undo_span(self) -> tuple[int, int, bool]:
        """The last command still counting, and whether it crossed an information barrier."""
        first, last, _, barrier = runtime.undo_span(self.rows())
        return first, last, barrier

    def redo_target(self) -> int:
        """The seq of the Undone event a redo would cancel."""
        return runtime.redo_target(self.pairs)
