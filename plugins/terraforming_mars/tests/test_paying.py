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


def test_milestones_awards_and_projects_are_paid_in_megacredits_and_helions_heat():
    from meeple_terraforming_mars import messages as m
    from meeple_terraforming_mars.state import HEAT, State

    s = State(("a", "b"), {})
    a = s.players["a"]
    assert GAME.amounts(s, "nobody", m.Claim("Mayor")) is None
    claim = GAME.amounts(s, "a", m.Claim("Mayor"))
    assert (claim.title, claim.target, claim.button) == ("Pay for Mayor (8 M€)", 8, "Pay")
    assert [(x.name, x.count, x.worth) for x in claim.parts] == [("megacredits", 8, 1)]
    # the award's price rises with each award funded: 8, 14, then 20 for the third
    for funded, cost in ((0, 8), (1, 14), (2, 20)):
        s.awards = dict.fromkeys(("Landlord", "Banker", "Scientist")[:funded], "b")
        fund = GAME.amounts(s, "a", m.Fund("Miner"))
        assert (fund.title, fund.target) == (f"Pay for Miner ({cost} M€)", cost), funded
        assert [(x.name, x.count) for x in fund.parts] == [("megacredits", cost)]
    project = GAME.amounts(s, "a", m.Project("aquifer"))
    assert (project.title, project.target) == ("Pay for the aquifer project (18 M€)", 18)
    # Helion pays with heat as M€, where it holds some
    a.corp = "Helion"
    assert [x.name for x in GAME.amounts(s, "a", m.Project("city")).parts] == ["megacredits"]
    a.res[HEAT] = 5
    city = GAME.amounts(s, "a", m.Project("city", heat=5))
    assert [(x.name, x.count, x.worth) for x in city.parts] == [
        ("megacredits", 20, 1), ("heat", 5, 1)]
    assert GAME.amounts(s, "a", m.Sell(("Comet",))) is None
