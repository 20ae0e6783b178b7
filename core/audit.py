"""``verify``: is a stored game exactly what its commands produce?

Two checks, each naming the first bad sequence number:
1. the hash chain from the header through every record (edits, insertions, deletions,
   reordering);
2. re-derivation: the setup events from the header's players, options and seed, and every
   command's events by parsing its recorded text and running ``decide`` again against the
   replayed state with the same randomness. Events record outcomes, so a rules change
   that alters any outcome shows here: the message names the first event that differs and
   shows both versions (``seq 212: stored +2 vp for p1, today's rules give +3 vp for
   p1``). A stored event of an older version counts as equal when it upcasts to today's.
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


@attrs.frozen
class VerifyReport:
    game_id: str
    ok: bool
    events: int
    first_bad_seq: int | None = None
    problem: str = ""

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


def rederive(game: Game, header: GameHeader, records: Sequence[Record]) -> None:
    codec = Codec(game)
    batches = _batches(records)
    if not batches:
        return
    setup = runtime.start(game, list(header.players), header.options, header.seed)
    first = batches[0]
    if len(first) != len(setup) or not all(
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
    state = None
    for r, ev in zip(first, setup, strict=True):
        pairs.append((r.seq, ev))
        state = game.fold(state, ev)
    for batch in batches[1:]:
        head = batch[0]
        try:
            decoded = [codec.decode(r.type, r.version, r.data) for r in batch]
        except (MeepleError, ValueError, TypeError, KeyError) as exc:
            raise IntegrityError(f"record {head.seq} cannot be read: {exc}", seq=head.seq) from None
        if isinstance(decoded[0], Undone | Redone):
            for r, ev in zip(batch, decoded, strict=True):
                _check_engine_event(r, ev, pairs)
                pairs.append((r.seq, ev))
            state = runtime.replay(game, pairs)
            continue
        if head.actor is None or head.command_text is None:
            raise IntegrityError(f"record {head.seq} has no command that caused it", seq=head.seq)
        try:
            command = game.parse(head.command_text, state, head.actor)
            events = runtime.decide(game, state, head.actor, command, header.seed, head.seq)
        except MeepleError as exc:
            raise IntegrityError(
                f"seq {head.seq}: command {head.command_text!r} by {head.actor} "
                f"is refused on replay: {exc}", seq=head.seq) from None
        by = f"(command {head.command_text!r} by {head.actor})"
        for i, r in enumerate(batch):
            if i >= len(events) or not _same(codec, r, events[i]):
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
            pairs.append((r.seq, ev))
            state = game.fold(state, ev)


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


def _check_engine_event(r: Record, ev: Any, pairs: list[tuple[int, Any]]) -> None:
    if isinstance(ev, Undone):
        if not 1 < ev.first_seq <= ev.last_seq < r.seq:
            raise IntegrityError(f"undo at {r.seq} names an impossible span", seq=r.seq)
    elif isinstance(ev, Redone):
        if not any(s == ev.undo_seq and isinstance(e, Undone) for s, e in pairs):
            raise IntegrityError(f"redo at {r.seq} names no undo", seq=r.seq)


def verify(game: Game, header: GameHeader, records: Sequence[Record]) -> VerifyReport:
    try:
        check_chain(header, records)
        rederive(game, header, records)
    except IntegrityError as exc:
        return VerifyReport(header.game_id, False, len(records), exc.seq, str(exc))
    return VerifyReport(header.game_id, True, len(records))
