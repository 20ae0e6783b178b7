"""The Python API: everything the ``meeple`` command does, for scripts and notebooks.

    from meeple.core.engine import Engine
    eng = Engine("sqlite:///games.sqlite")          # or None: MEEPLE_DB / the data folder
    gid = eng.new_game("connect-four", ["ann", "bob"], seed=1)
    eng.move(gid, "4", player="ann")
    print(eng.render(gid))
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from . import runtime
from .audit import VerifyReport, check_chain, verify
from .codec import Codec
from .errors import BadOptions, IllegalCommand, ImportFailed, IntegrityError, MeepleError
from .events import Redone, Undone
from .game import Game, Outcome, render_checked
from .importers import ImportedGame
from .plugins import Plugins, load
from .records import GameHeader, NewEvent, Record, chain, utc_now
from .rng import new_seed
from .stores.base import EventStore, check_game_id
from .stores.jsonl import dump_game, read_game
from .stores.memory import MemoryStore
from .stores.open import open_store
from .table import Table


@attrs.frozen
class LogLine:
    seq: int
    actor: str | None
    command: str | None
    text: str
    marker: str | None
    undone: bool
    type: str

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


class Engine:
    def __init__(self, store: EventStore | str | None = None, plugins: Plugins | None = None,
                 clock: Callable[[], str] = utc_now) -> None:
        self.plugins = plugins or load()
        self.store = store if isinstance(store, EventStore) else open_store(store, self.plugins.stores)
        self.clock = clock
        self._codecs: dict[str, Codec] = {}
        self._tables: dict[str, Table] = {}

    def close(self) -> None:
        self.store.close()

    # -- helpers ---------------------------------------------------------------------------

    def game_of(self, game_id: str) -> Game:
        return self.plugins.game(self.store.header(game_id).game)

    def codec(self, game: Game) -> Codec:
        if game.name not in self._codecs:
            self._codecs[game.name] = Codec(game)
        return self._codecs[game.name]

    def table(self, game_id: str, upto: int | None = None) -> Table:
        """Load a game; a game whose setup never got stored is set up now (same seed).

        The latest table of recently used games is kept and reused while the store's last
        record is still the one it ends with (one cheap query instead of a full replay)."""
        if upto is None:
            cached = self._tables.get(game_id)
            if cached is not None and not cached.created:
                return cached
            if cached is not None and not cached.pending and cached.records:
                if self.store.last(game_id) == (cached.records[-1].seq, cached.records[-1].hash):
                    return cached
        game = self.game_of(game_id)
        t = Table.load(self.store, game, game_id, upto, self.codec(game))
        if not t.records and upto is None:
            t.start(list(t.header.players), dict(t.header.options))
            t.flush(self.store, self.clock)
        if upto is None:
            self._remember(t)
        return t

    def _remember(self, t: Table) -> None:
        self._tables.pop(t.header.game_id, None)
        self._tables[t.header.game_id] = t
        while len(self._tables) > 8:
            self._tables.pop(next(iter(self._tables)))

    def forget(self, game_id: str) -> None:
        self._tables.pop(game_id, None)

    # -- games -----------------------------------------------------------------------------

    def new_game(self, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 seed: int | None = None, game_id: str | None = None, title: str = "",
                 deferred: bool = False) -> str:
        """Create a game. ``deferred``: keep it in this engine until its first flush (an AI
        match then costs one transaction in all); a crash before that leaves no trace."""
        g = self.plugins.game(game)
        g.check_players(players)
        resolved = g.resolve_options(options)
        seed = new_seed() if seed is None else int(seed)
        game_id = game_id or f"{g.name}-{secrets.token_hex(4)}"
        check_game_id(game_id)
        header = GameHeader(game_id, g.name, type(g).__module__.split(".")[0], g.version,
                            tuple(players), resolved, seed, self.clock(), title)
        t = Table(g, header, self.codec(g))
        t.start(list(players), resolved)  # raises before anything is stored
        t.created = False
        if not deferred:
            t.flush(self.store, self.clock)
        self._remember(t)
        return game_id

    def list_games(self) -> list[dict[str, Any]]:
        out = []
        for gid in self.store.game_ids():
            h = self.store.header(gid)
            out.append({"game_id": gid, "game": h.game, "players": list(h.players),
                        "created": h.created, "title": h.title, **self.store.status(gid)})
        return out

    def move(self, game_id: str, command: Any, player: str) -> list[Record]:
        """Give a command as ``player``; IllegalCommand (nothing stored) if not allowed."""
        t = self.table(game_id)
        if player not in t.header.players:
            raise BadOptions(
                f"{player!r} does not play in {game_id}; players: {', '.join(t.header.players)}")
        t.apply(player, command)
        return t.flush(self.store, self.clock)

    def state(self, game_id: str, at: int | None = None) -> Any:
        return self.table(game_id, upto=at).state

    def view(self, game_id: str, player: str | None, at: int | None = None) -> Any:
        t = self.table(game_id, upto=at)
        return t.game.view(t.state, player)

    def to_act(self, game_id: str) -> list[str]:
        return self.table(game_id).to_act()

    def outcome(self, game_id: str) -> Outcome | None:
        return self.table(game_id).outcome()

    def render(self, game_id: str, fmt: str = "text", player: str | None = None,
               at: int | None = None) -> str:
        t = self.table(game_id, upto=at)
        return render_checked(t.game, t.game.view(t.state, player), fmt, player)

    def show_json(self, game_id: str, player: str | None = None, at: int | None = None) -> dict:
        t = self.table(game_id, upto=at)
        view = t.game.view(t.state, player)
        out = t.outcome()
        return {
            "game_id": game_id, "game": t.game.name, "players": list(t.header.players),
            "seq": t.last_seq, "to_act": t.to_act(), "finished": out is not None,
            "outcome": out.to_json() if out else None,
            "scores": dict(out.scores) if out else None,
            "state": t.game.summary(view, player),
        }

    # -- undo, redo, fork ----------------------------------------------------------------------

    def undo(self, game_id: str, by: str, force: bool = False,
             agreed: Sequence[str] = ()) -> Record:
        t = self.table(game_id)
        self._check_player(t, by)
        first, last, barrier = t.undo_span()
        consent = tuple(dict.fromkeys([*agreed, by]))
        if barrier and not force and set(consent) != set(t.header.players):
            raise IllegalCommand(
                f"events {first}-{last} revealed hidden information; undo needs every player's "
                f"consent (--agreed-by {','.join(t.header.players)}) or --force")
        ev = Undone(first, last, by, consent if (barrier or force) else ())
        t._queue([ev], by, "undo")
        return t.flush(self.store, self.clock)[-1]

    def redo(self, game_id: str, by: str) -> Record:
        t = self.table(game_id)
        self._check_player(t, by)
        t._queue([Redone(t.redo_target(), by)], by, "redo")
        return t.flush(self.store, self.clock)[-1]

    def _check_player(self, t: Table, who: str) -> None:
        if who not in t.header.players:
            raise BadOptions(f"{who!r} does not play in {t.header.game_id}; "
                             f"players: {', '.join(t.header.players)}")

    def fork(self, game_id: str, at: int, new_id: str | None = None) -> str:
        header = self.store.header(game_id)
        records = self.store.load(game_id, upto=at)
        if not 1 <= at <= (records[-1].seq if records else 0):
            last = self.store.last(game_id)[0]
            raise BadOptions(f"--at must be a sequence number from 1 to {last}, not {at}")
        following = self.store.load(game_id, after=at, upto=at + 1)
        if following and following[0].batch <= at:
            raise BadOptions(f"event {at} is inside a command's events; fork at the last event "
                             f"of a command (the command starting at {following[0].batch} "
                             "ends later)")
        new_id = new_id or f"{game_id}-fork-{secrets.token_hex(3)}"
        check_game_id(new_id)
        fork_header = attrs.evolve(header, game_id=new_id, created=self.clock(),
                                   forked_from=(game_id, at))
        self.store.import_game(fork_header, rechain(fork_header, records))
        return new_id

    # -- audit, log, export ---------------------------------------------------------------------

    def verify(self, game_id: str) -> VerifyReport:
        """Hash chain and re-derivation (audit.verify), plus two things only the store
        knows: a log file too damaged to read, and a log shorter than the store recorded
        it (deleting the last events leaves a valid chain; the status cache remembers)."""
        header = self.store.header(game_id)
        try:
            records = self.store.load(game_id)
        except ImportFailed as exc:  # JSON Lines: line 1 is the header, line n + 1 event n
            return VerifyReport(game_id, False, 0, max((exc.line or 2) - 1, 1),
                                f"the stored log cannot be read: {exc}")
        report = verify(self.plugins.game(header.game), header, records)
        known = self.store.status(game_id).get("seq")
        if report.ok and isinstance(known, int) and known > report.events:
            return attrs.evolve(report, ok=False, first_bad_seq=report.events + 1,
                                problem=f"the log ends at event {report.events}, but the game "
                                f"was stored up to event {known}: events are missing")
        return report

    def log(self, game_id: str, as_player: str | None = None) -> list[LogLine]:
        t = self.table(game_id)
        game = t.game
        alive = {s for s, _ in runtime.effective(t.pairs)}
        lines: list[LogLine] = []
        state = None
        marker = None
        for r, (seq, ev) in zip(t.records, t.pairs, strict=True):
            shown = None
            if seq in alive:
                state = game.fold(state, ev)
                m = game.turn_marker(state)
                if m != marker:
                    shown = marker = m
            if isinstance(ev, Undone):
                text = f"undo events {ev.first_seq}-{ev.last_seq} by {ev.by}"
                if ev.forced_by:
                    text += f" (consent: {', '.join(ev.forced_by)})"
            elif isinstance(ev, Redone):
                text = f"redo of the undo at {ev.undo_seq} by {ev.by}"
            else:
                text = game.describe_event(game.redact(ev, as_player))
            command = r.command_text
            if command and r.actor and as_player is not None and r.actor != as_player:
                command = game.redact_command(command, r.actor, as_player)
            lines.append(LogLine(seq, r.actor, command, text, shown, seq not in alive
                                 and not isinstance(ev, Undone | Redone), r.type))
        return lines

    def export(self, game_id: str) -> bytes:
        return dump_game(self.store.header(game_id), self.store.load(game_id))

    def import_export(self, data: bytes | str, new_id: str | None = None) -> str:
        """Store a game exported by ``export``, after checking it whole."""
        header, records = read_game(data)
        game = self.plugins.game(header.game)
        report = verify(game, header, records)
        if not report.ok:
            raise ImportFailed(f"the file fails verification at event {report.first_bad_seq}: "
                               f"{report.problem}", line=(report.first_bad_seq or 0) + 1)
        if new_id and new_id != header.game_id:
            header = attrs.evolve(header, game_id=new_id)
            records = rechain(header, records)
        self.store.import_game(header, records)
        t = self.table(header.game_id)
        self.store.set_status(header.game_id, t.status())
        return header.game_id

    def import_record(self, fmt: str, text: str, game_id: str | None = None,
                      progress: Callable[[int, int], None] | None = None) -> str:
        """Turn a foreign record into a stored game through its importer. All commands are
        played in memory first: a record that fails leaves the store untouched."""
        imported: ImportedGame = self.plugins.importer(fmt).read(text)
        scratch = Engine(MemoryStore(), self.plugins, self.clock)
        gid = scratch.new_game(imported.game, imported.players, imported.options,
                               imported.seed, game_id or None, imported.title)
        t = scratch.table(gid)
        total = len(imported.moves)
        for i, mv in enumerate(imported.moves):
            try:
                t.apply(mv.player, mv.text)
            except MeepleError as exc:
                raise ImportFailed(f"{mv.player}: {mv.text!r}: {exc}", line=mv.source_line) from None
            if progress:
                progress(i + 1, total)
        t.flush(scratch.store, self.clock)
        header = scratch.store.header(gid)
        self.store.import_game(header, scratch.store.load(gid))
        self.store.set_status(gid, t.status())
        return gid


def rechain(header: GameHeader, records: Sequence[Record]) -> list[Record]:
    """The same events sealed into a new chain for another header (fork, renamed import)."""
    out: list[Record] = []
    last_seq, prev = 0, header.hash()
    for r in records:
        new = chain(header.game_id, last_seq, prev,
                    [NewEvent(r.type, r.version, r.data, r.actor, r.command_text)], r.recorded_at)[0]
        new = attrs.evolve(new, batch=r.batch)
        new = attrs.evolve(new, hash=new.expected_hash())
        out.append(new)
        last_seq, prev = new.seq, new.hash
    return out


__all__ = ["Engine", "LogLine", "rechain", "check_chain", "IntegrityError"]
