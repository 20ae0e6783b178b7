"""The names a stored fact uses, and where each lives in the state.

A fact event (journal.py) names game concepts, never Python attributes: each table maps
the name a log records (docs/games/terra-mystica.md, "What a fact records") to the key of
a faction's dict or the attribute of ``State`` that holds it. Renaming a key or an
attribute changes the right-hand side here and no stored log.
"""

from __future__ import annotations

from .data import BONUS, CULTS, FAVOR, TOWNS

#: A faction's counters, recorded as deltas in a fact's ledger lines. The ledger's own
#: notation where the site has one: VP, coins, workers, priests, power in bowls I-III,
#: the cult tracks, spades to use, town keys, the tiles held by name; the buildings on the
#: map by their letters.
COUNTERS = {
    "VP": "VP", "C": "C", "W": "W", "P": "P", "P1": "P1", "P2": "P2", "P3": "P3",
    **{c: c for c in CULTS},
    "SPADE": "SPADE", "KEY": "KEY", "shipping": "shipping", "digging": "digging",
    "D": "D", "TP": "TP", "TE": "TE", "SH": "SH", "SA": "SA",
    **{t: t for t in (*BONUS, *FAVOR, *TOWNS)},
}

#: A faction's bookkeeping, recorded as its new value in a fact's ``sets``.
BOOKKEEPING = {
    "faction": "name", "player": "player", "color": "color",  # color: home terrain
    "passed": "passed", "dropped": "dropped",  # passed this round, left the game
    "building_hexes": "locations",  # the hexes of its buildings (board numbers)
    "bonus": "bonus",  # the bonus tile held
    "priests_on_cults": "priests_out",  # priests sent to the cult tracks, for good
    "carpet_range": "carpet",  # the Fakirs' carpet flight range (0: none)
    "tunnel_cost": "tunnel_cost",  # the Dwarves' workers per tunnel
    "actions_taken": "acted", "actions_allowed": "actions",  # in this turn
    "may_build": "build_ok",  # a dwelling may go on the hex just transformed
    "cult_steps_one_track": "cult_same",  # the cult steps owed go on one track
    "reach_paid": "paid_reach",  # the hex whose shipping, tunnel or flight was paid
    "darklings_priests": "dsh",  # workers the Darklings' stronghold still trades
    "river_links": "links",  # river hexes the Mermaids used to join a town
    "transformed": "tf",  # hexes transformed in this action
    # What the faction still owes after its command (besides SPADE, a counter).
    "favor_owed": "FAVOR", "town_owed": "TOWN", "cult_steps_owed": "CULT",
    "bridges_owed": "BRIDGE", "free_dwelling": "FREE_D", "free_trading_house": "FREE_TP",
    "free_transform": "FREE_TF",
    # The faction's own actions, by the site's names: 1 while it holds it.
    **{a: a for a in ("ACTA", "ACTC", "ACTE", "ACTG", "ACTN", "ACTS", "ACTW")},
}

#: Every name of a faction's dict a fact records.
FACTION = {**COUNTERS, **BOOKKEEPING}
#: Each faction key's recorded name (decide writes facts with it).
FACTION_NAME = {key: name for name, key in FACTION.items()}

#: The rest of the state a fact may change, recorded as its new value in ``patch``, in
#: the order a patch lists them.
TABLE = {
    "phase": "phase",  # select-factions, setup, play, spades, over
    "round": "round",
    "seat_order": "order",  # factions in pick order
    "turn_order": "turn_order",  # this round's
    "pass_order": "pass_order",
    "to_act": "active",  # the faction whose turn it is
    "turn_ended": "after",  # whose turn just ended (it may still convert and burn)
    "setup_steps": "setup_queue",  # start dwellings and bonus picks still to come
    "faction_players": "player_of",
    "player_factions": "faction_of",
    "bridges": "bridges",  # (hex, hex, faction)
    "supply": "pool",  # tile -> copies left
    "bonus_coins": "coins",  # bonus tile -> coins on it
    "used_actions": "blocked",  # action spaces taken this round
    "cult_priests": "cult_spots",  # track -> its four priest spaces (3, 2, 2, 2)
    "power_offers": "offers",  # open offers: [receiver, from, amount, id]
    "offers_made": "next_offer",  # power offers made so far (the next one's id)
    # the Cultists' offers: id -> 0 open, 1 someone took power, 2 took none, 3 all refused
    "cultists_answers": "cultist_offers",
    "rows_played": "nrows",
    "last_row": "row_values",  # (faction, its ledger values) after the last row
    "game_over": "finished",
    "final_detail": "final",  # the final scoring: cult and area ranks, resources
}
