"""The review's reckoning per player (meeple.ai.review): decisions counted, the average
loss, the losses above the threshold, the moves that were the search's best, and the
largest losses in order."""

from __future__ import annotations

from meeple.ai.review import largest_losses, summary


def played(index: int, player: str, loss: float, best: bool = True) -> dict:
    return {"index": index, "player": player, "loss": loss, "played": "a",
            "best": "a" if best else "b"}


DECISIONS = [played(0, "bob", 0.0), played(1, "ann", 0.3, best=False), played(2, "cat", 0.1),
             played(3, "ann", 0.2, best=False), played(4, "bob", 0.05), played(5, "ann", 0.0)]


def test_each_player_is_reckoned_on_their_own_decisions_only() -> None:
    assert summary(DECISIONS, ["ann", "bob", "cat", "dan"], 0.2) == {
        "ann": {"decisions": 3, "average_loss": 0.1667, "big_losses": 1, "best_played": 1},
        "bob": {"decisions": 2, "average_loss": 0.025, "big_losses": 0, "best_played": 2},
        "cat": {"decisions": 1, "average_loss": 0.1, "big_losses": 0, "best_played": 1},
        "dan": {"decisions": 0, "average_loss": 0.0, "big_losses": 0, "best_played": 0}}
    assert summary(DECISIONS, ["ann"], 0.1)["ann"]["big_losses"] == 2


def test_the_largest_losses_are_a_players_own_in_order_and_never_zero() -> None:
    assert [d["index"] for d in largest_losses(DECISIONS, "ann")] == [1, 3]
    assert [d["index"] for d in largest_losses(DECISIONS, "bob")] == [4]
    tied = [played(7, "ann", 0.3), *DECISIONS]
    assert [d["index"] for d in largest_losses(tied, "ann", count=2)] == [1, 7]


def test_the_five_largest_losses_are_listed_by_default() -> None:
    many = [played(i, "ann", 0.1 * (i + 1), best=False) for i in range(7)]
    assert [d["index"] for d in largest_losses(many, "ann")] == [6, 5, 4, 3, 2]
