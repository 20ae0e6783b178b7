"""Card effects, run by decide's rules (``flow.apply_rules``): playing a project card, using a blue action, the few
cards whose behaviour is beyond the data vocabulary (``SPECIAL_PLAY``), and the pending
decisions they leave.

Imports run one way (see ``rules``): this module calls ``rules`` and ``corporate_era``;
neither of them imports it.

A card's own effects come before the effects it triggers: its draws and deck looks are
pushed as automatic pending steps (``draw``, ``look``) ahead of the decisions its tags
set off (Mars University, Olympus Conference, Viral Enhancers), and ``decide`` resolves
an automatic step as soon as it reaches the head of the queue. So Research's two cards
are in hand before Mars University asks what to discard (the published rule lets the
player order them; own effects first is the order that never loses a choice).
"""

from __future__ import annotations

from collections.abc import Callable

from . import corporate_era as ce
from .board import ADJACENT, OFF_MAP
from .cards import CARDS, CORPORATIONS, card
from .rules import (
    add_targets,
    can_lower_production,
    cities,
    count,
    flood_targets,
    land_claim_spaces,
    legal_spaces,
    lower_production,
    place_tile,
    raise_oxygen,
    raise_temp,
    raise_tr,
    steal_sources,
    tag_count,
)
from .state import HEAT, MAX_OCEANS, MC, PLANTS, RI, STEEL, TI, Player, State

#: Pending steps decide resolves by itself (they draw from the deck): (player, kind, n, source).
AUTOMATIC = ("draw", "look")


def apply_block(s: State, p: Player, eff: dict, source: str, new: list) -> None:  # noqa: C901 - one branch per effect kind
    """The shared vocabulary of immediate effects (card bodies, choices and actions)."""
    for r, n in eff.get("prod", {}).items():
        p.prod[RI[r]] += n
    for r, n in eff.get("gain", {}).items():
        p.res[RI[r]] += n
    for r, what in eff.get("prod_per", {}).items():
        p.prod[RI[r]] += count(s, p, what)
    for r, what in eff.get("gain_per", {}).items():
        p.res[RI[r]] += count(s, p, what)
    if eff.get("tr"):
        raise_tr(p, eff["tr"])
    if eff.get("temp"):
        raise_temp(s, p, eff["temp"], new)
    if eff.get("oxygen"):
        raise_oxygen(s, p, eff["oxygen"], new)
    tile = eff.get("tile")
    if tile:
        where = tile.get("where", "normal")
        kind = tile.get("name", tile["type"])
        if where in OFF_MAP:
            place_tile(s, p, where, "city", source, new)
        else:
            new.append((p.name, "place", kind, where, source))
    for _ in range(eff.get("oceans", 0)):
        new.append((p.name, "place", "ocean", "ocean", source))
    for r, n in eff.get("remove", {}).items():
        # Hired Raiders steals what it removes
        new.append((p.name, "remove", r, n, "steal" if eff.get("special") == "steal" else ""))
    if source == "Virus" and eff.get("label") == "animals":
        new.append((p.name, "pick", "Virus"))
    for r, n in eff.get("reduce", {}).items():
        new.append((p.name, "reduce", r, n))
    adds = eff.get("add", [])
    for a in adds if isinstance(adds, list) else [adds]:
        new.append((p.name, "add", a["type"], a["n"], "any" if a.get("any") else "another", source))
    if "add_other" in eff:
        a = eff["add_other"]
        new.append((p.name, "add", a["type"], a["n"], "another", source))
    if eff.get("add_here"):
        p.card_res[source] = p.card_res.get(source, 0) + eff["add_here"]
    if "choice" in eff:
        new.append((p.name, "choose", source))


def play_card(s: State, p: Player, name: str, new: list) -> None:
    c = CARDS[name]
    if c["type"] == "event":
        p.events.append(name)
    else:
        p.played.append(name)
    if c.get("resource"):
        p.card_res[name] = c.get("start_res", 0)
    # own effects first: the card's draws and deck looks (see the module docstring)
    if c.get("draw"):
        new.append((p.name, "draw", c["draw"], name))
    if name in ce.LOOK and c["type"] == "event":  # blue look cards look through their action
        new.append((p.name, "look", ce.LOOK[name][0], name))
    apply_block(s, p, c, name, new)
    if name in SPECIAL_PLAY:
        SPECIAL_PLAY[name](s, p, new)
    ce.after_card_played(s, p, name, new)
    if name in ("Robotic Workforce", "CEO's Favorite Project"):
        new.append((p.name, "pick", name))
    elif name == "Land Claim":
        new.append((p.name, "claim"))
    _card_triggers(p, name)
    # Corporate Era triggers that ask for a decision, one per tag
    for _ in range(ce.viral_enhancers_triggers(p, name)):
        new.append((p.name, "viral", name))
    for _ in range(ce.science_triggers(p, name)):
        if "Mars University" in p.played:
            new.append((p.name, "university"))
        if "Olympus Conference" in p.played:
            new.append((p.name, "olympus"))


def _card_triggers(p: Player, name: str) -> None:
    c = CARDS[name]
    t = c["tags"]
    if "Optimal Aerobraking" in p.played and "space" in t and "event" in t:
        p.res[MC] += 3
        p.res[HEAT] += 3
    if p.corp == "Interplanetary Cinematics" and c["type"] == "event":
        p.res[MC] += 2
    if p.corp == "CrediCor" and c["cost"] >= 20:
        p.res[MC] += 4
    if "Decomposers" in p.played:
        p.card_res["Decomposers"] += sum(t.count(x) for x in ("animal", "plant", "microbe"))
    if "Ecological Zone" in p.played:
        p.card_res["Ecological Zone"] += sum(t.count(x) for x in ("animal", "plant"))


def choice_options(name: str) -> list[dict]:
    return card(name).get("choice", [])


def apply_choice(s: State, p: Player, name: str, label: str, new: list) -> None:
    for opt in choice_options(name):
        if opt["label"] == label:
            apply_block(s, p, opt, name, new)


def action_options(name: str) -> list[dict]:
    return card(name).get("action", [])


def use_action(s: State, p: Player, name: str, option: int, pay: tuple[int, int, int, int],
               new: list) -> None:
    opt = action_options(name)[option]
    p.used.append(name)
    mc, st, ti, heat = pay
    p.res[HEAT] -= heat
    p.res[MC] -= mc
    p.res[STEEL] -= st
    p.res[TI] -= ti
    for r, n in opt.get("spend", {}).items():
        p.res[RI[r]] -= n
    if opt.get("spend_here"):
        p.card_res[name] -= opt["spend_here"]
    for r, n in opt.get("lose_prod", {}).items():
        lower_production(p, r, n)
    apply_block(s, p, opt, name, new)
    if opt.get("label") == "steal":
        new.append((p.name, "steal", CARDS[name]["resource"], name))
    if name == "Power Infrastructure":
        new.append((p.name, "amount", name))


# -- cards beyond the vocabulary --------------------------------------------------------------


def _nitrogen_rich(s: State, p: Player, new: list) -> None:
    p.prod[PLANTS] += 4 if tag_count(p, "plant") >= 3 else 1


def _insulation(s: State, p: Player, new: list) -> None:
    if p.prod[HEAT] > 0:
        new.append((p.name, "amount", "Insulation"))


SPECIAL_PLAY: dict[str, Callable[[State, Player, list], None]] = {
    "Nitrogen-Rich Asteroid": _nitrogen_rich,
    "Insulation": _insulation,
    **ce.CE_SPECIAL_PLAY,
}


def start_corporation(s: State, p: Player, name: str) -> None:
    c = CORPORATIONS[name]
    p.corp = name
    p.res[MC] += c["mc"]
    for r, n in c.get("prod", {}).items():
        p.prod[RI[r]] += n
    for r, n in c.get("gain", {}).items():
        p.res[RI[r]] += n
    if c.get("first_action"):
        p.first_done = False
    if name == "Tharsis Republic":
        # solo: the neutral cities already on Mars count for its production effect
        p.prod[MC] += cities(s, "neutral", on_mars=True)


# -- victory points ---------------------------------------------------------------------------


def card_vp(s: State, p: Player, name: str) -> int:
    vp = card(name).get("vp", 0)
    if isinstance(vp, int):
        return vp
    special = ce.card_vp(s, p, name)
    if special is not None:
        return special
    if "res_per" in vp:
        return p.card_res.get(name, 0) // vp["res_per"]
    if "tag" in vp:
        return tag_count(p, vp["tag"])
    if "cities" in vp:
        return cities(s) // vp["cities"]
    if vp.get("special") == "search":
        return 3 if p.card_res.get(name, 0) > 0 else 0
    if vp.get("special") == "capital":
        for sp, (k, _o) in s.tiles.items():
            if k == "capital":
                return sum(1 for a in ADJACENT[sp] if s.tiles.get(a, ("",))[0] == "ocean")
        return 0
    raise ValueError(f"unknown vp rule for {name}: {vp}")


# -- pending decisions ---------------------------------------------------------------------


def pending_possible(s: State, item: tuple) -> bool:
    """False when a pending decision has nothing left to choose from (it is then dropped)."""
    player, kind = item[0], item[1]
    if kind == "place":
        tile, where = item[2], item[3]
        if tile == "ocean" and s.oceans >= MAX_OCEANS:
            return False
        return bool(legal_spaces(s, player, tile, where))
    if kind == "add":
        return bool(add_targets(s, item))
    if kind == "steal":
        return bool(steal_sources(s, item[2], item[3]))
    if kind == "flood":
        return bool(flood_targets(s, player, item[2]))
    if kind == "pick":
        return bool(ce.PICKS[item[2]][0](s, s.players[player]))
    if kind == "university":
        return bool(s.players[player].hand)
    if kind == "claim":
        return any(sp not in s.claims for sp in land_claim_spaces(s))
    if kind == "reduce":
        return len(s.names) == 1 or any(can_lower_production(q, item[2], item[3])
                                        for q in s.players.values())
    return True


def normalize(s: State) -> None:
    """Drop the decisions at the head of the queue that have nothing to choose from."""
    while s.pending and not pending_possible(s, s.pending[0]):
        s.pending.pop(0)
