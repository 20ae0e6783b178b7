"""Terraforming Mars' log lines word for word, one for every kind of event and each of
its forms (hidden cards told by number, a payment with steel, titanium or heat, a tile
with "a" or "an", the facts a delta adds: tiles with their owner, parameter steps in
degrees and percent, milestones and awards, nothing the line says already), and the
summary's fields."""

from __future__ import annotations

import pytest
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.delta import Delta
from meeple_terraforming_mars.rules import AWARDS, MILESTONES
from meeple_terraforming_mars.state import RES, State

from .helpers import GAME

CITY = Delta(tiles=(("e4", "city", "ann"),))
OCEAN = Delta(tiles=(("c5", "ocean", ""),), steps=(("oceans", 1),))
WARM = Delta(steps=(("temp", 2), ("oxygen", 1)))

LINES = [
    (m.Started(("ann", "bob")), "Terraforming Mars: ann, bob"),
    (m.Shuffled(("a", "b", "c")), "the deck of 3 cards is shuffled"),
    (m.Reshuffled(("a", "b")), "2 discarded cards are shuffled in under the deck"),
    (m.Dealt("ann", ("Helion", "EcoLine"), ("Comet", "Fish")),
     "ann is dealt Helion, EcoLine and Comet, Fish"),
    (m.Dealt("ann", ("?", "?"), ("?",) * 10), "ann is dealt 2 cards and 10 cards"),
    (m.Dealt("ann", (), ("?",)), "ann is dealt no corporations and 1 card"),
    (m.CorpChosen("ann", "Helion"), "ann runs Helion"),
    (m.Marked("ann", "Comet", True), "ann puts Comet on the research list"),
    (m.Marked("ann", "?", False), "ann takes a card off the research list"),
    (m.Bought("ann", ("Comet", "Fish")), "ann buys Comet, Fish"),
    (m.Bought("ann", ()), "ann buys nothing"),
    (m.Drawn("bob", ("?", "?")), "bob draws 2 cards"),
    (m.Drawn("bob", ()), "bob draws nothing (the deck is empty)"),
    (m.Revealed("bob", "Comet", "Search For Life"), "bob reveals Comet for Search For Life"),
    (m.CardPlayed("ann", "Comet", 21), "ann plays Comet for 21 M€"),
    (m.CardPlayed("ann", "Strip Mine", 5, 10, 0, 0), "ann plays Strip Mine for 5 M€, 10 steel"),
    (m.CardPlayed("ann", "Comet", 3, 0, 4, 6), "ann plays Comet for 3 M€, 4 titanium, 6 heat"),
    (m.ActionUsed("ann", "Regolith Eaters", 1), "ann uses Regolith Eaters (option 2)"),
    (m.ProjectUsed("ann", "city", 0, CITY), "ann uses the city standard project (city on e4 (ann))"),
    (m.Sold("ann", ("?", "?", "?")), "ann sells 3 card(s)"),
    (m.Claimed("ann", "Mayor", 0, Delta(milestones=(("Mayor", "ann"),))), "ann claims Mayor"),
    (m.Funded("bob", "Banker", 0, Delta(awards=(("Banker", "bob"),))), "bob funds Banker"),
    (m.Converted("ann", "heat", WARM),
     "ann converts heat (temperature +4 C, oxygen +1 %)"),
    (m.Placed("ann", "e4", CITY), "ann places a city on e4"),
    (m.Placed("ann", "c5", OCEAN), "ann places an ocean on c5 (oceans +1)"),
    (m.Placed("ann", "e4"), "ann places on e4"),
    (m.Targeted("ann", "bob"), "ann targets bob"), (m.Targeted("ann", ""), "ann targets nobody"),
    (m.Picked("ann", "Fish"), "ann picks Fish"), (m.Chosen("ann", "plants"), "ann chooses plants"),
    (m.AmountChosen("ann", 3), "ann converts 3 heat production"),
    (m.Passed("bob"), "bob passes"), (m.TurnEnded("bob"), "bob ends the turn"),
    (m.ActionsBegan(2), "generation 2: action phase"), (m.Produced(3), "generation 3: production"),
    (m.Research(4, ()), "generation 4: research, 4 cards each"),
    (m.FinalConversion(12), "Mars is terraformed: final greenery conversion"),
    (m.FinalDone("ann"), "ann is done converting"),
    (m.NeutralPlaced(("a", "b", "c", "d"), ("c3", "g5"), ("c4", "g4")),
     "neutral cities on c3, g5 and greeneries on c4, g4 (from a, b, c, d)"),
    (m.Drafted("ann", "Comet"), "ann drafts Comet"),
    (m.Looked("ann", ("?",), "Invention Contest"), "ann looks at 1 card for Invention Contest"),
    (m.Kept("ann", ()), "ann keeps nothing"), (m.Kept("ann", ("Fish",)), "ann keeps Fish"),
    (m.Scored("ann", 30, 10, 5, 4, 3, 2, 54),
     "ann scores 54 VP: TR 30, milestones 10, awards 5, greeneries 4, cities 3, cards 2"),
    (m.GameEnded(12), "the game ends after generation 12"),
]


@pytest.mark.parametrize(("ev", "line"), LINES, ids=[t for _e, t in LINES])
def test_each_event_has_its_line_word_for_word(ev, line):
    assert GAME.describe_event(ev) == line


def test_the_summary_holds_every_players_counters_and_the_table():
    s = State(("ann", "bob"), {})
    s.generation, s.phase, s.temp, s.oxygen, s.oceans = 5, "action", 7, 4, 2
    for i, p in enumerate(s.players.values()):
        p.tr, p.corp = 22 + i, ("Helion", "")[i]
        p.res = [10 * i + k for k in range(6)]
        p.prod = [k - i for k in range(6)]
        p.hand = ["Comet"] * (i + 2)
    s.milestones, s.awards = {"Mayor": "bob"}, {"Banker": "ann"}
    got = GAME.summary(s)
    assert got == {
        "generation": 5, "phase": "action", "temperature": -16, "oxygen": 4, "oceans": 2,
        "players": {n: {"tr": p.tr, "corporation": p.corp,
                        "resources": dict(zip(RES, p.res, strict=True)),
                        "production": dict(zip(RES, p.prod, strict=True)),
                        "hand": len(p.hand)} for n, p in s.players.items()},
        "milestones": {"Mayor": "bob"}, "awards": {"Banker": "ann"},
        "milestone_names": list(MILESTONES), "award_names": list(AWARDS)}
    assert got["players"]["bob"]["resources"]["mc"] == 10 and got["players"]["ann"]["hand"] == 2
    assert GAME.turn_marker(s) == "Generation 5"
