"""The events-are-facts contract checks (meeple.core.testing) catch what they promise to."""

import pytest
from meeple.core.testing import EventsAreFactsContract, fold_only, vp_totals
from meeple_connect_four import ConnectFour
from meeple_connect_four.game import Dropped

FAILED = (AssertionError, pytest.fail.Exception)


class RulesInFold(ConnectFour):
    """Folds by asking the rules, as an event that records only a decision forces."""

    def fold(self, state, ev):
        if type(ev) is Dropped:
            self.legal(state, state.players[state.seat])
        return super().fold(state, ev)


class SwallowsRules(ConnectFour):
    def fold(self, state, ev):
        if type(ev) is Dropped:
            try:
                self.decide(state, state.players[state.seat], None, None)
            except Exception:
                pass
        return super().fold(state, ev)


class NoChanges(ConnectFour):
    def changes(self, ev):
        return {}


class WrongChanges(ConnectFour):
    def changes(self, ev):
        return {p: {"vp": 2 * d["vp"]} for p, d in super().changes(ev).items()}


def contract(game):
    class Check(EventsAreFactsContract):
        fact_games = 3
    Check.game = game
    return Check()


@pytest.mark.parametrize("game", [RulesInFold(), SwallowsRules()], ids=type)
def test_fold_only_replay_catches_a_fold_that_runs_the_rules(game):
    with pytest.raises(FAILED, match="fold"):
        check = contract(game)
        check.test_fold_only_replay(check._fact_games())


@pytest.mark.parametrize("game", [NoChanges(), WrongChanges()], ids=type)
def test_vp_check_catches_missing_or_wrong_scoring(game):
    with pytest.raises(FAILED, match="vp changes sum"):
        check = contract(game)
        check.test_vp_changes_sum_to_scores(check._fact_games())


def test_the_reference_game_passes_both():
    check = contract(ConnectFour())
    games = check._fact_games()
    check.test_fold_only_replay(games)
    check.test_vp_changes_sum_to_scores(games)


def test_fold_only_leaves_the_original_game_alone():
    game = ConnectFour()
    patched, calls = fold_only(game)
    assert game.parse("4") is not None
    with pytest.raises(Exception, match="never re-run the rules"):
        patched.parse("4")
    assert calls == ["parse"]


def test_vp_totals_counts_only_vp():
    game = ConnectFour()
    from meeple_connect_four import Drawn, Won
    events = [Won("a", 0, ((0, 0), (1, 0), (2, 0), (3, 0)), 1.0), Drawn(("a", "b"), 0.5)]
    assert vp_totals(game, events, ["a", "b"]) == {"a": 1.5, "b": 0.5}


def test_rule_modules_catch_a_fold_that_calls_a_rule_function_directly():
    from meeple_connect_four import game as c4

    class WinTestInFold(ConnectFour):
        def fold(self, state, ev):
            state = super().fold(state, ev)
            if type(ev) is Dropped and c4._wins(state.boards[ev.seat]):  # a rule, in fold
                state.winner = ev.seat
            return state

    check = contract(WinTestInFold())
    games = check._fact_games()
    check.test_fold_only_replay(games)  # through the game object alone this goes unseen
    check.rule_modules = ("meeple_connect_four.game",)
    with pytest.raises(FAILED, match="_wins"):
        check.test_fold_only_replay(games)
    assert c4._wins(0b1111)  # the patch is undone


def test_by_default_every_module_but_the_events_state_and_fold_is_forbidden():
    """With no ``rule_modules``, a fold that calls a turn-order rule of another module of
    its plugin is caught; the modules of its events, state and fold stay usable."""
    from meeple.core.testing import fold_only_modules
    from meeple_utopia import Utopia
    from meeple_utopia import turns as utopia_turns
    from meeple_utopia.events import TurnEnded

    class TurnRuleInFold(Utopia):
        def fold(self, state, ev):
            state = super().fold(state, ev)
            if type(ev) is TurnEnded:
                utopia_turns.next_actor(state)  # a rule, in fold
            return state

    check = contract(TurnRuleInFold())
    check.fact_games = 2
    check.fold_modules = ("meeple_utopia.fold",)
    games = check._fact_games()
    with pytest.raises(FAILED, match="next_actor"):
        check.test_fold_only_replay(games)
    modules = fold_only_modules(Utopia(), games[0].state, ("meeple_utopia.fold",))
    assert "meeple_utopia.turns" in modules and "meeple_utopia.rules" in modules
    assert not {"meeple_utopia.events", "meeple_utopia.state", "meeple_utopia.game",
                "meeple_utopia.fold"} & set(modules)
