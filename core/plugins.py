"""Loading plugins with pluggy: entry points in the group ``meeple``.

``MEEPLE_LOAD_PLUGINS`` (comma-separated entry-point names) limits which external
plugins load; the meeple distribution's own entry points (its stores and agents) always
load. A plugin that fails to import is recorded with its error and the rest carry on.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from importlib import metadata
from typing import Any

import attrs
import pluggy

from . import hookspecs
from .errors import UnknownName
from .game import Game

ENV_LOAD = "MEEPLE_LOAD_PLUGINS"


@attrs.frozen
class PluginInfo:
    name: str
    distribution: str
    version: str
    hooks: tuple[str, ...]
    error: str | None = None


class Plugins:
    """The loaded plugins and what they provide: games, agents, stores, importers."""

    def __init__(self, pm: pluggy.PluginManager, infos: list[PluginInfo]) -> None:
        self.pm = pm
        self.infos = infos

    @property
    def failures(self) -> list[PluginInfo]:
        return [i for i in self.infos if i.error]

    @cached_property
    def games(self) -> dict[str, Game]:
        found: dict[str, Game] = {}
        for batch in self.pm.hook.meeple_games():
            for game in batch or ():
                found.setdefault(game.name, game)
        return dict(sorted(found.items()))

    @cached_property
    def agents(self) -> dict[str, Callable[..., Any]]:
        found: dict[str, Callable[..., Any]] = {}
        for batch in self.pm.hook.meeple_agents():
            for name, factory in (batch or {}).items():
                found.setdefault(name, factory)
        return dict(sorted(found.items()))

    @cached_property
    def stores(self) -> dict[str, Callable[[str], Any]]:
        found: dict[str, Callable[[str], Any]] = {}
        for batch in self.pm.hook.meeple_stores():
            for scheme, factory in (batch or {}).items():
                found.setdefault(scheme, factory)
        return found

    @cached_property
    def importers(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for batch in self.pm.hook.meeple_importers():
            for imp in batch or ():
                found.setdefault(imp.name, imp)
        return dict(sorted(found.items()))

    def game(self, name: str) -> Game:
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key not in self.games:
            allowed = ", ".join(self.games) or "none installed"
            raise UnknownName(f"no game named {name!r}; installed games: {allowed}")
        return self.games[key]

    def agent_factory(self, name: str) -> Callable[..., Any]:
        if name not in self.agents:
            allowed = ", ".join(self.agents) or "none installed"
            raise UnknownName(f"no agent named {name!r}; installed agents: {allowed}")
        return self.agents[name]

    def importer(self, name: str) -> Any:
        if name not in self.importers:
            allowed = ", ".join(self.importers) or "none installed"
            raise UnknownName(f"no importer named {name!r}; installed importers: {allowed}")
        return self.importers[name]


def _hooks_of(pm: pluggy.PluginManager, plugin: Any) -> tuple[str, ...]:
    return tuple(sorted(h.name for h in pm.get_hookcallers(plugin) or ()))


def load(only: str | None = None, extra: list[Any] | None = None) -> Plugins:
    """Load the entry points of group ``meeple``; ``only`` overrides ``MEEPLE_LOAD_PLUGINS``.
    ``extra`` registers plugin objects directly (tests, scripts)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    wanted_text = only if only is not None else os.environ.get(ENV_LOAD)
    wanted = None
    if wanted_text is not None:
        wanted = {w.strip() for w in wanted_text.split(",") if w.strip()}
    infos: list[PluginInfo] = []
    for ep in sorted(metadata.entry_points(group=hookspecs.PROJECT), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist else "?"
        version = ep.dist.version if ep.dist else "?"
        builtin = dist == "meeple"
        if wanted is not None and not builtin and ep.name not in wanted:
            continue
        if pm.get_plugin(ep.name) is not None:
            continue
        try:
            module = ep.load()
            pm.register(module, name=ep.name)
            infos.append(PluginInfo(ep.name, dist, version, _hooks_of(pm, module)))
        except Exception as exc:  # a broken plugin must not take the others down
            infos.append(PluginInfo(ep.name, dist, version, (), f"{type(exc).__name__}: {exc}"))
    for i, obj in enumerate(extra or ()):
        name = getattr(obj, "__name__", f"extra-{i}")
        pm.register(obj, name=name)
        infos.append(PluginInfo(name, "(registered)", "-", _hooks_of(pm, obj)))
    return Plugins(pm, infos)
