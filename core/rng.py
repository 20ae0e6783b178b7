"""Deterministic randomness. The engine derives a fresh generator for every decision from
the game seed and the sequence number the decision will write at, so the same seed and the
same commands produce the same log, and nobody can predict a draw without the seed."""

from __future__ import annotations

import hashlib
import random
import secrets


def derive_rng(seed: int, seq: int, salt: str = "") -> random.Random:
    digest = hashlib.sha256(f"meeple:{seed}:{seq}:{salt}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def new_seed() -> int:
    return secrets.randbits(63)
