"""``legal`` is exactly the set of commands ``decide`` accepts: every candidate command
of every kind is either in ``legal`` or refused with IllegalCommand."""

import itertools
import random

import pytest
from meeple.core import IllegalCommand
from meeple_utopia.board import BOARD, NCIV
from meeple_utopia.events import (
    Add,
    Discard,
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
from utopia_helpers import GAME, new

ND, NI = BOARD.n_districts, BOARD.n_islands


def candidates(state):
    yield from (Take(c, i, d) for c in range(NCIV) for i in range(NI) for d in range(-1, ND))
    yield from (Special(p) for p in state.players)
    yield from (Wonder(i) for i in range(NI))
    yield from (Monument(c, d) for c in range(NCIV) for d in range(ND))
    for k in range(4):
        for cards in itertools.combinations_with_replacement(range(NCIV), k):
            yield Discard(cards)
            yield End(cards)
    for c, priv in itertools.product(range(NCIV), (False, True)):
        yield Raise(c, priv)
        yield from (Move(c, a, b, k, priv) for a in range(ND) for b in range(ND) for k in (1, 2))
        yield from (Add(c, d, priv) for d in range(ND))
        yield from (Remove(c, d, priv) for d in range(ND))
    yield from (Lower(c) for c in range(NCIV))


def accepted(state, player, cmd):
    try:
        GAME.decide(state, player, cmd, random.Random(0))
    except IllegalCommand:
        return False
    return True


@pytest.mark.parametrize("players", [2, 3, 5])
def test_legal_is_exactly_what_decide_accepts(players):
    rng = random.Random(players)
    g = new(players, seed=40 + players)
    checked = 0
    while g.outcome() is None and checked < 25:
        p = g.to_act()[0]
        legal = GAME.legal(g.state, p)
        if rng.random() < 0.15:
            allowed = set(legal)
            assert len(allowed) == len(legal), "legal lists a command twice"
            for cmd in candidates(g.state):
                assert accepted(g.state, p, cmd) == (cmd in allowed), GAME.format(cmd)
            checked += 1
        g.play(p, rng.choice(legal))
    assert checked >= 10
