"""The table in words for ``meeple show`` (text): the lines a game adds to its picture
(``Game.describe_table``), as the reader may see them."""

from __future__ import annotations

from typing import Any


def table_words(eng: Any, game_id: str, player: str | None, at: int | None = None,
                reveal: bool = False) -> list[str]:
    table = eng.table(game_id, upto=at)
    game = table.game
    shown = table.state if reveal else game.view(table.state, player)
    return list(game.describe_table(shown, player))
