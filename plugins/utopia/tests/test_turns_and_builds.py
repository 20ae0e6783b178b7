"""A wonder or monument may be built at any point of one's own turn, right after the take
that completes it included; decide enforces turns by itself; the events' prestige adds up
to the final scores."""

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import vp_totals
from meeple_utopia.board import BOARD, CIVS
from meeple_utopia.events import GuestTaken, MonumentBuilt, WelcomeEnded, WonderBuilt
from meeple_utopia.state import WELCOME
from utopia_helpers import GAME, actor, new, put, seat


def _waiting_guest(g: LocalGame, island: str, civ: str) -> None:
    """Make a guest of ``civ`` wait at ``island`` (taken from the bag, like a draw)."""
    gi = BOARD.island_index(island) * 5 + CIVS.index(civ)
    if not g.state.waiting[gi]:
        g.state.waiting[gi] += 1
        g.state.bag[gi] -= 1


def test_take_that_completes_three_princes_lets_the_taker_build_the_monument():
    g = new(3)
    s = seat(g)
    me = actor(g)
    _waiting_guest(g, "fire", "maya")
    put(g.state, "F3", s, "maya", 2)
    evs = g.play(me, "take maya F3")  # the third maya prince in F3
    assert [type(e) for e in evs] == [GuestTaken] and not evs[0].ends_turn
    # still my turn: the monument (or 'done') is what I may do now
    assert seat(g) == s and g.state.phase == WELCOME
    legal = {GAME.format(c) for c in GAME.legal(g.state, me)}
    assert legal == {"monument maya F3", "done"}
    with pytest.raises(IllegalCommand, match="welcomed your guest"):
        g.play(me, "take maya F3")
    evs = g.play(me, "monument maya F3")
    # nothing more to build: the monument ends the turn by itself
    assert [type(e) for e in evs] == [MonumentBuilt, WelcomeEnded]
    assert g.state.mon_owner[BOARD.index["F3"]] == s and seat(g) != s


def test_take_that_completes_five_civilizations_lets_the_taker_build_the_wonder():
    g = new(3)
    s = seat(g)
    me = actor(g)
    for district, civ in [("F1", "maya"), ("F2", "persian"), ("F3", "egyptian"), ("F4", "greek")]:
        put(g.state, district, s, civ, 1)
    _waiting_guest(g, "fire", "chinese")
    g.play(me, "take chinese F6")
    assert seat(g) == s
    assert {GAME.format(c) for c in GAME.legal(g.state, me)} == {"wonder fire", "done"}
    evs = g.play(me, "wonder fire")
    assert isinstance(evs[0], WonderBuilt) and evs[0].points == 6
    assert GAME.changes(evs[0]) == {me: {"vp": 6}}
    assert g.state.scores[s] == 6 and seat(g) != s


def test_done_passes_the_turn_without_building():
    g = new(3)
    s = seat(g)
    me = actor(g)
    _waiting_guest(g, "fire", "maya")
    put(g.state, "F3", s, "maya", 2)
    g.play(me, "take maya F3")
    evs = g.play(me, "done")
    assert [type(e) for e in evs] == [WelcomeEnded] and seat(g) != s
    assert g.state.mon_owner[BOARD.index["F3"]] == -1


def test_a_take_that_enables_nothing_passes_the_turn_at_once():
    g = new(3)
    s = seat(g)
    take = next(c for c in GAME.legal(g.state, actor(g)) if type(c).__name__ == "Take")
    evs = g.play(actor(g), take)
    assert evs[0].ends_turn and seat(g) != s
    with pytest.raises(IllegalCommand, match="after its guest"):
        g.play(actor(g), "done")


@pytest.mark.parametrize("n", [2, 3, 5])
def test_decide_called_directly_refuses_every_seat_out_of_turn(n):
    """Not the engine's to_act: the game's own decide must refuse a seat that is not on
    turn, in every phase of a random game, changing nothing."""
    g = LocalGame(GAME, GAME.default_players(n), {}, seed=n)
    rng = random.Random(n)
    checked = 0
    while g.outcome() is None:
        (me,) = g.to_act()
        cmds = GAME.legal(g.state, me)
        others = [p for p in g.state.players if p != me]
        if checked < 400:
            before = GAME.clone(g.state)
            for p in others:
                with pytest.raises(IllegalCommand, match="turn"):
                    GAME.decide(g.state, p, cmds[0], random.Random(0))
            assert g.state == before
            checked += 1
        g.play(me, rng.choice(cmds))
    assert checked >= 50


def test_prestige_in_the_events_adds_up_to_the_final_scores():
    for seed in range(6):
        g = LocalGame(GAME, GAME.default_players(2 + seed % 4), {"goal": 25}, seed=seed)
        g.play_randomly(random.Random(seed))
        total = vp_totals(GAME, g.events, g.state.players)
        assert total == {p: int(v) for p, v in g.outcome().scores.items()}
        assert any(GAME.changes(ev) for ev in g.events)
