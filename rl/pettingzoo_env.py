"""Any installed Meeple game as a PettingZoo AEC environment.

One agent acts at a time: the first player ``to_act`` names (games where several players
act at once, such as Terra Mystica's power offers, ask them in that order). Observations
are ``{"observation": float32 vector, "action_mask": int8 vector}`` of the acting player's
view only; actions are integers (meeple.rl.encoding). Rewards come at the end: each player
gets (players it beat - players that beat it) / (players - 1), so a two-player win is +1,
a loss -1 and a draw 0. ``reset(seed=S)`` plays the game with seed S, so the same seed and
actions give the same trajectory.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from meeple.core import LocalGame
from meeple.core.game import Game, Outcome
from meeple.core.plugins import Plugins, load
from meeple.core.rng import new_seed
from pettingzoo import AECEnv

from .encoding import ActionCodec, observation_size, observe


def rank_rewards(outcome: Outcome, players: list[str]) -> dict[str, float]:
    n = len(players)
    if n < 2:
        return {p: 0.0 for p in players}
    ranks = outcome.ranks
    return {p: (sum(ranks[p] < ranks[q] for q in players if q != p)
                - sum(ranks[q] < ranks[p] for q in players if q != p)) / (n - 1)
            for p in players}


class MeepleAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "meeple", "is_parallelizable": False}

    def __init__(self, game: str | Game, players: int | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None,
                 max_steps: int | None = None, plugins: Plugins | None = None) -> None:
        super().__init__()
        self.game = game if isinstance(game, Game) else (plugins or load()).game(game)
        count = players or self.game.min_players
        self.possible_agents = list(self.game.default_players(count))
        self.game.check_players(self.possible_agents)
        self.options = self.game.resolve_options(options)
        self.codec = ActionCodec(self.game)
        self.max_steps = max_steps
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"meeple_{self.game.name}"}
        size = observation_size(self.game)
        obs = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.codec.size)
                              for a in self.possible_agents}
        self.local: LocalGame | None = None

    def observation_space(self, agent: str) -> gymnasium.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.local = LocalGame(self.game, self.possible_agents, self.options,
                               seed=new_seed() if seed is None else int(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.agent_selection = self._acting()

    def _acting(self) -> str:
        acting = list(self.local.to_act())
        return acting[0] if acting else self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.game.view(self.local.state, agent)
        obs = np.asarray(observe(self.game, view, agent), dtype=np.float32)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self.local.outcome() is None and agent in self.local.to_act():
            mask[self.codec.indices(view, agent)] = 1  # no list as long as the action space
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        view = self.game.view(self.local.state, agent)
        command = self.codec.decode(int(action), view, agent)
        self._cumulative_rewards[agent] = 0.0
        self.local.play(agent, command)
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        outcome = self.local.outcome()
        if outcome is not None:
            self.rewards = rank_rewards(outcome, self.agents)
            self.terminations = {a: True for a in self.agents}
            for a in self.agents:
                self.infos[a] = {"scores": dict(outcome.scores), "ranks": dict(outcome.ranks)}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self.agent_selection = self._acting()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode does nothing")
            return None
        # A spectator's picture: rendering never shows a seat's hidden cards.
        return self.game.render(self.game.view(self.local.state, None), "text", None)

    def close(self) -> None:
        self.local = None


__all__ = ["MeepleAECEnv", "rank_rewards"]
