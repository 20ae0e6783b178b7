"""Agent specs on the command line: parsed, split and formatted back, and an agent's say on
which tables it can play (meeple.core.agents)."""

from __future__ import annotations

import pytest
from meeple.core import BadOptions, Game
from meeple.core.agents import check_table, parse_spec, split_specs

# -- agents ---------------------------------------------------------------------------------


def test_agent_specs_parse_split_and_format() -> None:
    assert parse_spec(" mcts:sims=1000, c = 1.4 ,") == ("mcts", {"sims": "1000", "c": "1.4"})
    assert parse_spec("random") == ("random", {})
    for bad, why in [("mcts:sims", "agent option 'sims' in 'mcts:sims' must look like key=value"),
                     ("mcts:=3", "agent option '=3' in 'mcts:=3' must look like key=value"),
                     (":a=1", "agent spec ':a=1' has no agent name"),
                     ("", "agent spec '' has no agent name")]:
        with pytest.raises(ValueError) as exc:
            parse_spec(bad)
        assert str(exc.value) == why
    assert split_specs("random,mcts:sims=100,c=2,heuristic") == [
        "random", "mcts:sims=100,c=2", "heuristic"]
    assert split_specs("mcts,sims=5, c=1") == ["mcts:sims=5,c=1"]
    assert split_specs("a:x=1,b:y=2") == ["a:x=1", "b:y=2"]
    assert split_specs("sims=5,b") == ["sims=5", "b"]


def test_an_agent_that_cannot_play_a_table_stops_it_with_its_own_message() -> None:
    class TwoOnly:
        asked: list[tuple[Game, list[str]]] = []

        def check_table(self, game: Game, players: list[str]) -> None:
            self.asked.append((game, players))
            if len(players) != 2:
                raise BadOptions(f"{game.name}: two players only, not {players}")

    game = Game()
    game.name = "toy"
    check_table(TwoOnly(), game, ("a", "b"))
    with pytest.raises(BadOptions) as exc:
        check_table(TwoOnly(), game, ("a", "b", "c"))
    assert str(exc.value) == "toy: two players only, not ['a', 'b', 'c']"
    # The seats reach the agent as a list it may keep, whatever sequence named them.
    assert TwoOnly.asked == [(game, ["a", "b"]), (game, ["a", "b", "c"])]
    check_table(object(), game, ["a"])  # an agent that plays any table is not asked
