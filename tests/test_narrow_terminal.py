"""An 80-column terminal: `meeple list` and `meeple games` never cut an id or a game
name, and nothing runs past the right edge."""

from __future__ import annotations

from pathlib import Path

from terminal import Terminal

LONG_ID = "terra-mystica-a-long-game-identifier-of-ours-42"


def _screen(tmp: Path, *args: str, columns: int = 80) -> str:
    """Everything ``meeple ARGS`` shows in a terminal ``columns`` wide, as plain text."""
    return Terminal(tmp, *args, columns=columns).everything()


def test_list_and_games_keep_every_id_whole_in_80_columns(tmp_path: Path) -> None:
    for gid, game, players in ((LONG_ID, "terra-mystica", "annabelle,bob,carl,dorothea"),
                               ("short", "carcassonne-hill-dale", "ann,bob")):
        t = Terminal(tmp_path, "new", game, "--players", players, "--id", gid)
        t.expect(gid)
        assert t.close() == 0
    listed = _screen(tmp_path, "list")
    assert LONG_ID in listed and "short" in listed
    assert "…" not in listed
    assert all(len(line) <= 80 for line in listed.splitlines()), listed
    games = _screen(tmp_path, "games")
    for name in ("carcassonne-hill-dale", "terra-mystica", "terraforming-mars", "utopia"):
        assert name in games
    assert "…" not in games and "maintain-player-order" in games
    assert all(len(line) <= 80 for line in games.splitlines()), games
    # a wide terminal keeps the table
    wide = _screen(tmp_path, "list", columns=200)
    assert "┃ id" in wide and LONG_ID in wide


def test_terra_mystica_map_fits_80_columns_and_stays_whole_when_wide(tmp_path: Path) -> None:
    t = Terminal(tmp_path, "new", "terra-mystica", "--players", "ann,bob", "--id", "tm",
                 "--seed", "1")
    t.expect("tm")
    assert t.close() == 0
    narrow = _screen(tmp_path, "show", "tm", "--as", "ann")
    assert all(len(line) <= 80 for line in narrow.splitlines()), narrow
    assert "A  1U " in narrow and "I  1R " in narrow  # every row of the map, hex by hex
    assert "bonus tiles to take" in narrow
    wide = _screen(tmp_path, "show", "tm", "--as", "ann", columns=140)
    assert " A1U " in wide and "I12R" in wide  # the full map, each hex named
