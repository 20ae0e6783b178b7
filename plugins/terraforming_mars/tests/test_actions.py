"""Every blue action (and corporation action), used from a prepared state: what it costs
is spent, what it gives arrives, and it can be used only once per generation."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars.cards import BASE_DECK, CARDS, CE_CORPS, CORPORATIONS
from meeple_terraforming_mars.checks import use_problem
from meeple_terraforming_mars.effects import action_options
from meeple_terraforming_mars.state import RI

from .helpers import GAME, action_game, give, prod, resolve

# the base game's cards (test_corporate_era covers the Corporate Era actions)
ACTIONS = sorted((name, i) for name, c in (*((n, CARDS[n]) for n in BASE_DECK),
                                           *((n, c) for n, c in CORPORATIONS.items()
                                             if n not in CE_CORPS))
                 for i in range(len(c.get("action", []))))


def prepared(name: str):
    g = action_game(seed=5)
    s = g.state
    s.temp, s.oxygen, s.oceans = 8, 3, 3
    me, other = s.players["p1"], s.players["p2"]
    if name in CORPORATIONS:
        me.corp = name
        me.tr_raised = True
    else:
        me.played.append(name)
        if CARDS[name].get("resource"):
            me.card_res[name] = 5
    # something to take for Predators and Ants, something to feed for the fungi
    other.played += ["Small Animals", "Decomposers"]
    other.card_res.update({"Small Animals": 2, "Decomposers": 2})
    if name != "Tardigrades":
        me.played.append("Nitrite Reducing Bacteria" if name != "Nitrite Reducing Bacteria"
                          else "Decomposers")
        me.card_res.setdefault(me.played[-1], 0)
    give(g, "p1", mc=60, steel=5, titanium=5, plants=10, energy=10, heat=10)
    prod(g, "p1", energy=2)
    return g


@pytest.mark.parametrize(("name", "option"), ACTIONS)
def test_action(name: str, option: int) -> None:
    g = prepared(name)
    s = g.state
    me = s.players["p1"]
    opt = action_options(name)[option]
    uses = [c for c in GAME.legal(s, "p1")
            if type(c).__name__ == "Use" and c.card == name and c.option == option]
    assert uses, f"{name} option {option} should be usable"
    use = uses[0]
    res, prd, tr, here = me.res[:], me.prod[:], me.tr, me.card_res.get(name, 0)
    g.play("p1", use)
    resolve(g, {"steal": "card Small Animals" if CARDS.get(name, {}).get("resource") == "animal"
                else "card Decomposers"})
    assert name in me.used
    want = res[:]
    want[RI["mc"]] -= use.mc
    want[RI["steel"]] -= use.steel
    want[RI["titanium"]] -= use.titanium
    for r, n in opt.get("spend", {}).items():
        want[RI[r]] -= n
    for r, n in opt.get("gain", {}).items():
        want[RI[r]] += n
    if name == "Search For Life":
        assert me.res[RI["mc"]] == res[RI["mc"]] - 1
    elif not opt.get("oceans"):  # an ocean may pay adjacency money
        assert me.res == want, (me.res, want)
    want_prod = prd[:]
    for r, n in opt.get("prod", {}).items():
        want_prod[RI[r]] += n
    for r, n in opt.get("lose_prod", {}).items():
        want_prod[RI[r]] -= n
    assert me.prod == want_prod
    steps = opt.get("tr", 0) + opt.get("oxygen", 0) + opt.get("temp", 0) + opt.get("oceans", 0)
    assert me.tr == tr + steps
    delta = opt.get("add_here", 0) - opt.get("spend_here", 0) + (opt.get("label") == "steal")
    if name in CARDS and CARDS[name].get("resource") and name != "Search For Life":
        assert me.card_res[name] == here + delta
    if "add_other" in opt:
        assert sum(me.card_res.values()) - me.card_res.get(name, 0) > 0
    assert "already used" in use_problem(s, me, name, option, None)


def test_search_for_life_scores_a_microbe() -> None:
    g = prepared("Search For Life")
    s = g.state
    s.deck.remove("Ants")
    s.deck.insert(0, "Ants")  # a microbe card on top
    s.players["p1"].card_res["Search For Life"] = 0
    g.play("p1", "use Search For Life pay 1")
    assert s.players["p1"].card_res["Search For Life"] == 1
    assert "Ants" in s.discard
    from meeple_terraforming_mars.effects import card_vp
    assert card_vp(s, s.players["p1"], "Search For Life") == 3


def test_predators_take_an_animal_and_pets_are_protected() -> None:
    g = prepared("Predators")
    s = g.state
    other = s.players["p2"]
    other.played.append("Pets")
    other.card_res["Pets"] = 4
    g.play("p1", "use Predators")
    legal = [GAME.format(c) for c in GAME.legal(s, "p1")]
    assert "card Pets" not in legal and "card Small Animals" in legal
    g.play("p1", "card Small Animals")
    assert other.card_res["Small Animals"] == 1 and s.players["p1"].card_res["Predators"] == 6


def test_unmi_needs_a_rating_rise_this_generation() -> None:
    g = prepared("United Nations Mars Initiative")
    s = g.state
    s.players["p1"].tr_raised = False
    with pytest.raises(IllegalCommand, match="has not risen"):
        g.play("p1", "use United Nations Mars Initiative pay 3")
