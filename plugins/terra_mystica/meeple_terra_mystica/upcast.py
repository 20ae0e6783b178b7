"""Stored fact events of older versions, brought to today's form one version at a time
(each event's ``upcast_v1_v2`` in game.py calls the step here).

Version 1 of the fact events (``played``, ``round-scored``, ``income``,
``final-scoring``) named what they recorded by the plugin's faction dict keys and State
attributes of that time; version 2 names game concepts (names.py). The step renames them
by the table below, written once and never derived from today's code: it says what
version 1 wrote.
"""

from __future__ import annotations

from typing import Any

#: Version 1's faction keys that version 2 records under another name (every other key
#: kept its name: VP, C, W, P, P1-P3, the cults, SPADE, KEY, the tiles, ACTA-ACTW, ...).
FACTION_V1_V2 = {
    "ship": "shipping", "dig": "digging", "L_D": "D", "L_TP": "TP", "L_TE": "TE",
    "L_SH": "SH", "L_SA": "SA", "name": "faction", "locations": "building_hexes",
    "priests_out": "priests_on_cults", "carpet": "carpet_range", "acted": "actions_taken",
    "actions": "actions_allowed", "build_ok": "may_build", "cult_same": "cult_steps_one_track",
    "paid_reach": "reach_paid", "dsh": "darklings_priests", "links": "river_links",
    "tf": "transformed", "FAVOR": "favor_owed", "TOWN": "town_owed", "CULT": "cult_steps_owed",
    "BRIDGE": "bridges_owed", "FREE_D": "free_dwelling", "FREE_TP": "free_trading_house",
    "FREE_TF": "free_transform",
}

#: Version 1's State attributes in ``patch`` that version 2 records under another name.
TABLE_V1_V2 = {
    "order": "seat_order", "active": "to_act", "after": "turn_ended",
    "setup_queue": "setup_steps", "player_of": "faction_players",
    "faction_of": "player_factions", "pool": "supply", "coins": "bonus_coins",
    "blocked": "used_actions", "cult_spots": "cult_priests", "offers": "power_offers",
    "next_offer": "offers_made", "cultist_offers": "cultists_answers", "nrows": "rows_played",
    "row_values": "last_row", "finished": "game_over", "final": "final_detail",
}


def facts_v1_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 fact event's data with version 2's names in ``lines``, ``sets`` and
    ``patch`` (values unchanged)."""
    key, field = FACTION_V1_V2.get, TABLE_V1_V2.get
    out = dict(data)
    if "lines" in data:
        out["lines"] = [[p, f, r, [[key(k, k), v] for k, v in d]] for p, f, r, d in data["lines"]]
    if "sets" in data:
        out["sets"] = [[f, key(k, k), v] for f, k, v in data["sets"]]
    if "patch" in data:
        out["patch"] = [[field(k, k), v] for k, v in data["patch"]]
    return out
