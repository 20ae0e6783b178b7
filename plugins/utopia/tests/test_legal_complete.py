"""``legal`` is exactly the set of commands ``decide`` accepts: every candidate command
of every kind is either in ``legal`` or refused with IllegalCommand. Also at the edge of
every resource a phase 2 action spends (no prince left for an add, a card too few, no
privilege token, the top and the bottom of the prestige scale), for the seat that is
short and for the seats that are not, and for civilization numbers off the list."""

import itertools
import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_utopia.board import BOARD, NCIV
from meeple_utopia.events import (
    Add,
    Discard,
    End,
    KingInfluenced,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)
from meeple_utopia.state import DEVELOP, PRINCES_PER_CIV
from utopia_helpers import (
    GAME,
    C,
    D,
    give_cards,
    in_development,
    new,
    set_monument,
    set_scale,
)

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


def test_legal_offers_every_raise_lower_add_and_remove_that_decide_accepts():
    """A cheap slice of the test above (whose full candidate list, moves included, takes
    a minute): in phase 2, every command but a move is in legal exactly when decide
    accepts it."""
    rng = random.Random(8)
    local = LocalGame(GAME, GAME.default_players(3), seed=8)
    checked, kinds = 0, set()
    while local.outcome() is None and checked < 12:
        player = local.to_act()[0]
        legal = GAME.legal(local.state, player)
        if local.state.phase == DEVELOP and rng.random() < 0.3:
            allowed = set(legal)
            for cmd in candidates(local.state):
                if type(cmd) is not Move:
                    assert accepted(local.state, player, cmd) == (cmd in allowed), cmd
                    kinds |= {type(cmd).__name__} if cmd in allowed else set()
            checked += 1
        local.play(player, rng.choice(legal))
    assert checked == 12 and {"Raise", "Lower", "End"} <= kinds, kinds


def _agree(state, player: str, cmd) -> bool:
    """decide accepts ``cmd`` exactly when legal lists it; a refusal changes nothing."""
    before = GAME.clone(state)
    try:
        GAME.decide(state, player, cmd, random.Random(0))
        accepted = True
    except IllegalCommand:
        accepted = False
    assert state == before
    assert accepted == (cmd in GAME.legal(state, player)), cmd
    return accepted


def test_an_add_needs_a_prince_of_ones_own_supply_whatever_the_others_have():
    local = in_development(4)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_monument(state, "E1", (seat + 1) % state.n, "maya")
    give_cards(state, seat, maya=1)
    add = Add(C["maya"], D["E1"], False)
    for s in range(state.n):  # everyone else is out of maya princes; seat has one
        state.supply[s * NCIV + C["maya"]] = 0 if s != seat else 1
    assert _agree(state, player, add)
    for s in range(state.n):  # now the other way round
        state.supply[s * NCIV + C["maya"]] = PRINCES_PER_CIV if s != seat else 0
    assert not _agree(state, player, add)
    with pytest.raises(IllegalCommand, match="you have no maya prince left"):
        GAME.decide(state, player, add, random.Random(0))


def test_each_card_action_is_refused_one_card_short_and_allowed_with_it():
    local = in_development(3)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_scale(state, maya=3, persian=1, egyptian=5, greek=2, chinese=4)
    state.held[seat] = 0
    for civ, k, cmd in (("maya", 1, Raise(C["maya"], False)), ("maya", 2, Lower(C["maya"]))):
        give_cards(state, seat, **({civ: k - 1} if k > 1 else {}))
        assert not _agree(state, player, cmd)
        give_cards(state, seat, **{civ: k})
        assert _agree(state, player, cmd)
    give_cards(state, seat)
    paid = Raise(C["maya"], True)
    assert not _agree(state, player, paid)
    state.held[seat] = 1
    assert _agree(state, player, paid)
    events = GAME.decide(state, player, paid, random.Random(0))
    assert events == [KingInfluenced(seat, C["maya"], False, True, player)]
    after = GAME.fold(GAME.clone(state), events[0])
    assert after.held[seat] == 0 and after.hands == state.hands


@pytest.mark.parametrize(("civ", "value", "raise_ok", "lower_ok"),
                         [("egyptian", 5, False, True), ("persian", 1, True, False),
                          ("maya", 3, True, True)])
def test_the_scale_ends_refuse_raising_the_top_and_lowering_the_bottom(civ, value, raise_ok,
                                                                        lower_ok):
    local = in_development(3)
    state = local.state
    seat, player = state.current, state.players[state.current]
    set_scale(state, maya=3, persian=1, egyptian=5, greek=2, chinese=4)
    assert state.scale[C[civ]] == value
    give_cards(state, seat, **{civ: 2})
    assert _agree(state, player, Raise(C[civ], False)) is raise_ok
    assert _agree(state, player, Lower(C[civ])) is lower_ok


@pytest.mark.parametrize("civ", [-1, NCIV, NCIV + 3])
def test_a_civilization_number_off_the_list_is_refused_by_decide_and_changes_nothing(civ):
    local, rng = LocalGame(GAME, ["ann", "bob"], seed=3), random.Random(3)
    take = Take(civ, 1, -1)
    with pytest.raises(IllegalCommand):
        GAME.decide(local.state, local.to_act()[0], take, random.Random(0))
    while local.state.phase != DEVELOP:
        local.play(local.to_act()[0], rng.choice(GAME.legal(local.state, local.to_act()[0])))
    player = local.to_act()[0]
    before = GAME.clone(local.state)
    for cmd in (Monument(civ, 0), Move(civ, 0, 1, 1, False), Add(civ, 0, False),
                Remove(civ, 0, False), Raise(civ, False), Lower(civ)):
        with pytest.raises(IllegalCommand):
            GAME.decide(local.state, player, cmd, random.Random(0))
    assert local.state == before


@pytest.mark.parametrize("civ", [-1, 5, 9])
def test_a_monument_of_a_civilization_off_the_list_is_refused_on_a_district_in_play(civ):
    local = LocalGame(GAME, ["ann", "bob", "cy"], seed=3)
    rng = random.Random(3)
    while local.state.phase != DEVELOP:
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    local.state.must_discard = 0
    player = local.to_act()[0]
    before = GAME.clone(local.state)
    assert local.state.district_active(D["E1"])
    with pytest.raises(IllegalCommand, match="no such district or civilization"):
        GAME.decide(local.state, player, Monument(civ, D["E1"]), random.Random(0))
    assert local.state == before
