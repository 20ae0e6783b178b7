"""The entry point Meeple loads: the game and the Snellman ledger importer."""

from meeple.core.hookspecs import hookimpl

from .game import TerraMystica
from .importer import SnellmanImporter


@hookimpl
def meeple_games():
    return [TerraMystica()]


@hookimpl
def meeple_importers():
    return [SnellmanImporter()]
