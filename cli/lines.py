"""An error as one line on stderr, whatever its message holds: user text in it (a game
id, a path, a command) may carry characters that break lines or look like rich markup."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

#: Where every command's errors and progress notes go, so stdout stays the command's output.
err = Console(stderr=True)

#: Every character ``str.splitlines`` breaks at: shown escaped, so the error stays one line.
_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def one_line(text: str) -> str:
    return "".join(c.encode("unicode_escape").decode("ascii") if c in _BREAKS else c
                   for c in text)


def error_markup(message: object) -> str:
    """``error: MESSAGE`` for a rich console, the message's own brackets kept as text (a
    game id such as ``[/x]`` would otherwise be read as a closing tag and crash)."""
    return f"[red]error:[/red] {escape(one_line(str(message)))}"


def fail(message: object, code: int = 2) -> typer.Exit:
    """Print ``error: MESSAGE`` as one line on stderr; the caller raises the returned Exit
    (2 for bad input unless ``code`` says otherwise)."""
    err.print(error_markup(message), highlight=False, soft_wrap=True)
    return typer.Exit(code)
