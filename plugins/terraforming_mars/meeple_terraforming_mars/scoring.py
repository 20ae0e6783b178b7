"""Milestones, awards and final scoring."""

from __future__ import annotations

from .board import ADJACENT
from .effects import card_vp
from .rules import cities, greeneries, is_city, tag_count, tiles_owned
from .state import HEAT, MC, STEEL, TI, Player, State


def milestone_met(s: State, p: Player, name: str) -> bool:
    if name == "Terraformer":
        return p.tr >= 35
    if name == "Mayor":
        return cities(s, p.name) >= 3
    if name == "Gardener":
        return greeneries(s, p.name) >= 3
    if name == "Builder":
        return tag_count(p, "building") >= 8
    if name == "Planner":
        return len(p.hand) >= 16
    raise ValueError(name)


def award_metric(s: State, p: Player, name: str) -> int:
    if name == "Landlord":
        return tiles_owned(s, p.name)
    if name == "Banker":
        return p.prod[MC]
    if name == "Scientist":
        return tag_count(p, "science")
    if name == "Thermalist":
        return p.res[HEAT]
    if name == "Miner":
        return p.res[STEEL] + p.res[TI]
    raise ValueError(name)


def award_points(s: State) -> dict[str, int]:
    """5 VP for first place and 2 for second in every funded award. Tied firsts all get 5
    and no second place is given; tied seconds all get 2; no second place with 2 players."""
    out = {n: 0 for n in s.names}
    for award in s.awards:
        metric = {n: award_metric(s, s.players[n], award) for n in s.names}
        top = max(metric.values())
        firsts = [n for n in s.names if metric[n] == top]
        for n in firsts:
            out[n] += 5
        if len(firsts) == 1 and len(s.names) > 2:
            rest = [v for n, v in metric.items() if n not in firsts]
            second = max(rest)
            for n in s.names:
                if n not in firsts and metric[n] == second:
                    out[n] += 2
    return out


def breakdown(s: State) -> dict[str, dict[str, int]]:
    awards = award_points(s)
    out = {}
    for n in s.names:
        p = s.players[n]
        city_vp = sum(
            sum(1 for a in ADJACENT[sp] if s.tiles.get(a, ("",))[0] == "greenery")
            for sp, (k, o) in s.tiles.items() if is_city(k) and o == n and sp in ADJACENT)
        cards = sum(card_vp(s, p, c) for c in (*p.played, *p.events))
        parts = {
            "tr": p.tr,
            "milestones": 5 * sum(1 for o in s.milestones.values() if o == n),
            "awards": awards[n],
            "greenery": greeneries(s, n),
            "cities": city_vp,
            "cards": cards,
        }
        parts["total"] = sum(parts.values())
        out[n] = parts
    return out
