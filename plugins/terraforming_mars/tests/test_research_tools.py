"""The AI measurement tool (meeple_terraforming_mars.tools.ai, quoted by docs/ai.md): a
seeded self-play game reports its generations and scores, one game seeds each seat's agent
from the game's number and times the measured seat's moves only, and bad input is refused
with one line, a revision git cannot show included."""

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


def test_one_game_seeds_each_seats_agent_and_times_only_the_measured_seat(monkeypatch):
    import random
    from types import SimpleNamespace

    from meeple.core import LocalGame

    clock = {"cpu": 0.0, "wall": 0.0}
    monkeypatch.setattr(ai, "time", SimpleNamespace(process_time=lambda: clock["cpu"],
                                                    perf_counter=lambda: clock["wall"]))
    made, asked, costs = [], [], {}

    class Scripted:
        """Plays at random from its seed; its moves take 1 to 7 (p1) or 100 to 700 (p2)
        CPU seconds in turn, and three times that on the wall clock."""

        def __init__(self, spec, seed):
            self.spec, self.rng, self.k = spec, random.Random(seed), 0

        def act(self, game, view, player):
            asked.append((self.spec, game, player, view))
            self.k += 1
            used = (self.k % 7 + 1) * (1 if player == "p1" else 100)
            costs.setdefault(player, []).append(used)
            clock["cpu"] += used
            clock["wall"] += 3 * used
            return self.rng.choice(game.legal(view, player))

    def make(spec, seed):
        made.append((spec, seed))
        return Scripted(spec, seed)

    monkeypatch.setattr(ai, "make_agent", make)
    theirs = ai.TerraformingMars()
    era = {"corporate_era": True}
    out, cpu, wall, most = ai.play(("x", "y"), 5, timed="p2", options=era, games={"p1": theirs})
    assert made == [("x", 35), ("y", 36)]
    assert [(spec, game) for spec, game, _, _ in asked] == [
        ("x", theirs) if p == "p1" else ("y", ai.GAME) for _, _, p, _ in asked]
    # the same game played by hand: the same seats, seeds, options and views
    g = LocalGame(ai.GAME, ["p1", "p2"], era, seed=5)
    rngs = {"p1": random.Random(35), "p2": random.Random(36)}
    views = []
    while g.outcome() is None:
        p = g.to_act()[0]
        view = ai.GAME.view(g.state, p)
        views.append((p, view))
        g.play(p, rngs[p].choice(ai.GAME.legal(view, p)))
    assert [(p, v) for _, _, p, v in asked] == views
    assert out == g.outcome()
    mine = costs["p2"]
    assert len(mine) == sum(1 for p, _ in views if p == "p2") > 10
    assert mine[-1] != 700  # the slowest move is not the last
    assert (cpu, wall, most) == (sum(mine) / len(mine), 3 * sum(mine) / len(mine), 700)
