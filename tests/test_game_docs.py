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


def test_every_name_a_terra_mystica_fact_records_is_documented():
    from meeple_terra_mystica import names
    from meeple_terra_mystica.data import BONUS, FAVOR, TOWNS

    doc = (DOCS / "terra-mystica.md").read_text()
    section = " ".join(doc[doc.index("### What a fact records"):doc.index("## Notation")].split())
    tiles = {*BONUS, *FAVOR, *TOWNS}  # documented as ranges: `BON1` .. `BON10`
    for kind in (BONUS, FAVOR, TOWNS):
        first, last = sorted(kind, key=lambda t: int(t.lstrip("BONFAVTW")))[::len(kind) - 1]
        assert f"`{first}` .. `{last}`" in section, kind
    for name in (*names.FACTION, *names.TABLE):
        assert name in tiles or f"`{name}`" in section, name
