"""A person at the terminal, as an agent: shows the view, reads a command, re-asks on error."""

from __future__ import annotations

import random
from typing import Any

from meeple.core import IllegalCommand, MeepleError
from rich.console import Console


class NoInput(MeepleError):
    """The person at the prompt closed the input; the match stops, stored as far as it got."""

class HumanAgent:
    name = "human"

    def __init__(self, console: Console | None = None, show_legal: int = 12) -> None:
        self.console = console or Console()
        self.show_legal = show_legal

    def act(self, game: Any, view: Any, player: str) -> Any:
        self.console.print(game.render(view, "text", player))
        legal = game.legal(view, player)
        if legal:
            sample = ", ".join(game.format(c, view) for c in legal[: self.show_legal])
            more = f" ... ({len(legal)} in all)" if len(legal) > self.show_legal else ""
            self.console.print(f"[dim]legal: {sample}{more}[/dim]")
        while True:
            try:
                text = self.console.input(f"[bold]{player}[/bold]> ")
            except EOFError:
                raise NoInput(f"no input for {player}; the game is stored and can be resumed "
                              "with `meeple play GAME_ID --resume`") from None
            try:
                command = game.parse(text, view, player)
                game.decide(view, player, command, random.Random(0))
                return command
            except IllegalCommand as exc:
                self.console.print(f"[red]{exc}[/red]")
