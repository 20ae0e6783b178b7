"""``meeple rules GAME TOPIC``: a game's own text on a card, tile or rule (``Game.explain``)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from meeple.core.errors import BadOptions
from meeple.core.plugins import load


def rules(
    game: Annotated[str, typer.Argument(help="Game name (see `meeple games`).")],
    topic: Annotated[list[str], typer.Argument(help="What to look up, e.g. a card name.")],
) -> None:
    """Look up a card or rule of a game, e.g. `meeple rules terraforming-mars Mars University`."""
    g = load().game(game)
    text = " ".join(topic).strip()
    found = g.explain(text) if text else None
    if found is None:
        raise BadOptions(f"{g.name} has no card or rule named {text!r}; name a card as printed "
                         "(letter case does not matter)")
    sys.stdout.write(found + "\n")


def register(app: typer.Typer) -> None:
    app.command(name="rules")(rules)
