"""The command language of Snellman's site: parse a row such as
``dig 1. build E7. +FAV11`` into canonical sub-commands and format them back."""

from __future__ import annotations

import re

from meeple.core import IllegalCommand

from . import board as B
from .data import BONUS, CULTS, FACTIONS, FAVOR, TOWNS

_RES = {"PRIEST": "P", "PRIESTS": "P", "POWER": "PW", "WORKER": "W", "WORKERS": "W",
        "COIN": "C", "COINS": "C"}
_BLD = {"DWELLING": "D", "TRADING POST": "TP", "TEMPLE": "TE", "STRONGHOLD": "SH",
        "SANCTUARY": "SA", "D": "D", "TP": "TP", "TE": "TE", "SH": "SH", "SA": "SA"}
_ACTIONS = {f"ACT{i}" for i in range(1, 7)} | {"ACTA", "ACTE", "ACTG", "ACTS", "ACTN", "ACTW",
                                              "ACTC", "BON1", "BON2", "FAV6"}
_ADJUSTABLE = set(CULTS) | set(FAVOR) | set(TOWNS) | {
    "SPADE", "C", "W", "P", "PW", "VP", "FREE_D", "FREE_TF", "FREE_TP", "BRIDGE", "CULT",
    "GAIN_FAVOR", "GAIN_TW"}

R_ADJ = re.compile(r"^([+-])(\d*)(\w+)$")
R_BUILD = re.compile(r"^build (\w+)$")
R_UPGRADE = re.compile(r"^upgrade (\w+) to ([\w ]+)$")
R_SEND = re.compile(r"^send (?:p|priest) to (\w+)(?: for (\d+))?$")
R_CONVERT = re.compile(r"^convert (\d+)?\s*(\w+) to (\d+)?\s*(\w+)$")
R_BURN = re.compile(r"^burn (\d+)$")
R_LEECH = re.compile(r"^leech (\d+)(?: from (\w+))?$")
R_DECLINE = re.compile(r"^decline(?: (\d+) from (\w+))?$")
R_TRANSFORM = re.compile(r"^transform (\w+)(?: to (\w+))?$")
R_DIG = re.compile(r"^dig (\d+)$")
R_BRIDGE = re.compile(r"^bridge (\w+):(\w+)$")
R_CONNECT = re.compile(r"^connect (r\d+)$")
R_CONNECT2 = re.compile(r"^connect (\w+):(\w+)(?::(\w+))?$")
R_PASS = re.compile(r"^pass(?: (bon\d+))?$")
R_ACTION = re.compile(r"^action (\w+)$")
R_ADVANCE = re.compile(r"^advance (ship|dig)(?:ping|ging)?$")
R_SETUP = re.compile(r"^(?:setup|pick) (\w+)$")
#: The site's record of another faction leaving (its "X dropped from the game").
R_DROP = re.compile(r"^(?:drop|drop-faction) (\w+)$")


def _hex(name: str) -> int:
    key = name.upper() if not name.lower().startswith("r") else name.lower()
    h = B.INDEX.get(key)
    if h is None:
        raise IllegalCommand(f"there is no hex {name!r} on the map (rows A-I, e.g. E7)")
    return h


def _land(name: str) -> int:
    h = _hex(name)
    if B.IS_RIVER[h]:
        raise IllegalCommand(f"{name} is a river hex")
    return h


_FIRST = {
    "build": "build", "upgrade": "upgrade", "send": "send", "convert": "convert",
    "burn": "burn", "leech": "leech", "decline": "decline", "transform": "transform",
    "dig": "dig", "bridge": "bridge", "connect": "connect", "pass": "pass", "action": "action",
    "advance": "advance",
}


def parse_one(text: str):  # noqa: C901 - one branch per keyword of the league records' notation
    """One sub-command (lower-cased, single-spaced) to a canonical tuple."""
    t = text
    first = _FIRST.get(t.split(" ", 1)[0])
    if first == "build":
        m = R_BUILD.match(t)
        if m:
            return ("build", _land(m[1]))
    elif first == "leech":
        m = R_LEECH.match(t)
        if m:
            n = int(m[1])
            if not 0 < n <= 20:
                raise IllegalCommand(f"bad leech amount {n}")
            frm = (m[2] or "").lower()
            if frm and frm not in FACTIONS:
                raise IllegalCommand(f"unknown faction {frm!r}")
            return ("leech", n, frm)
    elif first == "upgrade":
        m = R_UPGRADE.match(t)
        if m:
            b = _BLD.get(m[2].upper())
            if not b or b == "D":
                raise IllegalCommand(f"can't upgrade to {m[2]!r} (TP, TE, SH or SA)")
            return ("upgrade", _land(m[1]), b)
    elif first == "pass":
        m = R_PASS.match(t)
        if m:
            bon = (m[1] or "").upper()
            if bon and bon not in BONUS:
                raise IllegalCommand(f"unknown bonus tile {bon}")
            return ("pass", bon)
    m = R_ADJ.match(t)
    if m:
        sign, n, typ = m.groups()
        typ = _RES.get(typ.upper(), typ.upper())
        if typ not in _ADJUSTABLE:
            raise IllegalCommand(f"can't adjust {typ}")
        n = int(n) if n else 1
        if n <= 0 or n > 20:
            raise IllegalCommand(f"bad amount {n}")
        return ("adj", n if sign == "+" else -n, typ)
    m = R_BUILD.match(t)
    if m:
        return ("build", _land(m[1]))
    m = R_UPGRADE.match(t)
    if m:
        b = _BLD.get(m[2].upper())
        if not b or b == "D":
            raise IllegalCommand(f"can't upgrade to {m[2]!r} (TP, TE, SH or SA)")
        return ("upgrade", _land(m[1]), b)
    m = R_SEND.match(t)
    if m:
        c = m[1].upper()
        if c not in CULTS:
            raise IllegalCommand(f"unknown cult track {m[1]!r} (fire, water, earth, air)")
        amt = int(m[2]) if m[2] else 0
        if amt not in (0, 1, 2, 3):
            raise IllegalCommand(f"no {amt} spot on a cult track")
        return ("send", c, amt)
    m = R_CONVERT.match(t)
    if m:
        fc = int(m[1]) if m[1] else 1
        tc = int(m[3]) if m[3] else 1
        ft = _RES.get(m[2].upper(), m[2].upper())
        tt = _RES.get(m[4].upper(), m[4].upper())
        if ft not in ("PW", "W", "P", "C", "VP") or tt not in ("C", "W", "P", "VP"):
            raise IllegalCommand(f"can't convert {m[2]} to {m[4]}")
        if not (0 < fc <= 100 and 0 < tc <= 100):
            raise IllegalCommand("bad amount")
        return ("convert", fc, ft, tc, tt)
    m = R_BURN.match(t)
    if m:
        n = int(m[1])
        if not 0 <= n <= 12:
            raise IllegalCommand(f"can't burn {n}")
        return ("burn", n)
    m = R_LEECH.match(t)
    if m:
        n = int(m[1])
        if not 0 < n <= 20:
            raise IllegalCommand(f"bad leech amount {n}")
        frm = (m[2] or "").lower()
        if frm and frm not in FACTIONS:
            raise IllegalCommand(f"unknown faction {frm!r}")
        return ("leech", n, frm)
    m = R_DECLINE.match(t)
    if m:
        if m[1]:
            frm = m[2].lower()
            if frm not in FACTIONS:
                raise IllegalCommand(f"unknown faction {frm!r}")
            return ("decline", int(m[1]), frm)
        return ("decline", 0, "")
    m = R_TRANSFORM.match(t)
    if m:
        color = (m[2] or "").lower()
        if color == "grey":
            color = "gray"
        if color and color not in B.COLOR_INDEX:
            raise IllegalCommand(f"unknown terrain {m[2]!r}")
        return ("transform", _land(m[1]), color)
    m = R_DIG.match(t)
    if m:
        n = int(m[1])
        if not 0 < n <= 7:
            raise IllegalCommand(f"can't dig {n}")
        return ("dig", n)
    m = R_BRIDGE.match(t)
    if m:
        return ("bridge", _land(m[1]), _land(m[2]))
    m = R_CONNECT.match(t)
    if m:
        return ("connect", _hex(m[1]))
    m = R_CONNECT2.match(t)
    if m:
        hs = tuple(_land(x) for x in m.groups() if x)
        return ("connecth",) + hs
    m = R_PASS.match(t)
    if m:
        bon = (m[1] or "").upper()
        if bon and bon not in BONUS:
            raise IllegalCommand(f"unknown bonus tile {bon}")
        return ("pass", bon)
    m = R_ACTION.match(t)
    if m:
        a = m[1].upper()
        if a not in _ACTIONS:
            raise IllegalCommand(f"unknown action {m[1]!r}")
        return ("action", a)
    m = R_ADVANCE.match(t)
    if m:
        return ("advance", m[1])
    if t == "wait":
        return ("wait",)
    if t == "done":
        return ("done",)
    if t in ("drop", "resign", "drop-faction"):
        return ("drop",)
    m = R_DROP.match(t)
    if m:
        name = m[1].lower()
        if name not in FACTIONS:
            raise IllegalCommand(f"unknown faction {name!r}")
        return ("drop", name)
    m = R_SETUP.match(t)
    if m:
        name = m[1].lower()
        if name not in FACTIONS:
            raise IllegalCommand(f"unknown faction {name!r}; factions: {', '.join(sorted(FACTIONS))}")
        return ("setup", name)
    raise IllegalCommand(f"can't read {text!r}")


def fmt_one(c) -> str:  # noqa: C901 - one branch per kind of row part
    k = c[0]
    N = B.NAMES
    if k == "adj":
        n = c[1]
        sign = "+" if n > 0 else "-"
        return f"{sign}{abs(n) if abs(n) != 1 else ''}{c[2]}"
    if k == "build":
        return f"build {N[c[1]]}"
    if k == "upgrade":
        return f"upgrade {N[c[1]]} to {c[2]}"
    if k == "send":
        return f"send p to {c[1]}" + (f" for {c[2]}" if c[2] else "")
    if k == "convert":
        return f"convert {c[1]}{c[2]} to {c[3]}{c[4]}"
    if k == "burn":
        return f"burn {c[1]}"
    if k == "leech":
        return f"leech {c[1]}" + (f" from {c[2]}" if c[2] else "")
    if k == "decline":
        return f"decline {c[1]} from {c[2]}" if c[1] else "decline"
    if k == "transform":
        return f"transform {N[c[1]]}" + (f" to {c[2]}" if c[2] else "")
    if k == "dig":
        return f"dig {c[1]}"
    if k == "bridge":
        return f"bridge {N[c[1]]}:{N[c[2]]}"
    if k == "connect":
        return f"connect {N[c[1]]}"
    if k == "connecth":
        return "connect " + ":".join(N[h] for h in c[1:])
    if k == "pass":
        return f"pass {c[1]}" if c[1] else "pass"
    if k == "action":
        return f"action {c[1]}"
    if k == "advance":
        return f"advance {c[1]}"
    if k == "setup":
        return f"setup {c[1]}"
    if k == "drop" and len(c) > 1:
        return f"drop {c[1]}"
    return k


_SP1 = re.compile(r"(\W)\s(\w)")
_SP2 = re.compile(r"(\w)\s(\W)")
_PLUS = re.compile(r"^\+(\d*)(\w+)$")


def split_row(text: str) -> list[str]:
    # str.split() splits on the whitespace that the regex \s+ matches, in one C call.
    t = " ".join(text.replace("\x00", " ").split()).lower()
    parts = []
    for p in t.split("."):
        p = p.strip()
        if not p:
            continue
        # Only a part with a space and a non-word character besides its single spaces
        # ("+ fav11", "bridge e7 : e8") has spaces to close; isalnum is \w without "_".
        if " " in p and not p.replace(" ", "").isalnum():
            p = _SP2.sub(r"\1\2", _SP1.sub(r"\1\2", p))
        parts.append(p)
    # Two identical "+X" in a row merge into "+2X" (the site does the same).
    merged = []
    i = 0
    n = len(parts)
    while i < n:
        p = parts[i]
        # The pattern only where a part repeats (rare): most rows have no "+X. +X".
        m = _PLUS.match(p) if i + 1 < n and parts[i + 1] == p else None
        if m:
            merged.append(f"+{(int(m[1]) if m[1] else 1) * 2}{m[2]}")
            i += 2
            continue
        merged.append(p)
        i += 1
    return merged


#: No amount in the game comes near seven digits; a longer number is refused here with a
#: sentence, before int() refuses it with its own (over 4,300 digits) or a huge count runs.
_LONG_NUMBER = re.compile(r"\d{7}")


#: Every byte a digit ("0") or not (" "): a long number is then a substring (a C search,
#: cheaper than the regular expression's scan of every row).
_DIGITS = bytes(0x30 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))


def _long_number(text: str) -> bool:
    if text.isascii():
        return b"0000000" in text.encode().translate(_DIGITS)
    return _LONG_NUMBER.search(text) is not None  # other scripts' digits too (\d)


def parse_row(text: str) -> tuple:
    if _long_number(text):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise IllegalCommand(f"{shown!r}: a number in a command has at most 6 digits")
    parts = split_row(text)
    if not parts:
        raise IllegalCommand("empty command")
    return tuple(map(parse_one, parts))


def format_row(cmds) -> str:
    return ". ".join(map(fmt_one, cmds))
