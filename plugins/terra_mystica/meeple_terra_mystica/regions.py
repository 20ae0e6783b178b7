"""Where a person points to give a row: the ids of the picture's clickable parts
(render.py draws them) that each sub-command of a row touches, in the row's order.

A row's conversions and power burns only prepare its main part, so they name nothing
when the row has one (``burn 4. action ACT5`` is the power action); a row of
conversions alone is the "convert" button. Rows that name the same parts (the buildings
an upgrade of one hex may give, the amounts of a send) are told apart by the browser's
short menu, which says each row in notation.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import board as B
from .data import CULTS

#: The buttons a seat's picture draws under the board: region id -> label.
BUTTONS = {
    "button:pass": "Pass",
    "button:convert": "Convert",
    "button:dig": "Buy spade",
    "button:leech": "Take power",
    "button:decline": "Decline",
    "button:advance-ship": "Shipping +1",
    "button:advance-dig": "Digging +1",
    "button:forgo-spade": "Forgo spade",
    "button:done": "Done",
    "button:wait": "Wait",
}

_PREPARING = ("convert", "burn")


def hex_region(h: int) -> str:
    return f"hex:{B.NAMES[h]}"


def _part(c: tuple, alone: bool) -> tuple[str, ...]:  # noqa: C901 - one branch per kind of row part
    k = c[0]
    if k in ("build", "upgrade", "transform", "connect"):
        return (hex_region(c[1]),)
    if k in ("bridge", "connecth"):
        return tuple(hex_region(h) for h in c[1:])
    if k == "pass":
        return ("button:pass",) + ((f"bonus:{c[1]}",) if c[1] else ())
    if k == "action":
        a = c[1]
        if a.startswith("BON"):
            return (f"bonus:{a}",)
        if a.startswith("FAV"):
            return (f"favor:{a}",)
        return (f"action:{a}",)
    if k == "send":
        return (f"cult:{c[1]}",)
    if k in _PREPARING:
        return ("button:convert",) if alone else ()
    if k == "dig":
        return ("button:dig",) if alone else ()
    if k == "leech":
        return ("button:leech",)
    if k == "decline":
        return ("button:decline",)
    if k == "advance":
        return (f"button:advance-{c[1]}",)
    if k == "setup":
        return (f"faction:{c[1]}",)
    if k == "adj":
        what = c[2]
        if what.startswith("FAV"):
            return (f"favor:{what}",)
        if what.startswith("TW"):
            return (f"town:{what}",)
        if what in CULTS:
            return (f"cult:{what}",)
        if what == "SPADE" and c[1] < 0:
            return ("button:forgo-spade",)
    if k in ("done", "wait"):
        return (f"button:{k}",)
    return ()


def row_regions(cmds: Sequence[tuple]) -> tuple[str, ...]:
    """The regions of a parsed row, each once, in the order the row touches them."""
    main = [c for c in cmds if c[0] not in _PREPARING]
    only_dig = all(c[0] == "dig" for c in main)
    out: list[str] = []
    for c in cmds:
        alone = not main if c[0] in _PREPARING else only_dig
        for r in _part(c, alone):
            if r not in out:
                out.append(r)
    return tuple(out)
