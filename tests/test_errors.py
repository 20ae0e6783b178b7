"""meeple.core's errors carry the parts a caller reads back (meeple.core.errors)."""

from __future__ import annotations

from meeple.core import IllegalCommand, MeepleError


def test_errors_carry_their_parts() -> None:
    from meeple.core import ImportFailed, IntegrityError

    assert str(ImportFailed("bad", line=3)) == "line 3: bad" and ImportFailed("bad", 3).line == 3
    assert str(ImportFailed("bad")) == "bad" and ImportFailed("bad").line is None
    assert str(ImportFailed("bad", line=0)) == "line 0: bad"
    assert IntegrityError("x", seq=4).seq == 4 and IntegrityError("x").seq is None
    assert issubclass(IllegalCommand, MeepleError)
