"""The row notation: every kind of sub-command, written the ways the site's records write
it, reads to one canonical text that reads back to the same commands; every malformed
part is refused with the sentence that says what was wrong."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_terra_mystica.notation import format_row, parse_row, split_row

CANON = [
    ("build E7", "build E7"), ("Build e7", "build E7"),
    ("upgrade F3 to TP", "upgrade F3 to TP"), ("upgrade f3 to trading post", "upgrade F3 to TP"),
    ("upgrade F3 to temple", "upgrade F3 to TE"), ("upgrade F3 to stronghold", "upgrade F3 to SH"),
    ("upgrade F3 to sanctuary", "upgrade F3 to SA"),
    ("send p to fire", "send p to FIRE"), ("send priest to WATER for 2", "send p to WATER for 2"),
    ("send p to air for 3", "send p to AIR for 3"), ("send p to earth for 1", "send p to EARTH for 1"),
    ("convert 2pw to 2c", "convert 2PW to 2C"), ("convert 1 priest to 1 worker", "convert 1P to 1W"),
    ("convert 3 power to 1 workers", "convert 3PW to 1W"), ("convert W to C", "convert 1W to 1C"),
    ("convert 3c to 1vp", "convert 3C to 1VP"), ("convert 1 coins to 1 coin", "convert 1C to 1C"),
    ("burn 3", "burn 3"), ("burn 0", "burn 0"),
    ("leech 2 from witches", "leech 2 from witches"), ("leech 1", "leech 1"),
    ("decline 2 from Nomads", "decline 2 from nomads"), ("decline", "decline"),
    ("transform G2 to yellow", "transform G2 to yellow"), ("transform g2 to grey", "transform G2 to gray"),
    ("transform G2", "transform G2"), ("dig 2", "dig 2"), ("bridge e7:f6", "bridge E7:F6"),
    ("connect r10", "connect r10"), ("connect E7:F6", "connect E7:F6"),
    ("connect E7:F6:G5", "connect E7:F6:G5"), ("pass", "pass"), ("pass bon4", "pass BON4"),
    ("action act6", "action ACT6"), ("action fav6", "action FAV6"), ("advance ship", "advance ship"),
    ("advance shipping", "advance ship"), ("advance digging", "advance dig"),
    ("+fav11", "+FAV11"), ("+ fav11", "+FAV11"), ("+2tw1", "+2TW1"), ("-spade", "-SPADE"),
    ("-2spade", "-2SPADE"), ("+fire", "+FIRE"), ("+3water", "+3WATER"), ("+priest", "+P"),
    ("-coins", "-C"), ("+power", "+PW"), ("+workers", "+W"), ("wait", "wait"), ("done", "done"),
    ("drop", "drop"), ("resign", "drop"), ("drop-faction", "drop"), ("setup witches", "setup witches"),
    ("pick Nomads", "setup nomads"),
    ("dig 1.  build  E7 . +FAV11", "dig 1. build E7. +FAV11"),
    ("+fire. +fire", "+2FIRE"), ("+2fire. +2fire", "+4FIRE"), ("bridge e7 : f6", "bridge E7:F6"),
    # The largest amounts each part accepts.
    ("leech 20 from witches", "leech 20 from witches"), ("leech 1 from witches", "leech 1 from witches"),
    ("convert 100W to 100C", "convert 100W to 100C"), ("burn 12", "burn 12"), ("dig 7", "dig 7"),
    ("dig 1", "dig 1"), ("+20fire", "+20FIRE"), ("-20water", "-20WATER"),
]


@pytest.mark.parametrize("text, canon", CANON)
def test_each_sub_command_reads_to_its_canonical_text_and_back(text: str, canon: str) -> None:
    cmds = parse_row(text)
    assert format_row(cmds) == canon
    assert parse_row(canon) == cmds


BAD = [
    ("build Z9", "there is no hex 'z9' on the map"), ("build r3", "r3 is a river hex"),
    ("upgrade E7 to dwelling", "can't upgrade to 'dwelling'"),
    ("upgrade E7 to castle", "can't upgrade to 'castle'"),
    ("send p to moon", "unknown cult track 'moon'"), ("send p to fire for 4", "no 4 spot"),
    ("convert 1C to 1PW", "can't convert c to pw"), ("convert 1X to 1C", "can't convert x to c"),
    ("convert 0W to 0C", "bad amount"), ("convert 101W to 101C", "bad amount"),
    ("burn 13", "can't burn 13"), ("leech 0 from witches", "bad leech amount 0"),
    ("leech 21", "bad leech amount 21"), ("leech 21 from witches", "bad leech amount 21"),
    ("leech 0", "bad leech amount 0"), ("burn 13", "can't burn 13"),
    ("convert 1W to 101C", "bad amount"), ("convert 101W to 1C", "bad amount"),
    ("convert 1W to 0C", "bad amount"), ("send p to water for 5", "no 5 spot"), ("leech 2 from elves", "unknown faction 'elves'"),
    ("decline 2 from elves", "unknown faction 'elves'"),
    ("transform E7 to purple", "unknown terrain 'purple'"), ("dig 0", "can't dig 0"),
    ("dig 8", "can't dig 8"), ("pass bon11", "unknown bonus tile BON11"),
    ("action act7", "unknown action 'act7'"), ("+xyz", "can't adjust XYZ"),
    ("+21fire", "bad amount 21"), ("-0fire", "bad amount 0"),
    ("setup elves", "unknown faction 'elves'"), ("fly to the moon", "can't read 'fly to the moon'"),
    ("waiting", "can't read 'waiting'"), ("zap", "can't read 'zap'"),
    ("", "empty command"), (". .", "empty command"),
    ("dig 1234567", "a number in a command has at most 6 digits"),
    ("build \u00e97 1234567", "a number in a command has at most 6 digits"),
    ("dig \u0661\u0662\u0663\u0664\u0665\u0666\u0667", "a number in a command has at most 6 digits"),
    ("dig \u0661\u0662\u0663\u0664\u0665\u0666", "can't dig 123456"),
]


@pytest.mark.parametrize("text, message", BAD)
def test_a_malformed_part_is_refused_saying_what_was_wrong(text: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as info:
        parse_row(text)
    assert message in str(info.value)


def test_splitting_closes_spaces_only_around_signs_and_keeps_other_words_apart() -> None:
    assert split_row("  Dig 1 .  Build   E7\t. + FAV11 ") == ["dig 1", "build e7", "+fav11"]
    assert split_row("bridge e7 : f6. connect e7 :f6") == ["bridge e7:f6", "connect e7:f6"]
    assert split_row("+fire. +fire. +fire") == ["+2fire", "+fire"]
    assert split_row("+fire. +water. +fire") == ["+fire", "+water", "+fire"]


@pytest.mark.parametrize("text, canon", CANON)
def test_commands_read_back_from_json_format_as_the_parsed_ones(text: str, canon: str) -> None:
    """format_row depends on the commands' values only: the same commands decoded from
    JSON (new string objects, lists for tuples) give the same canonical text."""
    import json

    cmds = tuple(tuple(c) for c in json.loads(json.dumps(parse_row(text))))
    assert format_row(cmds) == canon
