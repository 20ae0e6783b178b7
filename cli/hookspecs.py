"""The hook a plugin implements to add ``meeple`` subcommands. It lives with the command
line, not in meeple.core: the core knows nothing of the CLI. A plugin marks its function
with ``meeple.core.hookimpl`` like any other hook, and needs no CLI library for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from meeple.core.hookspecs import hookspec

#: ``command(argv, prog)``: the arguments after the command's name and the name to show
#: in its usage line (``meeple NAME``); it prints its own output and help and returns its
#: exit code (None counts as 0), or raises SystemExit as argparse does.
Command = Callable[[list[str], str], int | None]


@hookspec
def meeple_commands() -> Mapping[str, Command]:
    """Return extra ``meeple`` subcommands by name (lowercase words joined by hyphens, e.g.
    ``tm-strength``). The first paragraph of a command's docstring, else of its module's,
    is its line in ``meeple --help``. A built-in command's name is never taken over; of two
    plugins offering one name, the first loaded keeps it."""
