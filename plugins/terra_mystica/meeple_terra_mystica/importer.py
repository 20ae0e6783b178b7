"""Import game records of Snellman's Terra Mystica site into Meeple.

Three forms are read: the tab-separated ledger (one row per line, comments without
tabs), the site's JSON ledger (``{"gamelog": [...]}``) and tmai's lower-cased command
lists (``faction: command`` lines). Only what players decided becomes a move: faction
picks, their command rows, leech and decline rows. Rows the site computed itself (income,
cult income, final scoring, resource conversion, cultist power) are left to the rules;
their values serve only as checks (``Ledger.checks``).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from meeple.core import IllegalCommand, ImportedGame, ImportedMove, ImportFailed

from .data import FACTIONS
from .game import OPTION_FLAGS, TerraMystica
from .notation import parse_row
from .rows import apply_row
from .turns import acting

KNOWN_OPTIONS = {n for n, _ in OPTION_FLAGS}
IGNORED_OPTIONS = {"email-notify"}
COMPUTED = re.compile(
    r"^(?:(?:cult_|other_|all_)?income_for_faction|\+\d+vp for [\w -]+|score_resources|"
    r"\[opponent accepted power\]|\[all opponents declined power\])$", re.I)


@dataclass
class Row:
    faction: str
    commands: str
    line: int
    values: dict | None  # VP C W P P1 P2 P3 FIRE WATER EARTH AIR after the row
    #: The row also holds a step the site ran itself (income): its values are after it.
    after_auto: bool = False


@dataclass
class Ledger:
    options: list[str] = field(default_factory=list)
    scoring: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)  # player rows only, in order
    picks: list[str] = field(default_factory=list)  # factions in pick order
    last_values: dict = field(default_factory=dict)
    stated_final: dict = field(default_factory=dict)
    fmt: str = "tsv"


_NUM = re.compile(r"(-?\d+)")
_PARTS = re.compile(r"\.\s*")


def _values_tsv(fields: list[str], line: int) -> dict:
    try:
        # "20 VP", "15 C", "5/7/0 PW", "0/1/1/0": the first word
        vp = int(fields[2].split(None, 1)[0])
        c = int(fields[4].split(None, 1)[0])
        w = int(fields[6].split(None, 1)[0])
        p = int(fields[8].split(None, 1)[0])
        p1, p2, p3 = map(int, fields[10].split(None, 1)[0].split("/"))
        cults = list(map(int, fields[12].split("/")))
    except (IndexError, ValueError) as exc:
        raise ImportFailed(f"can't read the resource columns ({exc})", line=line) from None
    if len(cults) != 4:
        raise ImportFailed("cult column must be F/W/E/A", line=line)
    return {"VP": vp, "C": c, "W": w, "P": p, "P1": p1, "P2": p2, "P3": p3,
            "FIRE": cults[0], "WATER": cults[1], "EARTH": cults[2], "AIR": cults[3]}


# Compiled once: a ledger has a hundred comment lines (round headers, notes).
_OPTION = re.compile(r"^option (\S+)$")
_ROUND_SCORING = re.compile(r"^round (\d) scoring: (score\d+)")
_REMOVING = re.compile(r"^removing tile (bon\d+)$")
_PLAYER = re.compile(r"^player (\d+): (.+)$", re.I)
_DROPPED = re.compile(r"^(\w+) dropped from the game$")


def _comment(led: Ledger, text: str, line: int) -> None:
    t = text.strip()
    low = t.lower()
    m = _OPTION.match(low)
    if m:
        if m[1] in KNOWN_OPTIONS:
            led.options.append(m[1])
        elif m[1] not in IGNORED_OPTIONS:
            raise ImportFailed(f"unsupported game option {m[1]!r}", line=line)
        return
    m = _ROUND_SCORING.match(low)
    if m:
        r = int(m[1])
        if not 1 <= r <= 6:
            raise ImportFailed(f"'round {r} scoring': the rounds are numbered 1 to 6", line=line)
        while len(led.scoring) < r:
            led.scoring.append("")
        led.scoring[r - 1] = m[2].upper()
        return
    m = _REMOVING.match(low)
    if m:
        led.removed.append(m[1].upper())
        return
    m = _PLAYER.match(t)
    if m:
        led.players.append(m[2].strip())
        return
    m = _DROPPED.match(low)
    if m:
        led.rows.append(Row(m[1], "drop", line, None))
        return
    # Everything else (round headers, scoring headers, notes) carries no decision.


def _add_row(led: Ledger, faction: str, cmds: str, values: dict | None, line: int) -> None:
    faction = faction.strip().lower()
    if faction not in FACTIONS:
        raise ImportFailed(f"unknown faction {faction!r}", line=line)
    if values is not None:
        led.last_values[faction] = values
    c = cmds.strip()
    if c.lower() == "setup":
        led.picks.append(faction)
        led.rows.append(Row(faction, f"setup {faction}", line, values))
        return
    if not c or COMPUTED.match(c):
        return
    if "." not in c:  # one command (most rows): nothing to split off
        led.rows.append(Row(faction, c, line, values))
        return
    # A row can end with a step the site ran itself (income after the last transform).
    given = [s for s in (p.strip() for p in _PARTS.split(c)) if s]
    parts = [p for p in given if not COMPUTED.match(p)]
    if not parts:
        return
    led.rows.append(Row(faction, ". ".join(parts), line, values, len(parts) != len(given)))


def read_tsv(text: str) -> Ledger:
    led = Ledger(fmt="tsv")
    for i, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        if "\t" not in raw:
            _comment(led, raw, i)
            continue
        fields = raw.split("\t")
        if len(fields) < 13:
            raise ImportFailed(f"a ledger row has {len(fields)} columns, expected 15", line=i)
        values = _values_tsv(fields, i)
        cmds = fields[14] if len(fields) > 14 else ""
        _add_row(led, fields[0], cmds, values, i)
    return led


def read_json(text: str) -> Ledger:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ImportFailed(f"not JSON: {exc}") from None
    except RecursionError:
        raise ImportFailed("the JSON is nested too deeply for a game ledger "
                           "(an object with a 'gamelog' list of row objects)") from None
    log = data.get("gamelog") if isinstance(data, dict) else data
    if not isinstance(log, list):
        raise ImportFailed("JSON ledger must have a 'gamelog' list")
    led = Ledger(fmt="json")
    for i, row in enumerate(log, 1):
        if not isinstance(row, dict):
            raise ImportFailed("gamelog entries must be objects", line=i)
        if "comment" in row:
            _comment(led, str(row["comment"]), i)
            continue
        try:
            def v(k, row=row):
                return int(row[k]["value"])
            cults = [int(x) for x in str(row["CULT"]["value"]).split("/")]
            values = {"VP": v("VP"), "C": v("C"), "W": v("W"), "P": v("P"), "P1": v("P1"),
                      "P2": v("P2"), "P3": v("P3"), "FIRE": cults[0], "WATER": cults[1],
                      "EARTH": cults[2], "AIR": cults[3]}
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            # OverflowError: int() of a JSON Infinity
            raise ImportFailed(f"row lacks resource values, each a whole number ({exc})",
                               line=i) from None
        _add_row(led, str(row.get("faction", "")), str(row.get("commands", "")), values, i)
    return led


def read_tmai(text: str) -> Ledger:
    led = Ledger(fmt="tmai")
    seen: list[str] = []
    for i, raw in enumerate(text.splitlines(), 1):
        t = raw.strip()
        if not t:
            continue
        if t.startswith("#"):
            for name, vp in re.findall(r"(\w+)=(\d+)", t):
                if name in FACTIONS:
                    if len(vp) > 6:
                        raise ImportFailed(f"{name}'s stated final score has {len(vp)} digits: "
                                           "a score is a number below 1,000,000", line=i)
                    led.stated_final[name] = int(vp)
            continue
        m = re.match(r"^(\w+):\s*(.*)$", t)
        if m and m[1].lower() in FACTIONS:
            fac = m[1].lower()
            if fac not in seen:
                raise ImportFailed(f"{fac} acts before its income row", line=i)
            if COMPUTED.match(m[2].strip()):
                continue
            led.rows.append(Row(fac, m[2], i, None))
            continue
        m = re.match(r"^(\w+) (?:cult_|other_|all_)?income_for_faction$", t.lower())
        if m and m[1] in FACTIONS:
            if m[1] not in seen:
                seen.append(m[1])
                led.picks.append(m[1])
                led.rows.insert(len(led.picks) - 1, Row(m[1], f"setup {m[1]}", i, None))
            continue
        if t.lower() == "show history":
            continue
        _comment(led, t, i)
    return led


def read_any(text: str) -> Ledger:
    s = text.lstrip()
    if s.startswith(("{", "[")):
        led = read_json(text)
    elif "\t" in text:
        led = read_tsv(text)
    else:
        led = read_tmai(text)
    if not led.players:
        # Old records name no players: seat the factions under their own names.
        led.players = list(led.picks)
    if len(led.picks) != len(led.players):
        raise ImportFailed(f"{len(led.players)} players but {len(led.picks)} faction picks")
    if len(led.scoring) != 6 or not all(led.scoring):
        raise ImportFailed("the record must state the scoring tile of all six rounds")
    return led


def unique_players(names: list[str]) -> list[str]:
    out = []
    for n in names:
        base = n or "player"
        cand = base
        k = 2
        while cand in out:
            cand = f"{base}-{k}"
            k += 1
        out.append(cand)
    return out


def to_imported(led: Ledger) -> ImportedGame:
    players = unique_players(led.players)
    fp = dict(zip(led.picks, players, strict=False))
    moves = []
    for r in led.rows:
        p = fp.get(r.faction)
        if p is None:
            raise ImportFailed(f"{r.faction} is not in the game", line=r.line)
        moves.append(ImportedMove(p, r.commands, r.line))
    opts: dict = {o: True for o in led.options}
    # The site's records let play run on while power offers are open (see the rules notes).
    opts["site-leech"] = True
    # ... and the last faction still playing take what an action gave after its next one.
    opts["site-order"] = True
    opts["scoring"] = ",".join(led.scoring)
    opts["removed-bonus"] = ",".join(led.removed) or "none"
    expected = {"final_vp": {f: v["VP"] for f, v in led.last_values.items()} or led.stated_final,
                "factions": {fp[f]: f for f in led.picks}}
    if led.stated_final:
        expected["final_vp"] = dict(led.stated_final)
    return ImportedGame("terra-mystica", tuple(players), opts, tuple(moves), 0, expected)


def place_drops(led: Ledger) -> None:
    """Who sends each "X dropped from the game". The site drops a faction at any moment;
    here a row is accepted only from a player asked to act. Where X is asked (its turn,
    an open power offer, something owed) the drop is X's own row. Where it is not (it had
    passed and nothing of it was open) the drop changes nobody's turn, so the next row's
    faction, which plays on, sends it (``drop X``, accepted from records only). Finding
    which takes a run of the rules up to the last drop; a row they refuse ends the run
    (the import then reports it)."""
    last = max((i for i, r in enumerate(led.rows) if r.commands == "drop"), default=-1)
    if last < 0:
        return
    game = TerraMystica()
    imp = to_imported(led)
    state = None
    for ev in game.setup(list(imp.players), game.resolve_options(imp.options),
                         random.Random(0)):
        state = game.fold(state, ev)
    for i, (row, mv) in enumerate(zip(led.rows[:last + 1], imp.moves, strict=False)):
        sender = mv.player
        if row.commands == "drop" and row.faction not in acting(state):
            nxt = next((r for r in led.rows[i + 1:] if r.faction != row.faction), None)
            if nxt is None or nxt.faction not in acting(state):
                return
            row.faction, row.commands = nxt.faction, f"drop {row.faction}"
            sender = state.player_of[nxt.faction]
        try:
            apply_row(state, sender, parse_row(row.commands))
        except IllegalCommand:
            return


def start_record(text: str, game: TerraMystica) -> tuple[Ledger, ImportedGame, Any]:
    """A site record read, and ``game`` set up as it starts (the state before its first
    row): what replaying, measuring and benchmarking a record all begin with."""
    led = read_any(text)
    place_drops(led)
    imp = to_imported(led)
    state = None
    for ev in game.setup(list(imp.players), game.resolve_options(imp.options),
                         random.Random(0)):
        state = game.fold(state, ev)
    return led, imp, state


class SnellmanImporter:
    name = "snellman"
    game = "terra-mystica"
    help = "Terra Mystica ledgers of Snellman's site (TSV rows, JSON gamelog, tmai lists)"

    def read(self, text: str) -> ImportedGame:
        led = read_any(text)
        place_drops(led)
        return to_imported(led)
