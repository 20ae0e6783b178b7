"""Is ``legal`` complete? For every decision of a recorded game, check that ``legal``
offers it, as one row or as a sequence of rows that gives the same state.

A recorded row is split into consecutive parts; each part must be a row ``legal`` offers
at that point (or give the same state as one it offers), and the parts together must
give the state the whole row gives. Free actions (conversions, burning) may also be moved
to the front of the row, which is where ``legal`` offers them. Used by
``meeple_terra_mystica.tools.legal_coverage``, the test over all records and the benchmark.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.core import IllegalCommand

from . import caches as C
from .data import CULTS
from .game import TerraMystica
from .importer import start_record
from .legal import candidates, legal_rows
from .notation import format_row
from .rows import apply_row
from .state import State

#: State fields that count the rows or hold a journal, not the position.
#: _adj: State.adj's cache; _caches: the game's (caches.py)
_SKIP = {"nrows", "row_values", "jr", "_adj", "_caches"}
FREE = ("convert", "burn")


def _freeze(v):
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return tuple(sorted(v))
    return v


#: State fields compared as they are (flat lists and scalars; the rest below).
_FLAT = ("hcolor", "hbld", "howner", "town", "order", "turn_order", "pass_order",
         "setup_queue")


def position(g: State) -> tuple:
    """What two states must share to be the same position (row counters and the journal
    aside; a bridge has no direction)."""
    d = g.__dict__
    out = [tuple(d[k]) for k in _FLAT]
    out.append(tuple(sorted((min(a, b), max(a, b), o) for a, b, o in g.bridges)))
    out.append(tuple((n, tuple(f.values())) for n, f in sorted(g.fac.items())))
    out.append(tuple(tuple(o) for o in g.offers))
    for k in ("pool", "coins", "blocked", "cultist_offers", "player_of", "faction_of"):
        out.append(tuple(sorted(d[k].items())))
    out.append(tuple((k, tuple(v)) for k, v in sorted(g.cult_spots.items())))
    rest = [k for k in d if k not in _SKIP and k not in _FLAT and k not in (
        "bridges", "fac", "offers", "pool", "coins", "blocked", "cultist_offers", "player_of",
        "faction_of", "cult_spots")]
    out.append(tuple((k, _freeze(d[k])) for k in sorted(rest)))
    return tuple(out)


@dataclass
class Coverage:
    decisions: int = 0
    offered: int = 0  # as one row, text equal
    sequences: int = 0  # as several legal rows (or a same-state spelling)
    leaving: int = 0  # "drop" rows: a player leaving, not a move legal offers
    missed: list = field(default_factory=list)  # (game, line, faction, row)
    legal_calls: int = 0
    candidates: int = 0

    @property
    def share(self) -> float:
        n = self.decisions - self.leaving
        return (self.offered + self.sequences) / n if n else 1.0


def _try(g: State, player: str, cmds: tuple) -> State | None:
    s = g.clone()
    try:
        apply_row(s, player, cmds)
    except IllegalCommand:
        return None
    return s


class _Legal:
    """What ``legal`` offers in one state. ``legal`` keeps the candidates the rules accept,
    so a row that applies is offered exactly when it is a candidate: membership needs no
    trial runs. The positions the offered rows lead to are computed only when a part of
    a recorded row is spelled differently from every candidate."""

    def __init__(self, game: TerraMystica, g: State, player: str, cov: Coverage):
        self.g, self.player, self.game = g, player, game
        self.rows = set(candidates(g, player))
        cov.legal_calls += 1
        cov.candidates += len(self.rows)
        self._pos: set | None = None

    def positions(self) -> set:
        if self._pos is None:
            self._pos = set()
            parse = C.of(self.g).parse
            for t in legal_rows(parse, self.g, self.player):
                s = _try(self.g, self.player, parse(t))
                if s is not None:
                    self._pos.add(position(s))
        return self._pos


def _covered(game, g, player, cmds, target, cov, seen=None) -> bool:
    """Can ``cmds`` be cut into parts that are legal rows in turn, ending at ``target``?
    Parts spelled as ``legal`` spells them are tried first; a part spelled differently
    counts when it leads to the same position as a row ``legal`` offers."""
    if not cmds:
        return position(g) == target
    seen = set() if seen is None else seen
    key = (len(cmds), position(g))
    if key in seen:  # this rest of the row was already tried from this position
        return False
    seen.add(key)
    lg = _Legal(game, g, player, cov)
    tried = []
    for j in range(len(cmds), 0, -1):
        part = cmds[:j]
        if format_row(part) not in lg.rows:
            tried.append(j)
            continue
        s = _try(g, player, part)
        if s is not None and _covered(game, s, player, cmds[j:], target, cov, seen):
            return True
    for j in tried:
        s = _try(g, player, cmds[:j])
        if s is not None and position(s) in lg.positions():
            if _covered(game, s, player, cmds[j:], target, cov, seen):
                return True
    return False


def units(cmds: tuple) -> tuple:
    """Burning and conversions split into the single units ``legal`` offers."""
    out = []
    for c in cmds:
        if c[0] == "burn" and c[1] > 1:
            out += [("burn", 1)] * c[1]
        elif c[0] == "convert" and c[3] > 1 and (c[2], c[4]) != ("W", "P") and c[1] % c[3] == 0:
            out += [("convert", c[1] // c[3], c[2], 1, c[4])] * c[3]
        elif c[0] == "convert" and c[2] == "VP" and c[1] > 1:
            out += [("convert", 1, "VP", 1, "C")] * c[1]
        elif c[0] == "dig" and c[1] > 1:
            out += [("dig", 1)] * c[1]
        elif c[0] == "adj" and c[1] > 1 and (c[2].startswith("TW") or c[2].startswith("FAV")):
            out += [("adj", 1, c[2])] * c[1]
        else:
            out.append(c)
    return tuple(out)


def check_decision(game, g: State, player: str, cmds: tuple, after: State, cov: Coverage,
                   where: tuple) -> None:
    cov.decisions += 1
    text = format_row(cmds)
    if cmds == (("drop",),):
        # Leaving the game is accepted at any prompt but never offered (no agent resigns).
        cov.leaving += 1
        return
    lg = _Legal(game, g, player, cov)
    if text in lg.rows:
        cov.offered += 1
        return
    target = position(after)
    if target == position(g):  # a row that changes nothing (the site's "wait")
        cov.sequences += 1
        return
    cmds = units(cmds)
    free = tuple(c for c in cmds if c[0] in FREE)
    orders = [cmds]
    if free:
        orders.append(free + tuple(c for c in cmds if c[0] not in FREE))
    owed = tuple(c for c in cmds if c[0] == "adj" and c[1] > 0 and c[2] in CULTS)
    if owed and cmds[0] not in owed:
        # A cult step owed from before the row (a Cultists' leech) is taken first.
        orders.append(owed + tuple(c for c in cmds if c not in owed))
    for order in orders:
        if _covered(game, g, player, order, target, cov):
            cov.sequences += 1
            return
    cov.missed.append((*where, text))


def measure(text: str, name: str, cov: Coverage, game: TerraMystica | None = None) -> None:
    """Walk one record, checking every decision against ``legal``."""
    game = game or TerraMystica()
    led, imp, g = start_record(text, game)
    for row, mv in zip(led.rows, imp.moves, strict=True):
        cmds = game.parsed(game.parse(mv.text, g).text, g)
        after = g.clone()
        apply_row(after, mv.player, cmds)
        check_decision(game, g, mv.player, cmds, after, cov, (name, row.line, row.faction))
        g = after
