"""Card texts (``meeple explain``, the hand lines of the text picture), word for word, for
cards that between them use every part of the card data: actions with options and
resources here, a requirement of each kind, production, gains, tiles with a placement
rule, choices, discounts, effects, corporations with a first action, and every kind of
VP. Each text was checked against the printed card. Steps are counted in words: "1 step",
"2 steps"."""

from __future__ import annotations

import re

import pytest
from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.cardtext import card_text, hand_line

from .helpers import GAME

TEXTS = {
    'Regolith Eaters': (
        'Regolith Eaters (13 M€, active; tags: science, microbe)\n'
        '  requires: none\n'
        '  action (add): add 1 resource(s) here\n'
        '  action (oxygen): remove 2 resource(s) here; raise oxygen 1 step\n'
        '  holds microbe resources'
    ),
    'Capital': (
        'Capital (26 M€, automated; tags: building, city)\n'
        '  requires: 4 oceans or more\n'
        '  when played: production -2 energy, +5 M€; place a capital tile\n'
        '  scores: 1 VP per ocean next to the capital'
    ),
    'Search For Life': (
        'Search For Life (3 M€, active; tags: science)\n'
        '  requires: 6 % oxygen or less\n'
        '  action (reveal): pay 1 M€; reveal the top card of the deck; a microbe tag puts a science resource here\n'
        '  holds science resources\n'
        '  scores: 3 VP with a science resource here'
    ),
    'Mining Rights': (
        'Mining Rights (9 M€, automated; tags: building)\n'
        '  requires: none\n'
        "  when played: place a mining tile on a space with a steel or titanium bonus; production of the space's bonus"
    ),
    'Insulation': (
        'Insulation (2 M€, automated; tags: none)\n'
        '  requires: none\n'
        '  when played: convert heat production into M€ production, amount chosen'
    ),
    'Arctic Algae': (
        'Arctic Algae (12 M€, active; tags: plant)\n'
        '  requires: -12 C or colder\n'
        '  when played: gain 1 plant\n'
        '  effect: ocean placed: gain 2 plants'
    ),
    'Earth Office': (
        'Earth Office (1 M€, active; tags: earth)\n'
        '  requires: none\n'
        '  effect: cards tagged earth cost 3 M€ less'
    ),
    'Predators': (
        'Predators (14 M€, active; tags: animal)\n'
        '  requires: 11 % oxygen or more\n'
        "  action (steal): take 1 resource of this card's kind from another card (not Pets) and put it here\n"
        '  holds animal resources\n'
        '  scores: 1 VP per 1 resource here'
    ),
    'Tharsis Republic': (
        'Tharsis Republic (corporation; tags: building)\n'
        '  start: 40 M€\n'
        '  first action: place a city\n'
        '  effect: any city on Mars: +1 M€ production; your own city: gain 3 M€'
    ),
    'Helion': (
        'Helion (corporation; tags: space)\n'
        '  start: 42 M€, production +3 heat\n'
        '  effect: heat may pay like M€'
    ),
    'Lake Marineris': (
        'Lake Marineris (18 M€, automated; tags: none)\n'
        '  requires: 0 C or warmer\n'
        '  when played: place 2 oceans\n'
        '  scores: 2 VP'
    ),
    'Imported Hydrogen': (
        'Imported Hydrogen (16 M€, event; tags: earth, space, event)\n'
        '  requires: none\n'
        '  when played: place 1 ocean\n'
        '  or (plants): gain 3 plants\n'
        '  or (microbes): add 3 microbes to another card\n'
        '  or (animals): add 2 animals to another card'
    ),
    'Beam From a Thorium Asteroid': (
        'Beam From a Thorium Asteroid (32 M€, automated; tags: jovian, space, power)\n'
        '  requires: 1 jovian tag\n'
        '  when played: production +3 heat, +3 energy\n'
        '  scores: 1 VP'
    ),
    'Ants': (
        'Ants (9 M€, active; tags: microbe)\n'
        '  requires: 4 % oxygen or more\n'
        "  action (steal): take 1 resource of this card's kind from another card (not Pets) and put it here\n"
        '  holds microbe resources\n'
        '  scores: 1 VP per 2 resources here'
    ),
    'Ironworks': (
        'Ironworks (11 M€, active; tags: building)\n'
        '  requires: none\n'
        '  action (use): spend 4 energy; gain 1 steel; raise oxygen 1 step'
    ),
    'Ore Processor': (
        'Ore Processor (13 M€, active; tags: building)\n'
        '  requires: none\n'
        '  action (use): spend 4 energy; gain 1 titanium; raise oxygen 1 step'
    ),
    'Moss': (
        'Moss (4 M€, automated; tags: plant)\n'
        '  requires: 3 oceans or more\n'
        '  when played: production +1 plants; lose 1 plant'
    ),
    'Immigration Shuttles': (
        'Immigration Shuttles (31 M€, automated; tags: earth, space)\n'
        '  requires: none\n'
        '  when played: production +5 M€\n'
        '  scores: 1 VP per 3 cities in play'
    ),
}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_a_cards_text_word_for_word(name):
    assert card_text(name) == TEXTS[name]
    assert GAME.explain(name.upper()) == TEXTS[name]  # any letter case


def test_a_hand_line_gives_the_cost_to_the_player_and_what_the_card_does():
    assert hand_line("Comet", 19) == ("Comet [19 M€; space, event; req none] raise the temperature "
                                      "1 step; place 1 ocean; remove up to 3 plants from any player")
    assert GAME.explain("no such card") is None


#: Hand lines of cards with the other parts of the card data: requirements of each kind
#: (tags, cities, oxygen and oceans both ways, production), one and several steps, oceans
#: and cards, adding to another or any card, discounts with and without a tag, each placement
#: rule, resources a card starts with and VP per resources, per tag and special VP.
HAND_LINES = {
    'Fusion Power': (
        'Fusion Power [14 M€; science, power, building; req 2 power tags] '
        'production +3 energy'),
    'Rad-Suits': (
        'Rad-Suits [6 M€; no tags; req 2 cities in play] '
        'production +1 M€; 1 VP'),
    'Dust Seals': (
        'Dust Seals [2 M€; no tags; req 3 oceans or fewer] '
        '1 VP'),
    'Colonizer Training Camp': (
        'Colonizer Training Camp [8 M€; building, jovian; req 5 % oxygen or less] '
        '2 VP'),
    'Methane From Titan': (
        'Methane From Titan [28 M€; jovian, space; req 2 % oxygen or more] '
        'production +2 heat, +2 plants; 2 VP'),
    'Eos Chasma National Park': (
        'Eos Chasma National Park [16 M€; plant, building; req -12 C or warmer] '
        'production +2 M€; gain 3 plants; add 1 animal to any card; 1 VP'),
    'Symbiotic Fungus': (
        'Symbiotic Fungus [4 M€; microbe; req -14 C or warmer] '
        'action: add 1 microbe to another card'),
    'Extreme-Cold Fungus': (
        'Extreme-Cold Fungus [13 M€; microbe; req -10 C or colder] '
        'action: gain 1 plant; action: add 2 microbes to another card'),
    'Research Outpost': (
        'Research Outpost [18 M€; science, city, building; req none] '
        'place a city tile next to no other tile; your cards cost 1 M€ less'),
    'Earth Office': (
        'Earth Office [1 M€; earth; req none] '
        'your cards with an earth tag cost 3 M€ less'),
    'Shuttles': (
        'Shuttles [10 M€; space; req 5 % oxygen or more] '
        'production -1 energy, +2 M€; your cards with a space tag cost 2 M€ less; 1 VP'),
    'Convoy From Europa': (
        'Convoy From Europa [15 M€; space, event; req none] '
        'place 1 ocean; draw 1 card'),
    'Large Convoy': (
        'Large Convoy [36 M€; earth, space, event; req none] '
        'place 1 ocean; draw 2 cards; either gain 5 plants or add 4 animals to another card; 2 VP'),
    'Equatorial Magnetizer': (
        'Equatorial Magnetizer [11 M€; building; req none] '
        'action: production -1 energy; raise your TR 1'),
    'Herbivores': (
        'Herbivores [12 M€; animal; req 8 % oxygen or more] '
        "lower any player's plants production 1; "
        'own greenery placed: add an animal here; holds animal resources (starts with 1); 1 VP per 2 resources here'),
    'Decomposers': (
        'Decomposers [5 M€; microbe; req 3 % oxygen or more] '
        'own animal, plant or microbe tag: add a microbe here; '
        'holds microbe resources; 1 VP per 3 resources here'),
    'Tardigrades': (
        'Tardigrades [4 M€; microbe; req none] '
        'action: add 1 resource(s) here; holds microbe resources; 1 VP per 4 resources here'),
    'Physics Complex': (
        'Physics Complex [12 M€; science, building; req none] '
        'action: spend 6 energy; add 1 resource(s) here; '
        'holds science resources; 2 VP per science resource here'),
    'Strip Mine': (
        'Strip Mine [25 M€; building; req none] '
        'production -2 energy, +2 steel, +1 titanium; raise oxygen 2 steps'),
    'Urbanized Area': (
        'Urbanized Area [10 M€; city, building; req none] '
        'production -1 energy, +2 M€; place a city tile next to at least 2 cities'),
    'Lava Flows': (
        'Lava Flows [18 M€; event; req none] '
        'raise the temperature 2 steps; place a lava flows tile on a volcanic space'),
    'Noctis City': (
        'Noctis City [18 M€; building, city; req none] '
        "production -1 energy, +3 M€; place a city tile on Noctis City's reserved space"),
    'Phobos Space Haven': (
        'Phobos Space Haven [25 M€; city, space; req none] '
        'production +1 titanium; place a city tile on Phobos (off Mars); 3 VP'),
    'Ganymede Colony': (
        'Ganymede Colony [20 M€; jovian, space, city; req none] '
        'place a city tile on Ganymede (off Mars); 1 VP per jovian tag'),
    'Mangrove': (
        'Mangrove [12 M€; plant; req 4 C or warmer] '
        'place a greenery tile on a space reserved for oceans; 1 VP'),
    'Asteroid Mining Consortium': (
        'Asteroid Mining Consortium [13 M€; jovian; req titanium production 1] '
        "production +1 titanium; lower any player's titanium production 1; 1 VP"),
    'Cloud Seeding': (
        'Cloud Seeding [11 M€; no tags; req 3 oceans or more] '
        "production -1 M€, +2 plants; lower any player's heat production 1"),
    'Nuclear Zone': (
        'Nuclear Zone [10 M€; earth; req none] '
        'raise the temperature 2 steps; place a nuclear zone tile on any land space; -2 VP'),
    'Deep Well Heating': (
        'Deep Well Heating [13 M€; building, power; req none] '
        'production +1 energy; raise the temperature 1 step'),
}


@pytest.mark.parametrize("name", sorted(HAND_LINES))
def test_a_hand_line_word_for_word(name):
    assert hand_line(name, CARDS[name]["cost"]) == "".join(HAND_LINES[name])


@pytest.mark.parametrize(("n", "said"), [
    (1, "1 M€, 1 steel, 1 titanium, 1 plant, 1 energy, 1 heat"),
    (2, "2 M€, 2 steel, 2 titanium, 2 plants, 2 energy, 2 heat"),
])
def test_gains_and_losses_name_each_resource_and_only_one_plant_is_singular(n, said):
    from meeple_terraforming_mars.cardtext import effects

    every = ("mc", "steel", "titanium", "plants", "energy", "heat")
    assert effects({"gain": dict.fromkeys(every, n)}) == [f"gain {said}"]
    assert effects({"gain": dict.fromkeys(every, -n)}) == [f"lose {said}"]
    assert effects({"gain": {"steel": n, "plants": -n, "heat": 0}}) == [
        f"gain {said.split(', ')[1]}", f"lose {said.split(', ')[3]}"]


def test_card_texts_say_one_step_and_several_steps() -> None:
    texts = {n: card_text(n) for n in CARDS}
    assert "raise the temperature 1 step" in texts["Asteroid"]
    assert "raise the temperature 2 steps" in texts["Big Asteroid"]
    assert not [n for n, t in texts.items() if re.search(r"\b1 steps\b", t)]


@pytest.mark.parametrize(("topic", "text"), [
    ("Mayor", "Mayor (milestone): claim it for 8 M€ with 3 cities or more; 5 VP at the end; "
              "three milestones at most are claimed"),
    ("  terraformer ", "Terraformer (milestone): claim it for 8 M€ with a terraform rating of "
                       "35 or more; 5 VP at the end; three milestones at most are claimed"),
    ("PLANNER", "Planner (milestone): claim it for 8 M€ with 16 cards or more in hand; 5 VP at "
                "the end; three milestones at most are claimed"),
    ("banker", "Banker (award): fund it for 8/14/20 M€ (the first, second, third funded); at "
               "the end, the highest M€ production gets 5 VP, the runner-up 2 VP (none with "
               "two players)"),
    ("Miner", "Miner (award): fund it for 8/14/20 M€ (the first, second, third funded); at the "
              "end, the most steel and titanium together gets 5 VP, the runner-up 2 VP (none "
              "with two players)"),
    ("power", "power (standard project, 11 M€): 1 energy production"),
    ("project aquifer", "aquifer (standard project, 18 M€): place an ocean tile (1 TR)"),
    ("project  aquifer", "aquifer (standard project, 18 M€): place an ocean tile (1 TR)"),
    ("City  project", "city (standard project, 25 M€): place a city tile and 1 M€ production"),
    ("Greenery", "greenery (standard project, 23 M€): place a greenery tile, raising the "
                 "oxygen one step (1 TR)"),
    # a card is named Asteroid too: the project is asked for as such
    ("project asteroid", "asteroid (standard project, 14 M€): raise the temperature one step "
                         "(1 TR)"),
    ("sell", "sell (standard project): discard cards from hand for 1 M€ each"),
    ("Sell Patents", "sell (standard project): discard cards from hand for 1 M€ each"),
])
def test_milestones_awards_and_standard_projects_are_explained_with_their_costs(topic, text):
    assert GAME.explain(topic) == text


def test_the_topics_list_every_card_milestone_award_and_project():
    from meeple_terraforming_mars.cards import CORPORATIONS

    topics = GAME.topics()
    assert topics["cards"] == sorted(CARDS) and topics["corporations"] == sorted(CORPORATIONS)
    assert topics["milestones"] == ["Terraformer", "Mayor", "Gardener", "Builder", "Planner"]
    assert topics["awards"] == ["Landlord", "Banker", "Scientist", "Thermalist", "Miner"]
    assert topics["standard projects"] == ["power", "asteroid", "aquifer", "greenery", "city",
                                           "sell"]
    for names in topics.values():
        for name in names:
            assert GAME.explain(name) is not None, name
    assert GAME.explain("project sell") is not None and GAME.explain("milestone") is None
