"""The Python API: everything the ``meeple`` command does, for scripts and notebooks.

    from meeple.core.engine import Engine
    eng = Engine("sqlite:///games.sqlite")          # or None: MEEPLE_DB / the data folder
    gid = eng.new_game("connect-four", ["ann", "bob"], seed=1)
    eng.move(gid, "4", player="ann")
    print(eng.render(gid))
"""

from __future__ import annotations

import functools
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs
import orjson

from . import runtime
from .audit import Prefix, VerifyReport, check_chain, verify
from .codec import Codec
from .errors import (
    BadOptions,
    GameNotFound,
    IllegalCommand,
    ImportFailed,
    IntegrityError,
    MeepleError,
    UnknownName,
)
from .events import Redone, Undone
from .facts import plain_changes, render_changes
from .game import Game, Outcome, render_checked
from .importers import ImportedGame
from .plugins import Plugins, load
from .records import GameHeader, NewEvent, Record, chain, chain_batches, utc_now
from .rng import new_seed
from .stores.base import DamagedRecord, EventStore, check_game_id
from .stores.jsonl import dump_game, read_export
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
    #: What the event changed, ``{player: {counter: delta}}`` (``Game.changes`` of the
    #: event as this reader sees it); empty for undone events, whose changes do not count.
    changes: dict[str, dict[str, int | float]] = attrs.field(factory=dict)

    @property
    def changes_text(self) -> str:
        """The changes in one compact line: ``red +1 vp; yellow -2 coins``."""
        return render_changes(self.changes)

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


F = TypeVar("F", bound=Callable[..., Any])


def _locked(fn: F) -> F:
    """Run a method under the engine's lock. An Engine keeps loaded tables (with pending
    records) between calls; two threads applying to one table at once would chain events
    onto each other's unflushed ones. One lock per engine makes a shared engine safe; the
    store's own transaction still orders writers in other engines and processes."""

    @functools.wraps(fn)
    def run(self: Engine, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return fn(self, *args, **kwargs)

    return run  # type: ignore[return-value]


#: How the consent of an undo was given: at one CLI, named by the asker (trusted), or by
#: each player proving their seat (``meeple serve``'s seat keys).
HOT_SEAT = "hot-seat"
SEAT_KEY = "seat-key"


class Engine:
    """Safe to share between threads: every method runs under one lock."""

    def __init__(self, store: EventStore | str | None = None, plugins: Plugins | None = None,
                 clock: Callable[[], str] = utc_now) -> None:
        self.plugins = plugins or load()
        self.store = store if isinstance(store, EventStore) else open_store(store, self.plugins.stores)
        self.clock = clock
        self._codecs: dict[str, Codec] = {}
        self._tables: dict[str, Table] = {}
        self._lock = threading.RLock()

    def close(self) -> None:
        self.store.close()

    # -- helpers ---------------------------------------------------------------------------

    def game_of(self, game_id: str) -> Game:
        return self.plugins.game(self.store.header(game_id).game)

    def codec(self, game: Game) -> Codec:
        if game.name not in self._codecs:
            self._codecs[game.name] = Codec(game)
        return self._codecs[game.name]

    @_locked
    def table(self, game_id: str, upto: int | None = None) -> Table:
        """A game loaded into a table of the caller's own: a copy (the state cloned) that no
        other thread changes and whose changes reach nobody until flushed to the store."""
        t = self._table(game_id, upto)
        return t.copy() if upto is None else t

    @_locked
    def checkout(self, game_id: str) -> Table:
        """The engine's own table of a game, handed over: the engine forgets it (and loads
        the game from the store when it needs it again), so the caller may play on it
        alone, flushing as it goes (the scheduler's match loop; ``keep`` gives it back)."""
        t = self._table(game_id)
        self._tables.pop(game_id, None)
        return t

    @_locked
    def keep(self, t: Table) -> None:
        """Take back a table from ``checkout`` once everything in it is stored."""
        if not t.pending and t.created:
            self._remember(t)

    def _table(self, game_id: str, upto: int | None = None) -> Table:
        """Load a game. A stored header without events is damaged (IntegrityError): every
        store writes a game's header and first events together, so only a store's fault
        or a hand's edit leaves one, and setting it up again would store a game nobody
        played.

        The latest table of recently used games is kept and reused while the store's last
        record is still the one it ends with (one cheap query instead of a full replay).
        Only the engine's own methods use it, under the lock."""
        if upto is not None:
            last = self.store.last(game_id)[0]
            if last == 0:
                raise IntegrityError(header_without_events(game_id), seq=1)
            if not 1 <= upto <= last:
                raise BadOptions(f"event {upto} does not exist in {game_id}: give a number "
                                 f"from 1 to {last}")
        if upto is None:
            cached = self._tables.get(game_id)
            if cached is not None and not cached.created:
                return cached
            if cached is not None and not cached.pending and cached.records:
                if self.store.last(game_id) == (cached.records[-1].seq, cached.records[-1].hash):
                    return cached
        game = self.game_of(game_id)
        t = Table.load(self.store, game, game_id, upto, self.codec(game))
        if not t.records:
            raise IntegrityError(header_without_events(game_id), seq=1)
        if upto is None:
            self._remember(t)
        return t

    def _remember(self, t: Table) -> None:
        self._tables.pop(t.header.game_id, None)
        self._tables[t.header.game_id] = t
        while len(self._tables) > 8:
            self._tables.pop(next(iter(self._tables)))

    @_locked
    def forget(self, game_id: str) -> None:
        self._tables.pop(game_id, None)

    # -- games -----------------------------------------------------------------------------

    @_locked
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
        header = GameHeader.sealed_new(game_id, g.name, type(g).__module__.split(".")[0],
                                       g.version, tuple(players), resolved, seed,
                                       self.clock(), title)
        t = Table(g, header, self.codec(g))
        t.start(list(players), resolved)  # raises before anything is stored
        t.created = False
        if not deferred:
            t.flush(self.store, self.clock)
        self._remember(t)
        return game_id

    @_locked
    def list_games(self) -> list[dict[str, Any]]:
        """Every stored game with where it stands, re-derived from its log (see
        ``derived_status``), not read from the status cache. A game whose header or log
        cannot be read is listed with ``status: "damaged"`` and a ``problem``, never an
        error: one damaged game must not hide the others. A row names one problem: a game
        not installed or a log that cannot be read before a damaged status cache."""
        out = []
        for gid in self.store.game_ids():
            try:
                h = self.store.header(gid)
            except Exception as exc:  # a damaged header: list every other game all the same
                out.append({"game_id": gid, "game": "?", "players": [], "created": "",
                            "title": "", "status": "damaged",
                            "problem": f"{' '.join(str(exc).split())} (see meeple verify {gid})"})
                continue
            row = {"game_id": gid, "game": h.game, "players": list(h.players),
                   "created": h.created, "title": h.title, **self.derived_status(gid)}
            if "problem" not in row:
                try:
                    self.store.status(gid)
                except Exception as exc:  # the log reads; only its status cache is damaged
                    row.update(status="damaged", problem=(
                        f"{' '.join(str(exc).split())} (the log itself reads, and the next "
                        f"move rewrites the cache; see meeple verify {gid})"))
            out.append(row)
        return out

    @_locked
    def derived_status(self, game_id: str) -> dict[str, Any]:
        """Where a game stands (seq, running and who acts, or finished and its outcome),
        folded from the hash-chained log that verify checks: the events record the
        result, so this needs no rules. The store's status cache is only a cache that
        anyone with write access could edit; verify compares it with this. Nothing is
        written, and a log that cannot be read gives ``status: "damaged"``."""
        try:
            game = self.game_of(game_id)
        except UnknownName as exc:
            return {"status": "not installed", "problem": str(exc)}
        try:
            t = Table.load(self.store, game, game_id, codec=self.codec(game))
            if not t.records:
                return {"status": "damaged", "problem": header_without_events(game_id)}
            return t.status()
        except Exception as exc:  # any damage: list must still show every other game
            return {"status": "damaged",
                    "problem": f"the log cannot be replayed: {exc} (see meeple verify {game_id})"}

    @_locked
    def move(self, game_id: str, command: Any, player: str) -> list[Record]:
        """Give a command as ``player``; IllegalCommand (nothing stored) if not allowed."""
        t = self._table(game_id)
        if player not in t.header.players:
            raise BadOptions(
                f"{player!r} does not play in {game_id}; players: {', '.join(t.header.players)}")
        t.apply(player, command)
        return self._flush(t)

    def _flush(self, t: Table) -> list[Record]:
        """Store a table's pending command; if the store refuses (another writer came
        first, a full disk), forget it: a command whose caller got an error must never be
        written later by another call."""
        try:
            return t.flush(self.store, self.clock)
        except BaseException:
            t.discard_pending()
            self.forget(t.header.game_id)
            raise

    @_locked
    def state(self, game_id: str, at: int | None = None) -> Any:
        return self._table(game_id, upto=at).state

    @_locked
    def view(self, game_id: str, player: str | None, at: int | None = None) -> Any:
        t = self._table(game_id, upto=at)
        return t.game.view(t.state, player)

    @_locked
    def to_act(self, game_id: str) -> list[str]:
        return self._table(game_id).to_act()

    @_locked
    def outcome(self, game_id: str) -> Outcome | None:
        return self._table(game_id).outcome()

    @_locked
    def render(self, game_id: str, fmt: str = "text", player: str | None = None,
               at: int | None = None, reveal: bool = False, width: int | None = None) -> str:
        """The state as ``player`` sees it (None: a spectator); ``reveal``: all of it;
        ``width``: the terminal's columns, which no line of a text picture exceeds."""
        t = self._table(game_id, upto=at)
        shown = t.state if reveal else t.game.view(t.state, player)
        return render_checked(t.game, shown, fmt, player, width)

    @_locked
    def show_json(self, game_id: str, player: str | None = None, at: int | None = None,
                  reveal: bool = False) -> dict:
        t = self._table(game_id, upto=at)
        view = t.state if reveal else t.game.view(t.state, player)
        out = t.outcome()
        return {
            "game_id": game_id, "game": t.game.name, "players": list(t.header.players),
            "seq": t.last_seq, "to_act": t.to_act(), "finished": out is not None,
            "outcome": out.to_json() if out else None,
            "scores": dict(out.scores) if out else None,
            "state": t.game.summary(view, player),
        }

    # -- undo, redo, fork ----------------------------------------------------------------------

    @_locked
    def undo(self, game_id: str, by: str, force: bool = False,
             agreed: Sequence[str] = (), proof: str = HOT_SEAT) -> Record:
        """Undo the last command that counts, as player ``by``.

        Undoing another player's command needs that player's consent; a command that
        revealed hidden information needs everyone's. ``agreed`` names the players who
        consented and ``proof`` how: ``HOT_SEAT`` (the CLI: ``by`` names them, trusted) or
        ``SEAT_KEY`` (a server that checked each one's seat key). Both are recorded in the
        Undone event; ``force`` goes ahead without the missing consent and records that."""
        t = self._table(game_id)
        self._check_player(t, by)
        ev = runtime.make_undo(t.rows(), t.header.players, by, agreed, force, proof)
        t._queue([ev], by, "undo")
        (record,) = self._flush(t)
        return record

    @_locked
    def redo(self, game_id: str, by: str) -> Record:
        """Cancel the last undo (only its asker or the undone command's player may)."""
        t = self._table(game_id)
        self._check_player(t, by)
        target = t.redo_target()
        why = runtime.redo_allowed(t.pairs, t.rows(), target, by)
        if why:
            raise IllegalCommand(why)
        t._queue([Redone(target, by)], by, "redo")
        (record,) = self._flush(t)
        return record

    def _check_player(self, t: Table, who: str) -> None:
        if who not in t.header.players:
            raise BadOptions(f"{who!r} does not play in {t.header.game_id}; "
                             f"players: {', '.join(t.header.players)}")

    @_locked
    def fork(self, game_id: str, at: int, new_id: str | None = None) -> str:
        """A new game with the events of ``game_id`` up to ``at``, stored in one write.
        It draws chance of its own from there on: a fresh seed, and every order nobody
        has seen yet drawn anew with it (``Game.reshuffle_unrevealed``), recorded as
        events of no command at ``at + 1``."""
        header = self.store.header(game_id)
        last = self.store.last(game_id)[0]
        if last == 0:
            raise IntegrityError(header_without_events(game_id), seq=1)
        if not 1 <= at <= last:
            raise BadOptions(f"--at must be a sequence number from 1 to {last}, not {at}")
        records = self.store.load(game_id, upto=at)
        following = self.store.load(game_id, after=at, upto=at + 1)  # the next record alone
        if following and following[0].batch <= at:
            raise BadOptions(f"event {at} is inside a command's events; fork at the last event "
                             f"of a command (the command starting at {following[0].batch} "
                             "ends later)")
        new_id = new_id or f"{game_id}-fork-{secrets.token_hex(3)}"
        check_game_id(new_id)
        # A fork draws chance of its own from the fork point on: with the source's seed,
        # playing on in a fork would foretell the source game's next draws.
        seed = new_seed()
        fork_header = GameHeader.sealed_new(new_id, header.game, header.plugin,
                                            header.plugin_version, header.players,
                                            header.options, seed, self.clock(),
                                            header.title, forked_from=(game_id, at))
        game = self.plugins.game(header.game)
        copied = rechain(fork_header, records)
        t = Table(game, fork_header, self.codec(game))
        t.extend(copied)
        reshuffle = runtime.fork_reshuffle(game, t.state, runtime.fork_rng(seed))
        t._queue(reshuffle, None, None)
        extra = chain_batches(new_id, copied[-1].seq, copied[-1].hash,
                              [[ne for ne, _ in t.pending]], self.clock())
        self.store.import_game(fork_header, [*copied, *extra], t.status())
        return new_id

    # -- audit, log, export ---------------------------------------------------------------------

    @_locked
    def verify(self, game_id: str) -> VerifyReport:
        """Hash chain, engine events and re-derivation (audit.verify), plus what only the
        store knows: a log too damaged to read, and a log shorter than the store recorded
        it (deleting the last events leaves a valid chain; the status cache remembers).
        Anything malformed (header, status, payload) is a failed report, never an error."""
        try:
            return self._verify(game_id)
        except (GameNotFound, BadOptions):
            raise  # a wrong id is the caller's mistake, not a finding about a game
        except Exception as exc:  # a damaged store must give a finding, whatever broke
            text = " ".join(str(exc).split())[:200] or type(exc).__name__
            return VerifyReport(game_id, False, 0, None,
                                f"the stored game cannot be read: {type(exc).__name__}: {text}")

    def _verify(self, game_id: str) -> VerifyReport:
        try:
            header = self.store.header(game_id)
        except (GameNotFound, BadOptions):
            raise  # no such game, or an id no game can have (path-like, not text)
        except Exception as exc:
            return VerifyReport(game_id, False, 0, None, f"the stored header is damaged: {exc}")
        try:
            records = self.store.load(game_id)
        except ImportFailed as exc:  # JSON Lines: line 1 is the header, line n + 1 event n
            return VerifyReport(game_id, False, 0, max((exc.line or 2) - 1, 1),
                                f"the stored log cannot be read: {exc}")
        except DamagedRecord as exc:
            return VerifyReport(game_id, False, 0, exc.seq, str(exc))
        except Exception as exc:
            return VerifyReport(game_id, False, 0, None, f"the stored events are damaged: {exc}")
        if not records:
            return VerifyReport(game_id, False, 0, 1, header_without_events(game_id))
        try:
            game = self.plugins.game(header.game)
        except MeepleError as exc:
            return VerifyReport(game_id, False, len(records), None, str(exc))
        try:
            source = self._fork_source(header)
        except IntegrityError as exc:  # the source is damaged: a finding about the header
            return VerifyReport(game_id, False, len(records), exc.seq, str(exc))
        report = verify(game, header, records, source)
        if header.game_id != game_id:
            report = attrs.evolve(report, game_id=game_id, header_id=header.game_id)
            if report.ok:
                report = attrs.evolve(report, ok=False, first_bad_seq=None, problem=(
                    f"header field 'game_id' names {header.game_id!r}, but the store files "
                    f"this game under {game_id!r}"))
        return self._check_status(report, header, records) if report.ok else report

    def _check_status(self, report: VerifyReport, header: GameHeader,
                      records: Sequence[Record]) -> VerifyReport:
        """A verified log against the store's status cache: it must read, have the right
        shape, not claim more events than the log holds, and say what the log gives."""
        try:
            status = self.store.status(report.game_id)
        except Exception as exc:
            status = None
            problem = f"its status cannot be read: {exc}"
        else:
            problem = _status_problem(status)
        if problem:
            return attrs.evolve(report, ok=False, problem=problem)
        known = status.get("seq")  # a dict: _status_problem checked the shape
        if isinstance(known, int) and known > report.events:
            return attrs.evolve(report, ok=False, first_bad_seq=report.events + 1,
                                problem=f"the log ends at event {report.events}, but the game "
                                f"was stored up to event {known}: events are missing")
        return self._check_status_cache(report, header, records, status)

    def _fork_source(self, header: GameHeader) -> Prefix | None:
        """A fork's source as this store holds it, to check the fork's first events."""
        if not header.forked_from or header.legacy:
            return None
        src, at = header.forked_from
        try:
            return Prefix(self.store.header(src), self.store.load(src, upto=at))
        except GameNotFound:
            return Prefix()
        except Exception as exc:  # a damaged source: say so, as for any unreadable game
            raise IntegrityError(f"header field 'forked_from' names {src!r}, which cannot "
                                 f"be read: {exc}", seq=0) from None

    def _check_status_cache(self, report: VerifyReport, header: GameHeader,
                            records: Sequence[Record], cache: dict[str, Any]) -> VerifyReport:
        """The status cache must say what the verified log (never empty here) gives. A
        cache behind the log is only stale (a status write may fail after the records are
        safe); one at the log's last event that says anything else was edited."""
        if cache.get("seq") != records[-1].seq:
            return report
        game = self.plugins.game(header.game)
        t = Table(game, header, self.codec(game))
        t.extend(list(records))
        derived = t.status()

        def plain(value: Any) -> Any:  # the cache went through JSON; so must this
            return orjson.loads(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))

        bad = [k for k in ("game", "status", "to_act", "outcome")
               if k in cache or k in derived if plain(cache.get(k)) != plain(derived.get(k))]
        if not bad:
            return report
        said = "; ".join(f"{k} {plain(cache.get(k))}" for k in bad)
        gives = "; ".join(f"{k} {plain(derived.get(k))}" for k in bad)
        return attrs.evolve(report, ok=False, first_bad_seq=records[-1].seq,
                            problem=f"the status cache does not match the log: it says {said}, "
                            f"but the log gives {gives}")

    @_locked
    def log(self, game_id: str, as_player: str | None = None,
            reveal: bool = False) -> list[LogLine]:
        """The log as ``as_player`` may see it (None: a spectator, who sees no secret);
        ``reveal``: everything, for the store's owner."""
        t = self._table(game_id)
        game = t.game
        alive = {s for s, _ in runtime.effective(t.pairs)}
        lines: list[LogLine] = []
        state = None
        marker = None
        stored = t.record_of()
        for seq, ev in t.pairs:
            r = stored[seq]
            shown = None
            changes: dict[str, dict[str, int | float]] = {}
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
                seen = ev if reveal else game.redact(ev, as_player)
                text = game.describe_event(seen)
                # The changes of the event as this reader sees it: what redaction hides
                # from the text stays hidden here too. Undone events change nothing.
                if seq in alive:
                    changes = plain_changes(game.changes(seen))
            command = r.command_text
            if command and r.actor and not reveal and r.actor != as_player:
                command = game.redact_command(command, r.actor, as_player)
            lines.append(LogLine(seq, r.actor, command, text, shown, seq not in alive
                                 and not isinstance(ev, Undone | Redone), r.type, changes))
        return lines

    @_locked
    def export(self, game_id: str, reveal: bool = False, keep_seed: bool = False) -> bytes:
        """The game as JSON Lines, ending with a trailer (event count, last hash).

        A running game's export never carries the seed (its header keeps the commitment,
        so the chain still verifies). Its events hold every secret dealt so far, so a
        running game with hidden information is exported only with ``reveal`` (the
        store's owner asking for everything). ``keep_seed`` (with ``reveal``) is for
        moving a running game between stores of one owner, such as a tournament's
        detached workers: such a file must never reach a player; the CLI offers no way
        to write one."""
        t = self._table(game_id)
        header = t.header
        if keep_seed and reveal:
            return dump_game(header, self.store.load(game_id))
        if t.outcome() is None:
            if t.game.hidden_information and not reveal:
                raise BadOptions(
                    f"{game_id} is running and its log holds every player's hidden "
                    "information; export it once it is over, or with --reveal (the store's "
                    "owner, for a backup)")
            header = header.sealed()
        return dump_game(header, self.store.load(game_id))

    @_locked
    def import_export(self, data: bytes | str, new_id: str | None = None) -> str:
        """Store a game exported by ``export``, after checking it whole (trailer, chain,
        engine events, re-derivation as far as the seed is known)."""
        header, records, trailer_line, last_hash = read_export(data)
        game = self.plugins.game(header.game)
        report = verify(game, header, records, self._fork_source(header))
        if not report.ok:
            raise ImportFailed(f"the file fails verification at event {report.first_bad_seq}: "
                               f"{report.problem}", line=(report.first_bad_seq or 0) + 1)
        if last_hash != records[-1].hash:
            raise ImportFailed("the trailer's last hash is not the hash of the last record "
                               "(the file was cut short or extended)", line=trailer_line)
        if new_id and new_id != header.game_id:
            check_game_id(new_id)
            header = attrs.evolve(header, game_id=new_id)
            records = rechain(header, records)
        t = Table(game, header, self.codec(game))
        t.extend(list(records))
        self.store.import_game(header, records, t.status())
        return header.game_id

    @_locked
    def import_record(self, fmt: str, text: str, game_id: str | None = None,
                      progress: Callable[[int, int], None] | None = None) -> str:
        """Turn a foreign record into a stored game through its importer. All commands are
        played in memory first: a record that fails leaves the store untouched."""
        importer = self.plugins.importer(fmt)
        try:
            imported: ImportedGame = importer.read(text)
        except MeepleError:
            raise
        except Exception as exc:  # the importer's own bug or limit: one line, nothing stored
            what = " ".join(str(exc).split())[:160] or type(exc).__name__
            raise ImportFailed(f"the {fmt} importer ({type(importer).__module__.split('.')[0]}) "
                               f"cannot read this file: {type(exc).__name__}: {what}") from exc
        scratch = Engine(MemoryStore(), self.plugins, self.clock)
        gid = scratch.new_game(imported.game, imported.players, imported.options,
                               imported.seed, game_id or None, imported.title)
        t = scratch._table(gid)
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
        self.store.import_game(header, scratch.store.load(gid), t.status())
        return gid


def header_without_events(game_id: str) -> str:
    """What is wrong with a stored header that has no events."""
    return (f"{game_id} is damaged: its header is stored without any events (a game always "
            f"has its setup events); see meeple verify {game_id}")


def _status_problem(status: Any) -> str:
    """What is wrong with a status cache's shape ("" if nothing)."""
    if not isinstance(status, dict):
        return f"its status is not an object but {type(status).__name__}"
    if status and status.get("status") not in ("running", "finished"):
        return f"its status says {status.get('status')!r}, not running or finished"
    if "seq" in status and (not isinstance(status["seq"], int) or isinstance(status["seq"], bool)):
        return f"its status names event {status['seq']!r}, not a number"
    return ""


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
