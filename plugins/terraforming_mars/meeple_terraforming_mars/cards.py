"""Card data: the project cards and corporations, loaded once from the package's JSON files.

A card is a plain dict straight from ``data/cards.json``; the vocabulary of its keys is
documented in docs/games/terraforming-mars.md. Behaviour beyond that vocabulary lives in
``specials.py``, keyed by card name.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

Card = dict[str, Any]


def _load(name: str, key: str) -> dict[str, Card]:
    raw = json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())
    return {c["name"]: c for c in raw[key]}


CARDS: dict[str, Card] = _load("cards.json", "cards")
CORPORATIONS: dict[str, Card] = _load("corporations.json", "corporations")
BASE_DECK: tuple[str, ...] = tuple(CARDS)
STANDARD_CORPS: tuple[str, ...] = tuple(n for n, c in CORPORATIONS.items() if not c.get("beginner"))
BEGINNER = "Beginner Corporation"

_INDEX = {n.lower(): n for n in (*CARDS, *CORPORATIONS)}


def lookup(text: str) -> str | None:
    """The exact card or corporation name for ``text`` (any letter case), or None."""
    return _INDEX.get(" ".join(text.lower().split()))


def card(name: str) -> Card:
    return CARDS.get(name) or CORPORATIONS[name]


def tags_of(name: str) -> list[str]:
    return card(name)["tags"]
