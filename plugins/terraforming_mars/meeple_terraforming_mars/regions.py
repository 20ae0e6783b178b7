"""Where a person points to give a command: a space of the map, a card in the hand or
on a tableau, a standard project, a milestone, an award, or an entry of the "Your move"
panel (pass, done, a target, an option, an amount).

Region ids: ``space/e4`` (a hexagon of the picture), ``hand/NAME``, ``offer/NAME``,
``corp/NAME``, ``played/NAME`` (a card or corporation in play), ``project/KIND``,
``milestone/NAME``, ``award/NAME`` and ``move/...`` (panel entries, see panels.py).
The payment of a card is no region of its own: the card's commands share their regions,
and the browser asks how to pay in a small form (paying.py gives each command's numbers).
"""

from __future__ import annotations

from typing import Any

from . import messages as m
from .board import NOCTIS, SPACES, VOLCANIC
from .cardtext import WHERE
from .rules import CITY_KINDS, land_claim_spaces, legal_spaces
from .state import State

# The decisions everyone answers at once: the player's own item is theirs to answer.
SIMULTANEOUS = ("corp", "buy", "draft")


def my_pending(s: State, player: str | None) -> tuple | None:
    """The decision ``player`` has to answer now, if any."""
    if not s.pending or player is None:
        return None
    if s.pending[0][1] in SIMULTANEOUS:
        return next((it for it in s.pending if it[0] == player and it[1] in SIMULTANEOUS), None)
    return s.pending[0] if s.pending[0][0] == player else None


def move_region(command: Any) -> str | None:
    """The "Your move" panel's region of a command with nothing on the table to point at."""
    t = type(command)
    if t is m.Pass:
        return "move/pass"
    if t is m.Done:
        return "move/done"
    if t is m.Convert:
        return "move/greenery" if command.what == "plants" else "move/heat"
    if t is m.Sell and len(command.cards) > 1:
        return "move/sell-all"
    if t is m.Confirm:
        return "move/buy"
    if t is m.Keep and not command.cards:
        return "move/keep-none"
    if t is m.Pick and not command.card:
        return "move/none"
    if t is m.Target:
        return f"move/target/{command.player}" if command.player else "move/none"
    if t is m.Choose:
        return f"move/choose/{command.label}"
    if t is m.Amount:
        return f"move/amount/{command.n}"
    return None


def regions(view: State, player: str, command: Any) -> tuple[str, ...]:
    """The regions ``command`` (legal for ``player`` in ``view``) touches, in click order."""
    c = command
    t = type(c)
    move = move_region(c)
    if move is not None:
        return (move,)
    if t is m.Place:
        return (f"space/{c.space}",)
    if t in (m.Play, m.Sell):
        return (f"hand/{c.card if t is m.Play else c.cards[0]}",)
    if t is m.Project:
        return (f"project/{c.kind}",)
    if t is m.Claim:
        return (f"milestone/{c.name}",)
    if t is m.Fund:
        return (f"award/{c.name}",)
    if t is m.Use:
        return (f"played/{c.card}",)
    if t is m.ChooseCorp:
        return (f"corp/{c.corp}",)
    if t in (m.Draft, m.Mark):
        return (f"offer/{c.card}",)
    if t is m.Keep:
        return tuple(f"offer/{card}" for card in c.cards)
    if t is m.Pick:
        item = my_pending(view, player)
        # Mars University discards from the hand; every other pick names a card in play
        return (f"hand/{c.card}",) if item and item[1] == "university" else (f"played/{c.card}",)
    return ()


def placement(view: State, player: str | None) -> tuple[str, str, str] | None:
    """(tile, placement rule, what it is for) when ``player`` is to place a tile now;
    Land Claim's claim is ("claim", "claim", "")."""
    item = my_pending(view, player)
    if item is None:
        return None
    if item[1] == "claim":
        return ("claim", "claim", "")
    if item[1] == "place":
        return (item[2], item[3], item[4] if len(item) > 4 else "")
    return None


def allowed_spaces(view: State, player: str, tile: str, where: str) -> list[str]:
    if tile == "claim":
        return [sp for sp in land_claim_spaces(view) if sp not in view.claims]
    return legal_spaces(view, player, tile, where)


def refusal(view: State, player: str, tile: str, where: str, space: str) -> str:
    """Why ``player`` may not put ``tile`` (placement rule ``where``) on ``space``."""
    info = SPACES[space]
    if space in view.tiles:
        kind, owner = view.tiles[space]
        return f"taken: {'an' if kind[0] in 'aeiou' else 'a'} {kind} tile" + (
            f" of {owner}" if owner else "")
    if tile == "claim" and space in view.claims:
        return f"claimed already by {view.claims[space]} (Land Claim)"
    if view.claims.get(space, player) != player:
        return f"claimed by {view.claims[space]} (Land Claim)"
    if tile == "claim":
        return "reserved for an ocean" if info.ocean else "reserved for Noctis City"
    if where in ("ocean", "ocean_area"):
        return "not an ocean space: oceans go only on the spaces reserved for them"
    if where == "noctis":
        return "only Noctis City's reserved space (e3)"
    if where == "volcanic":
        return "not a volcanic space" if space not in VOLCANIC else "not allowed here"
    if info.ocean:
        return "reserved for an ocean"
    if space == NOCTIS:
        return "reserved for Noctis City"
    if where not in ("normal", "land") and where in WHERE:
        return f"must be {WHERE[where]}"
    if tile in CITY_KINDS:
        return "next to a city (cities may not touch)"
    if tile == "greenery":
        return "not next to your tiles (a greenery goes next to one while such a space is free)"
    return "not allowed here"
