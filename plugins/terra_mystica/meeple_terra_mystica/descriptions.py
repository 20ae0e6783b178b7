"""What each tile and action space does, in words: a short label for the picture and a
sentence for hover and the panels. Text only; the numbers the rules use are in data.py."""

from __future__ import annotations

#: Power actions and the other action spaces: (short label, sentence).
ACTIONS = {
    "ACT1": ("3 PW: bridge", "Spend 3 power from bowl III to build a bridge across a river."),
    "ACT2": ("3 PW: priest", "Spend 3 power from bowl III to take 1 priest."),
    "ACT3": ("4 PW: 2 W", "Spend 4 power from bowl III to take 2 workers."),
    "ACT4": ("4 PW: 7 C", "Spend 4 power from bowl III to take 7 coins."),
    "ACT5": ("4 PW: 1 spade", "Spend 4 power from bowl III for 1 spade, to transform a hex "
             "(and build a dwelling there in the same action)."),
    "ACT6": ("6 PW: 2 spades", "Spend 6 power from bowl III for 2 spades, to transform a hex "
             "(and build a dwelling there in the same action)."),
    "ACTA": ("Auren: 2 cult steps", "Auren stronghold action: advance 2 steps on one cult "
             "track, once a round."),
    "ACTC": ("Chaos: double turn", "Chaos Magicians stronghold action: take two actions in a "
             "row, once a round."),
    "ACTE": ("Engineers: 2 W bridge", "Engineers action: pay 2 workers to build a bridge, "
             "once a round."),
    "ACTG": ("Giants: 2 spades", "Giants stronghold action: 2 free spades on one hex (and a "
             "dwelling there), once a round."),
    "ACTN": ("Nomads: sandstorm", "Nomads stronghold action: turn a hex next to one of their "
             "buildings into desert (and build a dwelling there), once a round."),
    "ACTS": ("Swarmlings: free TP", "Swarmlings stronghold action: upgrade a dwelling to a "
             "trading post for free, once a round."),
    "ACTW": ("Witches: free D", "Witches stronghold action: build a dwelling on any forest "
             "hex for free, reachable or not, once a round."),
}

#: Bonus tiles: (short label, sentence).
BONUS = {
    "BON1": ("+2 C, spade action", "Income 2 coins; once a round, an action: 1 spade."),
    "BON2": ("+4 C, cult action", "Income 4 coins; once a round, an action: 1 step on a "
             "cult track."),
    "BON3": ("+6 C", "Income 6 coins."),
    "BON4": ("+3 PW, +1 ship", "Income 3 power; shipping counts one more this round."),
    "BON5": ("+1 W, +3 PW", "Income 1 worker and 3 power."),
    "BON6": ("+2 W, pass 4/SH SA", "Income 2 workers; on passing, 4 VP for the stronghold "
             "and 4 VP for the sanctuary, if built."),
    "BON7": ("+1 W, pass 2/TP", "Income 1 worker; on passing, 2 VP per trading post."),
    "BON8": ("+1 P", "Income 1 priest."),
    "BON9": ("+2 C, pass 1/D", "Income 2 coins; on passing, 1 VP per dwelling."),
    "BON10": ("+3 PW, pass 3/ship", "Income 3 power; on passing, 3 VP per shipping level."),
}

#: Favor tiles: (short label, sentence).
FAVOR = {
    "FAV1": ("+3 fire", "3 steps up the fire track at once."),
    "FAV2": ("+3 water", "3 steps up the water track at once."),
    "FAV3": ("+3 earth", "3 steps up the earth track at once."),
    "FAV4": ("+3 air", "3 steps up the air track at once."),
    "FAV5": ("+2 fire, town 6", "2 steps up the fire track; a town then needs buildings "
             "of power 6 instead of 7."),
    "FAV6": ("+2 water, cult act", "2 steps up the water track; once a round, an action: "
             "1 step on a cult track."),
    "FAV7": ("+2 earth, +1 W +1 PW", "2 steps up the earth track; income 1 worker and "
             "1 power."),
    "FAV8": ("+2 air, +4 PW", "2 steps up the air track; income 4 power."),
    "FAV9": ("+1 fire, +3 C", "1 step up the fire track; income 3 coins."),
    "FAV10": ("+1 water, TP 3 VP", "1 step up the water track; 3 VP for every trading post "
              "built from now on."),
    "FAV11": ("+1 earth, D 2 VP", "1 step up the earth track; 2 VP for every dwelling built "
              "from now on."),
    "FAV12": ("+1 air, pass TP", "1 step up the air track; on passing, 2/3/3/4 VP for "
              "1/2/3/4 trading posts."),
}

#: Town tiles: (short label, sentence). Every town tile also gives a key (cult level 10).
TOWNS = {
    "TW1": ("5 VP, 6 C", "Found a town: 5 VP, 6 coins and a key."),
    "TW2": ("7 VP, 2 W", "Found a town: 7 VP, 2 workers and a key."),
    "TW3": ("9 VP, 1 P", "Found a town: 9 VP, 1 priest and a key."),
    "TW4": ("6 VP, 8 PW", "Found a town: 6 VP, 8 power and a key."),
    "TW5": ("8 VP, 1 each cult", "Found a town: 8 VP, 1 step on every cult track and a key."),
    "TW6": ("2 VP, 2 each cult", "Found a town: 2 VP, 2 steps on every cult track and two "
            "keys."),
    "TW7": ("4 VP, +1 ship", "Found a town: 4 VP, one shipping level (or range) and a key."),
    "TW8": ("11 VP", "Found a town: 11 VP and a key."),
}

#: Round scoring tiles: (short label, sentence).
SCORING = {
    "SCORE1": ("spade 2 VP; 1 earth: 1 C", "2 VP per spade this round; at the round's end "
               "1 coin per earth step."),
    "SCORE2": ("town 5 VP; 4 earth: spade", "5 VP per town founded this round; at the round's "
               "end 1 spade per 4 earth steps."),
    "SCORE3": ("D 2 VP; 4 water: 1 P", "2 VP per dwelling built this round; at the round's "
               "end 1 priest per 4 water steps."),
    "SCORE4": ("SH/SA 5 VP; 2 fire: 1 W", "5 VP per stronghold or sanctuary built this round; "
               "at the round's end 1 worker per 2 fire steps."),
    "SCORE5": ("D 2 VP; 4 fire: 4 PW", "2 VP per dwelling built this round; at the round's "
               "end 4 power per 4 fire steps."),
    "SCORE6": ("TP 3 VP; 4 water: spade", "3 VP per trading post built this round; at the "
               "round's end 1 spade per 4 water steps."),
    "SCORE7": ("SH/SA 5 VP; 2 air: 1 W", "5 VP per stronghold or sanctuary built this round; "
               "at the round's end 1 worker per 2 air steps."),
    "SCORE8": ("TP 3 VP; 4 air: spade", "3 VP per trading post built this round; at the "
               "round's end 1 spade per 4 air steps."),
    "SCORE9": ("TE 4 VP; priest: 2 C", "4 VP per temple built this round; at the round's end "
               "2 coins per priest sent to the cult board."),
}

#: The four cult tracks.
CULTS = {
    "FIRE": "Fire track: send a priest here (3 or 2 steps, or 1 once the spots are full); "
            "the top three at the end score 8/4/2 VP.",
    "WATER": "Water track: send a priest here (3 or 2 steps, or 1 once the spots are "
             "full); the top three at the end score 8/4/2 VP.",
    "EARTH": "Earth track: send a priest here (3 or 2 steps, or 1 once the spots are "
             "full); the top three at the end score 8/4/2 VP.",
    "AIR": "Air track: send a priest here (3 or 2 steps, or 1 once the spots are full); "
           "the top three at the end score 8/4/2 VP.",
}


def label(code: str) -> str:
    """The short label of a tile or action space ("" for an unknown code)."""
    for table in (ACTIONS, BONUS, FAVOR, TOWNS, SCORING):
        if code in table:
            return table[code][0]
    return ""


def sentence(code: str) -> str:
    """The sentence that explains a tile, action space or cult track."""
    for table in (ACTIONS, BONUS, FAVOR, TOWNS, SCORING):
        if code in table:
            return table[code][1]
    return CULTS.get(code, "")
