"""Randomness (meeple.core.rng): derived generators that depend on seed, key and salt, a sealed
generator that refuses every draw, new seeds that fit a store's signed 64-bit column, and a
setup drawn with the key of seq 0."""

from __future__ import annotations

import random

import pytest
from meeple.core.rng import Chance, ChanceNeeded, SealedRandom, derive_rng, draw_rng, new_seed
from test_engine_api import GAMES


def test_new_seeds_fit_a_signed_64_bit_column() -> None:
    # Stores keep the seed in a signed 64-bit integer column.
    seeds = [new_seed() for _ in range(64)]
    assert all(0 <= s < 2**63 for s in seeds) and len(set(seeds)) > 60
    assert max(seeds) >= 2**62  # all 63 bits drawn (64 seeds below 2**62: a 2**-64 chance)


def test_the_setup_draws_with_the_key_of_seq_0() -> None:
    # Stored games replay their setup from the seed with key 0; another key would redraw
    # every stored game's setup (tile stacks, decks) differently.
    from meeple.core import runtime
    from meeple.core.rng import derive_rng

    game = GAMES.game("carcassonne-hill-dale")
    opts = game.resolve_options(None)
    want = list(game.setup(["a", "b"], opts, derive_rng(77, 0)))
    assert runtime.start(game, ["a", "b"], opts, 77) == want
    assert want != list(game.setup(["a", "b"], opts, derive_rng(77, 1)))


# -- randomness -----------------------------------------------------------------------------


def test_derived_randomness_depends_on_seed_key_and_salt() -> None:
    def draws(r: random.Random) -> list[int]:
        return [r.randrange(10**9) for _ in range(3)]

    base = draws(derive_rng(1, 5))
    assert base == draws(derive_rng(1, 5)) == draws(derive_rng(1, 5, ""))
    assert base != draws(derive_rng(2, 5))
    assert base != draws(derive_rng(1, 6))
    assert base != draws(derive_rng(1, 5, "draw"))
    assert base != draws(derive_rng(1, "5", "x"))
    # Chance keyed on (seed, key) with no salt is the same stream as derive_rng.
    assert draws(Chance(1, 5)) == base
    chance = Chance(1, 5)
    named = draws(chance.for_draw("deck", (2, "a")))
    assert named == draws(derive_rng(1, "deck/(2, 'a')", "draw"))
    assert draws(draw_rng(Chance(1, 77), "deck", 2, "a")) == named  # the key does not matter
    assert draws(draw_rng(Chance(2, 5), "deck", 2, "a")) != named  # the seed does
    legacy = Chance(1, 5, per_draw=False)
    assert legacy.for_draw("deck", (2,)) is legacy
    other = random.Random(3)
    assert draw_rng(other, "deck", 1) is other
    assert 0 <= new_seed() < 2**63 and new_seed() != new_seed()


def test_a_sealed_generator_refuses_every_kind_of_draw() -> None:
    sealed = SealedRandom()
    for draw in (sealed.random, lambda: sealed.getrandbits(8), lambda: sealed.randbytes(2),
                 lambda: sealed.randint(1, 6), lambda: sealed.choice([1, 2])):
        with pytest.raises(ChanceNeeded):
            draw()
    assert not issubclass(ChanceNeeded, Exception)
