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


def _fake_play(calls: list, winner_of: dict[int, list[str]]):
    """A stand-in for one game: records how it was seated and lets ``winner_of`` decide."""
    from types import SimpleNamespace

    def play(specs, seed, timed="p1", options=None, games=None):
        calls.append((specs, seed, timed, options, games))
        winners = winner_of[seed]
        ranks = {p: 1 if p in winners else 2 for p in ("p1", "p2")}
        scores = {p: 50 if p in winners else 40 for p in ("p1", "p2")}
        return SimpleNamespace(ranks=ranks, winners=winners, scores=scores,
                               detail={"generations": 10 + seed}), 0.25, 0.5, 0.75 + seed
    return play


def test_an_agent_against_the_heuristic_alternates_seats_and_counts_wins_and_draws(
        monkeypatch, capsys):
    calls: list = []
    # seed 3: the agent (p1) wins; 4: the agent (p2) ties; 5: the agent (p1) loses
    monkeypatch.setattr(ai, "play", _fake_play(calls, {3: ["p1"], 4: ["p1", "p2"], 5: ["p2"]}))
    assert ai.main(["vs", "random", "--games", "3", "--first", "3", "--era"]) == 0
    era = {"corporate_era": True}
    assert calls == [(("random", "heuristic"), 3, "p1", era, None),
                     (("heuristic", "random"), 4, "p2", era, None),
                     (("random", "heuristic"), 5, "p1", era, None)]
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == ("game 3: random as p1: 1 (scores {'p1': 50, 'p2': 40}, 13 generations, "
                        "0.250 s CPU and 0.500 s wall per move of its own, 3.75 s CPU at most)")
    assert lines[1].startswith("game 4: random as p2: 0.5 (")
    assert lines[2].startswith("game 5: random as p1: 0 (")
    assert lines[3] == ("random scored 1.5 of 3 against heuristic (50%), median 0.250 s CPU per "
                        "move of its own, 5.75 s CPU for its slowest move")


def test_the_old_heuristic_sits_opposite_the_current_one(monkeypatch, capsys):
    calls: list = []
    old = object()
    monkeypatch.setattr(ai, "old_game", lambda rev: old if rev == "abc123" else None)
    monkeypatch.setattr(ai, "play", _fake_play(calls, {1: ["p2"], 2: ["p2"]}))
    assert ai.main(["old", "abc123", "--games", "2"]) == 0
    assert calls == [(("heuristic", "heuristic"), 1, "p1", {}, {"p2": old}),
                     (("heuristic", "heuristic"), 2, "p2", {}, {"p1": old})]
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("game 1: heuristic as p1: 0 (")
    assert lines[1].startswith("game 2: heuristic as p2: 1 (")
    assert lines[2].startswith("the heuristic scored 1 of 2 against the heuristic of abc123 (50%)")
