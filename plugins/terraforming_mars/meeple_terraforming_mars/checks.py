"""What a player may do now: the checks behind ``decide`` and the generators behind
``legal``. Each ``*_problem`` function returns None when the move is allowed, or the
reason (for a player) why not; ``legal`` only offers moves whose problem is None."""

from __future__ import annotations

from . import corporate_era as ce
from .cards import CARDS, catalog
from .effects import action_options
from .rules import (
    AWARD_COSTS,
    can_lower_production,
    can_place,
    card_cost,
    greenery_cost,
    legal_spaces,
    payments,
    project_cost,
    requirement_problem,
    steal_sources,
    steel_value,
    titanium_value,
    valid_payment,
)
from .scoring import milestone_met
from .state import (
    HEAT,
    MAX_OCEANS,
    MAX_OXYGEN,
    MAX_TEMP_STEP,
    MC,
    MIN_PROD,
    PLANTS,
    RI,
    STEEL,
    TI,
    Player,
    State,
)


def payment_problem(p: Player, cost: int, mc: int, st: int, ti: int, heat: int,
                    steel_ok: bool, ti_ok: bool, heat_ok: bool) -> str | None:
    if min(mc, st, ti, heat) < 0:
        return "payments cannot be negative"
    if st and not steel_ok:
        return "steel only pays for building cards"
    if ti and not ti_ok:
        return "titanium only pays for space cards"
    if heat and not heat_ok:
        return "only Helion may pay with heat"
    for have, n, what in ((p.res[MC], mc, "M€"), (p.res[STEEL], st, "steel"),
                          (p.res[TI], ti, "titanium"), (p.res[HEAT], heat, "heat")):
        if n > have:
            return f"you have only {have} {what}, not {n}"
    if not valid_payment(cost, mc, st, ti, heat, steel_value(p), titanium_value(p)):
        return f"that does not pay {cost} M€ exactly (pay {max(0, cost - st * steel_value(p) - ti * titanium_value(p) - heat)} M€ with these resources)"
    return None


# Cards whose play asks for one of your cards: without one the card would do nothing.
PICK_ON_PLAY = ("Robotic Workforce", "CEO's Favorite Project")


def effects_problem(s: State, p: Player, c: dict, paid: tuple[int, int, int, int]) -> str | None:
    """Can the effects of ``c`` be carried out (after paying ``paid``)? In the solo game
    the neutral player has any production a card must lower."""
    name = c["name"]
    for r, n in c.get("prod", {}).items():
        if n < 0 and p.prod[RI[r]] + n < MIN_PROD[RI[r]]:
            return f"{name} lowers your {r} production by {-n}, which you do not have"
    left = p.res[:]
    left[MC] -= paid[0]
    left[STEEL] -= paid[1]
    left[TI] -= paid[2]
    left[HEAT] -= paid[3]
    for r, n in c.get("gain", {}).items():
        if n < 0 and left[RI[r]] < -n:
            return f"{name} needs {-n} {r} to spend"
    for r, n in c.get("reduce", {}).items():
        if len(s.names) > 1 and not any(can_lower_production(q, r, n) for q in s.players.values()):
            return f"{name} must lower some player's {r} production by {n}, and nobody has it"
    if name in PICK_ON_PLAY and not ce.PICKS[name][0](s, p):
        return f"{name} needs a card of yours to work on, and you have none that fits"
    tile = c.get("tile")
    if tile and not can_place(s, p.name, tile.get("name", tile["type"]), tile.get("where", "normal")):
        return f"there is no space where {name} may place its tile"
    return None


def play_problem(s: State, p: Player, name: str, pay: tuple[int, int, int, int] | None) -> str | None:
    if name not in CARDS or not catalog(s.options).has_card(name):
        return f"{name!r} is not a project card of this game"
    if name not in p.hand:
        return f"{name} is not in your hand"
    why = requirement_problem(s, p, name)
    if why:
        return why
    c = CARDS[name]
    if pay is not None:
        why = payment_problem(p, card_cost(p, name), *pay, "building" in c["tags"],
                              "space" in c["tags"], p.corp == "Helion")
        if why:
            return why
    return effects_problem(s, p, c, pay or (0, 0, 0, 0))


def play_options(s: State, p: Player, name: str) -> list[tuple[int, int, int, int]]:
    if play_problem(s, p, name, None):
        return []
    c = CARDS[name]
    out = []
    for pay in payments(card_cost(p, name), p, "building" in c["tags"], "space" in c["tags"],
                        p.corp == "Helion"):
        if effects_problem(s, p, c, pay) is None:
            out.append(pay)
    return out


def heat_problem(p: Player, cost: int, heat: int) -> str | None:
    """Helion pays M€ costs partly with heat; everyone else pays M€ only."""
    if heat < 0:
        return "payments cannot be negative"
    if heat and p.corp != "Helion":
        return "only Helion may pay with heat"
    if heat > min(p.res[HEAT], cost):
        return f"you may pay at most {min(p.res[HEAT], cost)} heat here"
    if p.res[MC] < cost - heat:
        return f"that costs {cost} M€ and you have {p.res[MC]}" + (f" and {heat} heat" if heat else "")
    return None


def heat_splits(p: Player, cost: int) -> list[int]:
    """The canonical heat parts of an M€ payment: none, and as much as helps (Helion)."""
    out = [h for h in dict.fromkeys((0, min(p.res[HEAT], cost) if p.corp == "Helion" else 0))
           if p.res[MC] >= cost - h]
    return out


def project_problem(s: State, p: Player, kind: str, heat: int = 0) -> str | None:
    cost = project_cost(p, kind)
    why = heat_problem(p, cost, heat)
    if why:
        return f"the {kind} project: {why}"
    if kind == "asteroid" and s.temp >= MAX_TEMP_STEP:
        return "the temperature is already at its maximum"
    if kind == "aquifer" and s.oceans >= MAX_OCEANS:
        return "all 9 oceans are on the board"
    if kind in ("greenery", "city") and not legal_spaces(s, p.name, kind, "normal"):
        return f"there is no space for a {kind}"
    return None


def claim_problem(s: State, p: Player, name: str, heat: int = 0) -> str | None:
    if len(s.names) == 1:
        return "the solo game has no milestones"
    if name in s.milestones:
        return f"{name} is already claimed"
    if len(s.milestones) >= 3:
        return "three milestones are already claimed"
    why = heat_problem(p, 8, heat)
    if why:
        return f"a milestone: {why}"
    if not milestone_met(s, p, name):
        return f"you do not meet {name} yet"
    return None


def fund_problem(s: State, p: Player, name: str, heat: int = 0) -> str | None:
    if len(s.names) == 1:
        return "the solo game has no awards"
    if name in s.awards:
        return f"{name} is already funded"
    if len(s.awards) >= 3:
        return "three awards are already funded"
    cost = AWARD_COSTS[len(s.awards)]
    why = heat_problem(p, cost, heat)
    if why:
        return f"the next award: {why}"
    return None


def _maxed_only(s: State, opt: dict) -> bool:
    """An action whose only point is a parameter that is already at its maximum."""
    if opt.get("gain") or opt.get("gain_per") or opt.get("prod"):
        return False
    return ((opt.get("oxygen") and s.oxygen >= MAX_OXYGEN)
            or (opt.get("temp") and s.temp >= MAX_TEMP_STEP)
            or (opt.get("oceans") and s.oceans >= MAX_OCEANS))


def use_problem(s: State, p: Player, name: str, option: int,  # noqa: C901 - a card action's checks in the rule book's order
                pay: tuple[int, int, int, int] | None) -> str | None:
    if name not in p.played and name != p.corp:
        return f"{name} is not in play for you"
    opts = action_options(name)
    if not opts:
        return f"{name} has no action"
    if name in p.used:
        return f"{name}'s action was already used this generation"
    if not 0 <= option < len(opts):
        return f"{name} has no option {option}"
    opt = opts[option]
    for r, n in opt.get("spend", {}).items():
        if p.res[RI[r]] < n:
            return f"{name} needs {n} {r}"
    if opt.get("spend_here") and p.card_res.get(name, 0) < opt["spend_here"]:
        return f"{name} needs {opt['spend_here']} resources on it"
    for r, n in opt.get("lose_prod", {}).items():
        if not can_lower_production(p, r, n):
            return f"{name} needs {n} {r} production to lower"
    if _maxed_only(s, opt):
        return "that parameter is already at its maximum"
    if opt.get("label") == "steal" and not steal_sources(s, CARDS[name]["resource"], name):
        return f"there is no {CARDS[name]['resource']} to take"
    if name in ("Search For Life", "Inventors' Guild", "Business Network") and not (
            s.deck or s.discard):
        return "the deck is empty"
    if name == "Power Infrastructure" and p.res[RI["energy"]] < 1:
        return "Power Infrastructure needs energy to spend"
    if name == "United Nations Mars Initiative" and not p.tr_raised:
        return "your terraform rating has not risen this generation"
    cost = opt.get("pay", 0)
    if pay is not None:
        mc, st, ti, heat = pay
        why = payment_problem(p, cost, mc, st, ti, heat, opt.get("pay_with") == "steel",
                              opt.get("pay_with") == "titanium", p.corp == "Helion")
        if why:
            return why
    elif p.res[MC] + p.res[STEEL] * steel_value(p) + p.res[TI] * titanium_value(p) + (
            p.res[HEAT] if p.corp == "Helion" else 0) < cost:
        return f"{name} costs {cost} M€"
    return None


def use_options(s: State, p: Player, name: str, option: int) -> list[tuple[int, int, int, int]]:
    if use_problem(s, p, name, option, None):
        return []
    opt = action_options(name)[option]
    cost = opt.get("pay", 0)
    out = []
    for pay in payments(cost, p, opt.get("pay_with") == "steel",
                        opt.get("pay_with") == "titanium", p.corp == "Helion"):
        out.append(pay)
    return out


def convert_problem(s: State, p: Player, what: str) -> str | None:
    if what == "plants":
        cost = greenery_cost(p)
        if p.res[PLANTS] < cost:
            return f"a greenery takes {cost} plants; you have {p.res[PLANTS]}"
        if not legal_spaces(s, p.name, "greenery", "normal"):
            return "there is no space for a greenery"
        return None
    if p.res[HEAT] < 8:
        return f"raising the temperature takes 8 heat; you have {p.res[HEAT]}"
    if s.temp >= MAX_TEMP_STEP:
        return "the temperature is already at its maximum"
    return None
