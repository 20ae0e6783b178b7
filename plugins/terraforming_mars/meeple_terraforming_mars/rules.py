"""Rules over the state, used by ``decide``: checking what is allowed and working out what
an event does (``flow.apply_rules``; fold only applies the recorded result). Every
function here is deterministic; none draws random numbers.

This is the bottom layer of the rules: it knows the card data (``cards``) but no card
effect module. The imports run one way: ``rules`` <- ``corporate_era`` (the Corporate Era
cards' own behaviour) <- ``effects`` (playing cards, actions, pending decisions) <-
``flow``, ``checks``, ``scoring`` <- ``game``. The Corporate Era rule kinds the base rules
need (production and city requirements, Indentured Workers' discount, Advanced Alloys,
the two placement rules, Mining Area, Protected Habitats) are plain rules here.

Effects that need a player's decision are not resolved here: they are pushed as pending
decisions (tuples ``(player, kind, *args)``) that the game asks for before play goes on.
"""

from __future__ import annotations

from collections import Counter

from .board import ADJACENT, LAND, NOCTIS, OCEAN_SPACES, OFF_MAP, SPACES, VOLCANIC
from .cards import CARDS, CORPORATIONS, card
from .state import (
    ENERGY,
    HEAT,
    MAX_OCEANS,
    MAX_OXYGEN,
    MAX_TEMP_STEP,
    MC,
    MIN_PROD,
    PLANTS,
    RI,
    STEEL,
    TI,
    Player,
    State,
)

CITY_KINDS = ("city", "capital")
MILESTONES = ("Terraformer", "Mayor", "Gardener", "Builder", "Planner")
AWARDS = ("Landlord", "Banker", "Scientist", "Thermalist", "Miner")
AWARD_COSTS = (8, 14, 20)
PROJECTS = {"power": 11, "asteroid": 14, "aquifer": 18, "greenery": 23, "city": 25}
INDENTURED = "Indentured Workers"

# -- counting -------------------------------------------------------------------------------


def tags(p: Player) -> Counter:
    """Tags in play: face-up project cards and the corporation (events do not count)."""
    out: Counter = Counter()
    for name in p.played:
        out.update(CARDS[name]["tags"])
    if p.corp:
        out.update(CORPORATIONS[p.corp]["tags"])
    return out


def tag_count(p: Player, tag: str) -> int:
    n = sum(CARDS[c]["tags"].count(tag) for c in p.played)
    return n + (CORPORATIONS[p.corp]["tags"].count(tag) if p.corp else 0)


def is_city(kind: str) -> bool:
    return kind in CITY_KINDS


def cities(s: State, owner: str | None = None, on_mars: bool = False) -> int:
    return sum(1 for sp, (k, o) in s.tiles.items()
               if is_city(k) and (owner is None or o == owner) and not (on_mars and sp in OFF_MAP))


def greeneries(s: State, owner: str) -> int:
    return sum(1 for k, o in s.tiles.values() if k == "greenery" and o == owner)


def tiles_owned(s: State, owner: str) -> int:
    return sum(1 for _, o in s.tiles.values() if o == owner)


def count(s: State, p: Player, what: str) -> int:
    """The counters card data may name: cities, cities_on_mars, tag:NAME, tag:NAME/N."""
    if what == "cities":
        return cities(s)
    if what == "cities_on_mars":
        return cities(s, on_mars=True)
    if what.startswith("tag:"):
        tag, _, div = what[4:].partition("/")
        return tag_count(p, tag) // int(div or 1)
    raise ValueError(what)


# -- global parameters ------------------------------------------------------------------------


def raise_tr(p: Player, n: int = 1) -> None:
    p.tr += n
    if n > 0:
        p.tr_raised = True


def raise_temp(s: State, p: Player, steps: int, new: list) -> None:
    for _ in range(steps):
        if s.temp >= MAX_TEMP_STEP:
            return
        s.temp += 1
        raise_tr(p)
        if s.temp_c in (-24, -20):
            p.prod[HEAT] += 1
        elif s.temp_c == 0 and s.oceans < MAX_OCEANS:
            new.append((p.name, "place", "ocean", "ocean", ""))


def raise_oxygen(s: State, p: Player, steps: int, new: list) -> None:
    for _ in range(steps):
        if s.oxygen >= MAX_OXYGEN:
            return
        s.oxygen += 1
        raise_tr(p)
        if s.oxygen == 8:
            raise_temp(s, p, 1, new)


# -- requirements and costs -------------------------------------------------------------------


def tolerance(p: Player) -> int:
    return 2 * (p.corp == "Inventrix") + 2 * ("Adaptation Technology" in p.played) + 2 * p.special_design


def requirement_problem(s: State, p: Player, name: str) -> str | None:
    """Why ``p`` may not play ``name`` now, or None. Global requirements get the player's
    tolerance in steps (2 degrees per temperature step, 1 % oxygen, 1 ocean)."""
    req = CARDS[name].get("req", {})
    tol = tolerance(p)
    t = s.temp
    if "min_temp" in req and t < (req["min_temp"] + 30) // 2 - tol:
        return f"{name} needs {req['min_temp']} C or warmer (it is {s.temp_c} C)"
    if "max_temp" in req and t > (req["max_temp"] + 30) // 2 + tol:
        return f"{name} needs {req['max_temp']} C or colder (it is {s.temp_c} C)"
    if "min_oxygen" in req and s.oxygen < req["min_oxygen"] - tol:
        return f"{name} needs {req['min_oxygen']} % oxygen (it is {s.oxygen} %)"
    if "max_oxygen" in req and s.oxygen > req["max_oxygen"] + tol:
        return f"{name} needs at most {req['max_oxygen']} % oxygen (it is {s.oxygen} %)"
    if "min_oceans" in req and s.oceans < req["min_oceans"] - tol:
        return f"{name} needs {req['min_oceans']} oceans (there are {s.oceans})"
    if "max_oceans" in req and s.oceans > req["max_oceans"] + tol:
        return f"{name} needs at most {req['max_oceans']} oceans (there are {s.oceans})"
    have = tags(p)
    for tag, n in req.get("tags", {}).items():
        if have[tag] < n:
            return f"{name} needs {n} {tag} tag(s) in play (you have {have[tag]})"
    if req.get("greenery") and greeneries(s, p.name) < req["greenery"]:
        return f"{name} needs a greenery tile of yours"
    # the Corporate Era requirement kinds: own production, cities in play
    for r, n in req.get("prod", {}).items():
        if p.prod[RI[r]] < n:
            return f"{name} needs {r} production of {n} (you have {p.prod[RI[r]]})"
    if "cities" in req and cities(s) < req["cities"]:
        return f"{name} needs {req['cities']} cities in play (there are {cities(s)})"
    return None


def card_cost(p: Player, name: str) -> int:
    c = CARDS[name]
    cost = c["cost"]
    for src in (*p.played, p.corp):
        d = card(src).get("discount") if src else None
        if d and (not d.get("tag") or d["tag"] in c["tags"]):
            cost -= d["amount"]
    # Indentured Workers: 8 M€ off the next card this generation (held in card_res)
    if p.card_res.get(INDENTURED) and name != INDENTURED:
        cost -= 8
    return max(0, cost)


def steel_value(p: Player) -> int:
    return 2 + ("Advanced Alloys" in p.played)


def titanium_value(p: Player) -> int:
    return 3 + (p.corp == "PhoboLog") + ("Advanced Alloys" in p.played)


def greenery_cost(p: Player) -> int:
    return 7 if p.corp == "EcoLine" else 8


def project_cost(p: Player, kind: str) -> int:
    return PROJECTS[kind] - (3 if kind == "power" and p.corp == "Thorgate" else 0)


def payments(cost: int, p: Player, steel: bool, titanium: bool, heat: bool,
             mc_limit: int | None = None) -> list[tuple[int, int, int, int]]:
    """Canonical payment splits (mc, steel, titanium, heat) for ``cost``: M€ only, and the
    splits that use as much of each allowed resource as helps (rounded down and up)."""
    mc_have = p.res[MC] if mc_limit is None else mc_limit
    sv, tv = steel_value(p), titanium_value(p)
    out: list[tuple[int, int, int, int]] = []

    def options(have: int, unit: int, rest: int) -> set[int]:
        if have <= 0 or rest <= 0:
            return {0}
        return {0, min(have, rest // unit), min(have, -(-rest // unit))}

    for t in sorted(options(p.res[TI] if titanium else 0, tv, cost)):
        r1 = cost - t * tv
        for st in sorted(options(p.res[STEEL] if steel else 0, sv, r1)):
            r2 = r1 - st * sv
            hs = {0, min(p.res[HEAT], max(0, r2))} if heat else {0}
            for h in sorted(hs):
                mc = max(0, r2 - h)
                if mc <= mc_have and valid_payment(cost, mc, st, t, h, sv, tv):
                    if (mc, st, t, h) not in out:
                        out.append((mc, st, t, h))
    return out


def valid_payment(cost: int, mc: int, st: int, t: int, h: int, sv: int, tv: int) -> bool:
    """Exactly the cost, except that steel or titanium may overpay by less than one cube."""
    other = st * sv + t * tv + h
    if mc != max(0, cost - other):
        return False
    if other <= cost:
        return True
    units = [u for u, n in ((sv, st), (tv, t), (1, h)) if n]
    return h == 0 and other - min(units) < cost


# -- tiles ------------------------------------------------------------------------------------------


def _free_land(s: State) -> list[str]:
    return [sp for sp in LAND if sp not in s.tiles and sp != NOCTIS]


def legal_spaces(s: State, player: str, tile: str, where: str) -> list[str]:
    """The spaces where ``player`` may put ``tile`` under the placement rule ``where``
    (never on a space another player claimed with Land Claim)."""
    spaces = _legal_spaces(s, player, tile, where)
    if s.claims:
        spaces = [sp for sp in spaces if s.claims.get(sp, player) == player]
    return spaces


def _legal_spaces(s: State, player: str, tile: str, where: str) -> list[str]:
    if where == "noctis":
        return [] if NOCTIS in s.tiles else [NOCTIS]
    if where == "ocean" or where == "ocean_area":
        return [sp for sp in OCEAN_SPACES if sp not in s.tiles]
    if where == "volcanic":
        return [sp for sp in VOLCANIC if sp not in s.tiles]
    land = _free_land(s)
    if where == "isolated":
        return [sp for sp in land if not any(a in s.tiles for a in ADJACENT[sp])]
    if where == "urban":
        return [sp for sp in land
                if sum(1 for a in ADJACENT[sp] if a in s.tiles and is_city(s.tiles[a][0])) >= 2]
    if where == "mining":
        return [sp for sp in land if {"steel", "titanium"} & set(SPACES[sp].bonus)]
    if where == "next_to_greenery":
        return [sp for sp in land if any(s.tiles.get(a, ("",))[0] == "greenery" for a in ADJACENT[sp])]
    if where == "land":
        return land
    if where == "next_to_city":
        return [sp for sp in land
                if any(is_city(s.tiles[a][0]) for a in ADJACENT[sp] if a in s.tiles)]
    if where == "mining_next_to_own":
        return [sp for sp in land if {"steel", "titanium"} & set(SPACES[sp].bonus)
                and any(s.tiles.get(a, ("", ""))[1] == player for a in ADJACENT[sp])]
    if tile in CITY_KINDS:
        near_city = {a for sp, (k, _) in s.tiles.items() if k in CITY_KINDS and sp in ADJACENT
                     for a in ADJACENT[sp]}
        return [sp for sp in land if sp not in near_city]
    if tile == "greenery":
        near_mine = {a for sp, (_, o) in s.tiles.items() if o == player and sp in ADJACENT
                     for a in ADJACENT[sp]}
        mine = [sp for sp in land if sp in near_mine]
        return mine or land
    return land


def can_place(s: State, player: str, tile: str, where: str) -> bool:
    if where in OFF_MAP:
        return where not in s.tiles
    if tile == "ocean" and s.oceans >= MAX_OCEANS:
        return True  # a maxed parameter never blocks a card; the tile is simply not placed
    return bool(legal_spaces(s, player, tile, where))


def place_tile(s: State, p: Player, space: str, tile: str, source: str, new: list) -> None:
    """Put a tile down with its placement bonuses (cards drawn come as their own event),
    ocean adjacency money, parameter raises and the effects it triggers."""
    owner = "" if tile == "ocean" else p.name
    s.tiles[space] = (tile, owner)
    s.claims.pop(space, None)
    if space in SPACES:
        sp = SPACES[space]
        for b in sp.bonus:
            if b != "cards":
                p.res[RI[b]] += 1
        p.res[MC] += 2 * sum(1 for a in ADJACENT[space] if s.tiles.get(a, ("",))[0] == "ocean")
        if p.corp == "Mining Guild" and {"steel", "titanium"} & set(sp.bonus):
            p.prod[STEEL] += 1
        if source in ("Mining Rights", "Mining Area"):
            p.prod[STEEL if "steel" in sp.bonus else TI] += 1
    if tile == "ocean":
        s.oceans += 1
        raise_tr(p)
        if source == "Flooding" and any(s.tiles.get(a, ("", ""))[1] for a in ADJACENT[space]):
            new.append((p.name, "flood", space))
    elif tile == "greenery":
        raise_oxygen(s, p, 1, new)
    for q in s.players.values():
        _tile_triggers(s, q, p, tile, space)


def _tile_triggers(s: State, q: Player, placer: Player, tile: str, space: str) -> None:
    if tile == "ocean" and "Arctic Algae" in q.played:
        q.res[PLANTS] += 2
    if is_city(tile):
        if "Rover Construction" in q.played:
            q.res[MC] += 2
        if "Pets" in q.played:
            q.card_res["Pets"] += 1
        if "Immigrant City" in q.played:
            q.prod[MC] += 1
        if q.corp == "Tharsis Republic":
            if space not in OFF_MAP:
                q.prod[MC] += 1
            if q is placer:
                q.res[MC] += 3
    if tile == "greenery" and q is placer and "Herbivores" in q.played:
        q.card_res["Herbivores"] += 1


# -- pending decisions ---------------------------------------------------------------------------


def resource_cards(s: State, rtype: str, owner: str | None, exclude: str = "") -> list[str]:
    """Cards in play that hold ``rtype`` resources (of ``owner``, or anyone's if None)."""
    out = []
    for p in s.players.values():
        if owner is not None and p.name != owner:
            continue
        for name in p.played:
            if CARDS[name].get("resource") == rtype and name != exclude:
                out.append(name)
    return out


def owner_of(s: State, name: str) -> Player | None:
    for p in s.players.values():
        if name in p.played:
            return p
    return None


def steal_sources(s: State, rtype: str, thief: str) -> list[str]:
    """Cards with at least one ``rtype`` for the card ``thief`` to take: never from Pets,
    nor from an opponent's cards behind Protected Habitats."""
    taker = owner_of(s, thief)
    out = []
    for c in resource_cards(s, rtype, None, exclude=thief):
        owner = owner_of(s, c)
        if c != "Pets" and owner.card_res.get(c, 0) > 0 and not protected(
                owner, taker.name if taker else "", rtype):
            out.append(c)
    return out


def protected(victim: Player, thief: str, what: str) -> bool:
    """Protected Habitats: opponents may not remove the owner's plants, animals, microbes."""
    return (victim.name != thief and "Protected Habitats" in victim.played
            and what in ("plants", "animal", "microbe"))


def land_claim_spaces(s: State) -> list[str]:
    """Spaces Land Claim may mark: land not reserved (Noctis City's space is reserved)."""
    return [sp for sp in LAND if sp not in s.tiles and sp != NOCTIS]


def flood_targets(s: State, player: str, space: str) -> list[str]:
    owners = {s.tiles[a][1] for a in ADJACENT[space] if a in s.tiles}
    return sorted(o for o in owners if o and o != player and o in s.players)


def add_targets(s: State, item: tuple) -> list[str]:
    player, _, rtype, _, mode, source = item
    return resource_cards(s, rtype, None if mode == "any" else player, exclude=source)


# -- production and scoring ------------------------------------------------------------------------


def production(s: State) -> None:
    for p in s.players.values():
        p.res[HEAT] += p.res[ENERGY]
        p.res[ENERGY] = 0
        p.res[MC] += p.prod[MC] + p.tr
        for i in range(1, 6):
            p.res[i] += p.prod[i]
        p.used = []
        p.card_res.pop(INDENTURED, None)  # an unused Indentured Workers discount is lost
        p.tr_raised = False
        p.special_design = False
        p.passed = False


def lower_production(p: Player, res: str, n: int) -> None:
    i = RI[res]
    p.prod[i] = max(MIN_PROD[i], p.prod[i] - n)


def can_lower_production(p: Player, res: str, n: int) -> bool:
    i = RI[res]
    return p.prod[i] - n >= MIN_PROD[i]
