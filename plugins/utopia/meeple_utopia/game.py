"""Utopia (Ludovic Vialla and Arnaud Urbon, 2007) as a Meeple game: the glue between the
engine contract and the rules modules (board, state, fold, rules, notation, render)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from meeple.core import Game, IllegalCommand, Option, Outcome, Panel
from meeple.core.encoded import Encoded

from . import encoding, final, observation, panels, regions, table, words
from . import render as pictures
from .board import BOARD, CIVS, NCIV
from .events import (
    EVENTS,
    CardsDiscarded,
    CardsDrawn,
    GuestsDrawn,
    GuestTaken,
    KingInfluenced,
    MonumentBuilt,
    PrinceAdded,
    PrinceRemoved,
    PrincesMoved,
    RoundScored,
    SpecialGuestDrawn,
    Started,
    TurnEnded,
    WelcomeEnded,
    WonderBuilt,
)
from .fold import fold
from .notation import format_command, parse
from .rules import check, consequences, draw_guests, legal
from .state import FULL_STATE, SPECTATOR, State
from .upcast import complete, unrecorded

#: What verify says of a log whose events lack facts decide records today (Game.old_format).
OLD_FORMAT = "utopia 1 (events without some facts decide records today; derived from the state)"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


class Utopia(Encoded, Game):
    name = "utopia"
    title = "Utopia"
    version = "0.1.0"
    min_players = 2
    max_players = 5
    hidden_information = True
    events = EVENTS
    options = (
        Option("goal", 50, "the game ends after the scoring in which someone reaches this",
               kind=int, min=10, max=150),
    )

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list:
        goal = int(options.get("goal", 50))
        values = list(range(1, NCIV + 1))
        rng.shuffle(values)
        started = Started(tuple(players), tuple(values), goal, len(players) > 2)
        state = fold(None, started)
        return [started, draw_guests(state, rng)]

    def decide(self, state: State, player: str, command: Any, rng: random.Random) -> list:
        if player not in state.players:
            raise IllegalCommand(f"{player} does not play in this game")
        seat = state.players.index(player)
        if seat != state.current:
            raise IllegalCommand(f"it is not {player}'s turn")
        reason = check(state, seat, command)
        if reason:
            raise IllegalCommand(reason)
        return consequences(state, seat, command, rng)

    def fold(self, state: State | None, event: Any) -> State:
        return fold(state, event)

    def step(self, state: State, player: str, command: Any, rng: random.Random) -> State:
        """Search fast path: a command from ``legal`` needs no checking."""
        for ev in consequences(state, state.players.index(player), command, rng):
            state = fold(state, ev)
        return state

    def clone(self, state: State) -> State:
        return state.copy()

    def to_act(self, state: State) -> tuple[str, ...]:
        return (state.players[state.current],) if state.current >= 0 else ()

    def legal(self, state: State, player: str) -> list:
        if player not in state.players:
            return []
        return legal(state, state.players.index(player))

    def outcome(self, state: State) -> Outcome | None:
        return final.outcome(state)

    # -- hidden information ------------------------------------------------------------

    def view(self, state: State, player: str | None) -> State:
        """Other players' hands are hidden (their sizes stay public); the cards they hold
        join the deck as one pool of unknown cards."""
        seat = state.players.index(player) if player in state.players else SPECTATOR
        v = state.copy()
        v.viewer = seat
        for s in range(state.n):
            if s != seat:
                for c in range(NCIV):
                    v.deck[c] += v.hands[s * NCIV + c]
                    v.hands[s * NCIV + c] = 0
        return v

    def determinize(self, view: State, player: str, rng: random.Random) -> State:
        """Deal each hidden hand its known size from the pool of unknown cards."""
        full = view.copy()
        if full.viewer == FULL_STATE:
            return full
        pool = [c for c in range(NCIV) for _ in range(full.deck[c])]
        rng.shuffle(pool)
        for s in range(full.n):
            if s != full.viewer:
                for _ in range(full.hand_sizes[s]):
                    c = pool.pop()
                    full.hands[s * NCIV + c] += 1
                    full.deck[c] -= 1
        full.viewer = FULL_STATE
        return full

    def redact(self, event: Any, player: str | None) -> Any:
        if type(event) is CardsDrawn and event.player != player:
            return attrs.evolve(event, cards=(-1,) * len(event.cards))
        return event

    # -- old logs ------------------------------------------------------------------------

    def upcast_in_context(self, state: State, event: Any) -> Any:
        """An event of an older log with facts it did not record: derived here, once
        (upcast.py), so that fold applies recorded facts only."""
        return complete(state, event) if unrecorded(event) else event

    def upcasts_in_context(self, event: Any) -> bool:
        return bool(unrecorded(event))

    def old_format(self, stored: Sequence[Any], today: Sequence[Any]) -> str | None:
        """A batch of an older log: today's events, but for the facts it did not record."""
        if not stored or len(stored) != len(today):
            return None
        found = False
        for old, new in zip(stored, today, strict=True):
            if type(old) is not type(new):
                return None
            missing = unrecorded(old)
            if missing:
                found = True
                old = attrs.evolve(old, **{k: getattr(new, k) for k in missing})
            if old != new:
                return None
        return OLD_FORMAT if found else None

    # -- notation ----------------------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:
        return parse(text)

    def format(self, command: Any, state: State | None = None) -> str:
        return format_command(command)

    def describe_event(self, ev: Any) -> str:  # noqa: C901 - one line per event type
        t = type(ev)
        d = BOARD.district_ids
        who = getattr(ev, "player", "") or f"seat {getattr(ev, 'seat', -1) + 1}"
        if t is Started:
            return (f"{', '.join(ev.players)} play to {ev.goal} prestige; prestige scale "
                    + ", ".join(f"{CIVS[c]} {ev.scale[c]}" for c in range(NCIV)))
        if t is GuestsDrawn:
            return "guests arrive at the ships: " + ", ".join(
                f"{CIVS[g % NCIV]} ({BOARD.island_names[g // NCIV]})" for g in ev.guests)
        if t is GuestTaken:
            kind = "special guest" if ev.special else "guest"
            if ev.district < 0:
                text = (f"{who} takes the {CIVS[ev.civ]} {kind} of the "
                        f"{BOARD.island_names[ev.island]} island (no prince left to place)")
            else:
                text = (f"{who} welcomes {_a(CIVS[ev.civ])} {kind}: {_a(CIVS[ev.civ])} prince "
                        f"to {d[ev.district]}")
            return text + ("" if ev.ends_turn else "; may build before ending the turn")
        if t is WelcomeEnded:
            return f"{who} ends the turn"
        if t is SpecialGuestDrawn:
            civ, island = CIVS[ev.guest % NCIV], BOARD.island_names[ev.guest // NCIV]
            to = ev.to_player or f"seat {ev.to + 1}"
            return (f"{who} hands {to} a privilege token and draws a special guest: {civ} "
                    f"of the {island} island")
        if t is WonderBuilt:
            return (f"{who} builds the wonder of the {BOARD.island_names[ev.island]} island: "
                    f"+{ev.points} prestige")
        if t is MonumentBuilt:
            text = (f"{who} builds {_a(CIVS[ev.civ])} monument in {d[ev.district]} and controls "
                    "it")
            if ev.bonus > 0:
                owner = ev.wonder_player or f"seat {ev.wonder_owner + 1}"
                text += f"; {owner} +{ev.bonus} prestige (wonder of that island)"
            return text
        if t is CardsDrawn:
            shown = " ".join("?" if c < 0 else CIVS[c] for c in ev.cards)
            return f"{ev.player} draws {len(ev.cards)} action cards: {shown}"
        if t is CardsDiscarded or t is TurnEnded:
            cards = ev.cards if t is CardsDiscarded else ev.discards
            verb = "discards for standing" if t is CardsDiscarded else "ends the turn, discarding"
            return f"{who} {verb} {' '.join(CIVS[c] for c in cards) or 'nothing'}"
        paid = " (paid with a privilege token)" if getattr(ev, "privilege", False) else ""
        if t is PrincesMoved:
            princes = "prince" if ev.count == 1 else "princes"
            return (f"{who} moves {ev.count} {CIVS[ev.civ]} {princes} from {d[ev.src]} "
                    f"to {d[ev.dst]}{paid}")
        if t is PrinceAdded:
            return f"{who} adds {_a(CIVS[ev.civ])} prince in {d[ev.district]}{paid}"
        if t is PrinceRemoved:
            return (f"{who} removes {_a(CIVS[ev.civ])} prince from {d[ev.district]}: "
                    f"+{ev.points} prestige{paid}")
        if t is KingInfluenced:
            how = "to value 1 (two cards)" if ev.lowered else "one step up"
            return f"{who} moves {CIVS[ev.civ]} {how} on the prestige scale{paid}"
        if t is RoundScored:
            names = ev.players or tuple(f"seat {s + 1}" for s in range(len(ev.points)))
            held = ev.districts or (None,) * len(ev.points)
            gains = ", ".join(
                f"{names[s]} +{p}" + (f" ({held[s]} district{'' if held[s] == 1 else 's'})"
                                      if held[s] is not None else "")
                for s, p in enumerate(ev.points))
            head = f"round {ev.round} scoring" if ev.round else "round scoring"
            return f"{head}: {gains}"
        return super().describe_event(ev)

    def changes(self, ev: Any) -> dict[str, dict[str, int]]:
        """Prestige ("vp") per player, with its reason in describe_event; "cards" is the
        hand size, "privileges" the privilege tokens a player holds from others."""
        t = type(ev)
        name = getattr(ev, "player", "")
        if t is WonderBuilt and name:
            return {name: {"vp": ev.points}}
        if t is MonumentBuilt and ev.wonder_player and ev.bonus > 0:
            return {ev.wonder_player: {"vp": ev.bonus}}
        if t is RoundScored and ev.players:
            return {p: {"vp": ev.points[s]} for s, p in enumerate(ev.players) if ev.points[s]}
        if t is CardsDrawn:
            return {ev.player: {"cards": len(ev.cards)}}
        if t is CardsDiscarded and name and ev.cards:
            return {name: {"cards": -len(ev.cards)}}
        if t is TurnEnded and name and ev.discards:
            return {name: {"cards": -len(ev.discards)}}
        if t in (PrincesMoved, PrinceAdded, PrinceRemoved, KingInfluenced) and name:
            spent = 2 if t is KingInfluenced and ev.lowered else 1
            key = "privileges" if ev.privilege else "cards"
            out = {name: {key: -spent}}
            if t is PrinceRemoved:
                out[name]["vp"] = ev.points
            return out
        return {}

    def turn_marker(self, state: State) -> str | None:
        return f"Round {state.round}"

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        return {
            "round": state.round,
            "phase": state.phase,
            "scores": dict(zip(state.players, state.scores, strict=True)),
            "prestige": {CIVS[c]: state.scale[c] for c in range(NCIV)},
            "to_act": list(self.to_act(state)),
        }

    def explain(self, topic: str, state: State | None = None) -> str | None:
        """A civilization, a card action, a wonder, monuments, privileges... in words."""
        return words.explain(topic)

    def topics(self) -> dict[str, list[str]]:
        return words.topics()

    def describe_table(self, state: State, player: str | None = None) -> list[str]:
        return table.table_lines(state, player)

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        shown = self.view(state, player) if player is not None else state
        return pictures.svg(shown) if fmt == "svg" else pictures.text(shown, player, width)

    def panels(self, state: State, player: str | None) -> Sequence[Panel]:
        return panels.panels(state, player)

    def regions(self, state: State, player: str, command: Any) -> Sequence[str]:
        return regions.regions(state, command)

    # -- machine learning (meeple.rl, docs/rl.md): numbering in encoding, numbers in observation

    encoding = encoding
    observing = observation

    # -- judgement ---------------------------------------------------------------------

    def evaluate(self, state: State, player: str) -> float:
        """Score lead including what the board will pay: points now, plus the districts
        held at their civilization's current value (next scoring), plus half a point for
        each open district where two of one's princes of a civilization wait for a third,
        plus a little for cards and privileges. Scaled by the goal into [-1, 1]."""
        seat = state.players.index(player)
        out = self.outcome(state)
        if out is not None:
            return 1.0 if out.ranks[player] == 1 else -1.0
        worth = [float(s) for s in state.scores]
        n = state.n
        for d in range(BOARD.n_districts):
            owner = state.mon_owner[d]
            if owner >= 0:
                worth[owner] += state.scale[state.mon_civ[d]]
            else:
                for s in range(n):
                    base = (d * n + s) * NCIV
                    if max(state.princes[base:base + NCIV]) >= 2:
                        worth[s] += 0.5
        for s in range(n):
            worth[s] += 0.2 * (state.hand_sizes[s] + state.held[s]) + 0.3 * state.privileges[s]
        best_other = max(worth[s] for s in range(n) if s != seat)
        return max(-0.99, min(0.99, (worth[seat] - best_other) / state.goal))
