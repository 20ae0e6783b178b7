"""Small rules of meeple.core found unguarded by the held-out mutation sample (seed 5,
docs/testing.md): how long values are cut in messages, what a float option accepts, the
seed width a store column holds, and which undo a redo cancels."""

from __future__ import annotations

from meeple.core.compare import MAX_VALUE, _value
from meeple.core.game import _shown
from meeple.core.rng import new_seed


def test_values_in_error_lines_are_cut_to_their_length_with_an_ellipsis() -> None:
    assert _shown("x" * 38) == repr("x" * 38)  # 40 characters with the quotes: kept
    assert _shown("x" * 39) == repr("x" * 39)[:37] + "..."
    assert _value("y" * (MAX_VALUE - 2)) == repr("y" * (MAX_VALUE - 2))
    long = _value("y" * MAX_VALUE)
    assert len(long) == MAX_VALUE and long.endswith("...") and long.startswith("'yyy")


def test_new_seeds_fit_a_signed_64_bit_column() -> None:
    # Stores keep the seed in a signed 64-bit integer column.
    seeds = [new_seed() for _ in range(64)]
    assert all(0 <= s < 2**63 for s in seeds) and len(set(seeds)) > 60


def test_a_redo_cancels_the_latest_undo_still_standing() -> None:
    from meeple.core.events import Redone, Undone
    from meeple.core.runtime import redo_target

    def undo(first: int, last: int) -> Undone:
        return Undone(first, last, "a")

    pairs = [(5, undo(3, 4)), (6, undo(1, 2))]
    assert redo_target(pairs) == 6
    assert redo_target([*pairs, (7, Redone(6, "a"))]) == 5


def test_legacy_chance_keys_on_the_sequence_number_also_for_a_header_read_back() -> None:
    import json

    from meeple.core.records import CHANCE_POSITION, CHANCE_SEQ
    from meeple.core.runtime import chance_key

    stored = json.loads(json.dumps({"chance": CHANCE_SEQ}))["chance"]  # an equal, new string
    for scheme in (CHANCE_SEQ, stored):
        assert chance_key(scheme, next_seq=9, counting=4) == 9
    assert chance_key(CHANCE_POSITION, next_seq=9, counting=4) == 5
