"""Five card-timing rules, each through the engine (decide and fold):
Robotic Workforce's copied decrease of another player's production, a card refused when
its effect cannot be carried out, a card's own draws before the decisions it triggers,
Inventrix' first action, and card catalogues that belong to a game's options."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars.cards import CE_CARDS
from meeple_terraforming_mars.state import RI

from .helpers import action_game, hand

GAME = TerraformingMars()
ME, OTHER = "p1", "p2"


def era_game(seed: int = 4, corps: tuple[str, str] = ("Beginner Corporation",) * 2) -> LocalGame:
    """A Corporate Era game in generation 1's action phase, hands emptied, 100 M€ each."""
    g = action_game(seed, corps, options={"corporate_era": True})
    for p in g.state.players.values():
        p.res[RI["mc"]] = 100
    return g


def test_robotic_workforce_copies_the_decrease_of_another_players_production() -> None:
    g = era_game()
    me, other = g.state.players[ME], g.state.players[OTHER]
    me.played.append("Heat Trappers")
    other.prod[RI["heat"]] = 3
    me.prod[RI["heat"]] = 0
    hand(g, ME, "Robotic Workforce")
    g.play(ME, "play Robotic Workforce")
    g.play(ME, "card Heat Trappers")
    assert me.prod[RI["energy"]] == 1  # the own part, as before
    assert g.state.pending[0][:4] == (ME, "reduce", "heat", 2)  # and the other part now
    assert [GAME.format(c, g.state) for c in GAME.legal(g.state, ME)] == [f"target {OTHER}"]
    g.play(ME, f"target {OTHER}")
    assert other.prod[RI["heat"]] == 1


def test_robotic_workforce_skips_a_card_whose_decrease_nobody_can_take() -> None:
    g = era_game()
    me = g.state.players[ME]
    me.played += ["Heat Trappers", "Mine"]
    for p in g.state.players.values():
        p.prod[RI["heat"]] = 1  # nobody can lose 2 heat production
    hand(g, ME, "Robotic Workforce")
    g.play(ME, "play Robotic Workforce")
    assert [GAME.format(c, g.state) for c in GAME.legal(g.state, ME)] == ["card Mine"]


def test_a_card_whose_effect_cannot_be_carried_out_is_refused() -> None:
    g = era_game()
    me = g.state.players[ME]
    me.played.append("Sponsors")  # no building tag: nothing for Robotic Workforce to copy
    hand(g, ME, "Robotic Workforce", "CEO's Favorite Project")
    money, n = me.res[:], len(g.log)
    for card in ("Robotic Workforce", "CEO's Favorite Project"):
        with pytest.raises(IllegalCommand, match="needs a card of yours"):
            g.play(ME, f"play {card}")
        assert not any(getattr(c, "card", "") == card for c in GAME.legal(g.state, ME))
    assert me.res == money and len(g.log) == n  # nothing changed


@pytest.mark.parametrize("card", ["Research", "Invention Contest"])
def test_a_cards_own_draws_come_before_the_decisions_it_triggers(card: str) -> None:
    """Mars University with an empty hand: the discard-to-draw decisions wait for the
    card's own cards (Research draws 2; Invention Contest looks at 3 and keeps 1)."""
    g = era_game()
    me = g.state.players[ME]
    me.played.append("Mars University")
    hand(g, ME, card)
    science = CE_CARDS[card]["tags"].count("science")
    g.play(ME, f"play {card}")
    if card == "Invention Contest":
        assert g.state.pending[0][1] == "keep" and len(me.offer) == 3
        g.play(ME, f"keep {me.offer[0]}")
    assert len(me.hand) >= 1
    asked = 0
    while g.state.pending and g.state.pending[0][1] == "university":
        kept = me.hand[0]
        g.play(ME, f"card {kept}")  # discard it and draw one
        asked += 1
    assert asked == science >= 1


def test_inventrix_draws_its_three_cards_as_its_first_action() -> None:
    g = LocalGame(GAME, GAME.default_players(2), seed=9)
    me = g.state.players[ME]
    me.corp_offer = ["Inventrix"]
    g.play(ME, "corporation Inventrix")
    assert me.hand == [] and me.offer  # the starting cards are bought first
    g.play(ME, "buy none")
    g.play(OTHER, "corporation Beginner Corporation")
    assert g.state.phase == "action" and g.state.names[g.state.current] == ME
    assert len(me.hand) == 3 and g.state.actions == 1  # the first action, taken for it
    g.play(ME, "done")
    assert len(me.hand) == 3 and g.state.names[g.state.current] == OTHER
