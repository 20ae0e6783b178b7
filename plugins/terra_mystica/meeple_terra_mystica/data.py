"""Static rules data: factions, tiles, power actions (transcribed from the published rules;
the numbers agree with Snellman's site, whose ledgers the tests replay)."""

from __future__ import annotations

CULTS = ("FIRE", "WATER", "EARTH", "AIR")
BUILDINGS = ("D", "TP", "TE", "SH", "SA")
STRENGTH = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}

_SHIP3 = {"level": 0, "max": 3, "cost": {"C": 4, "P": 1}, "gain": [{"VP": 2}, {"VP": 3}, {"VP": 4}]}
_DIG2 = {"level": 0, "max": 2, "cost": [{"W": 3}, {"W": 2}, {"W": 1}],
         "adv_cost": {"W": 2, "C": 5, "P": 1}, "adv_gain": [{"VP": 6}, {"VP": 6}]}
_DW = {"W": [1, 2, 3, 4, 5, 6, 7, 8, 8]}
_TP = {"C": [0, 2, 4, 6, 8], "PW": [0, 1, 2, 4, 6]}
_TE = {"P": [0, 1, 2, 3]}


def _f(color, C, W, P1, P2, cults, costs, income, sh_gain=None, *, P=0, ship=_SHIP3, dig=_DIG2,
       te_gain=1, sa_gain=1, extra=None):
    d = {
        "color": color, "C": C, "W": W, "P": P, "P1": P1, "P2": P2, "cults": cults,
        "cost": costs, "income": income, "sh_gain": sh_gain or {}, "ship": ship, "dig": dig,
        "te_favor": te_gain, "sa_favor": sa_gain,
    }
    d.update(extra or {})
    return d


def _costs(d=(1, 2), tp=(2, 3), te=(2, 5), sh=(4, 6), sa=(4, 6)):
    return {k: {"W": v[0], "C": v[1]} for k, v in zip(BUILDINGS, (d, tp, te, sh, sa), strict=True)}


def _inc(d=None, tp=None, te=None, sh=None, sa=None):
    return {"D": d or _DW, "TP": tp or _TP, "TE": te or _TE, "SH": sh or {"PW": [0, 2]},
            "SA": sa or {"P": [0, 1]}}


FACTIONS = {
    "alchemists": _f("black", 15, 3, 5, 7, {"WATER": 1, "FIRE": 1}, _costs(),
                     _inc(tp={"C": [0, 2, 4, 7, 11], "PW": [0, 1, 2, 3, 4]}, sh={"C": [0, 6]}),
                     {"PW": 12}, extra={"rates": {"C": {"VP": 2}, "VP": {"C": 1}}}),
    "auren": _f("green", 15, 3, 5, 7, {"WATER": 1, "AIR": 1}, _costs(sa=(4, 8)), _inc(),
                {"ACTA": 1, "GAIN_FAVOR": 1}),
    "chaosmagicians": _f("red", 15, 4, 5, 7, {"FIRE": 2}, _costs(sh=(4, 4), sa=(4, 8)),
                         _inc(sh={"W": [0, 2]}), {"ACTC": 1}, te_gain=2, sa_gain=2),
    "cultists": _f("brown", 15, 3, 5, 7, {"EARTH": 1, "FIRE": 1}, _costs(sh=(4, 8), sa=(4, 8)),
                   _inc(), {"VP": 7}),
    "darklings": _f("black", 15, 1, 5, 7, {"WATER": 1, "EARTH": 1}, _costs(sa=(4, 10)),
                    _inc(sa={"P": [0, 2]}), {"CONVERT_W_TO_P": 3}, P=1,
                    dig={"level": 0, "max": 0, "cost": [{"P": 1}], "gain": [{"SPADE": 1, "VP": 2}]}),
    "dwarves": _f("gray", 15, 3, 5, 7, {"EARTH": 2}, _costs(),
                  _inc(tp={"C": [0, 3, 5, 7, 10], "PW": [0, 1, 2, 4, 6]}), {"GAIN_TELEPORT": 1},
                  ship={"level": 0, "max": 0},
                  extra={"teleport": {"type": "tunnel", "cost": [{"W": 2}, {"W": 1}],
                                      "gain": [{"VP": 4}, {"VP": 4}], "adv_gain": [{}]}}),
    "engineers": _f("gray", 10, 2, 3, 9, {}, _costs((1, 1), (1, 2), (1, 4), (3, 6), (3, 6)),
                    _inc(d={"W": [0, 1, 2, 2, 3, 4, 4, 5, 6]},
                         te={"P": [0, 1, 1, 2], "PW": [0, 0, 5, 5]}), {},
                    extra={"start": {"ACTE": 1}}),
    "fakirs": _f("yellow", 15, 3, 7, 5, {"FIRE": 1, "AIR": 1}, _costs(sh=(4, 10)),
                 _inc(sh={"P": [0, 1]}), {"GAIN_TELEPORT": 1}, ship={"level": 0, "max": 0},
                 dig={"level": 0, "max": 1, "cost": [{"W": 3}, {"W": 2}],
                      "adv_cost": {"W": 2, "C": 5, "P": 1}, "adv_gain": [{"VP": 6}]},
                 extra={"teleport": {"type": "carpet", "cost": [{"P": 1}, {"P": 1}],
                                     "gain": [{"VP": 4}, {"VP": 4}],
                                     "adv_gain": [{"carpet_range": 1}]}}),
    "giants": _f("red", 15, 3, 5, 7, {"FIRE": 1, "AIR": 1}, _costs(), _inc(sh={"PW": [0, 4]}),
                 {"ACTG": 1}),
    "halflings": _f("brown", 15, 3, 3, 9, {"EARTH": 1, "AIR": 1}, _costs(sh=(4, 8)), _inc(),
                    {"SPADE": 3}, dig=dict(_DIG2, adv_cost={"W": 2, "C": 1, "P": 1}),
                    extra={"special": ("gain", {"SPADE": {"VP": 1}}),
                           "sh_sub": {"transform": 3, "build": 1}}),
    "mermaids": _f("blue", 15, 3, 3, 9, {"WATER": 2}, _costs(sa=(4, 8)), _inc(sh={"PW": [0, 4]}),
                   {"GAIN_SHIP": 1},
                   ship={"level": 1, "max": 5, "cost": {"C": 4, "P": 1},
                         "gain": [{"VP": 0}, {"VP": 2}, {"VP": 3}, {"VP": 4}, {"VP": 5}]}),
    "nomads": _f("yellow", 15, 2, 5, 7, {"FIRE": 1, "EARTH": 1}, _costs(sh=(4, 8)),
                 _inc(tp={"C": [0, 2, 4, 7, 11], "PW": [0, 1, 2, 3, 4]}), {"ACTN": 1}),
    "swarmlings": _f("blue", 20, 8, 3, 9, {"FIRE": 1, "EARTH": 1, "WATER": 1, "AIR": 1},
                     _costs((2, 3), (3, 4), (3, 6), (5, 8), (5, 8)),
                     _inc(d={"W": [2, 3, 4, 5, 6, 7, 8, 9, 9]},
                          tp={"PW": [0, 2, 4, 6, 8], "C": [0, 2, 4, 6, 9]},
                          sh={"PW": [0, 4]}, sa={"P": [0, 2]}), {"ACTS": 1},
                     extra={"special": ("gain", {f"TW{i}": {"W": 3} for i in range(1, 9)})}),
    "witches": _f("green", 15, 3, 5, 7, {"AIR": 2}, _costs(), _inc(), {"ACTW": 1},
                  extra={"special": ("gain", {f"TW{i}": {"VP": 5} for i in range(1, 9)})}),
}
FACTIONS["alchemists"]["special"] = ("gain", {"SPADE": {"PW": 2}}, "SH")
FACTIONS["cultists"]["leech_effect"] = ({"CULT": 1}, {"PW": 1})
DISPLAY = {
    "alchemists": "Alchemists", "auren": "Auren", "chaosmagicians": "Chaos Magicians",
    "cultists": "Cultists", "darklings": "Darklings", "dwarves": "Dwarves",
    "engineers": "Engineers", "fakirs": "Fakirs", "giants": "Giants", "halflings": "Halflings",
    "mermaids": "Mermaids", "nomads": "Nomads", "swarmlings": "Swarmlings", "witches": "Witches",
}

# Power actions and other action spaces: cost, gain, sub-actions they allow.
ACTIONS = {
    "ACT1": ({"PW": 3}, {"BRIDGE": 1}, {"bridge": 1}, False),
    "ACT2": ({"PW": 3}, {"P": 1}, None, False),
    "ACT3": ({"PW": 4}, {"W": 2}, None, False),
    "ACT4": ({"PW": 4}, {"C": 7}, None, False),
    "ACT5": ({"PW": 4}, {"SPADE": 1}, {"dig": 1, "transform": 1, "build": 1}, False),
    "ACT6": ({"PW": 6}, {"SPADE": 2}, {"dig": 1, "transform": 2, "build": 1}, False),
    "ACTA": ({}, {"CULT": 2, "CULTS_ON_SAME_TRACK": 1}, None, False),
    "ACTE": ({"W": 2}, {"BRIDGE": 1}, {"bridge": 1}, True),
    "ACTG": ({}, {"SPADE": 2}, {"dig": 1, "transform": 1, "build": 1}, False),
    "ACTS": ({}, {"FREE_TP": 1}, {"upgrade": 1}, False),
    "ACTN": ({}, {"FREE_TF": 1, "TF_NEED_HEX_ADJACENCY": 1}, {"dig": 1, "transform": 1, "build": 1}, False),
    "ACTW": ({}, {"FREE_D": 1, "TELEPORT_NO_TF": 1}, {"build": 1}, False),
    "ACTC": ({}, {"GAIN_ACTION": 2}, None, False),
    "BON1": ({}, {"SPADE": 1}, {"dig": 1, "transform": 1, "build": 1}, False),
    "BON2": ({}, {"CULT": 1}, None, False),
    "FAV6": ({}, {"CULT": 1}, None, False),
}

# Tiles: income, pass VP, favor gains, scoring.
BONUS = {
    "BON1": {"income": {"C": 2}},
    "BON2": {"income": {"C": 4}},
    "BON3": {"income": {"C": 6}},
    "BON4": {"income": {"PW": 3}},
    "BON5": {"income": {"PW": 3, "W": 1}},
    "BON6": {"income": {"W": 2}, "pass_vp": {"SA": [0, 4], "SH": [0, 4]}},
    "BON7": {"income": {"W": 1}, "pass_vp": {"TP": [0, 2, 4, 6, 8]}},
    "BON8": {"income": {"P": 1}},
    "BON9": {"income": {"C": 2}, "pass_vp": {"D": list(range(9))}},
    "BON10": {"income": {"PW": 3}, "pass_vp": {"ship": [0, 3, 6, 9, 12, 15]}},
}
FAVOR = {
    "FAV1": ({"FIRE": 3}, {}, 1), "FAV2": ({"WATER": 3}, {}, 1),
    "FAV3": ({"EARTH": 3}, {}, 1), "FAV4": ({"AIR": 3}, {}, 1),
    "FAV5": ({"FIRE": 2, "TOWN_SIZE": -1}, {}, 3), "FAV6": ({"WATER": 2}, {}, 3),
    "FAV7": ({"EARTH": 2}, {"W": 1, "PW": 1}, 3), "FAV8": ({"AIR": 2}, {"PW": 4}, 3),
    "FAV9": ({"FIRE": 1}, {"C": 3}, 3), "FAV10": ({"WATER": 1}, {}, 3),
    "FAV11": ({"EARTH": 1}, {}, 3), "FAV12": ({"AIR": 1}, {}, 3),
}
FAVOR_VP = {"FAV10": {"TP": 3}, "FAV11": {"D": 2}}
FAVOR_PASS = {"FAV12": {"TP": [0, 2, 3, 3, 4]}}
TOWNS = {
    "TW1": ({"KEY": 1, "VP": 5, "C": 6}, 2), "TW2": ({"KEY": 1, "VP": 7, "W": 2}, 2),
    "TW3": ({"KEY": 1, "VP": 9, "P": 1}, 2), "TW4": ({"KEY": 1, "VP": 6, "PW": 8}, 2),
    "TW5": ({"KEY": 1, "VP": 8, "FIRE": 1, "WATER": 1, "EARTH": 1, "AIR": 1}, 2),
    "TW6": ({"KEY": 2, "VP": 2, "FIRE": 2, "WATER": 2, "EARTH": 2, "AIR": 2}, 1),
    "TW7": ({"KEY": 1, "VP": 4, "GAIN_SHIP": 1, "carpet_range": 1}, 2),
    "TW8": ({"KEY": 1, "VP": 11}, 1),
}
# SCOREn: (vp per thing, mode, cult, req, income)
SCORING = {
    "SCORE1": ({"SPADE": 2}, "gain", "EARTH", 1, {"C": 1}, "SPADE >> 2"),
    "SCORE2": ({f"TW{i}": 5 for i in range(1, 9)}, "gain", "EARTH", 4, {"SPADE": 1}, "TOWN >> 5"),
    "SCORE3": ({"D": 2}, "build", "WATER", 4, {"P": 1}, "D >> 2"),
    "SCORE4": ({"SA": 5, "SH": 5}, "build", "FIRE", 2, {"W": 1}, "SA/SH >> 5"),
    "SCORE5": ({"D": 2}, "build", "FIRE", 4, {"PW": 4}, "D >> 2"),
    "SCORE6": ({"TP": 3}, "build", "WATER", 4, {"SPADE": 1}, "TP >> 3"),
    "SCORE7": ({"SA": 5, "SH": 5}, "build", "AIR", 2, {"W": 1}, "SA/SH >> 5"),
    "SCORE8": ({"TP": 3}, "build", "AIR", 4, {"SPADE": 1}, "TP >> 3"),
    "SCORE9": ({"TE": 4}, "build", "CULT_P", 1, {"C": 2}, "TE >> 4"),
}
