"""The rules of each event: ``apply_rules`` works out what an event does to the state (card
effects, triggers, the decision queue), by the table ``RULES``. ``decide`` runs it on a
scratch state and records the result in the event (``delta.py``); ``upcast_in_context``
runs it once for an event of a 0.1 log, which recorded no delta. The game's ``fold``
only applies deltas; the opening events (opening.py) have no rule to run. Card draws come
from the top of the deck named in the state, and every random outcome (a shuffle) arrives
as an event that decide drew."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import corporate_era as ce
from . import messages as m
from .cards import BEGINNER, CARDS, CORPORATIONS
from .effects import apply_choice, normalize, play_card, start_corporation, use_action
from .opening import OPENING_FOLDS
from .rules import (
    AWARD_COSTS,
    PROJECTS,
    greenery_cost,
    lower_production,
    place_tile,
    production,
    project_cost,
    raise_temp,
)
from .state import ENERGY, HEAT, MC, NEUTRAL, PLANTS, RI, STEEL, TI, State


def _take_pending(s: State, player: str, kinds: tuple[str, ...]) -> tuple:
    for i, item in enumerate(s.pending):
        if item[0] == player and item[1] in kinds:
            return s.pending.pop(i)
    raise ValueError(f"no pending {kinds} for {player}")


def _push(s: State, new: list) -> None:
    if new:
        s.pending[:0] = new


def start_turn(s: State) -> None:
    p = s.players[s.names[s.current]]
    if not p.first_done:
        # the corporation's first action (Tharsis Republic's city, Inventrix' 3 cards)
        p.first_done = True
        s.actions += 1
        corp = CORPORATIONS[p.corp]
        if corp["first_action"] == "draw":
            s.pending.insert(0, (p.name, "draw", corp["draw"], p.corp))
        else:
            s.pending.insert(0, (p.name, "place", "city", "normal", p.corp))


def next_turn(s: State) -> None:
    s.actions = 0
    n = len(s.names)
    for k in range(1, n + 1):
        idx = (s.current + k) % n
        if not s.players[s.names[idx]].passed:
            s.current = idx
            start_turn(s)
            return


def _drafted(s: State, e: m.Drafted) -> State:
    p = s.players[e.player]
    _take_pending(s, e.player, ("draft",))
    p.offer.remove(e.card)
    p.drafted.append(e.card)
    if any(it[1] == "draft" for it in s.pending):
        return s
    names = s.names
    n = len(names)
    # even generations pass clockwise (to the next seat), odd ones counter-clockwise
    step = 1 if s.generation % 2 == 0 else -1
    packs = [s.players[nm].offer for nm in names]
    for i in range(n):
        s.players[names[(i + step) % n]].offer = packs[i]
    for nm in names:
        q = s.players[nm]
        if len(q.offer) == 1:  # the last card of a pack is simply kept
            q.drafted.extend(q.offer)
            q.offer = []
    if any(s.players[nm].offer for nm in names):
        s.pending.extend((nm, "draft") for nm in names if s.players[nm].offer)
    else:
        for nm in names:
            q = s.players[nm]
            q.offer, q.drafted = q.drafted, []
            s.pending.append((nm, "buy"))
    return s


def _reshuffled(s: State, e: m.Reshuffled) -> State:
    s.deck.extend(e.cards)
    s.discard = []
    return s


def _corp_chosen(s: State, e: m.CorpChosen) -> State:
    p = s.players[e.player]
    idx = s.pending.index((e.player, "corp"))
    start_corporation(s, p, e.corp)
    p.corp_offer = []
    if e.corp == BEGINNER:
        p.hand.extend(p.offer)
        p.offer = []
        s.pending.pop(idx)
    else:
        s.pending[idx] = (e.player, "buy")
    return s


def _marked(s: State, e: m.Marked) -> State:
    p = s.players[e.player]
    if e.on:
        p.marked.append(e.card)
    else:
        p.marked.remove(e.card)
    return s


def _bought(s: State, e: m.Bought) -> State:
    p = s.players[e.player]
    _take_pending(s, e.player, ("buy",))
    p.marked = []
    p.res[MC] -= 3 * len(e.cards)
    p.hand.extend(e.cards)
    s.discard.extend(c for c in p.offer if c not in e.cards)
    p.offer = []
    return s


def _take_automatic(s: State, player: str, kind: str) -> None:
    """A draw or look that was waiting at the head of the queue has now happened."""
    if s.pending and s.pending[0][:2] == (player, kind):
        s.pending.pop(0)


def _drawn(s: State, e: m.Drawn) -> State:
    _take_automatic(s, e.player, "draw")
    del s.deck[:len(e.cards)]
    s.players[e.player].hand.extend(e.cards)
    return s


def _looked(s: State, e: m.Looked) -> State:
    _take_automatic(s, e.player, "look")
    del s.deck[:len(e.cards)]
    s.players[e.player].offer = list(e.cards)
    s.pending.insert(0, (e.player, "keep", e.source))
    return s


def _kept(s: State, e: m.Kept) -> State:
    p = s.players[e.player]
    item = _take_pending(s, e.player, ("keep",))
    if ce.LOOK[item[2]][1] == "buy":
        p.res[MC] -= 3 * len(e.cards)
    p.hand.extend(e.cards)
    s.discard.extend(c for c in p.offer if c not in e.cards)
    p.offer = []
    return s


def _revealed(s: State, e: m.Revealed) -> State:
    del s.deck[:1]
    s.discard.append(e.card)
    if e.source == "Search For Life" and "microbe" in CARDS[e.card]["tags"]:
        s.players[e.player].card_res["Search For Life"] += 1
    return s


def _card_played(s: State, e: m.CardPlayed) -> State:
    p = s.players[e.player]
    p.res[MC] -= e.mc
    p.res[STEEL] -= e.steel
    p.res[TI] -= e.titanium
    p.res[HEAT] -= e.heat
    p.hand.remove(e.card)
    p.special_design = e.card == "Special Design"
    new: list = []
    play_card(s, p, e.card, new)
    _push(s, new)
    s.actions += 1
    return s


def _project(s: State, e: m.ProjectUsed) -> State:
    p = s.players[e.player]
    cost = project_cost(p, e.kind)
    p.res[MC] -= cost - e.heat
    p.res[HEAT] -= e.heat
    if p.corp == "CrediCor" and PROJECTS[e.kind] >= 20:
        p.res[MC] += 4
    p.res[MC] += ce.project_bonus(p, e.kind)
    new: list = []
    if e.kind == "power":
        p.prod[ENERGY] += 1
    elif e.kind == "asteroid":
        raise_temp(s, p, 1, new)
    elif e.kind == "aquifer":
        new.append((p.name, "place", "ocean", "ocean", ""))
    elif e.kind == "greenery":
        new.append((p.name, "place", "greenery", "normal", ""))
    elif e.kind == "city":
        p.prod[MC] += 1
        new.append((p.name, "place", "city", "normal", ""))
    _push(s, new)
    s.actions += 1
    return s


def _sold(s: State, e: m.Sold) -> State:
    p = s.players[e.player]
    for c in e.cards:
        p.hand.remove(c)
    s.discard.extend(e.cards)
    p.res[MC] += len(e.cards)
    s.actions += 1
    return s


def _claimed(s: State, e: m.Claimed) -> State:
    s.players[e.player].res[MC] -= 8 - e.heat
    s.players[e.player].res[HEAT] -= e.heat
    s.milestones[e.name] = e.player
    s.actions += 1
    return s


def _funded(s: State, e: m.Funded) -> State:
    s.players[e.player].res[MC] -= AWARD_COSTS[len(s.awards)] - e.heat
    s.players[e.player].res[HEAT] -= e.heat
    s.awards[e.name] = e.player
    s.actions += 1
    return s


def _action_used(s: State, e: m.ActionUsed) -> State:
    new: list = []
    use_action(s, s.players[e.player], e.card, e.option, (e.mc, e.steel, e.titanium, e.heat), new)
    _push(s, new)
    s.actions += 1
    return s


def _converted(s: State, e: m.Converted) -> State:
    p = s.players[e.player]
    new: list = []
    if e.what == "plants":
        p.res[PLANTS] -= greenery_cost(p)
        new.append((p.name, "place", "greenery", "normal", ""))
    else:
        p.res[HEAT] -= 8
        raise_temp(s, p, 1, new)
    _push(s, new)
    if s.phase == "action":
        s.actions += 1
    return s


def _placed(s: State, e: m.Placed) -> State:
    item = _take_pending(s, e.player, ("place", "claim"))
    if item[1] == "claim":
        s.claims[e.space] = e.player
        return s
    new: list = []
    place_tile(s, s.players[e.player], e.space, item[2], item[4], new)
    _push(s, new)
    return s


def _targeted(s: State, e: m.Targeted) -> State:
    item = _take_pending(s, e.player, ("remove", "reduce", "flood"))
    if e.target and e.target != NEUTRAL:
        q = s.players[e.target]
        if item[1] == "remove" and len(item) > 4 and item[4] == "steal":
            ce.stolen(s, e.player, e.target, item[2], item[3])
        elif item[1] == "remove":
            i = RI[item[2]]
            q.res[i] -= min(item[3], q.res[i])
        elif item[1] == "reduce":
            lower_production(q, item[2], item[3])
        else:
            q.res[MC] -= min(4, q.res[MC])
    return s


def _picked(s: State, e: m.Picked) -> State:
    item = _take_pending(s, e.player, ("add", "steal", "pick", "university"))
    p = s.players[e.player]
    if item[1] == "pick":
        new: list = []
        ce.PICKS[item[2]][1](s, p, e.card, new)
        _push(s, new)
        return s
    if item[1] == "university":
        if e.card:
            p.hand.remove(e.card)
            s.discard.append(e.card)
        return s
    owner = next(p for p in s.players.values() if e.card in p.played)
    if item[1] == "add":
        owner.card_res[e.card] += item[3]
    else:
        owner.card_res[e.card] -= 1
        s.players[e.player].card_res[item[3]] += 1
    return s


def _chosen(s: State, e: m.Chosen) -> State:
    item = _take_pending(s, e.player, ("choose", "viral", "olympus"))
    if item[1] == "viral":
        ce.viral_enhancers_apply(s.players[e.player], item[2], e.label)
        return s
    if item[1] == "olympus":
        ce.olympus_conference(s.players[e.player], e.label == "draw")
        return s
    new: list = []
    apply_choice(s, s.players[e.player], item[2], e.label, new)
    _push(s, new)
    return s


def _amount(s: State, e: m.AmountChosen) -> State:
    item = _take_pending(s, e.player, ("amount",))
    p = s.players[e.player]
    if item[2] == "Power Infrastructure":
        ce.power_infrastructure(p, e.n)
        return s
    p.prod[HEAT] -= e.n
    p.prod[MC] += e.n
    return s


def _passed(s: State, e: m.Passed) -> State:
    s.players[e.player].passed = True
    next_turn(s)
    return s


def _turn_ended(s: State, e: m.TurnEnded) -> State:
    next_turn(s)
    return s


def _actions_began(s: State, e: m.ActionsBegan) -> State:
    s.phase = "action"
    s.current = s.first
    s.actions = 0
    start_turn(s)
    return s


def _produced(s: State, e: m.Produced) -> State:
    production(s)
    s.phase = "production"
    return s


def _research(s: State, e: m.Research) -> State:
    s.generation = e.generation
    s.first = (s.first + 1) % len(s.names)
    s.phase = "research"
    sizes = {len(cards) for _, cards in e.offers}
    # a draft needs full, equal packs; if the cards ran out everyone simply buys
    kind = "draft" if s.options.get("draft") and len(s.names) > 1 and sizes == {4} else "buy"
    for name, cards in e.offers:
        s.players[name].offer = list(cards)
        del s.deck[:len(cards)]
        s.pending.append((name, kind))
    return s


def _final(s: State, e: m.FinalConversion) -> State:
    s.phase = "final"
    n = len(s.names)
    s.pending.extend((s.names[(s.first + k) % n], "final") for k in range(n))
    return s


def _final_done(s: State, e: m.FinalDone) -> State:
    _take_pending(s, e.player, ("final",))
    return s


def _scored(s: State, e: m.Scored) -> State:
    s.scores[e.player] = e.total
    return s


def _ended(s: State, e: m.GameEnded) -> State:
    s.phase = "over"
    return s


#: What the rules make of each event type (the opening events: placing what they record).
RULES: dict[type, Callable[[Any, Any], State]] = {
    **OPENING_FOLDS,
    m.Looked: _looked, m.Kept: _kept, m.Drafted: _drafted, m.Reshuffled: _reshuffled,
    m.CorpChosen: _corp_chosen, m.Marked: _marked, m.Bought: _bought, m.Drawn: _drawn, m.Revealed: _revealed,
    m.CardPlayed: _card_played, m.ProjectUsed: _project, m.Sold: _sold, m.Claimed: _claimed,
    m.Funded: _funded, m.ActionUsed: _action_used, m.Converted: _converted, m.Placed: _placed,
    m.Targeted: _targeted, m.Picked: _picked, m.Chosen: _chosen, m.AmountChosen: _amount,
    m.Passed: _passed, m.TurnEnded: _turn_ended, m.ActionsBegan: _actions_began,
    m.Produced: _produced, m.Research: _research, m.FinalConversion: _final,
    m.FinalDone: _final_done, m.Scored: _scored, m.GameEnded: _ended,
}


def apply_rules(s: Any, e: Any) -> State:
    """What the rules make of event ``e``, in place (decide's scratch state, or the copy
    ``upcast_in_context`` derives a 0.1 event's delta on)."""
    s = RULES[type(e)](s, e)
    if s.pending:
        normalize(s)
    return s
