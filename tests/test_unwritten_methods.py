"""A method a plugin has not written yet (a template stub raising NotImplementedError) is
reported as not written, naming the plugin and what to write: not as a bad option, not as
a refused command."""

from __future__ import annotations

import random

import pytest
from meeple.core import BadOptions, Game, event, runtime
from meeple.core.runtime import NotWritten


@event("half.started")
class Started:
    players: tuple[str, ...]


class Half(Game):
    name = "half"
    events = (Started,)

    def setup(self, players, options, rng):
        raise NotImplementedError("write Half.setup: return the opening events")


class HalfWithSetup(Half):
    def setup(self, players, options, rng):
        return [Started(tuple(players))]


def test_an_unwritten_setup_is_reported_as_not_written():
    with pytest.raises(NotWritten) as exc:
        runtime.start(Half(), ["a", "b"], {}, 1)
    assert not isinstance(exc.value, BadOptions)
    assert str(exc.value).startswith("the half plugin (")
    assert str(exc.value).endswith(") is not written yet (setting up the game): write "
                                   "Half.setup: return the opening events")


def test_a_required_method_left_to_the_base_class_is_reported_as_not_written():
    with pytest.raises(NotWritten, match=r"not written yet \(reading the command 'x'\): a "
                                         "required method raises NotImplementedError"):
        runtime.parse(HalfWithSetup(), "x", None, "a")
    with pytest.raises(NotWritten, match=r"not written yet \(deciding a command\)"):
        runtime.decide(HalfWithSetup(), None, "a", "x", 1, 1, rng=random.Random(1))


class HalfWithTurns(HalfWithSetup):
    """Knows whose turn it is and when the game ends, but not yet what a command does."""

    def to_act(self, state):
        return ("a",)

    def outcome(self, state):
        return None

    def decide(self, state, player, cmd, rng):
        raise NotImplementedError("write HalfWithTurns.decide: the events of a command")


def test_an_unwritten_decide_is_reported_as_not_written_not_as_a_plugin_failure() -> None:
    with pytest.raises(NotWritten) as exc:
        runtime.decide(HalfWithTurns(), None, "a", "x", 1, 1, rng=random.Random(1))
    assert str(exc.value).endswith(") is not written yet (deciding a command): write "
                                   "HalfWithTurns.decide: the events of a command")


def test_an_unwritten_parse_names_the_first_40_characters_of_the_command() -> None:
    text = "".join(chr(ord("a") + i % 26) for i in range(60))
    with pytest.raises(NotWritten) as exc:
        runtime.parse(HalfWithSetup(), text, None, "a")
    assert f"(reading the command {text[:40]!r}):" in str(exc.value)
    assert text[:41] not in str(exc.value)


def test_a_long_message_of_an_unwritten_method_keeps_200_characters() -> None:
    plugin = f"the half plugin ({runtime.plugin_name(Half())}) is not written yet (x): "
    kept = runtime.unwritten(Half(), "x", NotImplementedError("k" * 200))
    assert str(kept) == plugin + "k" * 200
    cut = runtime.unwritten(Half(), "x", NotImplementedError("c" * 199 + " \n z"))
    assert str(cut) == plugin + "c" * 197 + "..."
    assert str(runtime.unwritten(Half(), "x", NotImplementedError(" a \n b "))) == plugin + "a b"
