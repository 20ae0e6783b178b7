"""The Game defaults a plugin inherits (meeple.core.game): players checked by count and name,
option names with hyphens or underscores, upcasting, evaluate, step as decide then fold, and
which render formats a game offers."""

from __future__ import annotations

import random

import attrs
import pytest
from meeple.core import (
    Amount,
    Amounts,
    BadOptions,
    Entry,
    Game,
    MeepleError,
    Option,
    Outcome,
    Panel,
)
from meeple.core.events import event
from meeple.core.game import render_checked

# -- Game defaults --------------------------------------------------------------------------

@event("toy.thing")
class Thing:
    who: str
    n: int


class Toy(Game):
    name = "toy"
    min_players, max_players = 2, 3
    options = (Option("goal", 10, "points", min=1, max=50), Option("fast_dice", False, "quick"))
    events = (Thing,)


def test_players_are_checked_by_count_and_name() -> None:
    g = Toy()
    g.check_players(["a", "b"])
    g.check_players(["a", "b", "c"])
    for players in (["a"], ["a", "b", "c", "d"], []):
        with pytest.raises(BadOptions) as exc:
            g.check_players(players)
        assert str(exc.value) == f"toy takes 2 to 3 players, not {len(players)}"
    for players, doubled in ((["a", "b", "a"], "a"), (["b", "a", "a"], "a"),
                             (["a", "a", "a"], "a")):
        with pytest.raises(BadOptions) as exc:
            g.check_players(players)
        assert str(exc.value) == (f"player names must be different: {doubled} is given more "
                                  f"than once in {', '.join(players)}")
    assert g.default_players(3) == ["p1", "p2", "p3"]


def test_options_match_any_mix_of_hyphens_and_underscores() -> None:
    g = Toy()
    assert g.resolve_options(None) == {"goal": 10, "fast_dice": False}
    assert g.resolve_options({" Fast-Dice ": "yes", "GOAL": "7"}) == {"goal": 7, "fast_dice": True}
    with pytest.raises(BadOptions) as exc:
        g.resolve_options({"speed": 1})
    assert str(exc.value) == "toy has no option 'speed'; its options are: goal, fast_dice"
    with pytest.raises(BadOptions) as exc:
        Game().resolve_options({"x": 1})
    assert str(exc.value) == " has no option 'x'; its options are: none"


def test_game_defaults() -> None:
    g = Toy()
    state = {"cells": [1, 2]}
    assert g.view(state, "a") is state and g.redact("ev", "a") == "ev"
    assert g.redact_command("buy X", "a", "b") == "buy X"
    copy = g.determinize(state, "a", random.Random(0))
    assert copy == state and copy is not state and copy["cells"] is not state["cells"]
    assert g.describe_event(Thing("ann", 3)) == "Thing who=ann n=3"
    assert g.describe_event(42) == "int"
    assert g.changes(Thing("ann", 3)) == {}
    assert g.explain("x") is None and g.turn_marker(state) is None and g.summary(state) == {}
    assert g.render(state) == repr(state)
    assert g.render(state, "".join(["te", "xt"])) == repr(state)  # a name built at run time
    for fmt in ("svg", "unicode"):  # named before "text" and after it
        with pytest.raises(BadOptions) as exc:
            g.render(state, fmt)
        assert str(exc.value) == f"toy draws no {fmt} picture; it renders text"
    assert g.upcast_in_context(state, "ev") == "ev"
    assert g.upcasts_in_context("ev") is False
    assert g.old_format([], []) is None
    with pytest.raises(NotImplementedError) as exc:
        g.upcast("toy.thing", 1, {})
    assert str(exc.value) == "toy cannot read toy.thing version 1"
    for name, args in [("setup", ([], {}, None)), ("decide", (None, "a", None, None)),
                       ("fold", (None, None)), ("to_act", (None,)), ("legal", (None, "a")),
                       ("outcome", (None,)), ("parse", ("x", None, "a")), ("format", (None, None)),
                       ("encode_action", (None, None)), ("decode_action", (0, None, "a")),
                       ("observation", (None, "a"))]:
        with pytest.raises(NotImplementedError):
            getattr(g, name)(*args)
    assert (g.action_count, g.max_actions, g.observation_size) == (None, 1024, None)


def test_a_game_that_declares_nothing_is_for_two_players_with_nothing_hidden() -> None:
    class Bare(Game):
        name = "bare"

    g = Bare()
    assert (g.min_players, g.max_players, g.hidden_information) == (2, 2, False)
    assert (g.version, g.title, g.options, g.events) == ("0", "", (), ())
    g.check_players(["a", "b"])
    for players in (["a"], ["a", "b", "c"]):
        with pytest.raises(BadOptions):
            g.check_players(players)


def test_an_amount_counts_once_and_a_form_confirms_unless_told_otherwise() -> None:
    assert Amount("mc", 3) == Amount("mc", 3, 1)
    assert Amount("steel", 2, 2).worth == 2
    form = Amounts("Pay", 5, (Amount("mc", 3), Amount("steel", 1, 2)))
    assert form.button == "Confirm"


def test_a_panel_lists_entries_that_say_only_their_name_unless_told_more() -> None:
    entry = Entry("Birds")
    assert (entry.text, entry.detail, entry.region) == ("", "", None)
    assert Entry("Birds", "2 vp") == Entry("Birds", text="2 vp", detail="", region=None)
    hand = Panel("Hand", (entry,))
    assert hand == Panel("Hand", (Entry("Birds"),)) and Panel("Hand").entries == ()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        hand.title = "Deck"  # type: ignore[misc]


@attrs.frozen
class Spot:
    x: int
    y: int


@attrs.frozen
class Placed:
    spot: Spot
    tags: tuple[Spot, ...]


def test_describe_event_shows_a_nested_value_by_its_own_repr() -> None:
    line = Toy().describe_event(Placed(Spot(1, 2), (Spot(3, 4),)))
    assert line == "Placed spot=Spot(x=1, y=2) tags=(Spot(x=3, y=4),)"


def test_a_game_that_upcasts_in_context_says_so() -> None:
    class Upcasting(Toy):
        def upcast_in_context(self, state, event):
            return event

    assert Upcasting().upcasts_in_context("ev") is True


def test_evaluate_of_the_default_game() -> None:
    class Ends(Toy):
        def __init__(self, out):
            self.out = out

        def outcome(self, state):
            return self.out

    assert Ends(None).evaluate(None, "a") == 0.0
    won = Outcome.from_scores({"a": 2, "b": 1})
    assert Ends(won).evaluate(None, "a") == 1.0
    assert Ends(won).evaluate(None, "b") == -1.0
    assert Ends(won).evaluate(None, "nobody") == -1.0


def test_the_default_evaluator_values_states_as_evaluate_does() -> None:
    class Scored(Toy):
        def evaluate(self, state, player):
            return {"a": 0.5, "b": -0.25}[player] * state

    value = Scored().evaluator()
    assert (value(2, "a"), value(2, "b")) == (1.0, -0.5)


def test_a_game_that_explains_nothing_lists_no_topics() -> None:
    g = Toy()
    assert g.topics() == {} and g.explain("Asteroid") is None


def test_step_is_decide_then_fold_of_every_event() -> None:
    class Counter(Toy):
        def decide(self, state, player, cmd, rng):
            return [Thing(player, 1), Thing(player, 2)]

        def fold(self, state, ev):
            return [*state, ev.n]

    assert Counter().step([0], "a", None, random.Random(0)) == [0, 1, 2]


def test_render_formats_follow_whether_render_is_written() -> None:
    class Drawn(Toy):
        def render(self, state, fmt="text", player=None):
            return "<svg/>" if fmt == "svg" else "text"

    class Declared(Drawn):
        render_formats = ("text",)

    class Fake(Toy):
        def render(self, state, fmt="text", player=None):
            return "  plain words"

    assert Toy.render_formats == ("text",)
    assert Drawn.render_formats == ("text", "svg") and Declared.render_formats == ("text",)
    assert render_checked(Drawn(), None, "svg") == "<svg/>"
    assert render_checked(Drawn(), None, "text") == "text"
    with pytest.raises(BadOptions) as exc:
        render_checked(Declared(), None, "svg")
    assert str(exc.value) == "toy renders text; not 'svg'"
    typed = "".join(["s", "vg"])  # as read from a command line: equal, not the same string
    with pytest.raises(MeepleError) as exc:
        render_checked(Fake(), None, typed)
    assert str(exc.value) == ("toy's render gave no SVG for format 'svg'; a game without "
                              "pictures sets render_formats = ('text',)")

    class Xml(Toy):
        def render(self, state, fmt="text", player=None):
            return "\n <?xml version='1.0'?><svg/>"

    assert render_checked(Xml(), None, "svg").startswith("\n <?xml")

    class Ascii(Fake):  # a format named before "svg" is no SVG and is not checked as one
        render_formats = ("text", "ascii")

    assert render_checked(Ascii(), None, "ascii") == "  plain words"


def test_the_default_upcast_takes_the_step_of_the_stored_type_and_version() -> None:
    @event("toy.moved", version=3)
    class Moved:
        to: int

        @staticmethod
        def upcast_v1_v2(data):
            return {**data, "steps": ["1-2"]}

        @staticmethod
        def upcast_v2_v3(data):
            return {**data, "steps": ["2-3"]}

    @event("toy.thing", version=3)
    class Renamed:
        who: str

        @staticmethod
        def upcast_v2_v3(data):
            return {**data, "steps": ["thing 2-3"]}

    class Stepped(Toy):
        # "toy.moved" sorts before "toy.thing" and comes first: names match exactly.
        events = (Moved, Renamed)

    g = Stepped()
    assert g.upcast("toy.moved", 1, {"to": 4}) == (2, {"to": 4, "steps": ["1-2"]})
    assert g.upcast("toy.moved", 2, {"to": 4}) == (3, {"to": 4, "steps": ["2-3"]})
    assert g.upcast("toy.thing", 2, {}) == (3, {"steps": ["thing 2-3"]})
    with pytest.raises(NotImplementedError):
        g.upcast("toy.moved", 3, {"to": 4})

    class Reversed(Toy):
        events = (Renamed, Moved)  # the type sorting later comes first

    assert Reversed().upcast("toy.moved", 2, {"to": 4}) == (3, {"to": 4, "steps": ["2-3"]})


def test_the_encoded_mixin_delegates_to_the_games_own_modules() -> None:
    from types import SimpleNamespace

    from meeple.core.encoded import Encoded

    encoding = SimpleNamespace(
        ACTION_COUNT=7,
        encode_action=lambda command, state: (command, state),
        decode_action=lambda index, state, player: (index, state, player))
    observing = SimpleNamespace(OBSERVATION_SIZE=3,
                                observe=lambda view, player: [view, player])

    class Read(Encoded, Game):
        name = "read"

    Read.encoding, Read.observing = encoding, observing

    class Numbered(Encoded, Game):
        name = "numbered"
        encoding = Read.encoding
        observing = Read.observing

    class ActionsOnly(Encoded, Game):
        name = "actions-only"
        encoding = Read.encoding

    game = Numbered()
    assert (Numbered.action_count, Numbered.observation_size) == (7, 3)
    assert (ActionsOnly.action_count, ActionsOnly.observation_size) == (7, Game.observation_size)
    assert (Read.action_count, Read.observation_size) == (Game.action_count, Game.observation_size)
    assert game.encode_action("c", "s") == ("c", "s")
    assert game.decode_action(4, "s", "p") == (4, "s", "p")
    assert game.observation("v", "p") == ["v", "p"]
