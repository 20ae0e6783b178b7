"""Loading plugins with pluggy: entry points in the group ``meeple``.

``MEEPLE_LOAD_PLUGINS`` (comma-separated entry-point names) limits which external
plugins load; the meeple distribution's own entry points (its stores and agents) always
load. A plugin that fails to import, or whose games break the contract in a way visible
without playing (a required method missing, no events named, an unusable option), is
recorded with its error, is not offered, and the rest carry on.
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
from .game import Game, Option

ENV_LOAD = "MEEPLE_LOAD_PLUGINS"

#: The methods every game must write; ``Game`` defaults all the others (docs/plugins.md).
REQUIRED_METHODS: tuple[str, ...] = (
    "setup", "decide", "fold", "to_act", "legal", "outcome", "parse", "format")


def game_problems(game: Any) -> list[str]:
    """What is wrong with a game object as far as can be told without playing it."""
    if not isinstance(game, Game):
        return [f"{game!r} is not a meeple.core.Game"]
    label = game.name or type(game).__name__
    problems: list[str] = []
    if not game.name or game.name != game.name.strip().lower() or " " in game.name:
        problems.append(f"game class {type(game).__name__} needs a name in lowercase words "
                        "joined by hyphens, e.g. 'connect-four'")
    missing = [m for m in REQUIRED_METHODS if getattr(type(game), m) is getattr(Game, m)]
    if missing:
        problems.append(f"game {label!r} does not define {', '.join(missing)}")
    if not game.events:
        problems.append(f"game {label!r} names no events (set events = (Started, ...))")
    unmade = [getattr(e, "__name__", repr(e)) for e in game.events if not hasattr(e, "TYPE")]
    if unmade:
        problems.append(f"game {label!r}: events {', '.join(unmade)} are not made with @event")
    for opt in game.options:
        if not isinstance(opt, Option):
            problems.append(f"game {label!r}: option {opt!r} is not a meeple.core.Option")
        elif opt.problem():
            problems.append(f"game {label!r}: option {opt.name!r}: {opt.problem()}")
    if not 1 <= game.min_players <= game.max_players:
        problems.append(f"game {label!r}: min_players {game.min_players} and max_players "
                        f"{game.max_players} make no player count")
    if not game.render_formats or "text" not in game.render_formats:
        problems.append(f"game {label!r}: render_formats must include 'text'")
    return problems


@attrs.frozen
class PluginInfo:
    name: str
    distribution: str
    version: str
    hooks: tuple[str, ...]
    error: str | None = None


class Plugins:
    """The loaded plugins and what they provide: games, agents, stores, importers."""

    def __init__(self, pm: pluggy.PluginManager, infos: list[PluginInfo],
                 game_lists: list[list[Game]] | None = None) -> None:
        self.pm = pm
        self.infos = infos
        # The games each loaded plugin handed over when it was checked, in load order.
        self._game_lists = game_lists

    @property
    def failures(self) -> list[PluginInfo]:
        return [i for i in self.infos if i.error]

    @cached_property
    def games(self) -> dict[str, Game]:
        found: dict[str, Game] = {}
        batches = self._game_lists if self._game_lists is not None else self.pm.hook.meeple_games()
        for batch in batches:
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
    game_lists: list[list[Game]] = []

    def admit(name: str, obj: Any, dist: str, version: str) -> None:
        """Register ``obj``, then take its games; a plugin whose games fail the load
        checks is unregistered again, so neither its games nor its other hooks are offered."""
        try:
            pm.register(obj, name=name)
        except Exception as exc:  # e.g. a hook implementation with the wrong arguments
            infos.append(PluginInfo(name, dist, version, (), f"{type(exc).__name__}: {exc}"))
            return
        try:
            impls = [i for i in pm.hook.meeple_games.get_hookimpls() if i.plugin is obj]
            games = [g for impl in impls for g in (impl.function() or ())]
            problems = [p for g in games for p in game_problems(g)]
        except Exception as exc:  # the hook itself blew up: same as failing to import
            problems = [f"meeple_games failed: {type(exc).__name__}: {exc}"]
        if problems:
            pm.unregister(obj)
            infos.append(PluginInfo(name, dist, version, (), "; ".join(problems)))
            return
        game_lists.append(games)
        infos.append(PluginInfo(name, dist, version, _hooks_of(pm, obj)))

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
        except Exception as exc:  # a broken plugin must not take the others down
            infos.append(PluginInfo(ep.name, dist, version, (), f"{type(exc).__name__}: {exc}"))
            continue
        admit(ep.name, module, dist, version)
    for i, obj in enumerate(extra or ()):
        admit(getattr(obj, "__name__", f"extra-{i}"), obj, "(registered)", "-")
    return Plugins(pm, infos, game_lists)
