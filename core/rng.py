"""Deterministic randomness. The engine derives a fresh generator for every decision from
the game seed and a key the decision cannot shift (see ``runtime.chance_key``), so the
same seed and the same commands produce the same log, and nobody can predict a draw
without the seed."""

from __future__ import annotations

import hashlib
import random
import secrets


def derive_rng(seed: int, seq: int, salt: str = "") -> random.Random:
    digest = hashlib.sha256(f"meeple:{seed}:{seq}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def new_seed() -> int:
    return secrets.randbits(63)


class ChanceNeeded(BaseException):  # noqa: N818 - a signal, not an error
    """Raised by ``SealedRandom`` when a decision draws. A BaseException, so that a
    plugin's own ``except Exception`` cannot swallow it."""


class SealedRandom(random.Random):
    """The generator of a game whose seed is sealed (an export of a running game): any
    draw raises ChanceNeeded. Verify uses it to re-derive every decision that involves no
    chance and to tell which ones do (those are checked once the seed is disclosed)."""

    def __init__(self) -> None:
        super().__init__(0)

    def random(self) -> float:
        raise ChanceNeeded

    def getrandbits(self, k: int) -> int:
        raise ChanceNeeded

    def randbytes(self, n: int) -> bytes:
        raise ChanceNeeded
