"""Events and commands. Seats are ints (index into the player list); tiles are named by
their id in data/tiles.json; edges by 0..3 (north, east, south, west)."""

from __future__ import annotations

from meeple.core import command, event


@event("carcassonne-hill-dale.started")
class Started:
    players: tuple[str, ...]
    #: The shuffled stack in draw order. Secret: views and redacted logs hide the order.
    stack: tuple[str, ...]


@event("carcassonne-hill-dale.drew", barrier=True)
class Drew:
    seat: int
    tile: str  # "" when no tile is left that fits
    set_aside: tuple[str, ...] = ()  # drawn first, fitted nowhere, out of the game


@event("carcassonne-hill-dale.placed")
class Placed:
    seat: int
    x: int
    y: int
    rot: int
    tile: str


@event("carcassonne-hill-dale.meeple-placed")
class MeeplePlaced:
    seat: int
    x: int
    y: int
    edge: int
    role: str  # "wanderer" or "farmer"


@event("carcassonne-hill-dale.stable-placed")
class StablePlaced:
    seat: int
    x: int
    y: int


@event("carcassonne-hill-dale.wandered")
class Wandered:
    seat: int
    x: int
    y: int
    edge: int
    to_x: int
    to_y: int
    to_edge: int
    steps: int


@event("carcassonne-hill-dale.scored")
class Scored:
    """A closed path or field: every meeple on it scores and comes back."""

    feature: str  # "path" or "field"
    x: int
    y: int
    edge: int
    tiles: int
    awards: tuple[tuple[int, int], ...]  # (seat, points), one per meeple
    harvest: tuple[int, ...] = ()  # crop indices to share out (fields)
    pickers: tuple[int, ...] = ()  # seats in picking order


@event("carcassonne-hill-dale.chip-taken")
class ChipTaken:
    seat: int
    crop: int


@event("carcassonne-hill-dale.final-scored")
class FinalScored:
    """End of game: (seat, paths, fields, stables, chips) points per seat."""

    rows: tuple[tuple[int, int, int, int, int], ...]


EVENTS = (Started, Drew, Placed, MeeplePlaced, StablePlaced, Wandered, Scored, ChipTaken,
          FinalScored)


@command
class Place:
    """Place the drawn tile at (x, y) turned ``rot`` quarter turns clockwise, then at most
    one of: a wanderer or farmer on the piece touching ``edge``, a stable, or a walk."""

    x: int
    y: int
    rot: int
    what: str = ""  # "", "wanderer", "farmer", "stable", "walk"
    edge: int = -1  # wanderer / farmer: the piece touching this edge of the new tile
    walk: tuple[int, ...] = ()  # x, y, edge of the wanderer, then x, y, edge of its goal


@command
class Take:
    """Take one harvest chip of a closed field."""

    crop: int
