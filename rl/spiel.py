"""Any installed Meeple game as an OpenSpiel (pyspiel) Python game.

    from meeple.rl.spiel import load_game
    game = load_game("utopia", players=2)      # registered as python_meeple_utopia
    state = game.new_initial_state()

Players are numbered in seat order. Actions are meeple.rl.encoding's integers. Chance:
Meeple games draw their randomness inside ``setup`` and ``decide`` from an rng the engine
hands them, so the adapter turns every such draw into an explicit chance node: when a
command (or the setup) gives different events for different rngs, the state becomes a
chance node with ``CHANCE_OUTCOMES`` equally likely outcomes, outcome ``k`` being the rng
that ``decide`` then draws from. So each shuffle or draw is one of that many random
streams: enough for search and for sampling, though not every ordering of a large deck
can come up (docs/rl.md). Games with no chance events (no ``barrier`` events: connect
four) are deterministic. Games that hide information are imperfect-information games;
information states are the player's own view and the command history as that player may
see it (``redact_command``). Returns: (players beaten - players that won against you) /
(players - 1), so every game is zero-sum.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from meeple.core import runtime
from meeple.core.codec import Codec
from meeple.core.events import is_barrier
from meeple.core.game import Game
from meeple.core.plugins import Plugins, load
from meeple.core.rng import derive_rng

from .encoding import ActionCodec, observation_size, observe
from .pettingzoo_env import rank_rewards

CHANCE_OUTCOMES = 64
MAX_GAME_LENGTH = 100_000


def short_name(game: Game) -> str:
    return "python_meeple_" + game.name.replace("-", "_")


def has_chance(game: Game) -> bool:
    """A game that can reveal a draw declares a barrier event for it."""
    return any(is_barrier(cls) or getattr(cls, "BARRIER", False) for cls in game.events)


def game_type(game: Game) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Meeple {game.title or game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if has_chance(game)
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(info.IMPERFECT_INFORMATION if game.hidden_information
                     else info.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players},
    )


class Table:
    """What a state needs of its game: the Meeple game, seats, options, codecs. States hold
    it themselves (pybind11 drops Python attributes of a game object that C++ created)."""

    def __init__(self, meeple: Game, players: int, options: dict) -> None:
        self.meeple = meeple
        self.players = list(meeple.default_players(players))
        meeple.check_players(self.players)
        self.options = meeple.resolve_options(options)
        self.actions = ActionCodec(meeple)
        self.codec = Codec(meeple)


class MeepleSpielGame(pyspiel.Game):
    """A Meeple game for pyspiel. ``game_class`` makes one subclass per Meeple game and
    option set; the class carries them, so a game pyspiel creates from its registry is
    complete too."""

    MEEPLE: Game
    OPTIONS: dict = {}

    def __init__(self, params: dict | None = None) -> None:
        meeple = type(self).MEEPLE
        players = int(dict(params or {}).get("players", meeple.min_players))
        table = Table(meeple, players, type(self).OPTIONS)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.actions.size,
            max_chance_outcomes=CHANCE_OUTCOMES if has_chance(meeple) else 0,
            num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type(meeple), info, {"players": players})

    def table(self) -> Table:
        return Table(type(self).MEEPLE, self.num_players(), type(self).OPTIONS)

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self, self.table())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        return MeepleObserver(self.table(), iig_obs_type)


def game_class(meeple: Game, options: dict | None = None) -> type[MeepleSpielGame]:
    return type(f"MeepleSpielGame_{meeple.name.replace('-', '_')}", (MeepleSpielGame,),
                {"MEEPLE": meeple, "OPTIONS": dict(options or {})})


class MeepleSpielState(pyspiel.State):
    def __init__(self, game: MeepleSpielGame, table: Table, *,
                 copy_of: MeepleSpielState | None = None, start: Any = None):
        """A new game (chance first where the setup draws); ``copy_of``: a clone;
        ``start``: search from this Meeple state (an agent's determinized view)."""
        super().__init__(game)
        self.g = table
        if start is not None:
            self.state, self.pending, self.history_texts, self.steps = start, None, [], 0
            return
        if copy_of is not None:
            self.state = table.meeple.clone(copy_of.state)
            self.pending = copy_of.pending
            self.history_texts = list(copy_of.history_texts)
            self.steps = copy_of.steps
            return
        self.state: Any = None
        self.history_texts: list[tuple[str, str]] = []  # (actor, command text)
        self.steps = 0
        self.pending: tuple | None = None
        if self._random(lambda rng: runtime.start(table.meeple, table.players, table.options,
                                                  rng.getrandbits(63))):
            self.pending = ("setup",)
        else:
            self._fold(runtime.start(table.meeple, table.players, table.options, 0))

    # -- chance ----------------------------------------------------------------------

    def _random(self, make_events: Any) -> bool:
        """Whether the events depend on the rng (two different rngs give other events)."""
        if not has_chance(self.g.meeple):
            return False
        a = [self.g.codec.encode(e) for e in make_events(random.Random(1))]
        b = [self.g.codec.encode(e) for e in make_events(random.Random(2))]
        return a != b

    def _fold(self, events: list) -> None:
        for ev in events:
            self.state = self.g.meeple.fold(self.state, ev)

    # -- the pyspiel API -----------------------------------------------------------------

    def current_player(self) -> int:
        if self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.g.meeple.outcome(self.state) is not None:
            return pyspiel.PlayerId.TERMINAL
        return self.g.players.index(self.g.meeple.to_act(self.state)[0])

    def _legal_actions(self, player: int) -> list[int]:
        return self.g.actions.indices(self.state, self.g.players[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(k, 1.0 / CHANCE_OUTCOMES) for k in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        meeple = self.g.meeple
        if self.pending is not None:
            rng = derive_rng(int(action), self.steps, "openspiel-chance")
            if self.pending[0] == "setup":
                self._fold(runtime.start(meeple, self.g.players, self.g.options,
                                         rng.getrandbits(63)))
            else:
                _, name, command = self.pending
                self._fold(meeple.decide(self.state, name, command, rng))
            self.pending = None
            self.steps += 1
            return
        name = self.g.players[self.current_player()]
        command = self.g.actions.decode(int(action), self.state, name)
        self.history_texts.append((name, meeple.format(command, self.state)))
        if self._random(lambda rng: meeple.decide(self.state, name, command, rng)):
            self.pending = ("decide", name, command)
        else:
            self._fold(meeple.decide(self.state, name, command, random.Random(0)))
        self.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        name = self.g.players[player]
        return self.g.meeple.format(self.g.actions.decode(int(action), self.state, name),
                                    self.state)

    def is_terminal(self) -> bool:
        return self.pending is None and self.g.meeple.outcome(self.state) is not None

    def returns(self) -> list[float]:
        out = self.g.meeple.outcome(self.state) if self.pending is None else None
        if out is None:
            return [0.0] * len(self.g.players)
        rewards = rank_rewards(out, self.g.players)
        return [rewards[p] for p in self.g.players]

    def __str__(self) -> str:
        if self.state is None:
            return "(before setup)"
        return self.g.meeple.render(self.g.meeple.view(self.state, None), "text", None)

    def __deepcopy__(self, memo: dict) -> MeepleSpielState:
        return MeepleSpielState(self.get_game(), self.g, copy_of=self)


class MeepleObserver:
    """Observations and information states: only what the player's view shows."""

    def __init__(self, table: Table, iig_obs_type: Any) -> None:
        self.g = table
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(observation_size(table.meeple), np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: MeepleSpielState, player: int) -> Any:
        if state.state is None:
            return None
        return self.g.meeple.view(state.state, self.g.players[player])

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = observe(self.g.meeple, view, self.g.players[player])

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        name = self.g.players[player]
        view = self._view(state, player)
        seen = "" if view is None else self.g.meeple.render(view, "text", name)
        if not self.perfect_recall:
            return f"{name}\n{seen}"
        moves = [f"{actor}: {self.g.meeple.redact_command(text, actor, name)}"
                 for actor, text in state.history_texts]
        return f"{name}\n{seen}\n" + "\n".join(moves)


def load_game(name: str, players: int | None = None, options: dict | None = None,
              plugins: Plugins | None = None) -> MeepleSpielGame:
    """The pyspiel game of an installed Meeple game. The game with default options is
    registered with pyspiel on first use, so ``pyspiel.load_game("python_meeple_<name>",
    {"players": n})`` works too."""
    meeple = (plugins or load()).game(name)
    if short_name(meeple) not in {t.short_name for t in pyspiel.registered_games()}:
        pyspiel.register_game(game_type(meeple), game_class(meeple))
    cls = game_class(meeple, meeple.resolve_options(options))
    return cls({"players": players or meeple.min_players})


__all__ = ["CHANCE_OUTCOMES", "MeepleSpielGame", "MeepleSpielState", "load_game"]
