"""Terraforming Mars for Meeple: the Game object that ties rules, notation and views together.

``decide`` copies the state, runs the rules of each event it makes on the copy
(``flow.apply_rules``), records what they did in the event (``delta``), and adds the
follow-up events the rules force (turn ends, production, the next research deal, final
scoring, the end of the game). ``fold`` applies a recorded delta and nothing else.
``step`` runs the same rules in place for search, without recording.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any

import attrs
from meeple.core import Game, IllegalCommand, Option, Outcome
from meeple.core.rng import draw_rng

from . import corporate_era as ce
from . import evaluation, render, table, words
from . import messages as m
from .board import SPACES
from .cards import BEGINNER, CARDS, CORPORATIONS, Catalog, catalog, lookup
from .checks import (
    claim_problem,
    convert_problem,
    fund_problem,
    heat_splits,
    play_options,
    play_problem,
    project_problem,
    use_options,
    use_problem,
)
from .delta import Delta, apply, counters, diff
from .delta import redact as redact_delta
from .effects import AUTOMATIC, action_options, choice_options
from .flow import SETUP, apply_rules, fold_setup
from .rules import (
    AWARD_COSTS,
    AWARDS,
    MILESTONES,
    PROJECTS,
    add_targets,
    can_lower_production,
    card_cost,
    flood_targets,
    legal_spaces,
    project_cost,
    steal_sources,
    steel_value,
    titanium_value,
)
from .scoring import breakdown
from .solo import neutral_tiles
from .state import MC, NEUTRAL, RI, SOLO_GENERATIONS, State

SIMULTANEOUS = ("corp", "buy", "draft")
LOOK_CARDS = ce.LOOK
KV = re.compile(r"\s+(pay|steel|titanium|heat)\s+(-?\d+)$", re.IGNORECASE)


def _strip_kv(text: str) -> tuple[str, dict[str, int]]:
    found: dict[str, int] = {}
    while True:
        mt = KV.search(text)
        if not mt:
            return text.strip(), found
        key = mt.group(1).lower()
        if key in found:
            raise IllegalCommand(f"{key} is given twice")
        found[key] = int(mt.group(2))
        text = text[:mt.start()]


class TerraformingMars(Game):
    name = "terraforming-mars"
    title = "Terraforming Mars"
    version = "0.1.0"
    min_players = 1
    max_players = 5
    hidden_information = True
    events = m.EVENTS
    options = (
        Option("corporations", "standard", "standard: two corporations dealt to each player "
               "(the Beginner Corporation may always be taken); beginner: everyone plays the "
               "Beginner Corporation", str, ("standard", "beginner")),
        Option("corporate_era", False, "Corporate Era: its 71 cards and 2 corporations join "
               "the decks, and players start without production"),
        Option("draft", False, "draft the research cards from generation 2 (not in solo)"),
        Option("max_generations", 0, "safety cap: the game ends after this generation even "
               "if Mars is not terraformed (0: no cap, the real rules)", int, min=0, max=100),
    )

    # -- setting up -----------------------------------------------------------------------

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list:
        era = bool(options.get("corporate_era"))
        cat = catalog(options)
        deck = list(cat.deck)
        rng.shuffle(deck)
        corps = list(cat.corporations)
        rng.shuffle(corps)
        beginner = options.get("corporations") == "beginner"
        events: list = [m.Started(tuple(players), era, bool(options.get("draft")),
                                  int(options.get("max_generations", 0))),
                        m.Shuffled(tuple(deck))]
        if len(players) == 1:
            shown = tuple(deck[:4])
            cities, greens = neutral_tiles(tuple(CARDS[c]["cost"] for c in shown))
            events.append(m.NeutralPlaced(shown, cities, greens))
            deck = deck[4:]
        for i, p in enumerate(players):
            offered = () if beginner else tuple(corps[2 * i:2 * i + 2])
            events.append(m.Dealt(p, offered, tuple(deck[10 * i:10 * i + 10])))
        return events

    # -- who acts -----------------------------------------------------------------------------

    def to_act(self, state: State) -> tuple[str, ...]:
        if state.phase == "over":
            return ()
        if state.pending:
            if state.pending[0][1] in SIMULTANEOUS:
                waiting = {it[0] for it in state.pending if it[1] in SIMULTANEOUS}
                return tuple(n for n in state.names if n in waiting)
            return (state.pending[0][0],)
        if state.phase == "action":
            return (state.names[state.current],)
        return ()

    def _my_pending(self, s: State, player: str) -> tuple | None:
        if not s.pending:
            return None
        if s.pending[0][1] in SIMULTANEOUS:
            return next((it for it in s.pending if it[0] == player and it[1] in SIMULTANEOUS), None)
        return s.pending[0] if s.pending[0][0] == player else None

    # -- deciding -------------------------------------------------------------------------------

    def decide(self, state: State, player: str, command: Any, rng: random.Random) -> list:
        return self._run(state.copy(), player, command, rng, record=True)

    def fold(self, state: State | None, event: Any) -> State:
        if getattr(event, "delta", None) is not None:
            return apply(state, event.delta)
        if type(event) in SETUP:
            return fold_setup(state, event)
        # an event stored before outcomes were recorded (plugin 0.1): its rules once more
        return apply_rules(state, event)

    def step(self, state: State, player: str, command: Any, rng: random.Random) -> State:
        self._run(state, player, command, rng, record=False)
        return state

    def _run(self, s: State, player: str, cmd: Any, rng: random.Random, record: bool) -> list:
        events: list = []

        def emit(ev: Any) -> None:
            if record:
                before = s.copy()
                apply_rules(s, ev)
                ev = attrs.evolve(ev, delta=diff(before, s))
            else:
                apply_rules(s, ev)
            events.append(ev)

        if s.phase == "over":
            raise IllegalCommand("the game is over")
        if player not in self.to_act(s):
            who = ", ".join(self.to_act(s)) or "nobody"
            raise IllegalCommand(f"it is not {player}'s turn (waiting for {who})")
        primary, after = self._check(s, player, cmd)
        for ev in primary:
            emit(ev)
        self._automatic(s, rng, emit)
        for kind, n, source in after:
            if kind == "draw":
                self._draw(s, player, n, rng, emit)
            elif kind == "look":
                self._ensure(s, n, rng, emit)
                if s.deck:
                    emit(m.Looked(player, tuple(s.deck[:n]), source))
            else:
                self._ensure(s, 1, rng, emit)
                if s.deck:
                    emit(m.Revealed(player, s.deck[0], source))
        self._advance(s, rng, emit)
        return events

    def _automatic(self, s: State, rng: random.Random, emit: Callable) -> None:
        """Resolve the draws and deck looks waiting at the head of the queue (a card's own
        effects, a corporation's first action), so decisions behind them see the cards."""
        while s.pending and s.pending[0][1] in AUTOMATIC:
            player, kind, n, source = s.pending[0]
            self._ensure(s, n, rng, emit)
            if kind == "draw":
                emit(m.Drawn(player, tuple(s.deck[:n])))
            else:
                emit(m.Looked(player, tuple(s.deck[:n]), source))

    def _ensure(self, s: State, n: int, rng: random.Random, emit: Callable) -> None:
        if len(s.deck) < n and s.discard:
            cards = s.discard[:]
            # A named draw: the shuffle of this pile of cards, whatever path built it, so
            # an undo followed by other moves cannot reroll it (see meeple.core.rng).
            keyed = draw_rng(rng, "reshuffle", *sorted(cards))
            if keyed is not rng:  # not for games stored before named draws
                cards.sort()
            keyed.shuffle(cards)
            emit(m.Reshuffled(tuple(cards)))

    def _draw(self, s: State, player: str, n: int, rng: random.Random, emit: Callable) -> None:
        self._ensure(s, n, rng, emit)
        cards = tuple(s.deck[:n])
        if cards:
            emit(m.Drawn(player, cards))

    def _advance(self, s: State, rng: random.Random, emit: Callable) -> None:
        self._automatic(s, rng, emit)
        while not s.pending:
            if s.phase in ("setup", "research"):
                emit(m.ActionsBegan(s.generation))
            elif s.phase == "action":
                if all(p.passed for p in s.players.values()):
                    emit(m.Produced(s.generation))
                elif s.actions >= 2:
                    emit(m.TurnEnded(s.names[s.current]))
                else:
                    return
            elif s.phase == "production":
                cap = s.options.get("max_generations", 0)
                solo = len(s.names) == 1
                if (solo and s.generation >= SOLO_GENERATIONS) or (not solo and s.maxed()) or (
                        cap and s.generation >= cap):
                    emit(m.FinalConversion(s.generation))
                else:
                    n = len(s.names)
                    self._ensure(s, 4 * n, rng, emit)
                    order = [s.names[(s.first + 1 + k) % n] for k in range(n)]
                    offers = tuple((p, tuple(s.deck[4 * k:4 * k + 4])) for k, p in enumerate(order))
                    emit(m.Research(s.generation + 1, offers))
            elif s.phase == "final":
                # final scoring, one event per player, then the end
                for name, parts in breakdown(s).items():
                    emit(m.Scored(name, parts["tr"], parts["milestones"], parts["awards"],
                                  parts["greenery"], parts["cities"], parts["cards"],
                                  parts["total"]))
                emit(m.GameEnded(s.generation))
            else:
                return
            self._automatic(s, rng, emit)

    def _check(self, s: State, player: str, cmd: Any) -> tuple[list, list]:
        p = s.players[player]
        item = self._my_pending(s, player)
        if item is not None:
            return self._check_pending(s, p, item, cmd)
        t = type(cmd)
        if t is m.Pass:
            if s.actions:
                raise IllegalCommand("you have taken an action this turn: say done to end it")
            return [m.Passed(player)], []
        if t is m.Done:
            if not s.actions:
                raise IllegalCommand("take an action first, or pass for this generation")
            return [m.TurnEnded(player)], []
        if t is m.Play:
            why = play_problem(s, p, cmd.card, (cmd.mc, cmd.steel, cmd.titanium, cmd.heat))
            if why:
                raise IllegalCommand(why)
            # the card's own draws and looks come as automatic steps its fold queues
            return [m.CardPlayed(player, cmd.card, cmd.mc, cmd.steel, cmd.titanium, cmd.heat)], []
        if t is m.Project:
            if cmd.kind not in PROJECTS:
                raise IllegalCommand(f"no project {cmd.kind!r}: choose {', '.join(PROJECTS)}")
            why = project_problem(s, p, cmd.kind, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.ProjectUsed(player, cmd.kind, cmd.heat)], []
        if t is m.Sell:
            if not cmd.cards or len(set(cmd.cards)) != len(cmd.cards):
                raise IllegalCommand("name the cards to sell, each once")
            for c in cmd.cards:
                if c not in p.hand:
                    raise IllegalCommand(f"{c} is not in your hand")
            return [m.Sold(player, cmd.cards)], []
        if t is m.Claim:
            if cmd.name not in MILESTONES:
                raise IllegalCommand(f"no milestone {cmd.name!r}: {', '.join(MILESTONES)}")
            why = claim_problem(s, p, cmd.name, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.Claimed(player, cmd.name, cmd.heat)], []
        if t is m.Fund:
            if cmd.name not in AWARDS:
                raise IllegalCommand(f"no award {cmd.name!r}: {', '.join(AWARDS)}")
            why = fund_problem(s, p, cmd.name, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.Funded(player, cmd.name, cmd.heat)], []
        if t is m.Use:
            why = use_problem(s, p, cmd.card, cmd.option, (cmd.mc, cmd.steel, cmd.titanium, cmd.heat))
            if why:
                raise IllegalCommand(why)
            action_options(cmd.card)[cmd.option]
            after = [("reveal", 1, cmd.card)] if cmd.card == "Search For Life" else []
            if cmd.card in LOOK_CARDS:
                after.append(("look", LOOK_CARDS[cmd.card][0], cmd.card))
            draws = ce.action_draws(cmd.card, cmd.option)
            if draws:
                after.append(("draw", draws, ""))
            return [m.ActionUsed(player, cmd.card, cmd.option, cmd.mc, cmd.steel, cmd.titanium,
                                 cmd.heat)], after
        if t is m.Convert:
            if cmd.what not in ("plants", "heat"):
                raise IllegalCommand("convert plants (greenery) or heat")
            why = convert_problem(s, p, cmd.what)
            if why:
                raise IllegalCommand(why)
            return [m.Converted(player, cmd.what)], []
        raise IllegalCommand(f"that is not an action (try: play, project, sell, claim, fund, use, "
                             f"greenery, heat, pass or done), not {cmd!r}")

    def _check_pending(self, s: State, p: Any, item: tuple, cmd: Any) -> tuple[list, list]:
        kind = item[1]
        t = type(cmd)
        player = p.name
        if kind == "corp":
            if t is not m.ChooseCorp:
                raise IllegalCommand("choose your corporation first: corporation NAME")
            if not self.catalog(s).has_corporation(cmd.corp):
                raise IllegalCommand(f"{cmd.corp} is not a corporation of this game")
            if cmd.corp not in p.corp_offer and cmd.corp != BEGINNER:
                raise IllegalCommand(f"choose one of: {', '.join([*p.corp_offer, BEGINNER])}")
            # Inventrix draws its 3 cards as its first action, not now (start_turn)
            return [m.CorpChosen(player, cmd.corp)], []
        if kind in ("pick", "university"):
            if t is not m.Pick:
                raise IllegalCommand("choose a card first: card NAME")
            allowed = self._picks(s, p, item)
            if cmd.card not in allowed:
                raise IllegalCommand(f"choose one of: {', '.join(c or 'none' for c in allowed)}")
            after = [("draw", 1, "")] if kind == "university" and cmd.card else []
            return [m.Picked(player, cmd.card)], after
        if kind in ("viral", "olympus"):
            labels = self._labels(p, item)
            if t is not m.Choose or cmd.label not in labels:
                raise IllegalCommand(f"choose one: {', '.join('choose ' + x for x in labels)}")
            draw = kind == "olympus" and cmd.label == "draw"
            return [m.Chosen(player, cmd.label)], [("draw", 1, "")] if draw else []
        if kind == "claim":
            if t is not m.Place or cmd.space not in self._claimable(s):
                raise IllegalCommand("claim a free land space that is not reserved: place SPACE")
            return [m.Placed(player, cmd.space)], []
        if kind == "keep":
            n = LOOK_CARDS[item[2]][1]
            if t is not m.Keep or len(set(cmd.cards)) != len(cmd.cards) or any(
                    c not in p.offer for c in cmd.cards):
                raise IllegalCommand(f"keep cards from: {', '.join(p.offer)}")
            if n == "buy" and 3 * len(cmd.cards) > p.res[MC]:
                raise IllegalCommand("buying the card costs 3 M€")
            if n != "buy" and len(cmd.cards) != min(n, len(p.offer)):
                raise IllegalCommand(f"keep exactly {n} of: {', '.join(p.offer)}")
            return [m.Kept(player, cmd.cards)], []
        if kind == "draft":
            if t is not m.Draft or cmd.card not in p.offer:
                raise IllegalCommand(f"draft one card: {', '.join('draft ' + c for c in p.offer)}")
            return [m.Drafted(player, cmd.card)], []
        if kind == "buy" and t is m.Mark:
            if cmd.card not in p.offer:
                raise IllegalCommand(f"you may buy from: {', '.join(p.offer)}")
            if cmd.on:
                if cmd.card in p.marked:
                    raise IllegalCommand(f"{cmd.card} is on your list already")
                if 3 * (len(p.marked) + 1) > p.res[MC]:
                    raise IllegalCommand(f"{len(p.marked) + 1} cards cost {3 * (len(p.marked) + 1)} M€; "
                                         f"you have {p.res[MC]}")
            elif cmd.card not in p.marked:
                raise IllegalCommand(f"{cmd.card} is not on your list")
            return [m.Marked(player, cmd.card, cmd.on)], []
        if kind == "buy" and t is m.Confirm:
            return [m.Bought(player, tuple(c for c in p.offer if c in p.marked))], []
        if kind == "buy":
            if t is not m.Buy:
                raise IllegalCommand("choose the cards to buy first: take CARD for each, then buy "
                                     "(or at once: buy A, B; buy none)")
            if len(set(cmd.cards)) != len(cmd.cards) or any(c not in p.offer for c in cmd.cards):
                raise IllegalCommand(f"you may buy from: {', '.join(p.offer)}")
            if 3 * len(cmd.cards) > p.res[MC]:
                raise IllegalCommand(f"{len(cmd.cards)} cards cost {3 * len(cmd.cards)} M€; you have {p.res[MC]}")
            return [m.Bought(player, cmd.cards)], []
        if kind == "place":
            if t is not m.Place:
                raise IllegalCommand(f"place your {item[2]} first: place SPACE")
            spaces = legal_spaces(s, player, item[2], item[3])
            if cmd.space not in spaces:
                raise IllegalCommand(f"{item[2]} may not go on {cmd.space}; allowed: {' '.join(spaces)}")
            cards = SPACES[cmd.space].bonus.count("cards")
            return [m.Placed(player, cmd.space)], [("draw", cards, "")] if cards else []
        if kind in ("remove", "reduce", "flood"):
            if t is not m.Target:
                raise IllegalCommand("choose a player first: target NAME (or target none)")
            allowed = self._targets(s, item, player)
            if cmd.player not in allowed:
                names = ", ".join(a or "none" for a in allowed)
                raise IllegalCommand(f"choose a target among: {names}")
            return [m.Targeted(player, cmd.player)], []
        if kind in ("add", "steal"):
            if t is not m.Pick:
                raise IllegalCommand("choose a card first: card NAME")
            allowed = add_targets(s, item) if kind == "add" else steal_sources(s, item[2], item[3])
            if cmd.card not in allowed:
                raise IllegalCommand(f"choose one of: {', '.join(allowed)}")
            return [m.Picked(player, cmd.card)], []
        if kind == "choose":
            labels = [o["label"] for o in choice_options(item[2])]
            if t is not m.Choose or cmd.label not in labels:
                raise IllegalCommand(f"choose one: {', '.join('choose ' + x for x in labels)}")
            return [m.Chosen(player, cmd.label)], []
        if kind == "amount":
            low, high = self._amount_range(p, item)
            if t is not m.Amount or not low <= cmd.n <= high:
                raise IllegalCommand(f"say how much: amount {low} to {high}")
            return [m.AmountChosen(player, cmd.n)], []
        if kind == "final":
            if t is m.Done:
                return [m.FinalDone(player)], []
            if t is m.Convert and cmd.what == "plants":
                why = convert_problem(s, p, "plants")
                if why:
                    raise IllegalCommand(why)
                return [m.Converted(player, "plants")], []
            raise IllegalCommand("final conversion: greenery or done")
        raise IllegalCommand(f"unknown decision {kind}")

    def _amount_range(self, p: Any, item: tuple) -> tuple[int, int]:
        if item[2] == "Power Infrastructure":
            return 1, p.res[RI["energy"]]
        return 0, p.prod[RI["heat"]]

    def _picks(self, s: State, p: Any, item: tuple) -> list[str]:
        if item[1] == "university":
            return [*dict.fromkeys(p.hand), ""]
        return ce.PICKS[item[2]][0](s, p)

    def _labels(self, p: Any, item: tuple) -> list[str]:
        if item[1] == "viral":
            return ce.viral_enhancers_options(p, item[2])
        return ["add", "draw"] if p.card_res.get("Olympus Conference", 0) > 0 else ["add"]

    def _claimable(self, s: State) -> list[str]:
        return [sp for sp in ce.land_claim_spaces(s) if sp not in s.claims]

    def _targets(self, s: State, item: tuple, player: str) -> list[str]:
        kind = item[1]
        # solo: the neutral player stands in for the opponents and has everything
        neutral = [NEUTRAL] if len(s.names) == 1 else []
        if kind == "remove":
            i = RI[item[2]]
            return [n for n in s.names if n != player and s.players[n].res[i] > 0
                    and not ce.protected(s.players[n], player, item[2])] + neutral + [""]
        if kind == "reduce":
            return [n for n in s.names
                    if can_lower_production(s.players[n], item[2], item[3])] + neutral
        return flood_targets(s, player, item[2]) + [""]

    # -- legal commands --------------------------------------------------------------------------

    def legal(self, state: State, player: str) -> list:
        s = state
        if player not in self.to_act(s):
            return []
        p = s.players[player]
        item = self._my_pending(s, player)
        if item is not None:
            return self._legal_pending(s, p, item)
        out: list = [m.Done()] if s.actions else [m.Pass()]
        for name in dict.fromkeys(p.hand):
            for mc, st, ti, h in play_options(s, p, name):
                out.append(m.Play(name, mc, st, ti, h))
        for kind in PROJECTS:
            for h in heat_splits(p, project_cost(p, kind)):
                if project_problem(s, p, kind, h) is None:
                    out.append(m.Project(kind, h))
        if p.hand:
            out.extend(m.Sell((c,)) for c in dict.fromkeys(p.hand))
            if len(p.hand) > 1:
                out.append(m.Sell(tuple(p.hand)))
        for n in MILESTONES:
            for h in heat_splits(p, 8):
                if claim_problem(s, p, n, h) is None:
                    out.append(m.Claim(n, h))
        for n in AWARDS:
            for h in heat_splits(p, AWARD_COSTS[min(len(s.awards), 2)]):
                if fund_problem(s, p, n, h) is None:
                    out.append(m.Fund(n, h))
        for name in (p.corp, *p.played):
            for i in range(len(action_options(name)) if name else 0):
                for mc, st, ti, h in use_options(s, p, name, i):
                    out.append(m.Use(name, i, mc, st, ti, h))
        out.extend(m.Convert(w) for w in ("plants", "heat") if convert_problem(s, p, w) is None)
        return out

    def _legal_pending(self, s: State, p: Any, item: tuple) -> list:
        kind = item[1]
        if kind == "corp":
            return [m.ChooseCorp(c) for c in (*p.corp_offer, BEGINNER)]
        if kind == "draft":
            return [m.Draft(c) for c in dict.fromkeys(p.offer)]
        if kind in ("pick", "university"):
            return [m.Pick(c) for c in self._picks(s, p, item)]
        if kind in ("viral", "olympus"):
            return [m.Choose(x) for x in self._labels(p, item)]
        if kind == "claim":
            return [m.Place(sp) for sp in self._claimable(s)]
        if kind == "keep":
            n = LOOK_CARDS[item[2]][1]
            if n == "buy":
                return [m.Keep(())] + ([m.Keep((p.offer[0],))] if p.res[MC] >= 3 else [])
            return [m.Keep(combo) for combo in combinations(p.offer, min(n, len(p.offer)))]
        if kind == "buy":
            # staged, one card at a time (docs/games/terraforming-mars.md): at most 11
            # commands. `drop CARD` is accepted but not offered: with it the decision would
            # have cycles (take, drop, take...) that a search can wander around forever.
            out = [m.Confirm()]
            if 3 * (len(p.marked) + 1) <= p.res[MC]:
                out.extend(m.Mark(c, True) for c in dict.fromkeys(p.offer) if c not in p.marked)
            return out
        if kind == "place":
            return [m.Place(sp) for sp in legal_spaces(s, p.name, item[2], item[3])]
        if kind in ("remove", "reduce", "flood"):
            return [m.Target(t) for t in self._targets(s, item, p.name)]
        if kind == "add":
            return [m.Pick(c) for c in add_targets(s, item)]
        if kind == "steal":
            return [m.Pick(c) for c in steal_sources(s, item[2], item[3])]
        if kind == "choose":
            return [m.Choose(o["label"]) for o in choice_options(item[2])]
        if kind == "amount":
            low, high = self._amount_range(p, item)
            return [m.Amount(n) for n in range(low, high + 1)]
        if kind == "final":
            out = [m.Done()]
            if convert_problem(s, p, "plants") is None:
                out.append(m.Convert("plants"))
            return out
        return []

    # -- outcome -----------------------------------------------------------------------------------

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        parts = breakdown(state)
        # the scores recorded when the game ended (a later rules change does not rewrite
        # a finished game; verify reports it instead)
        scores = {n: state.scores.get(n, parts[n]["total"]) for n in state.names}
        if len(state.names) == 1:
            (name,) = state.names
            won = state.maxed()
            return Outcome(scores, {name: 1 if won else 2},
                           {"result": "won" if won else "lost", "score": scores[name],
                            "generations": state.generation, "points": parts})
        money = {n: state.players[n].res[MC] for n in state.names}
        return Outcome.from_scores(scores, money, {"generations": state.generation, "points": parts})

    # -- information ---------------------------------------------------------------------------------

    def view(self, state: State, player: str | None) -> State:
        v = state.copy()
        for p in v.players.values():
            if p.name != player:
                p.hand = ["?"] * len(p.hand)
                p.offer = ["?"] * len(p.offer)
                p.corp_offer = ["?"] * len(p.corp_offer)
                p.drafted = ["?"] * len(p.drafted)
                p.marked = ["?"] * len(p.marked)
        v.deck = ["?"] * len(v.deck)
        v.discard = ["?"] * len(v.discard)
        return v

    def determinize(self, view: State, player: str, rng: random.Random) -> State:
        s = view.copy()
        known = set()
        for p in s.players.values():
            known.update(p.played)
            known.update(p.events)
            known.update(c for c in (*p.hand, *p.offer, *p.drafted) if c != "?")
        cat = self.catalog(s)
        pool = [c for c in cat.deck if c not in known]
        rng.shuffle(pool)
        corps = [c for c in cat.corporations
                 if c not in {q.corp for q in s.players.values()}
                 and all(c not in q.corp_offer for q in s.players.values())]
        rng.shuffle(corps)

        def fill(cards: list[str], source: list[str]) -> list[str]:
            return [source.pop() if c == "?" and source else c for c in cards]

        for p in s.players.values():
            p.hand = fill(p.hand, pool)
            p.offer = fill(p.offer, pool)
            p.drafted = fill(p.drafted, pool)
            # cards another player marked are among their offer: any of its cards will do
            p.marked = [c if c != "?" else p.offer[k] for k, c in enumerate(p.marked)]
            p.corp_offer = fill(p.corp_offer, corps)
        s.deck = fill(s.deck, pool)
        s.discard = fill(s.discard, pool)
        return s

    def reshuffle_unrevealed(self, state: State, rng: random.Random) -> list:
        """The deck: nobody has seen its order. Hands, offers and drafts were seen by
        their holders and stay; a discard pile is shuffled by its contents alone when it
        goes under the deck, so its order hides nothing."""
        if len(state.deck) < 2:
            return []
        deck = sorted(state.deck)
        rng.shuffle(deck)
        return [m.Shuffled(tuple(deck))]

    def redact(self, event: Any, player: str | None) -> Any:
        shown = self._redact_fields(event, player)
        d = getattr(event, "delta", None)
        return attrs.evolve(shown, delta=redact_delta(d, player)) if d is not None else shown

    def changes(self, event: Any) -> dict[str, dict[str, int]]:
        d: Delta | None = getattr(event, "delta", None)
        return counters(d) if d is not None else {}

    def _redact_fields(self, event: Any, player: str | None) -> Any:
        t = type(event)
        if t in (m.Shuffled, m.Reshuffled):
            return t(tuple("?" for _ in event.cards))
        if t is m.Dealt and event.player != player:
            return m.Dealt(event.player, tuple("?" for _ in event.corps), tuple("?" for _ in event.cards))
        if t in (m.Bought, m.Drawn, m.Sold) and event.player != player:
            return t(event.player, tuple("?" for _ in event.cards))
        if t is m.Looked and event.player != player:
            return m.Looked(event.player, tuple("?" for _ in event.cards), event.source)
        if t is m.Kept and event.player != player:
            return m.Kept(event.player, tuple("?" for _ in event.cards))
        if t is m.Drafted and event.player != player:
            return m.Drafted(event.player, "?")
        if t is m.Marked and event.player != player:
            return m.Marked(event.player, "?", event.on)
        if t is m.Research:
            return m.Research(event.generation, tuple(
                (n, cards if n == player else tuple("?" for _ in cards)) for n, cards in event.offers))
        return event

    def catalog(self, state: State | None) -> Catalog:
        """The cards this game plays with (chosen by its options; base game without a state)."""
        return catalog(state.options if state is not None else {})

    def clone(self, state: State) -> State:
        return state.copy()

    # -- notation ------------------------------------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:
        raw = " ".join(str(text).split())
        word, _, rest = raw.partition(" ")
        w = word.lower()
        if w == "buy" and not rest:
            return m.Confirm()
        if w in ("take", "drop") and rest:
            return m.Mark(self._card(rest, state), w == "take")
        if w in ("pass", "done", "greenery", "heat") and not rest:
            return {"pass": m.Pass(), "done": m.Done(), "greenery": m.Convert("plants"),
                    "heat": m.Convert("heat")}[w]
        if not rest:
            raise IllegalCommand(f"{text!r} is not a command; see docs/games/terraforming-mars.md "
                                 "(play, project, sell, claim, fund, use, greenery, heat, pass, done)")
        if w == "keep":
            return m.Keep(() if rest.lower() == "none" else tuple(self._card(c, state) for c in rest.split(",")))
        if w == "draft":
            return m.Draft(self._card(rest, state))
        if w == "corporation":
            name = lookup(rest)
            if name not in CORPORATIONS:
                raise IllegalCommand(f"no corporation {rest!r}")
            return m.ChooseCorp(name)
        if w in ("buy", "sell"):
            cards = () if rest.lower() == "none" else tuple(self._card(c, state) for c in rest.split(","))
            return m.Buy(cards) if w == "buy" else m.Sell(cards)
        if w == "play":
            return self._parse_play(rest, state, player)
        if w == "use":
            return self._parse_use(rest, state, player)
        if w in ("project", "claim", "fund"):
            body, kv = _strip_kv(rest)
            if set(kv) - {"heat"}:
                raise IllegalCommand(f"{w} is paid in M€ (Helion may add: heat N)")
            heat = kv.get("heat", 0)
            if w == "project":
                if body.lower() not in PROJECTS:
                    raise IllegalCommand(f"no project {body!r}: choose {', '.join(PROJECTS)}")
                return m.Project(body.lower(), heat)
            names = MILESTONES if w == "claim" else AWARDS
            hit = next((n for n in names if n.lower() == body.lower()), None)
            if hit is None:
                raise IllegalCommand(f"{body!r} is not one of {', '.join(names)}")
            return m.Claim(hit, heat) if w == "claim" else m.Fund(hit, heat)
        if w == "place":
            sp = rest.lower()
            if sp not in SPACES:
                raise IllegalCommand(f"{rest!r} is not a space: a row letter a-i and a number, like e4")
            return m.Place(sp)
        if w == "target":
            return m.Target("" if rest.lower() == "none" else rest)
        if w == "card":
            return m.Pick("" if rest.lower() == "none" else self._card(rest, state))
        if w == "choose":
            return m.Choose(rest.lower())
        if w == "amount":
            if not rest.isdigit():
                raise IllegalCommand("amount takes a number, like amount 2")
            return m.Amount(int(rest))
        raise IllegalCommand(f"{text!r} is not a command; see docs/games/terraforming-mars.md")

    def _card(self, text: str, state: State | None = None) -> str:
        name = lookup(text)
        if name is None or name not in CARDS:
            raise IllegalCommand(f"{text.strip()!r} is not a project card name")
        if state is not None and not self.catalog(state).has_card(name):
            raise IllegalCommand(f"{name} is not a card of this game (it is a Corporate Era card; "
                                 "start the game with -o corporate_era=true)")
        return name

    def _parse_play(self, rest: str, state: State | None, player: str | None) -> m.Play:
        body, kv = _strip_kv(rest)
        name = self._card(body, state)
        st, ti, heat = kv.get("steel", 0), kv.get("titanium", 0), kv.get("heat", 0)
        if "pay" in kv:
            mc = kv["pay"]
        elif state is not None and player in state.players:
            p = state.players[player]
            mc = max(0, card_cost(p, name) - st * steel_value(p) - ti * titanium_value(p) - heat)
        else:
            raise IllegalCommand("say how many M€ you pay: play NAME pay N")
        return m.Play(name, mc, st, ti, heat)

    def _parse_use(self, rest: str, state: State | None, player: str | None) -> m.Use:
        body, kv = _strip_kv(rest)
        name, label = lookup(body), ""
        if name is None and " " in body:
            head, _, label = body.rpartition(" ")
            name = lookup(head)
        if name is None or not action_options(name):
            raise IllegalCommand(f"{body!r} is not a card with an action")
        opts = action_options(name)
        labels = [o["label"] for o in opts]
        if label:
            if label.lower() not in labels:
                raise IllegalCommand(f"{name} has the options: {', '.join(labels)}")
            option = labels.index(label.lower())
        elif len(opts) > 1:
            raise IllegalCommand(f"say which: {', '.join(f'use {name} {x}' for x in labels)}")
        else:
            option = 0
        st, ti, heat = kv.get("steel", 0), kv.get("titanium", 0), kv.get("heat", 0)
        if "pay" in kv:
            mc = kv["pay"]
        elif state is not None and player in state.players:
            p = state.players[player]
            mc = max(0, opts[option].get("pay", 0) - st * steel_value(p) - ti * titanium_value(p)
                     - heat)
        else:
            mc = max(0, opts[option].get("pay", 0) - heat)
        return m.Use(name, option, mc, st, ti, heat)

    def format(self, command: Any, state: State | None = None) -> str:
        c = command
        t = type(c)
        if t is m.Pass:
            return "pass"
        if t is m.Done:
            return "done"
        if t is m.Convert:
            return "greenery" if c.what == "plants" else "heat"
        if t is m.ChooseCorp:
            return f"corporation {c.corp}"
        if t is m.Draft:
            return f"draft {c.card}"
        if t is m.Keep:
            return "keep " + (", ".join(c.cards) or "none")
        if t is m.Buy:
            return "buy " + (", ".join(c.cards) or "none")
        if t is m.Mark:
            return ("take " if c.on else "drop ") + c.card
        if t is m.Confirm:
            return "buy"
        if t is m.Sell:
            return "sell " + ", ".join(c.cards)
        if t is m.Play:
            text = f"play {c.card} pay {c.mc}"
            for key in ("steel", "titanium", "heat"):
                if getattr(c, key):
                    text += f" {key} {getattr(c, key)}"
            return text
        if t is m.Use:
            opts = action_options(c.card)
            text = f"use {c.card}"
            if len(opts) > 1:
                text += f" {opts[c.option]['label']}"
            if c.mc or opts[c.option].get("pay"):
                text += f" pay {c.mc}"
            for key in ("steel", "titanium", "heat"):
                if getattr(c, key):
                    text += f" {key} {getattr(c, key)}"
            return text
        if t is m.Project:
            return f"project {c.kind}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Claim:
            return f"claim {c.name}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Fund:
            return f"fund {c.name}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Place:
            return f"place {c.space}"
        if t is m.Target:
            return f"target {c.player or 'none'}"
        if t is m.Pick:
            return f"card {c.card or 'none'}"
        if t is m.Choose:
            return f"choose {c.label}"
        if t is m.Amount:
            return f"amount {c.n}"
        raise IllegalCommand(f"not a Terraforming Mars command: {c!r}")

    def redact_command(self, text: str, actor: str, player: str | None) -> str:
        """Which cards another player drafts, keeps, buys or sells is secret; how many is not."""
        verb, _, rest = text.partition(" ")
        if verb in ("take", "drop") and player != actor:
            return f"{verb} a card"
        if verb == "buy" and not rest:
            return text
        if verb in ("draft", "keep", "buy", "sell") and player != actor:
            n = 0 if rest in ("", "none") else len(rest.split(", "))
            return f"{verb} {n} card{'s' if n != 1 else ''}"
        return text

    # -- presentation ------------------------------------------------------------------------------

    def describe_event(self, event: Any) -> str:
        return render.describe(event)

    def explain(self, topic: str, state: State | None = None) -> str | None:
        """A card's or corporation's text (cost, tags, requirement, effects, VP), a
        milestone, an award or a standard project."""
        return words.explain(topic)

    def topics(self) -> dict[str, list[str]]:
        return words.topics()

    def describe_table(self, state: State, player: str | None = None) -> list[str]:
        return table.table_lines(state, player)

    def turn_marker(self, state: State) -> str | None:
        return f"Generation {state.generation}"

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        return render.summary(state)

    def render(self, state: State, fmt: str = "text", player: str | None = None) -> str:
        acting = tuple(self.to_act(state))
        if fmt == "svg":
            out = self.outcome(state)
            return render.svg(state, acting, dict(out.scores) if out else None,
                              out.winners if out else None)
        return render.text(state, player, acting)

    def evaluate(self, state: State, player: str) -> float:
        return evaluation.evaluate(self, state, player)

    def upcast(self, type_name: str, version: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return super().upcast(type_name, version, data)
