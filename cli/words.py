"""The table in words for ``meeple show`` (text): the lines a game adds to its picture
(``Game.describe_table``), as the reader may see them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from meeple.core import fit_lines
from rich.console import Console


def table_words(eng: Any, game_id: str, player: str | None, at: int | None = None,
                reveal: bool = False) -> list[str]:
    table = eng.table(game_id, upto=at)
    game = table.game
    shown = table.state if reveal else game.view(table.state, player)
    return list(game.describe_table(shown, player))


#: Below this many columns a game's "narrow" text picture is drawn, when it has one.
NARROW_BELOW = 100


def text_format(game: Any, console: Console) -> str:
    """"narrow" on a terminal under NARROW_BELOW columns if the game draws it, else "text"
    (a file or a pipe gets the full picture: nothing wraps there)."""
    narrow = console.is_terminal and console.width < NARROW_BELOW
    return "narrow" if narrow and "narrow" in game.render_formats else "text"


def picture_width(console: Console) -> int | None:
    """The columns a text picture must fit: the terminal's; None for a file or a pipe."""
    return console.width if console.is_terminal else None


def print_words(console: Console, lines: Iterable[str]) -> None:
    """Lines of prose (the table in words), each wrapped at words within the console's
    width with its continuations indented under it."""
    for line in fit_lines(lines, console.width):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
