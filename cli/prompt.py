"""Reading one line at the play prompt.

At a terminal the line is edited with prompt_toolkit: Home/End and the arrow keys move,
Up/Down walk the game's history (one file per game, kept across ``--resume``), and Tab
completes the seat's legal commands a word at a time. When stdin or stdout is not a
terminal (a script, a pipe, the tests that feed stdin) the line is read plainly.

Both readers raise EOFError for Ctrl-D and KeyboardInterrupt for Ctrl-C.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

#: Words the prompt answers in every game, before the game's own notation.
WORDS = ("help", "undo", "quit", "?")

Candidates = Callable[[], Sequence[str]]


class Reader(Protocol):
    def read(self, prompt: str, candidates: Candidates | None = None) -> str: ...


def next_parts(typed: str, commands: Iterable[str]) -> list[str]:
    """What Tab offers after ``typed``: each command that starts with it, cut after its
    next word (a Terra Mystica row ``dig 1. build F3`` is offered as ``dig``, then ``dig 1.``,
    then the whole row), without repeats, in the commands' order."""
    low = typed.lower()
    seen: dict[str, None] = {}
    for text in commands:
        if not text.lower().startswith(low):
            continue
        rest = text[len(typed):]
        # keep the spaces right after the cursor, then the word that follows them
        lead = len(rest) - len(rest.lstrip(" "))
        end = rest.find(" ", lead)
        seen.setdefault(text[:len(typed) + (len(rest) if end < 0 else end)], None)
    return list(seen)


class PlainReader:
    """A line from stdin through the console (echoed by the terminal, if any)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def read(self, prompt: str, candidates: Candidates | None = None) -> str:
        return self.console.input(f"[bold]{escape(prompt)}[/bold]")


class EditingReader:
    """A prompt_toolkit session: line editing, the game's history, Tab completion."""

    def __init__(self, history: Path | None = None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, InMemoryHistory

        if history is not None:
            history.parent.mkdir(parents=True, exist_ok=True)
        self._candidates: Candidates | None = None
        self.session: Any = PromptSession(
            history=FileHistory(str(history)) if history is not None else InMemoryHistory(),
            completer=_Completer(lambda: self._candidates),
            complete_while_typing=False,
        )

    def read(self, prompt: str, candidates: Candidates | None = None) -> str:
        from prompt_toolkit.formatted_text import FormattedText

        self._candidates = candidates
        try:
            return self.session.prompt(FormattedText([("bold", prompt)]))
        finally:
            self._candidates = None


def _Completer(current: Callable[[], Candidates | None]) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class CommandCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            source = current()
            if source is None:
                return
            typed = document.text_before_cursor
            for part in next_parts(typed, [*WORDS[:-1], *source()]):
                yield Completion(part, start_position=-len(typed))

    return CommandCompleter()


def history_path(game_id: str) -> Path:
    """The history file of one game, in the user's data folder (MEEPLE_HISTORY_DIR moves
    it, e.g. for tests). The id is hashed into the name: any id is a safe file name."""
    folder = os.environ.get("MEEPLE_HISTORY_DIR")
    if not folder:
        import platformdirs

        folder = str(Path(platformdirs.user_data_dir("meeple")) / "history")
    digest = hashlib.sha256(game_id.encode()).hexdigest()[:24]
    return Path(folder) / f"{digest}.txt"


def make_reader(console: Console, game_id: str | None) -> Reader:
    """Line editing at a terminal, a plain line otherwise."""
    if sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb":
        return EditingReader(history_path(game_id) if game_id else None)
    return PlainReader(console)
