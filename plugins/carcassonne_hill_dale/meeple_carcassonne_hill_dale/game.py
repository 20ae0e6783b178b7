"""Carcassonne - Ueber Stock und Stein (Over Hill and Dale): the Game object. The rules
live in rules.py (decide, legal), fold.py (events -> state), scoring.py and board.py."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import BadOptions, Game, Option, Outcome, Panel
from meeple.core.encoded import Encoded

from . import encoding, names, notation, observation, render, rules, words
from .board import feature_harvest, feature_tiles, find
from .events import (
    EVENTS,
    ChipTaken,
    Drew,
    FinalScored,
    MeeplePlaced,
    Place,
    Placed,
    Scored,
    StablePlaced,
    StackReshuffled,
    Started,
    Wandered,
)
from .fold import fold
from .panels import panels as table_panels
from .regions import steps, walk_goals
from .scoring import MAJORITY, SHARING, chip_points, stable_points, winners
from .state import State
from .tiles import CROPS, DIRS, KIND_INDEX, KINDS, PATH, full_stack

COLOURS = ("red", "blue", "yellow", "green", "black")
FULL = len(full_stack())


def tile_name(tile_id: str) -> str:
    """A tile as a player would call it: ``field-n-junction-scarecrow`` reads "field N,
    3-way junction, scarecrow" (render.tile_words)."""
    return f"{tile_id} ({render.tile_words(KINDS[KIND_INDEX[tile_id]])})" if tile_id else ""


def _who(ev: Any) -> str:
    name = getattr(ev, "player", "")
    return name or f"seat {getattr(ev, 'seat', -1) + 1}"


def _describe_scored(ev: Any) -> str:
    names = ev.names or tuple(f"seat {s + 1}" for s, _ in ev.awards)
    per = "1 point" if ev.feature == "path" else "2 points"
    gains = ", ".join(f"{n} +{p}" for n, (_, p) in zip(names, ev.awards, strict=True))
    meeples = "wanderers" if ev.feature == "path" else "farmers"
    why = f"{per} per tile, once per player"
    if len(ev.present) > 1:
        counts = ", ".join(f"{name} {k}" for name, k in ev.present)
        rule = "most" if ev.sharing == MAJORITY else "every player's"
        why += f"; {rule} {meeples}: {counts}"
    pickers = ", ".join(names[[a for a, _ in ev.awards].index(p)] for p in ev.pickers)
    crops = (f"; harvest chips {', '.join(CROPS[c] for c in ev.harvest)} picked in turn by "
             f"{pickers}") if ev.harvest else ""
    tiles = "tile" if ev.tiles == 1 else "tiles"
    return f"closed {ev.feature} of {ev.tiles} {tiles} at {ev.x},{ev.y}: {gains} ({why}){crops}"


class HillDale(Encoded, Game):
    name = "carcassonne-hill-dale"
    title = "Carcassonne - Über Stock und Stein (Over Hill and Dale)"
    version = "0.1.0"
    min_players = 2
    max_players = 5
    options = (
        Option("tiles", FULL, f"land tiles in the stack besides the start tile (1 to {FULL}; "
               "fewer makes a short game)", int, min=1, max=FULL),
        Option("sharing", MAJORITY, "who scores a path or field several players have meeples "
               "on: 'majority' (the published rulebook: the most meeples; tied players each "
               "score in full) or 'every-player' (everyone on it scores in full); either "
               "way a player scores a feature once", str, SHARING),
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
        sharing = options.get("sharing", MAJORITY)
        if sharing not in SHARING:
            raise BadOptions(f"option 'sharing' must be one of {', '.join(SHARING)}, "
                             f"not {sharing!r}")
        started = Started(tuple(players), tuple(KINDS[k].id for k in stack[:n]), sharing)
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
        v.places = {}  # a view shares nothing with the real game it came from
        return v

    def determinize(self, view: State, player: str, rng: random.Random) -> State:
        s = view.clone()
        rng.shuffle(s.stack)
        s.hidden = False
        return s

    def redact(self, event: Any, player: str | None) -> Any:
        if type(event) is Started:
            return Started(event.players, tuple(sorted(event.stack)), event.sharing)
        if type(event) is StackReshuffled:
            return StackReshuffled(tuple(sorted(event.stack)))
        return event

    def reshuffle_unrevealed(self, state: State, rng: random.Random) -> list:
        """The stack: nobody has seen its order (the drawn tile and those set aside
        were seen, and are no longer in it)."""
        if len(state.stack) < 2:
            return []
        order = sorted(KINDS[k].id for k in state.stack)
        rng.shuffle(order)
        return [StackReshuffled(tuple(order))]

    # -- old logs ----------------------------------------------------------------------------

    def upcast_in_context(self, state: State, event: Any) -> Any:
        """An event of a log written before events carried names: named from its seats
        (names.py), so that its line names players."""
        return names.named(state, event) if names.unnamed(event) else event

    def upcasts_in_context(self, event: Any) -> bool:
        return names.unnamed(event)

    # -- notation and presentation -----------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:
        return notation.parse(text)

    def format(self, command: Any, state: State | None = None) -> str:
        return notation.fmt(command)

    def describe_event(self, ev: Any) -> str:
        t = type(ev)
        who = _who(ev)
        if t is Started:
            rule = ("the most meeples score a shared feature" if ev.sharing == MAJORITY
                    else "everyone on a shared feature scores it")
            return (f"{', '.join(ev.players)} start with {len(ev.stack)} {'tile' if len(ev.stack) == 1 else 'tiles'} in the stack "
                    f"({rule})")
        if t is Drew:
            aside = (f" (set aside, it fits nowhere: {', '.join(map(tile_name, ev.set_aside))})"
                     if ev.set_aside else "")
            drawn = f"draws {tile_name(ev.tile)}" if ev.tile else "finds no tile that fits"
            return f"{who} {drawn}{aside}"
        if t is Placed:
            return f"{who} places {tile_name(ev.tile)} at {ev.x},{ev.y} r{ev.rot * 90}"
        if t is MeeplePlaced:
            where = "path" if ev.role == "wanderer" else "field"
            return (f"{who} puts a {ev.role} on the {where} at {ev.x},{ev.y} "
                    f"({DIRS[ev.edge]} edge)")
        if t is StablePlaced:
            return f"{who} builds a stable at {ev.x},{ev.y}"
        if t is Wandered:
            tiles = "tile" if ev.steps == 1 else "tiles"
            return (f"{who} walks a wanderer from {ev.x},{ev.y} to {ev.to_x},{ev.to_y}: "
                    f"{ev.steps} {tiles}, +{ev.steps} {'point' if ev.steps == 1 else 'points'}")
        if t is Scored:
            return _describe_scored(ev)
        if t is ChipTaken:
            return f"{who} takes a {CROPS[ev.crop]} harvest chip"
        if t is StackReshuffled:
            if len(ev.stack) == 1:
                return "the 1 tile left in the stack is shuffled anew"
            return f"the {len(ev.stack)} tiles left in the stack are shuffled anew"
        if t is FinalScored:
            names = ev.players or tuple(f"seat {s + 1}" for s, *_ in ev.rows)
            return "final scoring: " + "; ".join(
                f"{names[s]} +{a + b + c + d} (unfinished paths {a}, unfinished fields {b}, "
                f"stables {c}, harvest chips {d})" for s, a, b, c, d in ev.rows)
        return super().describe_event(ev)

    def changes(self, ev: Any) -> dict[str, dict[str, int]]:
        """Points ("vp") per player; harvest chips by crop name (``apple``...)."""
        t = type(ev)
        if t is Wandered and ev.player:
            return {ev.player: {"vp": ev.steps}}
        if t is Scored and ev.names:
            out: dict[str, dict[str, int]] = {}
            for name, (_, points) in zip(ev.names, ev.awards, strict=True):
                out[name] = {"vp": points}
            return out
        if t is ChipTaken and ev.player:
            return {ev.player: {CROPS[ev.crop]: 1}}
        if t is FinalScored and ev.players:
            return {ev.players[s]: {"vp": a + b + c + d} for s, a, b, c, d in ev.rows}
        return {}

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

    def explain(self, topic: str, state: State | None = None) -> str | None:
        """A tile kind, a feature or a piece, in words."""
        return words.explain(topic)

    def topics(self) -> dict[str, list[str]]:
        return words.topics()

    def describe_table(self, state: State, player: str | None = None) -> list[str]:
        return words.table_lines(state, player)

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        if fmt == "svg":
            return render.svg(state, player)
        return render.text(state, width)

    def regions(self, state: State, player: str, command: Any) -> tuple[str, ...]:
        """The spot, the rotation (when more than one fits there), then the figure, the
        stable, "no figure" or the walking wanderer (regions.py); a chip by its name."""
        goals = {}
        if isinstance(command, Place) and command.what == "walk":
            goals = walk_goals(self.legal(state, player))
        return steps(state, command, goals)

    def panels(self, state: State, player: str | None) -> Sequence[Panel]:
        return table_panels(state, player)

    # -- machine learning (meeple.rl, docs/rl.md): numbering in encoding, numbers in observation

    encoding = encoding
    observing = observation

    # -- judgement -------------------------------------------------------------------------

    def projected(self, state: State) -> list[float]:
        """Each seat's score as a player would count it at the table: points so far, the
        tiles of each path and field for the players who would score it (once per player,
        by the sharing rule; paths 1 each, fields 1.5 each: between the unfinished and the
        closed value) plus a point per harvest symbol on the field, the animals
        each stable sees now plus some for the empty places around it while tiles remain,
        the harvest chips in hand, and a point for each meeple still in hand early on."""
        n = len(state.players)
        proj = [float(x) for x in state.scores]
        if state.finished:
            return proj
        parent = state.seg_parent
        left = min(1.0, len(state.stack) / 20)
        on: dict[int, dict[int, int]] = {}  # root -> seat -> meeples, as scoring counts them
        for seat, seg in state.meeples:
            mine = on.setdefault(find(parent, seg), {})
            mine[seat] = mine.get(seat, 0) + 1
        for root, counts in on.items():
            tiles = feature_tiles(state, root)
            if state.seg_kind[root] == PATH:
                worth = float(tiles)
            else:
                worth = 1.5 * tiles + len(feature_harvest(state, root))
            for seat in winners(tuple(sorted(counts.items())), state.sharing):
                proj[seat] += worth  # once per scoring player, like the scoring itself
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
