"""The research tools (meeple_carcassonne_hill_dale.tools, quoted by docs/rl.md and
docs/games/carcassonne-hill-dale.md) run from the installed package and refuse bad input
with one line."""

from __future__ import annotations

import re

import pytest
from meeple_carcassonne_hill_dale.encoding import RADIUS
from meeple_carcassonne_hill_dale.tools import walk_share, window


def test_random_games_place_nothing_outside_the_encoding_window(capsys):
    assert window.main(["--games", "4"]) == 0
    line = capsys.readouterr().out.strip()
    found = re.fullmatch(r"4 random games: farthest legal placement (\d+) from the start tile; "
                         r"window radius (\d+); (\d+) of (\d+) legal placements outside", line)
    assert found, line
    farthest, radius, outside, offered = map(int, found.groups())
    assert radius == RADIUS
    assert 0 < farthest <= RADIUS
    assert outside == 0 < offered


def test_the_walk_share_is_a_part_of_all_points(capsys):
    assert walk_share.main(["1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line == walk_share.walk_share(1)  # the same seeded game
    found = re.fullmatch(r"games 1: walking (\d+) of (\d+) points \((\d+)%\), longest walk (\d+)",
                         line)
    assert found, line
    walk, total, share, longest = map(int, found.groups())
    assert 0 < walk < total
    assert share == round(100 * walk / total)
    assert 0 < longest <= walk


@pytest.mark.parametrize("tool, args", [(window, ["--games", "0"]), (walk_share, ["0"])])
def test_a_count_below_one_is_refused(tool, args, capsys):
    with pytest.raises(SystemExit) as e:
        tool.main(args)
    assert e.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err
