"""Commands (what a player asks) and events (what happened). Seats, districts, islands
and civilizations are plain ints (indices into ``board``); the notation turns them into
names. Draws are barrier events: they reveal what nobody knew before. A field at ``UNRECORDED``
was not recorded by an older log: ``upcast_in_context`` (upcast.py) derives it when the log
is read, so fold always applies recorded facts. Each event that gained fields names its
step from the version before (``upcast_v1_v2``) beside it."""

from __future__ import annotations

from typing import Any

from meeple.core import command, event

#: An event field's value in a log written before decide recorded it (see above).
UNRECORDED = -2

# -- commands ---------------------------------------------------------------------------


@command
class Take:
    """Phase 1: claim a waiting guest (or the special guest just drawn) of ``civ`` at
    ``island`` and put a prince of that civilization on ``district`` of that island
    (-1: no prince of that civilization is left)."""

    civ: int
    island: int
    district: int


@command
class Special:
    """Phase 1: instead of a waiting guest, draw a special guest from the bag, handing
    one of one's privilege tokens to the player ``to``."""

    to: str


@command
class Wonder:
    island: int


@command
class Monument:
    civ: int
    district: int


@command
class Discard:
    """Phase 2 start: the cards given up for standing (a sorted tuple of civs)."""

    cards: tuple[int, ...]


@command
class Move:
    civ: int
    src: int
    dst: int
    count: int
    privilege: bool = False  # pay with a privilege token received instead of a card


@command
class Add:
    civ: int
    district: int
    privilege: bool = False


@command
class Remove:
    civ: int
    district: int
    privilege: bool = False


@command
class Raise:
    civ: int
    privilege: bool = False


@command
class Lower:
    civ: int


@command
class Done:
    """Phase 1: end one's turn after welcoming a guest (offered only while a wonder or a
    monument could still be built in that turn; otherwise the turn ends by itself)."""


@command
class End:
    """Phase 2: end the turn, discarding down to the hand limit (sorted civs)."""

    discards: tuple[int, ...] = ()


# -- events -----------------------------------------------------------------------------


@event("utopia.started")
class Started:
    players: tuple[str, ...]
    scale: tuple[int, ...]  # the value 1..5 of each civilization
    goal: int
    water: bool  # is the water island in play


@event("utopia.guests-drawn", version=2, barrier=True)
class GuestsDrawn:
    """The start of a round: every guest back in the bag, then ``guests`` drawn."""

    guests: tuple[int, ...]  # island * 5 + civ, sorted
    first: int = UNRECORDED  # the seat that welcomes first
    #: The bag after the draw, per guest (island * 5 + civ); () in a version-1 log.
    bag: tuple[int, ...] = ()

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "bag": []}  # the refill was left to fold: derived in context


@event("utopia.guest-taken", version=2)
class GuestTaken:
    seat: int
    civ: int
    island: int
    district: int
    special: bool  # the special guest drawn from the bag, not one at the ships
    #: False: the taker may still build a wonder or monument before the turn passes (a
    #: WelcomeEnded follows); True: nothing to build, the turn passed with the take.
    ends_turn: bool = True
    player: str = ""
    next_seat: int = UNRECORDED  # who acts next when the turn ends
    #: The pass under way and the phase once the action is over (a pass ends when every
    #: seat has welcomed; phase 2 begins after the last pass).
    pass_no: int = UNRECORDED
    phase: int = UNRECORDED

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "pass_no": UNRECORDED, "phase": UNRECORDED}


@event("utopia.special-guest-drawn", version=2, barrier=True)
class SpecialGuestDrawn:
    """``seat`` hands one of its privilege tokens to ``to`` and draws ``guest`` from the
    bag, in sight of everyone (the bag is public)."""

    seat: int
    to: int  # the seat that receives one of ``seat``'s privilege tokens
    guest: int  # island * 5 + civ
    player: str = ""
    to_player: str = ""  # the receiver's name; "" in a version-1 log

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "to_player": ""}  # the receiver's name: derived in context


@event("utopia.wonder-built")
class WonderBuilt:
    seat: int
    island: int
    points: int = 6  # prestige for the builder
    player: str = ""


@event("utopia.monument-built")
class MonumentBuilt:
    seat: int
    civ: int
    district: int
    #: The wonder owner of the district's island and the prestige it gains at once (the
    #: district's value); bonus -1 in logs written before this was recorded.
    wonder_owner: int = -1
    bonus: int = -1
    player: str = ""
    wonder_player: str = ""


@event("utopia.cards-drawn", barrier=True)
class CardsDrawn:
    seat: int
    player: str  # the name too, so that a log can be redacted for that player
    cards: tuple[int, ...]  # sorted civs; -1 where redacted
    must_discard: int = UNRECORDED  # the standing discard (leader 2, last 0, others 1)
    reshuffled: int = UNRECORDED  # 1: the discards were shuffled into the deck first


@event("utopia.cards-discarded")
class CardsDiscarded:
    seat: int
    cards: tuple[int, ...]
    player: str = ""


@event("utopia.princes-moved")
class PrincesMoved:
    seat: int
    civ: int
    src: int
    dst: int
    count: int
    privilege: bool
    player: str = ""


@event("utopia.prince-added")
class PrinceAdded:
    seat: int
    civ: int
    district: int
    privilege: bool
    player: str = ""


@event("utopia.prince-removed")
class PrinceRemoved:
    seat: int
    civ: int
    district: int
    privilege: bool
    points: int = 2
    player: str = ""


@event("utopia.king-influenced")
class KingInfluenced:
    seat: int
    civ: int
    lowered: bool  # False: one step up for one card; True: to value 1 for two cards
    privilege: bool
    player: str = ""


@event("utopia.turn-ended")
class TurnEnded:
    seat: int
    discards: tuple[int, ...]
    player: str = ""
    next_seat: int = UNRECORDED  # -1: everyone has developed, the round is scored


@event("utopia.welcome-ended", version=2)
class WelcomeEnded:
    """Phase 1: the player who welcomed a guest ends the turn (after building, or not)."""

    seat: int
    player: str = ""
    next_seat: int = UNRECORDED
    pass_no: int = UNRECORDED  # as in GuestTaken
    phase: int = UNRECORDED

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "pass_no": UNRECORDED, "phase": UNRECORDED}


@event("utopia.round-scored", version=2)
class RoundScored:
    """Phase 3: prestige per seat for the districts each controls (their civilization's
    value on the prestige scale), applied in the order of phase 2's turns."""

    points: tuple[int, ...]  # per seat
    players: tuple[str, ...] = ()  # names in seat order
    districts: tuple[int, ...] = ()  # districts each seat controls
    round: int = 0
    over: int = UNRECORDED  # 1: someone reached the goal, the game ends
    #: The round's first player, still on the start square, moves behind the others
    #: (-1: nobody).
    behind: int = UNRECORDED

    @staticmethod
    def upcast_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "behind": UNRECORDED}


EVENTS: tuple[type, ...] = (
    Started, GuestsDrawn, GuestTaken, SpecialGuestDrawn, WonderBuilt, MonumentBuilt, CardsDrawn,
    CardsDiscarded,
    PrincesMoved, PrinceAdded, PrinceRemoved, KingInfluenced, TurnEnded, RoundScored,
    WelcomeEnded,
)
