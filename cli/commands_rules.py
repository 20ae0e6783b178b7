"""``meeple rules GAME [NAME]``: a game's own text on a card, tile, faction or rule
(``Game.explain``); without NAME, every name it answers for (``Game.topics``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from meeple.core.errors import BadOptions
from meeple.core.plugins import load


def rules(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    topic: Annotated[list[str] | None, typer.Argument(
        help="What to look up, e.g. a card name; none lists every name.")] = None,
) -> None:
    """Look up a card or rule of a game, e.g. `meeple rules terraforming-mars Mars University`;
    `meeple rules GAME` lists every name it knows."""
    g = load().game(game)
    text = " ".join(topic or ()).strip()
    if not text:
        known = g.topics()
        if not known:
            raise BadOptions(f"{g.name} names no cards or rules to look up")
        for kind, names in known.items():
            sys.stdout.write(f"{kind} ({len(names)}): {', '.join(names)}\n")
        return
    found = g.explain(text)
    if found is None:
        raise BadOptions(f"{g.name} has no card or rule named {text!r}; name a card as printed "
                         f"(letter case does not matter; `meeple rules {g.name}` lists them)")
    sys.stdout.write(found + "\n")


def register(app: typer.Typer) -> None:
    app.command(name="rules")(rules)
