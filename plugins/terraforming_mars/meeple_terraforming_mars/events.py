"""Events: what the log records. Each event after the opening ones carries its ``delta``,
what it did (delta.py); fold applies that and nothing else."""

from __future__ import annotations

from meeple.core import event

from .delta import Delta


@event("terraforming-mars.started")
class Started:
    players: tuple[str, ...]
    corporate_era: bool = False
    draft: bool = False
    max_generations: int = 0


@event("terraforming-mars.shuffled", barrier=True)
class Shuffled:
    """The whole deck in order (secret: nobody may see it)."""

    cards: tuple[str, ...]


@event("terraforming-mars.reshuffled", barrier=True)
class Reshuffled:
    """The discard pile shuffled in under the remaining deck."""

    cards: tuple[str, ...]
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.dealt", barrier=True)
class Dealt:
    """Corporations and cards offered to one player (secret to the others)."""

    player: str
    corps: tuple[str, ...]
    cards: tuple[str, ...]


@event("terraforming-mars.neutral-placed")
class NeutralPlaced:
    """Solo set-up: the neutral cities and greeneries, placed by the costs of the first
    four cards of the deck, which are discarded."""

    cards: tuple[str, ...]
    cities: tuple[str, ...]
    greeneries: tuple[str, ...]


@event("terraforming-mars.drafted")
class Drafted:
    player: str
    card: str  # secret to the others
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.corporation-chosen")
class CorpChosen:
    player: str
    corp: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.bought")
class Bought:
    player: str
    cards: tuple[str, ...]  # secret to the others: only the count is public
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.drawn", barrier=True)
class Drawn:
    player: str
    cards: tuple[str, ...]
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.revealed", barrier=True)
class Revealed:
    player: str
    card: str
    source: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.looked", barrier=True)
class Looked:
    """Cards from the top of the deck that only ``player`` sees (Corporate Era)."""

    player: str
    cards: tuple[str, ...]
    source: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.kept")
class Kept:
    player: str
    cards: tuple[str, ...]  # secret to the others
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.marked")
class Marked:
    player: str
    card: str  # secret to the others
    on: bool
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.card-played")
class CardPlayed:
    player: str
    card: str
    mc: int
    steel: int = 0
    titanium: int = 0
    heat: int = 0
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.project-used")
class ProjectUsed:
    player: str
    kind: str
    heat: int = 0
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.sold")
class Sold:
    player: str
    cards: tuple[str, ...]
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.claimed")
class Claimed:
    player: str
    name: str
    heat: int = 0
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.funded")
class Funded:
    player: str
    name: str
    heat: int = 0
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.action-used")
class ActionUsed:
    player: str
    card: str
    option: int
    mc: int = 0
    steel: int = 0
    titanium: int = 0
    heat: int = 0
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.converted")
class Converted:
    player: str
    what: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.placed")
class Placed:
    player: str
    space: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.targeted")
class Targeted:
    player: str
    target: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.picked")
class Picked:
    player: str
    card: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.chosen")
class Chosen:
    player: str
    label: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.amount")
class AmountChosen:
    player: str
    n: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.passed")
class Passed:
    player: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.turn-ended")
class TurnEnded:
    player: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.actions-began")
class ActionsBegan:
    generation: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.produced")
class Produced:
    generation: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.research", barrier=True)
class Research:
    """A new generation: four cards offered to each player (secret to the others)."""

    generation: int
    offers: tuple[tuple[str, tuple[str, ...]], ...]
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.final-conversion")
class FinalConversion:
    generation: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.final-done")
class FinalDone:
    player: str
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.scored")
class Scored:
    """A player's final score, part by part (its total is what the outcome reports)."""

    player: str
    tr: int
    milestones: int
    awards: int
    greenery: int
    cities: int
    cards: int
    total: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


@event("terraforming-mars.game-ended")
class GameEnded:
    generation: int
    delta: Delta | None = None  # what it did (delta.py); None only in a 0.1 log (upcast)


EVENTS = (Started, Shuffled, Reshuffled, NeutralPlaced, Drafted, Looked, Kept, Dealt, CorpChosen,
          Marked, Bought, Drawn, Revealed, CardPlayed,
          ProjectUsed, Sold, Claimed, Funded, ActionUsed, Converted, Placed, Targeted, Picked,
          Chosen, AmountChosen, Passed, TurnEnded, ActionsBegan, Produced, Research,
          FinalConversion, FinalDone, Scored, GameEnded)
