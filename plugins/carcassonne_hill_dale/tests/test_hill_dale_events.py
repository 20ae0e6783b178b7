"""Events are facts: they carry each player's points with names, ``changes`` sums to the
final scores, and decide enforces turns by itself."""

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import vp_totals
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.events import ChipTaken
from meeple_carcassonne_hill_dale.tiles import CROPS

GAME = HillDale()


@pytest.mark.parametrize("n,sharing", [(2, "majority"), (3, "every-player"), (5, "majority")])
def test_vp_in_the_events_adds_up_to_the_final_scores(n, sharing):
    for seed in range(4):
        g = LocalGame(GAME, GAME.default_players(n), {"sharing": sharing}, seed=seed)
        g.play_randomly(random.Random(seed))
        total = vp_totals(GAME, g.events, g.state.players)
        assert total == {p: int(v) for p, v in g.outcome().scores.items()}
        assert sum(total.values()) > 0


def test_decide_called_directly_refuses_every_seat_out_of_turn():
    g = LocalGame(GAME, GAME.default_players(3), {"tiles": 30}, seed=3)
    rng = random.Random(3)
    steps = 0
    while g.outcome() is None:
        (me,) = g.to_act()
        cmds = GAME.legal(g.state, me)
        before = GAME.clone(g.state)
        for p in g.state.players:
            if p != me:
                with pytest.raises(IllegalCommand, match="not .*'s turn"):
                    GAME.decide(g.state, p, cmds[0], random.Random(0))
        with pytest.raises(IllegalCommand, match="does not play"):
            GAME.decide(g.state, "zed", cmds[0], random.Random(0))
        assert g.state == before
        g.play(me, rng.choice(cmds))
        steps += 1
    assert steps >= 30


def test_log_lines_name_players_and_points():
    g = LocalGame(GAME, ["ann", "bob"], {"tiles": 20}, seed=5)
    g.play_randomly(random.Random(5))
    lines = [GAME.describe_event(ev) for ev in g.events]
    assert any(line.startswith("ann places ") for line in lines)
    assert lines[-1].startswith("final scoring: ann +") and "bob +" in lines[-1]
    assert not any("seat " in line for line in lines if not line.startswith("closed"))


def test_view_of_every_seat_and_the_spectator_hides_only_the_stack_order():
    """Field by field: the only secret is the order of the stack; every seat and the
    spectator (player=None) see the stack as a sorted multiset and everything else."""
    from meeple_carcassonne_hill_dale.events import Started
    from meeple_carcassonne_hill_dale.state import SLOTS

    g = LocalGame(GAME, ["ann", "bob", "cid"], {}, seed=11)
    rng = random.Random(11)
    for _ in range(10):
        (me,) = g.to_act()
        g.play(me, rng.choice(GAME.legal(g.state, me)))
    state = g.state
    assert state.stack != sorted(state.stack)  # else the test could not see a leak
    for who in [*state.players, None]:
        v = GAME.view(state, who)
        for slot in SLOTS:
            if slot == "stack":
                assert v.stack == sorted(state.stack), who
            elif slot == "hidden":
                assert v.hidden is True and state.hidden is False
            else:
                assert getattr(v, slot) == getattr(state, slot), (who, slot)
        started = GAME.redact(g.events[0], who)
        assert isinstance(started, Started) and list(started.stack) == sorted(started.stack)
        for fmt in ("text", "svg"):  # drawn for the same person: the acting seat may click
            assert GAME.render(v, fmt, who) == GAME.render(GAME.view(state, None), fmt, who)


@pytest.mark.parametrize("crop", range(len(CROPS)))
def test_a_chip_taken_counts_one_chip_of_its_crop_for_its_player(crop):
    assert GAME.changes(ChipTaken(1, crop, "bob")) == {"bob": {CROPS[crop]: 1}}
