"""Events and commands. Seats are ints (index into the player list); tiles are named by
their id in data/tiles.json; edges by 0..3 (north, east, south, west).

Events are facts: each records what happened with its consequences (points, with the
player's name so that a log line needs no state), and fold applies them without checks.
Fields added after version 1 have defaults, so logs written before still read."""

from __future__ import annotations

from meeple.core import command, event


@event("carcassonne-hill-dale.started")
class Started:
    players: tuple[str, ...]
    #: The shuffled stack in draw order. Secret: views and redacted logs hide the order.
    stack: tuple[str, ...]
    #: Who scores a feature several players share (scoring.SHARING), fixed at setup.
    sharing: str = "majority"


@event("carcassonne-hill-dale.drew", barrier=True)
class Drew:
    seat: int
    tile: str  # "" when no tile is left that fits
    set_aside: tuple[str, ...] = ()  # drawn first, fitted nowhere, out of the game
    player: str = ""


@event("carcassonne-hill-dale.placed")
class Placed:
    seat: int
    x: int
    y: int
    rot: int
    tile: str
    player: str = ""


@event("carcassonne-hill-dale.meeple-placed")
class MeeplePlaced:
    seat: int
    x: int
    y: int
    edge: int
    role: str  # "wanderer" or "farmer"
    player: str = ""


@event("carcassonne-hill-dale.stable-placed")
class StablePlaced:
    seat: int
    x: int
    y: int
    player: str = ""


@event("carcassonne-hill-dale.wandered")
class Wandered:
    seat: int
    x: int
    y: int
    edge: int
    to_x: int
    to_y: int
    to_edge: int
    steps: int  # tiles entered, 1 point each
    player: str = ""


@event("carcassonne-hill-dale.scored")
class Scored:
    """A closed path or field with meeples on it: the scoring players (each once, however
    many meeples they have there) get the points; every meeple on it comes back."""

    feature: str  # "path" or "field"
    x: int
    y: int
    edge: int
    tiles: int
    awards: tuple[tuple[int, int], ...]  # (seat, points), one per scoring player
    harvest: tuple[int, ...] = ()  # crop indices to share out (fields)
    pickers: tuple[int, ...] = ()  # seats in picking order
    names: tuple[str, ...] = ()  # the player of each award, in the same order
    present: tuple[tuple[str, int], ...] = ()  # (player, meeples) of everyone on it
    sharing: str = "majority"


@event("carcassonne-hill-dale.chip-taken")
class ChipTaken:
    seat: int
    crop: int
    player: str = ""


@event("carcassonne-hill-dale.final-scored")
class FinalScored:
    """End of game: (seat, paths, fields, stables, chips) points per seat."""

    rows: tuple[tuple[int, int, int, int, int], ...]
    players: tuple[str, ...] = ()  # names in seat order


@event("carcassonne-hill-dale.stack-reshuffled")
class StackReshuffled:
    """The tiles left in the stack, in a new draw order (a fork draws the order nobody
    has seen anew). Secret, as the stack of ``Started``."""

    stack: tuple[str, ...]


EVENTS = (Started, Drew, Placed, MeeplePlaced, StablePlaced, Wandered, Scored, ChipTaken,
          FinalScored, StackReshuffled)


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
