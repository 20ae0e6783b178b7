"""Terra Mystica speed: importing a league game from its commands (parse + decide + fold
per row, the work Snellman's Perl engine does in ~114 ms median for these games), replaying
its stored events (fold only), legal rows, and MCTS simulations per second in round 1.

    .venv/bin/pytest benchmarks/bench_terra_mystica.py --benchmark-only
"""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import pytest
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.importer import SnellmanImporter

GAME = TerraMystica()
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "terra-mystica" / "league"
LEAGUE = sorted(DATA.glob("s*/*.txt"))
ONE = DATA / "s60_63" / "4pLeague_S60_D1L1_G1.txt"


def import_game(text: str):
    """What `meeple import` asks of the plugin: read, set up, then parse + decide + fold."""
    game = TerraMystica()
    ig = SnellmanImporter().read(text)
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


needs_data = pytest.mark.skipif(not ONE.exists(), reason="shared Terra Mystica data not present")


@needs_data
@pytest.mark.benchmark(group="terra-mystica import")
def test_import_one_league_game(benchmark):
    text = ONE.read_text()
    benchmark(import_game, text)
    benchmark.extra_info["perl_median_ms"] = 114


@needs_data
@pytest.mark.benchmark(group="terra-mystica import")
def test_import_all_league_games_median(benchmark):
    texts = [p.read_text() for p in LEAGUE]

    def all_games():
        times = []
        for t in texts:
            t0 = time.perf_counter()
            import_game(t)
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    med = benchmark.pedantic(all_games, rounds=3, iterations=1)
    benchmark.extra_info["median_ms_per_game"] = med * 1000
    benchmark.extra_info["games"] = len(texts)


@needs_data
@pytest.mark.benchmark(group="terra-mystica fold")
def test_fold_only_replay(benchmark):
    events, final = import_game(ONE.read_text())

    def replay():
        game = TerraMystica()  # a fresh Game object: fold only, no decide
        state = None
        for ev in events:
            state = game.fold(state, ev)
        return state

    state = benchmark(replay)
    assert state == final
    benchmark.extra_info["events"] = len(events)


@pytest.mark.benchmark(group="terra-mystica play")
def test_clone(benchmark):
    lg = LocalGame(GAME, GAME.default_players(4), seed=1)
    for _ in range(60):
        p = lg.to_act()[0]
        lg.play(p, random.Random(0).choice(GAME.legal(lg.state, p)))
    benchmark(GAME.clone, lg.state)


@pytest.mark.benchmark(group="terra-mystica play")
def test_random_game(benchmark):
    seeds = iter(range(10**6))

    def one():
        seed = next(seeds)
        g = LocalGame(GAME, GAME.default_players(4), seed=seed)
        g.play_randomly(random.Random(seed))

    benchmark.pedantic(one, rounds=5, iterations=1)


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_simulations_per_second_round_1(benchmark):
    mcts = pytest.importorskip("meeple.ai.mcts")
    lg = LocalGame(GAME, GAME.default_players(4), seed=2)
    rng = random.Random(2)
    while lg.state.round < 1:
        p = lg.to_act()[0]
        lg.play(p, rng.choice(GAME.legal(lg.state, p)))
    player = lg.to_act()[0]
    sims = 50

    def search():
        agent = mcts.MCTSAgent({"sims": str(sims), "depth": "10"}, seed=0)
        agent.act(GAME, GAME.view(lg.state, player), player)

    benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations"] = sims
    benchmark.extra_info["simulations_per_second"] = sims / benchmark.stats.stats.mean
