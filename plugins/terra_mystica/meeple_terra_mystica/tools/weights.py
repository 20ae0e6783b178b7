"""Evaluate's weights from the command line: ``TABLE.name=value,...`` parsed and checked,
and game objects that hold the changed weights (so nothing shared is changed)."""

from __future__ import annotations

import sys
from typing import Any

from .. import ai
from ..game import TerraMystica

TABLES = ai.Weights.TABLES


def parse_weights(text: str, option: str = "--old") -> dict[tuple[str, str], float]:
    """``TABLE.name=value,...`` as a mapping; an unknown name or a value that is not a
    number ends the program with one line on stderr and exit code 2."""
    out = {}
    known = set(ai.DEFAULT.names())
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        table, _, name = key.partition(".")
        if (table, name) not in known:
            _bad(f"unknown weight {key!r}; give TABLE.name=number with TABLE one of "
                 f"{', '.join(TABLES)} and a name the table has", option)
        try:
            out[(table, name)] = float(value)
        except ValueError:
            _bad(f"{key}={value!r} is not a number", option)
    return out


def _bad(message: str, option: str) -> None:
    print(f"{option}: {message}", file=sys.stderr)
    raise SystemExit(2)


def weighted(changes: dict[tuple[str, str], float]) -> TerraMystica:
    """A game object whose evaluate (and its agents' evaluators) use today's weights with
    ``changes``; the rules are the same, so it plays any game's positions."""
    return TerraMystica(weights=ai.DEFAULT.changed(changes))


class WithWeights:
    """An agent that decides with other weights: it is handed a game object that holds
    them (its own, not the one the others play with)."""

    def __init__(self, inner: Any, weights: dict[tuple[str, str], float]) -> None:
        self.inner, self.game = inner, weighted(weights)

    def act(self, game: Any, view: Any, player: str) -> Any:
        return self.inner.act(self.game, view, player)
