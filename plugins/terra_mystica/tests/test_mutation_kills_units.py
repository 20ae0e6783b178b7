"""The legal-coverage walk splits a row's burning, conversions, digs and tile counts into
the single units legal offers (``coverage.units``), so a record's "burn 3" is found as
three "burn 1" rows. Every form is split into units that add up to it, and what is
already one unit, or is not split by legal (the Darklings' W to P, cult steps), stays
whole, including the VP-to-coins form that no stored record writes."""

from __future__ import annotations

import pytest
from meeple_terra_mystica.coverage import units


@pytest.mark.parametrize("cmd, unit, n", [
    (("burn", 3), ("burn", 1), 3),
    (("convert", 6, "PW", 2, "W"), ("convert", 3, "PW", 1, "W"), 2),
    (("convert", 3, "PW", 3, "C"), ("convert", 1, "PW", 1, "C"), 3),
    (("convert", 2, "P", 2, "W"), ("convert", 1, "P", 1, "W"), 2),
    (("convert", 3, "VP", 1, "C"), ("convert", 1, "VP", 1, "C"), 3),
    (("dig", 2), ("dig", 1), 2),
    (("adj", 2, "FAV5"), ("adj", 1, "FAV5"), 2),
    (("adj", 3, "TW2"), ("adj", 1, "TW2"), 3),
])
def test_each_multi_unit_command_splits_into_its_units(cmd, unit, n):
    assert units((("pass",), cmd, ("done",))) == (("pass",), *[unit] * n, ("done",))


@pytest.mark.parametrize("cmd", [
    ("burn", 1), ("convert", 1, "PW", 1, "C"), ("convert", 3, "W", 3, "P"),
    ("convert", 1, "VP", 1, "C"), ("dig", 1), ("adj", 2, "FIRE"), ("adj", 1, "FAV5"),
    ("convert", 3, "PW", 2, "C"),
])
def test_single_units_and_unsplit_forms_stay_whole(cmd):
    assert units((cmd,)) == (cmd,)
