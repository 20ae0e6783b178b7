"""Terra Mystica AI strength: play four-player games between agents and report, per game,
the winner's VP, buildings per faction at the end and towns founded; and how often a
given seat's agent wins.

    nice .venv/bin/python scripts/tm_ai_strength.py --games 20 --players heuristic
    nice .venv/bin/python scripts/tm_ai_strength.py --games 10 \\
        --players mcts:sims=...,heuristic,heuristic,heuristic --rotate

``--players`` takes one agent for every seat or four comma-separated ones; ``--rotate``
moves the first agent through the seats game by game. Seeds are 1..N (reproducible).
``--set TABLE.name=value,...`` plays with some of evaluate's weights changed (the tables
of meeple_terra_mystica.ai: EARLY, LATE, INCOME, EXTRA, W, PLAYED), for every agent, so
that a variant tried is measured by the same command as the code:

    nice .venv/bin/python scripts/tm_ai_strength.py --games 20 --players heuristic --set W.next=0.5
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tm_eval_h2h import parse_weights, weighted

GAME = TerraMystica()


def play(specs: list[str], seed: int, options: dict, watch=None,
         game: TerraMystica = GAME) -> dict:
    """One seeded game of the agents ``specs`` (seat order); its result as a dict.

    ``watch(state, player, command)``, if given, is called before each command is played
    and may return a function of the state after it (scripts/tm_worker_ledger.py).
    ``game``: the game object, which holds evaluate's weights (``tm_eval_h2h.weighted``)."""
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


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", default="heuristic")
    ap.add_argument("--rotate", action="store_true")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--seat-offset", type=int, default=0,
                    help="with --rotate: the seat the first agent starts in (0-3)")
    ap.add_argument("--actions", action="store_true",
                    help="also print what the factions did, per game (all four together), "
                    "and what they held when they passed")
    ap.add_argument("--set", default="", metavar="TABLE.name=value,...",
                    help="change some of evaluate's weights for this run (all agents)")
    a = ap.parse_args(argv[1:])
    game = weighted(parse_weights(a.set, "--set"))
    specs = _split_specs(a.players)
    rows = []
    for k in range(a.games):
        seed = a.first_seed + k
        j = (k + a.seat_offset) % 4
        s = specs[-j:] + specs[:-j] if a.rotate and j else list(specs)
        r = play(s, seed, {}, game=game)
        rows.append(r)
        first = specs[0]
        seat_first = [p for p, sp in r["spec"].items() if sp == first]
        top = [p for p, v in r["vp"].items() if v == r["winner_vp"]]
        print(f"seed {seed}: winner {r['winner']} ({r['factions'][r['winner']]}, "
              f"{r['spec'][r['winner']]}) {r['winner_vp']} VP; VP {sorted(r['vp'].values())}; "
              f"buildings {sorted(r['buildings'].values())}; towns {r['towns']}; "
              f"cpu/move {max(r['cpu_per_move'][p] for p in seat_first):.2f}s (slowest "
              f"{max(r['cpu_slowest_move'][p] for p in seat_first):.2f}s) for {first}"
              + (f"; first place shared by {', '.join(top)}" if len(top) > 1 else ""),
              flush=True)
    wv = [r["winner_vp"] for r in rows]
    blds = [b for r in rows for b in r["buildings"].values()]
    towns = [r["towns"] for r in rows]
    first = specs[0]
    # A shared first place counts 1/k for each of the k players on it (as tournaments do).
    wins = sum(_share(r, first) for r in rows)
    print(f"{len(rows)} games: median winner {statistics.median(wv)} VP (mean "
          f"{statistics.mean(wv):.1f}); median buildings per faction {statistics.median(blds)}; "
          f"towns per game median {statistics.median(towns)} (mean {statistics.mean(towns):.1f})")
    by_faction: dict[str, list[tuple[int, int]]] = collections.defaultdict(list)
    for r in rows:
        for p, n in r["factions"].items():
            by_faction[n].append((r["vp"][p], r["buildings"][p]))
    # The faction picks (PLAYED) rest on these: each faction's mean VP as the agents play it.
    print("per faction (mean VP / buildings, games): " + ", ".join(
        f"{n} {statistics.mean(v for v, _ in xs):.1f} / {statistics.mean(b for _, b in xs):.1f}"
        f" ({len(xs)})" for n, xs in sorted(by_faction.items())))
    if a.actions:
        total = sum((r["actions"] for r in rows), collections.Counter())
        passes = total.pop("passes", 0)
        left = {k: total.pop("left " + k, 0) for k in ("C", "W", "P", "P3")}
        print("per game: " + ", ".join(f"{k} {n / len(rows):.1f}"
                                       for k, n in sorted(total.items())))
        if passes:
            print("held at a pass in rounds 1-5 (mean): " + ", ".join(
                f"{k} {n / passes:.1f}" for k, n in left.items()))
    if len(set(specs)) > 1:
        print(f"{first} won {wins:g} of {len(rows)} ({100 * wins / len(rows):.0f}%; a shared "
              f"first place counts 1/k)")
    return 0


def _share(r: dict, spec: str) -> float:
    """The part of the win that the one seat playing ``spec`` takes in game ``r``."""
    seats = [p for p, sp in r["spec"].items() if sp == spec]
    if len(seats) != 1:
        return 0.0
    top = [p for p, v in r["vp"].items() if v == r["winner_vp"]]
    return 1 / len(top) if seats[0] in top else 0.0


def _split_specs(text: str) -> list[str]:
    """Agent specs separated by commas, where a spec's own options also use commas:
    a part with '=' but no ':' belongs to the spec before it."""
    out: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and out:
            out[-1] += "," + part
        else:
            out.append(part)
    return out if len(out) == 4 else [out[0]] * 4


if __name__ == "__main__":
    sys.exit(main(sys.argv))
