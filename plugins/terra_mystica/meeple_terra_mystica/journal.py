"""The journal: how ``decide`` turns one run of the rules into facts.

decide runs the rules on a clone whose faction dicts are ``Tracked``: every write to a
faction goes through ``Tracked.__setitem__``, which records it. Counters of the ledger
(VP, coins, workers, priests, the three power bowls, cult positions, spades, keys, tracks,
tiles, buildings) are recorded as deltas under the reason the rules named last (``why``);
the faction's bookkeeping (whose turn, what is still owed, the bonus tile held) as the
value it ends with. Everything else (the map, turn order, supply, power offers, phase)
is compared with a snapshot when a fact is cut. The rules cut a fact where a new thing
happens of its own accord: the round's cult bonus, income, the final scoring. A fact
names what it records by names.py's tables (game concepts, not keys or attributes).

Outside decide (legal, search, ``step``) the state has no journal and ``why``/``note``/
``begin`` cost one attribute read.
"""

from __future__ import annotations

from dataclasses import fields
from itertools import compress
from operator import is_not, itemgetter, ne
from typing import Any

from . import board as B
from .names import COUNTERS, FACTION, FACTION_NAME, TABLE
from .notation import fmt_one
from .state import SHARED, State

#: Faction counters recorded as deltas with a reason; the rest of a faction's dict is
#: bookkeeping, recorded as its new value. Facts name both by names.py's tables.
LEDGER = frozenset(COUNTERS.values())

#: State fields a fact may change besides the factions and the map, in TABLE's order.
_FIXED = {"players", "options", "score_tiles", "fac", "hcolor", "hbld", "howner", "town", "jr"}
TOP = tuple(TABLE.values())
# A field without a recorded name would go unrecorded (fold would miss its changes).
if set(TOP) != {f.name for f in fields(State)} - _FIXED:
    raise RuntimeError("names.TABLE must name every State field a fact may change, and only "
                       f"those: {sorted(set(TOP) ^ ({f.name for f in fields(State)} - _FIXED))}")


#: Whether every counter is kept under the name a fact records it by: then decide records
#: a line's deltas and fold adds them as they are (a game folds tens of thousands; a name
#: lookup per delta made replay measurably slower). A rename in names.py brings it back.
COUNTERS_AS_RECORDED = all(name == key for name, key in COUNTERS.items())


class _Null:
    """What ``why`` gives when nothing is being recorded."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NULL = _Null()
_MISSING = object()


class Tracked(dict):
    """A faction dict that reports every write to its journal: ledger counters as deltas
    summed per (faction, reason), other keys by remembering their first value."""

    # The journal's containers are held directly: this runs for every write decide makes.
    # ``reason``, ``line``: the reason this faction last wrote under and its line's
    # deltas (most writes in a row come under the same reason: no key to build and hash).
    __slots__ = ("lines", "reasons", "name", "old", "reason", "line")

    # The defaults bind the constants as locals (cheaper than globals, per write).
    def __setitem__(self, key: str, value: Any, _ledger: frozenset = LEDGER,
                    _get: Any = dict.get, _set: Any = dict.__setitem__) -> None:
        if key in _ledger:
            delta = value - _get(self, key, 0)
            if delta:
                # Summed here, not listed and summed when the fact is cut: one step less.
                reason = self.reasons[-1]
                if reason is self.reason:
                    d = self.line
                    d[key] = d.get(key, 0) + delta
                else:
                    line = (self.name, reason)
                    d = self.lines.get(line)
                    if d is None:
                        d = self.lines[line] = {key: delta}
                    else:
                        d[key] = d.get(key, 0) + delta
                    self.reason = reason
                    self.line = d
        else:
            old = self.old
            if key not in old:
                old[key] = _get(self, key, _MISSING)
        _set(self, key, value)


class Journal:
    """What the rules did since the last cut, and the facts cut so far. It is also the
    context manager ``why`` hands out (no object per reason)."""

    __slots__ = ("reasons", "lines", "notes", "facts", "snap", "kind", "info", "pending",
                 "shared_map", "shared", "marks", "names", "same")

    def __init__(self, snap: State) -> None:
        self.reasons: list[Any] = [""]
        #: (faction, reason) -> {counter: delta}, in the order they first moved.
        self.lines: dict[tuple[str, Any], dict[str, int]] = {}
        self.notes: list[tuple[str, ...]] = []
        self.facts: list[tuple[str, dict, Fact]] = []
        self.snap = snap
        self.kind = "row"
        self.info: dict = {}
        self.pending: Any = ""
        #: The clone still holds the four per-hex lists of the state decide was given
        #: (most rows build nothing); ``own_map`` copies them before a rule writes.
        self.shared_map = True
        #: Which of ``SHARED`` the clone still shares with that state (``own``).
        self.shared = set(SHARED)
        #: The hexes written to (``own_map``).
        self.marks: set[int] = set()
        #: sub-command -> its text (fmt_one), filled as lines are cut.
        self.names: dict[tuple, str] = {}
        #: Deltas of lines cut so far (by faction key) -> the same under their recorded
        #: names, each kept once: a game repeats the same few (a dwelling's cost, a
        #: leech) hundreds of times, and one tuple that events share is one allocation
        #: less for the collector to look at, and less memory; the names are looked up
        #: once per kind of line.
        self.same: dict[tuple, tuple] = {}

    def track(self, name: str, f: dict) -> Tracked:
        t = Tracked(f)
        t.lines = self.lines
        t.reasons = self.reasons
        t.name = name
        t.old = {}
        t.reason = None
        return t

    def own(self, g: State, *names: str) -> None:
        """Give the clone ``g`` its own copy of each of ``names`` still shared."""
        shared = self.shared
        for name in names:
            if name in shared:
                shared.discard(name)
                v = getattr(g, name)
                setattr(g, name, {k: x[:] for k, x in v.items()} if name == "cult_spots"
                        else v.copy())

    def __enter__(self) -> None:
        self.reasons.append(self.pending)

    def __exit__(self, *exc: object) -> None:
        self.reasons.pop()


#: A fact: the consequences of one step, in the plain form events store
#: (lines, sets, hexes, patch, notes).
Fact = tuple


def start(state: State, names: dict | None = None, same: dict | None = None) -> State:
    """A clone of ``state`` that records what the rules do to it. ``names``: the text of
    each sub-command met so far (the reasons of lines), kept by the caller's Game object
    (search and import meet the same few hundred sub-commands again and again)."""
    jr = Journal(state)
    if names is not None:
        jr.names = names
    if same is not None:
        jr.same = same
    lines, reasons = jr.lines, jr.reasons
    fac = {}
    for name, f in state.fac.items():  # jr.track, inline: this runs for every decide
        t = Tracked(f)
        t.lines = lines
        t.reasons = reasons
        t.name = name
        t.old = {}
        t.reason = None
        fac[name] = t
    g = state.clone(fac, journal=True)
    g.jr = jr
    return g


def own_map(g: State, *hexes: int) -> None:
    """Called by the rules before they write to the per-hex lists (terrain, building,
    owner, town) at ``hexes``: a journaled clone then copies the four lists it shared
    with decide's state, once, and notes the hexes."""
    jr = g.jr
    if jr is not None:
        if jr.shared_map:
            g.hcolor = g.hcolor[:]
            g.hbld = g.hbld[:]
            g.howner = g.howner[:]
            g.town = g.town[:]
            jr.shared_map = False
        jr.marks.update(hexes)


def unshare(g: State, name: str) -> None:
    """Called by the rules before they write into one of ``state.SHARED``."""
    jr = g.jr
    if jr is not None and name in jr.shared:
        jr.own(g, name)


def why(g: State, reason: str) -> Journal | _Null:
    """``with why(g, "favor FAV11"): ...``: the writes inside are for that reason."""
    jr = g.jr
    if jr is None:
        return _NULL
    jr.pending = reason
    return jr


def why_cmd(g: State, cmd: tuple) -> Journal | _Null:
    """The reason for one sub-command of a row: its notation (formatted when the fact is
    cut, once per line)."""
    jr = g.jr
    if jr is None:
        return _NULL
    jr.pending = cmd
    return jr


def note(g: State, *what: Any) -> None:
    """A fact worth a log line that moves no counter (a declined leech, a town)."""
    jr = g.jr
    if jr is not None:
        jr.notes.append(tuple(map(str, what)))


def begin(g: State, kind: str, **info: Any) -> None:
    """End the current fact and begin one of ``kind`` ("round", "income", "final"), with
    ``info`` for its event: the rules call this where something happens of its own accord."""
    jr = g.jr
    if jr is None:
        return
    jr.facts.append((jr.kind, jr.info, _collect(g, jr)))
    jr.kind = kind
    jr.info = info


def finish(g: State) -> list[tuple[str, dict, Fact]]:
    """End the last fact and hand back every fact of this decide, in order."""
    jr = g.jr
    jr.facts.append((jr.kind, jr.info, _collect(g, jr, last=True)))
    g.jr = None
    return jr.facts


def _plain(v: Any) -> Any:
    """The JSON form of a state value (tuples become lists), also a deep copy."""
    t = type(v)
    if t is list or t is tuple:
        return [_plain(x) for x in v]
    if t is dict:
        return {k: _plain(x) for k, x in v.items()}
    return v


def _collect(g: State, jr: Journal, last: bool = False) -> Fact:  # noqa: C901 - one branch per kind of recorded fact
    snap = jr.snap
    player_of = g.player_of
    # New factions (a pick) arrive as plain dicts: all of it is new.
    for n, f in list(g.fac.items()) if len(g.fac) != len(snap.fac) else ():
        if type(f) is not Tracked:
            t = jr.track(n, f)
            for k, v in f.items():
                if k in LEDGER and v:
                    jr.lines.setdefault((n, "start"), {})[k] = v
                else:  # zeros too: a new faction's dict must have every key
                    t.old[k] = _MISSING
            g.fac[n] = t
    out = []
    names, same, name_of = jr.names, jr.same, FACTION_NAME
    for (name, reason), d in jr.lines.items():
        if 0 in d.values():  # moves that cancelled out: no delta, perhaps no line
            deltas = tuple([kv for kv in d.items() if kv[1]])
            if not deltas:
                continue
        else:
            deltas = tuple(d.items())
        named = same.get(deltas)
        if named is None:
            named = same[deltas] = deltas if COUNTERS_AS_RECORDED else tuple(
                [(name_of[k], v) for k, v in deltas])
        if type(reason) is not str:
            text = names.get(reason)
            if text is None:
                text = names[reason] = fmt_one(reason)
            reason = text
        out.append((player_of.get(name, ""), name, reason, named))
    out_lines = tuple(out)
    sets = []
    for n, f in g.fac.items():
        f.reason = None  # its line is cut: the next write starts a new one
        old = f.old
        if old:
            for k, was in old.items():
                v = f[k]
                if v != was:
                    sets.append((n, name_of[k], list(v) if type(v) is tuple else v))
            f.old = {}
    sets = tuple(sets)
    hexes = ()
    if jr.marks:  # the hexes the rules wrote to (some perhaps to the value they had)
        hcolor, hbld, howner, town = g.hcolor, g.hbld, g.howner, g.town
        names = B.NAMES
        shc, shb, sho, sht = snap.hcolor, snap.hbld, snap.howner, snap.town
        hexes = tuple((names[h], hcolor[h], hbld[h], howner[h], town[h]) for h in sorted(jr.marks)
                      if hcolor[h] != shc[h] or hbld[h] != shb[h] or howner[h] != sho[h]
                      or town[h] != sht[h])
        jr.marks.clear()
    # Which fields differ: those the clone copied compared in C; a shared one only if a
    # rule took its own copy (still the same object: unchanged). In the order of TOP.
    gd, sd = g.__dict__, snap.__dict__
    idx = list(compress(_COPIED_IDX, map(ne, _COPIED_GET(gd), _COPIED_GET(sd))))
    if any(map(is_not, _SHARED_GET(gd), _SHARED_GET(sd))):
        for i, k in _SHARED_IDX:
            a, b = gd[k], sd[k]
            if a is not b and a != b:
                idx.append(i)
        idx.sort()
    enc = _TOP_ENCODE
    patch = []
    for i in idx:
        k, name, e = enc[i]
        v = gd[k]
        patch.append((name, v if e is None else e(v)))
    patch = tuple(patch)
    notes = tuple(jr.notes)
    jr.lines.clear()  # in place: every Tracked holds this dict
    jr.notes = []
    if not last:
        jr.snap = _snapshot(g)
    return (out_lines, sets, hexes, patch, notes)


#: The stored form of each state field a fact may change (JSON: lists, not tuples), a
#: copy that shares nothing with the state. Any other field: ``_plain`` (a deep copy).
_ENCODE = {
    "order": list, "turn_order": list, "pass_order": list, "setup_queue": list,
    "player_of": dict, "faction_of": dict, "pool": dict, "coins": dict, "blocked": dict,
    "cultist_offers": dict,
    "bridges": lambda v: [list(b) for b in v],
    "cult_spots": lambda v: {k: list(x) for k, x in v.items()},
    "offers": lambda v: [list(o) for o in v],
    "row_values": lambda v: [v[0], list(v[1])] if v else [],
    "final": lambda v: _plain(v),
}


#: Fields holding an int, str or bool are stored as they are (None: no copy to make).
_SCALAR = {f.name for f in fields(State) if f.type in ("int", "str", "bool")}
#: Per field of TOP: the field, its recorded name, its encoder.
_TOP_ENCODE = tuple((k, name, None if k in _SCALAR else _ENCODE.get(k, _plain))
                    for name, k in TABLE.items())
_TOP_GET = itemgetter(*TOP)
#: TOP's positions of the fields a journaled clone copies, and of those it shares.
_COPIED_IDX = tuple(i for i, k in enumerate(TOP) if k not in SHARED)
_COPIED_GET = itemgetter(*(TOP[i] for i in _COPIED_IDX))
_SHARED_IDX = tuple((i, k) for i, k in enumerate(TOP) if k in SHARED)
_SHARED_GET = itemgetter(*(k for _, k in _SHARED_IDX))


def _snapshot(g: State) -> State:
    """A copy of the parts a fact compares (the factions are tracked, not compared)."""
    c = State.__new__(State)
    d = g.__dict__.copy()  # a copy of the table as it is (cheaper than dict())
    for k in ("order", "turn_order", "pass_order", "setup_queue", "hcolor", "hbld",
              "howner", "town", "bridges"):
        d[k] = list(d[k])
    for k in ("player_of", "faction_of", "pool", "coins", "blocked", "cultist_offers",
              "final"):
        d[k] = dict(d[k])
    d["cult_spots"] = {k: list(v) for k, v in g.cult_spots.items()}
    d["offers"] = [list(o) for o in g.offers]
    d["fac"] = dict.fromkeys(g.fac)  # only its size is read: new factions since
    d["jr"] = None
    c.__dict__.update(d)
    return c


# -- fold: apply a fact ----------------------------------------------------------------

def _row_values(v: Any) -> tuple:
    return (v[0], tuple(v[1])) if v else ()


#: How a stored (JSON) value becomes the state's value again (a copy: the state is
#: changed in place later, the event never).
_DECODE = {
    **_ENCODE,
    "bridges": lambda v: [tuple(b) for b in v],
    "row_values": _row_values,
}


#: Per recorded name: its state field and decoder (None for an int, str or bool, stored
#: as it is).
_DECODE_TOP = {name: (k, None if k in _SCALAR else _DECODE.get(k, _plain))
               for name, k in TABLE.items()}


def apply(g: State, lines, sets, hexes, patch) -> None:
    """Apply recorded consequences to ``g`` in place. No rules, no checks."""
    fac, key_of, as_recorded = g.fac, FACTION, COUNTERS_AS_RECORDED
    for _player, name, _reason, deltas in lines:
        f = fac.get(name)
        if f is None:
            f = fac[name] = {}
        if as_recorded:
            for k, d in deltas:
                f[k] = f.get(k, 0) + d
        else:
            for k, d in deltas:
                k = key_of[k]
                f[k] = f.get(k, 0) + d
    for name, k, v in sets:
        fac[name][key_of[k]] = tuple(v) if type(v) is list else v
    if hexes:
        idx = B.INDEX
        for name, color, bld, owner, town in hexes:
            h = idx[name]
            g.hcolor[h] = color
            g.hbld[h] = bld
            g.howner[h] = owner
            g.town[h] = town
    d = g.__dict__
    top = _DECODE_TOP
    for name, v in patch:
        k, dec = top[name]
        d[k] = v if dec is None else dec(v)
