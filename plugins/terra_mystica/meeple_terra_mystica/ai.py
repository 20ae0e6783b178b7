"""A heuristic value of a position: the score a player would expect to finish with.

Victory points so far, plus what the position is worth in the rounds left:

- resources at rates that fall toward the end-game rate (3 coins to a point) as the
  rounds run out: early on a worker or a priest buys buildings, late it only converts; a
  priest counts for the digging and shipping advances it still buys;
- buildings: their income for the rounds left, their share of the largest-area bonus,
  and (stronghold, temple, sanctuary) what they unlock;
- town potential: connected groups on their way to 7 power and 4 buildings;
- room to grow: empty land next to the faction's buildings that at most one spade makes
  home terrain (what tells one start hex from another);
- cult standing: the majority points each track would give now, plus the round
  scoring tiles' cult rewards still to come;
- spades, favor tiles and town tiles still to be taken, shipping and digging levels.

Time left (which fades the future terms) moves on only with the other factions' passes,
so that a faction's own pass never looks like a loss (see ``_time_left``).

The result is that estimate minus the opponents' (the best one's and their mean, half
and half), scaled to roughly [-1, 1]; while factions are picked, the agent's own record
with each faction (``PLAYED``) stands in for the estimate. The weights were tuned on
heuristic-vs-heuristic games (docs/ai.md).

The weights are one immutable value (``Weights``; today's are ``DEFAULT``) that every
function here takes; the Game object holds one (``TerraMystica(weights=...)``) and each
agent's ``Evaluator`` holds it beside the agent's own ``EstimateMemo``. Scripts that try
other weights make their own value (``DEFAULT.changed``) and change nothing shared.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from . import board as B
from . import state as R
from .data import BONUS, CULTS, FACTIONS, FAVOR, SCORING, STRENGTH
from .economy import CULT_POWER, gain_power
from .estimate_memo import EstimateMemo
from .factions import coin_vp_rate, pass_extra
from .reach import network_size, shipping
from .scoring import rank_points

#: Final value of a resource (end-game conversion) and its value with all rounds ahead.
_LATE = {"C": 1 / 3, "W": 1 / 3, "P": 1 / 3, "P3": 1 / 3, "P2": 1 / 6, "P1": 0.0}
#: A priest counts for much more than its conversions (it buys the digging and shipping
#: advances, cult steps and their majorities): valued at 1.2 and 1.1 a round of income,
#: the agent built no temple and hardly advanced digging in 20 games (docs/ai.md). A
#: worker at 1.0 (it was 0.6) goes with W["full"] below.
_EARLY = {"C": 0.45, "W": 1.0, "P": 2.5, "P3": 0.6, "P2": 0.55, "P1": 0.0}
#: VP a unit of income is worth, per round of it still to come.
_INCOME = {"C": 0.3, "W": 0.55, "P": 2.5, "PW": 0.25, "SPADE": 2.0}
#: What a building stands for beyond its income (abilities, favor tiles already counted).
_EXTRA = {"D": 0.0, "TP": 4.0, "TE": 5.0, "SH": 10.0, "SA": 8.0}
#: The other weights (meeple_terra_mystica.tools.tune_eval searches them).
#: "favor" is the share of its best tile's worth that an owed favor tile counts for (a
#: temple's tile, seen by a one-ply agent when it builds); "priest_use" the share of what
#: the open digging/shipping advances would add that a priest at hand counts for;
#: "room": each empty hex next to the faction's buildings that at most one spade makes
#: home terrain (up to four), per VP of the time left: without it every start dwelling
#: looked alike and the heuristic placed them at random, the board's edge as often as its
#: middle (docs/ai.md: 4 VP more for the winners). "coin_cap" is a knob left off (no
#: measurable gain). "dig": VP a digging level stands for over the game (times the time
#: left): at 6 the agent took 2.2 digging advances a game and dug at 3 workers a spade all
#: game; at 26 (found by meeple_terra_mystica.tools.tune_eval) 5.6, and the winners' median rose from
#: 116 to 122.5 VP over seeds 1-60 (docs/ai.md); 32 goes with W["full"]. "receipt":
#: the next income moves to the rate of resources at hand as the others pass (``_receipt``;
#: at once, from the round's start, it lost 4 VP); "pass_next": once all others have
#: passed, they count their next pass again (see ``estimate``). "rival"
#: is the weight of the best opponent's estimate in evaluate's comparison, the rest going
#: to the opponents' mean: at 1 the agent grudged every leech and shared border, and the
#: winners' median was 2-3 VP lower (docs/ai.md). "pick": factions picked by PLAYED;
#: "next": the share of what the next round's scoring tile would pay (``_next_round``).
#: "full": VP a faction loses while all 8 of its dwellings stand on the board, "full_t"
#: the share of it that fades with the time left: it builds again only after an upgrade
#: frees a dwelling, two turns that a one-ply agent never saw together, and 13 of 32
#: factions ended with all 8 dwellings out and at most one trading house. At 4 (with
#: EARLY.W=1.0, W.dig=32) the median faction ends with 10 buildings, not 9 (docs/ai.md).
_W = {"building": 3.0, "town": 16.0, "prepared": 1.0, "spade": -0.3, "favor": 0.5,
     "ship": 2.0, "dig": 32.0, "cult_step": 0.25, "cult_bonus": 0.8,
     "income": 0.6, "extra": 1.0, "first": 3.0, "priest_use": 0.5,
     "room": 1.0, "coin_cap": 0.0, "rival": 0.5,
     "receipt": 1.0, "pick": 1.0,
     "next": 0.0, "pass_next": 1.0, "full": 4.0, "full_t": 0.25}


#: The mean final VP of each faction in the heuristic agent's four-player games against
#: itself (10 games each, seeds 1-10, three of darklings, halflings, swarmlings and dwarves
#: beside it; docs/ai.md). The agent picks by these, the faction it plays best: by the
#: start's resources it took the Giants or the Chaos Magicians fourth, which it plays for
#: about 70 VP and four buildings.
_PLAYED = {"darklings": 100, "halflings": 97, "dwarves": 96, "cultists": 90, "swarmlings": 87,
          "nomads": 83, "fakirs": 81, "witches": 79, "engineers": 76, "auren": 75,
          "alchemists": 75, "chaosmagicians": 74, "giants": 70, "mermaids": 88}


class Weights:
    """Evaluate's weights: the tables above, as one immutable, hashable value."""

    #: The tables by the names scripts give them (``W.dig``, ``EARLY.P``).
    TABLES = ("EARLY", "LATE", "INCOME", "EXTRA", "W", "PLAYED")
    __slots__ = ("EARLY", "EXTRA", "INCOME", "LATE", "PLAYED", "W", "_hash", "_key")

    def __init__(self, early: Mapping[str, float], late: Mapping[str, float],
                 income: Mapping[str, float], extra: Mapping[str, float],
                 w: Mapping[str, float], played: Mapping[str, float]) -> None:
        tables = (early, late, income, extra, w, played)
        for name, table in zip(self.TABLES, tables, strict=True):
            object.__setattr__(self, name, MappingProxyType(dict(table)))
        key = tuple(tuple(getattr(self, n).items()) for n in self.TABLES)
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Weights are immutable: make new ones with changed()")

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Weights) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Weights({', '.join(f'{n}={dict(getattr(self, n))}' for n in self.TABLES)})"

    def __reduce__(self) -> tuple:
        return (Weights, tuple(dict(getattr(self, n)) for n in self.TABLES))

    def names(self) -> Iterator[tuple[str, str]]:
        """Every weight as (table, name)."""
        for t in self.TABLES:
            for n in getattr(self, t):
                yield t, n

    def get(self, table: str, name: str) -> float:
        return getattr(self, table)[name]

    def changed(self, changes: Mapping[tuple[str, str], float]) -> Weights:
        """New weights with ``{(table, name): value}`` changed; KeyError names a weight
        that does not exist."""
        tables = {t: dict(getattr(self, t)) for t in self.TABLES}
        for (t, n), v in changes.items():
            if t not in tables or n not in tables[t]:
                raise KeyError(f"{t}.{n}")
            tables[t][n] = v
        return Weights(*(tables[t] for t in self.TABLES))


#: Today's weights (the tables above).
DEFAULT = Weights(_EARLY, _LATE, _INCOME, _EXTRA, _W, _PLAYED)
#: Read-only views of today's tables, for reading them by name.
EARLY, LATE, INCOME, EXTRA, W, PLAYED = (getattr(DEFAULT, t) for t in Weights.TABLES)


class Evaluator:
    """``evaluate`` with one ``Weights`` and an ``EstimateMemo`` of its own: what one
    agent keeps (``TerraMystica.evaluator``), so that no cache is shared between agents,
    games or threads."""

    __slots__ = ("memo", "weights")

    def __init__(self, weights: Weights = DEFAULT, memo: EstimateMemo | None = None) -> None:
        self.weights = weights
        self.memo = memo if memo is not None else EstimateMemo()

    def __call__(self, state: R.State, player: str) -> float:
        return evaluate(state, player, self.memo, self.weights)


def _rounds_left(g: R.State) -> int:
    """Income phases still to come (round r's income is paid at its start)."""
    return max(0, 6 - g.round)


#: Per faction, its income tables in the order _income adds them up: (level key, resource,
#: income by the number built).
_INCOME_ROWS = {name: tuple((b, k, table) for b in ("D", "TP", "TE", "SH", "SA")
                            for k, table in d["income"][b].items())
                for name, d in FACTIONS.items()}
#: The favor tiles that pay income: (tile, resource, amount).
_FAVOR_INCOME = tuple((t, k, n) for t, (_, tile_income, _) in FAVOR.items()
                      for k, n in tile_income.items())


def _income(f: dict) -> dict:
    inc = {"C": 0, "W": 0, "P": 0, "PW": 0}
    for level, k, table in _INCOME_ROWS[f["name"]]:
        inc[k] = inc.get(k, 0) + table[f[level]]
    for t, k, n in _FAVOR_INCOME:
        if f[t]:
            inc[k] = inc.get(k, 0) + n
    return inc


def _favor_future(g: R.State, f: dict, t: float) -> float:
    """What the favor tiles that pay per building or per pass will still bring: the
    dwellings and trading houses a faction typically adds in the time left (``t`` of
    the six rounds, so that the value runs out smoothly as the game ends)."""
    rounds = 6 * t
    v = 0.0
    if f["FAV11"]:
        v += 2 * min(8 - f["D"], 1.5 * rounds) * 0.7
    if f["FAV10"]:
        v += 3 * min(4 - f["TP"], 0.8 * rounds) * 0.7
    if f["FAV12"]:
        # This round's pass is in _pass_vp; the later ones with today's trading houses.
        v += (0, 2, 3, 3, 4)[f["TP"]] * _rounds_left(g)
    return v


def _groups_value(g: R.State, f: dict, wt: Weights = DEFAULT) -> float:
    """Town potential: groups not yet a town, valued by how close they are to one."""
    locs = f["locations"]
    if len(locs) < 2:
        return 0.0
    locset = set(locs)
    adj = g.adj
    seen: set[int] = set()
    need = 6 if f["FAV5"] else 7
    total = 0.0
    for start in locs:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        power = count = 0
        town = False
        while stack:
            h = stack.pop()
            power += STRENGTH[g.hbld[h]]
            count += 2 if g.hbld[h] == "SA" else 1
            town = town or g.town[h]
            for o in adj[h]:
                if o in locset and o not in seen:
                    seen.add(o)
                    stack.append(o)
        if not town and count >= 2:
            closeness = min(1.0, power / need) * min(1.0, count / 4)
            total += wt.W["town"] * closeness * closeness
    return total


#: Per home terrain, the terrains at most one spade from it (the terrain wheel).
_ONE_SPADE = {home: frozenset(c for c in B.COLORS if abs(B.color_difference(c, home)) <= 1)
              for home in B.COLORS}


def _frontier_counts(g: R.State, f: dict) -> tuple[int, int]:
    """(ready, room): the empty hexes next to the faction's buildings that are of its home
    terrain, and the empty land among them that one spade (or none) makes home terrain;
    one pass over those hexes."""
    locs = f["locations"]
    if not locs:
        return 0, 0
    adj = g.adj
    hbld, hcolor = g.hbld, g.hcolor
    home = f["color"]
    near = set().union(*[adj[h] for h in locs])
    ready = 0
    room = 0
    giants = f["name"] == "giants"
    one_spade = _ONE_SPADE[home]
    river = B.IS_RIVER
    for o in near:
        if hbld[o]:
            continue
        c = hcolor[o]
        if c == home:
            ready += 1
        if not river[o] and (giants or c in one_spade):
            room += 1
    return ready, room


def _frontier(g: R.State, f: dict, wt: Weights = DEFAULT) -> tuple[float, float]:
    """(prepared, room) for the faction.

    Prepared: empty hexes of the home terrain, ready to build on (up to three). Room to
    grow: empty land that one spade (or none) makes home terrain, up to four hexes. A
    start dwelling boxed in by rivers and other factions' land (the setup's choice)
    leaves a faction without a site to build on, and without this term every start hex
    evaluated alike."""
    ready, room = _frontier_counts(g, f)
    W = wt.W
    prepared = min(ready, 3) * W["prepared"]
    return prepared, (min(room, 4) * W["room"] if W["room"] else 0.0)


def _receipt(k: str, rate: dict, blend: float, wt: Weights = DEFAULT) -> float:
    """What one unit of the next income phase's ``k`` is worth: its income value, moving to
    the rate of what is at hand (coins, workers, priests) as the round runs out (``blend``,
    the other factions' share of passes), so that the round's end, which pays the income,
    is no jump in anyone's estimate."""
    old = wt.INCOME[k] * wt.W["income"]
    if blend and k in ("C", "W", "P"):
        return old + (rate[k] - old) * blend
    return old


def _tile_value(tile: str, coins: int, rate: dict, blend: float = 0.0,
                wt: Weights = DEFAULT) -> float:
    return coins * rate["C"] + sum(n * _receipt(k, rate, blend, wt)
                                   for k, n in BONUS[tile]["income"].items())


def _priest_uses(f: dict, rate: dict, t: float, incoming: float = 0.0,
                 wt: Weights = DEFAULT) -> float:
    """What the priests at hand are worth beyond their plain rate: the first ones buy the
    digging (and shipping) advances still open, each worth its VP and its cheaper spades
    (or longer reach) over the time left, less the coins and workers it also costs. Only a
    share of that surplus counts (``W["priest_use"]``), so that making the advance stays
    better than keeping the priest; and a priest fetched by a power action or a
    conversion shows what it leads to."""
    W = wt.W
    if (not f["P"] and not incoming) or not W["priest_use"]:
        return 0.0
    fd = FACTIONS[f["name"]]
    gains = []
    dig = fd["dig"]
    ac = dig.get("adv_cost")
    if ac:
        for lvl in range(f["digging"], dig["max"]):
            vp = dig["adv_gain"][lvl].get("VP", 0)
            cost = ac.get("W", 0) * rate["W"] + ac.get("C", 0) * rate["C"]
            gains.append(vp + W["dig"] * t - cost)
    sh = fd["ship"]
    if sh.get("max") and sh.get("cost"):
        for lvl in range(f["shipping"], sh["max"]):
            vp = sh["gain"][lvl].get("VP", 0)
            gains.append(vp + W["ship"] * t - sh["cost"].get("C", 0) * rate["C"])
    gains = sorted((x for x in gains if x > 0), reverse=True)
    # ``incoming``: the next income's priests, counted as they near (see _receipt).
    total = sum(gains[:f["P"]])
    for x in gains[f["P"]:]:
        if incoming <= 0:
            break
        total += x * min(1.0, incoming)
        incoming -= 1
    return W["priest_use"] * total


def _coins_value(f: dict, inc: dict, left: int, rate: float, floor: float,
                 wt: Weights = DEFAULT) -> float:
    """Coins at their rate as far as the workers (and priests) at hand and to come can
    spend them on buildings (``W["coin_cap"]`` coins a worker); the rest only converts to
    points at the end. A faction short of workers then sees seven coins from a power
    action, or a bonus tile's coins, for what they are worth to it."""
    c = f["C"]
    W = wt.W
    if W["coin_cap"] <= 0:
        return c * rate
    usable = W["coin_cap"] * (f["W"] + f["P"] + inc.get("W", 0) * left * 0.5)
    spent = min(c, usable)
    return spent * rate + (c - spent) * floor


#: What must stand before a building can be built (by upgrade) and how many may stand.
_FROM = {"D": ("", 8), "TP": ("D", 4), "TE": ("TP", 3), "SH": ("TP", 1), "SA": ("TE", 1)}


def _next_round(g: R.State, f: dict, inc: dict) -> float:
    """What the next round's scoring tile would pay for the buildings the faction has
    ready for it: those it could pay for with what it holds and the next income, where it
    has room (dwellings: a hex of its terrain ready next to its buildings, or one more).
    People plan their rounds around the tiles (40-60 VP from them, the agent about 17):
    with this the agent keeps what the next round pays for rather than spending it on
    something this round does not score, and digs ahead of a round that scores dwellings."""
    if not 1 <= g.round < 6:
        return 0.0
    vp_per, mode = SCORING[g.score_tiles[g.round]][:2]
    if mode != "build":
        return 0.0
    cost = FACTIONS[f["name"]]["cost"]
    w = f["W"] + inc.get("W", 0)
    c = f["C"] + inc.get("C", 0)
    total = 0.0
    for b, vp in vp_per.items():
        src, most = _FROM[b]
        room = most - f[b]
        if src:
            room = min(room, f[src])
        else:
            room = min(room, _frontier_counts(g, f)[0] + 1)
        price = cost[b]
        n = min(room, w // max(1, price["W"]), c // max(1, price["C"]))
        total += vp * max(0, n)
    return total


def _pass_vp(g: R.State, f: dict) -> float:
    """The VP passing now would score (bonus tile, FAV12, Engineers' bridges)."""
    vp = 0
    if f["bonus"]:
        for what, table in BONUS[f["bonus"]].get("pass_vp", {}).items():
            n = f["shipping"] if what == "ship" else f[what]
            vp += table[min(n, len(table) - 1)]
    if f["FAV12"]:
        vp += (0, 2, 3, 3, 4)[f["TP"]]
    return vp + pass_extra(g.bridges, f)


def _passed_share(g: R.State, player: str | None = None) -> float:
    """The share of the other factions that have passed this round, as ``player`` sees
    it (1 while the round's cult spades are dug): how near the next income phase is."""
    if g.round < 1:
        return 0.0
    if g.phase == "spades":
        return 1.0
    me = g.faction_of.get(player) if player else None
    others = [f for n, f in g.fac.items() if not f["dropped"] and n != me]
    if g.phase != "play" or not others:
        return 0.0
    return sum(1 for f in others if f["passed"]) / len(others)


def _time_left(g: R.State, player: str | None = None) -> float:
    """The share of the game still ahead, as ``player`` sees it: 1 when round 1 starts,
    0 when the game ends.

    The clock moves on when the *other* factions pass (by an equal step each), never by
    the player's own pass, and the end of a round is no step at all. Were the step taken
    by the player's own pass (or the round's end, which the last pass brings), passing
    would look like a loss whenever the player's future terms are bigger than its
    rival's, and a one-ply agent would rather trade resources away, one command at a
    time, than pass."""
    if g.round < 1:
        return 1.0
    me = g.faction_of.get(player) if player else None
    others = [f for n, f in g.fac.items() if not f["dropped"] and n != me]
    share = 0.0
    if g.phase == "spades":  # the round's play is over, its cult spades are being dug
        share = 1.0
    elif g.phase == "play" and others:
        share = sum(1 for f in others if f["passed"]) / len(others)
    return max(0.0, min(1.0, (7 - g.round - share) / 6))


def final_projection(g: R.State, memo: EstimateMemo | None = None) -> dict[str, float]:
    """What the final scoring would give each faction if the game ended now: the cult
    majorities and the largest-area bonus (shared places split, as the rules say)."""
    order = g.order
    if memo is None:
        return _final_points(g, [network_size(g, g.fac[n]) for n in order])
    bridges = tuple(g.bridges)
    nets = []
    for n in order:
        f = g.fac[n]
        # What network_size reads: the buildings, the reach over water and over land and
        # the bridges.
        key = ("net", f["locations"], shipping(f, with_bonus=False), f["carpet"],
               f["tunnel_cost"], bridges)
        nets.append(memo.kept(key, lambda f=f: network_size(g, f)))
    key = ("final", tuple(order), tuple(nets),
           tuple(g.fac[n][c] for n in order for c in CULTS))
    return dict(memo.kept(key, lambda: _final_points(g, nets)))


def _final_points(g: R.State, nets: list[int]) -> dict[str, float]:
    """The cult majorities and the area bonus, with ``nets`` the network sizes in order."""
    out = dict.fromkeys(g.order, 0.0)
    for c in CULTS:
        for n, v in rank_points({n: g.fac[n][c] for n in g.order}, (8, 4, 2)).items():
            out[n] += v
    for n, v in rank_points(dict(zip(g.order, nets, strict=True)), (18, 12, 6)).items():
        out[n] += v
    return out


def _with_favor(f: dict, tile: str) -> dict:
    """The faction with ``tile`` taken: its cult steps (and the power they bring) and the
    tile itself, nothing more owed (a sketch of the rules' take_favor, for valuing)."""
    h = dict(f)
    h[tile] = 1
    h["FAVOR"] = 0
    for c, n in FAVOR[tile][0].items():
        if c in CULTS:
            top = 10 if h["KEY"] else 9
            new = min(top, h[c] + n)
            for step, pw in CULT_POWER.items():
                if h[c] < step <= new:
                    gain_power(h, pw)
            h[c] = new
    return h


def _owed_favor(g: R.State, f: dict, final: dict, t: float, wt: Weights = DEFAULT) -> float:
    """What an owed favor tile is worth: a little less than the best tile left would
    add (so the agent takes it at once), valued with the tile's cult steps, income and
    building points. A one-ply agent then sees what a temple brings when it builds one."""
    base_f = dict(f, FAVOR=0)
    base = estimate(g, base_f, final, t, wt=wt)
    best = 0.0
    for tile in FAVOR:
        if g.pool.get(tile, 0) <= 0 or f[tile]:
            continue
        h = _with_favor(f, tile)
        fin = dict(final)
        fin[f["name"]] = final.get(f["name"], 0.0) + _cult_rank_delta(g, f, h)
        best = max(best, estimate(g, h, fin, t, wt=wt) - base)
    return wt.W["favor"] * best


def _cult_rank_delta(g: R.State, f: dict, h: dict) -> float:
    """The change in the faction's cult majority points if its tracks were ``h``'s."""
    d = 0.0
    for c in CULTS:
        if h[c] == f[c]:
            continue
        before = {n: g.fac[n][c] for n in g.order}
        after = dict(before)
        after[f["name"]] = h[c]
        d += (rank_points(after, (8, 4, 2)).get(f["name"], 0)
              - rank_points(before, (8, 4, 2)).get(f["name"], 0))
    return d


def estimate(g: R.State, f: dict, final: dict | None = None, t: float | None = None,  # noqa: C901 - one term per source of points, summed
             share: float | None = None, returning: str = "", wt: Weights = DEFAULT) -> float:
    """The faction's expected final score. Every term for the future fades as the rounds
    run out, so that in the last round the estimate is what the final scoring would give:
    ending the game (the last pass) is then no loss in itself."""
    v = float(f["VP"])
    if g.finished:
        return v
    left = _rounds_left(g)
    if t is None:
        t = _time_left(g, f["player"])
    if share is None:
        share = _passed_share(g, f["player"])
    W, LATE, EARLY, INCOME = wt.W, wt.LATE, wt.EARLY, wt.INCOME
    blend = W["receipt"] * share
    rate = {k: LATE[k] + (EARLY[k] - LATE[k]) * t for k in LATE}
    # A coin is never worth less than what the end converts it to (2 or 3 to a point):
    # trading coins for points before the last round would only lose.
    floor = 1 / coin_vp_rate(f) + 0.02 * t
    rate["C"] = max(rate["C"], floor)
    inc = _income(f)
    v += (_coins_value(f, inc, left, rate["C"], floor, wt) + f["W"] * rate["W"]
          + f["P"] * rate["P"])
    v += f["P3"] * rate["P3"] + f["P2"] * rate["P2"] + f["P1"] * rate["P1"]
    coming_p = inc.get("P", 0)
    if f["passed"] and f["bonus"]:
        coming_p += BONUS[f["bonus"]]["income"].get("P", 0)
    v += _priest_uses(f, rate, t, blend * coming_p, wt)
    if final is None:
        final = final_projection(g)
    v += final.get(f["name"], 0.0) * (0.5 + 0.5 * (1 - t))
    # Income still to come (and the bonus tile's, for the next round). A faction still
    # in the round counts what passing would bring (its tile's pass VP, the best tile
    # left), so that passing early is no gain in itself.
    if f["passed"]:
        if f["bonus"] and left:
            v += _tile_value(f["bonus"], 0, rate, blend, wt)
        if share >= 1 and W["pass_next"] and g.round < 6:
            # Everyone else has passed: the evaluating faction's pass ends the round, after
            # which every faction again counts what its next pass brings. Counted now, so
            # that ending the round is no jump in the rivals' estimates (the last to pass
            # traded coins for points, a loss, rather than pass).
            v += _pass_vp(g, f) + max((_tile_value(b, g.coins.get(b, 0) + 1, rate, blend, wt)
                                       for b, n in g.pool.items()
                                       if n and b.startswith("BON")), default=0.0)
    elif not f["dropped"]:
        v += _pass_vp(g, f)
        if g.round < 6:
            best_tile = max((_tile_value(b, g.coins.get(b, 0), rate, blend, wt)
                             for b, n in g.pool.items() if n and b.startswith("BON")),
                            default=0.0)
            if returning:
                # The evaluating faction's tile goes back to the supply when it passes:
                # counted as there already, or the pass that returns it would look like
                # a gift to a rival and the agent would put it off with trades that lose.
                best_tile = max(best_tile, _tile_value(returning, 0, rate, blend, wt))
            v += best_tile
    for k, n in inc.items():
        later = n * INCOME[k] * (0.5 + 0.5 * t) * W["income"]
        if left and blend and k in ("C", "W", "P"):
            # The next income phase's part moves to the rate of resources at hand.
            v += later * (left - 1) + later * (1 - blend) + n * rate[k] * blend
        else:
            v += later * left
    # Buildings: what they unlock and their weight in the network, while it can grow.
    nb = len(f["locations"])
    for b, w in wt.EXTRA.items():
        v += f[b] * w * t * W["extra"]
    v += (nb * W["building"] + min(nb, 5) * W["first"]) * t
    prepared, room = _frontier(g, f, wt)
    v += prepared * t
    v += room * t
    if f["D"] >= 8:  # no dwelling left in the supply (see W["full"])
        v -= W["full"] * (W["full_t"] * t + 1 - W["full_t"])
    v += _groups_value(g, f, wt) * t
    if W["next"] and not f["dropped"]:
        v += W["next"] * _next_round(g, f, inc)
    # Favor tiles held that pay per building or pass, for the time left.
    v += _favor_future(g, f, t)
    # What the current action still owes the faction: always less than taking it gives
    # (a share below 1 of the best favor tile, the worst town tile, one cult step), or an
    # agent that looks one command ahead would rather keep it owed than take it. Spades
    # at hand are worth nothing until spent (so they are spent on a building).
    owed_favor = _owed_favor(g, f, final, t, wt) if f["FAVOR"] and W["favor"] else 0.0
    v += W["spade"] * f["SPADE"] + f["FAVOR"] * owed_favor + f["TOWN"] * 5.0 + f["CULT"] * 0.05
    # Tracks: reach along rivers and cheaper spades pay off while there is room to build.
    v += (f["shipping"] * W["ship"] + f["digging"] * W["dig"]) * t
    # Cults: steps toward the majorities, and the round tiles' cult rewards still ahead.
    for c in CULTS:
        v += f[c] * W["cult_step"] * t
    for r in range(max(g.round, 1), 6):
        _, _, cult, req, reward, _ = SCORING[g.score_tiles[r - 1]]
        times = f["priests_out"] if cult == "CULT_P" else f[cult] // req
        for k, n in reward.items():
            v += times * n * INCOME.get(k, 0.4) * W["cult_bonus"]
    return v


def _hood(g: R.State, f: dict) -> set[int]:
    """The hexes an estimate of ``f`` reads: its buildings and their neighbours."""
    adj = g.adj
    out = set(f["locations"])
    for h in f["locations"]:
        out |= adj[h]
    return out


def evaluate(g: R.State, player: str, memo: EstimateMemo | None = None,
             wt: Weights = DEFAULT) -> float:
    """How good the position is for ``player``, in [-1, 1], by the weights ``wt``.
    ``memo`` (an agent's ``Evaluator`` keeps one) saves the estimates that the previous
    positions already worked out; the value is the same with it or without."""
    name = g.faction_of.get(player)
    if name is None or not g.fac:
        return 0.0
    W = wt.W
    if g.round < 1 and W["pick"] and not any(f["locations"] for f in g.fac.values()):
        # Factions are being picked: by how well the agent plays each (PLAYED).
        played = wt.PLAYED
        mine = played.get(name, 80)
        rivals = [played.get(n, 80) for n in g.fac if n != name]
        return math.tanh((mine - max(rivals, default=0)) / 60.0)
    final = final_projection(g, memo) if not g.finished else None
    t = _time_left(g, player)
    share = _passed_share(g, player)
    me = g.fac[name]
    returning = (me["bonus"] if W["pass_next"] and g.phase == "play" and not me["passed"]
                 else "")
    if memo is None:
        mine = estimate(g, me, final, t, share, wt=wt)
        others = [estimate(g, o, final, t, share, returning, wt) for n, o in g.fac.items()
                  if n != name and not o["dropped"]]
    else:
        # Everything an estimate reads but the faction, its final-scoring share and the
        # map (the memo checks the map itself).
        common = (wt, g.round, g.phase, g.finished, t, share, g.score_tiles,
                  tuple(g.pool.items()), tuple(g.coins.items()), tuple(g.bridges))
        scope = memo.scope(common)

        def est(f: dict, ret: str = "") -> float:
            if f["FAVOR"]:  # an owed favor tile's worth reads every faction's cults
                return estimate(g, f, final, t, share, ret, wt)
            key = (ret, final.get(f["name"]) if final else None, tuple(f.values()))
            return memo.value(scope, key, g, lambda: _hood(g, f),
                              lambda: estimate(g, f, final, t, share, ret, wt))

        mine = est(me)
        others = [est(o, returning) for n, o in g.fac.items()
                  if n != name and not o["dropped"]]
    best = max(others) if others else 0.0
    # The best opponent, blended with the opponents' mean: a gain of one rival (a leech
    # from a shared border) counts for less than one's own, so that factions build
    # next to each other as people do.
    if others and W["rival"] != 1.0:
        best = W["rival"] * best + (1 - W["rival"]) * sum(others) / len(others)
    # tanh, not a clip: a big lead must still tell a good move from a bad one.
    return math.tanh((mine - best) / 60.0)
