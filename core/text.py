"""Text for a terminal of a given width: lines of prose wrapped at words, each
continuation indented under its line (a hanging indent), so that nothing runs past the
right edge and nothing is cut."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

#: How far a wrapped line's continuations are indented beyond the line itself.
HANGING = 2


def fit_lines(lines: Iterable[str], width: int | None) -> list[str]:
    """``lines`` with every line wider than ``width`` wrapped at words (None: as they are)."""
    out: list[str] = []
    for line in lines:
        if width is None or len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        # Very narrow widths still keep a few columns for the words themselves.
        hang = indent + " " * HANGING if len(indent) + HANGING < width // 2 else indent
        out += textwrap.wrap(line, width, subsequent_indent=hang, break_on_hyphens=False,
                             drop_whitespace=True) or [line[:width]]
    return out


def fit(text: str, width: int | None) -> str:
    """``text`` (lines) with every line wider than ``width`` wrapped (see ``fit_lines``)."""
    if width is None:
        return text
    return "\n".join(fit_lines(text.split("\n"), width))
