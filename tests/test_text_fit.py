"""meeple.core.fit: prose wrapped at words within a width, continuations indented under
their line; lines that fit, and any text without a width, are left as they are."""

from meeple.core import fit, fit_lines

LONG = ("  tie-break: with equal VP at the end, the most M€ wins; still equal, the rank is "
        "shared by field-n-junction-scarecrow")


def test_a_long_line_wraps_at_words_with_a_hanging_indent():
    lines = fit_lines([LONG], 40)
    assert all(len(ln) <= 40 for ln in lines) and len(lines) > 2
    assert lines[0].startswith("  tie-break:")
    assert all(ln.startswith("    ") and not ln.startswith("     ") for ln in lines[1:])
    assert " ".join(ln.strip() for ln in lines) == " ".join(LONG.split())
    assert "field-n-junction-scarecrow" in lines[-1]  # a hyphenated name is one word


def test_lines_that_fit_and_text_without_a_width_stay_as_they_are():
    picture = "a  .   o\n\n b   C1  g2"
    assert fit(picture, 80) == picture
    assert fit(LONG, None) == LONG
    assert fit_lines(["x" * 80, ""], 80) == ["x" * 80, ""]
    assert fit_lines(["a row  ", "x" * 80], 80) == ["a row  ", "x" * 80]  # spaces kept


def test_the_hanging_indent_is_dropped_where_it_would_take_half_the_width() -> None:
    # Indent 2 plus the hanging 2 must stay under half the width: 4 < 10 // 2, not 9 // 2.
    line = "  aaa bbb ccc ddd eee"
    assert fit_lines([line], 10) == ["  aaa bbb", "    ccc", "    ddd", "    eee"]
    assert fit_lines([line], 9) == ["  aaa bbb", "  ccc ddd", "  eee"]
    assert fit_lines([line], 8) == ["  aaa", "  bbb", "  ccc", "  ddd", "  eee"]
    assert fit_lines([line], 7) == ["  aaa", "  bbb", "  ccc", "  ddd", "  eee"]
    # No indent of its own: the hanging 2 needs a width of 6 (2 < 3) to be kept.
    assert fit_lines(["ab cd ef"], 6) == ["ab cd", "  ef"]
    assert fit_lines(["ab cd ef"], 5) == ["ab cd", "ef"]


def test_a_line_one_wider_than_the_width_wraps_and_unbreakable_text_is_cut() -> None:
    assert fit_lines(["ab cd"], 5) == ["ab cd"]
    assert fit_lines(["ab  "], 4) == ["ab  "]  # as wide as allowed: even its spaces stay
    assert fit_lines(["ab cd"], 4) == ["ab", "cd"]
    assert fit_lines(["abcdefghijkl"], 5) == ["abcde", "fghij", "kl"]
    # Nothing but spaces wraps to nothing: the line is cut at the width instead.
    assert fit_lines([" " * 12, "x"], 5) == [" " * 5, "x"]
    assert fit("ab cd\nef", 4) == "ab\ncd\nef"
