"""Card data: the project cards and corporations of the base game and of Corporate Era,
loaded once from the package's JSON files, and the catalogue of each game variant.

The data never changes after loading (read-only mappings). Which cards a game *uses*
(its deck, the corporations dealt, the names its commands may name) is a ``Catalog``
chosen by the game's options, never a registry the process fills in: a Corporate Era
game in a process leaves a later base game in that process untouched.

A card is a plain dict straight from ``data/cards.json``; the vocabulary of its keys is
documented in docs/games/terraforming-mars.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

Card = dict[str, Any]


def _load(name: str, key: str) -> dict[str, Card]:
    raw = json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())
    return {c["name"]: c for c in raw[key]}


_BASE_CARDS = _load("cards.json", "cards")
_BASE_CORPS = _load("corporations.json", "corporations")
CE_CARDS: Mapping[str, Card] = MappingProxyType(_load("cards_corporate_era.json", "cards"))
CE_CORPORATIONS: Mapping[str, Card] = MappingProxyType(
    _load("corporations_corporate_era.json", "corporations"))
_clash = (set(CE_CARDS) | set(CE_CORPORATIONS)) & (set(_BASE_CARDS) | set(_BASE_CORPS))
if _clash:  # names identify cards everywhere (commands, logs), so they must be unique
    raise ValueError(f"Corporate Era names already used by the base game: {sorted(_clash)}")

#: Every card's data, base and Corporate Era (names are unique across both).
CARDS: Mapping[str, Card] = MappingProxyType({**_BASE_CARDS, **CE_CARDS})
CORPORATIONS: Mapping[str, Card] = MappingProxyType({**_BASE_CORPS, **CE_CORPORATIONS})
BASE_DECK: tuple[str, ...] = tuple(_BASE_CARDS)
CE_DECK: tuple[str, ...] = tuple(CE_CARDS)
BEGINNER = "Beginner Corporation"
STANDARD_CORPS: tuple[str, ...] = tuple(n for n, c in _BASE_CORPS.items() if not c.get("beginner"))
CE_CORPS: tuple[str, ...] = tuple(CE_CORPORATIONS)

_INDEX = MappingProxyType({n.lower(): n for n in (*CARDS, *CORPORATIONS)})


@dataclass(frozen=True)
class Catalog:
    """The cards and corporations one game variant plays with."""

    deck: tuple[str, ...]
    corporations: tuple[str, ...]  # dealt at the start (the Beginner Corporation besides)

    names: frozenset[str]  # the project cards, for membership tests

    def has_card(self, name: str) -> bool:
        return name in self.names

    def has_corporation(self, name: str) -> bool:
        return name == BEGINNER or name in self.corporations


_BASE = Catalog(BASE_DECK, STANDARD_CORPS, frozenset(BASE_DECK))
_ERA = Catalog(BASE_DECK + CE_DECK, STANDARD_CORPS + CE_CORPS, frozenset(BASE_DECK + CE_DECK))


def catalog(options: Mapping[str, Any]) -> Catalog:
    """The catalogue a game with these options plays with."""
    return _ERA if options.get("corporate_era") else _BASE


def lookup(text: str) -> str | None:
    """The exact card or corporation name for ``text`` (any letter case), or None."""
    return _INDEX.get(" ".join(text.lower().split()))


def card(name: str) -> Card:
    return CARDS.get(name) or CORPORATIONS[name]


