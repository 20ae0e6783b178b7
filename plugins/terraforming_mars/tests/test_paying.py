"""How a command is paid, as the numbers of the browser's payment form (``amounts``): each
legal split of a card is one set of counts of the same form, with the resources that card
allows and the player holds, each worth what the rules say."""

from __future__ import annotations

from meeple_terraforming_mars.rules import card_cost

from .helpers import GAME, action_game, give, hand


def _forms(g, player):
    view = GAME.view(g.state, player)
    out: dict[str, list] = {}
    for c in GAME.legal(view, player):
        out.setdefault(GAME.format(c, view).split(" pay")[0].split(" heat")[0], []).append(
            GAME.amounts(view, player, c))
    return out


def test_a_cards_splits_are_one_form_with_the_resources_it_allows():
    g = action_game(corps=("Helion", "Beginner Corporation"))
    player = g.to_act()[0]
    assert g.state.players[player].corp == "Helion"
    give(g, player, mc=60, steel=5, titanium=4, heat=6)
    hand(g, player, "Asteroid", "Protected Valley")
    forms = _forms(g, player)
    p = g.state.players[player]
    for card, parts in (("Asteroid", {"megacredits": 1, "titanium": 3, "heat": 1}),
                        ("Protected Valley", {"megacredits": 1, "steel": 2, "heat": 1})):
        splits = forms[f"play {card}"]
        assert len(splits) > 2 and len({a.title for a in splits}) == 1
        assert all({x.name: x.worth for x in a.parts} == parts for a in splits)
        assert {a.target for a in splits} == {card_cost(p, card)}
        for a in splits:  # every split pays the cost
            assert sum(x.count * x.worth for x in a.parts) >= a.target
        assert len({tuple(x.count for x in a.parts) for a in splits}) == len(splits)
    assert forms["sell Asteroid"] == [None]  # a sale costs nothing
    power = forms["project power"]  # Helion's heat pays a standard project too
    assert [[(x.name, x.count) for x in a.parts] for a in power] == [
        [("megacredits", 11), ("heat", 0)], [("megacredits", 5), ("heat", 6)]]


def test_a_player_without_steel_or_heat_pays_in_megacredits_alone():
    g = action_game()
    player = g.to_act()[0]
    give(g, player, mc=60, steel=0, titanium=0, heat=9)
    hand(g, player, "Protected Valley")
    (valley,) = _forms(g, player)["play Protected Valley"]
    assert [(x.name, x.count, x.worth) for x in valley.parts] == [("megacredits", 23, 1)]
    assert valley.button == "Pay" and "Protected Valley" in valley.title
