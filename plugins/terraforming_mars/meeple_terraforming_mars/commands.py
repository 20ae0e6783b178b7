"""Commands: what a player says (frozen, hashable values; notation.py reads and writes
them)."""

from __future__ import annotations

from meeple.core import command


@command
class ChooseCorp:
    corp: str


@command
class Draft:
    card: str


@command
class Keep:
    cards: tuple[str, ...]


@command
class Buy:
    cards: tuple[str, ...]


@command
class Mark:
    """Research staged: put one offered card on (``on``) or off the list to buy."""

    card: str
    on: bool = True


@command
class Confirm:
    """Research staged: buy the cards on the list (``buy`` with nothing after it)."""


@command
class Play:
    card: str
    mc: int
    steel: int = 0
    titanium: int = 0
    heat: int = 0


@command
class Project:
    kind: str  # power, asteroid, aquifer, greenery, city
    heat: int = 0  # Helion: heat paying like M€


@command
class Sell:
    cards: tuple[str, ...]


@command
class Claim:
    name: str
    heat: int = 0


@command
class Fund:
    name: str
    heat: int = 0


@command
class Use:
    card: str
    option: int = 0
    mc: int = 0
    steel: int = 0
    titanium: int = 0
    heat: int = 0


@command
class Convert:
    what: str  # plants or heat


@command
class Pass:
    pass


@command
class Done:
    pass


@command
class Place:
    space: str


@command
class Target:
    player: str  # "" for nobody


@command
class Pick:
    card: str  # "" for none


@command
class Choose:
    label: str


@command
class Amount:
    n: int
