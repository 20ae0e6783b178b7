"""What a project card (or a corporation) is worth to the heuristic, in M€, read from its
data and the generations likely left.

Two questions are answered here. ``hand_value``: what a card in hand is worth, which is
a share of what playing it would bring over its price (so a good card is bought at 3 M€
and a poor one is not, and playing a card gains more than holding it loses).
``ongoing``: what a card already in play still brings per generation beyond what the
state shows (an action used every generation, an effect, a discount, resources that will
pile up on it); production, TR and printed points are in the state already.

The per-generation figures are rough estimates of how often an effect fires in a
two-player game; they are tuned by self-play (docs/games/terraforming-mars.md,
*Heuristic play*), not derived.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from .cards import CARDS, CORPORATIONS
from .state import RES, RI

VP_MC = 7.0
RES_VALUE = (1.0, 1.8, 2.6, 1.6, 0.8, 0.6)
PROD_VALUE = (1.0, 1.7, 2.4, 1.9, 1.4, 0.9)

# M€ per generation that an action brings when used every generation (beyond resources
# gathered on the card, counted as points below)
ACTION_PER_GEN: Mapping[str, float] = MappingProxyType({
    "Regolith Eaters": 3.5, "GHG Producing Bacteria": 3.5, "Nitrite Reducing Bacteria": 2.5,
    "Water Import From Europa": 3.0, "Aquifer Pumping": 3.0, "Equatorial Magnetizer": 2.0,
    "Martian Rails": 2.0, "Space Mirrors": 1.5, "Underground Detonations": 1.0,
    "Ironworks": 2.0, "Steelworks": 3.0, "Ore Processor": 3.0, "Water Splitting Plant": 2.5,
    "Symbiotic Fungus": 1.5, "Extreme-Cold Fungus": 2.0, "Search For Life": 1.5,
    "United Nations Mars Initiative": 4.0, "Space Elevator": 4.0, "Development Center": 2.5,
    "Electro Catapult": 5.0, "Industrial Center": 1.5, "Caretaker Contract": 2.0,
    "Restricted Area": 2.0, "AI Central": 7.0, "Inventors' Guild": 1.5,
    "Business Network": 1.5, "Power Infrastructure": 1.0,
})
# M€ per generation that an effect (or a corporation's ability) brings
EFFECT_PER_GEN: Mapping[str, float] = MappingProxyType({
    "Arctic Algae": 2.0, "Optimal Aerobraking": 1.5, "Rover Construction": 1.5,
    "Adaptation Technology": 1.0, "Immigrant City": 3.0, "Special Design": 0.0,
    "Research Outpost": 1.5, "Shuttles": 1.5, "Earth Catapult": 3.0,
    "Anti-Gravity Technology": 3.0, "Space Station": 1.5, "Quantum Extractor": 1.5,
    "Mass Converter": 1.5, "Earth Office": 2.5, "Media Group": 2.0,
    "Standard Technology": 1.5, "Mars University": 2.0, "Olympus Conference": 2.0,
    "Viral Enhancers": 2.0, "Advanced Alloys": 2.5, "Protected Habitats": 0.5,
    "CrediCor": 2.5, "EcoLine": 2.0, "Helion": 1.0, "Interplanetary Cinematics": 1.5,
    "Inventrix": 0.5, "Mining Guild": 1.0, "PhoboLog": 1.5, "Tharsis Republic": 3.0,
    "Thorgate": 1.0,
})
# points per generation that pile up on a card: 1 resource an action (or a trigger,
# rarer) divided by the resources per point
ACTION_RES, TRIGGER_RES, STEAL_RES = 1.0, 0.5, 0.7


def _per_gen_vp(c: dict[str, Any]) -> float:
    vp = c.get("vp")
    if not isinstance(vp, dict) or "res_per" not in vp:
        return 0.0
    actions = c.get("action") or []
    if any(a.get("add_here") for a in actions):
        rate = ACTION_RES
    elif any(a.get("label") == "steal" for a in actions):
        rate = STEAL_RES
    else:
        rate = TRIGGER_RES if c.get("effect") else 0.0
    return rate / vp["res_per"]


def _printed_vp(c: dict[str, Any]) -> float:
    vp = c.get("vp", 0)
    if isinstance(vp, int):
        return float(vp)
    if "tag" in vp or "cities" in vp:
        return 2.0
    if vp.get("special") == "capital":
        return 2.0
    return 0.0  # per-resource points come per generation; "search" is a gamble


def _resources(gain: Mapping[str, int]) -> float:
    return sum(RES_VALUE[RI[r]] * n for r, n in gain.items() if r in RI)


def _prod(prod: Mapping[str, int]) -> float:
    return sum(PROD_VALUE[RI[r]] * n for r, n in prod.items() if r in RI)


class Features:
    """The parts of a card's value, fixed by its data; ``value`` puts them together."""

    __slots__ = ("per_gen", "vp_per_gen", "once", "steps", "vp", "space")

    def __init__(self, name: str, c: dict[str, Any]) -> None:
        self.per_gen = _prod(c.get("prod", {})) + ACTION_PER_GEN.get(name, 0.0) + EFFECT_PER_GEN.get(
            name, 0.0)
        if "prod_per" in c:  # production per tag or city: about two of them
            self.per_gen += 2.0 * _prod({r: 1 for r in c["prod_per"]})
        if "choice" in c:  # the best option, roughly
            self.per_gen += max(_prod(o.get("prod", {})) for o in c["choice"])
        self.vp_per_gen = _per_gen_vp(c)
        once = _resources(c.get("gain", {})) + 3.5 * c.get("draw", 0)
        if "choice" in c:
            once += max(_resources(o.get("gain", {})) for o in c["choice"])
        if "gain_per" in c:
            once += 2.0 * _resources({r: 1 for r in c["gain_per"]})
        tile = c.get("tile", {}).get("type")
        if tile == "city":
            once += 2.0 * VP_MC
        elif tile == "greenery":
            once += VP_MC + 1.0
        elif tile == "special":
            once += 2.0
        self.once = once
        self.steps = c.get("temp", 0) + c.get("oxygen", 0) + c.get("oceans", 0) + c.get("tr", 0)
        if tile == "greenery":
            self.steps += 1
        self.vp = _printed_vp(c)
        tags = c.get("tags", [])
        self.space = "space" in tags


FEATURES: Mapping[str, Features] = MappingProxyType(
    {n: Features(n, c) for n, c in {**CARDS, **CORPORATIONS}.items()})
assert len(RES) == len(RES_VALUE) == len(PROD_VALUE)


def play_value(name: str, left: float) -> float:
    """What playing the card now would bring, in M€, before its price."""
    f = FEATURES[name]
    return (f.per_gen * left + f.once + f.steps * (VP_MC + left)
            + VP_MC * (f.vp + f.vp_per_gen * left))


# per generation, what a card in play still brings (actions, effects, piling points)
_ONGOING: Mapping[str, float] = MappingProxyType({
    n: r for n, r in ((n, ACTION_PER_GEN.get(n, 0.0) + EFFECT_PER_GEN.get(n, 0.0)
                        + VP_MC * f.vp_per_gen) for n, f in FEATURES.items()) if r})
#: the cards and corporations that make other cards cheaper
DISCOUNTS = frozenset(n for n, c in {**CARDS, **CORPORATIONS}.items() if c.get("discount"))


def ongoing(name: str, left: float) -> float:
    """What a card in play will still bring that the state does not show yet."""
    return left * _ONGOING.get(name, 0.0)


def ongoing_all(names: Iterable[str], left: float) -> float:
    get = _ONGOING.get
    return left * sum(get(n, 0.0) for n in names)
