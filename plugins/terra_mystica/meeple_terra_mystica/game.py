"""Terra Mystica for Meeple: the Game object and its events. The rules live in state.py,
turns.py, actions.py, economy.py, reach.py and scoring.py."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from meeple.core import Game, IllegalCommand, Option, Outcome, command, event, fit

from . import caches as C
from . import first_game as FG
from . import journal as J
from . import ledger as L
from . import turns as T
from . import upcast as U
from .ai import DEFAULT, Evaluator, Weights
from .data import CULTS, FACTIONS, SCORING
from .legal import legal_rows
from .names import FACTION_NAME
from .notation import format_row, parse_row
from .rows import apply_row
from .state import new_faction, new_state, pw

OPTION_FLAGS = (
    ("strict-leech", "a leech must be answered before the leecher converts (site option)"),
    ("strict-darkling-sh", "the Darklings' stronghold conversion must be used at once"),
    ("strict-chaosmagician-sh", "passing ends the Chaos Magicians' double action"),
    ("errata-cultist-power", "Cultists gain 1 power when every opponent declines"),
    ("mini-expansion-1", "town tiles TW6-TW8"),
    ("shipping-bonus", "bonus tile BON10 (3 VP per shipping level on passing)"),
    ("temple-scoring-tile", "scoring tile SCORE9 (temples)"),
    ("variable-turn-order", "next round's turn order follows the pass order"),
    ("maintain-player-order", "players pick factions in the given seat order"),
    ("site-leech", "as on Snellman's site: power offers may stay open while others act, "
     "and an action declines the actor's own open offers (imports set it)"),
    ("site-order", "as on Snellman's site: the last faction still playing may take its next "
     "action, or pass, before taking what its previous action gave (imports set it)"),
)


@command
class Turn:
    """One player row: sub-commands joined by '. ' (canonical text)."""

    text: str


@event("terra-mystica.started", version=2)
class Started:
    """Version 1 (plugin version 1) had no ``factions``: it upcasts to none fixed."""

    players: tuple[str, ...]
    options: tuple[str, ...]
    scoring: tuple[str, ...]
    removed_bonus: tuple[str, ...]
    #: Factions fixed by the options, one per seat (empty: players pick them in play).
    factions: tuple[str, ...] = ()


@event("terra-mystica.acted")
class Acted:
    """A player's row as plugin version 1 stored it: only the text. Loading and verifying
    a log upcast it to a ``Played`` with the facts today's rules derive from it
    (``upcast_in_context``); fold never sees it (docs/games/terra-mystica.md, "Logs of
    version 1")."""

    player: str
    text: str


# The consequences every fact event carries (see journal.py):
#   lines: (player, faction, reason, ((counter, delta), ...)): the ledger, with reasons
#   sets:  (faction, name, value): a faction's bookkeeping (turn, what it still owes)
#   hexes: (hex, terrain, building, owner, in a town): the map as it is now
#   patch: (name, value): the rest of the state (turn order, supply, offers, phase)
#   notes: (kind, ...): what moved no counter (a declined leech, a town founded)
# Counters, bookkeeping and the rest of the state go by the names names.py gives them;
# version 1 named them by the plugin's attributes of its time (``upcast_v1_v2`` renames).
# Stored as JSON arrays; the converters make them tuples again when an event is read
# (decide builds tuples already). Typed Any so that the codec hands the arrays over
# as they are: structuring them field by field cost more than folding the game.


def _lines(v: Any) -> tuple:
    if type(v) is tuple:
        return v
    return tuple((p, f, r, tuple(map(tuple, d))) for p, f, r, d in v)


def _rows(v: Any) -> tuple:
    return v if type(v) is tuple else tuple(map(tuple, v))


@event("terra-mystica.played", version=2)
class Played:
    """A player's row and everything it caused, up to the next automatic step."""

    upcast_v1_v2 = staticmethod(U.facts_v1_v2)

    player: str
    faction: str
    text: str
    lines: Any = attrs.field(default=(), converter=_lines)
    sets: Any = attrs.field(default=(), converter=_rows)
    hexes: Any = attrs.field(default=(), converter=_rows)
    patch: Any = attrs.field(default=(), converter=_rows)
    notes: Any = attrs.field(default=(), converter=_rows)


@event("terra-mystica.round-scored", version=2)
class RoundScored:
    """The end of a round: the round scoring tile's cult bonus."""

    upcast_v1_v2 = staticmethod(U.facts_v1_v2)

    round: int
    tile: str
    lines: Any = attrs.field(default=(), converter=_lines)
    sets: Any = attrs.field(default=(), converter=_rows)
    hexes: Any = attrs.field(default=(), converter=_rows)
    patch: Any = attrs.field(default=(), converter=_rows)
    notes: Any = attrs.field(default=(), converter=_rows)


@event("terra-mystica.income", version=2)
class Income:
    """The start of a round: coins on the bonus tiles, income, the turn order."""

    upcast_v1_v2 = staticmethod(U.facts_v1_v2)

    round: int
    lines: Any = attrs.field(default=(), converter=_lines)
    sets: Any = attrs.field(default=(), converter=_rows)
    hexes: Any = attrs.field(default=(), converter=_rows)
    patch: Any = attrs.field(default=(), converter=_rows)
    notes: Any = attrs.field(default=(), converter=_rows)


@event("terra-mystica.final-scoring", version=2)
class FinalScoring:
    """The end of the game: cult majorities, the largest area, resources."""

    upcast_v1_v2 = staticmethod(U.facts_v1_v2)

    lines: Any = attrs.field(default=(), converter=_lines)
    sets: Any = attrs.field(default=(), converter=_rows)
    hexes: Any = attrs.field(default=(), converter=_rows)
    patch: Any = attrs.field(default=(), converter=_rows)
    notes: Any = attrs.field(default=(), converter=_rows)


FACTS = (Played, RoundScored, Income, FinalScoring)

#: What verify says of a log of plugin version 1 (Game.old_format).
_V1 = "terra-mystica 1 (rows without their outcomes; facts derived by today's rules)"
_FACT_TYPES = frozenset(FACTS)


def chosen_factions(options: Mapping[str, Any], n: int) -> tuple[str, ...]:
    """The factions the options fix, checked: known, one per seat, no two of a terrain."""
    from meeple.core import BadOptions

    text = str(options.get("factions") or "").strip()
    if not text:
        return ()
    names = tuple(x.strip().lower().replace(" ", "") for x in text.split(","))
    bad = [x for x in names if x not in FACTIONS]
    if bad:
        raise BadOptions(f"factions: unknown faction {bad[0]!r}; factions are "
                         f"{', '.join(sorted(FACTIONS))}")
    if len(names) != n:
        raise BadOptions(f"factions: {len(names)} given for {n} players (one per seat)")
    colors = [FACTIONS[x]["color"] for x in names]
    for i, c in enumerate(colors):
        if c in colors[:i]:
            other = names[colors.index(c)]
            raise BadOptions(f"factions: {other} and {names[i]} share the {c} terrain; "
                             "choose factions of different terrains")
    return names


def start_lines(ev: Started) -> tuple:
    """The starting resources (20 VP, the faction board's coins, workers, power, cults) of
    the factions a ``Started`` seats, as the ledger lines a faction pick row records: with
    factions fixed by the options no pick row exists, so the game's start is counted here
    (summing changes over a game gives the final scores)."""
    return tuple((p, n, "start", tuple((FACTION_NAME[k], v) for k, v in new_faction(n, p).items()
                                       if k in J.LEDGER and v))
                 for p, n in zip(ev.players, ev.factions, strict=False))


class TerraMystica(Game):
    name = "terra-mystica"
    title = "Terra Mystica"
    version = "2"
    min_players = 2
    max_players = 5
    options = tuple(Option(n, False, h) for n, h in OPTION_FLAGS) + (
        Option("scoring", "", "the six round scoring tiles, e.g. SCORE5,SCORE8,SCORE4,... "
               "(empty: drawn at random)", str),
        Option("removed-bonus", "", "bonus tiles out of play, e.g. BON3,BON4,BON5 "
               "(empty: drawn at random)", str),
        Option("factions", "", "the factions, one per seat in seat order, e.g. "
               "witches,nomads (empty: each player picks one in turn)", str),
        Option("first-game", False, "the rule book's first game: its factions for the "
               "number of players (witches, nomads, then alchemists / halflings, mermaids, "
               "giants), start dwellings, scoring and bonus tiles (those three are our "
               "reconstruction, first_game.json)"),
    )
    events = (Started, Acted, *FACTS)

    def __init__(self, weights: Weights = DEFAULT) -> None:
        # The only thing this object holds, and it is immutable: every game of an engine
        # shares the object. Caches live on each game's state (caches.py) and in each
        # agent's evaluator.
        self.weights = weights

    def parsed(self, text: str, state: Any = None) -> tuple:
        """The sub-commands of a row text (kept in the caches of ``state``'s game)."""
        return parse_row(text) if state is None else C.of(state).parse(text)

    # -- setup -------------------------------------------------------------------

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random):
        if options.get("first-game"):
            return self._first_game_setup(players, options)
        flags = tuple(n for n, _ in OPTION_FLAGS if options.get(n))
        scoring = [s.strip().upper() for s in str(options.get("scoring") or "").split(",") if s.strip()]
        if scoring:
            from meeple.core import BadOptions
            if len(scoring) != 6 or any(s not in SCORING for s in scoring):
                raise BadOptions("scoring takes six tiles SCORE1..SCORE9 separated by commas")
        else:
            tiles = [f"SCORE{i}" for i in range(1, 9)]
            if "temple-scoring-tile" in flags:
                tiles.append("SCORE9")
            while True:
                rng.shuffle(tiles)
                if "SCORE1" not in tiles[4:6]:
                    break
            scoring = tiles[:6]
        rb = str(options.get("removed-bonus") or "").strip()
        removed = [] if rb.lower() == "none" else [
            s.strip().upper() for s in rb.split(",") if s.strip()]
        known_bons = {f"BON{i}" for i in range(1, 11 if "shipping-bonus" in flags else 10)}
        if any(b not in known_bons for b in removed):
            from meeple.core import BadOptions
            raise BadOptions(f"removed-bonus takes bonus tiles of this game "
                             f"({', '.join(sorted(known_bons, key=lambda b: int(b[3:])))}) "
                             "separated by commas, or none")
        if not rb:
            bons = [f"BON{i}" for i in range(1, 10)]
            if "shipping-bonus" in flags:
                bons.append("BON10")
            rng.shuffle(bons)
            removed = sorted(bons[: len(bons) - (len(players) + 3)], key=lambda b: int(b[3:]))
        factions = chosen_factions(options, len(players))
        return [Started(tuple(players), flags, tuple(scoring), tuple(removed), factions)]

    def _first_game_setup(self, players: Sequence[str], options: Mapping[str, Any]) -> list:
        """The introductory game: its factions, tiles and start dwellings, the dwellings and
        bonus picks played as the ordinary setup rows (their events are the usual facts),
        so that the game opens in round 1's action phase with no setup decision asked."""
        from meeple.core import BadOptions

        bad = FG.conflicts(dict(options))
        if bad:
            raise BadOptions("first-game fixes the factions, start dwellings, scoring and "
                             f"bonus tiles; it cannot be combined with {', '.join(bad)} "
                             "(drop those or first-game)")
        fg = FG.plan(len(players))
        flags = tuple(n for n, _ in OPTION_FLAGS if options.get(n))
        events: list = [Started(tuple(players), flags, fg.scoring, fg.removed_bonus,
                                fg.factions)]
        state = self.fold(None, events[0])
        todo = {name: list(hexes) for name, hexes in zip(fg.factions, fg.dwellings, strict=True)}
        bonus = dict(zip(fg.factions, fg.bonus, strict=True))
        while state.phase == "setup":
            step = state.setup_queue[0]
            name = step.split(":")[-1]
            row = f"pass {bonus[name]}" if step.startswith("bonus:") else f"build {todo[name].pop(0)}"
            player = state.player_of[name]
            for ev in self.decide(state, player, self.parse(row, state, player), None):
                state = self.fold(state, ev)
                events.append(ev)
        return events

    # -- playing -----------------------------------------------------------------

    def fold(self, state, ev):
        """Apply what the event records, never the rules. A version-1 ``Acted`` arrives
        here as the ``Played`` that ``upcast_in_context`` made of it."""
        if type(ev) in _FACT_TYPES:
            J.apply(state, ev.lines, ev.sets, ev.hexes, ev.patch)
            return state
        if isinstance(ev, Started):
            return new_state(ev.players, ev.options, ev.scoring, ev.removed_bonus, ev.factions)
        raise ValueError(f"terra mystica cannot fold {ev!r}: a version-1 row is read through "
                         "upcast_in_context" if isinstance(ev, Acted) else f"unknown event {ev!r}")

    # -- old logs ----------------------------------------------------------------

    def upcast(self, type_name: str, version: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if type_name == Started.TYPE and version == 1:
            if "factions" in data:  # written by plugin version 2 before this event's v2
                return 2, data
            # Plugin version 1 fixed no factions, and its rules let play run on while
            # power offers were open, as on the site: today's option site-leech.
            flags = set(data.get("options", ())) | {"site-leech"}
            return 2, {**data, "factions": [],
                       "options": [n for n, _ in OPTION_FLAGS if n in flags]}
        return super().upcast(type_name, version, data)

    def upcast_in_context(self, state, event):
        """A version-1 row (``Acted``, only its text) becomes one ``Played`` holding the
        facts today's rules derive from it, the steps it set off (income, round and final
        scoring) included: the rules run once, here, so that the log shows what the row did
        and fold applies facts. A row today's rules refuse cannot be read (IllegalCommand
        saying which and why)."""
        if type(event) is not Acted:
            return event
        try:
            facts = self.decide(state, event.player, self.parse(event.text, state), None)
        except IllegalCommand as exc:
            raise IllegalCommand(f"a version-1 row of {event.player}, {event.text!r}, is "
                                 f"refused by today's rules: {exc}") from None
        faction = next((e.faction for e in facts if type(e) is Played), "")
        return Played(event.player, faction, event.text,
                      *(sum((getattr(e, k) for e in facts), ())
                        for k in ("lines", "sets", "hexes", "patch", "notes")))

    def upcasts_in_context(self, event):
        """Only a version-1 row is upcast with the state before it."""
        return type(event) is Acted

    def old_format(self, stored, today):
        """Plugin version 1's setup (upcast: site-leech on, as its rules always were) where
        today's setup from the same header differs only there; or a version-1 row where
        today's rules give facts of the same row by the same player (version 1 recorded no
        outcomes, so there are none to compare)."""
        if len(stored) != 1 or len(today) < 1:
            return None
        old, new = stored[0], today[0]
        if type(old) is Started and type(new) is Started and len(today) == 1:
            same = attrs.evolve(new, options=old.options) == old
            # The upcast adds site-leech and nothing else: a header with an option the
            # stored setup lacks was changed, not written by version 1.
            if (same and set(new.options) <= set(old.options)
                    and set(old.options) - set(new.options) <= {"site-leech"}):
                return _V1
        if (type(old) is Acted and type(new) is Played and new.player == old.player
                and new.text == self.parse(old.text).text):
            return _V1
        return None

    def decide(self, state, player, cmd, rng):
        """Run the row on a journaled clone; its facts become the events."""
        if isinstance(cmd, str):
            cmd = self.parse(cmd, state, player)
        caches = C.of(state)
        cmds = caches.parsed.get(cmd.text) or caches.parse(cmd.text)
        caches.bounded()
        g = J.start(state, caches.names, caches.same)
        apply_row(g, player, cmds)
        out = []
        for kind, info, body in J.finish(g):
            if kind == "row":
                out.append(Played(player, g.faction_of.get(player, ""), cmd.text, *body))
            elif kind == "round":
                out.append(RoundScored(info["round"], info["tile"], *body))
            elif kind == "income":
                out.append(Income(info["round"], *body))
            else:
                out.append(FinalScoring(*body))
        return out

    def step(self, state, player, cmd, rng):
        """Search fast path: run a row ``legal`` offered directly on ``state`` (no clone, no
        event object); the result equals decide + fold."""
        if isinstance(cmd, str):
            cmd = self.parse(cmd, state, player)
        apply_row(state, player, C.of(state).parse(cmd.text))
        return state

    def to_act(self, state) -> list[str]:
        g = state
        if g.finished:
            return []
        if g.phase == "select-factions":
            return [g.players[len(g.order)]]
        return [g.player_of[n] for n in T.acting(g)]

    def outcome(self, state):
        if not state.finished:
            return None
        scores = {state.player_of[n]: f["VP"] for n, f in state.fac.items()}
        return Outcome.from_scores(scores, detail={
            "factions": {state.player_of[n]: n for n in state.fac}, **(state.final or {})})

    def clone(self, state):
        return state.clone()

    # -- notation ----------------------------------------------------------------

    def parse(self, text, state=None, player=None):
        if isinstance(text, Turn):
            return text
        if state is None:
            return Turn(format_row(parse_row(str(text))))
        # A third of a league game's rows repeat ("pass", "leech 1 from ..."): each text
        # is read once per game.
        caches = C.of(state)
        turns = caches.turns
        turn = turns.get(text)
        if turn is not None:
            return turn
        cmds = parse_row(str(text))
        canon = format_row(cmds)
        cache = caches.parsed
        if len(cache) > C.LIMIT:
            cache.clear()
        if len(turns) > C.LIMIT:
            turns.clear()
        cache[canon] = cmds
        turn = turns[text] = Turn(canon)
        return turn

    def format(self, cmd, state=None):
        return cmd.text

    def describe_event(self, ev):
        t = type(ev)
        if t is Played:
            head = f"{ev.faction or ev.player}: {ev.text}"
            return L.describe(head, ev, ev.faction)
        if t is Income:
            return L.describe(f"round {ev.round} income", ev)
        if t is RoundScored:
            return L.describe(f"round {ev.round} scoring {ev.tile}", ev)
        if t is FinalScoring:
            return L.describe("final scoring", ev)
        if isinstance(ev, Acted):
            return ev.text
        if isinstance(ev, Started):
            return (f"started: {', '.join(ev.players)}; scoring {','.join(ev.scoring)}; "
                    f"removed {','.join(ev.removed_bonus)}; options {' '.join(ev.options)}"
                    + (f"; factions {','.join(ev.factions)}" if ev.factions else ""))
        return super().describe_event(ev)

    def changes(self, ev):
        """Per player: vp, coins, workers, priests, bowl1-3, fire/water/earth/air,
        spades, keys, shipping, digging, buildings and tiles (ledger.py). A legacy
        ``Acted`` records no consequences, so it reports none."""
        if type(ev) in _FACT_TYPES:
            return L.changes(ev.lines)
        if type(ev) is Started and ev.factions:
            return L.changes(start_lines(ev))
        return {}

    def turn_marker(self, state):
        if state is None or state.round == 0:
            return "Setup"
        if state.finished:
            return "Game over"
        return f"Round {state.round}"

    def summary(self, state, player=None):
        g = state
        facs = {}
        for n in g.order:
            f = g.fac[n]
            facs[n] = {
                "player": f["player"], "VP": f["VP"], "C": f["C"], "W": f["W"], "P": f["P"],
                "power": pw(f), "cults": {c.lower(): f[c] for c in CULTS},
                "shipping": f["shipping"], "digging": f["digging"], "passed": bool(f["passed"]),
                "dropped": bool(f["dropped"]),
                "buildings": {b: f[b] for b in ("D", "TP", "TE", "SH", "SA")},
                "tiles": sorted(k for k, v in f.items() if v and isinstance(v, int)
                                and (k.startswith("BON") or k.startswith("FAV") or k.startswith("TW"))),
            }
        out = {"round": g.round, "phase": g.phase, "scoring": list(g.score_tiles),
               "factions": facs, "to_act": self.to_act(g)}
        if g.finished:
            out["final_scores"] = {n: g.fac[n]["VP"] for n in g.order}
            out["final_scores_by_player"] = {g.player_of[n]: g.fac[n]["VP"] for n in g.order}
            out["final_detail"] = g.final
        return out

    def explain(self, topic, state=None):
        """A faction, a bonus, favor, town or scoring tile, or an action, in words."""
        from .words import explain
        return explain(topic)

    def topics(self):
        from .words import topics
        return topics()

    def describe_table(self, state, player=None):
        from .words import table_lines
        return table_lines(state, player)

    #: "narrow": the text picture with a map for terminals under 100 columns (narrow.py).
    render_formats = ("text", "svg", "narrow")

    def render(self, state, fmt="text", player=None, width=None):
        from .render import render_svg, render_text
        if fmt == "svg":
            return render_svg(state, player)
        if fmt == "narrow":
            from .narrow import render_narrow
            return fit(render_narrow(state), width)
        return fit(render_text(state), width)

    def regions(self, state, player, command):
        from .regions import row_regions
        return row_regions(self.parsed(self.parse(command, state).text, state))

    def panels(self, state, player):
        from .panels import panels_of
        return panels_of(state, player)

    def evaluate(self, state, player):
        from .ai import evaluate
        return evaluate(state, player, None, self.weights)

    def evaluator(self):
        """This game's weights with an estimate memo of the agent's own (ai.py)."""
        return Evaluator(self.weights)

    def legal(self, state, player):
        return [Turn(t) for t in legal_rows(C.of(state).parse, state, player)]
