"""Corporate Era: the behaviour of its cards that the card data vocabulary cannot express.

The cards themselves are data (``data/cards_corporate_era.json``, loaded by ``cards``) in
the vocabulary of ``data/cards.json`` plus the few keys listed in ``CE_KEYS``. Which game
uses them is decided by its options (``cards.catalog``); nothing is registered anywhere.

This module sits between the base rules and the effects engine: it imports ``rules``
(and the data modules) only, and ``effects`` calls what is here. It holds

* play specials (``CE_SPECIAL_PLAY``), run by ``effects.play_card`` like the base ones;
* ``after_card_played``: triggers that fire when any card is played (Media Group, Saturn
  Systems, the end of Indentured Workers' discount);
* the helpers of cards that need a decision (Robotic Workforce, CEO's Favorite Project,
  Virus, Power Infrastructure, Viral Enhancers, Olympus Conference, Mars University, the
  look-at-the-deck cards, Land Claim), standard-project money back, special victory
  points, Hired Raiders' stealing and drawing by action.
"""

from __future__ import annotations

from collections.abc import Callable

from . import rules
from .board import ADJACENT, SPACES
from .cards import CE_CARDS, CE_CORPORATIONS, CE_CORPS, CE_DECK, Card, card
from .rules import INDENTURED, land_claim_spaces, protected
from .state import ENERGY, MC, PLANTS, RI, Player, State

__all__ = ["CE_CARDS", "CE_CORPORATIONS", "CE_CORPS", "CE_DECK", "land_claim_spaces", "protected"]

Special = Callable[[State, Player, list], None]

# Keys (and values) the Corporate Era data uses beyond the base vocabulary, with what reads them.
CE_KEYS: dict[str, str] = {
    "req.prod": "rules.requirement_problem: own production of a resource, e.g. {'titanium': 1}",
    "req.cities": "rules.requirement_problem: city tiles in play (anyone's, off-map included)",
    "vp.special": "card_vp: 'physics complex' (2 per resource), 'commercial district'",
    "action.draw": "action_draws: cards drawn by a blue action",
    "tile.where": "rules.legal_spaces: 'next_to_city', 'mining_next_to_own'",
    "choice.special": "'steal' (Hired Raiders: see stolen), or text for Virus' animals",
}

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


# -- money back, victory points, stealing, drawing ----------------------------------------


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


# -- cards whose play asks for a decision ---------------------------------------------------


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


def _can_reduce_someone(s: State, r: str, n: int) -> bool:
    # solo: the neutral player has any production a card must lower
    return len(s.names) == 1 or any(rules.can_lower_production(q, r, n) for q in s.players.values())


def robotic_workforce_targets(s: State, p: Player) -> list[str]:
    """Your building cards with a production box that can be carried out again in full:
    your own decreases paid, and some player able to lose the decrease of "any" player."""
    out = []
    for name in p.played:
        c = card(name)
        if name != "Robotic Workforce" and _building_prod(c) and all(
                n >= 0 or rules.can_lower_production(p, r, -n) for r, n in c.get("prod", {}).items()
        ) and all(_can_reduce_someone(s, r, n) for r, n in c.get("reduce", {}).items()):
            out.append(name)
    return out


def robotic_workforce_copy(s: State, p: Player, target: str, new: list) -> None:
    """Production changes again as printed, another player's decrease included (Heat
    Trappers, Biomass Combustors: a new target decision); per-count production counted
    anew; Mining Rights and Mining Area give the production of a mining tile's space."""
    c = card(target)
    for r, n in c.get("prod", {}).items():
        p.prod[RI[r]] += n
    for r, n in c.get("reduce", {}).items():
        new.append((p.name, "reduce", r, n))
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


def ceo_add(s: State, p: Player, target: str, new: list) -> None:
    p.card_res[target] = p.card_res.get(target, 0) + 1


def virus_targets(s: State, p: Player) -> list[str]:
    """Animal cards Virus may take from: not Pets, not behind another's Protected Habitats."""
    return [name for q in s.players.values() for name in q.played
            if card(name).get("resource") == "animal" and name != "Pets"
            and q.card_res.get(name, 0) > 0 and not protected(q, p.name, "animal")]


def virus_remove(s: State, p: Player, target: str, new: list) -> None:
    holder = next(q for q in s.players.values() if target in q.played)
    holder.card_res[target] -= min(2, holder.card_res.get(target, 0))


Targets = Callable[[State, Player], list[str]]
Apply = Callable[[State, Player, str, list], None]  # may push further decisions
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
