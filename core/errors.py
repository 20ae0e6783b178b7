"""The errors the engine raises. Every one carries a message a user can act on."""

from __future__ import annotations


class MeepleError(Exception):
    """Base of every error Meeple raises on purpose (bad input, bad state)."""


class IllegalCommand(MeepleError):
    """A command that the rules do not allow now. The message says why, for a player."""


class UnknownName(MeepleError):
    """A name (game, agent, store scheme, option, importer) that is not installed."""


class BadOptions(MeepleError):
    """Game options or player lists that the game does not accept."""


class GameNotFound(MeepleError):
    """No stored game has that id."""


class ConcurrencyError(MeepleError):
    """An append was made against a stale sequence number: someone else wrote first."""


class IntegrityError(MeepleError):
    """A stored log fails its hash chain or no longer re-derives from its commands."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


class StoreError(MeepleError):
    """The store could not do what was asked (disk full, read-only, unreachable)."""


class ImportFailed(MeepleError):
    """A foreign game record could not be read; the message names the line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
