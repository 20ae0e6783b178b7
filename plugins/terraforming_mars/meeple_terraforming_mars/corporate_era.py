"""Corporate Era: its 71 project cards and 2 corporations, and the behaviour of those cards
that the card data vocabulary cannot express.

The cards are data in ``data/cards_corporate_era.json`` in the vocabulary of
``data/cards.json``, plus the few keys listed in ``CE_KEYS``. Nothing here is active
until ``register()`` adds the cards, corporations and play specials to the base module's
registries (the game calls it when the ``corporate-era`` option is on; it is idempotent).

Three kinds of behaviour live here:

* play specials (``CE_SPECIAL_PLAY``), run by ``effects.play_card`` like the base ones;
* ``after_card_played``: triggers that fire when any card is played (Media Group, Saturn
  Systems, the end of Indentured Workers' discount). ``register()`` chains it behind every
  entry of ``SPECIAL_PLAY`` until the base engine calls it itself;
* hooks for the base rules to call at one point each (requirements, costs, resource values,
  standard projects, victory points, placement, protection, stealing, drawing by action),
  and helpers for the cards that need a decision the base engine has no pending kind for
  yet (Robotic Workforce, CEO's Favorite Project, Virus, Power Infrastructure, Viral
  Enhancers, Olympus Conference, Mars University, the look-at-the-deck cards, Land Claim).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from . import cards as base_cards
from . import rules
from .board import ADJACENT, LAND, NOCTIS, SPACES
from .state import ENERGY, MC, PLANTS, RI, STEEL, TI, Player, State

# Only module objects are imported from the rules (and effects only inside register), so
# that the base modules may import this one at their top without an import cycle.

Card = dict[str, Any]
Special = Callable[[State, Player, list], None]


def _load(name: str, key: str) -> dict[str, Card]:
    raw = json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())
    return {c["name"]: c for c in raw[key]}


CE_CARDS: dict[str, Card] = _load("cards_corporate_era.json", "cards")
CE_CORPORATIONS: dict[str, Card] = _load("corporations_corporate_era.json", "corporations")
CE_DECK: tuple[str, ...] = tuple(CE_CARDS)
CE_CORPS: tuple[str, ...] = tuple(CE_CORPORATIONS)

# Keys (and values) the Corporate Era data uses beyond the base vocabulary, with what reads them.
CE_KEYS: dict[str, str] = {
    "req.prod": "requirement_problem: own production of a resource, e.g. {'titanium': 1}",
    "req.cities": "requirement_problem: city tiles in play (anyone's, off-map included)",
    "vp.special": "card_vp: 'physics complex' (2 per resource), 'commercial district'",
    "action.draw": "action_draws: cards drawn by a blue action",
    "tile.where": "legal_spaces: 'next_to_city', 'mining_next_to_own'",
    "choice.special": "'steal' (Hired Raiders: see stolen), or text for Virus' animals",
}

INDENTURED = "Indentured Workers"
# How many cards each look-at-the-deck card shows and how many the player keeps; "buy"
# means the one card may be bought for 3 M€ or discarded.
LOOK: dict[str, tuple[int, int | str]] = {
    "Business Contacts": (4, 2),
    "Invention Contest": (3, 1),
    "Inventors' Guild": (1, "buy"),
    "Business Network": (1, "buy"),
}


# -- play specials ---------------------------------------------------------------------------


def _terraforming_ganymede(s: State, p: Player, new: list) -> None:
    rules.raise_tr(p, rules.tag_count(p, "jovian"))  # the card is already in play, so it counts itself


def _toll_station(s: State, p: Player, new: list) -> None:
    p.prod[MC] += sum(rules.tag_count(q, "space") for q in s.players.values() if q is not p)


def _media_archives(s: State, p: Player, new: list) -> None:
    p.res[MC] += sum(len(q.events) for q in s.players.values())


def _indentured_workers(s: State, p: Player, new: list) -> None:
    # the discount waits in card_res under the event's name until the next card or the
    # end of the generation (see after_card_played and production_reset)
    p.card_res[INDENTURED] = 1


CE_SPECIAL_PLAY: dict[str, Special] = {
    "Terraforming Ganymede": _terraforming_ganymede,
    "Toll Station": _toll_station,
    "Media Archives": _media_archives,
    INDENTURED: _indentured_workers,
}


def card(name: str) -> Card:
    """A card or corporation, Corporate Era or base, whether or not registered yet."""
    return CE_CARDS.get(name) or CE_CORPORATIONS.get(name) or base_cards.card(name)


# -- triggers when a card is played ----------------------------------------------------------


def after_card_played(s: State, p: Player, name: str, new: list) -> None:
    """Effects of Corporate Era cards in play that a newly played card sets off."""
    c = card(name)
    if name != INDENTURED:
        p.card_res.pop(INDENTURED, None)
    if c["type"] == "event" and "Media Group" in p.played:
        p.res[MC] += 3
    jovian = c["tags"].count("jovian")
    if jovian:
        for q in s.players.values():
            if q.corp == "Saturn Systems":
                q.prod[MC] += jovian


def production_reset(p: Player) -> None:
    """At the end of a generation an unused Indentured Workers discount is lost."""
    p.card_res.pop(INDENTURED, None)


# -- hooks for the base rules ----------------------------------------------------------------


def requirement_problem(s: State, p: Player, name: str) -> str | None:
    """The Corporate Era requirement kinds: own production, cities in play."""
    req = card(name).get("req", {})
    for r, n in req.get("prod", {}).items():
        if p.prod[RI[r]] < n:
            return f"{name} needs {r} production of {n} (you have {p.prod[RI[r]]})"
    if "cities" in req and rules.cities(s) < req["cities"]:
        return f"{name} needs {req['cities']} cities in play (there are {rules.cities(s)})"
    return None


def cost_reduction(p: Player, name: str) -> int:
    """M€ off ``name``'s cost beyond the data discounts: Indentured Workers' 8."""
    return 8 if p.card_res.get(INDENTURED) and name != INDENTURED else 0


def steel_bonus(p: Player) -> int:
    return 1 if "Advanced Alloys" in p.played else 0


def titanium_bonus(p: Player) -> int:
    return 1 if "Advanced Alloys" in p.played else 0


def project_bonus(p: Player, kind: str) -> int:
    """M€ back after a standard project (selling patents is not one here)."""
    return 3 if "Standard Technology" in p.played and kind != "sell" else 0


def card_vp(s: State, p: Player, name: str) -> int | None:
    """Victory points of the Corporate Era ``vp.special`` rules, or None for other cards."""
    vp = card(name).get("vp")
    if not isinstance(vp, dict) or "special" not in vp:
        return None
    if vp["special"] == "physics complex":
        return 2 * p.card_res.get(name, 0)
    if vp["special"] == "commercial district":
        for sp, (kind, owner) in s.tiles.items():
            if kind == "commercial district" and owner == p.name:
                return sum(1 for a in ADJACENT[sp] if rules.is_city(s.tiles.get(a, ("", ""))[0]))
        return 0
    return None


def legal_spaces(s: State, player: str, where: str) -> list[str] | None:
    """Spaces for the Corporate Era placement rules, or None for a base rule."""
    free = [sp for sp in LAND if sp not in s.tiles and sp != NOCTIS]
    if where == "next_to_city":
        return [sp for sp in free
                if any(rules.is_city(s.tiles[a][0]) for a in ADJACENT[sp] if a in s.tiles)]
    if where == "mining_next_to_own":
        return [sp for sp in free if {"steel", "titanium"} & set(SPACES[sp].bonus)
                and any(s.tiles.get(a, ("", ""))[1] == player for a in ADJACENT[sp])]
    return None


def tile_placed(s: State, p: Player, space: str, source: str) -> None:
    """Mining Area raises the production of the bonus printed on its space."""
    if source == "Mining Area" and space in SPACES:
        p.prod[STEEL if "steel" in SPACES[space].bonus else TI] += 1


def protected(victim: Player, thief: str, what: str) -> bool:
    """Protected Habitats: opponents may not remove the owner's plants, animals, microbes."""
    return (victim.name != thief and "Protected Habitats" in victim.played
            and what in ("plants", "animal", "microbe"))


def stolen(s: State, thief: str, victim: str, res: str, n: int) -> int:
    """Hired Raiders: up to ``n`` of ``res`` move from the victim to the thief. Returns the
    amount moved."""
    q, p = s.players[victim], s.players[thief]
    take = min(n, q.res[RI[res]])
    q.res[RI[res]] -= take
    p.res[RI[res]] += take
    return take


def action_draws(name: str, option: int) -> int:
    opts = card(name).get("action", [])
    return opts[option].get("draw", 0) if 0 <= option < len(opts) else 0


# -- decisions the base engine has no pending kind for yet ----------------------------------


# The tile each mining card placed (the card data's tile names), to copy its production.
MINING_CARDS = {"Mining Rights": "mining", "Mining Area": "mining area"}


def _mining_bonus(s: State, p: Player, tile: str) -> str | None:
    for sp, (kind, owner) in sorted(s.tiles.items()):
        if kind == tile and owner == p.name and sp in SPACES:
            return "steel" if "steel" in SPACES[sp].bonus else "titanium"
    return None


def _building_prod(c: Card) -> bool:
    return "building" in c["tags"] and bool(
        c.get("prod") or c.get("prod_per") or c["name"] in MINING_CARDS)


def robotic_workforce_targets(s: State, p: Player) -> list[str]:
    """Your building cards with a production box whose decreases you can pay again."""
    out = []
    for name in p.played:
        c = card(name)
        if name != "Robotic Workforce" and _building_prod(c) and all(
                n >= 0 or rules.can_lower_production(p, r, -n) for r, n in c.get("prod", {}).items()):
            out.append(name)
    return out


def robotic_workforce_copy(s: State, p: Player, target: str) -> None:
    """Production changes again as printed; per-count production counted anew; Mining
    Rights and Mining Area give the production of a mining tile's space of yours."""
    c = card(target)
    for r, n in c.get("prod", {}).items():
        p.prod[RI[r]] += n
    for r, what in c.get("prod_per", {}).items():
        p.prod[RI[r]] += rules.count(s, p, what)
    if target in MINING_CARDS:
        bonus = _mining_bonus(s, p, MINING_CARDS[target])
        if bonus:
            p.prod[RI[bonus]] += 1


def ceo_targets(s: State, p: Player) -> list[str]:
    """Your cards in play that already hold at least one resource (the card says "a card",
    not "ANY card", which in this game's wording means one of your own)."""
    return [name for name in p.played if card(name).get("resource") and p.card_res.get(name, 0) > 0]


def ceo_add(s: State, p: Player, target: str) -> None:
    p.card_res[target] = p.card_res.get(target, 0) + 1


def virus_targets(s: State, p: Player) -> list[str]:
    """Animal cards Virus may take from: not Pets, not behind another's Protected Habitats."""
    return [name for q in s.players.values() for name in q.played
            if card(name).get("resource") == "animal" and name != "Pets"
            and q.card_res.get(name, 0) > 0 and not protected(q, p.name, "animal")]


def virus_remove(s: State, p: Player, target: str) -> None:
    holder = next(q for q in s.players.values() if target in q.played)
    holder.card_res[target] -= min(2, holder.card_res.get(target, 0))


Targets = Callable[[State, Player], list[str]]
Apply = Callable[[State, Player, str], None]
# Cards whose play asks for one card in play: who may be chosen, and what choosing does.
# The base engine needs one pending kind for these, e.g. (player, "pick", source).
PICKS: dict[str, tuple[Targets, Apply]] = {
    "Robotic Workforce": (robotic_workforce_targets, robotic_workforce_copy),
    "CEO's Favorite Project": (ceo_targets, ceo_add),
    "Virus": (virus_targets, virus_remove),  # its "animals" choice
}


def power_infrastructure(p: Player, n: int) -> None:
    """Spend ``n`` energy (0 < n <= energy held) for ``n`` M€."""
    if not 0 < n <= p.res[ENERGY]:
        raise ValueError(f"cannot spend {n} energy")
    p.res[ENERGY] -= n
    p.res[MC] += n


BIO_TAGS = ("plant", "microbe", "animal")


def viral_enhancers_triggers(p: Player, name: str) -> int:
    """How many Viral Enhancers choices playing ``name`` gives (one per bio tag)."""
    if "Viral Enhancers" not in p.played:
        return 0
    return sum(card(name)["tags"].count(t) for t in BIO_TAGS)


def viral_enhancers_options(p: Player, name: str) -> list[str]:
    """'plant' always; 'resource' when the played card holds plants', microbes or animals."""
    opts = ["plant"]
    if card(name).get("resource") in ("microbe", "animal") and name in p.played:
        opts.append("resource")
    return opts


def viral_enhancers_apply(p: Player, name: str, option: str) -> None:
    if option == "resource":
        p.card_res[name] = p.card_res.get(name, 0) + 1
    else:
        p.res[PLANTS] += 1


def science_triggers(p: Player, name: str) -> int:
    """Science tags on a newly played card (events count while played): each one is a
    Mars University and an Olympus Conference trigger."""
    return card(name)["tags"].count("science")


def olympus_conference(p: Player, draw: bool) -> int:
    """One Olympus Conference trigger: put a science resource here, or (if there is one)
    take it off to draw a card. Returns the number of cards to draw."""
    if draw and p.card_res.get("Olympus Conference", 0) > 0:
        p.card_res["Olympus Conference"] -= 1
        return 1
    p.card_res["Olympus Conference"] = p.card_res.get("Olympus Conference", 0) + 1
    return 0


def land_claim_spaces(s: State) -> list[str]:
    """Spaces Land Claim may mark: land not reserved (Noctis City's space is reserved)."""
    return [sp for sp in LAND if sp not in s.tiles and sp != NOCTIS]


# -- registration ----------------------------------------------------------------------------

_ORIGINAL_SPECIALS: dict[str, Special] = {}


def _chained(name: str) -> Special:
    original = _ORIGINAL_SPECIALS.get(name)

    def special(s: State, p: Player, new: list) -> None:
        if original is not None:
            original(s, p, new)
        after_card_played(s, p, name, new)

    special.corporate_era = True  # type: ignore[attr-defined]
    return special


def register() -> None:
    """Add the Corporate Era cards, corporations and specials to the base registries.
    Calling it again changes nothing."""
    from . import effects as base_effects

    clash = (set(CE_CARDS) | set(CE_CORPORATIONS)) & (
        {n for n in base_cards.CARDS if n not in CE_CARDS}
        | {n for n in base_cards.CORPORATIONS if n not in CE_CORPORATIONS})
    if clash:
        raise ValueError(f"Corporate Era names already used by the base game: {sorted(clash)}")
    base_cards.CARDS.update(CE_CARDS)
    base_cards.CORPORATIONS.update(CE_CORPORATIONS)
    base_cards._INDEX.update({n.lower(): n for n in (*CE_CARDS, *CE_CORPORATIONS)})
    specials = base_effects.SPECIAL_PLAY
    for name, fn in {**specials, **CE_SPECIAL_PLAY}.items():
        if not getattr(fn, "corporate_era", False):
            _ORIGINAL_SPECIALS.setdefault(name, fn)
    for name in base_cards.CARDS:
        if not getattr(specials.get(name), "corporate_era", False):
            specials[name] = _chained(name)


def unregister() -> None:
    """Undo ``register()`` (for tests that share a process with base-game tests)."""
    from . import effects as base_effects

    for name in CE_CARDS:
        base_cards.CARDS.pop(name, None)
    for name in CE_CORPORATIONS:
        base_cards.CORPORATIONS.pop(name, None)
    for name in (*CE_CARDS, *CE_CORPORATIONS):
        base_cards._INDEX.pop(name.lower(), None)
    specials = base_effects.SPECIAL_PLAY
    for name in list(specials):
        if getattr(specials[name], "corporate_era", False):
            del specials[name]
    for name, fn in _ORIGINAL_SPECIALS.items():
        if name not in CE_SPECIAL_PLAY:
            specials[name] = fn
    _ORIGINAL_SPECIALS.clear()


def registered() -> bool:
    return all(n in base_cards.CARDS for n in CE_CARDS)
