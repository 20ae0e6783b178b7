"""The game contract's own parts, checked value by value (scripts/mutation.py, docs/testing.md):
every Option kind, bound and message; Outcome ranks with ties; the Game defaults a plugin
inherits; the facts helpers; agent specs; event declarations; randomness keyed on every
input. Each test covers a whole function, every branch with its exact result or message."""

from __future__ import annotations

import random

import attrs
import pytest
from meeple.core import BadOptions, Game, IllegalCommand, MeepleError, Option, Outcome
from meeple.core.agents import format_spec, parse_spec, split_specs
from meeple.core.events import Redone, Undone, command, event, is_barrier, type_name
from meeple.core.facts import add_changes, number, plain_changes, render_changes, render_counters
from meeple.core.game import OPTION_KINDS, render_checked
from meeple.core.rng import Chance, ChanceNeeded, SealedRandom, derive_rng, draw_rng, new_seed

# -- Option ---------------------------------------------------------------------------------


def refused(opt: Option, value: object) -> str:
    with pytest.raises(BadOptions) as exc:
        opt.coerce(value)
    return str(exc.value)


def test_option_kind_is_the_default_type_unless_given() -> None:
    assert Option("a", True, "h").kind is bool
    assert Option("a", 3, "h").kind is int
    assert Option("a", 2.5, "h").kind is float
    assert Option("a", "x", "h").kind is str
    assert Option("a", 3, "h", kind=float).kind is float
    assert OPTION_KINDS == (bool, int, float, str)


@pytest.mark.parametrize(("kwargs", "problem"), [
    (dict(name="", default=1), "the name must be a non-empty string"),
    (dict(name="   ", default=1), "the name must be a non-empty string"),
    (dict(name=5, default=1), "the name must be a non-empty string"),
    (dict(name="x", default=[1]),
     "kind list is not one of bool, int, float, str (give kind= or a default of one of "
     "those types)"),
    (dict(name="x", default="a", min=1), "min and max bound int or float options, not a str option"),
    (dict(name="x", default=True, max=1), "min and max bound int or float options, not a bool option"),
    (dict(name="x", default=5, min=9, max=1), "min 9 is above max 1"),
    (dict(name="x", default=5, min=6),
     "the default 5 is not allowed by the declaration (option 'x' takes a whole number, "
     "at least 6, not 5)"),
    (dict(name="x", default="c", choices=("a", "b")),
     "the default 'c' is not allowed by the declaration (option 'x' must be one of a, b, "
     "not 'c')"),
])
def test_an_unusable_declaration_names_its_problem(kwargs: dict, problem: str) -> None:
    with pytest.raises(TypeError) as exc:
        Option(help="h", **kwargs)
    assert str(exc.value) == f"option {kwargs['name']!r}: {problem}"


def test_bounds_that_are_equal_or_one_sided_are_usable() -> None:
    assert Option("x", 5, "h", min=5, max=5).problem() is None
    assert Option("x", 5, "h", min=5).problem() is None
    assert Option("x", 5, "h", max=5).problem() is None
    assert Option("x", 0.5, "h", min=0.0, max=1.0).problem() is None


@pytest.mark.parametrize(("opt", "words"), [
    (Option("x", 1, "h"), "a whole number"),
    (Option("x", 1.0, "h"), "a number"),
    (Option("x", True, "h"), "true or false"),
    (Option("x", "a", "h"), "text"),
    (Option("x", 1, "h", min=0, max=9), "a whole number from 0 to 9"),
    (Option("x", 1, "h", min=0), "a whole number, at least 0"),
    (Option("x", 1, "h", max=9), "a whole number, at most 9"),
    (Option("x", 0.5, "h", min=0.0, max=1.0), "a number from 0.0 to 1.0"),
    (Option("x", "a", "h", choices=("a", "b", 3)), "one of a, b, 3"),
])
def test_describe_says_what_is_allowed(opt: Option, words: str) -> None:
    assert opt.describe() == words


@pytest.mark.parametrize(("text", "value"), [
    ("1", True), ("true", True), (" YES ", True), ("on", True), ("", True),
    ("0", False), ("false", False), ("No", False), ("off", False),
    (True, True), (False, False),
])
def test_bool_option_words(text: object, value: bool) -> None:
    assert Option("flag", False, "h").coerce(text) is value


@pytest.mark.parametrize("bad", ["maybe", "2", 1, 0, None, 1.0])
def test_bool_option_refuses_everything_else(bad: object) -> None:
    assert refused(Option("flag", False, "h"), bad) == (
        f"option 'flag' takes true or false, not {bad!r}")


def test_int_option_converts_text_and_checks_both_bounds() -> None:
    opt = Option("n", 5, "h", min=2, max=9)
    assert opt.coerce(" 7 ") == 7 and type(opt.coerce("7")) is int
    assert opt.coerce(2) == 2 and opt.coerce(9) == 9
    for bad in (1, 10, "x", "7.5", 7.5, True, None):
        assert refused(opt, bad) == f"option 'n' takes a whole number from 2 to 9, not {bad!r}"
    # Text is converted first; the refusal shows the number it read.
    assert refused(opt, " 10") == "option 'n' takes a whole number from 2 to 9, not 10"


def test_float_option_takes_ints_and_text_and_refuses_the_rest() -> None:
    opt = Option("c", 1.0, "h", min=0.0, max=2.0)
    assert opt.coerce(1) == 1.0 and type(opt.coerce(1)) is float
    assert opt.coerce("0.5") == 0.5 and opt.coerce(" 2 ") == 2.0
    assert opt.coerce(0.0) == 0.0 and opt.coerce(2.0) == 2.0
    for bad in ("nan", "inf", "-inf", "x", True, None, [1.0], -0.1, 2.1):
        assert refused(opt, bad) == f"option 'c' takes a number from 0.0 to 2.0, not {bad!r}"
    assert refused(opt, "2.5") == "option 'c' takes a number from 0.0 to 2.0, not 2.5"
    assert refused(opt, 3) == "option 'c' takes a number from 0.0 to 2.0, not 3.0"
    # An int too large for a float is a refusal, not an OverflowError.
    assert "a number too long" not in refused(Option("c", 1.0, "h"), 10**400)
    assert refused(Option("c", 1.0, "h"), 10**400).startswith("option 'c' takes a number, not ")
    assert refused(Option("c", 1.0, "h"), "1e999") == "option 'c' takes a number, not '1e999'"


def test_a_huge_int_is_shown_short_in_the_refusal() -> None:
    line = refused(Option("n", 1, "h", max=9), 10**5000)
    assert line == "option 'n' takes a whole number, at most 9, not a number too long to show"
    long_text = "y" * 60
    assert refused(Option("n", 1, "h"), long_text) == (
        f"option 'n' takes a whole number, not {repr(long_text)[:37]}...")
    exactly = "z" * 38  # repr is 40 characters: shown whole
    assert refused(Option("n", 1, "h"), exactly) == f"option 'n' takes a whole number, not {exactly!r}"


def test_str_option_keeps_text_and_refuses_other_kinds() -> None:
    opt = Option("s", "a", "h")
    assert opt.coerce("  Mixed Case ") == "  Mixed Case "
    assert refused(opt, 3) == "option 's' takes text, not 3"


def test_choices_are_checked_after_conversion() -> None:
    opt = Option("n", 3, "h", choices=(3, 4))
    assert opt.coerce("4") == 4
    assert refused(opt, "5") == "option 'n' must be one of 3, 4, not 5"
    assert refused(opt, "x") == "option 'n' takes one of 3, 4, not 'x'"


# -- Outcome --------------------------------------------------------------------------------


def test_outcome_ranks_share_ties_and_skip_places() -> None:
    out = Outcome.from_scores({"a": 5, "b": 9, "c": 5, "d": 1})
    assert out.ranks == {"b": 1, "a": 2, "c": 2, "d": 4}
    assert out.winners == ["b"]
    assert Outcome.from_scores({"a": 3, "b": 3}).winners == ["a", "b"]
    assert Outcome.from_scores({"x": 2, "y": 2, "z": 2}).ranks == {"x": 1, "y": 1, "z": 1}


def test_outcome_tiebreak_orders_equal_scores_only() -> None:
    out = Outcome.from_scores({"a": 5, "b": 5, "c": 7}, tiebreak={"a": 1, "b": 2, "c": 0})
    assert out.ranks == {"c": 1, "b": 2, "a": 3}
    same = Outcome.from_scores({"a": 5, "b": 5}, tiebreak={"a": 4, "b": 4})
    assert same.ranks == {"a": 1, "b": 1}


def test_outcome_json_has_every_part() -> None:
    out = Outcome.from_scores({"a": 1.5, "b": 0}, detail={"why": "x"})
    assert out.to_json() == {"scores": {"a": 1.5, "b": 0}, "ranks": {"a": 1, "b": 2},
                             "winners": ["a"], "detail": {"why": "x"}}
    assert Outcome.from_scores({"a": 1}).detail == {}


# -- Game defaults --------------------------------------------------------------------------

@event("probe.thing")
class Thing:
    who: str
    n: int


class Probe(Game):
    name = "probe"
    min_players, max_players = 2, 3
    options = (Option("goal", 10, "points", min=1, max=50), Option("fast_dice", False, "quick"))
    events = (Thing,)


def test_players_are_checked_by_count_and_name() -> None:
    g = Probe()
    g.check_players(["a", "b"])
    g.check_players(["a", "b", "c"])
    for players in (["a"], ["a", "b", "c", "d"], []):
        with pytest.raises(BadOptions) as exc:
            g.check_players(players)
        assert str(exc.value) == f"probe takes 2 to 3 players, not {len(players)}"
    with pytest.raises(BadOptions) as exc:
        g.check_players(["a", "b", "a"])
    assert str(exc.value) == "player names must be different: a, b, a"
    assert g.default_players(3) == ["p1", "p2", "p3"]


def test_options_match_any_mix_of_hyphens_and_underscores() -> None:
    g = Probe()
    assert g.resolve_options(None) == {"goal": 10, "fast_dice": False}
    assert g.resolve_options({" Fast-Dice ": "yes", "GOAL": "7"}) == {"goal": 7, "fast_dice": True}
    with pytest.raises(BadOptions) as exc:
        g.resolve_options({"speed": 1})
    assert str(exc.value) == "probe has no option 'speed'; its options are: goal, fast_dice"
    with pytest.raises(BadOptions) as exc:
        Game().resolve_options({"x": 1})
    assert str(exc.value) == " has no option 'x'; its options are: none"


def test_game_defaults() -> None:
    g = Probe()
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
    with pytest.raises(BadOptions) as exc:
        g.render(state, "svg")
    assert str(exc.value) == "probe draws no svg picture; it renders text"
    assert g.upcast_in_context(state, "ev") == "ev"
    assert g.upcasts_in_context("ev") is False
    assert g.old_format([], []) is None
    with pytest.raises(NotImplementedError) as exc:
        g.upcast("probe.thing", 1, {})
    assert str(exc.value) == "probe cannot read probe.thing version 1"
    for name, args in [("setup", ([], {}, None)), ("decide", (None, "a", None, None)),
                       ("fold", (None, None)), ("to_act", (None,)), ("legal", (None, "a")),
                       ("outcome", (None,)), ("parse", ("x", None, "a")), ("format", (None, None)),
                       ("encode_action", (None, None)), ("decode_action", (0, None, "a")),
                       ("observation", (None, "a"))]:
        with pytest.raises(NotImplementedError):
            getattr(g, name)(*args)
    assert (g.action_count, g.max_actions, g.observation_size) == (None, 1024, None)


def test_a_game_that_upcasts_in_context_says_so() -> None:
    class Upcasting(Probe):
        def upcast_in_context(self, state, event):
            return event

    assert Upcasting().upcasts_in_context("ev") is True


def test_evaluate_of_the_default_game() -> None:
    class Ends(Probe):
        def __init__(self, out):
            self.out = out

        def outcome(self, state):
            return self.out

    assert Ends(None).evaluate(None, "a") == 0.0
    won = Outcome.from_scores({"a": 2, "b": 1})
    assert Ends(won).evaluate(None, "a") == 1.0
    assert Ends(won).evaluate(None, "b") == -1.0
    assert Ends(won).evaluate(None, "nobody") == -1.0


def test_step_is_decide_then_fold_of_every_event() -> None:
    class Counter(Probe):
        def decide(self, state, player, cmd, rng):
            return [Thing(player, 1), Thing(player, 2)]

        def fold(self, state, ev):
            return [*state, ev.n]

    assert Counter().step([0], "a", None, random.Random(0)) == [0, 1, 2]


def test_render_formats_follow_whether_render_is_written() -> None:
    class Drawn(Probe):
        def render(self, state, fmt="text", player=None):
            return "<svg/>" if fmt == "svg" else "text"

    class Declared(Drawn):
        render_formats = ("text",)

    class Fake(Probe):
        def render(self, state, fmt="text", player=None):
            return "  plain words"

    assert Probe.render_formats == ("text",)
    assert Drawn.render_formats == ("text", "svg") and Declared.render_formats == ("text",)
    assert render_checked(Drawn(), None, "svg") == "<svg/>"
    assert render_checked(Drawn(), None, "text") == "text"
    with pytest.raises(BadOptions) as exc:
        render_checked(Declared(), None, "svg")
    assert str(exc.value) == "probe renders text; not 'svg'"
    with pytest.raises(MeepleError) as exc:
        render_checked(Fake(), None, "svg")
    assert str(exc.value) == ("probe's render gave no SVG for format 'svg'; a game without "
                              "pictures sets render_formats = ('text',)")

    class Xml(Probe):
        def render(self, state, fmt="text", player=None):
            return "\n <?xml version='1.0'?><svg/>"

    assert render_checked(Xml(), None, "svg").startswith("\n <?xml")


# -- facts ----------------------------------------------------------------------------------


def test_numbers_are_signed_and_whole_when_whole() -> None:
    assert [number(x) for x in (3, -2, 0, 0.5, -1.5, 2.0, -3.0)] == [
        "+3", "-2", "+0", "+0.5", "-1.5", "+2", "-3"]


def test_changes_are_rendered_vp_first_without_zeros() -> None:
    assert render_counters({"coins": -2, "vp": 3, "zero": 0, "workers": 1}) == (
        "+3 vp, -2 coins, +1 workers")
    changes = {"red": {"vp": 1}, "blue": {"vp": 0}, "green": {"coins": 0.5, "vp": 0}}
    assert plain_changes(changes) == {"red": {"vp": 1}, "green": {"coins": 0.5}}
    assert render_changes(changes) == "red +1 vp; green +0.5 coins"
    assert render_changes({}) == "" and render_changes({"a": {"vp": 0}}) == ""
    total = {"a": {"vp": 1.0}}
    assert add_changes(total, {"a": {"vp": 2, "x": 1}, "b": {"vp": -1}}) is total
    assert total == {"a": {"vp": 3.0, "x": 1}, "b": {"vp": -1}}


# -- agents ---------------------------------------------------------------------------------


def test_agent_specs_parse_split_and_format() -> None:
    assert parse_spec(" mcts:sims=1000, c = 1.4 ,") == ("mcts", {"sims": "1000", "c": "1.4"})
    assert parse_spec("random") == ("random", {})
    for bad, why in [("mcts:sims", "agent option 'sims' in 'mcts:sims' must look like key=value"),
                     ("mcts:=3", "agent option '=3' in 'mcts:=3' must look like key=value"),
                     (":a=1", "agent spec ':a=1' has no agent name"),
                     ("", "agent spec '' has no agent name")]:
        with pytest.raises(ValueError) as exc:
            parse_spec(bad)
        assert str(exc.value) == why
    assert split_specs("random,mcts:sims=100,c=2,heuristic") == [
        "random", "mcts:sims=100,c=2", "heuristic"]
    assert split_specs("mcts,sims=5, c=1") == ["mcts:sims=5,c=1"]
    assert split_specs("a:x=1,b:y=2") == ["a:x=1", "b:y=2"]
    assert split_specs("sims=5,b") == ["sims=5", "b"]
    assert format_spec("mcts", {}) == "mcts"
    assert format_spec("mcts", {"sims": 5, "c": 1.4}) == "mcts:sims=5,c=1.4"


# -- events ---------------------------------------------------------------------------------


def test_event_declarations() -> None:
    with pytest.raises(ValueError) as exc:
        event("placed")
    assert str(exc.value) == "event type 'placed' must be namespaced, like 'my-game.placed'"

    @event("t.a", version=3, barrier=True)
    class A:
        x: int

    @event("t.b")
    class B:
        x: int

    assert (A.TYPE, A.VERSION, A.BARRIER) == ("t.a", 3, True)
    assert (B.TYPE, B.VERSION, B.BARRIER) == ("t.b", 1, False)
    assert type_name(A(1)) == "t.a" and is_barrier(A(1)) and not is_barrier(B(1))
    assert not is_barrier(object())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        A(1).x = 2  # type: ignore[misc]

    @command
    class C:
        x: int

    assert C(1) == C(1) and hash(C(1)) == hash(C(1)) and {C(1): 1}[C(1)] == 1
    assert Undone(1, 2, "a") == Undone(1, 2, "a", (), False, "")
    assert (Undone.TYPE, Redone.TYPE, Undone.BARRIER) == ("meeple.undone", "meeple.redone", False)


# -- randomness -----------------------------------------------------------------------------


def test_derived_randomness_depends_on_seed_key_and_salt() -> None:
    def draws(r: random.Random) -> list[int]:
        return [r.randrange(10**9) for _ in range(3)]

    base = draws(derive_rng(1, 5))
    assert base == draws(derive_rng(1, 5)) == draws(derive_rng(1, 5, ""))
    assert base != draws(derive_rng(2, 5))
    assert base != draws(derive_rng(1, 6))
    assert base != draws(derive_rng(1, 5, "draw"))
    assert base != draws(derive_rng(1, "5", "x"))
    # Chance keyed on (seed, key) with no salt is the same stream as derive_rng.
    assert draws(Chance(1, 5)) == base
    chance = Chance(1, 5)
    named = draws(chance.for_draw("deck", (2, "a")))
    assert named == draws(derive_rng(1, "deck/(2, 'a')", "draw"))
    assert draws(draw_rng(Chance(1, 77), "deck", 2, "a")) == named  # the key does not matter
    assert draws(draw_rng(Chance(2, 5), "deck", 2, "a")) != named  # the seed does
    legacy = Chance(1, 5, per_draw=False)
    assert legacy.for_draw("deck", (2,)) is legacy
    other = random.Random(3)
    assert draw_rng(other, "deck", 1) is other
    assert 0 <= new_seed() < 2**63 and new_seed() != new_seed()


def test_a_sealed_generator_refuses_every_kind_of_draw() -> None:
    sealed = SealedRandom()
    for draw in (sealed.random, lambda: sealed.getrandbits(8), lambda: sealed.randbytes(2),
                 lambda: sealed.randint(1, 6), lambda: sealed.choice([1, 2])):
        with pytest.raises(ChanceNeeded):
            draw()
    assert not issubclass(ChanceNeeded, Exception)


def test_errors_carry_their_parts() -> None:
    from meeple.core import ImportFailed, IntegrityError

    assert str(ImportFailed("bad", line=3)) == "line 3: bad" and ImportFailed("bad", 3).line == 3
    assert str(ImportFailed("bad")) == "bad" and ImportFailed("bad").line is None
    assert str(ImportFailed("bad", line=0)) == "line 0: bad"
    assert IntegrityError("x", seq=4).seq == 4 and IntegrityError("x").seq is None
    assert issubclass(IllegalCommand, MeepleError)
