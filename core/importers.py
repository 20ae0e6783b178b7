"""What an importer hands the engine: a game to create and the commands to give it."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class ImportedMove:
    player: str
    text: str
    #: Where it came from, for error messages ("line 57").
    source_line: int | None = None


@attrs.frozen
class ImportedGame:
    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    moves: tuple[ImportedMove, ...]
    seed: int = 0
    #: Values the record states (final scores...) that a caller may check the replay against.
    expected: dict[str, Any] = attrs.field(factory=dict)
    title: str = ""
