"""OpenSpiel's MCTSBot as a Meeple agent: ``openspiel-mcts:sims=400,c=2,rollouts=1``.

It searches the game through the OpenSpiel adapter (meeple.rl.spiel): from the
agent's view (determinized first where the game hides information, as our ISMCTS does),
with OpenSpiel's own UCT and random-rollout evaluator, so ``meeple tournament`` can pit it
against Meeple's agents on any game. Needs the optional extra ``meeple[openspiel]``.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.ai.options import AgentOption, parse_options, positive
from meeple.core import BadOptions, Game


def _positive_float(value: float) -> str | None:
    return None if value > 0 else "must be above 0"


def _two_or_more(value: int) -> str | None:
    # OpenSpiel's MCTSBot expands the root on its first simulation and chooses among the
    # children on the next: with one it has no child to choose.
    return None if value >= 2 else "must be 2 or more"


SCHEMA = (
    AgentOption("sims", int, 200, "simulations per decision (2 or more)", _two_or_more),
    AgentOption("c", float, 2.0, "UCT exploration constant", _positive_float),
    AgentOption("rollouts", int, 1, "random rollouts per leaf", positive),
)


class OpenSpielMCTSAgent:
    schema = SCHEMA

    def __init__(self, options: dict[str, str] | None = None, seed: int = 0) -> None:
        opts = parse_options("openspiel-mcts", SCHEMA, options or {})
        try:
            import numpy as np
            from open_spiel.python.algorithms import mcts  # noqa: F401
        except ImportError:
            raise BadOptions("agent 'openspiel-mcts' needs OpenSpiel: pip install "
                             "'meeple[openspiel]'") from None
        self.sims, self.c, self.rollouts = opts["sims"], opts["c"], opts["rollouts"]
        self.name = f"openspiel-mcts:sims={self.sims}"
        self.rng = random.Random(seed)
        self.np_rng = np.random.RandomState(seed % 2**32)
        self._games: dict[tuple[str, int], Any] = {}

    def check_table(self, game: Game, players: list[str]) -> None:
        """The OpenSpiel adapter names the seats as the game does by default: other names
        cannot be searched, so they are refused before a game is created."""
        default = list(game.default_players(len(players)))
        if list(players) != default:
            raise BadOptions(f"agent 'openspiel-mcts' plays {game.name} only with the "
                             f"default seat names ({', '.join(default)}), not "
                             f"{', '.join(players)}: leave out --names")

    def _spiel_game(self, game: Game, players: int) -> Any:
        from .spiel import game_class

        key = (game.name, players)
        if key not in self._games:
            self._games[key] = game_class(game)({"players": players})
        return self._games[key]

    def act(self, game: Game, view: Any, player: str) -> Any:
        from open_spiel.python.algorithms import mcts

        from .spiel import MeepleSpielState

        state = game.determinize(view, player, self.rng) if game.hidden_information else view
        players = _players_of(game, state)
        sgame = self._spiel_game(game, len(players))
        root = MeepleSpielState(sgame, sgame.table(), start=game.clone(state))
        legal = root.legal_actions()
        if len(legal) == 1:
            return root.g.actions.decode(legal[0], state, player)
        bot = mcts.MCTSBot(sgame, self.c, self.sims,
                           mcts.RandomRolloutEvaluator(self.rollouts, self.np_rng),
                           random_state=self.np_rng, solve=False)
        action = bot.step(root)
        return root.g.actions.decode(action, state, player)


def _players_of(game: Game, state: Any) -> list[str]:
    players = getattr(state, "players", None)
    if players is None:
        raise BadOptions(f"agent 'openspiel-mcts' cannot tell the players of a {game.name} "
                         "state (it looks for state.players)")
    return list(players)


def factories() -> dict[str, Any]:
    return {"openspiel-mcts": OpenSpielMCTSAgent}
