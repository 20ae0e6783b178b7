"""What an event did, recorded in the event: ``Delta``, the outcome decide computed.

Events are facts (docs/architecture.md): decide runs the rules (``flow.apply_rules``) on
a scratch state and records the difference as the event's ``delta``; ``fold`` applies
the delta and nothing else (no rules, no validation). So a stored game keeps its recorded
outcome whatever the rules say later, and ``meeple verify`` (which re-derives each event
from its command) reports the first event whose outcome today's rules would change.

A delta holds, per player, the change of every counter (resources, production, TR, the
resources on cards), the cards that left and joined each card list (hand, played, offer,
...), and for the table the tiles placed, the parameter steps, milestones and awards
taken, the deck and discard changes and the new decision queue. Card names another
player may not see are replaced by ``?`` in ``redact``.
"""

from __future__ import annotations

import attrs

from .state import RES, State

# A stored delta names game concepts, never Python attributes: each table maps the name a
# log records (docs/games/terraforming-mars.md, "What a delta records") to the attribute
# of the state that holds it, so renaming an attribute changes the right-hand side here
# and no stored log.
#: A player's card lists: the hand, the cards played (project cards with tags, events
#: played), the blue actions used this generation, the cards offered (research, a look,
#: the corporations dealt), the cards drafted and those marked to keep.
PLAYER_LISTS = {"hand": "hand", "played": "played", "events": "events", "used": "used",
                "offer": "offer", "corp_offer": "corp_offer", "drafted": "drafted",
                "marked": "marked"}
SECRET_LISTS = ("hand", "offer", "corp_offer", "drafted", "marked")
#: A player's flags: passed this generation, TR raised this generation (the UNMI
#: action), Special Design's next requirement, the first action of the turn taken.
PLAYER_FLAGS = {"passed": "passed", "tr_raised": "tr_raised",
                "special_design": "special_design", "first_done": "first_done"}
#: The table's counters: the generation, its first player, the player to act, the
#: actions taken in the turn.
TABLE_VALUES = {"generation": "generation", "first": "first", "current": "current",
                "actions": "actions"}
#: The global parameters, in steps: temperature, oxygen, oceans placed.
TABLE_STEPS = {"temp": "temp", "oxygen": "oxygen", "oceans": "oceans"}


@attrs.frozen
class Delta:
    # (player, counter, change): counters "mc".."heat", "prod:mc".."prod:heat", "tr",
    # and "card:NAME" for the resources on a card
    counts: tuple[tuple[str, str, int], ...] = ()
    # (player, card) whose resource entry is gone (Indentured Workers' discount used up)
    dropped: tuple[tuple[str, str], ...] = ()
    # (player, list, cards removed, cards appended) for the lists in PLAYER_LISTS
    cards: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = ()
    flags: tuple[tuple[str, str, bool], ...] = ()  # (player, flag, new value)
    corps: tuple[tuple[str, str], ...] = ()  # (player, corporation) chosen
    steps: tuple[tuple[str, int], ...] = ()  # temperature, oxygen, oceans steps raised
    values: tuple[tuple[str, int], ...] = ()  # generation, first, current, actions: new values
    phase: str = ""  # the new phase, or "" when unchanged
    tiles: tuple[tuple[str, str, str], ...] = ()  # (space, tile, owner) placed
    claims: tuple[tuple[str, str], ...] | None = None  # Land Claim reservations, when changed
    milestones: tuple[tuple[str, str], ...] = ()  # (milestone, player) claimed
    awards: tuple[tuple[str, str], ...] = ()  # (award, player) funded
    deck_taken: int = 0  # cards taken off the top of the deck
    deck_added: tuple[str, ...] = ()  # cards put under the deck (a reshuffle)
    discard_cleared: bool = False
    discard_added: tuple[str, ...] = ()
    # the decision queue, when changed; numbers in items are written "=N" (items mix
    # names and counts, and a stored event must read back exactly as it was made)
    pending: tuple[tuple[str, ...], ...] | None = None
    scores: tuple[tuple[str, int], ...] = ()  # final scores recorded (the game's end)


def _enc(item: tuple) -> tuple[str, ...]:
    return tuple(f"={x}" if isinstance(x, int) else x for x in item)


def _dec(item: tuple[str, ...]) -> tuple:
    return tuple(int(x[1:]) if x.startswith("=") else x for x in item)


def _list_change(old: list[str], new: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Cards removed (first occurrences) and appended that turn ``old`` into ``new``."""
    removed = list(old)
    for c in new:
        if c in removed:
            removed.remove(c)
    kept = list(old)
    for c in removed:
        kept.remove(c)
    if new[:len(kept)] == kept:
        return tuple(removed), tuple(new[len(kept):])
    return tuple(old), tuple(new)  # reordered: everything out, then everything in


def diff(a: State, b: State) -> Delta:
    """The delta that takes state ``a`` to state ``b`` (``apply(a.copy(), diff(a, b)) == b``)."""
    counts, dropped, cards, flags, corps = [], [], [], [], []
    for n in a.names:
        p, q = a.players[n], b.players[n]
        for i, r in enumerate(RES):
            if p.res[i] != q.res[i]:
                counts.append((n, r, q.res[i] - p.res[i]))
            if p.prod[i] != q.prod[i]:
                counts.append((n, f"prod:{r}", q.prod[i] - p.prod[i]))
        if p.tr != q.tr:
            counts.append((n, "tr", q.tr - p.tr))
        for c, v in q.card_res.items():
            if c not in p.card_res or p.card_res[c] != v:
                counts.append((n, f"card:{c}", v - p.card_res.get(c, 0)))
        dropped += [(n, c) for c in p.card_res if c not in q.card_res]
        for name, attr in PLAYER_LISTS.items():
            old, new = getattr(p, attr), getattr(q, attr)
            if old != new:
                cards.append((n, name, *_list_change(old, new)))
        flags += [(n, f, getattr(q, attr)) for f, attr in PLAYER_FLAGS.items()
                  if getattr(p, attr) != getattr(q, attr)]
        if p.corp != q.corp:
            corps.append((n, q.corp))
    steps = tuple((k, getattr(b, attr) - getattr(a, attr)) for k, attr in TABLE_STEPS.items()
                  if getattr(a, attr) != getattr(b, attr))
    values = tuple((k, getattr(b, attr)) for k, attr in TABLE_VALUES.items()
                   if getattr(a, attr) != getattr(b, attr))
    tiles = tuple((sp, *t) for sp, t in b.tiles.items() if a.tiles.get(sp) != t)
    taken = next(k for k in range(len(a.deck) + 1)
                 if b.deck[:len(a.deck) - k] == a.deck[k:])
    deck_added = tuple(b.deck[len(a.deck) - taken:])
    if b.discard[:len(a.discard)] == a.discard:
        cleared, discard_added = False, tuple(b.discard[len(a.discard):])
    else:
        cleared, discard_added = True, tuple(b.discard)
    return Delta(
        counts=tuple(counts), dropped=tuple(dropped), cards=tuple(cards), flags=tuple(flags),
        corps=tuple(corps), steps=steps, values=values,
        phase=b.phase if a.phase != b.phase else "", tiles=tiles,
        claims=tuple(b.claims.items()) if a.claims != b.claims else None,
        milestones=tuple((k, v) for k, v in b.milestones.items() if k not in a.milestones),
        awards=tuple((k, v) for k, v in b.awards.items() if k not in a.awards),
        deck_taken=taken, deck_added=deck_added, discard_cleared=cleared,
        discard_added=discard_added,
        pending=tuple(_enc(it) for it in b.pending) if a.pending != b.pending else None,
        scores=tuple((k, v) for k, v in b.scores.items() if a.scores.get(k) != v),
    )


def apply(s: State, d: Delta) -> State:  # noqa: C901 - one flat pass over the parts: a call per part would cost every replay step
    """Apply a recorded delta: plain data changes, no rules."""
    # Every replay and every search step runs this, and most deltas leave most parts
    # empty: each part is tested before it is walked, and the counters are applied inline.
    if d.counts:
        players = s.players
        for n, key, v in d.counts:
            p = players[n]
            if key == "tr":
                p.tr += v
            elif key.startswith("card:"):
                name = key[5:]
                p.card_res[name] = p.card_res.get(name, 0) + v
            elif key.startswith("prod:"):
                p.prod[RES.index(key[5:])] += v
            else:
                p.res[RES.index(key)] += v
    for n, c in d.dropped:
        s.players[n].card_res.pop(c, None)
    for n, name, removed, added in d.cards:
        cards = getattr(s.players[n], PLAYER_LISTS[name])
        for c in removed:
            cards.remove(c)
        cards.extend(added)
    for n, f, v in d.flags:
        setattr(s.players[n], PLAYER_FLAGS[f], v)
    for n, corp in d.corps:
        s.players[n].corp = corp
    for k, v in d.steps:
        attr = TABLE_STEPS[k]
        setattr(s, attr, getattr(s, attr) + v)
    for k, v in d.values:
        setattr(s, TABLE_VALUES[k], v)
    if d.phase:
        s.phase = d.phase
    for sp, tile, owner in d.tiles:
        s.tiles[sp] = (tile, owner)
    if d.claims is not None:
        s.claims = dict(d.claims)
    if d.milestones:
        s.milestones.update(d.milestones)
    if d.awards:
        s.awards.update(d.awards)
    if d.deck_taken:
        del s.deck[:d.deck_taken]
    if d.deck_added:
        s.deck.extend(d.deck_added)
    if d.discard_cleared:
        s.discard = []
    if d.discard_added:
        s.discard.extend(d.discard_added)
    if d.pending is not None:
        s.pending = [_dec(it) for it in d.pending]
    if d.scores:
        s.scores.update(d.scores)
    return s


def redact(d: Delta, viewer: str | None) -> Delta:
    """The delta as ``viewer`` may see it: others' secret cards and the deck as ``?``."""
    def hide(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple("?" for _ in cards)

    cards = tuple((n, f, hide(rm), hide(add)) if f in SECRET_LISTS and n != viewer else (n, f, rm, add)
                  for n, f, rm, add in d.cards)
    return attrs.evolve(d, cards=cards, deck_added=hide(d.deck_added),
                        discard_added=hide(d.discard_added))


COUNTER_NAMES = {"mc": "megacredits", "steel": "steel", "titanium": "titanium", "plants": "plants",
                 "energy": "energy", "heat": "heat"}


def counters(d: Delta) -> dict[str, dict[str, int]]:
    """``{player: {counter: change}}`` in the game's words: megacredits .. heat, their
    production (``heat production``), ``tr``, ``cards`` in hand, and ``vp`` from scores."""
    out: dict[str, dict[str, int]] = {}
    for n, key, v in d.counts:
        if key.startswith("card:"):
            continue
        if key.startswith("prod:"):
            name = f"{COUNTER_NAMES[key[5:]]} production"
        else:
            name = COUNTER_NAMES.get(key, key)
        mine = out.setdefault(n, {})
        mine[name] = mine.get(name, 0) + v
    for n, field, removed, added in d.cards:
        if field == "hand" and len(added) != len(removed):
            mine = out.setdefault(n, {})
            mine["cards"] = mine.get("cards", 0) + len(added) - len(removed)
    for n, total in d.scores:  # the score is counted once, when the game ends
        out.setdefault(n, {})["vp"] = total
    return out

