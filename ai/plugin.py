"""The built-in agents, registered through the meeple_agents hook like any plugin's."""

from meeple.core.hookspecs import hookimpl


@hookimpl
def meeple_agents():
    from .registry import builtin_agents

    return builtin_agents()
