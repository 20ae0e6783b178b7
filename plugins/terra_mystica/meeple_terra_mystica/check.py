"""Replay a site ledger through the plugin (parse + decide + fold per row) and compare,
after every player row, that faction's VP, coins, workers, priests, power bowls and cult
positions with the ledger; then the final scores."""

from __future__ import annotations

import random

from meeple.core import IllegalCommand, MeepleError

from .data import CULTS
from .game import TerraMystica
from .importer import start_record
from .state import SHOWN

FIELDS = ("VP", "C", "W", "P", "P1", "P2", "P3") + CULTS


class Mismatch(AssertionError):
    pass


def replay(text: str, final_vp: dict | None = None, name: str = "game", game=None):
    """Returns the final state; raises Mismatch naming game, row (line), field."""
    game = game or TerraMystica()
    led, imp, state = start_record(text, game)
    return _run(game, state, led, imp, random.Random(0), final_vp, name)


def _run(game, state, led, imp, rng, final_vp, name):
    for row, mv in zip(led.rows, imp.moves, strict=True):
        try:
            if mv.player not in game.to_act(state):
                raise IllegalCommand(f"{mv.player} ({row.faction}) may not act now; waiting for "
                                     f"{game.to_act(state)}")
            cmd = game.parse(mv.text, state, mv.player)
            for ev in game.decide(state, mv.player, cmd, rng):
                state = game.fold(state, ev)
        except MeepleError as exc:
            raise Mismatch(f"{name}: line {row.line} ({row.faction}: {row.commands}): "
                           f"refused: {exc}") from None
        if row.values is not None:
            # The state keeps the row's values from before the automatic steps (round end,
            # income) that the row may have triggered; the ledger shows those.
            f = state.fac[row.faction]
            if state.row_values and state.row_values[0] == row.faction and not row.after_auto:
                f = dict(zip(SHOWN, state.row_values[1], strict=True))
            for k in FIELDS:
                if f[k] != row.values[k]:
                    raise Mismatch(f"{name}: line {row.line} ({row.faction}: {row.commands}): "
                                   f"{k} expected {row.values[k]}, got {f[k]}")
    if not state.finished:
        raise Mismatch(f"{name}: the game did not finish (phase {state.phase}, round "
                       f"{state.round}, waiting for {game.to_act(state)})")
    want = final_vp if final_vp is not None else imp.expected["final_vp"]
    for fac, vp in want.items():
        got = state.fac[fac]["VP"]
        if got != vp:
            raise Mismatch(f"{name}: final score of {fac} expected {vp}, got {got}")
    return state
