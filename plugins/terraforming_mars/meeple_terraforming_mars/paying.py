"""How a command is paid, as numbers a person sets in a small form (``Game.amounts``):
M€ and, where the card or action allows it and the player has some, steel, titanium and
Helion's heat, each with what one counts for. The legal commands of one card are its
allowed splits; the form gives the one whose numbers are set."""

from __future__ import annotations

from typing import Any

from meeple.core import Amount, Amounts

from . import messages as m
from .cards import CARDS
from .effects import action_options
from .rules import AWARD_COSTS, card_cost, project_cost, steel_value, titanium_value
from .state import HEAT, STEEL, TI, State


def amounts(view: State, player: str, command: Any) -> Amounts | None:
    """The payment form of ``command`` (legal for ``player`` in ``view``), or None for a
    command that costs nothing."""
    p = view.players.get(player)
    if p is None:
        return None
    c = command
    t = type(c)
    if t is m.Play:
        tags = CARDS[c.card]["tags"]
        return _form(f"Pay for {c.card}", card_cost(p, c.card), p,
                     (c.mc, c.steel, c.titanium, c.heat), "building" in tags, "space" in tags)
    if t is m.Use:
        opt = action_options(c.card)[c.option]
        cost = opt.get("pay", 0)
        if not cost:
            return None
        return _form(f"Pay for {c.card}'s action", cost, p, (c.mc, c.steel, c.titanium, c.heat),
                     opt.get("pay_with") == "steel", opt.get("pay_with") == "titanium")
    if t in (m.Project, m.Claim, m.Fund):
        if t is m.Project:
            cost, what = project_cost(p, c.kind), f"the {c.kind} project"
        elif t is m.Claim:
            cost, what = 8, c.name
        else:
            cost, what = AWARD_COSTS[min(len(view.awards), 2)], c.name
        return _form(f"Pay for {what}", cost, p, (cost - c.heat, 0, 0, c.heat), False, False)
    return None


def _form(title: str, cost: int, p: Any, paid: tuple[int, int, int, int], steel: bool,
          titanium: bool) -> Amounts:
    """The parts a player may pay with here: M€ always, the others where allowed and held."""
    mc, st, ti, heat = paid
    parts = [Amount("megacredits", mc)]
    if steel and p.res[STEEL]:
        parts.append(Amount("steel", st, steel_value(p)))
    if titanium and p.res[TI]:
        parts.append(Amount("titanium", ti, titanium_value(p)))
    if p.corp == "Helion" and p.res[HEAT]:
        parts.append(Amount("heat", heat))
    return Amounts(f"{title} ({cost} M€)", cost, tuple(parts), "Pay")
