"""Seat names and a drawn game of a connect four 0.1 log (mutation testing,
docs/testing.md: the two gaps the held-out sample of seed 73 left open)."""

from __future__ import annotations

from meeple.core import LocalGame
from meeple.core.testing import played
from meeple_connect_four import ConnectFour

GAME = ConnectFour()
# 42 drops (1-based columns) that fill the board without a line of four: a draw.
DRAWN = "441365675334466335442232661515577771217122"


def _old_log(tmp_path, moves: str):
    """The game as connect four 0.1 stored it: Started version 1 and the drops, no results
    (as test_connect_four.py's helper of the same name)."""
    from meeple.core.codec import dumps
    from meeple.core.engine import Engine
    from meeple.core.records import GameHeader, NewEvent, chain_batches

    header = GameHeader("old", "connect-four", "meeple_connect_four", "0.1.0", ("ann", "bob"),
                        {}, 1, "2026-11-01T00:00:00+00:00")
    batches = [[NewEvent("connect-four.started", 1, dumps({"players": ["ann", "bob"]}))]]
    for i, col in enumerate(moves):
        data = dumps({"column": int(col) - 1, "seat": i % 2})
        batches.append([NewEvent("connect-four.dropped", 1, data, ("ann", "bob")[i % 2], col)])
    eng = Engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    eng.store.import_game(header, chain_batches("old", 0, header.hash(), batches, "t"))
    return eng


def test_the_seats_are_red_and_yellow_and_numbered_beyond_two() -> None:
    assert GAME.default_players(2) == ["red", "yellow"]
    assert GAME.default_players(1) == ["red"]
    assert GAME.default_players(3) == ["p1", "p2", "p3"]


def test_a_drawn_game_of_a_0_1_log_scores_a_half_each(tmp_path) -> None:
    today = played(GAME, ["ann", "bob"], DRAWN)
    assert today.outcome().scores == {"ann": 0.5, "bob": 0.5}  # a draw by today's rules
    eng = _old_log(tmp_path, DRAWN)
    out = eng.outcome("old")
    assert out.scores == {"ann": 0.5, "bob": 0.5} and sorted(out.winners) == ["ann", "bob"]
    report = eng.verify("old")
    assert report.ok, report.problem
    assert LocalGame(GAME, ["ann", "bob"]).outcome() is None


def test_only_a_0_1_setup_of_the_same_players_is_the_old_format() -> None:
    # Written after the held-out sample of seed 931, which found `and` to `or` unguarded.
    from meeple_connect_four.game import Started

    today = [Started(("ann", "bob"))]
    name = "connect four 0.1 (drops without their results)"
    assert GAME.old_format([Started(("ann", "bob"), results=False)], today) == name
    assert GAME.old_format([Started(("ann", "bob"))], today) is None  # today's own shape
    assert GAME.old_format([Started(("bob", "ann"), results=False)], today) is None
    assert GAME.old_format([Started(("ann", "bob"), results=False)] * 2, today) is None
    assert GAME.old_format([Started(("ann", "bob"), results=False)], today * 2) is None
