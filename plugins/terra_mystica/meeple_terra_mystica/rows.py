"""Running one player row: who may send it now, then the rules in turns.py.

game.py (the Game object) and legal.py (the candidate filter) both use this; neither
imports the other."""

from __future__ import annotations

from meeple.core import IllegalCommand

from . import actions as A
from . import turns as T
from .state import State


def apply_row(g: State, player: str, cmds: tuple) -> None:
    """Check that ``player`` may send this row now, then play it on ``g`` in place."""
    if g.finished:
        raise IllegalCommand("the game is over")
    if g.phase == "select-factions":
        if g.players[len(g.order)] != player:
            raise IllegalCommand(f"it is {g.players[len(g.order)]}'s turn to pick a faction")
        if len(cmds) != 1 or cmds[0][0] != "setup":
            raise IllegalCommand("pick a faction first: setup witches")
        T.pick(g, player, cmds[0][1])
        g.nrows += 1
        g.row_values = ()
        return
    name = g.faction_of.get(player)
    if name is not None and cmds == (("drop",),) and g.phase != "setup":
        # A player who leaves may drop out at any time; the faction then always passes.
        if g.fac[name]["dropped"]:
            raise IllegalCommand(f"{name} have already dropped out")
        T.play_row(g, name, cmds)
        return
    if name is None or name not in T.acting(g):
        if name is not None and name == g.active:
            A.wait_for_answers(g, g.fac[name])  # says whose answer the turn waits for
        who = ", ".join(f"{g.player_of[n]} ({n})" for n in T.acting(g))
        raise IllegalCommand(f"{player} may not act now; waiting for {who}")
    T.play_row(g, name, cmds)
