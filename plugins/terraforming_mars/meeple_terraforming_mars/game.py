"""Terraforming Mars for Meeple: the Game object that ties rules, notation and views together.
Its jobs live in modules of their own, mixed into the class: the decide flow
(deciding.py), the checks of a command and the legal commands (allowed.py) and the
notation (notation.py); here are setup, who acts, fold, views, outcome and old logs.

``decide`` copies the state, runs the rules of each event it makes on the copy
(``flow.apply_rules``), records what they did in the event (``delta``), and adds the
follow-up events the rules force (turn ends, production, the next research deal, final
scoring, the end of the game). ``fold`` places the opening events and applies a recorded
delta, nothing else; an event of a 0.1 log, which recorded none, gets its delta in
``upcast_in_context``. ``step`` runs the same rules in place for search, without
recording.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from meeple.core import Amounts, Game, Option, Outcome

from . import evaluation, paying, render, table, words
from . import messages as m
from . import panels as table_panels
from . import regions as table_regions
from .allowed import Allowed
from .cards import CARDS, Catalog, catalog
from .deciding import DecideFlow
from .delta import Delta, apply, counters, diff
from .delta import redact as redact_delta
from .flow import apply_rules
from .notation import Notation
from .opening import OPENING, fold_opening
from .scoring import breakdown
from .solo import neutral_tiles
from .state import MC, State

SIMULTANEOUS = ("corp", "buy", "draft")
#: What verify says of a log of plugin 0.1 (Game.old_format).
OLD_FORMAT = "terraforming-mars 0.1 (events without their deltas; derived by today's rules)"


class TerraformingMars(DecideFlow, Allowed, Notation, Game):
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
        if type(event) in OPENING:
            return fold_opening(state, event)
        return apply(state, event.delta)

    def step(self, state: State, player: str, command: Any, rng: random.Random) -> State:
        self._run(state, player, command, rng, record=False)
        return state

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

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        acting = tuple(self.to_act(state))
        if fmt == "svg":
            out = self.outcome(state)
            return render.svg(state, acting, dict(out.scores) if out else None,
                              out.winners if out else None, player)
        return render.text(state, player, acting, width)

    def panels(self, state: State, player: str | None) -> Sequence[Any]:
        return table_panels.panels(self, state, player)

    def regions(self, state: State, player: str, command: Any) -> Sequence[str]:
        return table_regions.regions(state, player, command)

    def amounts(self, state: State, player: str, command: Any) -> Amounts | None:
        return paying.amounts(state, player, command)

    def evaluate(self, state: State, player: str) -> float:
        return evaluation.evaluate(self, state, player)

    # -- old logs ------------------------------------------------------------------------------------

    def upcast_in_context(self, state: State, event: Any) -> Any:
        """An event of a 0.1 log recorded no delta: today's rules derive it once, here, on
        a copy of the state before it, so that fold applies a delta for every log."""
        if type(event) in OPENING or event.delta is not None:
            return event
        return attrs.evolve(event, delta=diff(state, apply_rules(state.copy(), event)))

    def upcasts_in_context(self, event: Any) -> bool:
        return type(event) not in OPENING and event.delta is None

    def old_format(self, stored: Sequence[Any], today: Sequence[Any]) -> str | None:
        """A 0.1 batch: today's events without their deltas (0.1 recorded what happened,
        not its outcome)."""
        if (stored and len(stored) == len(today)
                and all(type(a) is type(b) for a, b in zip(stored, today, strict=True))
                and any(type(a) not in OPENING and a.delta is None for a in stored)
                and all(a == (b if type(b) in OPENING or a.delta is not None
                              else attrs.evolve(b, delta=None))
                        for a, b in zip(stored, today, strict=True))):
            return OLD_FORMAT
        return None
