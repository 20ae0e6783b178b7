"""legal is complete: every decision of every shared record is offered, as one legal row
or as a sequence of legal rows that gives the same state (meeple_terra_mystica.tools.legal_coverage
prints the same measurement with the misses by kind)."""

from __future__ import annotations

import os

import pytest
from meeple.core.testing import shared_data
from meeple_terra_mystica.coverage import Coverage, check_decision, measure, units
from meeple_terra_mystica.notation import parse_row

# The league records: MEEPLE_TM_RECORDS, else shared/data/terra-mystica beside the checkout.
DATA = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__)
RECORDS = sorted(DATA.glob("league/*/*.txt")) + sorted(DATA.glob("league/*.txt")) + sorted(
    DATA.glob("other/*.json")) + sorted(DATA.glob("other/*.txt"))


def _require_data():
    if not RECORDS:
        msg = f"Terra Mystica records not found at {DATA}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg + " (set MEEPLE_TM_RECORDS to the records folder)")
        pytest.skip(msg)


@pytest.mark.slow
def test_every_recorded_decision_is_offered_by_legal():
    _require_data()
    cov = Coverage()
    for path in RECORDS:
        measure(path.read_text(), path.stem, cov)
    assert len(RECORDS) == 54
    assert cov.decisions > 14_000
    assert cov.missed == [], f"{len(cov.missed)} decisions legal does not offer: {cov.missed[:5]}"
    assert cov.share == 1.0
    assert cov.leaving == 1  # S62_D1L1_G7's dropped faction: leaving, not a move


def test_the_measure_can_fail(monkeypatch):
    """A row legal does not offer is reported as missed."""
    from meeple_terra_mystica import TerraMystica
    from meeple_terra_mystica.rows import apply_row
    from meeple_terra_mystica.state import new_faction, new_state

    game = TerraMystica()
    g = new_state(["a", "b"], set(), ["SCORE1"] * 6, [])
    for i, n in enumerate(("witches", "nomads")):
        g.fac[n] = new_faction(n, "ab"[i])
        g.order.append(n)
        g.player_of[n], g.faction_of["ab"[i]] = "ab"[i], n
    g.round, g.phase, g.turn_order, g.active = 1, "play", ["witches", "nomads"], "witches"
    cmds = parse_row("convert 1W to 1C")
    after = g.clone()
    apply_row(after, "a", cmds)
    cov = Coverage()
    check_decision(game, g, "a", cmds, after, cov, ("t", 1, "witches"))
    assert cov.offered == 1 and not cov.missed
    # A legal that forgets that conversion: the same decision is now missed.
    from meeple_terra_mystica import coverage as C

    real = C.candidates
    from meeple_terra_mystica import legal as L

    def forgetful(g, p):
        return [t for t in real(g, p) if t != "convert 1W to 1C"]

    monkeypatch.setattr(C, "candidates", forgetful)
    monkeypatch.setattr(L, "candidates", forgetful)
    check_decision(game, g, "a", cmds, after, cov, ("t", 2, "witches"))
    assert cov.missed and cov.missed[0][:2] == ("t", 2)
    assert units(parse_row("burn 3. convert 4PW to 4C")) == (("burn", 1),) * 3 + (
        ("convert", 1, "PW", 1, "C"),) * 4


# -- the units a row splits into -----------------------------------------------------------
# The walk splits a row's burning, conversions, digs and tile counts into the single units
# legal offers, so a record's "burn 3" is found as three "burn 1" rows. Every form is split
# into units that add up to it, and what is already one unit, or is not split by legal
# (the Darklings' W to P, cult steps), stays whole, including the VP-to-coins form that no
# stored record writes.


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
