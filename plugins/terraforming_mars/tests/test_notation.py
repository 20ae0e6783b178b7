"""Terraforming Mars notation: every command form formats to the documented text and
parses back to itself, the payment a ``play``/``use`` without ``pay`` derives is the cost
less what the steel, titanium and heat given are worth, and every malformed command is
refused with the one line that says what is wrong (docs/games/terraforming-mars.md)."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CARDS, CE_DECK
from meeple_terraforming_mars.rules import steel_value, titanium_value

from .helpers import GAME, action_game

FORMS = [
    (m.Pass(), "pass"), (m.Done(), "done"), (m.Convert("plants"), "greenery"),
    (m.Convert("heat"), "heat"), (m.ChooseCorp("Helion"), "corporation Helion"),
    (m.Draft("Comet"), "draft Comet"), (m.Keep(("Comet", "Fish")), "keep Comet, Fish"),
    (m.Keep(()), "keep none"), (m.Buy(("Comet",)), "buy Comet"), (m.Buy(()), "buy none"),
    (m.Mark("Comet", True), "take Comet"), (m.Mark("Comet", False), "drop Comet"),
    (m.Confirm(), "buy"), (m.Sell(("Comet", "Fish")), "sell Comet, Fish"),
    (m.Play("Comet", 21), "play Comet pay 21"),
    (m.Play("Strip Mine", 5, 10), "play Strip Mine pay 5 steel 10"),
    (m.Play("Comet", 3, 0, 4, 6), "play Comet pay 3 titanium 4 heat 6"),
    (m.Use("Regolith Eaters", 1), "use Regolith Eaters oxygen"),
    (m.Use("Water Import From Europa", 0, 6, 0, 2), "use Water Import From Europa pay 6 titanium 2"),
    (m.Use("Search For Life", 0, 1), "use Search For Life pay 1"),
    (m.Use("Search For Life", 0, 0, 0, 0, 1), "use Search For Life pay 0 heat 1"),
    (m.Project("aquifer"), "project aquifer"), (m.Project("city", 5), "project city heat 5"),
    (m.Claim("Mayor"), "claim Mayor"), (m.Claim("Mayor", 3), "claim Mayor heat 3"),
    (m.Fund("Banker"), "fund Banker"), (m.Fund("Miner", 2), "fund Miner heat 2"),
    (m.Place("e4"), "place e4"), (m.Target("p2"), "target p2"), (m.Target(""), "target none"),
    (m.Pick("Fish"), "card Fish"), (m.Pick(""), "card none"), (m.Choose("plants"), "choose plants"),
    (m.Amount(3), "amount 3"),
]


@pytest.mark.parametrize(("cmd", "text"), FORMS, ids=[t for _c, t in FORMS])
def test_every_command_formats_to_its_documented_text_and_parses_back(cmd, text):
    g = action_game()
    assert GAME.format(cmd, g.state) == text
    assert GAME.parse(text, g.state, "p1") == cmd
    verb, _, rest = text.partition(" ")
    assert GAME.parse(f"  {verb.upper()}   {rest} ", g.state, "p1") == cmd  # any case, spacing


def test_a_payment_left_out_is_the_cost_less_what_the_resources_given_are_worth():
    g = action_game(corps=("PhoboLog", "Beginner Corporation"))
    s = g.state
    p = s.players["p1"]
    assert p.corp == "PhoboLog"  # titanium worth 4 to it, steel 2
    cost = 21  # Comet, no discount
    assert GAME.parse("play Comet", s, "p1") == m.Play("Comet", cost)
    assert GAME.parse("play Comet titanium 2", s, "p1") == m.Play("Comet", cost - 8, 0, 2)
    assert GAME.parse("play Comet titanium 2 heat 3", s, "p1") == m.Play("Comet", cost - 11, 0, 2, 3)
    assert GAME.parse("play Comet steel 1", s, "p1") == m.Play("Comet", cost - 2, 1)
    assert GAME.parse("play Comet titanium 9", s, "p1") == m.Play("Comet", 0, 0, 9)
    assert GAME.parse("play Comet pay 5 titanium 1", s, "p1") == m.Play("Comet", 5, 0, 1)
    assert GAME.parse("play Comet titanium 2", s, "p2") == m.Play("Comet", cost - 6, 0, 2)
    pay = {"Water Import From Europa": 12}
    use = GAME.parse("use Water Import From Europa titanium 2", s, "p1")
    assert use == m.Use("Water Import From Europa", 0, pay["Water Import From Europa"] - 8, 0, 2)
    assert GAME.parse("use Water Import From Europa heat 2") == m.Use(
        "Water Import From Europa", 0, 10, 0, 0, 2)
    assert GAME.parse("use Water Import From Europa heat 20") == m.Use(
        "Water Import From Europa", 0, 0, 0, 0, 20)


@pytest.mark.parametrize(("card", "resource"), [("Aquifer Pumping", "steel"),
                                                ("Water Import From Europa", "titanium")])
@pytest.mark.parametrize("corp", ["", "PhoboLog"])
def test_a_card_action_command_naming_its_cubes_pays_the_rest_in_megacredits(card, resource, corp):
    g = action_game()
    p = g.state.players["p1"]
    p.corp = corp
    price = next(o for o in CARDS[card]["action"])["pay"]
    value = (steel_value if resource == "steel" else titanium_value)(p)
    for n in range(0, 6):
        cmd = GAME.parse(f"use {card} {resource} {n}", g.state, "p1")
        assert cmd.mc == max(0, price - n * value), (n, cmd)
        assert getattr(cmd, resource) == n


BAD = [
    ("", "is not a command"), ("fly", "is not a command"), ("fly away", "is not a command"),
    ("play", "is not a command"), ("play Nothing pay 3", "is not a project card name"),
    ("play Comet pay 3 pay 4", "pay is given twice"),
    ("play Comet", "say how many M€ you pay: play NAME pay N"),
    ("corporation Nobody", "no corporation 'Nobody'"),
    ("project moon", "no project 'moon': choose power, asteroid, aquifer, greenery, city"),
    ("project city steel 2", "project is paid in M€ \\(Helion may add: heat N\\)"),
    ("claim Emperor", "'Emperor' is not one of Terraformer, Mayor, Gardener, Builder, Planner"),
    ("fund Emperor", "'Emperor' is not one of Landlord, Banker, Scientist, Thermalist, Miner"),
    ("fund Banker pay 3", "fund is paid in M€"),
    ("place z9", "'z9' is not a space: a row letter a-i and a number, like e4"),
    ("amount lots", "amount takes a number, like amount 2"), ("amount -1", "amount takes a number"),
    ("use Comet", "'Comet' is not a card with an action"),
    ("use Regolith Eaters", "say which: use Regolith Eaters add, use Regolith Eaters oxygen"),
    ("use Regolith Eaters eat", "Regolith Eaters has the options: add, oxygen"),
    ("use Nothing at all", "'Nothing at all' is not a card with an action"),
    ("sell Nothing", "'Nothing' is not a project card name"),
    ("keep Comet, Nothing", "'Nothing' is not a project card name"),
    ("draft Nothing", "is not a project card name"), ("take Nothing", "is not a project card name"),
    ("card Nothing", "is not a project card name"), ("pass now", "is not a command"),
    ("done twice", "is not a command"), ("greenery e4", "is not a command"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[t or "empty" for t, _w in BAD])
def test_a_malformed_command_is_refused_with_what_is_wrong(text, why):
    with pytest.raises(IllegalCommand, match=why) as err:
        GAME.parse(text)
    assert "\n" not in str(err.value)


def test_a_corporate_era_card_is_refused_in_a_base_game_naming_the_option():
    g = action_game()
    era = action_game(options={"corporate_era": True})
    name = CE_DECK[0]
    with pytest.raises(IllegalCommand, match="corporate_era=true"):
        GAME.parse(f"play {name} pay 1", g.state, "p1")
    assert GAME.parse(f"play {name} pay 1", era.state, "p1") == m.Play(name, 1)
    assert GAME.parse(f"play {name} pay 1") == m.Play(name, 1)  # no state: any card


def test_the_option_word_of_a_use_is_read_in_any_letter_case():
    assert GAME.parse("use regolith eaters OXYGEN") == m.Use("Regolith Eaters", 1)
    assert GAME.parse("use Regolith Eaters add") == m.Use("Regolith Eaters", 0)


def test_format_refuses_what_is_not_a_command():
    with pytest.raises(IllegalCommand, match="not a Terraforming Mars command"):
        GAME.format(object())
