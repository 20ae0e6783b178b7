"""Meeple games for reinforcement-learning and game-theory tools (the optional extra
``meeple[rl]``; docs/rl.md).

    import meeple.rl
    env = meeple.rl.env("terra-mystica", players=4)      # a PettingZoo AEC environment
    game = meeple.rl.openspiel_game("connect-four")      # a pyspiel game (open-spiel)

Every installed game works, ours or a third party's: the adapters need only the Game
contract (legal, decide, fold, view, outcome, summary). A game may give its own action
encoding and observation (``Game.action_count`` / ``encode_action`` / ``decode_action``,
``Game.observation_size`` / ``observation``); without them the adapters number ``legal``
in a canonical order and encode ``summary`` generically (meeple.rl.encoding).
"""

from __future__ import annotations

from typing import Any


def env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of an installed game (see MeepleAECEnv)."""
    from .pettingzoo_env import MeepleAECEnv

    return MeepleAECEnv(game, players=players, options=options, render_mode=render_mode,
                        **kwargs)


def openspiel_game(game: str, players: int | None = None,
                   options: dict[str, Any] | None = None) -> Any:
    """The installed game as a pyspiel game object (registered on first use)."""
    from .spiel import load_game

    return load_game(game, players=players, options=options)


__all__ = ["env", "openspiel_game"]
