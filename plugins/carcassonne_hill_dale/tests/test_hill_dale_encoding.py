"""Over Hill and Dale's own action encoding and observation (encoding.py, observation.py):
every legal command of random games round-trips through its index, the indices of legal
commands are exactly the legal commands (walks included), and the observation never
shows the order of the stack."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import random_decisions
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.encoding import ACTION_COUNT, PER_PLACEMENT, RADIUS, TAKES
from meeple_carcassonne_hill_dale.events import Place, Take
from meeple_carcassonne_hill_dale.observation import OBSERVATION_SIZE

GAME = HillDale()
FEW = settings(max_examples=6, derandomize=True, deadline=None, database=None)


def _random_states(players: int, seed: int):
    return random_decisions(GAME, players, seed)


@FEW
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_every_legal_command_round_trips_and_the_mask_is_legal(players, seed):
    kinds = set()
    for state, player in _random_states(players, seed):
        view = GAME.view(state, player)
        legal = GAME.legal(view, player)
        indices = [GAME.encode_action(c, view) for c in legal]
        assert all(0 <= i < ACTION_COUNT for i in indices)
        assert len(set(indices)) == len(legal)  # no two legal commands share an index
        assert [GAME.decode_action(i, view, player) for i in indices] == legal
        kinds |= {c.what if type(c) is Place else "take" for c in legal}
    assert {"", "wanderer", "farmer", "stable"} <= kinds


def _round_trips(state, player, commands) -> None:
    for c in commands:
        assert GAME.decode_action(GAME.encode_action(c, state), state, player) == c


def test_walks_round_trip():
    walks = 0
    for seed in range(6):
        for state, player in _random_states(2 + seed % 4, seed):
            found = [c for c in GAME.legal(state, player) if c.what == "walk"]
            _round_trips(state, player, found)
            walks += len(found)
    assert walks >= 50


def test_harvest_chip_picks_round_trip():
    """A shared harvest with a choice is rare in random play: seed 43 with five players
    reaches one (400 random games had two)."""
    for state, player in _random_states(5, 43):
        takes = [c for c in GAME.legal(state, player) if type(c) is Take]
        if takes:
            break
    assert len(takes) > 1
    _round_trips(state, player, takes)
    assert sorted(GAME.encode_action(c, state) for c in takes) == [c.crop for c in takes]


def test_each_placement_index_names_one_command():
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    state, player = local.state, local.to_act()[0]
    assert [GAME.decode_action(i, state, player) for i in range(TAKES)] == [
        Take(c) for c in range(TAKES)]
    for i in range(TAKES, ACTION_COUNT, 997):  # a spread of places, rotations and slots
        slot = (i - TAKES) % PER_PLACEMENT
        if slot < 10:  # a walk needs a wanderer on the path: tested above
            assert GAME.encode_action(GAME.decode_action(i, state, player), state) == i


def test_indices_and_commands_without_a_counterpart_are_clear_errors():
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    state, player = local.state, local.to_act()[0]
    first_walk = TAKES + 10  # at the window's corner, where no tile is
    for bad in (-1, ACTION_COUNT, first_walk):
        with pytest.raises(IllegalCommand, match="action|wanderer"):
            GAME.decode_action(bad, state, player)
    with pytest.raises(ValueError, match="window"):
        GAME.encode_action(Place(RADIUS + 1, 0, 0), state)


@pytest.mark.parametrize("players", [2, 5])
def test_the_observation_never_shows_the_stack_order(players):
    local = LocalGame(GAME, GAME.default_players(players), seed=3)
    rng = random.Random(3)
    for _ in range(12):
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    player = local.to_act()[0]
    view = GAME.view(local.state, player)
    a = GAME.determinize(view, player, random.Random(1))
    b = GAME.determinize(view, player, random.Random(2))
    assert a.stack != b.stack  # two worlds that differ only in the hidden order...
    seen = GAME.observation(GAME.view(a, player), player)
    assert seen == GAME.observation(GAME.view(b, player), player)  # ...look the same
    assert len(seen) == OBSERVATION_SIZE and all(math.isfinite(x) for x in seen)
    assert seen[0] == 1.0  # the observer is to act
    shorter = GAME.view(a, player)
    shorter.stack.pop()  # what the view shows does count: one tile fewer is seen
    assert GAME.observation(shorter, player) != seen
