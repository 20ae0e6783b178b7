"""``meeple`` subcommands that plugins add through the ``meeple_commands`` hook
(meeple.cli.hookspecs). They are looked up only when the command line names a command
that is not built in, or when the list of commands is printed, so the built-in commands
start without loading every plugin."""

from __future__ import annotations

import inspect
import re
import sys
from typing import Any

import typer
from meeple.core.plugins import Plugins, load
from typer.core import TyperGroup

from . import hookspecs

NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def plugin_commands(plugins: Plugins) -> dict[str, hookspecs.Command]:
    """The commands the loaded ``plugins`` offer, by name, first come first kept. A hook
    that fails or offers a name that is not lowercase words joined by hyphens is left
    out with one line on stderr, and the other plugins' commands are still offered."""
    pm = plugins.pm
    if getattr(pm.hook, "meeple_commands", None) is None or pm.hook.meeple_commands.spec is None:
        pm.add_hookspecs(hookspecs)
    found: dict[str, hookspecs.Command] = {}
    # In the order the plugins were registered (entry-point order), not pluggy's call order.
    for impl in pm.hook.meeple_commands.get_hookimpls():
        try:
            offered = dict(impl.function() or {})
        except Exception as exc:  # one broken plugin must not take the command line down
            print(f"plugin {impl.plugin_name}: meeple_commands failed: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        for name, command in offered.items():
            if not isinstance(name, str) or not NAME.fullmatch(name) or not callable(command):
                print(f"plugin {impl.plugin_name}: command {name!r} left out: a command needs "
                      "a name in lowercase words joined by hyphens and a callable", file=sys.stderr)
                continue
            found.setdefault(name, command)
    return found


def summary(command: hookspecs.Command) -> str:
    """A command's line in ``meeple --help``."""
    doc = inspect.getdoc(command) or inspect.getdoc(sys.modules.get(command.__module__)) or ""
    return " ".join(doc.split("\n\n")[0].split())


def as_click_command(name: str, command: hookspecs.Command) -> Any:
    """``command`` as a subcommand that hands it every argument, ``--help`` included."""
    single = typer.Typer(add_completion=False)

    @single.command(name=name, help=summary(command), add_help_option=False,
                    context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def run(ctx: typer.Context) -> None:
        code = command(list(ctx.args), f"meeple {name}")
        if code:
            raise typer.Exit(code)

    click_command = typer.main.get_command(single)
    click_command.name = name
    return click_command


class WithPluginCommands(TyperGroup):
    """The ``meeple`` group: the built-in commands, then the plugins' (built-in first)."""

    def _plugin_commands(self) -> dict[str, hookspecs.Command]:
        if not hasattr(self, "_found"):
            builtin = set(self.commands)
            self._found = {n: c for n, c in plugin_commands(load()).items() if n not in builtin}
        return self._found

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *sorted(self._plugin_commands())]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in self._plugin_commands():
            found = as_click_command(cmd_name, self._plugin_commands()[cmd_name])
        return found
