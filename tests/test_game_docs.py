"""Each game's page in docs/games says what its stored events record, by the names the
plugin writes: a doc of the checkout, so checked here rather than in the plugin's own
suite (which runs from the plugin's wheel alone)."""

from __future__ import annotations

from pathlib import Path

from meeple_terraforming_mars import delta as D

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"


def test_every_name_a_terraforming_mars_delta_records_is_documented():
    doc = (DOCS / "terraforming-mars.md").read_text()
    section = doc[doc.index("### What a delta records"):]
    for table in (D.PLAYER_LISTS, D.PLAYER_FLAGS, D.TABLE_VALUES, D.TABLE_STEPS):
        for name in table:
            assert f"`{name}`" in section, name
