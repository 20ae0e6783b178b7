"""The state of a Terra Mystica game: one flat object, cheap to clone.

Each faction is a plain dict of ints (resources, bowls, cult positions, tracks, tiles held,
what the faction still owes from its current action) plus its building hexes as a tuple.
The map is three lists indexed by hex: terrain colour, building and owner. A clone copies
the faction dicts and the lists; nothing deeper is shared-and-mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter

from . import board as B
from .data import BONUS, CULTS, FACTIONS, FAVOR, TOWNS
from .factions import setup_queue

#: Containers a row seldom writes to (a pick, a bonus or favor tile, a priest on a cult
#: track): decide's journaled clone shares them with the state it was given, and the
#: rules call ``journal.own`` (``Journal.own``) before they write to one.
SHARED = ("order", "player_of", "faction_of", "pool", "coins", "cult_spots")

#: What a faction may still owe after a command; while any is non-zero it must act again.
OWED = ("SPADE", "FAVOR", "TOWN", "CULT", "BRIDGE", "FREE_D", "FREE_TP", "FREE_TF")
#: A faction's amounts of ``OWED`` (one C call: the rules ask before every action).
owed_of = itemgetter(*OWED)

#: The values the ledger shows after every row.
SHOWN = ("VP", "C", "W", "P", "P1", "P2", "P3") + CULTS


@dataclass
class State:
    players: tuple
    options: frozenset
    score_tiles: tuple
    phase: str = "select-factions"  # select-factions, setup, play, spades, over
    round: int = 0
    order: list = field(default_factory=list)  # factions in pick (seat) order
    turn_order: list = field(default_factory=list)  # this round's order
    pass_order: list = field(default_factory=list)
    active: str = ""
    #: The faction whose turn just ended: until anyone acts again it may still convert,
    #: burn and (Mermaids) connect a town; those are free actions of its turn.
    after: str = ""
    setup_queue: list = field(default_factory=list)  # factions still to place or pick a tile
    fac: dict = field(default_factory=dict)
    player_of: dict = field(default_factory=dict)
    faction_of: dict = field(default_factory=dict)
    hcolor: list = field(default_factory=list)
    hbld: list = field(default_factory=list)
    howner: list = field(default_factory=list)
    town: list = field(default_factory=list)  # hex is part of a founded town
    bridges: list = field(default_factory=list)  # (a, b, faction)
    pool: dict = field(default_factory=dict)  # tile -> copies left in the supply
    coins: dict = field(default_factory=dict)  # bonus tile -> coins piled on it
    blocked: dict = field(default_factory=dict)  # action spaces used this round
    cult_spots: dict = field(default_factory=dict)  # track -> four priest spots (3,2,2,2)
    offers: list = field(default_factory=list)  # pending power: [receiver, from, amount, id]
    next_offer: int = 0
    cultist_offers: dict = field(default_factory=dict)  # offer id -> accepted any (0/1)
    nrows: int = 0
    row_values: tuple = ()  # (faction, values) at the end of the last row, before upkeep
    finished: bool = False
    final: dict = field(default_factory=dict)
    #: decide's journal (journal.py) while it runs the rules on a clone; never compared.
    jr: object = field(default=None, compare=False, repr=False)

    @property
    def adj(self) -> list:
        """Hex adjacency including bridges (a bridge makes two hexes direct neighbours)."""
        if not self.bridges:
            return B.ADJSET
        # Kept on the state with the bridges it was built for (the rules read one hex of
        # it at a time, many times a row); a clone shares it until a bridge is built.
        key = tuple(self.bridges)
        cached = self.__dict__.get("_adj")
        if cached is not None and cached[0] == key:
            return cached[1]
        out = list(B.ADJSET)
        for a, b, _ in key:
            out[a] = out[a] | {b}
            out[b] = out[b] | {a}
        self.__dict__["_adj"] = (key, out)
        return out

    @property
    def records(self) -> list:
        """Who must act, as one record per duty (render and to_act read it)."""
        out = []
        if self.finished:
            return out
        if self.phase == "select-factions":
            return out
        if self.phase == "setup":
            if self.setup_queue:
                out.append({"faction": self.setup_queue[0].split(":")[-1], "type": "setup"})
            return out
        if self.active:
            out.append({"faction": self.active, "type": "full"})
        for o in self.offers:
            out.append({"faction": o[0], "type": "leech", "from_faction": o[1], "amount": o[2]})
        for n in self.order:
            f = self.fac[n]
            if n != self.active and any(owed_of(f)):
                out.append({"faction": n, "type": "owed"})
        return out

    def clone(self, fac: dict | None = None, journal: bool = False) -> State:
        """``fac``: the clone's factions, made by the caller (decide's journal gives copies
        that record their writes); by default plain copies. ``journal``: the clone shares
        the per-hex lists and the rarely written containers (``SHARED``) with this state;
        the rules copy them (``journal.own_map``, ``journal.own``) before they write."""
        c = State.__new__(State)
        # dict.copy, not dict(): it copies the hash table as it is (about a third of the
        # instructions dict() takes to rebuild an instance's __dict__ key by key).
        d = self.__dict__.copy()
        # Spelled out field by field: this runs for every decide and every legal trial.
        d["fac"] = {k: v.copy() for k, v in self.fac.items()} if fac is None else fac
        d["turn_order"] = self.turn_order[:]
        d["pass_order"] = self.pass_order[:]
        d["setup_queue"] = self.setup_queue[:]
        d["bridges"] = self.bridges[:]
        if not journal:
            d["hcolor"] = self.hcolor[:]
            d["hbld"] = self.hbld[:]
            d["howner"] = self.howner[:]
            d["town"] = self.town[:]
            d["order"] = self.order[:]
            d["player_of"] = self.player_of.copy()
            d["faction_of"] = self.faction_of.copy()
            d["pool"] = self.pool.copy()
            d["coins"] = self.coins.copy()
            d["cult_spots"] = {k: v[:] for k, v in self.cult_spots.items()}
        d["blocked"] = self.blocked.copy()
        d["cultist_offers"] = self.cultist_offers.copy()
        d["final"] = self.final.copy()
        d["offers"] = [o[:] for o in self.offers] if self.offers else []
        d["jr"] = None
        c.__dict__ = d
        return c


def seat(g: State, player: str, name: str) -> None:
    """Give ``player`` the faction ``name``; once every seat has one, the setup starts."""
    if g.jr is not None:  # decide's journaled clone (journal.py): its own copies first
        g.jr.own(g, "order", "player_of", "faction_of")
    g.fac[name] = new_faction(name, player)
    g.order.append(name)
    g.player_of[name] = player
    g.faction_of[player] = name
    if len(g.order) == len(g.players):
        g.phase = "setup"
        g.setup_queue = setup_queue(g.order) + ["bonus:" + n for n in g.order[::-1]]


def new_state(players, options, scoring, removed_bonus, factions=()) -> State:
    opts = frozenset(options)
    g = State(tuple(players), opts, tuple(scoring))
    g.hcolor = list(B.START_COLOR)
    g.hbld = [""] * B.N_HEX
    g.howner = [""] * B.N_HEX
    g.town = [False] * B.N_HEX
    g.cult_spots = {c: ["", "", "", ""] for c in CULTS}
    bons = [f"BON{i}" for i in range(1, 11 if "shipping-bonus" in opts else 10)]
    for b in bons:
        if b not in removed_bonus:
            g.pool[b] = 1
            g.coins[b] = 0
    for t, fav in FAVOR.items():
        g.pool[t] = fav[2]
    for t, (_, n) in TOWNS.items():
        if t in ("TW6", "TW7", "TW8") and "mini-expansion-1" not in opts:
            continue
        g.pool[t] = n
    for player, name in zip(players, factions, strict=False):
        seat(g, player, name)
    return g


def new_faction(name: str, player: str) -> dict:
    d = FACTIONS[name]
    f = {"name": name, "player": player, "color": d["color"], "VP": 20, "C": d["C"],
         "W": d["W"], "P": d["P"], "P1": d["P1"], "P2": d["P2"], "P3": 0, "KEY": 0,
         "shipping": d["ship"]["level"], "digging": 0, "passed": 0, "dropped": 0,
         "locations": (), "bonus": "", "priests_out": 0, "carpet": 0, "tunnel_cost": 0,
         "acted": 0, "actions": 1, "build_ok": 0, "cult_same": 0, "paid_reach": -1,
         "dsh": 0, "links": (), "tf": ()}
    for c in CULTS:
        f[c] = d["cults"].get(c, 0)
    for b in ("D", "TP", "TE", "SH", "SA"):
        f[b] = 0
    for k in OWED:
        f[k] = 0
    for t in list(BONUS) + list(FAVOR) + list(TOWNS):
        f[t] = 0
    for a in ("ACTA", "ACTC", "ACTE", "ACTG", "ACTN", "ACTS", "ACTW"):
        f[a] = 0
    f.update(d.get("start", {}))
    if "teleport" in d:
        tp = d["teleport"]
        if tp["type"] == "carpet":
            f["carpet"] = 1
        else:
            f["tunnel_cost"] = tp["cost"][0]["W"]
    return f


def pw(f: dict) -> str:
    return f"{f['P1']}/{f['P2']}/{f['P3']}"


#: The values the ledger shows, read in one C call (this runs after every row).
shown = itemgetter(*SHOWN)
