import os

import pytest
from meeple.core import ImportFailed
from meeple.core.testing import shared_data
from meeple_terra_mystica.importer import (
    SnellmanImporter,
    read_any,
    read_tmai,
    read_tsv,
    unique_players,
)

# The league records: MEEPLE_TM_RECORDS, else shared/data/terra-mystica beside the checkout.
DATA = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__)
IMP = SnellmanImporter()

HEAD = """option mini-expansion-1
Round 1 scoring: SCORE5, D >> 2
Round 2 scoring: SCORE8, TP >> 3
Round 3 scoring: SCORE4, SA/SH >> 5
Round 4 scoring: SCORE9, TE >> 4
Round 5 scoring: SCORE6, TP >> 3
Round 6 scoring: SCORE2, TOWN >> 5
Removing tile BON3
Player 1: ann
Player 2: bob
"""
ROW = "{f}\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\t{c}"


def test_small_ledger_reads_moves_and_options():
    text = HEAD + ROW.format(f="witches", c="setup") + "\n" + ROW.format(f="nomads", c="setup") + "\n"
    text += ROW.format(f="witches", c="build E5") + "\n"
    g = IMP.read(text)
    assert g.game == "terra-mystica" and g.players == ("ann", "bob")
    assert [m.text for m in g.moves] == ["setup witches", "setup nomads", "build E5"]
    assert g.moves[2].player == "ann" and g.moves[2].source_line == 13
    assert g.options["mini-expansion-1"] is True
    assert g.options["scoring"].startswith("SCORE5,SCORE8")
    assert g.options["removed-bonus"] == "BON3"


def test_computed_rows_are_not_moves():
    text = HEAD + ROW.format(f="witches", c="setup") + "\n" + ROW.format(f="nomads", c="setup") + "\n"
    text += ROW.format(f="witches", c="other_income_for_faction") + "\n"
    text += ROW.format(f="witches", c="+4vp for FIRE") + "\n"
    text += ROW.format(f="witches", c="[opponent accepted power]") + "\n"
    assert len(IMP.read(text).moves) == 2


@pytest.mark.parametrize("bad, line", [
    ("witches\t\tlots VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup", 11),
    ("wizards\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/0/2\t\tsetup", 11),
    ("witches\t20 VP\tsetup", 11),
])
def test_corrupt_rows_name_their_line(bad, line):
    with pytest.raises(ImportFailed) as exc:
        IMP.read(HEAD + bad + "\n")
    assert exc.value.line == line


def test_unknown_option_and_missing_scoring_are_refused():
    with pytest.raises(ImportFailed, match="unsupported game option"):
        IMP.read("option fire-and-ice-final-scoring\n" + HEAD)
    with pytest.raises(ImportFailed, match="scoring tile"):
        IMP.read("Player 1: a\n" + ROW.format(f="witches", c="setup") + "\n")


@pytest.mark.parametrize("r", [0, 7, 9])
def test_a_scoring_round_outside_one_to_six_is_refused_with_its_line(r):
    text = HEAD.replace("Round 1 scoring", f"Round {r} scoring")
    with pytest.raises(ImportFailed, match="numbered 1 to 6") as exc:
        IMP.read(text + ROW.format(f="witches", c="setup") + "\n")
    assert exc.value.line == 2


def test_a_huge_stated_score_in_a_tmai_record_is_refused_with_its_line():
    text = "witches income_for_faction\n# witches=" + "9" * 5000 + "\n"
    with pytest.raises(ImportFailed, match="below 1,000,000") as exc:
        IMP.read(text)
    assert exc.value.line == 2


def test_json_must_have_a_gamelog():
    with pytest.raises(ImportFailed):
        IMP.read('{"nope": 1}')
    with pytest.raises(ImportFailed):
        IMP.read("{broken")
    inf = ('{"gamelog": [{"faction": "witches", "commands": "setup", "CULT": {"value": "0/0/0/2"}, '
           + ", ".join(f'"{k}": {{"value": {"Infinity" if k == "VP" else 1}}}'
                       for k in ("VP", "C", "W", "P", "P1", "P2", "P3")) + "}]}")
    with pytest.raises(ImportFailed, match="whole number") as exc:
        IMP.read(inf)
    assert exc.value.line == 1
    with pytest.raises(ImportFailed, match="nested too deeply"):
        IMP.read("[" * 200_000 + "]" * 200_000)


@pytest.mark.skipif(not DATA.is_dir() and os.environ.get("CI", "").lower() != "true",
                    reason="league records not found: set MEEPLE_TM_RECORDS (under CI=true this fails)")
def test_reads_all_three_forms():
    for rel in ("league/s60_63/4pLeague_S60_D1L1_G1.txt", "other/game1.json",
                "other/tmai_5p_game0.txt"):
        led = read_any((DATA / rel).read_text())
        assert len(led.players) in (4, 5) and led.rows


def test_a_ledger_row_with_too_few_columns_is_refused_naming_its_line() -> None:
    for n in (2, 12):
        text = "a comment line\n" + "\t".join(["witches"] + ["1"] * (n - 1)) + "\n"
        with pytest.raises(ImportFailed, match=f"a ledger row has {n} columns") as info:
            read_tsv(text)
        assert info.value.line == 2


def test_players_of_the_same_name_get_numbered_apart() -> None:
    assert unique_players(["ann", "ann", "", "ann", ""]) == [
        "ann", "ann-2", "player", "ann-3", "player-2"]


# -- tmai's income lines ----------------------------------------------------------------------
# tmai's command lists name a faction's income once a round and in several forms
# (income_for_faction, cult_income_for_faction, other_income_for_faction,
# all_income_for_faction; the stored records write only the first form). Each faction is
# picked once, at its first income line, in that order, with its setup row in the pick's
# place. The site's TSV ledger may have blank lines between rows: they are skipped.

TMAI = """witches income_for_faction
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
    led = read_tmai(TMAI)
    assert led.picks == ["witches", "nomads"]
    assert [(r.faction, r.commands, r.line) for r in led.rows] == [
        ("witches", "setup witches", 1), ("nomads", "setup nomads", 2),
        ("witches", "build e7", 3), ("nomads", "build a6", 4), ("witches", "pass", 9)]


def test_a_faction_acting_before_any_income_line_is_refused_with_its_line():
    with pytest.raises(ImportFailed, match="nomads acts before its income row") as exc:
        read_tmai("witches income_for_faction\nnomads: build a6\n")
    assert exc.value.line == 2


def test_blank_lines_between_a_site_ledgers_rows_are_skipped_not_the_end():
    rows = [ROW.format(f="witches", c="setup"), ROW.format(f="nomads", c="setup"),
            ROW.format(f="witches", c="build E5")]
    led = read_tsv(HEAD + "\n\n".join(rows) + "\n")
    assert [r.commands for r in led.rows] == ["setup witches", "setup nomads", "build E5"]


def _rows(*rows):
    return HEAD + "".join(ROW.format(f=f, c=c) + "\n" for f, c in rows)


@pytest.mark.parametrize("text, said, line", [
    (HEAD + "witches\t\t20 VP\t\t15 C\t\t3 W\t\t0 P\t\t5/7/0 PW\t\t0/0/2\t\tsetup\n",
     "cult column must be F/W/E/A", 11),
    ('{"gamelog": [1]}', "gamelog entries must be objects", 1),
    (_rows(("witches", "setup")), "2 players but 1 faction picks", None),
    (_rows(("witches", "setup"), ("nomads", "setup"), ("giants", "setup")),
     "2 players but 3 faction picks", None),
    (_rows(("witches", "setup"), ("nomads", "setup"), ("giants", "build E5")),
     "giants is not in the game", 13),
])
def test_a_record_that_does_not_add_up_is_refused_saying_why(text, said, line):
    with pytest.raises(ImportFailed) as exc:
        IMP.read(text)
    assert said in str(exc.value) and exc.value.line == line


def test_a_record_naming_no_players_seats_each_faction_under_its_own_name():
    text = HEAD.replace("Player 1: ann\nPlayer 2: bob\n", "")
    g = IMP.read(text + ROW.format(f="witches", c="setup") + "\n"
                 + ROW.format(f="nomads", c="setup") + "\n")
    assert g.players == ("witches", "nomads")
    assert [(m.player, m.text) for m in g.moves] == [("witches", "setup witches"),
                                                     ("nomads", "setup nomads")]


def test_a_row_of_only_computed_parts_is_no_move():
    g = IMP.read(_rows(("witches", "setup"), ("nomads", "setup"),
                       ("witches", "+4vp for FIRE. other_income_for_faction")))
    assert [m.text for m in g.moves] == ["setup witches", "setup nomads"]
