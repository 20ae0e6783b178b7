"""An 80-column terminal: `meeple list` and `meeple games` never cut an id or a game
name, and nothing runs past the right edge; neither does any line of a game shown (`meeple
show --as P`) or of the prompt's table, for every game from its start to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
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


#: The four games of the prompt, each played by two random players to its end.
GAMES = ("carcassonne-hill-dale", "terra-mystica", "terraforming-mars", "utopia")


def _too_wide(screen: str, columns: int) -> list[str]:
    return [line for line in screen.splitlines() if len(line) > columns]


@pytest.fixture(scope="module", params=GAMES)
def played(request, tmp_path_factory) -> tuple[str, Path, int]:
    """A game played to its end by two random players (id ``g``): the game, the folder
    of its store and its event count."""
    game = request.param
    tmp = tmp_path_factory.mktemp(game)
    t = Terminal(tmp, "play", game, "--players", "random,random", "--names", "ann,bob",
                 "--seed", "1", "--id", "g", "--quiet", timeout=240)
    assert t.close() == 0
    shown = json.loads(_screen(tmp, "show", "g", "--format", "json", columns=400))
    assert shown["finished"], shown
    return game, tmp, shown["seq"]


def test_every_line_of_a_game_shown_fits_the_terminal_from_start_to_end(played) -> None:
    _game, tmp, last = played
    for at, columns, who in ((3, 80, "ann"), (last // 3, 80, "bob"), (2 * last // 3, 80, "ann"),
                             (last, 80, "bob"), (3, 120, "bob"), (last // 2, 120, "ann"),
                             (last, 120, "bob")):
        shown = _screen(tmp, "show", "g", "--as", who, "--at", str(at), columns=columns)
        assert "ann" in shown and "bob" in shown, shown
        assert not _too_wide(shown, columns), (at, columns, _too_wide(shown, columns))


def test_the_prompt_s_table_fits_80_columns_at_the_start_and_mid_game(played) -> None:
    game, tmp, last = played
    fork = Terminal(tmp, "fork", "g", "--at", str(last // 2), "--id", "mid")
    fork.expect("mid")
    assert fork.close() == 0
    for args in (("play", game, "--names", "ann,bob", "--seed", "2", "--id", "start"),
                 ("play", "mid", "--resume")):
        t = Terminal(tmp, *args, "--players", "human,human", columns=80)
        shown = t.expect(r"(ann|bob)> ")
        assert "legal: " in shown
        assert not _too_wide(shown, 80), _too_wide(shown, 80)
        t.line("quit")
        t.expect("To play on")
        assert t.close() == 0
