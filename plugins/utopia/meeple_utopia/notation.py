"""The command notation (see docs/games/utopia.md):

    take maya F3            welcome a Maya guest of the fire island: a Maya prince on F3
    take maya F3 as greek   the same guest, but spend a privilege: a Greek prince on F3
    take maya fire          take the guest without placing (no Maya prince left)
    wonder fire             build the wonder of the fire island
    monument maya F3        take control of F3 with a Maya monument
    discard maya greek      the standing discard at the start of phase 2
    move maya F3 F4         one card: one Maya prince from F3 to F4 (by land or sea)
    move 2 maya F3 F4       one card: two Maya princes together
    add maya F3             one card: a Maya prince on F3 (it has a Maya monument)
    remove maya F3          one card: take a Maya prince off F3 for 2 points
    raise maya              one card: Maya one step up the prestige scale
    lower maya              two cards: Maya to value 1, the others move up
    end                     end the turn (``end discard greek`` above the hand limit)
"""

from __future__ import annotations

from typing import Any

from meeple.core import IllegalCommand

from .board import BOARD, CIVS
from .events import Add, Discard, End, Lower, Monument, Move, Raise, Remove, Take, Wonder

_CIV_WORDS = {w: i for i, c in enumerate(CIVS) for w in (c, c + "s", c + "ns")}
_CIV_WORDS.update({"mayas": 0, "mayans": 0, "mayan": 0, "persians": 1, "egyptians": 2,
                   "greeks": 3})
HELP = ("commands: take CIV DISTRICT [as CIV] | take CIV ISLAND | wonder ISLAND | "
        "monument CIV DISTRICT | discard CIV... | move [2] CIV FROM TO | add CIV DISTRICT | "
        "remove CIV DISTRICT | raise CIV | lower CIV | end [discard CIV...]")


def _civ(word: str) -> int:
    c = _CIV_WORDS.get(word)
    if c is None:
        raise IllegalCommand(f"{word!r} is not a civilization: use one of {', '.join(CIVS)}")
    return c


def _district(word: str) -> int:
    d = BOARD.index.get(word.upper())
    if d is None:
        raise IllegalCommand(
            f"{word!r} is not a district: use {BOARD.district_ids[0]} to {BOARD.district_ids[-1]}"
            " (W water, E earth, F fire, A wind)")
    return d


def _island(word: str) -> int:
    i = BOARD.island_index(word)
    if i is None:
        raise IllegalCommand(f"{word!r} is not an island: use {', '.join(BOARD.island_names)}")
    return i


def _cards(words: list[str]) -> tuple[int, ...]:
    return tuple(sorted(_civ(w) for w in words))


def _parse(verb: str, args: list[str]) -> Any:  # noqa: C901 - one case per verb
    n = len(args)
    if verb == "take":
        if n == 2:
            c = _civ(args[0])
            if BOARD.island_index(args[1]) is not None and args[1].upper() not in BOARD.index:
                return Take(c, _island(args[1]), -1, -1)
            d = _district(args[1])
            return Take(c, BOARD.island_of[d], d, c)
        if n == 4 and args[2] == "as":
            d = _district(args[1])
            return Take(_civ(args[0]), BOARD.island_of[d], d, _civ(args[3]))
    elif verb == "wonder" and n == 1:
        return Wonder(_island(args[0]))
    elif verb == "monument" and n == 2:
        return Monument(_civ(args[0]), _district(args[1]))
    elif verb == "discard" and n >= 1:
        return Discard(_cards(args))
    elif verb == "move" and n in (3, 4):
        count = 1
        if n == 4:
            if args[0] not in ("1", "2"):
                raise IllegalCommand("a card moves 1 or 2 princes: move 2 CIV FROM TO")
            count = int(args[0])
            args = args[1:]
        return Move(_civ(args[0]), _district(args[1]), _district(args[2]), count)
    elif verb in ("add", "remove") and n == 2:
        return (Add if verb == "add" else Remove)(_civ(args[0]), _district(args[1]))
    elif verb in ("raise", "lower") and n == 1:
        return (Raise if verb == "raise" else Lower)(_civ(args[0]))
    elif verb == "end" and (n == 0 or args[0] == "discard"):
        return End(_cards(args[1:]))
    raise IllegalCommand(f"cannot read {' '.join([verb, *args])!r}; {HELP}")


def parse(text: str) -> Any:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise IllegalCommand(f"empty command; {HELP}")
    return _parse(words[0], words[1:])


def format_command(cmd: Any) -> str:  # noqa: C901 - one case per command
    t = type(cmd)
    d = BOARD.district_ids
    if t is Take:
        if cmd.district < 0:
            return f"take {CIVS[cmd.civ]} {BOARD.island_names[cmd.island]}"
        text = f"take {CIVS[cmd.civ]} {d[cmd.district]}"
        return text if cmd.prince_civ == cmd.civ else f"{text} as {CIVS[cmd.prince_civ]}"
    if t is Wonder:
        return f"wonder {BOARD.island_names[cmd.island]}"
    if t is Monument:
        return f"monument {CIVS[cmd.civ]} {d[cmd.district]}"
    if t is Discard:
        return "discard " + " ".join(CIVS[c] for c in cmd.cards)
    if t is Move:
        two = "2 " if cmd.count == 2 else ""
        return f"move {two}{CIVS[cmd.civ]} {d[cmd.src]} {d[cmd.dst]}"
    if t is Add or t is Remove:
        return f"{t.__name__.lower()} {CIVS[cmd.civ]} {d[cmd.district]}"
    if t is Raise or t is Lower:
        return f"{t.__name__.lower()} {CIVS[cmd.civ]}"
    if t is End:
        return "end" + ("".join(f" {CIVS[c]}" for c in cmd.discards) and
                        " discard" + "".join(f" {CIVS[c]}" for c in cmd.discards))
    raise ValueError(f"not a Utopia command: {cmd!r}")
