"""Faction abilities that are not plain numbers in data.py: what they add to a spade, a
town, a pass, and where they break the setup order. Pure functions: each returns what the
faction gains and the caller applies it."""

from __future__ import annotations

from .data import FACTIONS


def _special_gain(f: dict, trigger: str) -> dict:
    """What the faction board's special ability gives for ``trigger`` (a spade, a town
    tile), read from data.py: ("gain", {trigger: gain}[, building it needs built])."""
    special = FACTIONS.get(f["name"], {}).get("special")
    if not special or special[0] != "gain":
        return {}
    if len(special) > 2 and not f[special[2]]:
        return {}
    return special[1].get(trigger, {})


def spade_extra(f: dict, n: int) -> tuple[int, int]:
    """(VP, power) for ``n`` spades beyond the terraforming itself: the Halflings' VP, the
    Alchemists' power once their stronghold stands."""
    gain = _special_gain(f, "SPADE")
    return gain.get("VP", 0) * n, gain.get("PW", 0) * n


def town_extra(f: dict, tile: str) -> dict:
    """What founding a town with ``tile`` gives beyond the tile: the Witches' VP, the
    Swarmlings' workers."""
    return dict(_special_gain(f, tile))


def pass_extra(bridges: list, f: dict) -> int:
    """The Engineers' stronghold: 3 VP per bridge between two of their buildings."""
    if f["name"] != "engineers" or not f["SH"]:
        return 0
    locs = set(f["locations"])
    return 3 * sum(1 for a, b, o in bridges if o == "engineers" and a in locs and b in locs)


def setup_queue(order: list) -> list:
    """Initial dwellings: in pick order, then back; the Nomads' third dwelling after that,
    the Chaos Magicians' single dwelling last."""
    firsts = [n for n in order if n != "chaosmagicians"]
    q = firsts + firsts[::-1]
    if "nomads" in order:
        q.append("nomads")
    if "chaosmagicians" in order:
        q.append("chaosmagicians")
    return q


def coin_vp_rate(f: dict) -> int:
    """Coins per VP: the Alchemists trade at 2, everyone else at 3."""
    return 2 if f["name"] == "alchemists" else 3


def has_shipping(f: dict) -> bool:
    """Dwarves tunnel and Fakirs fly instead of shipping."""
    return f["name"] not in ("dwarves", "fakirs")
