"""Terra Mystica's named things in words, for ``? NAME`` and ``meeple rules``: factions,
bonus, favor, town and scoring tiles, power and special actions. Numbers come from
data.py; only what data.py holds as code (a faction's ability) is said here."""

from __future__ import annotations

from collections.abc import Mapping

from .data import ACTIONS, BONUS, DISPLAY, FACTIONS, FAVOR, FAVOR_PASS, FAVOR_VP, SCORING, TOWNS

_THINGS = {
    "C": ("coin", "coins"), "W": ("worker", "workers"), "P": ("priest", "priests"),
    "PW": ("power", "power"), "VP": ("point", "points"), "SPADE": ("spade", "spades"),
    "CULT": ("cult step", "cult steps"), "BRIDGE": ("bridge", "bridges"),
    "KEY": ("town key", "town keys"), "FIRE": ("step on fire", "steps on fire"),
    "WATER": ("step on water", "steps on water"), "EARTH": ("step on earth", "steps on earth"),
    "AIR": ("step on air", "steps on air"),
    "GAIN_SHIP": ("shipping level", "shipping levels"),
    "carpet_range": ("carpet range", "carpet range"),
    "GAIN_FAVOR": ("favor tile", "favor tiles"), "GAIN_ACTION": ("action", "actions"),
    "ACTA": ("special action", "special actions"), "ACTC": ("special action", "special actions"),
    "ACTG": ("special action", "special actions"), "ACTN": ("special action", "special actions"),
    "ACTS": ("special action", "special actions"), "ACTW": ("special action", "special actions"),
    "ACTE": ("bridge action", "bridge actions"),
    "GAIN_TELEPORT": ("range level", "range levels"),
    "CONVERT_W_TO_P": ("worker-to-priest trade", "worker-to-priest trades"),
    "FREE_TP": ("free trading post", "free trading posts"),
    "FREE_TF": ("free terraform", "free terraforms"), "FREE_D": ("free dwelling", "free dwellings"),
    "CULTS_ON_SAME_TRACK": ("", ""), "TF_NEED_HEX_ADJACENCY": ("", ""),
    "TELEPORT_NO_TF": ("", ""), "TOWN_SIZE": ("", ""),
}
BUILDING = {"D": "dwelling", "TP": "trading house", "TE": "temple", "SH": "stronghold",
            "SA": "sanctuary", "SA/SH": "stronghold or sanctuary", "ship": "shipping level"}
BUILDINGS = {"D": "dwellings", "TP": "trading houses", "TE": "temples", "SH": "strongholds",
             "SA": "sanctuaries", "ship": "shipping levels"}
CULT_NAMES = {"FIRE": "fire", "WATER": "water", "EARTH": "earth", "AIR": "air"}

#: What each faction does that data.py holds as code, not numbers.
ABILITIES = {
    "alchemists": "trade 1 point for 1 coin or 2 coins for 1 point; with the stronghold, "
                  "2 power per spade",
    "auren": "stronghold: a favor tile at once and an action of 2 steps on one cult track",
    "chaosmagicians": "start with one dwelling, placed last; stronghold: an action of two "
                      "turns in one; 2 favor tiles per temple or sanctuary",
    "cultists": "when every opponent takes power from your build, 1 cult step, else 1 power; "
                "stronghold: 7 points",
    "darklings": "dig with priests (1 priest a spade, +2 points each), never with workers; "
                 "stronghold: trade up to 3 workers for priests once",
    "dwarves": "tunnel instead of shipping (2 workers, 1 after the stronghold; 4 points)",
    "engineers": "bridge action for 2 workers; stronghold: 3 points per bridge between two "
                 "of your buildings when passing",
    "fakirs": "carpet flight instead of shipping (1 priest, 4 points); stronghold and a town "
              "tile lengthen it",
    "giants": "every terraform takes exactly 2 spades; stronghold: an action of 2 free spades",
    "halflings": "1 point per spade; stronghold: 3 spades at once; digging costs less",
    "mermaids": "a town may skip one river hex; start at shipping 1",
    "nomads": "start with three dwellings; stronghold: an action turning one neighbouring "
              "hex to your land for free (sandstorm)",
    "swarmlings": "3 workers with every town; stronghold: an action of a free trading house",
    "witches": "5 points with every town; stronghold: an action of a free dwelling anywhere "
               "on your land (witches' ride)",
}

ACTION_WORDS = {
    "ACT1": "power action: a bridge", "ACT2": "power action: 1 priest",
    "ACT3": "power action: 2 workers", "ACT4": "power action: 7 coins",
    "ACT5": "power action: 1 spade", "ACT6": "power action: 2 spades",
    "ACTA": "Auren stronghold action: 2 steps on one cult track",
    "ACTE": "Engineers' action: a bridge", "ACTG": "Giants' stronghold action: 2 free spades",
    "ACTS": "Swarmlings' stronghold action: upgrade a dwelling to a trading house for free",
    "ACTN": "Nomads' stronghold action: sandstorm, a neighbouring hex becomes your land",
    "ACTW": "Witches' stronghold action: a free dwelling on any hex of your land",
    "ACTC": "Chaos Magicians' stronghold action: two turns in one",
    "BON1": "bonus tile action: 1 spade", "BON2": "bonus tile action: 1 cult step",
    "FAV6": "favor tile action: 1 cult step",
}


def amounts(things: Mapping[str, int]) -> str:
    """``{"C": 6, "VP": 1}`` as ``6 coins, 1 point`` (flags left out)."""
    parts = []
    for key, n in things.items():
        one, many = _THINGS.get(key, (key.lower(), key.lower()))
        if not one:
            continue
        parts.append(f"{n} {one if n == 1 else many}")
    return ", ".join(parts) or "nothing"


def faction_text(name: str) -> str:
    f = FACTIONS[name]
    cults = ", ".join(f"{CULT_NAMES[c]} {n}" for c, n in f["cults"].items()) or "none"
    costs = "; ".join(f"{BUILDING[b]} {amounts(c)}" for b, c in f["cost"].items())
    lines = [f"{DISPLAY[name]} (faction; {f['color']} land)",
             f"  start: {amounts({'C': f['C'], 'W': f['W'], 'P': f['P']})}; power "
             f"{f['P1']}/{f['P2']}/0; cults {cults}",
             f"  buildings cost: {costs}",
             f"  stronghold gives: {amounts(f['sh_gain'])}",
             f"  ability: {ABILITIES[name]}"]
    return "\n".join(lines)


def bonus_text(name: str) -> str:
    b = BONUS[name]
    line = f"{name} (bonus tile): income {amounts(b['income'])}"
    if name in ACTIONS:
        line += f"; {ACTION_WORDS[name]} once a round"
    for what, vals in b.get("pass_vp", {}).items():
        line += (f"; on passing, points by your {BUILDINGS.get(what, what)} "
                 f"({'/'.join(map(str, vals))} for 0, 1, 2...)")
    return line + ("; one is taken when passing, for the next round; a coin is put on each "
                   "tile nobody took, for whoever takes it later")


def favor_text(name: str) -> str:
    cults, income, count = FAVOR[name]
    steps = ", ".join(f"{n} on {CULT_NAMES[c]}" for c, n in cults.items() if c in CULT_NAMES)
    parts = [f"{steps} (cult steps) at once"]
    if income:
        parts.append(f"income {amounts(income)}")
    if "TOWN_SIZE" in cults:
        parts.append("a town needs only 6 power of buildings")
    if name in FAVOR_VP:
        what, vp = next(iter(FAVOR_VP[name].items()))
        parts.append(f"{vp} points per {BUILDING[what]} built")
    if name in FAVOR_PASS:
        what, vals = next(iter(FAVOR_PASS[name].items()))
        parts.append(f"on passing, points by your {BUILDINGS[what]} ({'/'.join(map(str, vals))})")
    if name in ACTIONS:
        parts.append(f"{ACTION_WORDS[name]} once a round")
    return f"{name} (favor tile, {count} in the box): " + "; ".join(parts)


def town_text(name: str) -> str:
    gain, count = TOWNS[name]
    return f"{name} (town tile, {count} in the box): {amounts(gain)}"


def scoring_text(name: str) -> str:
    vp, mode, cult, req, income, _ = SCORING[name]
    if mode == "gain" and "SPADE" in vp:
        what = f"{vp['SPADE']} points per spade dug"
    elif mode == "gain":
        what = f"{next(iter(vp.values()))} points per town founded"
    else:
        kinds = " or ".join(BUILDING[b] for b in vp)
        what = f"{next(iter(vp.values()))} points per {kinds} built"
    track = "priest sent to a cult track" if cult == "CULT_P" else f"{req} steps on {CULT_NAMES[cult]}"
    return (f"{name} (round scoring tile): during its round, {what}; at the round's end, "
            f"{amounts(income)} per {track}")


def action_text(name: str) -> str:
    cost, gain, _, _ = ACTIONS[name]
    pay = f"costs {amounts(cost)}" if cost else "free"
    return f"{name}: {ACTION_WORDS[name]} ({pay}; once a round, then it is taken)"


def topics() -> dict[str, list[str]]:
    return {
        "factions": sorted(FACTIONS),
        "bonus tiles": list(BONUS),
        "favor tiles": list(FAVOR),
        "town tiles": list(TOWNS),
        "scoring tiles": list(SCORING),
        "actions": [a for a in ACTIONS if a not in BONUS and a not in FAVOR],
    }


def explain(topic: str) -> str | None:
    key = topic.strip()
    low = key.lower().replace(" ", "")
    for name, shown in DISPLAY.items():
        if low in (name, shown.lower().replace(" ", "")):
            return faction_text(name)
    up = key.upper().replace(" ", "")
    if up in BONUS:
        return bonus_text(up)
    if up in FAVOR:
        return favor_text(up)
    if up in TOWNS:
        return town_text(up)
    if up in SCORING:
        return scoring_text(up)
    if up in ACTIONS:
        return action_text(up)
    return None


def income_preview(f: dict) -> dict[str, int]:
    """What ``f`` will take as income at the next round's start, from its buildings, its
    bonus tile and its favor tiles (the round's cult bonus comes on top)."""
    d = FACTIONS[f["name"]]
    inc: dict[str, int] = {}
    for b in ("D", "TP", "TE", "SH", "SA"):
        for k, table in d["income"][b].items():
            inc[k] = inc.get(k, 0) + table[f[b]]
    sources = [BONUS[f["bonus"]]["income"]] if f.get("bonus") else []
    sources += [FAVOR[t][1] for t in FAVOR if f.get(t)]
    for src in sources:
        for k, v in src.items():
            inc[k] = inc.get(k, 0) + v
    return {k: inc[k] for k in ("C", "W", "P", "PW") if inc.get(k)}


def table_lines(g, player: str | None = None) -> list[str]:
    """The table in words: scoring tiles (the current one marked), the tiles still in the
    pools, the actions taken this round, each faction's income to come."""
    if g.score_tiles:
        now = g.round - 1 if not g.finished else -1
        tiles = [f"{i + 1} {t}{' (now)' if i == now else ''}" for i, t in enumerate(g.score_tiles)]
        lines = ["scoring tiles by round: " + ", ".join(tiles)]
    else:
        lines = []
    bonus = [f"{t} ({amounts(BONUS[t]['income'])}"
             + (f", +{g.coins.get(t, 0)} {'coin' if g.coins.get(t, 0) == 1 else 'coins'} on it"
                if g.coins.get(t, 0) else "") + ")"
             for t in BONUS if g.pool.get(t)]
    lines.append("bonus tiles to take: " + (", ".join(bonus) or "none"))
    favors = [f"{t} x{g.pool[t]}" for t in FAVOR if g.pool.get(t)]
    lines.append("favor tiles left: " + (", ".join(favors) or "none"))
    towns = [f"{t} x{g.pool[t]}" for t in TOWNS if g.pool.get(t)]
    lines.append("town tiles left: " + (", ".join(towns) or "none"))
    taken = [a for a in g.blocked if g.blocked[a] and a.startswith("ACT")
             and a[3:].isdigit()]
    lines.append("power actions taken this round: " + (", ".join(sorted(taken)) or "none"))
    for n in g.order:
        f = g.fac[n]
        mine = " (you)" if player is not None and f["player"] == player else ""
        lines.append(f"income next round, {f['player']} ({DISPLAY[n]}){mine}: "
                     f"{amounts(income_preview(f))}")
    lines.append(TIE_BREAK)
    return lines


TIE_BREAK = "tie-break: players with equal points at the end share the rank"
