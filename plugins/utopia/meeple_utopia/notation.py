"""The command notation (see docs/games/utopia.md):

    take maya F3            welcome a Maya guest of the fire island: a Maya prince on F3
    take maya fire          take the guest without placing (no Maya prince left)
    special p2              draw a special guest from the bag, handing p2 a privilege
    wonder fire             build the wonder of the fire island
    monument maya F3        take control of F3 with a Maya monument
    discard maya greek      the standing discard at the start of phase 2
    move maya F3 F4         one card: one Maya prince from F3 to F4 (by land or sea)
    move 2 maya F3 F4       one card: two Maya princes together
    add maya F3             one card: a Maya prince on F3 (it has a Maya monument)
    remove maya F3          one card: take a Maya prince off F3 for 2 points
    raise maya              one card: Maya one step up the prestige scale
    lower maya              two cards: Maya to value 1, the others move up
    done                    end a phase 1 turn after the take (while something could be built)
    end                     end the turn (``end discard greek`` above the hand limit)

A card action ending in ``privilege`` (``move maya F3 F4 privilege``) pays with a privilege
token received from another player instead of a card.
"""

from __future__ import annotations

from typing import Any

from meeple.core import IllegalCommand

from .board import BOARD, CIVS
from .events import (
    Add,
    Discard,
    Done,
    End,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)

_CIV_WORDS = {w: i for i, c in enumerate(CIVS) for w in (c, c + "s", c + "ns")}
_CIV_WORDS.update({"mayas": 0, "mayans": 0, "mayan": 0, "persians": 1, "egyptians": 2,
                   "greeks": 3})
HELP = ("commands: take CIV DISTRICT | take CIV ISLAND | special PLAYER | wonder ISLAND | "
        "monument CIV DISTRICT | discard CIV... | move [2] CIV FROM TO [privilege] | "
        "add CIV DISTRICT [privilege] | remove CIV DISTRICT [privilege] | "
        "raise CIV [privilege] | lower CIV | done | end [discard CIV...]")


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


def _parse(verb: str, args: list[str], raw: list[str]) -> Any:  # noqa: C901 - one case per verb
    priv = bool(args) and args[-1] == "privilege" and verb in ("move", "add", "remove", "raise")
    if priv:
        args = args[:-1]
    n = len(args)
    if verb == "take" and n == 2:
        c = _civ(args[0])
        if BOARD.island_index(args[1]) is not None and args[1].upper() not in BOARD.index:
            return Take(c, _island(args[1]), -1)
        d = _district(args[1])
        return Take(c, BOARD.island_of[d], d)
    if verb == "special" and n == 1:
        return Special(raw[1])  # a player name keeps its case
    if verb == "wonder" and n == 1:
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
        return Move(_civ(args[0]), _district(args[1]), _district(args[2]), count, priv)
    elif verb in ("add", "remove") and n == 2:
        return (Add if verb == "add" else Remove)(_civ(args[0]), _district(args[1]), priv)
    elif verb == "raise" and n == 1:
        return Raise(_civ(args[0]), priv)
    elif verb == "lower" and n == 1:
        return Lower(_civ(args[0]))
    elif verb == "done" and n == 0:
        return Done()
    elif verb == "end" and (n == 0 or args[0] == "discard"):
        return End(_cards(args[1:]))
    raise IllegalCommand(f"cannot read {' '.join(raw)!r}; {HELP}")


def parse(text: str) -> Any:
    raw = text.strip().replace(",", " ").split()
    if not raw:
        raise IllegalCommand(f"empty command; {HELP}")
    words = [w.lower() for w in raw]
    return _parse(words[0], words[1:], raw)


def format_command(cmd: Any) -> str:
    t = type(cmd)
    d = BOARD.district_ids
    priv = " privilege" if getattr(cmd, "privilege", False) else ""
    if t is Take:
        if cmd.district < 0:
            return f"take {CIVS[cmd.civ]} {BOARD.island_names[cmd.island]}"
        return f"take {CIVS[cmd.civ]} {d[cmd.district]}"
    if t is Special:
        return f"special {cmd.to}"
    if t is Done:
        return "done"
    if t is Wonder:
        return f"wonder {BOARD.island_names[cmd.island]}"
    if t is Monument:
        return f"monument {CIVS[cmd.civ]} {d[cmd.district]}"
    if t is Discard:
        return "discard " + " ".join(CIVS[c] for c in cmd.cards)
    if t is Move:
        two = "2 " if cmd.count == 2 else ""
        return f"move {two}{CIVS[cmd.civ]} {d[cmd.src]} {d[cmd.dst]}{priv}"
    if t is Add or t is Remove:
        return f"{t.__name__.lower()} {CIVS[cmd.civ]} {d[cmd.district]}{priv}"
    if t is Raise or t is Lower:
        return f"{t.__name__.lower()} {CIVS[cmd.civ]}{priv}"
    if t is End:
        return "end" + ("".join(f" {CIVS[c]}" for c in cmd.discards) and
                        " discard" + "".join(f" {CIVS[c]}" for c in cmd.discards))
    raise ValueError(f"not a Utopia command: {cmd!r}")
