"""Utopia's named things in words, for ``? NAME`` and ``meeple rules``: the
civilizations, the card actions, the wonders, monuments, privileges and special guest.
Numbers come from data/components.json and data/board.json (via board.py, state.py)."""

from __future__ import annotations

from .board import BOARD, CIVS
from .state import (
    HAND_LIMIT,
    MONUMENT_PRINCES,
    MONUMENTS_PER_CIV,
    PRINCES_PER_CIV,
    PRIVILEGES,
    REMOVE_POINTS,
    WONDER_POINTS,
)

ACTIONS = {
    "move": "one card of a civilization: move 1 of your princes of it (2 with `move 2`, "
            "both from one district) to a district joined by a street or bridge, or by sea "
            "between ship districts of the same or a neighbouring sector",
    "add": "one card: a prince of that civilization from your supply onto a district "
           "that has a monument of it",
    "remove": f"one card: your prince of that civilization off a district with its "
              f"monument, back to your supply, for {REMOVE_POINTS} points",
    "raise": "one card: the civilization swaps places with the one just above it on the "
             "prestige scale",
    "lower": "two cards of one civilization: it drops to value 1 and those below it move "
             "up one",
    "take": "phase 1: welcome a guest waiting at an island's ships, and put a prince of "
            "its civilization on any district of that island",
    "discard": f"phase 2: the cards you throw away (at most {HAND_LIMIT} are kept)",
    "end": "phase 2: end your turn (discarding down to the hand limit)",
    "done": "phase 1: end your turn without building more",
}
THINGS = {
    "wonder": f"one of your princes of every civilization on one island, its wonder not "
              f"built: build it for {WONDER_POINTS} points at once; later monuments on that "
              "island pay its owner the district's value",
    "monument": f"{MONUMENT_PRINCES} of your princes of one civilization in a district "
                f"without a monument: you control the district for the rest of the game "
                f"({MONUMENTS_PER_CIV} monuments per civilization)",
    "privilege": f"a token ({PRIVILEGES} per player): `special NAME` hands one to NAME and "
                 "draws a special guest; whoever holds another player's token may spend it "
                 "once in phase 2 instead of a card (move, add, remove, raise)",
    "special": "phase 1: instead of taking a waiting guest, hand a privilege token to an "
               "opponent and draw a guest from the bag",
    "scoring": "phase 3: each player scores every district they control at its "
               "civilization's value on the prestige scale (1-5)",
    "tie-break": "equal points at the end: more controlled districts wins; still equal, "
                 "the rank is shared",
}


def civ_text(i: int) -> str:
    return (f"{CIVS[i]} (civilization): its guests bring your {CIVS[i]} princes to the "
            f"islands ({PRINCES_PER_CIV} each); its cards move, add, remove or raise them; "
            f"its monuments score its value on the prestige scale every round")


def wonder_text(island: int) -> str:
    districts = [d for i, d in enumerate(BOARD.district_ids) if BOARD.island_of[i] == island]
    return (f"wonder of {BOARD.island_names[island]} (districts {', '.join(districts)}): "
            f"{THINGS['wonder']}")


def topics() -> dict[str, list[str]]:
    return {
        "civilizations": list(CIVS),
        "card actions": list(ACTIONS),
        "wonders": [f"wonder {n}" for n in BOARD.island_names],
        "the rest": list(THINGS),
    }


def explain(topic: str) -> str | None:
    key = " ".join(topic.strip().lower().split())
    for i, c in enumerate(CIVS):
        if key in (c, c + "s", c + "ns"):
            return civ_text(i)
    for i, n in enumerate(BOARD.island_names):
        if key in (f"wonder {n}", f"{n} wonder", n):
            return wonder_text(i)
    word = key.removesuffix("s") if key not in THINGS and key not in ACTIONS else key
    if word in ACTIONS:
        return f"{word} (card action): {ACTIONS[word]}"
    if word in THINGS:
        return f"{word}: {THINGS[word]}"
    return None
