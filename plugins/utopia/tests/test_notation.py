"""Utopia's notation: each malformed command is refused with the one line that says what
was wrong and what is allowed, a command with a word too few or too many is refused, the
words a civilization may be written as (singular, plural, -ns), an island named where a
district could stand, ``privilege`` read only after the card actions that take it, and
the format of every command read back."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple_utopia import Utopia
from meeple_utopia.events import Add, End, Lower, Move, Raise, Remove, Take

GAME = Utopia()
HELP = "commands: take CIV DISTRICT"

BAD = [
    ("", "empty command; " + HELP),
    ("   ", "empty command; " + HELP),
    ("move 3 maya E1 E2", "a card moves 1 or 2 princes: move 2 CIV FROM TO"),
    ("take aztec F3", "'aztec' is not a civilization: use one of maya, persian, egyptian, greek, "
                      "chinese"),
    ("take maya Z9", "'z9' is not a district: use W1 to A5 \\(W water, E earth, F fire, A wind\\)"),
    ("wonder moon", "'moon' is not an island: use water, earth, fire, wind"),
    ("lower maya privilege", "cannot read 'lower maya privilege'; " + HELP),
    ("end maya", "cannot read 'end maya'; " + HELP),
    ("Fly Away", "cannot read 'Fly Away'; " + HELP),
    ("done now", "cannot read 'done now'"),
    ("discard", "cannot read 'discard'"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[t or "empty" for t, _w in BAD])
def test_a_malformed_command_says_what_is_wrong_and_what_is_allowed(text, why):
    with pytest.raises(IllegalCommand, match=why) as err:
        GAME.parse(text)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("text", "cmd"), [
    ("take mayans fire", Take(0, 2, -1)), ("take maya W1", Take(0, 0, 0)),
    ("take Greeks e2", Take(3, 1, 6)), ("take persians A5", Take(1, 3, 23)),
    ("take egyptians wind", Take(2, 3, -1)), ("take chinese water", Take(4, 0, -1)),
    ("move 1 maya E1 E2", Move(0, 5, 6, 1)), ("move maya E1 E2 privilege", Move(0, 5, 6, 1, True)),
    ("add greek F1 privilege", Add(3, 13, True)), ("remove greek F1", Remove(3, 13)),
    ("raise chinese privilege", Raise(4, True)), ("lower mayan", Lower(0)),
    ("end discard maya, greek maya", End((0, 0, 3))), ("END", End(())),
])
def test_the_words_read_as_the_command_and_it_formats_back(text, cmd):
    assert GAME.parse(text) == cmd
    assert GAME.parse(GAME.format(cmd)) == cmd


def test_format_refuses_what_is_not_a_command():
    with pytest.raises(ValueError, match="not a Utopia command"):
        GAME.format(object())


WORDS = {"take": ["maya", "W1"], "special": ["p1"], "wonder": ["water"],
         "monument": ["maya", "W1"], "move": ["maya", "W1", "W2"], "add": ["maya", "W1"],
         "remove": ["maya", "W1"], "raise": ["maya"], "lower": ["maya"], "done": [],
         "end": []}


@pytest.mark.parametrize("verb", sorted(WORDS))
def test_a_command_with_a_word_too_few_or_too_many_is_refused_with_the_commands(verb):
    words = WORDS[verb]
    GAME.parse(" ".join([verb, *words]))  # the right number of words reads
    shorter = [verb, *words[:-1]] if words else None
    for bad in filter(None, [shorter, [verb, *words, "W2", "W3"]]):
        with pytest.raises(IllegalCommand, match="commands:|cannot read|is not"):
            GAME.parse(" ".join(bad))
