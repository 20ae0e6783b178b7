"""Seeded four-player games of Terra Mystica between agents, as the research tools play
them: the result of a game as a dict (VP, buildings, towns, factions, CPU per move, what
was played), and the agent specs of a ``--players`` argument."""

from __future__ import annotations

import collections
import time
from collections.abc import Callable
from typing import Any

from meeple.ai.registry import make_agent
from meeple.core import LocalGame

from ..game import TerraMystica

GAME = TerraMystica()

#: ``watch(state, player, command)`` before each command; it may return a function of the
#: state after it.
Watch = Callable[[Any, str, Any], Callable[[Any], None] | None]


def play(specs: list[str], seed: int, options: dict, watch: Watch | None = None,
         game: TerraMystica = GAME) -> dict:
    """One seeded game of the agents ``specs`` (seat order); its result as a dict.

    ``watch(state, player, command)``, if given, is called before each command is played
    and may return a function of the state after it (worker_ledger.py).
    ``game``: the game object, which holds evaluate's weights (``weights.weighted``)."""
    players = [f"p{i + 1}" for i in range(len(specs))]
    agents = {p: make_agent(s, seed * 10 + i) for i, (p, s) in enumerate(zip(players, specs,
                                                                          strict=True))}
    lg = LocalGame(game, players, options, seed=seed)
    cpu = dict.fromkeys(players, 0.0)
    moves = dict.fromkeys(players, 0)
    slowest = dict.fromkeys(players, 0.0)  # the most CPU one decision took
    steps = 0
    actions: collections.Counter = collections.Counter()
    while lg.outcome() is None:
        p = lg.to_act()[0]
        t0 = time.process_time()
        cmd = agents[p].act(game, game.view(lg.state, p), p)
        cpu[p] += time.process_time() - t0
        slowest[p] = max(slowest[p], time.process_time() - t0)
        moves[p] += 1
        if lg.state.phase == "play" and lg.state.round >= 1:
            row = game.format(cmd, lg.state)
            actions.update(_kinds(row))
            if lg.state.round <= 5 and row.startswith("pass"):
                # What a faction leaves unspent when it passes (rounds 1-5): the
                # resource that runs out first is the one that limits its round.
                f = lg.state.fac[lg.state.faction_of[p]]
                actions["passes"] += 1
                for k in ("C", "W", "P", "P3"):
                    actions["left " + k] += f[k]
        done = watch(lg.state, p, cmd) if watch else None
        lg.play(p, cmd)
        if done:
            done(lg.state)
        steps += 1
        if steps > 5000:
            raise RuntimeError(f"seed {seed}: no end after 5000 commands")
    g = lg.state
    vp = {g.player_of[n]: f["VP"] for n, f in g.fac.items()}
    winner = max(vp, key=vp.get)
    return {
        "seed": seed, "vp": vp, "winner": winner, "winner_vp": vp[winner],
        "buildings": {g.player_of[n]: len(f["locations"]) for n, f in g.fac.items()},
        "towns": sum(f[t] for f in g.fac.values() for t in f if t.startswith("TW")
                     and isinstance(f[t], int)),
        "factions": {g.player_of[n]: n for n in g.fac},
        "spec": dict(zip(players, specs, strict=True)),
        "cpu_per_move": {p: cpu[p] / max(1, moves[p]) for p in players},
        "cpu_slowest_move": slowest,
        "actions": actions,
    }


def _kinds(row: str) -> collections.Counter:
    """What a row played in rounds 1-6 does, by kind: power actions by name, upgrades by
    what they build, leeches and declines, priests sent, advances, power burnt."""
    out: collections.Counter = collections.Counter()
    for part in row.split(". "):
        w = part.split()
        if w[0] in ("leech", "decline", "build", "pass", "convert", "transform"):
            out[w[0]] += 1
        elif w[0] == "action":
            out[w[1]] += 1
        elif w[0] == "upgrade":
            out["to " + w[-1]] += 1
        elif w[0] == "dig":
            out["dig " + w[1]] += 1
        elif w[0] == "burn":
            out["power burnt"] += int(w[1])
        elif w[0] == "send":
            out["priest sent"] += 1
        elif w[0] == "advance":
            out["advance " + w[1]] += 1
    return out


def share(r: dict, spec: str) -> float:
    """The part of the win that the one seat playing ``spec`` takes in game ``r``."""
    seats = [p for p, sp in r["spec"].items() if sp == spec]
    if len(seats) != 1:
        return 0.0
    top = [p for p, v in r["vp"].items() if v == r["winner_vp"]]
    return 1 / len(top) if seats[0] in top else 0.0


def split_specs(text: str) -> list[str]:
    """Agent specs separated by commas, where a spec's own options also use commas:
    a part with '=' but no ':' belongs to the spec before it."""
    out: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out if len(out) == 4 else [out[0]] * 4


