"""meeple.rl's agents, registered through the meeple_agents hook like any plugin's."""

from meeple.core.hookspecs import hookimpl


@hookimpl
def meeple_agents():
    from .agents import factories

    return factories()
