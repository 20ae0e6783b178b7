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
