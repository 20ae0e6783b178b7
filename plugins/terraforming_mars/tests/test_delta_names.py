"""A stored delta names game concepts (a player's hand, the temperature steps), never
Python attributes: renaming an attribute of the state changes no stored log."""

from __future__ import annotations

import random

from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import delta as D
from meeple_terraforming_mars.state import Player, State

GAME = TerraformingMars()


def stored_log(seed: int = 3) -> list[bytes]:
    g = LocalGame(GAME, GAME.default_players(2), {"corporations": "beginner"}, seed=seed)
    g.play_randomly(random.Random(seed))
    codec = Codec(GAME)
    return [codec.encode(ev)[2] for ev in g.events]


def alias(name: str) -> property:
    return property(lambda s: getattr(s, name), lambda s, v: setattr(s, name, v))


def test_renaming_state_attributes_changes_no_stored_log(monkeypatch):
    before = stored_log()
    assert any(b'"temp"' in d for d in before) and any(b'"passed"' in d for d in before)
    assert any(b'"hand"' in d for d in before) and any(b'"generation"' in d for d in before)
    # The state's temperature, a player's passed flag and hand, and the generation under
    # new attribute names: only the tables' attribute side follows the rename.
    monkeypatch.setattr(State, "temperature_steps", alias("temp"), raising=False)
    monkeypatch.setattr(State, "generation_no", alias("generation"), raising=False)
    monkeypatch.setattr(Player, "has_passed", alias("passed"), raising=False)
    monkeypatch.setattr(Player, "cards_in_hand", alias("hand"), raising=False)
    monkeypatch.setitem(D.TABLE_STEPS, "temp", "temperature_steps")
    monkeypatch.setitem(D.TABLE_VALUES, "generation", "generation_no")
    monkeypatch.setitem(D.PLAYER_FLAGS, "passed", "has_passed")
    monkeypatch.setitem(D.PLAYER_LISTS, "hand", "cards_in_hand")
    assert stored_log() == before
