"""Card texts for people: cost, tags, requirement and what a card does, in our own words,
written from the card data (``data/*.json``) so that text and behaviour cannot drift."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, CORPORATIONS, lookup

RES_WORD = {"mc": "M€", "steel": "steel", "titanium": "titanium", "plants": "plants",
            "energy": "energy", "heat": "heat"}
WHERE = {
    "normal": "", "land": "on any land space", "ocean": "on an ocean space",
    "ocean_area": "on a space reserved for oceans", "volcanic": "on a volcanic space",
    "isolated": "next to no other tile", "urban": "next to at least 2 cities",
    "mining": "on a space with a steel or titanium bonus",
    "next_to_greenery": "next to a greenery", "next_to_city": "next to a city",
    "mining_next_to_own": "on a steel or titanium space next to a tile of yours",
    "noctis": "on Noctis City's reserved space", "phobos": "on Phobos (off Mars)",
    "ganymede": "on Ganymede (off Mars)",
}
ACTION_SPECIAL = {
    "reveal": "reveal the top card of the deck; a microbe tag puts a science resource here",
    "steal": "take 1 resource of this card's kind from another card (not Pets) and put it here",
    "look": "look at the top card of the deck and buy it for 3 M€ or discard it",
    "use": "spend any amount of energy to gain as many M€",
}


def _amounts(d: dict[str, int], what: str = "") -> str:
    return ", ".join(f"{n:+d} {RES_WORD.get(r, r)}{what}" for r, n in d.items())


def _count(n: int, resource: str) -> str:
    """``1 plant``, ``3 plants``, ``2 steel``."""
    word = RES_WORD.get(resource, resource)
    return f"{n} {word[:-1] if n == 1 and word == 'plants' else word}"


def requirement(c: dict[str, Any]) -> str:
    req = c.get("req", {})
    out = []
    for key, fmt in (("min_temp", "{} C or warmer"), ("max_temp", "{} C or colder"),
                     ("min_oxygen", "{} % oxygen or more"), ("max_oxygen", "{} % oxygen or less"),
                     ("min_oceans", "{} oceans or more"), ("max_oceans", "{} oceans or fewer"),
                     ("cities", "{} cities in play"), ("greenery", "{} greenery of yours")):
        if key in req:
            out.append(fmt.format(req[key]))
    out += [f"{n} {t} tag{'s' if n > 1 else ''}" for t, n in req.get("tags", {}).items()]
    out += [f"{RES_WORD[r]} production {n}" for r, n in req.get("prod", {}).items()]
    return ", ".join(out) or "none"


def effects(e: dict[str, Any]) -> list[str]:  # noqa: C901 - one phrase per effect kind of the card data
    """The immediate effects of a card body, a choice or an action, as short phrases."""
    out = []
    if e.get("pay"):
        out.append(f"pay {e['pay']} M€")
    if e.get("spend"):
        out.append("spend " + ", ".join(f"{n} {RES_WORD[r]}" for r, n in e["spend"].items()))
    if e.get("spend_here"):
        out.append(f"remove {e['spend_here']} resource(s) here")
    if e.get("lose_prod"):
        out.append("production " + _amounts({r: -n for r, n in e["lose_prod"].items()}))
    if e.get("prod"):
        out.append("production " + _amounts(e["prod"]))
    for r, what in e.get("prod_per", {}).items():
        out.append(f"+1 {RES_WORD[r]} production per {what.replace(':', ' ')}")
    gained = {r: n for r, n in e.get("gain", {}).items() if n > 0}
    lost = {r: -n for r, n in e.get("gain", {}).items() if n < 0}
    if gained:
        out.append("gain " + ", ".join(_count(n, r) for r, n in gained.items()))
    if lost:
        out.append("lose " + ", ".join(_count(n, r) for r, n in lost.items()))
    for r, what in e.get("gain_per", {}).items():
        out.append(f"gain 1 {RES_WORD[r]} per {what.replace(':', ' ')}")
    if e.get("tr"):
        out.append(f"raise your TR {e['tr']}")
    if e.get("temp"):
        out.append(f"raise the temperature {e['temp']} step{'s' if e['temp'] > 1 else ''}")
    if e.get("oxygen"):
        out.append(f"raise oxygen {e['oxygen']} step{'s' if e['oxygen'] > 1 else ''}")
    if e.get("oceans"):
        out.append(f"place {e['oceans']} ocean{'s' if e['oceans'] > 1 else ''}")
    tile = e.get("tile")
    if tile:
        where = WHERE.get(tile.get("where", "normal"), tile.get("where", ""))
        kind = tile.get("name", tile["type"])
        out.append(f"place {'an' if kind[0] in 'aeiou' else 'a'} {kind} tile" + (f" {where}" if where else ""))
    for r, n in e.get("remove", {}).items():
        verb = "steal" if e.get("special") == "steal" else "remove"
        out.append(f"{verb} up to {n} {RES_WORD[r]} from any player")
    for r, n in e.get("reduce", {}).items():
        out.append(f"lower any player's {RES_WORD[r]} production {n}")
    adds = e.get("add", [])
    for a in adds if isinstance(adds, list) else [adds]:
        out.append(f"add {a['n']} {a['type']}{'s' if a['n'] > 1 else ''} to "
                   f"{'any' if a.get('any') else 'another'} card")
    if e.get("add_other"):
        n = e["add_other"]["n"]
        out.append(f"add {n} {e['add_other']['type']}{'s' if n > 1 else ''} to another card")
    if e.get("add_here"):
        out.append(f"add {e['add_here']} resource(s) here")
    if e.get("draw"):
        out.append(f"draw {e['draw']} card{'s' if e['draw'] > 1 else ''}")
    special = e.get("special")
    if isinstance(special, str) and special != "steal":
        out.append(special)
    elif special is True and e.get("label") in ACTION_SPECIAL:
        out.append(ACTION_SPECIAL[e["label"]])
    return out


def vp_text(c: dict[str, Any]) -> str:
    vp = c.get("vp")
    if vp is None:
        return ""
    if isinstance(vp, int):
        return f"{vp} VP"
    if "res_per" in vp:
        return f"1 VP per {vp['res_per']} resource{'s' if vp['res_per'] > 1 else ''} here"
    if "tag" in vp:
        return f"1 VP per {vp['tag']} tag"
    if "cities" in vp:
        return f"1 VP per {vp['cities']} cities in play"
    return {"search": "3 VP with a science resource here",
            "capital": "1 VP per ocean next to the capital",
            "physics complex": "2 VP per science resource here",
            "commercial district": "1 VP per city next to it"}.get(vp.get("special", ""), "")


def card_text(name: str) -> str:
    """One card, in a few lines: header, requirement, what it does, its VP."""
    if name in CORPORATIONS:
        c = CORPORATIONS[name]
        lines = [f"{name} (corporation; tags: {', '.join(c['tags']) or 'none'})",
                 f"  start: {c['mc']} M€" + (f", production {_amounts(c['prod'])}" if c.get("prod") else "")
                 + (f", {_amounts(c['gain'])}" if c.get("gain") else "")]
        if c.get("first_action"):
            lines.append(f"  first action: {'place a city' if c['first_action'] == 'city' else 'draw 3 cards'}")
        if c.get("effect"):
            lines.append(f"  effect: {c['effect']}")
        for o in c.get("action", []):
            lines.append(f"  action ({o['label']}): {'; '.join(effects(o))}")
        return "\n".join(lines)
    c = CARDS[name]
    lines = [f"{name} ({c['cost']} M€, {c['type']}; tags: {', '.join(c['tags']) or 'none'})",
             f"  requires: {requirement(c)}"]
    body = effects(c)
    if body:
        lines.append(f"  when played: {'; '.join(body)}")
    if c.get("effect"):
        lines.append(f"  effect: {c['effect']}")
    if c.get("discount"):
        d = c["discount"]
        lines.append(f"  effect: cards{' tagged ' + d['tag'] if d.get('tag') else ''} "
                     f"cost {d['amount']} M€ less")
    for o in c.get("action", []):
        lines.append(f"  action ({o['label']}): {'; '.join(effects(o)) or 'see the effect'}")
    for o in c.get("choice", []):
        lines.append(f"  or ({o['label']}): {'; '.join(effects(o))}")
    if c.get("resource"):
        lines.append(f"  holds {c['resource']} resources")
    vp = vp_text(c)
    if vp:
        lines.append(f"  scores: {vp}")
    return "\n".join(lines)


def discount_text(d: dict[str, Any]) -> str:
    tag = d.get("tag")
    article = "an" if tag and tag[0] in "aeiou" else "a"
    return (f"your cards{f' with {article} {tag} tag' if tag else ''} cost "
            f"{d['amount']} M€ less")


def all_effects(c: dict[str, Any]) -> list[str]:
    """Everything a card does, as phrases: when played (with an either-or choice), its
    lasting effect and discount, its actions, the resources it holds."""
    out = effects(c)
    if c.get("choice"):
        out.append("either " + " or ".join(
            f"{'; '.join(effects(o)) or o['label']}" for o in c["choice"]))
    if c.get("discount"):
        out.append(discount_text(c["discount"]))
    if c.get("effect"):
        out.append(c["effect"])
    out += [f"action: {'; '.join(effects(o)) or 'see the effect'}" for o in c.get("action", [])]
    if c.get("resource"):
        start = c.get("start_res", 0)
        out.append(f"holds {c['resource']} resources" + (f" (starts with {start})" if start else ""))
    return out


def hand_line(name: str, cost: int) -> str:
    """One line per card in hand: cost to you, tags, requirement, all it does, its VP."""
    c = CARDS[name]
    vp = vp_text(c)
    what = "; ".join(all_effects(c) + ([vp] if vp else [])) or "no effect"
    return f"{name} [{cost} M€; {', '.join(c['tags']) or 'no tags'}; req {requirement(c)}] {what}"


def explain(topic: str) -> str | None:
    """The text of the card or corporation ``topic`` names (any letter case), or None."""
    name = lookup(topic)
    if name is None:
        return None
    return card_text(name)
