"""Each tile and action space in words: a short label for its face in the picture, and
the sentence for hover and the panels from words.py (the game's words for ``? NAME``), so
that the picture, the panels and the prompt say the same. The cult tracks' sentences are
here, words.py has none."""

from __future__ import annotations

from . import words as W

_ACTIONS = {
    "ACT1": "3 PW: bridge",
    "ACT2": "3 PW: priest",
    "ACT3": "4 PW: 2 W",
    "ACT4": "4 PW: 7 C",
    "ACT5": "4 PW: 1 spade",
    "ACT6": "6 PW: 2 spades",
    "ACTA": "Auren: 2 cult steps",
    "ACTC": "Chaos: double turn",
    "ACTE": "Engineers: 2 W bridge",
    "ACTG": "Giants: 2 spades",
    "ACTN": "Nomads: sandstorm",
    "ACTS": "Swarmlings: free TP",
    "ACTW": "Witches: free D",
}
#: Power actions and the other action spaces: (short label, sentence).
ACTIONS = {k: (v, W.action_text(k)) for k, v in _ACTIONS.items()}

_BONUS = {
    "BON1": "+2 C, spade action",
    "BON2": "+4 C, cult action",
    "BON3": "+6 C",
    "BON4": "+3 PW, +1 ship",
    "BON5": "+1 W, +3 PW",
    "BON6": "+2 W, pass 4/SH SA",
    "BON7": "+1 W, pass 2/TP",
    "BON8": "+1 P",
    "BON9": "+2 C, pass 1/D",
    "BON10": "+3 PW, pass 3/ship",
}
#: Bonus tiles: (short label, sentence).
BONUS = {k: (v, W.bonus_text(k)) for k, v in _BONUS.items()}

_FAVOR = {
    "FAV1": "+3 fire",
    "FAV2": "+3 water",
    "FAV3": "+3 earth",
    "FAV4": "+3 air",
    "FAV5": "+2 fire, town 6",
    "FAV6": "+2 water, cult act",
    "FAV7": "+2 earth, +1 W +1 PW",
    "FAV8": "+2 air, +4 PW",
    "FAV9": "+1 fire, +3 C",
    "FAV10": "+1 water, TP 3 VP",
    "FAV11": "+1 earth, D 2 VP",
    "FAV12": "+1 air, pass TP",
}
#: Favor tiles: (short label, sentence).
FAVOR = {k: (v, W.favor_text(k)) for k, v in _FAVOR.items()}

_TOWNS = {
    "TW1": "5 VP, 6 C",
    "TW2": "7 VP, 2 W",
    "TW3": "9 VP, 1 P",
    "TW4": "6 VP, 8 PW",
    "TW5": "8 VP, 1 each cult",
    "TW6": "2 VP, 2 each cult",
    "TW7": "4 VP, +1 ship",
    "TW8": "11 VP",
}
#: Town tiles: (short label, sentence).
TOWNS = {k: (v, W.town_text(k)) for k, v in _TOWNS.items()}

_SCORING = {
    "SCORE1": "spade 2 VP; 1 earth: 1 C",
    "SCORE2": "town 5 VP; 4 earth: spade",
    "SCORE3": "D 2 VP; 4 water: 1 P",
    "SCORE4": "SH/SA 5 VP; 2 fire: 1 W",
    "SCORE5": "D 2 VP; 4 fire: 4 PW",
    "SCORE6": "TP 3 VP; 4 water: spade",
    "SCORE7": "SH/SA 5 VP; 2 air: 1 W",
    "SCORE8": "TP 3 VP; 4 air: spade",
    "SCORE9": "TE 4 VP; priest: 2 C",
}
#: Round scoring tiles: (short label, sentence).
SCORING = {k: (v, W.scoring_text(k)) for k, v in _SCORING.items()}

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
