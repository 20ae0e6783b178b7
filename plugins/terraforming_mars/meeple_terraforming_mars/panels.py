"""What the table shows a seat besides the map, in words: its hand and the cards offered
to it as cards, what it may do now besides pointing at the map, the standard projects,
milestones and awards with everyone's progress, every player's tableau (tags, resources
on cards, VP so far) and, at the end, the score breakdown with the tie-break.

Built from the seat's view, so another seat's hand is only ever a count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core import Entry, Panel

from . import messages as m
from .cards import CARDS
from .cardtext import card_text, effects, hand_line, vp_text
from .checks import play_problem
from .effects import card_vp, choice_options
from .regions import move_region, my_pending
from .rules import (
    AWARD_COSTS,
    AWARDS,
    MILESTONES,
    PROJECTS,
    card_cost,
    cities,
    greeneries,
    project_cost,
    tag_count,
    tags,
)
from .scoring import award_metric, breakdown
from .standings import PART_WORDS, tie_lines
from .state import MC, RES, State

RES_WORD = {"mc": "M€", "steel": "steel", "titanium": "titanium", "plants": "plants",
            "energy": "energy", "heat": "heat"}
PROJECT_WORDS = {"power": "+1 energy production", "asteroid": "raise the temperature 1 step",
                 "aquifer": "place an ocean tile", "greenery": "place a greenery tile (raises oxygen)",
                 "city": "place a city tile and +1 M€ production"}
MILESTONE_GOALS: dict[str, tuple[str, int, Callable[[State, Any], int]]] = {
    "Terraformer": ("TR", 35, lambda s, p: p.tr),
    "Mayor": ("cities", 3, lambda s, p: cities(s, p.name)),
    "Gardener": ("greenery tiles", 3, lambda s, p: greeneries(s, p.name)),
    "Builder": ("building tags", 8, lambda s, p: tag_count(p, "building")),
    "Planner": ("cards in hand", 16, lambda s, p: len(p.hand)),
}
AWARD_WORDS = {"Landlord": "tiles in play", "Banker": "M€ production", "Scientist": "science tags",
               "Thermalist": "heat", "Miner": "steel and titanium"}


def card_words(name: str, cost: int) -> str:
    """A card as one line without its name: cost to the player, tags, requirement, what it
    does, its VP (cardtext's one-liner)."""
    return hand_line(name, cost).removeprefix(name).strip()


def move_words(view: State, player: str, command: Any) -> tuple[str, str]:  # noqa: C901 - one phrase per command kind
    """A command of the "Your move" panel in words: (name, what it does)."""
    t = type(command)
    p = view.players[player]
    if t is m.Pass:
        return "Pass", "take no more actions this generation"
    if t is m.Done:
        item = my_pending(view, player)
        if item and item[1] == "final":
            return "Done", "end your final greenery conversion"
        return "Done", "end your turn after one action"
    if t is m.Convert:
        if command.what == "plants":
            return "Greenery", "convert plants into a greenery tile (raises oxygen)"
        return "Heat", "convert 8 heat to raise the temperature 1 step"
    if t is m.Sell:
        return "Sell the whole hand", f"{len(command.cards)} cards for 1 M€ each"
    if t is m.Confirm:
        n = len(p.marked)
        if not n:
            return "Buy none", "buy no card this time (take cards onto your list first)"
        return "Buy", f"buy the {n} card{'s' if n != 1 else ''} on your list for {3 * n} M€"
    if t is m.Keep:
        return "Keep none", "keep none of the cards you look at"
    if t is m.Pick:
        return "None", "choose no card"
    if t is m.Target:
        if not command.player:
            return "Nobody", "choose no player"
        q = view.players.get(command.player)
        have = ("; " + ", ".join(f"{RES_WORD[r]} {q.res[k]} ({q.prod[k]:+d})"
                                 for k, r in enumerate(RES))) if q else ""
        return command.player, f"choose {command.player}{have}"
    if t is m.Choose:
        item = my_pending(view, player)
        text = ""
        if item and item[1] == "choose":
            opt = next((o for o in choice_options(item[2]) if o["label"] == command.label), None)
            text = "; ".join(effects(opt)) if opt else ""
        return command.label, text or f"choose {command.label}"
    if t is m.Amount:
        return str(command.n), f"amount {command.n}"
    return str(command), ""


def panels(game: Any, view: State, player: str | None) -> list[Panel]:
    """The panels of ``player``'s table (None: a spectator's), from their view."""
    out: list[Panel] = []
    me = view.players.get(player) if player is not None else None
    seat = me is not None
    if me is not None:
        out += _own_panels(game, view, me)
    out.append(_projects(view, me))
    out.append(_milestones(view, seat))
    out.append(_awards(view, seat))
    scores = breakdown(view)
    for name in view.names:
        out.append(_tableau(view, name, scores[name], seat))
    if view.phase == "over":
        out.append(final_panel(view))
    return out


def _own_panels(game: Any, view: State, me: Any) -> list[Panel]:
    out = []
    legal = game.legal(view, me.name)
    moves = []
    for c in legal:
        region = move_region(c)
        if region is not None:
            name, text = move_words(view, me.name, c)
            moves.append(Entry(name, text, region=region))
    if moves:
        out.append(Panel("Your move", tuple(moves)))
    if me.corp_offer or any(type(c) is m.ChooseCorp for c in legal):
        offered = [c.corp for c in legal if type(c) is m.ChooseCorp] or me.corp_offer
        out.append(Panel("Corporations offered to you", tuple(
            Entry(c, _corp_words(c), card_text(c), region=f"corp/{c}") for c in offered)))
    if me.offer:
        entries = []
        for c in dict.fromkeys(me.offer):
            listed = " (on your list to buy)" if c in me.marked else ""
            entries.append(Entry(c, card_words(c, _cost(me, c)) + listed, card_text(c),
                                 region=f"offer/{c}"))
        out.append(Panel("Cards offered to you (3 M€ each to buy)", tuple(entries)))
    if me.drafted:
        out.append(Panel("Drafted so far", tuple(
            Entry(c, card_words(c, _cost(me, c)), card_text(c)) for c in me.drafted)))
    hand = []
    for c in dict.fromkeys(me.hand):
        text = card_words(c, _cost(me, c))
        if view.phase == "action" and not view.pending:
            why = play_problem(view, me, c, None)
            if why:
                text += f" (not playable now: {why})"
        hand.append(Entry(c, text, card_text(c), region=f"hand/{c}"))
    out.append(Panel(f"Your hand ({len(me.hand)} cards)", tuple(hand)))
    return out


def _cost(p: Any, name: str) -> int:
    return card_cost(p, name)  # after the discounts of the player's cards in play


def _corp_words(name: str) -> str:
    return "; ".join(line.strip() for line in card_text(name).split("\n")[1:])


def _projects(view: State, me: Any) -> Panel:
    entries = []
    for kind, words in PROJECT_WORDS.items():
        price = project_cost(me, kind) if me is not None else PROJECTS[kind]
        entries.append(Entry(f"{kind} project", f"{price} M€: {words}",
                             region=f"project/{kind}" if me is not None else None))
    entries.append(Entry("sell patents", "discard cards from your hand for 1 M€ each "
                         "(click a card in your hand)"))
    return Panel("Standard projects", tuple(entries))


def _milestones(view: State, seat: bool) -> Panel:
    entries = []
    for name in MILESTONES:
        what, goal, measure = MILESTONE_GOALS[name]
        progress = ", ".join(f"{n} {measure(view, view.players[n])}/{goal}" for n in view.names)
        if name in view.milestones:
            head = f"claimed by {view.milestones[name]} (5 VP)"
        elif len(view.milestones) >= 3:
            head = "closed: 3 milestones are claimed"
        else:
            head = f"8 M€ to claim, 5 VP: {goal} {what}"
        entries.append(Entry(name, f"{head}; {progress}",
                             region=f"milestone/{name}" if seat else None))
    return Panel("Milestones", tuple(entries))


def _awards(view: State, seat: bool) -> Panel:
    entries = []
    funded = len(view.awards)
    for name in AWARDS:
        progress = ", ".join(f"{n} {award_metric(view, view.players[n], name)}" for n in view.names)
        if name in view.awards:
            head = f"funded by {view.awards[name]}"
        elif funded >= 3:
            head = "closed: 3 awards are funded"
        else:
            head = f"{AWARD_COSTS[min(funded, 2)]} M€ to fund"
        entries.append(Entry(name, f"{head}; most {AWARD_WORDS[name]}: 5 VP, second 2 VP; "
                                   f"{progress}", region=f"award/{name}" if seat else None))
    return Panel("Awards", tuple(entries))


def _tableau(view: State, name: str, score: dict[str, int], seat: bool) -> Panel:
    p = view.players[name]
    entries = [
        Entry("VP so far", f"{score['total']}: " + ", ".join(
            f"{word} {score[key]}" for key, word in PART_WORDS)),
        Entry("Resources", ", ".join(f"{RES_WORD[r]} {p.res[k]} (prod {p.prod[k]:+d})"
                                     for k, r in enumerate(RES))),
        Entry("Tags", ", ".join(f"{t} {n}" for t, n in sorted(tags(p).items())) or "none"),
        Entry("Hand", f"{len(p.hand)} card{'s' if len(p.hand) != 1 else ''}"
              + ("; passed this generation" if p.passed else "")),
    ]
    if p.corp:
        entries.append(Entry(p.corp, "corporation: " + _corp_words(p.corp), card_text(p.corp),
                             region=f"played/{p.corp}" if seat else None))
    for c in p.played:
        entries.append(Entry(c, _played_words(view, p, c), card_text(c),
                             region=f"played/{c}" if seat else None))
    if p.events:
        entries.append(Entry("Events played", ", ".join(p.events)))
    return Panel(f"{name}: {p.corp or 'no corporation yet'}", tuple(entries))


def _played_words(view: State, p: Any, name: str) -> str:
    c = CARDS[name]
    parts = [f"tags: {', '.join(c['tags']) or 'none'}"]
    if c.get("resource"):
        n = p.card_res.get(name, 0)
        parts.append(f"{n} {c['resource']} here")
    vp = vp_text(c)
    if vp:
        parts.append(f"{card_vp(view, p, name)} VP now ({vp})")
    if c.get("effect"):
        parts.append(f"effect: {c['effect']}")
    for o in c.get("action", []):
        parts.append(f"action: {'; '.join(effects(o)) or o['label']}")
    if c.get("action"):
        parts.append("used this generation" if name in p.used else "action ready")
    return "; ".join(parts)


def final_panel(view: State) -> Panel:
    """Each player's final score in parts, best first, and how ties were decided."""
    parts = breakdown(view)
    scores = {n: view.scores.get(n, parts[n]["total"]) for n in view.names}
    ranked = sorted(view.names, key=lambda n: (-scores[n], -view.players[n].res[MC]))
    entries = [Entry(n, f"{scores[n]} VP: " + ", ".join(f"{word} {parts[n][key]}"
                                                          for key, word in PART_WORDS))
               for n in ranked]
    entries += [Entry("Tie", line) for line in tie_lines(view, scores)]
    return Panel("Final scores", tuple(entries))
