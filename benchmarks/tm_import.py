"""The import of a Terra Mystica record as `meeple import` asks it of the plugin (read,
set up, then parse + decide + fold per row), for any copy of the plugin. No pytest here:
benchmarks/tm_perl.py runs it in a child process of its own."""

from __future__ import annotations

import random


def import_with(game, reader, text: str):
    """The events and final state of ``text`` imported by ``game`` with ``reader``
    (compare_terra_mystica.py passes another revision's game and importer)."""
    ig = reader.read(text)
    opts = game.resolve_options(ig.options)
    events = list(game.setup(list(ig.players), opts, random.Random(0)))
    state = None
    for ev in events:
        state = game.fold(state, ev)
    rng = random.Random(0)
    for mv in ig.moves:
        cmd = game.parse(mv.text, state, mv.player)
        for ev in game.decide(state, mv.player, cmd, rng):
            events.append(ev)
            state = game.fold(state, ev)
    assert state.finished
    return events, state


def fold_events(game, events):
    """The fold-only replay: the state ``events`` fold to, no parse, decide or rules."""
    state = None
    for ev in events:
        state = game.fold(state, ev)
    return state
