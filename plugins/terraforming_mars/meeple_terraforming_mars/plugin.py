"""The entry point Meeple loads: one hook that hands over the game."""

from meeple.core.hookspecs import hookimpl

from .game import TerraformingMars


@hookimpl
def meeple_games():
    return [TerraformingMars()]
