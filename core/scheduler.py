"""The match loop: ask who acts, ask their agent for a command against their view,
decide, fold, store; until the game has an outcome. Works on a stored game, so a match
that stopped (crash, Ctrl-C) resumes from its log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .agents import Agent
from .errors import IllegalCommand, MeepleError
from .game import Outcome
from .table import Table


class AgentError(MeepleError):
    """An agent gave a command the game refused."""


def run_match(
    engine: Any,
    game_id: str,
    agents: Mapping[str, Agent],
    *,
    flush_every: int = 1,
    max_commands: int | None = None,
    on_command: Callable[[Table, str, Any], None] | None = None,
) -> Outcome | None:
    """Play ``game_id`` on until it ends (or ``max_commands`` were given).

    ``flush_every``: how many commands to keep in memory before one atomic write. 1 stores
    every command at once (needed when people watch or play); AI matches may batch: a
    crash then loses at most that many commands, and the match resumes before them.
    """
    # The engine's own table, handed over for the match (nobody else changes it meanwhile);
    # an engine-like object without checkout lends its table.
    checkout = getattr(engine, "checkout", None)
    t: Table = checkout(game_id) if checkout is not None else engine.table(game_id)
    game = t.game
    missing = [p for p in t.header.players if p not in agents]
    if missing:
        raise MeepleError(f"no agent for {', '.join(missing)} in {game_id}")
    given = 0
    try:
        while t.outcome() is None and (max_commands is None or given < max_commands):
            acting = t.to_act()
            if not acting:
                raise MeepleError(f"{game.name}: nobody is to act, yet the game is not over")
            # Several players may act at once; each is asked in turn against what it sees
            # now, so an answer never depends on a command it could not have seen.
            player = acting[0]
            view = game.view(t.state, player)
            command = agents[player].act(game, view, player)
            try:
                t.apply(player, command)
            except IllegalCommand as exc:
                shown = command if isinstance(command, str) else game.format(command, t.state)
                raise AgentError(f"{player}'s agent gave {shown!r}, which is illegal: {exc}") from exc
            given += 1
            if on_command:
                on_command(t, player, command)
            if len(t.pending) and given % flush_every == 0:
                _flush(engine, t)
    finally:
        _flush(engine, t)
    keep = getattr(engine, "keep", None)
    if keep is not None:
        keep(t)
    return t.outcome()


def _flush(engine: Any, t: Table) -> None:
    """Store the pending commands; if the store refuses, forget them (and the engine's
    cached table), so that no later write carries commands whose write failed."""
    try:
        t.flush(engine.store, engine.clock)
    except BaseException:
        t.discard_pending()
        forget = getattr(engine, "forget", None)
        if forget is not None:
            forget(t.header.game_id)
        raise
