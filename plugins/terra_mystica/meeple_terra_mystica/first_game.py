"""The option first-game: the rule book's introductory set-up, read from first_game.json.

Only the factions of that file are published text; the start dwellings, scoring tiles and
bonus tiles are our reconstruction (the file's ``_about`` and docs/games/terra-mystica.md
say why). This module only reads and checks the file; game.setup plays the placements
through the ordinary setup rows, so the log records them as facts like any other row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: Options that decide what first-game fixes: combined with it they would contradict it.
CONFLICTS = ("factions", "scoring", "removed-bonus", "shipping-bonus", "temple-scoring-tile")


@dataclass(frozen=True)
class FirstGame:
    """The introductory set-up for one player count, seats in order."""

    factions: tuple[str, ...]
    dwellings: tuple[tuple[str, ...], ...]  # per seat, in placing order
    bonus: tuple[str, ...]  # per seat
    scoring: tuple[str, ...]
    removed_bonus: tuple[str, ...]


def load() -> dict[str, Any]:
    """The data file as stored (read on each call: a game is set up once)."""
    text = resources.files(__package__).joinpath("first_game.json").read_text(encoding="utf-8")
    return json.loads(text)


def plan(n: int, data: dict[str, Any] | None = None) -> FirstGame:
    """The set-up for ``n`` players."""
    d = load() if data is None else data
    entry = d["players"][str(n)]
    seats = entry["seats"]
    return FirstGame(
        factions=tuple(s["faction"] for s in seats),
        dwellings=tuple(tuple(s["dwellings"]) for s in seats),
        bonus=tuple(s["bonus"] for s in seats),
        scoring=tuple(d["scoring"]),
        removed_bonus=tuple(entry["removed_bonus"]),
    )


def conflicts(options: dict[str, Any]) -> list[str]:
    """The options given alongside first-game that it cannot honour."""
    return [k for k in CONFLICTS if options.get(k) not in (None, "", False)]
