"""The hooks a Meeple plugin may implement. A plugin module marks its functions with
``@hookimpl`` and is named in its package's ``[project.entry-points.meeple]`` table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pluggy

PROJECT = "meeple"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def meeple_games() -> Sequence[Any]:
    """Return the Game objects this plugin provides."""


@hookspec
def meeple_agents() -> Mapping[str, Callable[..., Any]]:
    """Return agent factories by name: ``factory(options: dict[str, str], seed: int) -> Agent``."""


@hookspec
def meeple_stores() -> Mapping[str, Callable[[str], Any]]:
    """Return event-store factories by URL scheme: ``factory(url) -> EventStore``."""


@hookspec
def meeple_importers() -> Sequence[Any]:
    """Return importers: objects with ``name``, ``game`` (a game name), ``help`` and
    ``read(text: str) -> ImportedGame``."""
