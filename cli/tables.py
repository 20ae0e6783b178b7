"""Tables for a terminal of any width: the column a user must copy (a game id, a game
name) is never cut. When the table does not fit, each row becomes a block: that cell on a
line of its own, the other cells wrapped at words beneath it."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text


def fitted_table(console: Console, title: str, headers: Sequence[str],
                 rows: Sequence[Sequence[object]], keep: int = 0) -> RenderableType:
    """A table of ``rows`` if it fits ``console``'s width, else blocks keyed by column
    ``keep`` (``headers`` name the other cells)."""
    width = console.width
    natural = [max([len(h), *(cell_width(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    if sum(natural) + 3 * len(headers) + 1 <= width:  # cells, padding and rules
        t = Table(title=title)
        for h in headers:
            t.add_column(h, no_wrap=True)
        for r in rows:
            t.add_row(*(Text(str(cell)) for cell in r))  # names and ids are not markup
        return t
    lines: list[Text] = [Text(title, style="italic")]
    for r in rows:
        lines.append(Text(str(r[keep]), style="bold"))
        rest = "; ".join(f"{h}: {cell}" for i, (h, cell) in enumerate(zip(headers, r, strict=True))
                         if i != keep)
        for line in textwrap.wrap(rest, width=max(20, width - 4), break_on_hyphens=False):
            lines.append(Text("    " + line))
    return Group(*lines)


def cell_width(value: object) -> int:
    return cell_len(str(value))
