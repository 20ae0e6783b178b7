"""Rewards and match scores from an outcome (meeple.ai.rewards): the mean over the others of
above, tied and below; a shared first place; a solo game; evaluate's values clipped to [-1,
1]."""

from __future__ import annotations

import pytest
from meeple.ai.rewards import match_score, outcome_rewards, rewards_of
from meeple.core import Outcome


def _out(ranks: dict[str, int]) -> Outcome:
    return Outcome({p: 0.0 for p in ranks}, ranks)


def test_a_shared_first_place_splits_the_win_and_others_score_nothing() -> None:
    assert match_score(_out({"a": 1, "b": 2, "c": 3}), "a") == 1.0
    assert match_score(_out({"a": 1, "b": 1, "c": 2}), "b") == pytest.approx(0.5)
    assert match_score(_out({"a": 1, "b": 1, "c": 1}), "c") == pytest.approx(1 / 3)
    assert match_score(_out({"a": 1, "b": 2, "c": 2}), "c") == 0.0


def test_a_solo_game_rewards_a_win_with_one_and_a_loss_with_minus_one() -> None:
    assert outcome_rewards(_out({"a": 1})) == {"a": 1.0}
    assert outcome_rewards(_out({"a": 2})) == {"a": -1.0}
    assert outcome_rewards(_out({"a": 1, "b": 2})) == {"a": 1.0, "b": -1.0}


def test_rewards_are_clipped_to_minus_one_and_one_and_kept_inside() -> None:
    class Scores:
        values = {"a": 3.0, "b": -7.5, "c": -0.25, "d": 1.0, "e": -1.0}

        def evaluate(self, state: object, player: str) -> float:
            return self.values[player]

    assert rewards_of(Scores().evaluate, None, "abcde") == {
        "a": 1.0, "b": -1.0, "c": -0.25, "d": 1.0, "e": -1.0}


# -- rewards ------------------------------------------------------------------------------------

def test_rewards_are_the_mean_over_the_others_of_above_tied_below() -> None:
    from meeple.ai.rewards import match_score, outcome_rewards
    from meeple.core import Outcome

    def out(ranks):
        return Outcome({p: 0.0 for p in ranks}, ranks)

    assert outcome_rewards(out({"a": 1, "b": 2, "c": 2, "d": 4})) == {
        "a": 1.0, "b": 0.0, "c": 0.0, "d": -1.0}
    assert outcome_rewards(out({"a": 2, "b": 1, "c": 3})) == {"a": 0.0, "b": 1.0, "c": -1.0}
    assert outcome_rewards(out({"a": 1, "b": 1})) == {"a": 0.0, "b": 0.0}
    four = outcome_rewards(out({"a": 3, "b": 1, "c": 1, "d": 2}))
    assert four == pytest.approx({"a": -1.0, "b": 2 / 3, "c": 2 / 3, "d": -1 / 3})
    assert match_score(out({"a": 2, "b": 1}), "a") == 0.0
    assert match_score(out({"a": 1}), "a") == 1.0 and match_score(out({"a": 1}), "z") == 0.0


# -- the evaluate function an agent keeps ---------------------------------------------------------

class Counting:
    """A game whose ``evaluator`` makes a new function each call and counts the calls."""

    def __init__(self, bias: float) -> None:
        self.bias, self.made = bias, 0

    def evaluator(self):
        self.made += 1
        made = self.made
        return lambda state, player: self.bias + made


def test_an_agents_evaluate_is_made_once_per_game_object_and_kept() -> None:
    from meeple.ai.rewards import Evaluation

    first, second = Counting(10.0), Counting(20.0)
    mine = Evaluation()
    fn = mine.of(first)
    assert first.made == 1 and fn(None, "a") == 11.0
    assert mine.of(first) is fn and first.made == 1  # kept while it plays that game
    other = mine.of(second)
    assert second.made == 1 and other(None, "a") == 21.0
    again = mine.of(first)  # back to the first game: a new one is made
    assert first.made == 2 and again(None, "a") == 12.0
    theirs = Evaluation().of(first)  # another agent gets its own
    assert first.made == 3 and theirs is not again


def test_a_stand_in_game_without_evaluator_is_valued_by_its_evaluate() -> None:
    from meeple.ai.rewards import Evaluation

    class Plain:
        def evaluate(self, state, player):
            return 0.5

    game = Plain()
    fn = Evaluation().of(game)
    assert fn(None, "a") == 0.5 and fn == game.evaluate
