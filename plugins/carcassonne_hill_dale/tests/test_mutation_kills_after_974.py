"""Tests for the gaps of the held-out mutation sample of Over Hill and Dale drawn with seed
974 (docs/testing.md, the Hill & Dale section). Written after that figure was taken, so
they are not counted in it: harvest-chip sets against a second way of counting them, the
value of a finished game, the log's name for a seat, the drawn tile's rotations side by
side, the encoding's bound in its refusal, and tiles that cannot change."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import random_decisions, random_game
from meeple_carcassonne_hill_dale import HillDale
from meeple_carcassonne_hill_dale.encoding import ACTION_COUNT, decode_action
from meeple_carcassonne_hill_dale.game import _who
from meeple_carcassonne_hill_dale.render import SIZE, svg
from meeple_carcassonne_hill_dale.scoring import chip_points
from meeple_carcassonne_hill_dale.tiles import CROPS, KINDS, ORIENT, SCARECROW

GAME = HillDale()


def _sets_by_hand(counts: tuple[int, ...]) -> int:
    """Sets of five different crops, made one at a time: each crop from the chips of that
    crop while there are any, a scarecrow standing in for the others. Using a scarecrow
    where a real chip is at hand can never make more sets, so this greedy count is the
    best grouping, reached another way than the rules' count."""
    crops = [c for i, c in enumerate(counts) if i != SCARECROW]
    jokers = counts[SCARECROW]
    sets = 0
    while True:
        need = sum(1 for c in crops if c == 0)
        if need > jokers:
            return sets
        crops = [c - 1 if c else 0 for c in crops]
        jokers -= need
        sets += 1


def test_harvest_chips_score_one_each_and_five_more_per_best_set() -> None:
    kinds = len(CROPS)
    for counts in itertools.product(range(4), repeat=kinds):
        want = sum(counts) + 5 * _sets_by_hand(counts)
        assert chip_points(counts) == want, counts
    # large hands too, where several set counts must be tried before the best fits
    rng = random.Random(974)
    for _ in range(300):
        counts = tuple(rng.randrange(9) for _ in range(kinds))
        assert chip_points(counts) == sum(counts) + 5 * _sets_by_hand(counts), counts


@pytest.mark.parametrize("scores, ann", [((30, 30), 0.0), ((31, 30), 1.0), ((29, 30), -1.0),
                                         ((0, 0), 0.0), ((5, 4), 1.0), ((4, 5), -1.0)])
def test_a_finished_game_is_worth_a_win_a_draw_or_a_loss(scores, ann) -> None:
    state = random_game(GAME, 2, 3).state
    assert state.finished
    state.scores = list(scores)
    first, second = state.players
    assert GAME.evaluate(state, first) == ann
    assert GAME.evaluate(state, second) == -ann


def test_an_event_without_a_player_names_its_seat_counted_from_one() -> None:
    class Seated:
        def __init__(self, seat: int) -> None:
            self.seat = seat

    for seat in range(5):
        assert _who(Seated(seat)) == f"seat {seat + 1}"

    class Named(Seated):
        player = "ann"

    assert _who(Named(3)) == "ann"


def test_the_drawn_tile_shows_each_rotation_side_by_side_with_its_label() -> None:
    seen = 0
    for state, _ in random_decisions(GAME, 3, 974, steps=40):
        if state.current >= 0 and not state.finished:
            page = svg(state)
            labels = [(float(x), int(r)) for x, r in
                      re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="11">r(\d+)</text>',
                                 page)]
            rotations = [r * 90 for r in KINDS[state.current].rotations]
            assert [r for _, r in labels] == rotations
            xs = [x for x, _ in labels]
            # each label right of its own tile, the tiles one tile and a gap apart
            assert xs == [8 + i * (SIZE + 30) + SIZE + 3 for i in range(len(xs))]
            seen += 1
    assert seen >= 10


@pytest.mark.parametrize("index", [-1, ACTION_COUNT, ACTION_COUNT + 7, 10 ** 9])
def test_an_action_out_of_range_is_refused_naming_the_last_one(index: int) -> None:
    local = LocalGame(GAME, ["ann", "bob"], seed=1)
    with pytest.raises(IllegalCommand) as info:
        decode_action(index, local.state, "ann")
    assert str(info.value) == (f"action {index} is not a Carcassonne action: use 0 to "
                               f"{ACTION_COUNT - 1}")


def test_a_tile_orientation_cannot_be_changed_once_made() -> None:
    orient = ORIENT[0][0]
    field = dataclasses.fields(orient)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(orient, field, getattr(orient, field))


def test_a_chip_taken_comes_from_the_first_pending_harvest_only() -> None:
    """Two fields closed by one tile wait in order; a chip taken is the first harvest's,
    whose turn moves to its next picker, and the second waits untouched (seed 974's
    fold survivor wrote the first harvest's remainder over the last one)."""
    from meeple_carcassonne_hill_dale.events import ChipTaken

    state = LocalGame(GAME, ["ann", "bob", "cy"], seed=1).state.clone()
    first, second = ((0, 2, 2), (0, 1, 2), 0), ((3, 4), (1, 2), 0)
    state.pending = [first, second]
    before = [list(c) for c in state.chips]
    state = GAME.fold(state, ChipTaken(seat=0, crop=2, player="ann"))
    assert state.pending == [((0, 2), (0, 1, 2), 1), second]
    assert state.chips[0][2] == before[0][2] + 1
    state = GAME.fold(state, ChipTaken(seat=1, crop=0, player="bob"))
    assert state.pending == [((2,), (0, 1, 2), 2), second]
    state = GAME.fold(state, ChipTaken(seat=2, crop=2, player="cy"))
    assert state.pending == [second]


# Seed 975's gaps (docs/testing.md), written after its figure was taken.

@pytest.mark.parametrize("word, rot", [("r0", 0), ("0", 0), ("r90", 1), ("90", 1),
                                       ("r180", 2), ("180", 2), ("r270", 3), ("270", 3)])
def test_every_rotation_word_reads_as_its_quarter_turns(word: str, rot: int) -> None:
    from meeple_carcassonne_hill_dale.events import Place
    from meeple_carcassonne_hill_dale.notation import parse

    assert parse(f"2,-1 {word}") == Place(2, -1, rot)
    assert parse(f"place 2,-1 {word} stable") == Place(2, -1, rot, "stable")
    assert parse("2,-1") == Place(2, -1, 0)


def test_a_refused_placement_names_the_rotation_it_was_tried_at() -> None:
    from meeple_carcassonne_hill_dale.events import Place

    refused_at = set()
    for state, p in random_decisions(GAME, 2, 975, steps=30):
        if state.current >= 0 and not state.pending:
            for x, y in sorted(state.frontier):
                for rot in range(4):
                    try:
                        GAME.decide(state, p, Place(x, y, rot), random.Random(0))
                    except IllegalCommand as e:
                        if "would meet" in str(e):
                            assert str(e).startswith(f"at {x},{y} r{rot * 90} the "), str(e)
                            refused_at.add(rot)
    assert refused_at == {0, 1, 2, 3}


def test_a_scoring_line_without_names_counts_seats_from_one() -> None:
    from meeple_carcassonne_hill_dale.events import Scored
    from meeple_carcassonne_hill_dale.game import _describe_scored

    line = _describe_scored(Scored("path", 0, 0, 1, 4, ((0, 4), (2, 4))))
    assert "seat 1 +4" in line and "seat 3 +4" in line and "seat 0" not in line


@pytest.mark.parametrize(("players", "seed", "ply"), [(2, 1, 12), (3, 2, 30), (4, 6, 45)])
def test_the_observation_counts_each_kind_left_as_a_share_of_its_tiles(players, seed, ply):
    """Seed 975's observation survivor (`1 ^ count` for `1 / count`): the stack part of
    the observation, as observation.py documents it, is per kind the share of that kind's
    tiles still in the stack, for every seat."""
    from test_mutation_kills_encoding import HEAD, _snapshots

    state = _snapshots(players, seed, ply + 1)[ply]
    want = [state.stack.count(k) / kind.count for k, kind in enumerate(KINDS)]
    assert any(0 < w < 1 for w in want)  # some kind partly drawn: a share, not a flag
    for player in state.players:
        out = GAME.observation(GAME.view(state, player), player)
        assert out[HEAD - len(KINDS):HEAD] == pytest.approx(want)

