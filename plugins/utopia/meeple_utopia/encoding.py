"""A fixed action encoding (docs/rl.md): every Utopia command has one integer in
``range(ACTION_COUNT)``, the same in every state and for every player count, so a policy's
output unit always means the same command.

The numbering is a flat enumeration by command kind, in this order (sizes in brackets):

- ``take CIV DISTRICT`` for each civilization and district [5 x 24]; then ``take CIV
  ISLAND`` (no prince of that civilization left) for each civilization and island [5 x 4]
- ``special PLAYER`` by the receiver's seat, 0 to 4 [5] (the observation says which seat
  the observer has)
- ``wonder ISLAND`` [4]; ``monument CIV DISTRICT`` [5 x 24]
- ``discard CARDS`` (the standing discard) for every sorted multiset of 1 or 2 cards [20]:
  the leader discards 2, the others 1, the last none
- ``move [2] CIV FROM TO [privilege]`` for each civilization, each (from, to) pair a card
  can move along (a street, a bridge or a sea route of the board), one or two princes,
  with a card or a privilege [5 x 106 x 2 x 2: data/board.json gives 106 such pairs]
- ``add`` and ``remove CIV DISTRICT [privilege]`` [2 x 5 x 24 x 2]; ``raise CIV
  [privilege]`` [5 x 2]; ``lower CIV`` [5]; ``done`` [1]
- ``end [discard CARDS]`` for every sorted multiset of 0 to 5 cards [252]: a hand holds
  at most the 5 kept from the last turn plus the 5 drawn, so ending the turn discards at
  most 5 (the bound is the number of cards drawn).

Indices that name commands of districts or islands not in play (the water island with two
players) are never legal; the action mask leaves them out.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any

from meeple.core import IllegalCommand

from .board import BOARD, NCIV
from .events import (
    Add,
    Discard,
    Done,
    End,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)
from .state import DRAW, State

MAX_PLAYERS = 5
STANDING_DISCARD_MAX = 2  # the leader's standing discard
END_DISCARD_MAX = DRAW  # a hand of 5 kept + 5 drawn ends at the hand limit of 5


def _multisets(low: int, high: int) -> list[tuple[int, ...]]:
    return [cards for k in range(low, high + 1)
            for cards in combinations_with_replacement(range(NCIV), k)]


def _special(seat: int) -> tuple[str, int]:
    """The table's stand-in for ``special PLAYER``: the seat, whatever the players' names."""
    return ("special", seat)


def _table() -> tuple[Any, ...]:
    districts = range(BOARD.n_districts)
    civs = range(NCIV)
    out: list[Any] = [Take(c, BOARD.island_of[d], d) for c in civs for d in districts]
    out += [Take(c, i, -1) for c in civs for i in range(BOARD.n_islands)]
    out += [_special(seat) for seat in range(MAX_PLAYERS)]
    out += [Wonder(i) for i in range(BOARD.n_islands)]
    out += [Monument(c, d) for c in civs for d in districts]
    out += [Discard(cards) for cards in _multisets(1, STANDING_DISCARD_MAX)]
    out += [Move(c, s, t, k, p) for c in civs for s in districts for t in BOARD.reach[s]
            for k in (1, 2) for p in (False, True)]
    out += [kind(c, d, p) for kind in (Add, Remove) for c in civs for d in districts
            for p in (False, True)]
    out += [Raise(c, p) for c in civs for p in (False, True)]
    out += [Lower(c) for c in civs]
    out.append(Done())
    out += [End(cards) for cards in _multisets(0, END_DISCARD_MAX)]
    return tuple(out)


#: Every command (``("special", seat)`` for ``special`` to that seat), by index.
ACTIONS: tuple[Any, ...] = _table()
ACTION_COUNT = len(ACTIONS)
_INDEX = MappingProxyType({a: i for i, a in enumerate(ACTIONS)})


def encode_action(command: Any, state: State) -> int:
    """The fixed index of ``command``; ``state`` only names the seats (for ``special``)."""
    key = command
    if type(command) is Special:
        if command.to not in state.players:
            raise ValueError(f"special {command.to}: not a player of this game")
        key = _special(state.players.index(command.to))
    elif type(command) is Discard:
        key = Discard(tuple(sorted(command.cards)))
    elif type(command) is End:
        key = End(tuple(sorted(command.discards)))
    index = _INDEX.get(key)
    if index is None:
        raise ValueError(f"{command!r} has no Utopia action index (see meeple_utopia.encoding)")
    return index


def decode_action(index: int, state: State, player: str) -> Any:
    """The command of ``index`` for ``player`` (IllegalCommand when there is none)."""
    if not 0 <= index < ACTION_COUNT:
        raise IllegalCommand(f"action {index} is not a Utopia action: use 0 to {ACTION_COUNT - 1}")
    action = ACTIONS[index]
    if type(action) is tuple:
        seat = action[1]
        if seat >= state.n:
            raise IllegalCommand(f"action {index} hands a privilege to seat {seat + 1}; "
                                 f"this game has {state.n} players")
        return Special(state.players[seat])
    return action


__all__ = ["ACTIONS", "ACTION_COUNT", "decode_action", "encode_action"]
