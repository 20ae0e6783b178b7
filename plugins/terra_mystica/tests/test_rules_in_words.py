"""The rules in words: what ``? NAME`` (the game's ``explain``) says of a faction, a bonus,
favor, town or scoring tile and an action, the topics it offers, and the short labels and
sentences the picture and panels show for tiles and action spaces. The numbers said are
the rulebook's."""

from __future__ import annotations

import pytest
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import descriptions as D

GAME = TerraMystica()

PASSING = ("one is taken when passing, for the next round; a coin is put on each tile nobody "
           "took, for whoever takes it later")


def test_a_faction_is_explained_with_its_start_costs_stronghold_and_ability() -> None:
    assert GAME.explain("witches") == "\n".join([
        "Witches (faction; green land)",
        "  start: 15 coins, 3 workers, 0 priests; power 5/7/0; cults air 2",
        "  buildings cost: dwelling 1 worker, 2 coins; trading house 2 workers, 3 coins; "
        "temple 2 workers, 5 coins; stronghold 4 workers, 6 coins; sanctuary 4 workers, 6 coins",
        "  stronghold gives: 1 special action",
        "  ability: 5 points with every town; stronghold: an action of a free dwelling "
        "anywhere on your land (witches' ride)"])
    halflings = GAME.explain("halflings").splitlines()
    assert halflings[1] == "  start: 15 coins, 3 workers, 0 priests; power 3/9/0; cults earth 1, air 1"
    assert halflings[3] == "  stronghold gives: 3 spades"
    assert GAME.explain("engineers").splitlines()[1].endswith("cults none")



@pytest.mark.parametrize("name, gives", [
    ("alchemists", "12 power"), ("auren", "1 special action, 1 favor tile"),
    ("chaosmagicians", "1 special action"), ("cultists", "7 points"),
    ("darklings", "3 worker-to-priest trades"), ("dwarves", "1 range level"),
    ("engineers", "nothing"), ("fakirs", "1 range level"), ("giants", "1 special action"),
    ("halflings", "3 spades"), ("mermaids", "1 shipping level"),
    ("nomads", "1 special action"), ("swarmlings", "1 special action"),
    ("witches", "1 special action")])
def test_each_factions_stronghold_is_explained_with_what_its_board_gives(name, gives) -> None:
    assert GAME.explain(name).splitlines()[3] == f"  stronghold gives: {gives}"

@pytest.mark.parametrize("topic", ["Chaos Magicians", "chaosmagicians", "CHAOS MAGICIANS",
                                   " chaos magicians "])
def test_a_faction_is_found_by_its_name_or_its_shown_name_in_any_case(topic: str) -> None:
    text = GAME.explain(topic)
    assert text.splitlines()[:3] == [
        "Chaos Magicians (faction; red land)",
        "  start: 15 coins, 4 workers, 0 priests; power 5/7/0; cults fire 2",
        "  buildings cost: dwelling 1 worker, 2 coins; trading house 2 workers, 3 coins; "
        "temple 2 workers, 5 coins; stronghold 4 workers, 4 coins; sanctuary 4 workers, 8 coins"]


@pytest.mark.parametrize("topic, text", [
    ("BON1", "BON1 (bonus tile): income 2 coins; bonus tile action: 1 spade once a round; "
     + PASSING),
    ("bon 3", "BON3 (bonus tile): income 6 coins; " + PASSING),
    ("BON10", "BON10 (bonus tile): income 3 power; on passing, points by your shipping levels "
     "(0/3/6/9/12/15 for 0, 1, 2...); " + PASSING),
    ("FAV5", "FAV5 (favor tile, 3 in the box): 2 on fire (cult steps) at once; "
     "a town needs only 6 power of buildings"),
    ("FAV1", "FAV1 (favor tile, 1 in the box): 3 on fire (cult steps) at once"),
    ("FAV6", "FAV6 (favor tile, 3 in the box): 2 on water (cult steps) at once; "
     "favor tile action: 1 cult step once a round"),
    ("FAV7", "FAV7 (favor tile, 3 in the box): 2 on earth (cult steps) at once; "
     "income 1 worker, 1 power"),
    ("fav10", "FAV10 (favor tile, 3 in the box): 1 on water (cult steps) at once; "
     "3 points per trading house built"),
    ("FAV12", "FAV12 (favor tile, 3 in the box): 1 on air (cult steps) at once; "
     "on passing, points by your trading houses (0/2/3/3/4)"),
    ("TW1", "TW1 (town tile, 2 in the box): 1 town key, 5 points, 6 coins"),
    ("TW6", "TW6 (town tile, 1 in the box): 2 town keys, 2 points, 2 steps on fire, "
     "2 steps on water, 2 steps on earth, 2 steps on air"),
    ("SCORE1", "SCORE1 (round scoring tile): during its round, 2 points per spade dug; "
     "at the round's end, 1 coin per 1 steps on earth"),
    ("SCORE2", "SCORE2 (round scoring tile): during its round, 5 points per town founded; "
     "at the round's end, 1 spade per 4 steps on earth"),
    ("SCORE4", "SCORE4 (round scoring tile): during its round, 5 points per sanctuary or "
     "stronghold built; at the round's end, 1 worker per 2 steps on fire"),
    ("SCORE9", "SCORE9 (round scoring tile): during its round, 4 points per temple built; "
     "at the round's end, 2 coins per priest sent to a cult track"),
    ("ACT4", "ACT4: power action: 7 coins (costs 4 power; once a round, then it is taken)"),
    ("ACTW", "ACTW: Witches' stronghold action: a free dwelling on any hex of your land "
     "(free; once a round, then it is taken)"),
])
def test_a_tile_or_action_is_explained_with_the_rulebooks_numbers(topic: str, text: str) -> None:
    assert GAME.explain(topic) == text


def test_an_unknown_topic_has_no_explanation() -> None:
    assert GAME.explain("nope") is None and GAME.explain("BON11") is None


def test_the_topics_list_every_faction_tile_and_action_space() -> None:
    t = GAME.topics()
    assert t["factions"] == [
        "alchemists", "auren", "chaosmagicians", "cultists", "darklings", "dwarves",
        "engineers", "fakirs", "giants", "halflings", "mermaids", "nomads", "swarmlings",
        "witches"]
    assert t["bonus tiles"] == [f"BON{i}" for i in range(1, 11)]
    assert t["favor tiles"] == [f"FAV{i}" for i in range(1, 13)]
    assert t["town tiles"] == [f"TW{i}" for i in range(1, 9)]
    assert t["scoring tiles"] == [f"SCORE{i}" for i in range(1, 10)]
    # The bonus and favor tiles' actions are explained with their tiles, not as actions.
    assert t["actions"] == ["ACT1", "ACT2", "ACT3", "ACT4", "ACT5", "ACT6", "ACTA", "ACTE",
                            "ACTG", "ACTS", "ACTN", "ACTW", "ACTC"]


@pytest.mark.parametrize("code, label, sentence", [
    ("ACT1", "3 PW: bridge",
     "ACT1: power action: a bridge (costs 3 power; once a round, then it is taken)"),
    ("BON3", "+6 C", "BON3 (bonus tile): income 6 coins; " + PASSING),
    ("FAV8", "+2 air, +4 PW",
     "FAV8 (favor tile, 3 in the box): 2 on air (cult steps) at once; income 4 power"),
    ("TW2", "7 VP, 2 W", "TW2 (town tile, 2 in the box): 1 town key, 7 points, 2 workers"),
    ("SCORE4", "SH/SA 5 VP; 2 fire: 1 W",
     "SCORE4 (round scoring tile): during its round, 5 points per sanctuary or stronghold "
     "built; at the round's end, 1 worker per 2 steps on fire"),
    ("FIRE", "", "Fire track: send a priest here (3 or 2 steps, or 1 once the spots are "
     "full); the top three at the end score 8/4/2 VP."),
    ("XYZ", "", ""),
])
def test_each_tile_and_action_space_has_its_label_and_sentence(code, label, sentence) -> None:
    tables = (D.ACTIONS, D.BONUS, D.FAVOR, D.TOWNS, D.SCORING)
    found = next((t[code] for t in tables if code in t), ("", D.CULTS.get(code, "")))
    assert found == (label, sentence)


def test_amounts_are_said_in_the_singular_for_one_and_leave_flags_out() -> None:
    from meeple_terra_mystica.words import amounts

    assert amounts({}) == "nothing"
    assert amounts({"C": 1, "W": 2, "P": 0, "VP": 1}) == "1 coin, 2 workers, 0 priests, 1 point"
    assert amounts({"FREE_TF": 1, "TF_NEED_HEX_ADJACENCY": 1}) == "1 free terraform"
    assert amounts({"CULTS_ON_SAME_TRACK": 1}) == "nothing"
    assert amounts({"ODD": 2}) == "2 odd"
