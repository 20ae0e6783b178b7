"""Meeple's engine: events, games, stores, plugins, replay, undo and audit.

core knows nothing of any game, agent or command line; those plug in through hooks.
"""

from .errors import (
    BadOptions,
    ConcurrencyError,
    GameNotFound,
    IllegalCommand,
    ImportFailed,
    IntegrityError,
    MeepleError,
    StoreError,
    UnknownName,
)
from .events import Redone, Undone, command, event, is_barrier
from .game import Amount, Amounts, Entry, Game, Option, Outcome, Panel
from .hookspecs import hookimpl
from .importers import ImportedGame, ImportedMove
from .local import LocalGame
from .rng import derive_rng, draw_rng
from .text import fit, fit_lines

__all__ = [
    "Amount", "Amounts", "BadOptions", "ConcurrencyError", "Entry", "Game", "GameNotFound",
    "IllegalCommand", "ImportFailed", "ImportedGame", "ImportedMove", "IntegrityError", "LocalGame",
    "MeepleError", "Option", "Outcome", "Panel", "Redone", "StoreError", "Undone", "UnknownName",
    "command", "derive_rng", "draw_rng", "event", "fit", "fit_lines", "hookimpl", "is_barrier",
]
