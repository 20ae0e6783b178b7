"""Scenario helpers: start a game, play to a phase, and set up positions by hand."""

from __future__ import annotations

from meeple.core import LocalGame
from meeple_utopia import Utopia
from meeple_utopia.board import BOARD, CIVS, NCIV
from meeple_utopia.events import Take
from meeple_utopia.state import DEVELOP, State

GAME = Utopia()
D = BOARD.index
C = {c: i for i, c in enumerate(CIVS)}


def new(n: int = 3, seed: int = 1, **options) -> LocalGame:
    return LocalGame(GAME, GAME.default_players(n), options, seed=seed)


def seat(g: LocalGame) -> int:
    return g.state.current


def actor(g: LocalGame) -> str:
    return g.to_act()[0]


def play_phase1(g: LocalGame) -> None:
    """Every player takes the first waiting guest they may (no special guests)."""
    while g.state.phase != DEVELOP:
        p = actor(g)
        cmd = next(c for c in GAME.legal(g.state, p) if type(c) is Take)
        g.play(p, cmd)


def in_development(n: int, seed: int = 4) -> LocalGame:
    """A game in phase 2 with the standing discard settled, so actions may be played."""
    local = new(n, seed)
    play_phase1(local)
    state = local.state
    if state.must_discard:
        s = state.current
        give_cards(state, s, **{"maya": state.must_discard + 2})
        local.play(state.players[s],
                   GAME.parse("discard " + " ".join(["maya"] * state.must_discard)))
    assert local.state.phase == DEVELOP and not local.state.must_discard
    return local


def put(state: State, district: str, seat: int, civ: str, k: int) -> None:
    state.princes[(D[district] * state.n + seat) * NCIV + C[civ]] += k
    state.supply[seat * NCIV + C[civ]] -= k


def give_cards(state: State, seat: int, **cards: int) -> None:
    """Replace a hand, keeping all 50 cards accounted for through the deck."""
    for c in range(NCIV):
        state.deck[c] += state.hands[seat * NCIV + c]
        state.hands[seat * NCIV + c] = 0
    for name, k in cards.items():
        state.hands[seat * NCIV + C[name]] = k
        state.deck[C[name]] -= k
    state.hand_sizes[seat] = sum(cards.values())


def set_monument(state: State, district: str, seat: int, civ: str) -> None:
    state.mon_owner[D[district]] = seat
    state.mon_civ[D[district]] = C[civ]
    state.monuments_left[C[civ]] -= 1


def set_scale(state: State, **values: int) -> None:
    assert sorted(values.values()) == [1, 2, 3, 4, 5]
    for name, v in values.items():
        state.scale[C[name]] = v
