"""The AI measurement tool (meeple_terraforming_mars.tools.ai, quoted by docs/ai.md): a
seeded self-play game reports its generations and scores, and bad input is refused with
one line, a revision git cannot show included."""

from __future__ import annotations

import re

import pytest
from meeple_terraforming_mars.tools import ai


def test_self_play_reports_the_game_and_the_medians(capsys):
    assert ai.main(["self", "--games", "1", "--first", "3"]) == 0
    game, medians = capsys.readouterr().out.strip().splitlines()
    found = re.fullmatch(r"game 3: (\d+) generations, scores \{'p1': (\d+), 'p2': (\d+)\}", game)
    assert found, game
    generations, p1, p2 = map(int, found.groups())
    assert medians == (f"median generations {generations}, median winner {max(p1, p2)} "
                       "over 1 games")


@pytest.mark.parametrize("args, said", [
    (["self", "--games", "0"], "--games must be at least 1"),
    (["old", "no-such-revision", "--games", "1"], "old: no evaluation.py at git revision "
                                                  "'no-such-revision'"),
])
def test_bad_input_is_refused_with_a_reason(args, said, capsys):
    with pytest.raises(SystemExit) as e:
        ai.main(args)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err
