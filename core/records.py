"""Stored shapes: a game's header and its hash-chained event records.

``hash = sha256(prev_hash + canonical bytes of the record)``; the first record's
``prev_hash`` is the hash of the header, so the players, options and the seed's
commitment are sealed into the chain too. Any edit, insertion, deletion or reordering
breaks the chain at the first record it touches.

The seed itself is a secret while the game runs (whoever knows it can compute every
future draw). The header therefore seals a commitment, ``sha256(nonce, seed)``, and the
header hash covers everything but the seed and its nonce: an export of a running game
leaves both out and still verifies as a chain; once the game is over the seed may be
disclosed and anyone can check it against the commitment. Headers written before this
(no commitment) sealed the seed itself and keep their old hash.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import attrs
import orjson

from .codec import dumps


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


#: How a decision's randomness is keyed. "seq": by the sequence number it writes at
#: (headers before seed commitments; an undo shifted it, so undo + redo could reroll a
#: draw). "position": by how many events count (not undone) before it, which an undo
#: followed by the same command cannot shift, but other commands in between could (a
#: command writing one event more moved every later draw). "draw": as "position", and a
#: draw the game names (``rng.draw_rng``: the n-th card from a deck, a round's guests) is
#: keyed on that name, so no path of play can bring another outcome for it.
CHANCE_SEQ = "seq"
CHANCE_POSITION = "position"
CHANCE_DRAW = "draw"
CHANCE_SCHEMES = (CHANCE_SEQ, CHANCE_POSITION, CHANCE_DRAW)

#: Fields that only headers with a seed commitment have (left out of legacy hashes).
_NEW_FIELDS = ("seed_commitment", "seed_nonce", "chance")
#: The secret fields: never in the header hash, never in an export of a running game.
SECRET_FIELDS = ("seed", "seed_nonce")


def commit_seed(seed: int, nonce: str) -> str:
    """The commitment a header seals: it binds the seed without telling it (the random
    nonce keeps a small seed such as 1 from being found by trying seeds)."""
    return hashlib.sha256(f"meeple-seed:{nonce}:{seed}".encode()).hexdigest()


def seed_nonce(seed: int) -> str:
    """The nonce of a seed's commitment. It follows from the seed, so the same seed and
    commands still give the same log byte for byte. That costs no secrecy: a seed someone
    can guess (a chosen one, like 1) is known as soon as its first draws are seen anyway,
    and a fresh seed (63 random bits) cannot be found by trying."""
    return hashlib.sha256(f"meeple-nonce:{seed}".encode()).hexdigest()[:32]


@attrs.frozen
class GameHeader:
    game_id: str
    game: str
    plugin: str
    plugin_version: str
    players: tuple[str, ...]
    options: dict[str, Any]
    #: Secret while the game runs; None in a header read from a sealed export.
    seed: int | None
    created: str
    title: str = ""
    #: Games forked from another: (source game id, last seq taken).
    forked_from: tuple[str, int] | None = None
    #: sha256 commitment of (seed_nonce, seed); None only in legacy headers.
    seed_commitment: str | None = None
    seed_nonce: str | None = None
    chance: str = CHANCE_SEQ

    @classmethod
    def sealed_new(cls, game_id: str, game: str, plugin: str, plugin_version: str,
                   players: tuple[str, ...], options: dict[str, Any], seed: int,
                   created: str, title: str = "",
                   forked_from: tuple[str, int] | None = None) -> GameHeader:
        """A header of a new game: its seed committed to, chance keyed by named draw."""
        nonce = seed_nonce(seed)
        return cls(game_id, game, plugin, plugin_version, tuple(players), dict(options), seed,
                   created, title, forked_from, commit_seed(seed, nonce), nonce,
                   CHANCE_DRAW)

    @property
    def legacy(self) -> bool:
        return self.seed_commitment is None

    @property
    def seed_known(self) -> bool:
        return self.seed is not None and (self.legacy or self.seed_nonce is not None)

    def seed_matches(self) -> bool:
        """Whether a known seed is the one the header committed to."""
        if self.legacy:
            return self.seed is not None
        return (self.seed is not None and self.seed_nonce is not None
                and commit_seed(self.seed, self.seed_nonce) == self.seed_commitment)

    def sealed(self) -> GameHeader:
        """The header without its secrets (same hash): what a running game's export holds.
        A legacy header sealed the seed itself into its hash, so it cannot drop it."""
        if self.legacy:
            return self
        return attrs.evolve(self, seed=None, seed_nonce=None)

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self)
        d["players"] = list(self.players)
        d["forked_from"] = list(self.forked_from) if self.forked_from else None
        if self.legacy:
            for k in _NEW_FIELDS:
                d.pop(k)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameHeader:
        if not isinstance(d, dict):
            raise TypeError(f"a header must be an object, not {type(d).__name__}")
        d = dict(d)
        d["players"] = tuple(d["players"])
        d["forked_from"] = tuple(d["forked_from"]) if d.get("forked_from") else None
        h = cls(**d)
        h.check_shape()
        return h

    def check_shape(self) -> None:
        """TypeError/ValueError naming the first field of the wrong kind (a damaged or
        hand-made header must be a finding, not a crash later on)."""
        def need(ok: bool, what: str) -> None:
            if not ok:
                raise ValueError(f"header field {what}")

        for name in ("game_id", "game", "plugin", "plugin_version", "created", "title"):
            need(isinstance(getattr(self, name), str), f"{name!r} must be text")
        need(all(isinstance(p, str) for p in self.players), "'players' must be names")
        need(isinstance(self.options, dict), "'options' must be an object")
        need(self.seed is None or (isinstance(self.seed, int) and not isinstance(self.seed, bool)),
             "'seed' must be a whole number")
        need(self.chance in CHANCE_SCHEMES,
             f"'chance' must be one of {', '.join(map(repr, CHANCE_SCHEMES))}")
        for name in ("seed_commitment", "seed_nonce"):
            need(getattr(self, name) is None or isinstance(getattr(self, name), str),
                 f"{name!r} must be text")
        need(self.forked_from is None or (len(self.forked_from) == 2
                                         and isinstance(self.forked_from[0], str)
                                         and isinstance(self.forked_from[1], int)),
             "'forked_from' must be [game id, seq]")
        need(not self.legacy or self.seed is not None, "'seed' is missing")
        # A header without a commitment is from before nonces and chance schemes, and its
        # hash leaves both out: one carrying them would change draws unsealed.
        need(not self.legacy or self.seed_nonce is None,
             "'seed_nonce' is set in a header without 'seed_commitment'")
        need(not self.legacy or self.chance == CHANCE_SEQ,
             f"'chance' must be {CHANCE_SEQ!r} in a header without 'seed_commitment'")

    def hash(self) -> str:
        d = self.to_json()
        if not self.legacy:
            for k in SECRET_FIELDS:
                d.pop(k)
        return hashlib.sha256(dumps(d)).hexdigest()


@attrs.frozen
class NewEvent:
    """An event ready to append: encoded data plus who caused it and with what command."""

    type: str
    version: int
    data: bytes
    actor: str | None = None
    command_text: str | None = None


@attrs.frozen
class Record:
    game_id: str
    seq: int
    type: str
    version: int
    data: bytes
    actor: str | None
    command_text: str | None
    #: seq of the first record written by the same command (setup: 1).
    batch: int
    recorded_at: str
    prev_hash: str
    hash: str

    def content_bytes(self) -> bytes:
        return record_bytes(
            self.game_id, self.seq, self.type, self.version, self.data, self.actor,
            self.command_text, self.batch, self.recorded_at,
        )

    def expected_hash(self) -> str:
        return hashlib.sha256(self.prev_hash.encode() + self.content_bytes()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self)
        d["data"] = orjson.loads(self.data)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Record:
        d = dict(d)
        d["data"] = dumps(d["data"])
        return cls(**d)


def record_bytes(game_id: str, seq: int, type_: str, version: int, data: bytes,
                 actor: str | None, command_text: str | None, batch: int,
                 recorded_at: str) -> bytes:
    return dumps([game_id, seq, type_, version, data.decode(), actor, command_text, batch,
                  recorded_at])


def chain(game_id: str, last_seq: int, prev_hash: str, events: Sequence[NewEvent],
          recorded_at: str) -> list[Record]:
    """Seal new events onto a log whose last record has ``last_seq`` and ``prev_hash``."""
    out: list[Record] = []
    batch = last_seq + 1
    for i, ev in enumerate(events):
        seq = last_seq + 1 + i
        content = record_bytes(game_id, seq, ev.type, ev.version, ev.data, ev.actor,
                               ev.command_text, batch, recorded_at)
        h = hashlib.sha256(prev_hash.encode() + content).hexdigest()
        out.append(Record(game_id, seq, ev.type, ev.version, ev.data, ev.actor,
                          ev.command_text, batch, recorded_at, prev_hash, h))
        prev_hash = h
    return out


def chain_batches(game_id: str, last_seq: int, prev_hash: str,
                  batches: Sequence[Sequence[NewEvent]], recorded_at: str) -> list[Record]:
    """Seal several commands' events, each batch numbered by its first record."""
    out: list[Record] = []
    for batch in batches:
        if batch:
            out += chain(game_id, last_seq, prev_hash, batch, recorded_at)
            last_seq, prev_hash = out[-1].seq, out[-1].hash
    return out
