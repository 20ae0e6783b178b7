"""Deterministic randomness. The engine derives a fresh generator for every decision from
the game seed and a key the decision cannot shift (see ``runtime.chance_key``), so the
same seed and the same commands produce the same log, and nobody can predict a draw
without the seed."""

from __future__ import annotations

import hashlib
import random
import secrets


def _derived(seed: int, key: int | str, salt: str) -> int:
    digest = hashlib.sha256(f"meeple:{seed}:{key}:{salt}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def derive_rng(seed: int, seq: int | str, salt: str = "") -> random.Random:
    return random.Random(_derived(seed, seq, salt))


class Chance(random.Random):
    """The generator the engine hands one decision. Drawing on it directly is keyed on the
    decision's place in the log (``runtime.chance_key``); a draw the game names with
    ``draw_rng`` is keyed on that name alone, so it comes out the same on every path of
    play that makes it again (an undo followed by other moves cannot shift it).
    ``per_draw`` is False for games stored before named draws: there ``draw_rng`` hands
    back this generator, exactly what those games drew with."""

    def __init__(self, seed: int, key: int, per_draw: bool = True) -> None:
        super().__init__(_derived(seed, key, ""))
        self._seed = seed
        self._per_draw = per_draw

    def for_draw(self, deck: str, index: tuple[object, ...]) -> random.Random:
        if not self._per_draw:
            return self
        return derive_rng(self._seed, f"{deck}/{index!r}", "draw")


def draw_rng(rng: random.Random, deck: str, *index: object) -> random.Random:
    """The generator for one named draw: the ``index``-th draw from ``deck``, where
    ``index`` is whatever the game's state says identifies it (a round and a seat, how
    many cards were drawn before, the cards in a pile to be shuffled). Build the pool
    drawn from in an order that depends only on its contents, and the same draw from the
    same pool gives the same outcome on every path. Any other generator (a search's, a
    test's, a sealed game's) is handed back unchanged."""
    return rng.for_draw(deck, index) if isinstance(rng, Chance) else rng


def new_seed() -> int:
    return secrets.randbits(63)


class ChanceNeeded(BaseException):
    """Raised by ``SealedRandom`` when a decision draws. A BaseException, so that a
    plugin's own ``except Exception`` cannot swallow it."""


class SealedRandom(random.Random):
    """The generator of a game whose seed is sealed (an export of a running game): any
    draw raises ChanceNeeded. Verify uses it to re-derive every decision that involves no
    chance and to tell which ones do (those are checked once the seed is disclosed)."""

    def random(self) -> float:
        raise ChanceNeeded

    def getrandbits(self, k: int) -> int:
        raise ChanceNeeded

    def randbytes(self, n: int) -> bytes:
        raise ChanceNeeded
