"""`meeple` subcommands added by plugins through the ``meeple_commands`` hook
(meeple.cli.hookspecs, docs/plugins.md): they get their arguments, give their exit code,
are listed in the help, and never take over a built-in command's name."""

from __future__ import annotations

import random
import re

import pytest
from cli_runner import run_meeple
from meeple.cli import plugin_commands
from meeple.core import LocalGame, hookimpl
from meeple.core.plugins import load
from meeple_testgames import CommandsPlugin, DiceRace, TestGamesPlugin


def only(monkeypatch, *extra) -> None:
    """The command line sees the test games and ``extra`` plugins, nothing installed."""
    monkeypatch.setattr(plugin_commands, "load",
                        lambda: load(only="", extra=[TestGamesPlugin(), *extra]))


def test_a_plugin_command_gets_its_arguments(monkeypatch, capsys):
    only(monkeypatch, CommandsPlugin())
    code, out, err = run_meeple(capsys, "dice-race-play", "--seed", "7", "--players", "3")
    game = DiceRace()
    local = LocalGame(game, game.default_players(3), seed=7)
    local.play_randomly(random.Random(7))
    assert (code, err) == (0, "")
    assert out.split() == [f"{p}={t}" for p, t in sorted(local.state.totals.items())]


def test_a_plugin_command_prints_its_own_help_under_the_meeple_name(monkeypatch, capsys):
    only(monkeypatch, CommandsPlugin())
    code, out, _ = run_meeple(capsys, "dice-race-play", "--help")
    assert code == 0
    assert out.startswith("usage: meeple dice-race-play")
    assert "--seed" in out


def test_bad_input_to_a_plugin_command_exits_2_with_its_reason(monkeypatch, capsys):
    only(monkeypatch, CommandsPlugin())
    code, out, err = run_meeple(capsys, "dice-race-play", "--seed", "1", "--players", "9")
    assert code == 2
    assert out == ""
    assert "invalid choice: 9" in err
    assert "Traceback" not in err


def test_meeple_help_lists_a_plugin_command_with_its_docstring(monkeypatch, capsys):
    only(monkeypatch, CommandsPlugin())
    code, out, _ = run_meeple(capsys, "--help")
    assert code == 0
    assert "dice-race-play" in out
    assert "Play one seeded dice race" in out


def test_without_the_plugin_the_command_is_unknown(monkeypatch, capsys):
    only(monkeypatch)
    code, out, err = run_meeple(capsys, "dice-race-play", "--seed", "1")
    assert code == 2
    assert "No such command 'dice-race-play'" in err


class TakesBuiltinNames:
    @hookimpl
    def meeple_commands(self):
        return {"games": lambda argv, prog: print("not the built-in") or 0,
                "Bad Name": lambda argv, prog: 0}


class Broken:
    @hookimpl
    def meeple_commands(self):
        raise RuntimeError("half written")


def test_a_built_in_command_keeps_its_name(monkeypatch, capsys):
    only(monkeypatch, TakesBuiltinNames(), CommandsPlugin())
    code, out, _ = run_meeple(capsys, "games", "--json")
    assert code == 0
    assert "not the built-in" not in out
    assert out.lstrip().startswith("[")  # the built-in's list of installed games
    code, out, _ = run_meeple(capsys, "--help")
    assert len(re.findall(r"^│ games\s", out, re.M)) == 1  # listed once, as the built-in


def test_a_broken_hook_or_a_bad_name_is_reported_and_the_rest_are_offered(capsys):
    plugins = load(only="", extra=[Broken(), TakesBuiltinNames(), CommandsPlugin()])
    found = plugin_commands.plugin_commands(plugins)
    err = capsys.readouterr().err
    assert sorted(found) == ["dice-race-play", "games"]
    assert "meeple_commands failed: RuntimeError: half written" in err
    assert "command 'Bad Name' left out" in err


@pytest.mark.parametrize("first, second", [(0, 1), (1, 0)])
def test_of_two_plugins_offering_one_name_the_first_loaded_keeps_it(first, second):
    class Offers:
        def __init__(self, said: str) -> None:
            self.said = said

        @hookimpl
        def meeple_commands(self):
            return {"same": lambda argv, prog, said=self.said: said}

    offers = [Offers("a"), Offers("b")]
    plugins = load(only="", extra=[offers[first], offers[second]])
    assert plugin_commands.plugin_commands(plugins)["same"]([], "meeple same") == offers[first].said
