"""Loading plugins (meeple.core.plugins): every defect of a game named, games, agents, stores
and importers offered by name, only the external plugins that load named, and a plugin with
a broken game refused whole."""

from __future__ import annotations

from importlib import metadata

import pytest
from meeple.core import (
    Game,
    UnknownName,
    hookimpl,
)
from meeple.core.plugins import REQUIRED_METHODS, PluginInfo, game_problems, load
from meeple_testgames import FirstLegal
from test_match_play import Coins, Crashing

# -- plugins --------------------------------------------------------------------------------


def test_game_problems_name_every_defect() -> None:
    assert game_problems("x") == ["'x' is not a meeple.core.Game"]
    assert game_problems(Coins()) == []

    class Bare(Game):
        name = "Bad Name"
        min_players, max_players = 3, 2
        render_formats = ("svg",)
        options = ("x",)  # type: ignore[assignment]
        events = (int,)

    assert game_problems(Bare()) == [
        "game class Bare needs a name in lowercase words joined by hyphens, e.g. 'connect-four'",
        f"game 'Bad Name' does not define {', '.join(REQUIRED_METHODS)}",
        "game 'Bad Name': events int are not made with @event",
        "game 'Bad Name': option 'x' is not a meeple.core.Option",
        "game 'Bad Name': min_players 3 and max_players 2 make no player count",
        "game 'Bad Name': render_formats must include 'text'",
    ]

    class Unnamed(Coins):
        name = ""
        events = ()
        min_players = 0
        render_formats = ()

    assert game_problems(Unnamed()) == [
        "game class Unnamed needs a name in lowercase words joined by hyphens, e.g. 'connect-four'",
        "game 'Unnamed' names no events (set events = (Started, ...))",
        "game 'Unnamed': min_players 0 and max_players 3 make no player count",
        "game 'Unnamed': render_formats must include 'text'",
    ]
    for name in ("Coins", " coins", "my game"):
        class Named(Coins):
            pass
        Named.name = name
        assert game_problems(Named())[0].startswith("game class Named needs a name")
    one = type("One", (Coins,), {"min_players": 1, "max_players": 1})
    assert game_problems(one()) == []


def test_plugins_offer_games_agents_stores_and_importers_by_name() -> None:
    class Extra:
        @hookimpl
        def meeple_games(self):
            return [Coins(), Crashing()]

        @hookimpl
        def meeple_agents(self):
            return {"first": lambda options, seed: FirstLegal()}

    plugins = load(only="", extra=[Extra()])
    assert plugins.game(" Crashing_Coins ") is plugins.games["crashing-coins"]
    assert plugins.game("crashing coins").name == "crashing-coins"
    assert list(plugins.games) == sorted(plugins.games) and "connect-four" not in plugins.games
    assert plugins.agent_factory("first")({}, 1).name == "first"
    assert sorted(plugins.stores) == ["jsonl", "memory", "postgresql", "sqlite"]
    for call, words in [(lambda: plugins.game("chess"),
                         "no game named 'chess'; installed games: coins, crashing-coins"),
                        (lambda: plugins.agent_factory("x"),
                         "no agent named 'x'; installed agents: " + ", ".join(plugins.agents)),
                        (lambda: plugins.importer("x"),
                         "no importer named 'x'; installed importers: none installed")]:
        with pytest.raises(UnknownName) as exc:
            call()
        assert str(exc.value).startswith(words)
    assert plugins.failures == []
    assert [i.name for i in plugins.infos if i.distribution == "(registered)"] == ["extra-0"]
    info = next(i for i in plugins.infos if i.distribution == "(registered)")
    assert info == PluginInfo("extra-0", "(registered)", "-", ("meeple_agents", "meeple_games"))
    empty = load(only="")
    with pytest.raises(UnknownName) as exc:
        empty.game("coins")
    assert str(exc.value).startswith("no game named 'coins'; installed games: ")
    with pytest.raises(UnknownName) as exc:
        type(empty)(empty.pm, [], []).game("x")
    assert str(exc.value) == "no game named 'x'; installed games: none installed"


def test_only_names_the_external_plugins_that_load(monkeypatch) -> None:
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four , nothing")
    chosen = load()
    assert list(chosen.games) == ["connect-four"]
    assert "memory" in chosen.stores  # the meeple distribution's own always load
    assert list(load(only="").games) == []
    everything = load(only=None)
    assert list(everything.games) == ["connect-four"]
    monkeypatch.delenv("MEEPLE_LOAD_PLUGINS")
    assert len(load().games) > 1


def add_unimportable_plugin(monkeypatch, name: str) -> None:
    """One more entry point of group meeple, of no distribution, whose module is missing."""
    real = metadata.entry_points

    def with_it(**kw):
        eps = list(real(**kw))
        if kw.get("group") == "meeple":
            eps.append(metadata.EntryPoint(name, "meeple_no_such_module_xyz", "meeple"))
        return eps

    monkeypatch.setattr(metadata, "entry_points", with_it)


def test_a_plugin_that_fails_to_import_is_reported_and_the_rest_load(monkeypatch) -> None:
    add_unimportable_plugin(monkeypatch, "broken")
    loaded = load()
    failed = {i.name: i.error for i in loaded.failures}
    assert "ModuleNotFoundError" in failed["broken"]
    assert "connect-four" in loaded.games


def test_a_plugin_not_chosen_is_not_imported_whatever_its_distribution(monkeypatch) -> None:
    # Only the meeple distribution's own plugins load unasked; an entry point of no known
    # distribution (named "?", which sorts before "meeple") is not even imported.
    add_unimportable_plugin(monkeypatch, "stray")
    chosen = load(only="")
    assert chosen.failures == [] and "stray" not in [i.name for i in chosen.infos]
    assert "memory" in chosen.stores
    assert [i.name for i in load(only="stray").failures] == ["stray"]


def test_a_plugin_installed_twice_loads_once(monkeypatch) -> None:
    # The same distribution on the path twice (an editable and a built install) lists
    # its entry point twice.
    real, once = metadata.entry_points, load()

    def doubled(**kw):
        eps = list(real(**kw))
        return eps + [ep for ep in eps if ep.name == "connect_four"]

    monkeypatch.setattr(metadata, "entry_points", doubled)
    loaded = load()
    assert [i.name for i in loaded.infos].count("connect_four") == 1
    assert not loaded.failures and list(loaded.games) == list(once.games)
    assert list(loaded.stores) == list(once.stores)


def test_a_plugin_with_a_broken_game_is_refused_whole() -> None:
    class Half:
        __name__ = "half"

        @hookimpl
        def meeple_games(self):
            return [Coins(), "not a game"]

        @hookimpl
        def meeple_agents(self):
            return {"half-agent": lambda o, s: FirstLegal()}

    plugins = load(only="", extra=[Half()])
    assert "coins" not in plugins.games and "half-agent" not in plugins.agents
    (failed,) = plugins.failures
    assert failed == PluginInfo("half", "(registered)", "-", (), "'not a game' is not a "
                                "meeple.core.Game")


def test_the_games_offered_are_those_checked_at_load_and_the_hook_runs_once() -> None:
    made = []

    class Counting:
        __name__ = "counting"

        @hookimpl
        def meeple_games(self):
            made.append(Coins())
            return [made[-1]]

    plugins = load(only="", extra=[Counting()])
    assert plugins.games["coins"] is made[0]
    assert len(made) == 1


def test_an_option_spoiled_after_it_was_made_fails_the_load_checks() -> None:
    from meeple.core import Option

    opt = Option("goal", 5, "points", min=1, max=9)
    object.__setattr__(opt, "min", 20)

    class Spoiled(Coins):
        name = "spoiled"
        options = (opt,)

    assert game_problems(Spoiled()) == ["game 'spoiled': option 'goal': min 20 is above max 9"]


def test_every_hook_a_plugin_may_implement_is_declared_with_its_arguments() -> None:
    # A declared hook is checked at registration: an implementation asking for arguments
    # the hook does not give is refused then, not when the hook is first called.
    for name in ("meeple_games", "meeple_agents", "meeple_stores", "meeple_importers"):

        class Asks:
            __name__ = f"asks-{name}"

        def wants(self, extra):
            return []

        setattr(Asks, name, hookimpl(wants))
        plugins = load(only="", extra=[Asks()])
        (failed,) = plugins.failures
        assert failed.name == f"asks-{name}" and "extra" in failed.error, (name, failed.error)
