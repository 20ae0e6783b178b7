"""Carcassonne - Ueber Stock und Stein (Over Hill and Dale): the Game object. The rules
live in rules.py (decide, legal), fold.py (events -> state), scoring.py and board.py."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import BadOptions, Game, Option, Outcome

from . import notation, render, rules
from .board import feature_harvest, feature_tiles, find
from .events import (
    EVENTS,
    ChipTaken,
    Drew,
    FinalScored,
    MeeplePlaced,
    Placed,
    Scored,
    StablePlaced,
    Started,
    Wandered,
)
from .fold import fold
from .scoring import chip_points, stable_points
from .state import State
from .tiles import CROPS, DIRS, KINDS, PATH, full_stack

COLOURS = ("red", "blue", "yellow", "green", "black")
FULL = len(full_stack())


class HillDale(Game):
    name = "carcassonne-hill-dale"
    title = "Carcassonne - Über Stock und Stein (Over Hill and Dale)"
    version = "0.1.0"
    min_players = 2
    max_players = 5
    options = (
        Option("tiles", FULL, f"land tiles in the stack besides the start tile (1 to {FULL}; "
               "fewer makes a short game)", int, min=1, max=FULL),
    )
    events = EVENTS
    hidden_information = True

    def default_players(self, count: int) -> list[str]:
        return list(COLOURS[:count]) if count <= len(COLOURS) else super().default_players(count)

    # -- rules -------------------------------------------------------------------------

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list:
        n = int(options.get("tiles", FULL))
        if not 1 <= n <= FULL:
            raise BadOptions(f"option 'tiles' must be 1 to {FULL}, not {n}")
        stack = full_stack()
        rng.shuffle(stack)
        started = Started(tuple(players), tuple(KINDS[k].id for k in stack[:n]))
        events: list[Any] = [started]
        s = fold(None, started)

        def emit(ev: Any) -> None:
            events.append(ev)
            fold(s, ev)

        rules.draw(s, 0, emit)
        return events

    def decide(self, state: State, player: str, command: Any, rng: random.Random) -> list:
        return rules.decide(state, player, command)

    def fold(self, state: State | None, event: Any) -> State:
        return fold(state, event)

    def step(self, state: State, player: str, command: Any, rng: random.Random) -> State:
        rules.play(state, state, player, command)
        return state

    def clone(self, state: State) -> State:
        return state.clone()

    def to_act(self, state: State) -> tuple[str, ...]:
        if state.finished:
            return ()
        if state.pending:
            _, pickers, nxt = state.pending[0]
            return (state.players[pickers[nxt]],)
        return (state.players[state.turn],)

    def legal(self, state: State, player: str) -> list:
        if player not in state.players:
            return []
        return rules.legal(state, state.players.index(player))

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        scores = {p: float(state.scores[i]) for i, p in enumerate(state.players)}
        detail = {
            "final": {
                state.players[seat]: {"paths": a, "fields": b, "stables": c, "harvest": d}
                for seat, a, b, c, d in state.final
            }
        }
        return Outcome.from_scores(scores, detail=detail)

    # -- hidden information --------------------------------------------------------------

    def view(self, state: State, player: str | None) -> State:
        v = state.clone()
        v.stack.sort()
        v.hidden = True
        return v

    def determinize(self, view: State, player: str, rng: random.Random) -> State:
        s = view.clone()
        rng.shuffle(s.stack)
        s.hidden = False
        return s

    def redact(self, event: Any, player: str | None) -> Any:
        if type(event) is Started:
            return Started(event.players, tuple(sorted(event.stack)))
        return event

    # -- notation and presentation -----------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:
        return notation.parse(text)

    def format(self, command: Any, state: State | None = None) -> str:
        return notation.fmt(command)

    def describe_event(self, ev: Any) -> str:
        t = type(ev)
        if t is Started:
            return f"{', '.join(ev.players)} start with {len(ev.stack)} tiles in the stack"
        if t is Drew:
            aside = f" (set aside, fit nowhere: {', '.join(ev.set_aside)})" if ev.set_aside else ""
            drawn = f"draws {ev.tile}" if ev.tile else "finds no tile that fits"
            return f"seat {ev.seat + 1} {drawn}{aside}"
        if t is Placed:
            return f"seat {ev.seat + 1} places {ev.tile} at {ev.x},{ev.y} r{ev.rot * 90}"
        if t is MeeplePlaced:
            return f"seat {ev.seat + 1} puts a {ev.role} at {ev.x},{ev.y}{DIRS[ev.edge]}"
        if t is StablePlaced:
            return f"seat {ev.seat + 1} builds a stable at {ev.x},{ev.y}"
        if t is Wandered:
            return (f"seat {ev.seat + 1} walks {ev.x},{ev.y}{DIRS[ev.edge]} -> "
                    f"{ev.to_x},{ev.to_y}{DIRS[ev.to_edge]}: {ev.steps} points")
        if t is Scored:
            who = ", ".join(f"seat {s + 1} +{p}" for s, p in ev.awards)
            crops = f"; harvest {', '.join(CROPS[c] for c in ev.harvest)}" if ev.harvest else ""
            return f"closed {ev.feature} of {ev.tiles} tiles: {who}{crops}"
        if t is ChipTaken:
            return f"seat {ev.seat + 1} takes {CROPS[ev.crop]}"
        if t is FinalScored:
            return "final scoring: " + "; ".join(
                f"seat {s + 1} paths {a} fields {b} stables {c} harvest {d}"
                for s, a, b, c, d in ev.rows)
        return super().describe_event(ev)

    def turn_marker(self, state: State) -> str | None:
        return f"Tile {len(state.board)}"

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        return {
            "scores": dict(zip(state.players, state.scores, strict=True)),
            "tiles_left": len(state.stack),
            "current": KINDS[state.current].id if state.current >= 0 else None,
            "to_act": list(self.to_act(state)),
            "meeples_left": dict(zip(state.players, state.meeples_left, strict=True)),
            "stables_left": dict(zip(state.players, state.stables_left, strict=True)),
            "harvest": {
                p: {CROPS[i]: n for i, n in enumerate(state.chips[seat]) if n}
                for seat, p in enumerate(state.players)
            },
        }

    def render(self, state: State, fmt: str = "text", player: str | None = None) -> str:
        if fmt == "svg":
            return render.svg(state)
        return render.text(state)

    # -- judgement -------------------------------------------------------------------------

    def projected(self, state: State) -> list[float]:
        """Each seat's score as a player would count it at the table: points so far, the
        tiles under each meeple (paths 1 each, fields 1.5 each: between the unfinished and
        the closed value) plus a point per harvest symbol on a farmer's field, the animals
        each stable sees now plus some for the empty places around it while tiles remain,
        the harvest chips in hand, and a point for each meeple still in hand early on."""
        n = len(state.players)
        proj = [float(x) for x in state.scores]
        if state.finished:
            return proj
        parent = state.seg_parent
        left = min(1.0, len(state.stack) / 20)
        cache: dict[int, float] = {}
        for seat, seg in state.meeples:
            root = find(parent, seg)
            if root not in cache:
                tiles = feature_tiles(state, root)
                if state.seg_kind[seg] == PATH:
                    cache[root] = float(tiles)
                else:
                    cache[root] = 1.5 * tiles + len(feature_harvest(state, root))
            proj[seat] += cache[root]
        board = state.board
        for (x, y), seat in state.stables.items():
            empty = sum((x + dx, y + dy) not in board for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            proj[seat] += stable_points(state, x, y) + 0.5 * empty * left
        for seat in range(n):
            proj[seat] += chip_points(state.chips[seat])
            proj[seat] += 1.0 * state.meeples_left[seat] * left
        return proj

    def evaluate(self, state: State, player: str) -> float:
        seat = state.players.index(player)
        proj = self.projected(state)
        best_other = max(p for i, p in enumerate(proj) if i != seat)
        diff = proj[seat] - best_other
        if state.finished:
            return 1.0 if diff > 0 else (0.0 if diff == 0 else -1.0)
        return 0.95 * math.tanh(diff / 25.0)
