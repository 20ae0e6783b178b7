"""What the plugin contract checks at load time, option bounds and kinds, and render
formats: a broken plugin is listed as failed with the reason and its game is not offered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from meeple.core import BadOptions, Game, LocalGame, MeepleError, Option, event, hookimpl
from meeple.core.engine import Engine
from meeple.core.game import render_checked
from meeple.core.plugins import game_problems, load
from meeple.core.stores.memory import MemoryStore
from meeple_connect_four import ConnectFour
from plugin_template_nim import Nim


@event("half.started")
class HalfStarted:
    players: tuple[str, ...]


class Half(Game):
    """Everything but decide and fold."""

    name = "half"
    events = (HalfStarted,)

    def setup(self, players, options, rng):
        return [HalfStarted(tuple(players))]

    def to_act(self, state):
        return ()

    def legal(self, state, player):
        return []

    def outcome(self, state):
        return None

    def parse(self, text, state=None, player=None):
        return text

    def format(self, command, state=None):
        return str(command)


class Eventless(ConnectFour):
    name = "eventless"
    events = ()


class Plugin:
    def __init__(self, name, *games):
        self.__name__ = name
        self.games = games

    @hookimpl
    def meeple_games(self):
        return list(self.games)

    @hookimpl
    def meeple_agents(self):
        return {f"{self.__name__}-agent": lambda options, seed: None}


def _loaded(*plugins):
    return load(only="", extra=list(plugins))


def test_a_game_without_required_methods_fails_its_plugin_with_the_reason():
    p = _loaded(Plugin("good", ConnectFour()), Plugin("bad", Half()))
    bad = next(i for i in p.infos if i.name == "bad")
    assert bad.error == "game 'half' does not define decide, fold"
    assert bad.hooks == ()
    assert "half" not in p.games and "connect-four" in p.games
    # Nothing of a failed plugin is offered, its agents neither.
    assert "bad-agent" not in p.agents and "good-agent" in p.agents


@pytest.mark.parametrize("name", ["Connect-four", " connect-four", "connect-four\t",
                                  "connect four"])
def test_a_game_name_with_capitals_or_white_space_fails(name):
    class Misnamed(ConnectFour):
        pass

    Misnamed.name = name
    assert game_problems(Misnamed()) == [
        "game class Misnamed needs a name in lowercase words joined by hyphens, e.g. "
        "'connect-four'"]


def test_a_game_naming_no_events_fails():
    p = _loaded(Plugin("noev", Eventless()))
    assert p.failures[0].error == "game 'eventless' names no events (set events = (Started, ...))"
    assert "eventless" not in p.games


def test_unusable_option_declarations_fail_at_import_with_the_reason():
    with pytest.raises(TypeError, match=r"option 'x': kind list is not one of bool, int"):
        Option("x", [1, 2], "a list is no option kind")
    with pytest.raises(TypeError, match=r"the default 3 is not allowed .* at least 5"):
        Option("n", 3, "below its own bound", min=5)
    with pytest.raises(TypeError, match="min and max bound int or float options"):
        Option("s", "a", "text has no bounds", min=1)
    with pytest.raises(TypeError, match="min 9 is above max 1"):
        Option("n", 5, "empty range", min=9, max=1)
    with pytest.raises(TypeError, match="the default 'x' is not allowed"):
        Option("c", "x", "default outside choices", choices=("a", "b"))


def test_a_game_whose_options_are_not_options_fails():
    class Odd(ConnectFour):
        name = "odd"
        options = (("x", 1),)

    p = _loaded(Plugin("odd", Odd()))
    assert p.failures[0].error == "game 'odd': option ('x', 1) is not a meeple.core.Option"


def test_every_installed_game_passes_the_load_checks():
    games = load().games
    assert {"connect-four", "utopia", "terra-mystica", "terraforming-mars",
            "carcassonne-hill-dale"} <= set(games)
    assert {name: game_problems(g) for name, g in games.items()} == {n: [] for n in games}


def test_option_kind_is_inferred_from_the_default():
    assert Option("heaps", "3,4,5", "heap sizes").kind is str
    assert Option("heaps", "3,4,5", "heap sizes").coerce("1,2") == "1,2"
    assert Option("goal", 50, "points").kind is int
    assert Option("fast", False, "flag").kind is bool
    assert Option("c", 1.5, "constant").coerce("2") == 2.0


@pytest.mark.parametrize("given, message", [
    ("-5", "option 'goal' takes a whole number from 10 to 150, not -5"),
    ("151", "option 'goal' takes a whole number from 10 to 150, not 151"),
    ("x", "option 'goal' takes a whole number from 10 to 150, not 'x'"),
    ("9" * 5000, "option 'goal' takes a whole number from 10 to 150, not '999999999999"),
    (9 ** 5000, "option 'goal' takes a whole number from 10 to 150, not a number too long"),
    (True, "option 'goal' takes a whole number from 10 to 150, not True"),
    (12.5, "option 'goal' takes a whole number from 10 to 150, not 12.5"),
], ids=["negative", "above", "word", "long-text", "long-int", "bool", "float"])
def test_out_of_range_and_wrong_kind_values_are_refused(given, message):
    goal = Option("goal", 50, "points", min=10, max=150)
    with pytest.raises(BadOptions) as exc:
        goal.coerce(given)
    assert str(exc.value).startswith(message)
    assert goal.coerce("10") == 10 and goal.coerce(150) == 150


def test_float_options_refuse_nan_and_infinity():
    c = Option("c", 1.0, "constant", min=0.0)
    for text in ("nan", "inf", "-inf", "-0.5"):
        with pytest.raises(BadOptions, match="takes a number, at least 0.0"):
            c.coerce(text)


@pytest.mark.parametrize("game, option, value, allowed", [
    ("utopia", "goal", "-5", "from 10 to 150"),
    ("terraforming-mars", "max_generations", "-1", "from 0 to 100"),
    ("carcassonne-hill-dale", "tiles", "0", "from 1 to 72"),
])
def test_the_games_numeric_options_have_bounds(game, option, value, allowed):
    eng = Engine(MemoryStore())
    g = eng.plugins.game(game)
    with pytest.raises(BadOptions, match=f"option '{option}' takes a whole number {allowed}"):
        eng.new_game(game, g.default_players(2), {option: value}, seed=1)
    assert eng.store.game_ids() == []


def test_an_unsupported_render_format_is_refused_not_drawn_as_text():
    eng = Engine(MemoryStore())
    gid = eng.new_game("connect-four", ["a", "b"], seed=1)
    assert eng.render(gid, "svg").startswith("<svg")
    with pytest.raises(BadOptions, match=r"connect-four renders text, svg; not 'png'"):
        eng.render(gid, "png")


def test_a_render_that_ignores_the_format_is_an_error_not_a_picture():
    class TextOnly(ConnectFour):
        name = "text-only"

        def render(self, state, fmt="text", player=None):
            return "just text"

    game = TextOnly()
    state = LocalGame(game, ["a", "b"]).state
    assert game.render_formats == ("text", "svg")  # it wrote render, so svg is assumed
    with pytest.raises(MeepleError, match="text-only's render gave no SVG"):
        render_checked(game, state, "svg")

    class Declared(TextOnly):
        name = "declared"
        render_formats = ("text",)

    with pytest.raises(BadOptions, match="declared renders text; not 'svg'"):
        render_checked(Declared(), state, "svg")


def test_meeple_plugins_lists_a_broken_installed_plugin_with_its_reason(tmp_path):
    """A real entry point (a dist-info on PYTHONPATH), seen through the CLI."""
    (tmp_path / "broken_game.py").write_text(textwrap.dedent('''
        from meeple.core import Game, hookimpl

        class Broken(Game):
            name = "broken"

        @hookimpl
        def meeple_games():
            return [Broken()]
    '''))
    (tmp_path / "odd_option_game.py").write_text(textwrap.dedent('''
        from meeple.core import Option
        from meeple_connect_four import ConnectFour

        class OddOption(ConnectFour):
            name = "odd-option"
            options = (Option("heaps", [3, 4, 5], "a list is no option kind"),)
    '''))
    info = tmp_path / "broken_game-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[meeple]\nbroken = broken_game\noddoption = odd_option_game\n")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("MEEPLE")},
           "PYTHONPATH": str(tmp_path)}
    meeple = [sys.executable, "-m", "meeple.cli.app"]
    listed = subprocess.run([*meeple, "plugins", "--json"], capture_output=True, text=True,
                            env=env, check=True)
    row = next(r for r in json.loads(listed.stdout) if r["name"] == "broken")
    assert row["error"].startswith("game 'broken' does not define setup, decide, fold, to_act,")
    assert "names no events" in row["error"]
    odd = next(r for r in json.loads(listed.stdout) if r["name"] == "oddoption")
    assert odd["error"] == ("TypeError: option 'heaps': kind list is not one of bool, int, "
                            "float, str (give kind= or a default of one of those types)")
    games = subprocess.run([*meeple, "games", "--json"], capture_output=True, text=True,
                           env=env, check=True)
    assert "broken" not in {g["name"] for g in json.loads(games.stdout)}
    assert "connect-four" in {g["name"] for g in json.loads(games.stdout)}


def test_games_json_lists_option_kinds_and_bounds(capsys):
    from cli_runner import run_meeple

    code, out, _ = run_meeple(capsys, "games", "--json")
    assert code == 0
    utopia = next(g for g in json.loads(out) if g["name"] == "utopia")
    assert utopia["options"] == [{
        "name": "goal", "default": 50, "kind": "int", "min": 10, "max": 150, "choices": None,
        "allowed": "a whole number from 10 to 150",
        "help": "the game ends after the scoring in which someone reaches this"}]



class CrashingNim(Nim):
    """The template's Nim with a parse and a decide that crash on input they did not expect."""

    name = "crashing-nim"

    def parse(self, text, state=None, player=None):
        if text.startswith("take"):
            return super().parse(text, state, player)
        return {}[text]  # KeyError: not an IllegalCommand

    def decide(self, state, player, command, rng):
        if command.count == 3:
            raise ZeroDivisionError("division by zero")
        return super().decide(state, player, command, rng)


def test_a_plugin_exception_in_parse_or_decide_is_one_line_naming_the_plugin():
    eng = Engine(MemoryStore(), _loaded(Plugin("crashing", CrashingNim())))
    gid = eng.new_game("crashing-nim", ["ann", "bob"], seed=1)
    before = eng.store.load(gid)
    with pytest.raises(MeepleError) as parsing:
        eng.move(gid, "pass", player="ann")
    # The plugin is named by the module of its game class (here this test module's package).
    module = CrashingNim.__module__.split(".")[0]
    assert str(parsing.value) == (f"the crashing-nim plugin ({module}) failed while "
                                  "reading the command 'pass': KeyError: 'pass'")
    with pytest.raises(MeepleError) as deciding:
        eng.move(gid, "take 3 from 3", player="ann")
    assert str(deciding.value) == (f"the crashing-nim plugin ({module}) failed while "
                                   "deciding a command: ZeroDivisionError: division by zero")
    assert eng.store.load(gid) == before
    eng.move(gid, "take 2 from 3", player="ann")  # the game itself goes on
    assert len(eng.store.load(gid)) == len(before) + 1


def test_a_plugin_whose_hook_pluggy_refuses_is_failed_not_fatal():
    class WrongHook:
        __name__ = "wrong-hook"

        @hookimpl
        def meeple_games(self, surprise):  # the spec takes no arguments
            return []

    p = _loaded(WrongHook(), Plugin("good", ConnectFour()))
    assert p.failures[0].name == "wrong-hook" and "surprise" in p.failures[0].error
    assert "connect-four" in p.games


def test_a_plugin_whose_games_hook_raises_is_failed_with_the_reason():
    class Raising:
        __name__ = "raising"

        @hookimpl
        def meeple_games(self):
            raise RuntimeError("data file missing")

    p = _loaded(Raising())
    assert p.failures[0].error == "meeple_games failed: RuntimeError: data file missing"
    assert p.games == {}
