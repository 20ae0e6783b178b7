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
commitment. A fork drew its events up to the fork point with its source's seed, which it
does not carry: those are checked the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from . import runtime
from .codec import Codec
from .compare import difference
from .errors import IntegrityError, MeepleError
from .events import Redone, Undone
from .game import Game
from .records import GameHeader, Record
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
    out: list[list[Record]] = []
    for r in records:
        if out and out[-1][0].batch == r.batch:
            out[-1].append(r)
        else:
            if r.batch != r.seq:
                raise IntegrityError(f"record {r.seq} claims batch {r.batch}", seq=r.seq)
            out.append([r])
    return out


def _fold(game: Game, state: Any, r: Record, ev: Any) -> Any:
    try:
        return game.fold(state, ev)
    except MeepleError as exc:
        raise IntegrityError(f"event {r.seq} cannot be applied: {exc}", seq=r.seq) from None
    except Exception as exc:  # a forged or damaged event the plugin cannot fold
        raise IntegrityError(f"event {r.seq} cannot be applied: {type(exc).__name__}: "
                             f"{' '.join(str(exc).split())[:160]}", seq=r.seq) from None


def rederive(game: Game, header: GameHeader, records: Sequence[Record],
             old: dict[str, int] | None = None) -> int:
    """Raise IntegrityError at the first event that is not what it should be; return how
    many decisions drew chance that could not be checked (no seed). ``old`` collects the
    old formats accepted (``Game.old_format``) and how many events were in each."""
    codec = Codec(game)
    batches = _batches(records)
    old = {} if old is None else old
    if not batches:
        return 0
    if header.seed_known and not header.seed_matches():
        raise IntegrityError("the header's seed is not the one its commitment seals", seq=0)
    # Up to which seq decisions are re-derived without the seed (see the module doc).
    blind = header.forked_from[1] if header.forked_from and not header.legacy else 0
    if not header.seed_known:
        blind = records[-1].seq
    unchecked = 0

    def decode(batch: list[Record]) -> list[Any]:
        out = []
        for r in batch:
            try:
                out.append(codec.decode(r.type, r.version, r.data))
            except (MeepleError, ValueError, TypeError, KeyError) as exc:
                raise IntegrityError(f"record {r.seq} cannot be read: {exc}", seq=r.seq) from None
        return out

    first = batches[0]
    if first[0].actor is not None or first[0].command_text is not None:
        raise IntegrityError(f"record {first[0].seq} claims to be a command, not the setup",
                             seq=first[0].seq)
    try:
        setup = runtime.start(game, list(header.players), header.options, header.seed or 0,
                              rng=SealedRandom() if blind else None)
    except ChanceNeeded:
        setup = decode(first)
        unchecked += 1
    except MeepleError as exc:
        raise IntegrityError(f"the setup is refused on replay: {exc}", seq=first[0].seq) from None
    if (len(first) != len(setup) or not all(
            _same(codec, r, e) for r, e in zip(first, setup, strict=False))) and _old(
            game, decode(first), setup, old):
        setup = decode(first)  # an old format, folded as stored
    elif len(first) != len(setup) or not all(
            _same(codec, r, e) for r, e in zip(first, setup, strict=False)):
        # The first differing event; else the first missing one (the log is short) or the
        # first extra one (the log is long).
        i = next((i for i, (r, e) in enumerate(zip(first, setup, strict=False))
                  if not _same(codec, r, e)), min(len(first), len(setup)))
        stored = first[i] if i < len(first) else None
        today = setup[i] if i < len(setup) else None
        bad = first[0].seq + i
        raise IntegrityError(f"seq {bad}: the setup events differ from what the seed and "
                             f"options give: {difference(game, codec, stored, today)}", seq=bad)
    pairs: list[tuple[int, Any]] = []
    rows: list[runtime.Row] = []
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
        for e in ev if type(ev) is list else (ev,):
            pairs.append((r.seq, e))
            rows.append((r.seq, r.batch, r.actor, e))
            state = _fold(game, state, r, e)

    for r, ev in zip(first, setup, strict=True):
        take(r, ev)
    counting = len(first)
    for batch in batches[1:]:
        head = batch[0]
        if any(r.type in ENGINE_TYPES for r in batch):
            for r, ev in zip(batch, decode(batch), strict=True):
                _check_engine_event(r, ev, pairs, rows, header.players, header.legacy)
                pairs.append((r.seq, ev))
                rows.append((r.seq, r.batch, r.actor, ev))
            alive = runtime.effective(pairs)
            counting = runtime.decisions(alive)
            state = None
            for _, ev in alive:
                state = _fold(game, state, batch[0], ev)
            continue
        if head.actor is None or head.command_text is None:
            raise IntegrityError(f"record {head.seq} has no command that caused it", seq=head.seq)
        key = runtime.chance_key(header.chance, head.seq, counting)
        try:
            command = runtime.parse(game, head.command_text, state, head.actor)
            events = runtime.decide(game, state, head.actor, command, header.seed or 0, key,
                                    rng=SealedRandom() if head.seq <= blind else None,
                                    scheme=header.chance)
        except ChanceNeeded:
            events = decode(batch)  # drawn with the sealed seed: taken as recorded
            unchecked += 1
        except MeepleError as exc:
            raise IntegrityError(
                f"seq {head.seq}: command {head.command_text!r} by {head.actor} "
                f"is refused on replay: {exc}", seq=head.seq) from None
        by = f"(command {head.command_text!r} by {head.actor})"
        same = [i < len(events) and _same(codec, r, events[i]) for i, r in enumerate(batch)]
        if (len(events) != len(batch) or not all(same)) and _old(
                game, decode(batch), events, old):
            # An old format, folded as stored (its bytes need not be today's encoding of
            # what it decodes to: a field it lacks reads as its default).
            events = decode(batch)
            same = [True] * len(batch)
        for i, r in enumerate(batch):
            if not same[i]:
                today = events[i] if i < len(events) else None
                raise IntegrityError(
                    f"seq {r.seq}: {difference(game, codec, r, today)} {by}", seq=r.seq)
            if r.actor != head.actor or r.command_text != head.command_text:
                raise IntegrityError(f"event {r.seq} names another command", seq=r.seq)
        if len(events) > len(batch):
            # Name the first missing event, as a broken chain names the first bad one.
            seq = batch[-1].seq + 1
            raise IntegrityError(
                f"seq {seq}: {difference(game, codec, None, events[len(batch)])}: "
                f"{head.command_text!r} gives {len(events)} events, the log has "
                f"{len(batch)} {by}", seq=seq)
        for r, ev in zip(batch, events, strict=True):
            take(r, ev)
            counting += 1
    return unchecked


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


def _same(codec: Codec, r: Record, ev: Any) -> bool:
    """Is the stored record the event ``ev``? Equal bytes, or (an older version of the
    event) equal once upcast: a format change alone is not a rules change."""
    t, v, data = codec.encode(ev)
    if (r.type, r.version, r.data) == (t, v, data):
        return True
    if r.type != t or r.version == v:
        return False
    try:
        return codec.decode(r.type, r.version, r.data) == ev
    except Exception:  # unreadable: not the same (the caller reports it)
        return False


def _check_engine_event(r: Record, ev: Any, pairs: list[tuple[int, Any]],
                        rows: list[runtime.Row], players: Sequence[str],
                        legacy: bool = False) -> None:
    """An undo or redo must be one the engine would have appended at that place."""
    if isinstance(ev, Undone):
        why = runtime.check_undo(rows, players, ev, legacy)
        what = "undo"
    elif isinstance(ev, Redone):
        why = runtime.check_redo(pairs, rows, ev, legacy)
        what = "redo"
    else:
        why, what = "a game event shares a batch with an undo or redo", "event"
    if why is None and r.actor != getattr(ev, "by", None):
        why = f"its record names {r.actor!r} as the asker, the event {getattr(ev, 'by', None)!r}"
    elif why is None and r.batch != r.seq:
        why = (f"its record is filed under the command at {r.batch}; an undo or redo is a "
               "command of its own")
    if why:
        raise IntegrityError(f"{what} at {r.seq} could not have happened: {why}", seq=r.seq)


def verify(game: Game, header: GameHeader, records: Sequence[Record]) -> VerifyReport:
    try:
        check_chain(header, records)
        old: dict[str, int] = {}
        unchecked = rederive(game, header, records, old)
    except IntegrityError as exc:
        return VerifyReport(header.game_id, False, len(records), exc.seq, str(exc))
    upcast = "; ".join(f"stored in format {name}, upcast: {n} event{'s' * (n != 1)}"
                       for name, n in old.items())
    return VerifyReport(header.game_id, True, len(records), chance_unchecked=unchecked,
                        upcast=upcast)
