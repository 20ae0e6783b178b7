"""Corporations at the start and at work: every corporation starts with exactly its
card's production and resources, in the solo game too, where only Tharsis Republic counts
the neutral cities; CrediCor gets 4 M€ back for every card costing 20 or more and for
none cheaper."""

from __future__ import annotations

import pytest
from meeple.core import LocalGame
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CARDS, CORPORATIONS
from meeple_terraforming_mars.rules import cities
from meeple_terraforming_mars.state import MC, RI

from .helpers import GAME, hand, resolve, rich_game

CORPS = sorted(CORPORATIONS)


def _started(corp: str, players: int) -> tuple[LocalGame, dict[str, int], dict[str, int]]:
    """A game whose first seat chose ``corp``: that seat's production and resources."""
    g = LocalGame(GAME, GAME.default_players(players), {"corporate_era": True}, seed=5)
    first = g.players[0]
    p = g.state.players[first]
    if corp != "Beginner Corporation":
        p.corp_offer = [corp]
    before_res = dict(zip(RI, p.res, strict=True))
    g.play(first, f"corporation {corp}")
    prod = {r: p.prod[i] for r, i in RI.items()}
    got = {r: p.res[i] - before_res[r] for r, i in RI.items()}
    return g, prod, got


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("corp", CORPS)
def test_every_corporation_starts_with_its_cards_production_only_tharsis_counts_neutral_cities(
        corp: str, players: int) -> None:
    g, prod, got = _started(corp, players)
    card = CORPORATIONS[corp]
    neutral = cities(g.state, "neutral", on_mars=True)
    assert neutral == (2 if players == 1 else 0)  # the solo set-up's two neutral cities
    want = {r: card.get("prod", {}).get(r, 0) for r in RI}
    want["mc"] += neutral if corp == "Tharsis Republic" else 0
    assert prod == want
    assert got["mc"] == card["mc"] + card.get("gain", {}).get("mc", 0)


def _after_playing(corp: str, card: str) -> int | None:
    """p1's M€ after playing ``card`` for its printed cost in M€ (None: not offered)."""
    g = rich_game(corp)
    hand(g, "p1", card)
    cost = CARDS[card]["cost"]
    plays = [c for c in GAME.legal(g.state, "p1") if type(c) is m.Play and c.card == card
             and (c.mc, c.steel, c.titanium, c.heat) == (cost, 0, 0, 0)]
    if not plays:
        return None
    g.play("p1", plays[0])
    resolve(g)
    return g.state.players["p1"].res[MC]


NEAR_20 = sorted(n for n, c in CARDS.items() if 17 <= c["cost"] <= 23)


def test_credicor_gets_4_megacredits_back_for_every_card_of_20_or_more_only():
    played = set()
    for card in NEAR_20:
        plain, credicor = _after_playing("", card), _after_playing("CrediCor", card)
        if plain is None:
            continue
        played.add(CARDS[card]["cost"])
        assert credicor - plain == (4 if CARDS[card]["cost"] >= 20 else 0), card
    # both sides of the threshold (no card costs 19)
    assert 20 in played and min(played) < 20, played
