"""AI commands of the `meeple` CLI (tournament, bench). Being written; see issue 3."""

import typer


def register(app: typer.Typer) -> None:
    """Add the AI commands to the app."""
