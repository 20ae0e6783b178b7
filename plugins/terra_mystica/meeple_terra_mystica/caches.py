"""What the rules work out again and again within one game, kept on its state.

Search reads the same few hundred row texts millions of times, and decide meets the same
sub-commands and ledger lines again and again. The answers are kept in one ``RowCaches``
per game, stored on the game's state (not in its fields: states compare as before) and
shared by every clone of it, so a search over a position uses the game's caches. No two
games share one, and the Game object, which every game of an engine shares, holds none.
The cached values are immutable (tuples, commands), so readers on other threads of the
same game (a robot thinking while a person moves) see the same answers.
"""

from __future__ import annotations

from typing import Any

from .notation import parse_row

#: Each cache is emptied when it holds more than this many entries (a long search or
#: import meets many texts; entries are cheap to work out again).
LIMIT = 200_000


class RowCaches:
    """A game's caches: row text -> its sub-commands, text -> its command, sub-command ->
    its text (decide's reasons), and the ledger's deltas, each kept once."""

    __slots__ = ("names", "parsed", "same", "turns")

    def __init__(self) -> None:
        self.parsed: dict[str, tuple] = {}
        self.turns: dict[str, Any] = {}
        self.names: dict[tuple, str] = {}
        self.same: dict[tuple, tuple] = {}

    def parse(self, text: str) -> tuple:
        """The sub-commands of a row text."""
        cache = self.parsed
        cmds = cache.get(text)
        if cmds is None:
            cmds = parse_row(text)
            if len(cache) > LIMIT:
                cache.clear()
            cache[text] = cmds
        return cmds

    def bounded(self) -> None:
        """Empty the caches decide fills once they are too big."""
        if len(self.names) > LIMIT:
            self.names.clear()
        if len(self.same) > LIMIT:
            self.same.clear()


def of(state: Any) -> RowCaches:
    """The caches of the game ``state`` belongs to (made on first use; every clone made
    after that shares them)."""
    d = state.__dict__
    caches = d.get("_caches")
    if caches is None:
        caches = d["_caches"] = RowCaches()
    return caches
