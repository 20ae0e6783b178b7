"""The rules of the engine itself, shared by the stored engine, the scheduler, search and
tests: how a game starts, who may give a command, where its randomness comes from, and how
a list of events folds into state (skipping undone spans)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import IllegalCommand
from .events import Redone, Undone
from .game import Game
from .rng import derive_rng


def start(game: Game, players: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> list[Any]:
    """The setup events of a new game (options must already be resolved or are resolved here)."""
    game.check_players(players)
    resolved = game.resolve_options(options)
    return list(game.setup(list(players), resolved, derive_rng(seed, 0)))


def decide(game: Game, state: Any, player: str, command: Any, seed: int, next_seq: int) -> list[Any]:
    """Check that ``player`` may act, then let the game decide. ``next_seq`` is the sequence
    number the first resulting event will get; it keys the randomness."""
    if game.outcome(state) is not None:
        raise IllegalCommand("the game is over")
    acting = game.to_act(state)
    if player not in acting:
        who = ", ".join(acting) or "nobody"
        raise IllegalCommand(f"it is not {player}'s turn (waiting for {who})")
    events = list(game.decide(state, player, command, derive_rng(seed, next_seq)))
    if not events:
        raise IllegalCommand("that command would change nothing")
    return events


def effective(records: Sequence[tuple[int, Any]]) -> list[tuple[int, Any]]:
    """(seq, event) pairs that count: game events minus undone spans (honouring redo)."""
    undos: dict[int, Undone] = {}
    for seq, ev in records:
        if isinstance(ev, Undone):
            undos[seq] = ev
        elif isinstance(ev, Redone):
            undos.pop(ev.undo_seq, None)
    if not undos:
        return [(s, e) for s, e in records if not isinstance(e, Undone | Redone)]
    dead = [(u.first_seq, u.last_seq) for u in undos.values()]
    return [
        (s, e)
        for s, e in records
        if not isinstance(e, Undone | Redone) and not any(a <= s <= b for a, b in dead)
    ]


def fold_all(game: Game, events: Iterable[Any], state: Any = None) -> Any:
    fold = game.fold
    for ev in events:
        state = fold(state, ev)
    return state


def replay(game: Game, records: Sequence[tuple[int, Any]]) -> Any:
    return fold_all(game, (e for _, e in effective(records)))
