"""The entry point Meeple loads: the game, the Snellman ledger importer and two of the
research tools as `meeple` subcommands (meeple_terra_mystica.tools)."""

from meeple.core.hookspecs import hookimpl

from .game import TerraMystica
from .importer import SnellmanImporter


@hookimpl
def meeple_games():
    return [TerraMystica()]


@hookimpl
def meeple_importers():
    return [SnellmanImporter()]


@hookimpl
def meeple_commands():
    # Imported here: the tools play with the agents, which listing the games never needs.
    from .tools import ai_strength, read_game

    return {"tm-strength": ai_strength.main, "tm-read-game": read_game.main}
