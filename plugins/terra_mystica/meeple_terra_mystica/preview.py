"""What the table can tell a player at a glance, read from the state without changing it:
each faction's income for the next round (words.py's preview), the reward the round's
scoring tile gives at the round's end, the final score broken down, and the place of
tied players."""

from __future__ import annotations

from .data import CULTS, DISPLAY, SCORING
from .state import State
from .words import TIE_BREAK
from .words import income_preview as income_preview  # the picture and panels read it here

#: The order and names of an income's parts.
INCOME_KEYS = (("C", "C"), ("W", "W"), ("P", "P"), ("PW", "PW"), ("SPADE", "spade"))

#: Terra Mystica names no tie-break: tied players share the place (words.py says it).
TIE_RULE = TIE_BREAK


def round_bonus(g: State, f: dict) -> dict[str, int]:
    """What the current round's scoring tile gives this faction at the round's end, if
    its cult positions stay as they are."""
    if not 1 <= g.round <= 6 or g.finished:
        return {}
    _, _, cult, req, reward, _ = SCORING[g.score_tiles[g.round - 1]]
    times = f["priests_out"] if cult == "CULT_P" else f[cult] // req
    return {k: v * times for k, v in reward.items() if v * times}


def say(amounts: dict[str, int]) -> str:
    """"+3 C, +1 W" for a dict of amounts ("nothing" when empty)."""
    parts = [f"+{amounts[k]} {word}" for k, word in INCOME_KEYS if amounts.get(k)]
    return ", ".join(parts) or "nothing"


def breakdown(g: State) -> dict[str, dict[str, int]]:
    """Per faction at the game's end: VP during play, from the cult tracks, from the
    largest area and from resources (they sum to the final VP)."""
    fin = g.final or {}
    out = {}
    for n in g.order:
        cults = sum(fin.get(c.lower(), {}).get(n, 0) for c in CULTS)
        area = fin.get("network", {}).get(n, 0)
        res = fin.get("resources", {}).get(n, 0)
        vp = g.fac[n]["VP"]
        out[n] = {"play": vp - cults - area - res, "cults": cults, "area": area,
                  "resources": res, "total": vp,
                  "area_size": fin.get("network_size", {}).get(n, 0)}
    return out


def breakdown_line(g: State, n: str, parts: dict[str, int]) -> str:
    """One faction's final score in words."""
    return (f"{DISPLAY[n]} ({g.player_of[n]}): {parts['total']} VP = "
            f"{parts['play']} in play + {parts['cults']} cults + {parts['area']} area "
            f"({parts['area_size']} linked) + {parts['resources']} resources")


def places(g: State) -> list[tuple[int, list[str]]]:
    """(place, factions) from the best VP down; tied factions share a place."""
    vps = sorted({g.fac[n]["VP"] for n in g.order}, reverse=True)
    out = []
    place = 1
    for v in vps:
        tied = [n for n in g.order if g.fac[n]["VP"] == v]
        out.append((place, tied))
        place += len(tied)
    return out


def tie_lines(g: State) -> list[str]:
    """Each shared place, then the rule that settles ties ([] when no two tie)."""
    shared = [f"Tie: {' and '.join(g.player_of[n] for n in t)} share place {p}"
              for p, t in places(g) if len(t) > 1]
    return shared + [TIE_RULE[0].upper() + TIE_RULE[1:] + "."] if shared else []
