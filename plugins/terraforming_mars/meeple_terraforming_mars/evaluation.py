"""The heuristic value of a state, in M€-equivalents turned into roughly [-1, 1].

A player's worth is what they would score now (TR, tiles, cards, milestones, awards
already won) times ``VP_MC`` M€, plus their resources, plus their production and TR
income over the generations likely left (estimated from how far terraforming has got),
plus a little for cards in hand. One-ply greedy play then raises parameters when the
gain in TR and income beats the price, which is what ends games in 10-16 generations.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS
from .cardvalue import (
    DISCOUNTS,
    FEATURES,
    PROD_VALUE,
    RES_VALUE,
    VP_MC,
    ongoing,
    ongoing_all,
    play_value,
)
from .rules import INDENTURED, card_cost
from .scoring import breakdown
from .state import MAX_OCEANS, MAX_OXYGEN, MAX_TEMP_STEP, Player, State

HAND_SHARE = 0.5  # the share of a card's surplus counted while it is in hand
STEPS = MAX_TEMP_STEP + MAX_OXYGEN + MAX_OCEANS


def generations_left(s: State) -> float:
    if len(s.names) == 1:  # solo: the game lasts 14 generations whatever happens
        return max(0.0, 14.5 - s.generation)
    left = STEPS - s.temp - s.oxygen - s.oceans
    return max(0.0, left / (2.0 + 1.3 * len(s.names)))


def worth(s: State, name: str, points: dict[str, int], left: float, known: bool = True) -> float:
    """``known``: the player's hand is known to the judge (their own); another player's
    hand is valued by its size alone, so that a search sampling hidden hands does not
    see noise where nothing differs."""
    p = s.players[name]
    value = VP_MC * points["total"]
    # money is only worth what it can still buy: the first M€ count fully (less so near
    # the end), a hoard beyond what the rest of the game can spend counts little
    spend = min(1.3, 0.3 + left / 4.0)
    cap = 25.0 + 8.0 * left
    # cards on a research list count as bought (the list is confirmed with their price)
    mc = p.res[0] - 3 * len(p.marked)
    value += spend * min(mc, cap) + 0.15 * max(0.0, mc - cap)
    value += spend * sum(v * r for v, r in zip(RES_VALUE[1:], p.res[1:], strict=True))
    value += left * (sum(v * r for v, r in zip(PROD_VALUE, p.prod, strict=False)) + p.tr)
    if known:
        value += hand_value(s, p, left, spend)
    else:
        value += min(len(p.hand) + len(p.marked), 14) * min(5.5, 0.8 * left)
    value += ongoing(p.corp, left) + ongoing_all(p.played, left)
    # resources on a card that scores one VP per N count pro rata: the first animal of
    # two is half a point, so growing it is worth an action before the point arrives
    for name, n in p.card_res.items():
        vp = CARDS[name].get("vp") if name in CARDS else None
        if isinstance(vp, dict) and "res_per" in vp:
            value += VP_MC * (n % vp["res_per"]) / vp["res_per"]
    return value


def _dead(s: State, name: str) -> bool:
    """A card whose maximum requirement has passed for good (the tolerance aside)."""
    req = CARDS[name].get("req")
    if not req:
        return False
    return (("max_oxygen" in req and s.oxygen > req["max_oxygen"] + 2)
            or ("max_temp" in req and s.temp > (req["max_temp"] + 30) // 2 + 2)
            or ("max_oceans" in req and s.oceans > req["max_oceans"] + 2))


def card_worth(s: State, p: Player, name: str, left: float, spend: float,
               discounted: bool = True) -> float:
    """A card in hand: a share of what playing it would bring over its price, plus a
    little for the choice it leaves (nothing once it can never be played)."""
    if name not in FEATURES:  # a hidden card ("?"): an average one
        return min(5.5, 0.8 * left)
    if _dead(s, name):
        return 0.0
    cost = card_cost(p, name) if discounted else CARDS[name]["cost"]
    surplus = play_value(name, left) - spend * cost
    return min(2.0, 0.3 * left) + HAND_SHARE * max(0.0, surplus)


def hand_value(s: State, p: Player, left: float, spend: float) -> float:
    # the price of a card is its printed cost unless something makes it cheaper
    discounted = p.corp in DISCOUNTS or bool(p.card_res.get(INDENTURED)) or any(
        c in DISCOUNTS for c in p.played)
    values = sorted((card_worth(s, p, c, left, spend, discounted) for c in (*p.hand, *p.marked)),
                    reverse=True)
    # a hand can only be played out so fast: cards beyond the first eight count half
    return sum(values[:8]) + 0.5 * sum(values[8:14])


def _tile_value(s: State, tile: str, left: float) -> float:
    tr = VP_MC + left
    if tile == "ocean":
        return (tr if s.oceans < MAX_OCEANS else 0.0) + 2.0
    if tile == "greenery":
        return VP_MC + (tr if s.oxygen < MAX_OXYGEN else 0.0) + 1.0
    if tile in ("city", "capital"):
        return VP_MC * 2.0
    return 2.0


def evaluate(game: Any, s: State, player: str) -> float:
    out = game.outcome(s)
    if out is not None:
        best = max(out.scores.values())
        others = [v for n, v in out.scores.items() if n != player]
        margin = out.scores[player] - max(others) if others else out.scores[player] - 60
        base = 0.6 if out.scores[player] == best else -0.6
        return max(-1.0, min(1.0, base + margin / 200.0))
    parts = breakdown(s)
    left = generations_left(s)
    mine = worth(s, player, parts[player], left)
    # a tile still to place is worth what placing it will bring
    for item in s.pending:
        if item[0] == player and item[1] == "place":
            mine += _tile_value(s, item[2], left)
    if len(s.names) == 1:
        # solo: the game is won only by finishing Mars, so every step counts extra, the
        # dearer oxygen and oceans most
        mine += 8.0 * s.temp + 16.0 * s.oxygen + 24.0 * s.oceans
    others = [worth(s, n, parts[n], left, known=False) for n in s.names if n != player]
    rel = mine - (max(others) if others else 300.0)
    return max(-0.95, min(0.95, rel / 600.0))
