"""tmai's command lists name a faction's income once a round and in several forms
(``income_for_faction``, ``cult_income_for_faction``, ``other_income_for_faction``,
``all_income_for_faction``; the stored records write only the first form). Each faction is picked once,
at its first income line, in that order, with its setup row in the pick's place. The
site's TSV ledger may have blank lines between rows: they are skipped."""

from __future__ import annotations

import pytest
from meeple_terra_mystica.importer import ImportFailed, read_tmai

TEXT = """witches income_for_faction
nomads income_for_faction
witches: build e7
nomads: build a6
witches cult_income_for_faction
nomads other_income_for_faction
Witches all_income_for_faction
nomads income_for_faction
witches: pass
"""


def test_each_faction_is_picked_once_at_its_first_income_line():
    led = read_tmai(TEXT)
    assert led.picks == ["witches", "nomads"]
    assert [(r.faction, r.commands, r.line) for r in led.rows] == [
        ("witches", "setup witches", 1), ("nomads", "setup nomads", 2),
        ("witches", "build e7", 3), ("nomads", "build a6", 4), ("witches", "pass", 9)]


def test_a_faction_acting_before_any_income_line_is_refused_with_its_line():
    with pytest.raises(ImportFailed, match="nomads acts before its income row") as exc:
        read_tmai("witches income_for_faction\nnomads: build a6\n")
    assert exc.value.line == 2


def test_blank_lines_between_a_site_ledgers_rows_are_skipped_not_the_end():
    from meeple_terra_mystica.importer import read_tsv

    from .test_importer import HEAD, ROW

    rows = [ROW.format(f="witches", c="setup"), ROW.format(f="nomads", c="setup"),
            ROW.format(f="witches", c="build E5")]
    led = read_tsv(HEAD + "\n\n".join(rows) + "\n")
    assert [r.commands for r in led.rows] == ["setup witches", "setup nomads", "build E5"]
