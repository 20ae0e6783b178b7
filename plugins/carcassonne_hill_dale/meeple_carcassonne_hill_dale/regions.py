"""Where a person points to give a command (``Game.regions``), as the picture's region ids.

A placement is picked the way it is made at the table: the spot (``1,-1``), then the
rotation (``1,-1 r90``: the tile shown there, turned by clicking it through the rotations
that fit, ``data-cycle``), then what goes on the tile, named as the notation names it
(``1,-1 r90 wanderer E``, ``1,-1 r90 farmer N``, ``1,-1 r90 stable``) or ``1,-1 r90 no
figure``. A walk is picked by its wanderer on the board (``1,-1 r90 walk 3,0W``) and,
only when that wanderer could reach the new tile on more than one of its paths, by its
goal (``1,-1 r90 walk 3,0W 1,-1E``). A harvest chip is ``take apple``. render.py draws an
element for each id (pointing.py the later steps).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .events import Place, Take
from .state import State
from .tiles import CROPS, DIRS, fitting_rotations

Ref = tuple[int, int, int]  # a piece: its tile's x, y and the lowest edge it touches


def spot_id(x: int, y: int) -> str:
    return f"{x},{y}"


def rotation_id(x: int, y: int, rot: int) -> str:
    return f"{x},{y} r{rot * 90}"


def ref_words(ref: Ref) -> str:
    return f"{ref[0]},{ref[1]}{DIRS[ref[2]]}"


def spots(view: State) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every place where the drawn tile fits, with its distinct rotations that fit."""
    if view.current < 0 or view.finished:
        return {}
    out = {}
    for pos in sorted(view.frontier):
        rots = fitting_rotations(view.current, view.frontier[pos])
        if rots:
            out[pos] = rots
    return out


def walk_source_id(cmd: Place) -> str:
    return f"{rotation_id(cmd.x, cmd.y, cmd.rot)} walk {ref_words(cmd.walk[:3])}"


def walk_goals(commands: Iterable[object]) -> dict[str, list[Ref]]:
    """Per walk source id, the goals its legal walks reach on the new tile."""
    out: dict[str, list[Ref]] = {}
    for cmd in commands:
        if isinstance(cmd, Place) and cmd.what == "walk":
            out.setdefault(walk_source_id(cmd), []).append(cmd.walk[3:])  # type: ignore[arg-type]
    return out


def steps(view: State, cmd: Place | Take, goals: Mapping[str, list[Ref]]) -> tuple[str, ...]:
    """The region ids of a legal command, in the order they are picked; ``goals`` is
    ``walk_goals`` of the player's legal commands (read only for a walk)."""
    if isinstance(cmd, Take):
        return (f"take {CROPS[cmd.crop]}",)
    rid = rotation_id(cmd.x, cmd.y, cmd.rot)
    head = (spot_id(cmd.x, cmd.y), rid)
    if cmd.what == "":
        return head + (f"{rid} no figure",)
    if cmd.what in ("wanderer", "farmer"):
        return head + (f"{rid} {cmd.what} {DIRS[cmd.edge]}",)
    if cmd.what == "stable":
        return head + (f"{rid} stable",)
    source = walk_source_id(cmd)
    if len(goals.get(source, ())) > 1:
        return head + (source, f"{source} {ref_words(cmd.walk[3:])}")  # type: ignore[arg-type]
    return head + (source,)
