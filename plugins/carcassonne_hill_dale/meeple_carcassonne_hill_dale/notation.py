"""The notation.

    1,0 r90                  place the tile at x=1, y=0 (x east, y north), turned 90° clockwise
    1,0 r90 wanderer E       ... and put a wanderer on the path touching its east edge
    1,0 r90 farmer N         ... a farmer on the field touching its north edge
    1,0 r90 stable           ... a stable on its meadow
    1,0 r90 walk 3,0W 1,0E   ... and walk the wanderer at 3,0 (path touching W) onto the
                             new tile at 1,0 (its path piece touching E)
    take apple               take a harvest chip (apple strawberry pumpkin sunflower grain
                             scarecrow)

The start tile lies at 0,0. A piece of a tile is named by the tile and an edge it touches.
"""

from __future__ import annotations

import re

from meeple.core import IllegalCommand

from .events import Place, Take
from .tiles import CROPS, DIRS

COORD = re.compile(r"^(-?\d{1,4}),(-?\d{1,4})$")
REF = re.compile(r"^(-?\d{1,4}),(-?\d{1,4})([nesw])$")
ROT = {"r0": 0, "r90": 1, "r180": 2, "r270": 3, "0": 0, "90": 1, "180": 2, "270": 3}
HELP = ("write a placement like '1,0 r90', optionally followed by 'wanderer E', 'farmer N', "
        "'stable' or 'walk 3,0W 1,0E' (onto the new tile); or 'take apple' when sharing a harvest")


def parse(text: str) -> Place | Take:
    words = text.strip().lower().split()
    if not words:
        raise IllegalCommand(f"nothing to do: {HELP}")
    if words[0] == "take":
        if len(words) != 2 or words[1] not in CROPS:
            raise IllegalCommand(f"take which chip? one of {', '.join(CROPS)}")
        return Take(CROPS.index(words[1]))
    if words[0] == "place":
        words = words[1:]
    m = COORD.match(words[0]) if words else None
    if not m:
        raise IllegalCommand(f"{text!r} is not a move: {HELP}")
    x, y = int(m.group(1)), int(m.group(2))
    rest = words[1:]
    rot = 0
    if rest and rest[0] in ROT:
        rot = ROT[rest[0]]
        rest = rest[1:]
    if not rest:
        return Place(x, y, rot)
    what, args = rest[0], rest[1:]
    if what in ("wanderer", "farmer"):
        if len(args) != 1 or args[0] not in ("n", "e", "s", "w"):
            raise IllegalCommand(f"{what} needs the edge of its piece: N, E, S or W")
        return Place(x, y, rot, what, DIRS.index(args[0].upper()))
    if what == "stable" and not args:
        return Place(x, y, rot, "stable")
    if what == "walk" and len(args) == 2:
        a, b = REF.match(args[0]), REF.match(args[1])
        if a and b:
            return Place(x, y, rot, "walk", -1, (
                int(a.group(1)), int(a.group(2)), DIRS.index(a.group(3).upper()),
                int(b.group(1)), int(b.group(2)), DIRS.index(b.group(3).upper()),
            ))
        raise IllegalCommand("walk names the wanderer and its goal by tile and edge: "
                             "walk 3,0W 1,0E")
    raise IllegalCommand(f"{text!r} is not a move: {HELP}")


def fmt(cmd: Place | Take) -> str:
    if isinstance(cmd, Take):
        return f"take {CROPS[cmd.crop]}"
    text = f"{cmd.x},{cmd.y} r{cmd.rot * 90}"
    if cmd.what in ("wanderer", "farmer"):
        text += f" {cmd.what} {DIRS[cmd.edge]}"
    elif cmd.what == "stable":
        text += " stable"
    elif cmd.what == "walk":
        wx, wy, we, tx, ty, te = cmd.walk
        text += f" walk {wx},{wy}{DIRS[we]} {tx},{ty}{DIRS[te]}"
    return text
