"""Driving `meeple` in a pseudo-terminal as a person does (pexpect): keys in, screen out."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect

#: What prompt_toolkit and rich write besides the text: colours, cursor moves, clears.
_CONTROL = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07|\r")

UP, DOWN, HOME, END, TAB = "\x1b[A", "\x1b[B", "\x1b[H", "\x1b[F", "\t"
CTRL_C, CTRL_D = "\x03", "\x04"
CLEAR = "\x1b[2J"  # what a cleared screen is sent


#: Cursor forward: a terminal redraw may move over a blank instead of writing it.
_FORWARD = re.compile(r"\x1b\[(\d*)C")


def plain(text: str) -> str:
    text = _FORWARD.sub(lambda m: " " * int(m.group(1) or 1), text)
    return _CONTROL.sub("", text)


class Terminal:
    """``meeple ARGS`` in a terminal ``columns`` wide; ``expect`` waits for text on screen."""

    def __init__(self, tmp: Path, *args: str, columns: int = 100, timeout: float = 30) -> None:
        env = dict(os.environ, TERM="xterm", COLUMNS=str(columns), LINES="50",
                   MEEPLE_DB=f"sqlite:///{tmp / 'games.sqlite'}",
                   MEEPLE_HISTORY_DIR=str(tmp / "history"),
                   # no cursor-position queries: the test answers none
                   PROMPT_TOOLKIT_NO_CPR="1")
        meeple = str(Path(sys.executable).with_name("meeple"))
        self.child: Any = pexpect.spawn(meeple, list(args), env=env, encoding="utf-8",
                                        dimensions=(50, columns), timeout=timeout)
        self.seen = ""
        self.raw = ""  # everything written, control sequences included

    def expect(self, pattern: str) -> str:
        """Wait until ``pattern`` (a regular expression over the plain text) shows; the
        plain text up to and including it."""
        wanted = re.compile(pattern)
        while True:
            found = wanted.search(self.seen)
            if found:
                before = self.seen[:found.end()]
                self.seen = self.seen[found.end():]
                return before
            try:
                chunk = self.child.read_nonblocking(4096, timeout=self.child.timeout)
            except pexpect.TIMEOUT:
                raise AssertionError(f"{pattern!r} never showed; screen ends:\n"
                                     f"{self.seen[-1500:]}") from None
            except pexpect.EOF:
                raise AssertionError(f"{pattern!r} never showed before the end; screen ends:\n"
                                     f"{self.seen[-1500:]}") from None
            self.raw += chunk
            self.seen += plain(chunk)

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def line(self, text: str) -> None:
        self.child.send(text + "\r")

    def everything(self) -> str:
        """Wait for the end; all the plain text shown."""
        self.child.expect(pexpect.EOF)
        return self.seen + plain(self.child.before)

    def close(self) -> int:
        """Wait for the end; the exit code."""
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus
