"""Game options (meeple.core.game.Option): every kind, bound and message, what each kind
accepts and refuses, and how long values are cut in a refusal."""

from __future__ import annotations

import pytest
from meeple.core import BadOptions, Option
from meeple.core.game import OPTION_KINDS, _shown

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


def test_values_in_option_refusals_are_cut_to_forty_characters() -> None:
    assert _shown("x" * 38) == repr("x" * 38)  # 40 characters with the quotes: kept
    assert _shown("x" * 39) == repr("x" * 39)[:37] + "..."
