"""``verify``: is a stored game exactly what its commands produce?

Two checks, each naming the first bad sequence number:
1. the hash chain from the header through every record (edits, insertions, deletions,
   reordering);
2. re-derivation: the setup events from the header's players, options and seed, and every
   command's events by parsing its recorded text and running ``decide`` again against the
   replayed state with the same randomness; the engine's own events (undo, redo) must
   name what could be undone or redone at their place, with the consent it needed.
   Events record outcomes, so a rules change that alters any outcome shows here: the
   message names the first event that differs and shows both versions (``seq 212: stored
   +2 vp for p1, today's rules give +3 vp for p1``). A stored event of an older version
   counts as equal when it upcasts to today's. A log in an older format that records
   less than today's (rows without their outcomes) is accepted where the game names that
   format (``Game.old_format``): its events are folded as stored, and the report says
   ``upcast`` from which format instead of claiming a rules change.

Without the seed (an export of a running game, whose header keeps only the seed's
commitment) every decision is re-derived with a generator that refuses to draw: a
decision that draws nothing is checked in full, one that draws is taken as recorded, its
events folded and counted in ``chance_unchecked``; once the seed is disclosed (the game
is over, or in the store) the same verify checks those too, and the seed against the
commitment. A finished game without its seed is a finding ("unverifiable draws"): its
export always discloses it. A fork drew its events up to the fork point with its
source's seed, which it does not carry: given the source (``Prefix``, the same store),
those events must be the source's and are re-derived with its seed; without it they are
checked the same way as a sealed game's. The events of no command right after the fork
point (``Game.reshuffle_unrevealed``) are drawn again with the fork's own seed; a fork
whose game would reshuffle there must have them.

The header hash seals every field but the seed and its nonce, yet whoever holds the store
may re-seal the whole chain; ``check_header`` holds the fields that change what is legal
or drawn to what the log can still prove (see docs/reliability.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import groupby, zip_longest
from operator import attrgetter
from typing import Any

import attrs
import orjson

from . import runtime
from .codec import Codec
from .compare import difference
from .errors import IntegrityError, MeepleError
from .events import Redone, Undone, is_barrier
from .game import Game
from .records import CHANCE_SEQ, GameHeader, Record
from .rng import ChanceNeeded, SealedRandom

ENGINE_TYPES = (Undone.TYPE, Redone.TYPE)  # type: ignore[attr-defined]


@attrs.frozen
class VerifyReport:
    game_id: str
    ok: bool
    events: int
    first_bad_seq: int | None = None
    problem: str = ""
    #: Decisions whose chance could not be checked: the seed is sealed (see above).
    chance_unchecked: int = 0
    #: The old log formats found, with how many stored events were read in each ("" if
    #: none): "stored in format connect four 0.1 (drops without their results), upcast:
    #: 1 event" (its setup; the drops are then what today's rules give such a log).
    upcast: str = ""
    #: Where a fork's first events came from and how far they were checked ("" if not a
    #: fork).
    fork: str = ""
    #: The id the header names, when the store files the game under another key.
    header_id: str = ""

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self)


def check_chain(header: GameHeader, records: Sequence[Record]) -> None:
    prev = header.hash()
    for i, r in enumerate(records, start=1):
        if r.seq != i:
            raise IntegrityError(f"record {i} carries sequence number {r.seq}", seq=i)
        if r.game_id != header.game_id:
            raise IntegrityError(f"record {i} belongs to game {r.game_id!r}", seq=i)
        if r.prev_hash != prev:
            raise IntegrityError(f"record {i} does not follow record {i - 1} (chain broken)", seq=i)
        try:
            altered = r.expected_hash() != r.hash
        except (UnicodeDecodeError, TypeError, ValueError):  # bytes no encoder wrote
            altered = True
        if altered:
            raise IntegrityError(f"record {i} was altered (its hash does not match)", seq=i)
        prev = r.hash


def _batches(records: Sequence[Record]) -> list[list[Record]]:
    out = [list(same) for _, same in groupby(records, key=attrgetter("batch"))]
    for head, *_ in out:  # a batch is numbered by its first record
        if head.batch != head.seq:
            raise IntegrityError(f"record {head.seq} claims batch {head.batch}", seq=head.seq)
    return out


def _fold(game: Game, state: Any, r: Record, ev: Any) -> Any:
    try:
        return game.fold(state, ev)
    except MeepleError as exc:
        raise IntegrityError(f"event {r.seq} cannot be applied: {exc}", seq=r.seq) from None
    except Exception as exc:  # a forged or damaged event the plugin cannot fold
        raise IntegrityError(f"event {r.seq} cannot be applied: {type(exc).__name__}: "
                             f"{' '.join(str(exc).split())[:160]}", seq=r.seq) from None


@attrs.define
class _Ledger:
    """What undo and redo may name, kept as the log is read: the player commands that
    count (last one last) and the undos not cancelled, with the state before each. Each
    undo or redo is then checked and applied in constant time (the rules are
    ``runtime``'s), so verify is linear in the length of a log full of undo/redo pairs."""

    #: (first, last, actor, crosses a barrier) of every player command that counts.
    spans: list[tuple[int, int, str, bool]] = attrs.Factory(list)
    #: (undo seq, event, the span it undid, (state, counting, stale) before it).
    undos: list[tuple[int, Undone, tuple[int, int, str, bool], tuple[Any, int, bool]]] = \
        attrs.Factory(list)
    #: Where the last game command began, undone or not (no redo across a later command).
    last_game: int = 0

    def command(self, batch: list[Record], events: list[Any]) -> None:
        head = batch[0]
        self.last_game = head.seq
        if head.actor is None:
            self.spans.clear()  # the setup or a fork's reshuffle: no undo reaches before it
        else:
            self.spans.append((head.seq, batch[-1].seq, head.actor,
                               any(is_barrier(ev) for ev in events)))

    def undo(self, r: Record, ev: Undone, players: Sequence[str], legacy: bool,
             before: tuple[Any, int, bool]) -> str | None:
        span = self.spans[-1] if self.spans else None
        why = runtime.judge_undo(span, players, ev, legacy)
        if why is None:  # judged allowed, so there was a span to undo
            self.undos.append((r.seq, ev, self.spans.pop(), before))
        return why

    def redo(self, ev: Redone, legacy: bool) -> tuple[str | None, tuple[Any, int, bool] | None]:
        if not self.undos:
            return "there is nothing to redo", None
        target, undo, span, before = self.undos[-1]
        if self.last_game > target:
            return "cannot redo: new moves were made after the undo", None
        if ev.undo_seq != target:
            return (f"it names the undo at {ev.undo_seq}, but only the undo at {target} "
                    "could be redone"), None
        why = None if legacy else runtime.redo_allowed_for(undo, span[2], target, ev.by)
        if why is None:
            self.undos.pop()
            self.spans.append(span)
        return why, before


@attrs.define
class Prefix:
    """How to check the events a fork took from its source: the source's header (its seed
    and chance keying drew them) when the source is in the same store, else None."""

    source: GameHeader | None = None
    records: Sequence[Record] = ()


def _version(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def check_header(header: GameHeader, records: Sequence[Record], game: Game | None = None) -> None:
    """The header fields that change what is legal or drawn, against each other and the
    log. The header hash seals them, but a store owner may reseal the whole chain; these
    are what a reseal still cannot make consistent."""
    if header.forked_from and header.forked_from[0] == header.game_id:
        raise IntegrityError("header field 'forked_from' names the game itself", seq=0)
    mine, theirs = _version(str(game.version)) if game else None, _version(header.plugin_version)
    if mine is not None and theirs is not None and theirs > mine:
        raise IntegrityError(
            f"header field 'plugin_version' says {header.plugin_version}, newer than the "
            f"installed {game.name} plugin ({game.version}): its rules cannot vouch for a "  # type: ignore[union-attr]
            "later version's log", seq=0)
    if header.legacy:  # its seed is sealed into its hash; its undos are judged one by one
        return
    if header.seed is not None and header.seed_nonce is None:
        raise IntegrityError("header field 'seed_nonce' is missing while the seed is there: the "
                             "seed cannot be checked against its commitment", seq=0)
    if header.seed_known and not header.seed_matches():
        raise IntegrityError("the header's seed is not the one its commitment seals", seq=0)
    if header.chance == CHANCE_SEQ:
        raise IntegrityError("header field 'chance' says 'seq', which only headers without a "
                             "seed commitment use", seq=0)


def _rederive(game: Game, header: GameHeader, records: Sequence[Record],  # noqa: C901 - verify's single pass over a log: each finding is a branch of that pass
              old: dict[str, int], prefix: Prefix | None) -> tuple[int, Any]:
    """Raise IntegrityError at the first event that is not what it should be; return how
    many decisions drew chance that could not be checked (no seed) and the state the log
    ends in. ``old`` collects the old formats accepted (``Game.old_format``) and how many
    events were in each; ``prefix`` is a fork's source (see ``Prefix``)."""
    codec = Codec(game)
    batches = _batches(records)
    if not batches:
        return 0, None
    check_header(header, records, game)
    # Up to which seq decisions are drawn with another seed (a fork's source's) or none
    # (a sealed export), and with which header's seed and keying.
    blind = header.forked_from[1] if header.forked_from and not header.legacy else 0
    drawn_by = header
    if blind and prefix is not None and prefix.source is not None:
        _check_prefix(header, records, prefix)
        if prefix.source.seed_known and not prefix.source.forked_from:
            drawn_by, blind = prefix.source, 0
    if header.forked_from and records[-1].seq < header.forked_from[1]:
        # A fork copies every event up to its fork point: a log ending before it was cut.
        src, at = header.forked_from
        last = records[-1].seq
        raise IntegrityError(f"header field 'forked_from' names {src!r} at event {at}, but "
                             f"the log ends at event {last}: events are missing", seq=last + 1)
    if not header.seed_known:
        blind = records[-1].seq
    unchecked = 0
    # A fork's reshuffle (``runtime.fork_reshuffle``) follows its fork point.
    reshuffle_at = header.forked_from[1] + 1 if header.forked_from and not header.legacy else 0

    def keyed(seq: int) -> GameHeader:
        forked = header.forked_from[1] if header.forked_from and not header.legacy else 0
        return drawn_by if seq <= forked else header

    def decode(batch: list[Record]) -> list[Any]:
        out = []
        for r in batch:
            try:
                out.append(codec.decode(r.type, r.version, r.data))
            except (MeepleError, ValueError, TypeError, KeyError) as exc:
                raise IntegrityError(f"record {r.seq} cannot be read: {exc}", seq=r.seq) from None
        return out

    first = batches[0]
    _no_command(first, "the setup")
    try:
        setup = runtime.start(game, list(header.players), header.options,
                              keyed(1).seed or 0, rng=SealedRandom() if blind else None)
    except ChanceNeeded:
        setup = decode(first)
        unchecked += 1
    except MeepleError as exc:
        raise IntegrityError(f"the setup is refused on replay: {exc}", seq=first[0].seq) from None
    differs = _first_difference(codec, first, setup)
    if differs is not None and _old(game, decode(first), setup, old):
        setup = decode(first)  # an old format, folded as stored
    elif differs is not None:
        i, stored, today = differs
        bad = first[0].seq + i
        raise IntegrityError(f"seq {bad}: the setup events differ from what the seed and "
                             f"options give: {difference(game, codec, stored, today)}", seq=bad)
    pairs: list[tuple[int, Any]] = []
    ledger = _Ledger()
    state = None

    def take(r: Record, ev: Any) -> None:
        """Fold a checked event (an old one through Game.upcast_in_context, as a
        loading Table reads it) and keep it for the undo checks."""
        nonlocal state
        if game.upcasts_in_context(ev):
            try:
                ev = game.upcast_in_context(state, ev)
            except MeepleError as exc:
                raise IntegrityError(f"event {r.seq} cannot be read: {exc}", seq=r.seq) from None
        for e in ev if isinstance(ev, list) else (ev,):
            pairs.append((r.seq, e))
            state = _fold(game, state, r, e)

    for r, ev in zip(first, setup, strict=True):
        take(r, ev)
    ledger.command(first, setup)
    counting = len(first)
    # After an undo the state is folded again only when a command needs it: an undo that
    # a redo cancels next gets back the state from before it instead.
    stale = False

    def refold(head: Record) -> None:
        nonlocal state, counting, stale
        alive = runtime.effective(pairs)
        counting = runtime.decisions(alive)
        state = None
        for _, ev in alive:
            state = _fold(game, state, head, ev)
        stale = False

    for batch in batches[1:]:
        head = batch[0]
        if stale and not any(r.type in ENGINE_TYPES for r in batch):
            refold(head)
        if head.seq == reshuffle_at:
            if stale:  # the reshuffle draws from what stands after the undo
                refold(head)
            drawn = _fork_reshuffle(game, header, state, reshuffle_at)
            if drawn != [] and head.actor is not None:
                raise IntegrityError(
                    f"seq {head.seq}: the fork's reshuffle of what nobody had seen is "
                    "missing (the fork would draw what its source draws next)", seq=head.seq)
            if head.actor is None and drawn != []:
                _no_command(batch, "the fork's reshuffle")
                events = decode(batch) if drawn is None else drawn
                unchecked += drawn is None
                differs = _first_difference(codec, batch, events)
                if differs is not None:
                    _, r, today = differs
                    if r is None:  # the log has fewer events than the reshuffle gives
                        seq = batch[-1].seq + 1
                        raise IntegrityError(f"seq {seq}: the fork's reshuffle gives "
                                             f"{len(events)} events, the log has {len(batch)}",
                                             seq=seq)
                    raise IntegrityError(f"seq {r.seq}: {difference(game, codec, r, today)} "
                                         "(the fork's reshuffle)", seq=r.seq)
                for r, ev in zip(batch, events, strict=True):
                    take(r, ev)
                    counting += 1
                ledger.command(batch, events)
                continue
        if any(r.type in ENGINE_TYPES for r in batch):
            if head.type not in ENGINE_TYPES:  # filed under a command: named at the undo
                r = next(r for r in batch if r.type in ENGINE_TYPES)
                _engine_event(r, decode([r])[0], ledger, header.players, header.legacy,
                              (state, counting, stale))
            for r, ev in zip(batch, decode(batch), strict=True):
                state, counting, stale = _engine_event(
                    r, ev, ledger, header.players, header.legacy and _old_shape(r),
                    (state, counting, stale))
                pairs.append((r.seq, ev))
            continue
        if head.actor is None and head.seq <= blind:
            # An earlier fork's reshuffle, drawn with a seed this game does not carry.
            _no_command(batch, "an earlier fork's reshuffle")
            events = decode(batch)
            _check_earlier_reshuffle(game, header, state, head, events)
            for r, ev in zip(batch, events, strict=True):
                take(r, ev)
                counting += 1
            ledger.command(batch, events)
            unchecked += 1
            continue
        if head.actor is None or head.command_text is None:
            raise IntegrityError(f"record {head.seq} has no command that caused it", seq=head.seq)
        by_header = keyed(head.seq)
        key = runtime.chance_key(by_header.chance, head.seq, counting)
        try:
            command = runtime.parse(game, head.command_text, state, head.actor)
            events = runtime.decide(game, state, head.actor, command, by_header.seed or 0, key,
                                    rng=SealedRandom() if head.seq <= blind else None,
                                    scheme=by_header.chance)
        except ChanceNeeded:
            events = decode(batch)  # drawn with the sealed seed: taken as recorded
            unchecked += 1
        except MeepleError as exc:
            raise IntegrityError(
                f"seq {head.seq}: command {head.command_text!r} by {head.actor} "
                f"is refused on replay: {exc}", seq=head.seq) from None
        by = f"(command {head.command_text!r} by {head.actor})"
        differs = _first_difference(codec, batch, events)
        if differs is not None and _old(game, decode(batch), events, old):
            # An old format, folded as stored (its bytes need not be today's encoding of
            # what it decodes to: a field it lacks reads as its default).
            events = decode(batch)
            differs = None
        upto, stored, today = differs or (len(batch), None, None)
        for r in batch[:upto]:
            if r.actor != head.actor or r.command_text != head.command_text:
                raise IntegrityError(f"event {r.seq} names another command", seq=r.seq)
        if stored is not None:
            raise IntegrityError(
                f"seq {stored.seq}: {difference(game, codec, stored, today)} {by}",
                seq=stored.seq)
        if today is not None:
            # Name the first missing event, as a broken chain names the first bad one.
            seq = batch[-1].seq + 1
            raise IntegrityError(
                f"seq {seq}: {difference(game, codec, None, today)}: "
                f"{head.command_text!r} gives {len(events)} events, the log has "
                f"{len(batch)} {by}", seq=seq)
        for r, ev in zip(batch, events, strict=True):
            take(r, ev)
            counting += 1
        ledger.command(batch, events)
    if stale:
        state = runtime.fold_all(game, (e for _, e in runtime.effective(pairs)))
    if (reshuffle_at == records[-1].seq + 1
            and _fork_reshuffle(game, header, state, reshuffle_at) != []):
        raise IntegrityError(f"seq {reshuffle_at}: the fork's reshuffle of what nobody had "
                             "seen is missing (the fork would draw what its source draws "
                             "next)", seq=reshuffle_at)
    return unchecked, state


def _old_shape(r: Record) -> bool:
    """Is an undo or redo stored as engines before consent records wrote it? Only those
    are judged by the old rules in a legacy game: today's engine records how consent was
    given ('proof') in every undo it writes, also into a legacy game, and keeps today's
    rules there; a header that lost its commitment does not loosen them. ``r`` was decoded
    already, so its data is JSON."""
    return r.type != Undone.TYPE or "proof" not in orjson.loads(r.data)  # type: ignore[attr-defined]


def _check_prefix(header: GameHeader, records: Sequence[Record], prefix: Prefix) -> None:
    """A fork's first events must be its source's, event for event (only the chain that
    seals them differs)."""
    src_id, at = header.forked_from or ("", 0)
    theirs = {r.seq: r for r in prefix.records if r.seq <= at}
    for r in records:
        if r.seq > at:
            break
        o = theirs.get(r.seq)
        if o is None or (o.type, o.version, o.data, o.actor, o.command_text, o.batch) != (
                r.type, r.version, r.data, r.actor, r.command_text, r.batch):
            raise IntegrityError(
                f"header field 'forked_from' names {src_id!r} at {at}, but event {r.seq} is "
                f"not that game's event {r.seq}", seq=r.seq)
    if len(theirs) < at:
        raise IntegrityError(f"header field 'forked_from' names {src_id!r} at {at}, but that "
                             f"game has only {len(theirs)} events", seq=0)


def _no_command(batch: list[Record], what: str) -> None:
    """Every record of a batch no player asked for (the setup, a fork's reshuffle) names
    no asker and no command: the engine writes them so, and a named one would be credited
    to a player by undo, review and export."""
    for r in batch:
        if r.actor is not None or r.command_text is not None:
            raise IntegrityError(f"record {r.seq} claims to be a command, not {what}",
                                 seq=r.seq)


def _check_earlier_reshuffle(game: Game, header: GameHeader, state: Any, head: Record,
                             events: list[Any]) -> None:
    """A batch of no command in a fork's copied events must be what a fork appends there:
    the events the game's reshuffle gives (their kinds; their order was drawn with a seed
    not known here), changing nothing any player or a spectator sees."""
    try:
        like = runtime.fork_reshuffle(game, state, random.Random(0))
    except MeepleError:
        like = []
    after = game.clone(state)
    try:
        for ev in events:
            after = game.fold(after, ev)
        same = [type(e) for e in like] == [type(e) for e in events] and all(
            game.view(after, p) == game.view(state, p) for p in [*header.players, None])
    except Exception:  # a forged event the plugin cannot fold: not a reshuffle
        same = False
    if not like or not same:
        raise IntegrityError(f"record {head.seq} has no command that caused it, and is not "
                             "a fork's reshuffle of what nobody had seen", seq=head.seq)


def _fork_reshuffle(game: Game, header: GameHeader, state: Any, at: int) -> list[Any] | None:
    """The events a fork's reshuffle gives at ``state`` (due at seq ``at``) with the
    header's seed; None when they draw and the seed is sealed (they are then taken as
    recorded)."""
    try:
        rng = runtime.fork_rng(header.seed) if header.seed_known else SealedRandom()
        return runtime.fork_reshuffle(game, state, rng)
    except ChanceNeeded:
        return None
    except MeepleError as exc:
        raise IntegrityError(f"the fork's reshuffle is refused on replay: {exc}",
                             seq=at) from None


def _old(game: Game, stored: list[Any], today: list[Any], found: dict[str, int]) -> bool:
    """Is ``stored`` a batch of an old log format the game still reads? Counted in
    ``found`` under the format's name."""
    try:
        name = game.old_format(stored, today)
    except Exception:  # a plugin that cannot tell: not an old format
        name = None
    if not name:
        return False
    found[name] = found.get(name, 0) + len(stored)
    return True


def _first_difference(codec: Codec, stored: Sequence[Record],
                      today: Sequence[Any]) -> tuple[int, Record | None, Any] | None:
    """Where the stored records first differ from today's events: (index, record, event),
    the record None past the end of a short log and the event None past the end of
    today's; None if they are the same."""
    for i, (r, ev) in enumerate(zip_longest(stored, today)):
        if r is None or ev is None or not _same(codec, r, ev):
            return i, r, ev
    return None


def _same(codec: Codec, r: Record, ev: Any) -> bool:
    """Is the stored record the event ``ev``? Equal bytes, or (an older version of the
    event) equal once upcast: a format change alone is not a rules change."""
    t, v, data = codec.encode(ev)
    if (r.type, r.version, r.data) == (t, v, data):
        return True
    if r.version == v:  # the same format: only the same bytes are the same event
        return False
    try:
        return codec.decode(r.type, r.version, r.data) == ev
    except Exception:  # unreadable: not the same (the caller reports it)
        return False


def _engine_event(r: Record, ev: Any, ledger: _Ledger, players: Sequence[str], legacy: bool,
                  now: tuple[Any, int, bool]) -> tuple[Any, int, bool]:
    """An undo or redo must be one the engine would have appended at that place; the
    (state, counting, stale) after it."""
    after = now
    if isinstance(ev, Undone | Redone) and r.batch != r.seq:
        why = (f"its record is filed under the command at {r.batch}; an undo or redo is a "
               "command of its own")
    elif isinstance(ev, Undone | Redone) and r.actor != ev.by:
        why = f"its record names {r.actor!r} as the asker, the event {ev.by!r}"
    elif isinstance(ev, Undone):
        why = ledger.undo(r, ev, players, legacy, now)
        after = (*now[:2], True)
    elif isinstance(ev, Redone):
        why, before = ledger.redo(ev, legacy)
        if before is not None:
            after = before
    else:
        why = "a game event shares a batch with an undo or redo"
    if why:
        what = "undo" if isinstance(ev, Undone) else "redo" if isinstance(ev, Redone) else "event"
        raise IntegrityError(f"{what} at {r.seq} could not have happened: {why}", seq=r.seq)
    return after


def verify(game: Game, header: GameHeader, records: Sequence[Record],
           prefix: Prefix | None = None) -> VerifyReport:
    """``prefix``: a fork's source as the store holds it (None: a file, or not asked)."""
    fork = ""
    if header.forked_from and not header.legacy:
        src, at = header.forked_from
        fork = (f"forked from {src} at event {at}, which is in this store: the events before "
                "the fork are its events" if prefix is not None and prefix.source is not None
                else f"forked from {src} at event {at}, which is not in this store: the events "
                "before the fork are checked against the rules, their draws taken as recorded")
    try:
        check_chain(header, records)
        old: dict[str, int] = {}
        unchecked, state = _rederive(game, header, records, old, prefix)
        if not header.seed_known and _finished(game, state):
            # Every finished game discloses its seed (export keeps it once the game is
            # over): one without it hides its draws from this check for good.
            raise IntegrityError(
                f"unverifiable draws: the game is over, but header field 'seed' is missing "
                f"({unchecked} decision{'s' * (unchecked != 1)} drew chance that nobody can "
                "check; a finished game's export always carries its seed)", seq=0)
    except IntegrityError as exc:
        return VerifyReport(header.game_id, False, len(records), exc.seq, str(exc), fork=fork)
    upcast = "; ".join(f"stored in format {name}, upcast: {n} event{'s' * (n != 1)}"
                       for name, n in old.items())
    return VerifyReport(header.game_id, True, len(records), chance_unchecked=unchecked,
                        upcast=upcast, fork=fork)


def _finished(game: Game, state: Any) -> bool:
    try:
        return state is not None and game.outcome(state) is not None
    except Exception:  # a state the plugin cannot judge: not known to be over
        return False
