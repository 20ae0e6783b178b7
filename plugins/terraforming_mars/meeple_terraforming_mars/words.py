"""Terraforming Mars's named things in words, for ``? NAME`` and ``meeple rules``: every
card and corporation (cardtext.py), the milestones, awards and standard projects. Costs
come from rules.py; what each milestone and award counts is scoring.py's code, said here."""

from __future__ import annotations

from . import cardtext
from .cards import CARDS, CORPORATIONS
from .rules import AWARD_COSTS, AWARDS, MILESTONES, PROJECTS

MILESTONE_COST = 8

MILESTONE_WORDS = {
    "Terraformer": "a terraform rating of 35 or more",
    "Mayor": "3 cities or more",
    "Gardener": "3 greenery tiles or more",
    "Builder": "8 building tags or more",
    "Planner": "16 cards or more in hand",
}
AWARD_WORDS = {
    "Landlord": "the most tiles on the board",
    "Banker": "the highest M€ production",
    "Scientist": "the most science tags",
    "Thermalist": "the most heat",
    "Miner": "the most steel and titanium together",
}
PROJECT_WORDS = {
    "power": "1 energy production",
    "asteroid": "raise the temperature one step (1 TR)",
    "aquifer": "place an ocean tile (1 TR)",
    "greenery": "place a greenery tile, raising the oxygen one step (1 TR)",
    "city": "place a city tile and 1 M€ production",
}


def milestone_text(name: str) -> str:
    return (f"{name} (milestone): claim it for {MILESTONE_COST} M€ with "
            f"{MILESTONE_WORDS[name]}; 5 VP at the end; three milestones at most are claimed")


def award_text(name: str) -> str:
    costs = "/".join(map(str, AWARD_COSTS))
    return (f"{name} (award): fund it for {costs} M€ (the first, second, third funded); "
            f"at the end, {AWARD_WORDS[name]} gets 5 VP, the runner-up 2 VP "
            "(none with two players)")


def project_text(kind: str) -> str:
    return f"{kind} (standard project, {PROJECTS[kind]} M€): {PROJECT_WORDS[kind]}"


def topics() -> dict[str, list[str]]:
    return {
        "cards": sorted(CARDS),
        "corporations": sorted(CORPORATIONS),
        "milestones": list(MILESTONES),
        "awards": list(AWARDS),
        "standard projects": [*PROJECTS, "sell"],
    }


def explain(topic: str) -> str | None:
    found = cardtext.explain(topic)
    if found is not None:
        return found
    key = topic.strip().lower()
    for name in MILESTONES:
        if key == name.lower():
            return milestone_text(name)
    for name in AWARDS:
        if key == name.lower():
            return award_text(name)
    key = key.removeprefix("project ").removesuffix(" project").strip()
    if key in PROJECTS:
        return project_text(key)
    if key in ("sell", "sell patents"):
        return "sell (standard project): discard cards from hand for 1 M€ each"
    return None
