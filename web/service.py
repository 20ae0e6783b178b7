"""What the pages show and do, as plain data: a layer over the Engine that knows no game.

Everything here comes from the plugin's view, legal, render and summary and from the
engine's log; the web layer never looks inside a state. One lock serialises all use of
the engine (its table cache is not shared between threads); agents think outside it.
"""

from __future__ import annotations

import hashlib
import random
import re
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from meeple.ai.registry import check_spec
from meeple.core import (
    Amounts,
    BadOptions,
    GameNotFound,
    IllegalCommand,
    MeepleError,
    Panel,
    runtime,
)
from meeple.core import engine as engine_module
from meeple.core.engine import Engine
from meeple.core.errors import ConcurrencyError, UnknownName
from meeple.core.events import is_barrier

from .seats import Seat, SeatBook
from .tournaments import tournament_of

STATUSES = ("running", "finished")
#: Seat names typed into the browser: short, and nothing a page or a log could misread.
SEAT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,23}$")
#: The longest command typed into a seat page: any game's notation is far shorter, and a
#: refusal shows only the first characters of a longer one.
MAX_COMMAND_CHARS = 2000


class NotFound(MeepleError):
    """An unknown game, key or tournament (a 404)."""


class Stale(MeepleError):
    """A move or request made against a position the game has moved past (a 409)."""


@attrs.define
class UndoRequest:
    """An undo asked for from one seat, waiting for the others' consent."""

    by: str
    seq: int  # the game's last seq when asked: any move since makes the request stale
    first: int
    last: int
    needed: tuple[str, ...]  # seats whose consent is still missing, at request time
    agreed: list[str] = attrs.field(factory=list)
    count: int = 1  # how many commands go back (an AI's answers with the asker's move)

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "seq": self.seq, "events": [self.first, self.last],
                "needed": list(self.needed), "agreed": list(self.agreed),
                "waiting_for": [s for s in self.needed if s not in self.agreed]}


def do_undo(engine: Engine, game_id: str, by: str, agreed: Sequence[str]) -> Any:
    """The only place the web layer undoes. Every consent given is passed on, so the
    engine records who agreed, and (where the engine records how consent was given) that
    each was proved by the seat's own key."""
    proof = getattr(engine_module, "SEAT_KEY", None)
    if proof is None:  # an engine that records no proof of consent
        return engine.undo(game_id, by, agreed=list(agreed))
    return engine.undo(game_id, by, agreed=list(agreed), proof=proof)


def shortened(exc: Exception, command: str, keep: int = 40) -> Exception:
    """``exc`` with a long ``command`` in its message cut to its first ``keep``
    characters: a refusal names the command without sending a long one back whole."""
    text = str(exc)
    if len(command) <= keep:
        return exc
    for form in (repr(command)[1:-1], command):
        text = text.replace(form, command[:keep] + "...")
    try:
        return type(exc)(text)
    except TypeError:  # an error that is not made from its message alone
        return exc


def amounts_json(amounts: Amounts | None) -> dict[str, Any] | None:
    if amounts is None:
        return None
    return {"title": amounts.title, "target": amounts.target, "button": amounts.button,
            "parts": [{"name": a.name, "count": a.count, "worth": a.worth}
                      for a in amounts.parts]}


def panel_json(panel: Panel) -> dict[str, Any]:
    return {"title": panel.title, "entries": [
        {"name": e.name, "text": e.text, "detail": e.detail, "region": e.region}
        for e in panel.entries]}


def mixed_seed(secret: bytes, typed: int) -> int:
    """The game's seed for a seed typed into the form: the typed one mixed with the
    server's secret, so that nobody who knows only what was typed can foresee a draw,
    while the same typed seed on the same server still deals the same game."""
    digest = hashlib.sha256(secret + typed.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits, as a typed seed may be


def command_spans(t: Any) -> list[tuple[int, int]]:
    """(first, last) seq of each player command whose events still count, oldest first:
    read from the stored records and the engine's own rule for undone spans."""
    alive = {s for s, _ in runtime.effective(t.pairs)}
    spans: dict[int, int] = {}
    for r in t.records:
        if r.actor is not None and r.seq in alive:
            spans[r.batch] = max(spans.get(r.batch, r.seq), r.seq)
    return sorted(spans.items())


class Service:
    def __init__(self, engine: Engine, seats: SeatBook) -> None:
        self.engine = engine
        self.seats = seats
        self.lock = threading.RLock()
        self.undo_requests: dict[str, UndoRequest] = {}
        #: Bumped after every change this server makes; the AI worker waits on it.
        self.changed = threading.Condition(self.lock)

    # -- reading ---------------------------------------------------------------------------

    def header(self, game_id: str) -> Any:
        try:
            return self.engine.store.header(game_id)
        except GameNotFound:
            raise NotFound(f"there is no game {game_id!r} in this store") from None
        except BadOptions:
            raise NotFound(f"there is no game {game_id!r} in this store") from None

    def last_seq(self, game_id: str) -> int:
        with self.lock:
            return self.engine.store.last(game_id)[0]

    def list_games(self, game: str | None = None, status: str | None = None,
                   tournament: str | None = None) -> list[dict[str, Any]]:
        return self.filter_games(self.all_games(), game, status, tournament)

    def all_games(self) -> list[dict[str, Any]]:
        """Every game, newest first, each with the tournament it belongs to (or None)."""
        with self.lock:
            rows = self.engine.list_games()
            headers = {r["game_id"]: self._header(r["game_id"]) for r in rows}
        for r in rows:
            h = headers[r["game_id"]]
            t = tournament_of(h) if h else None
            r["tournament"] = t.tournament if t else None
        rows.reverse()
        return rows

    def filter_games(self, rows: list[dict[str, Any]], game: str | None = None,
                     status: str | None = None,
                     tournament: str | None = None) -> list[dict[str, Any]]:
        if game and game not in self.engine.plugins.games:
            raise BadOptions(f"game must be one of {', '.join(sorted(self.engine.plugins.games))}"
                             f", not {game!r}")
        if status and status not in STATUSES:
            raise BadOptions(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        return [r for r in rows if (not game or r["game"] == game)
                and (not status or r.get("status") == status)
                and (not tournament or r["tournament"] == tournament)]

    def fingerprint(self) -> str:
        """Changes whenever a game is added or moves (what the list page listens for)."""
        with self.lock:
            store = self.engine.store
            return ";".join(f"{gid}:{self._seq(gid)}" for gid in store.game_ids())

    def _header(self, game_id: str) -> Any:
        """A game's header, or None when it is damaged (the list shows it as damaged)."""
        try:
            return self.engine.store.header(game_id)
        except MeepleError:
            return None

    def _seq(self, game_id: str) -> Any:
        try:
            return self.engine.store.status(game_id).get("seq", 0)
        except MeepleError:  # a damaged status cache must not break the whole list page
            return "damaged"

    def check_at(self, game_id: str, at: Any) -> int | None:
        if at in (None, ""):
            return None
        last = self.last_seq(game_id)
        try:
            n = int(at)
        except (TypeError, ValueError):
            n = None
        if n is None or not 1 <= n <= last:
            raise BadOptions(f"at must be an event number from 1 to {last}, not {at!r}")
        return None if n == last else n

    def page(self, game_id: str, seat: str | None = None, at: int | None = None) -> dict[str, Any]:
        """All a game page shows, as ``seat`` may see it (None: a spectator)."""
        header = self.header(game_id)
        with self.lock:
            eng = self.engine
            shown = eng.show_json(game_id, seat, at)
            svg = eng.render(game_id, "svg", seat, at)
            log = [self._line(ln) for ln in eng.log(game_id, seat)]
            self._annotate_log(game_id, seat, log)
            last = eng.store.last(game_id)[0]
            t = eng.table(game_id, upto=at)
            view = t.game.view(t.state, seat)
            panels = [panel_json(p) for p in t.game.panels(view, seat)]
            choices: list[dict[str, Any]] = []
            if seat is not None and at is None and seat in shown["to_act"]:
                choices = [{"command": t.game.format(c, view),
                            "regions": list(t.game.regions(view, seat, c)),
                            "amounts": amounts_json(t.game.amounts(view, seat, c))}
                           for c in t.game.legal(view, seat)]
            request = self._live_request(game_id)
        tour = tournament_of(header)
        seats = {s.seat: s for s in self.seats.seats(game_id)}
        scores = shown["scores"] or (shown["state"] or {}).get("scores")
        return {
            **shown, "title": header.title, "created": header.created, "last_seq": last,
            "at": at, "shown_seq": shown["seq"], "svg": svg, "log": log,
            "legal": [c["command"] for c in choices], "choices": choices,
            "pointing": any(c["regions"] for c in choices), "panels": panels,
            "public_seed": self.seats.public_seed(game_id),
            "seat": seat, "scores": scores,
            "agents": {p: (seats[p].agent if p in seats else None) for p in header.players},
            "tournament": tour.tournament if tour else None,
            "undo_request": request.to_json() if request else None,
        }

    def _annotate_log(self, game_id: str, seat: str | None, log: list[dict]) -> None:
        """Mark where each command starts, and pass every other player's command through
        the game's redact_command exactly once, also for spectators (an engine log that left a spectator's commands as typed
        would show which cards someone bought). A command the engine already redacted
        differs from the stored text and is left alone."""
        t = self.engine.table(game_id)
        typed = {r.seq: r.command_text for r in t.records}
        opens = {r.seq for r in t.records if r.seq == r.batch}
        for d in log:
            d["opens_command"] = d["seq"] in opens  # a command shows once, on its first event
            if d["actor"] and d["command"] and d["actor"] != seat and \
                    d["command"] == typed.get(d["seq"]):
                d["command"] = t.game.redact_command(d["command"], d["actor"], seat)

    @staticmethod
    def _line(ln: Any) -> dict[str, Any]:
        d = ln.to_json()
        d.setdefault("changes", {})  # the consequences, where the engine's log gives them
        return d

    def svg(self, game_id: str, seat: str | None, at: int | None) -> str:
        self.header(game_id)
        with self.lock:
            return self.engine.render(game_id, "svg", seat, at)

    def seat_of(self, key: str) -> Seat:
        seat = self.seats.by_key(key) if key else None
        if seat is None:
            raise NotFound("this seat link is not valid: no seat has that key "
                           "(check the link you were given)")
        return seat

    # -- creating --------------------------------------------------------------------------

    def games_info(self) -> list[dict[str, Any]]:
        return [{"name": g.name, "title": g.title, "min": g.min_players, "max": g.max_players,
                 "players": g.default_players(g.max_players),
                 "options": [{"name": o.name, "default": o.default, "help": o.help,
                              "choices": list(o.choices) if o.choices else None}
                             for o in g.options]}
                for g in self.engine.plugins.games.values()]

    def create(self, game: str, seats: Sequence[tuple[str, str]], options: Mapping[str, Any],
               seed: int | None, public_seed: bool = False) -> tuple[str, dict[str, str]]:
        """Make a game: ``seats`` is (name, "human" or an agent spec) per seat. Everything
        is checked before anything is stored. Returns the id and each person's key.

        A typed ``seed`` is mixed with this server's secret (``mixed_seed``) unless
        ``public_seed``: then it is the game's seed as typed, reproducible by anyone with
        ``meeple new --seed``, and every page of the game shows it."""
        if not seats:
            raise BadOptions("give at least one player")
        agents: dict[str, str | None] = {}
        for name, spec in seats:
            if not SEAT_NAME.match(name):
                raise BadOptions(f"player name {name!r} is not allowed: use 1-24 letters, "
                                 "digits, '.', '_' or '-', starting with a letter or digit")
            spec = (spec or "human").strip()
            if spec != "human":
                try:
                    check_spec(spec, self.engine.plugins)
                except UnknownName as exc:
                    raise BadOptions(f"{name}: {exc}") from None
            agents[name] = None if spec == "human" else spec
        names = [n for n, _ in seats]
        table = self.engine.plugins.game(game)
        for name, spec in agents.items():  # an agent that cannot play these seats: now
            if spec is not None:
                try:
                    check_spec(spec, self.engine.plugins, table, names)
                except BadOptions as exc:
                    raise BadOptions(f"{name}: {exc}") from None
        if public_seed and seed is None:
            raise BadOptions("a public seed must be given: type the seed to share, or leave "
                             "the seed private")
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        elif not public_seed:
            seed = mixed_seed(self.seats.secret(), seed)
        rng = random.Random(seed)
        seat_seeds = {n: rng.getrandbits(62) for n in names}
        with self.lock:
            gid = self.engine.new_game(game, names, dict(options), seed)
            keys = self.seats.add_game(gid, agents, seat_seeds,
                                       public_seed=seed if public_seed else None)
            self.changed.notify_all()
        return gid, keys

    # -- playing ---------------------------------------------------------------------------

    def _expect(self, game_id: str, expected: Any) -> int:
        last = self.engine.store.last(game_id)[0]
        try:
            n = int(expected)
        except (TypeError, ValueError):
            raise BadOptions(f"seq must be the event number your page shows, not {expected!r}") from None
        if n != last:
            raise Stale(f"the game has moved on: your page shows event {n}, the game is at "
                        f"event {last}; look again and choose anew")
        return n

    def move(self, seat: Seat, command: str, expected: Any) -> dict[str, Any]:
        command = (command or "").strip()
        if not command:
            raise BadOptions("type a command in the game's notation, or choose a move")
        if len(command) > MAX_COMMAND_CHARS:
            raise BadOptions(f"a command is at most {MAX_COMMAND_CHARS} characters; this one "
                             f"has {len(command)} (it starts {command[:20]!r})")
        if seat.is_ai:
            raise BadOptions(f"{seat.seat} is played by {seat.agent}")
        with self.lock:
            self._expect(seat.game_id, expected)
            try:
                records = self.engine.move(seat.game_id, command, seat.seat)
            except (MeepleError, ConcurrencyError) as exc:
                self.engine.forget(seat.game_id)  # nothing was stored; drop any pending rest
                raise shortened(exc, command) from None
            self.undo_requests.pop(seat.game_id, None)
            self.changed.notify_all()
        return {"seq": records[-1].seq, "command": records[0].command_text}

    def ai_turn(self, game_id: str) -> tuple[Any, str, Any, int] | None:
        """(game, seat, view, seq) when an AI seat is to act now, else None."""
        seats = {s.seat: s for s in self.seats.seats(game_id) if s.is_ai}
        with self.lock:
            t = self.engine.table(game_id)
            if t.outcome() is not None or game_id in self.undo_requests:
                return None
            for p in t.to_act():
                if p in seats:
                    return t.game, p, t.game.view(t.state, p), t.last_seq
        return None

    def is_over(self, game_id: str) -> bool:
        """Whether the game has its outcome."""
        with self.lock:
            return self.engine.outcome(game_id) is not None

    def ai_move(self, game_id: str, seat: str, command: Any, expected: int) -> bool:
        """Store an agent's command if the game is still where the agent looked."""
        with self.lock:
            if self.engine.store.last(game_id)[0] != expected:
                return False
            try:
                self.engine.move(game_id, command, seat)
            except BaseException:
                self.engine.forget(game_id)
                raise
            self.changed.notify_all()
        return True

    # -- undo with consent -----------------------------------------------------------------

    def _live_request(self, game_id: str) -> UndoRequest | None:
        req = self.undo_requests.get(game_id)
        if req is not None and req.seq != self.engine.store.last(game_id)[0]:
            del self.undo_requests[game_id]  # the game moved on: the request lapsed
            return None
        return req

    def _undo_plan(self, game_id: str, asker: str) -> tuple[list[tuple[int, int]], list[str]]:
        """The commands "undo last move" takes back, newest first, and whose consent that
        needs. It is the last command that counts, and when that is an AI seat's, also the
        AI commands before it back to the last person's command: otherwise the agent would
        only play again. A barrier in any of them needs every other person's consent;
        another person's command needs theirs."""
        t = self.engine.table(game_id)
        seats = self.seats.seats(game_id)
        ai = {s.seat for s in seats if s.is_ai}
        people = [s.seat for s in seats if not s.is_ai] or \
            [p for p in t.header.players if p not in ai]
        actor = {r.seq: r.actor for r in t.records}
        batches = command_spans(t)
        if not batches:
            raise IllegalCommand("there is nothing to undo: no player command counts yet")
        plan: list[tuple[int, int]] = []
        for first, last in reversed(batches):
            plan.append((first, last))
            if actor.get(first) not in ai:
                break
        else:
            plan = plan[:1]  # nobody but agents has played: take back just the last one
        barrier = any(is_barrier(ev) for s, ev in t.pairs
                      if any(a <= s <= b for a, b in plan))
        if barrier:
            needed = [p for p in people if p != asker]
        else:
            needed = list(dict.fromkeys(actor[a] for a, _ in plan
                                        if actor.get(a) in people and actor[a] != asker))
        return plan, needed

    def _undo_all(self, game_id: str, by: str, count: int, agreed: Sequence[str]) -> None:
        agents = [s.seat for s in self.seats.seats(game_id) if s.is_ai]
        for _ in range(count):
            do_undo(self.engine, game_id, by, list(dict.fromkeys([*agreed, *agents])))
        self.undo_requests.pop(game_id, None)
        self.changed.notify_all()

    def ask_undo(self, seat: Seat, expected: Any) -> dict[str, Any]:
        """Take back the last move (see _undo_plan). With nobody else's consent needed it
        happens at once; otherwise the seats asked must agree, each from its own page."""
        with self.lock:
            gid = seat.game_id
            seq = self._expect(gid, expected)
            plan, needed = self._undo_plan(gid, seat.seat)
            first, last = plan[-1][0], plan[0][1]
            if not needed:
                self._undo_all(gid, seat.seat, len(plan), [])
                return {"undone": [first, last]}
            req = UndoRequest(seat.seat, seq, first, last, tuple(needed), [], len(plan))
            self.undo_requests[gid] = req
            self.changed.notify_all()
            return {"requested": req.to_json()}

    def answer_undo(self, seat: Seat, agree: bool, expected: Any) -> dict[str, Any]:
        with self.lock:
            gid = seat.game_id
            self._expect(gid, expected)
            req = self._live_request(gid)
            if req is None:
                raise Stale("there is no undo request waiting (it was answered, or the game "
                            "moved on)")
            if seat.seat not in req.needed:
                raise BadOptions(f"{seat.seat} is not asked about this undo")
            if not agree:
                del self.undo_requests[gid]
                self.changed.notify_all()
                return {"refused_by": seat.seat}
            if seat.seat not in req.agreed:
                req.agreed.append(seat.seat)
            if all(s in req.agreed for s in req.needed):
                self._undo_all(gid, req.by, req.count, req.agreed)
                return {"undone": [req.first, req.last]}
            self.changed.notify_all()
            return {"requested": req.to_json()}


__all__ = ["Service", "NotFound", "Stale", "IllegalCommand", "do_undo", "STATUSES"]
