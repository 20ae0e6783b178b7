"""Terra Mystica speed: importing a league game from its commands (parse + decide + fold
per row, the work Snellman's Perl engine does from the same commands), replaying
its stored events (fold only), legal rows, and MCTS simulations per second in round 1.
Clone and a whole random game are measured as for every game, in bench_games.py
(``-k terra-mystica``, with game_profiles/terra_mystica.py).

    .venv/bin/pytest benchmarks/bench_terra_mystica.py --benchmark-only

The figures of docs/performance.md come from one command (CPU time, all 49 league games
side by side, medians, printed as a table):

    nice -n 10 .venv/bin/pytest benchmarks/bench_terra_mystica.py --benchmark-only -k side_by_side -s

The Perl engine is timed beside our import by another command, which runs it from an
unpacked copy of its repository (benchmarks/tm_perl.py; docs/performance.md):

    .venv/bin/python benchmarks/compare_terra_mystica.py perl --perl-engine DIR
"""

from __future__ import annotations

import random
import statistics
import time

import pytest
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.testing import shared_data
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.importer import SnellmanImporter
from tm_import import fold_events, import_with

GAME = TerraMystica()
# The league records: MEEPLE_TM_RECORDS, else shared/data/terra-mystica above the checkout.
DATA = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__) / "league"
LEAGUE = sorted(DATA.glob("s*/*.txt"))
ONE = DATA / "s60_63" / "4pLeague_S60_D1L1_G1.txt"


def import_game(text: str):
    """What `meeple import` asks of the plugin: read, set up, then parse + decide + fold."""
    return import_with(TerraMystica(), SnellmanImporter(), text)


needs_data = pytest.mark.skipif(not ONE.exists(), reason="shared Terra Mystica data not present")

def _cpu_best(fn, repeat: int) -> float:
    """The least CPU time of ``repeat`` runs (the machine is shared: the least is the
    run other work disturbed least)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def side_by_side(texts: list[str], repeat: int = 3) -> dict[str, float]:
    """Per game: the import (read, parse, decide, fold), the fold-only replay of its
    events, and the engine's replay of its stored bytes (decode + fold); medians in ms."""
    imp, fold, stored = [], [], []
    codec = Codec(GAME)
    for text in texts:
        events, final = import_game(text)
        log = [codec.encode(e) for e in events]

        def fold_only(events=events, final=final):
            assert fold_events(TerraMystica(), events) == final

        def decode_fold(log=log, final=final):
            game = TerraMystica()
            c = Codec(game)
            state = None
            for t, v, d in log:
                state = game.fold(state, c.decode(t, v, d))
            assert state == final

        imp.append(_cpu_best(lambda text=text: import_game(text), repeat))
        fold.append(_cpu_best(fold_only, repeat))
        stored.append(_cpu_best(decode_fold, repeat))
    out = {"games": len(texts),
           "import_ms": statistics.median(imp) * 1000,
           "fold_only_ms": statistics.median(fold) * 1000,
           "decode_and_fold_ms": statistics.median(stored) * 1000}
    out["import_over_fold_only"] = out["import_ms"] / out["fold_only_ms"]
    out["import_over_decode_and_fold"] = out["import_ms"] / out["decode_and_fold_ms"]
    return out


@needs_data
@pytest.mark.benchmark(group="terra-mystica side by side")
def test_side_by_side_import_and_fold_only(benchmark):
    texts = [p.read_text() for p in LEAGUE]
    res = benchmark.pedantic(side_by_side, args=(texts,), rounds=1, iterations=1)
    benchmark.extra_info.update(res)
    print()
    print(f"{res['games']} league games, CPU time, median per game (least of 3 runs):")
    print(f"  import (read, parse, decide, fold)  {res['import_ms']:7.2f} ms")
    print(f"  fold-only replay of its events      {res['fold_only_ms']:7.2f} ms"
          f"   import / fold-only = {res['import_over_fold_only']:.1f}x")
    print(f"  replay of stored bytes (decode+fold) {res['decode_and_fold_ms']:6.2f} ms"
          f"   import / that = {res['import_over_decode_and_fold']:.1f}x")


@needs_data
@pytest.mark.benchmark(group="terra-mystica import")
def test_import_one_league_game(benchmark):
    text = ONE.read_text()
    benchmark(import_game, text)


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


def _search_speed(benchmark, lg: LocalGame, options: dict[str, str]) -> None:
    """Simulations per second of a fresh MCTS agent deciding at ``lg``'s position."""
    mcts = pytest.importorskip("meeple.ai.mcts")
    player = lg.to_act()[0]
    sims = int(options["sims"])

    def search():
        agent = mcts.MCTSAgent(options, seed=0)
        agent.act(GAME, GAME.view(lg.state, player), player)

    benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations"] = sims
    if benchmark.stats is not None:  # None when benchmarking is off (e.g. under xdist)
        benchmark.extra_info["simulations_per_second"] = sims / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_simulations_per_second_round_1(benchmark):
    lg = LocalGame(GAME, GAME.default_players(4), seed=2)
    rng = random.Random(2)
    while lg.state.round < 1:
        p = lg.to_act()[0]
        lg.play(p, rng.choice(GAME.legal(lg.state, p)))
    _search_speed(benchmark, lg, {"sims": "50", "depth": "10"})


def _position_at_round(rnd: int, seed: int = 2):
    """A four-player heuristic-vs-itself position at the start of round ``rnd``."""
    registry = pytest.importorskip("meeple.ai.registry")
    agents = {p: registry.make_agent("heuristic", i) for i, p in
              enumerate(GAME.default_players(4))}
    lg = LocalGame(GAME, list(agents), seed=seed)
    while lg.state.round < rnd:
        p = lg.to_act()[0]
        lg.play(p, agents[p].act(GAME, GAME.view(lg.state, p), p))
    return lg


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_simulations_per_second_round_4(benchmark):
    _search_speed(benchmark, _position_at_round(4), {"sims": "50", "depth": "10"})


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_heuristic_rollouts_simulations_per_second_round_4(benchmark):
    """The configuration docs/ai.md measures against the heuristic agent."""
    _search_speed(benchmark, _position_at_round(4),
                  {"sims": "20", "depth": "8", "rollout": "heuristic", "prior": "4"})


#: The search agent docs/ai.md measures against three heuristic agents: the
#: other players predicted as the heuristic, only this player's decisions searched. The
#: games add ``cpu=1.5,follow=1`` (a CPU cap, and the faction pick left to the heuristic):
#: left out here, so that a fresh agent searches and the work is the same on every run.
MODEL_SEARCH = "mcts:opponents=heuristic,sims=60,topk=6,prior=2,c=0.1,depth=6,margin=0.02"


#: The search that plays every line out to the game's end (``end=1``, the rollout
#: algorithm; docs/ai.md): the games add ``cpu=1.7,follow=1``; a simulation here is a
#: whole game played on by the heuristic, so four of them are the four best commands'.
ROLLOUT_SEARCH = "mcts:opponents=heuristic,sims=4,topk=4,prior=2,c=0.1,end=1"


def _model_search_speed(benchmark, lg: LocalGame, spec: str = MODEL_SEARCH) -> None:
    """Simulations per second of ``spec``'s first decision at ``lg``'s position (no
    tree kept from earlier moves: the cost of a search from scratch)."""
    registry = pytest.importorskip("meeple.ai.registry")
    player = lg.to_act()[0]

    def search():
        agent = registry.make_agent(spec, 0)
        agent.act(GAME, GAME.view(lg.state, player), player)
        return agent.stats

    stats = benchmark.pedantic(search, rounds=3, iterations=1)
    benchmark.extra_info["simulations"] = stats.simulations
    if benchmark.stats is not None:
        benchmark.extra_info["simulations_per_second"] = (stats.simulations
                                                          / benchmark.stats.stats.mean)


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_opponent_model_simulations_per_second_round_1(benchmark):
    _model_search_speed(benchmark, _position_at_round(1))


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_opponent_model_simulations_per_second_round_4(benchmark):
    _model_search_speed(benchmark, _position_at_round(4))


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_played_out_simulations_per_second_round_1(benchmark):
    _model_search_speed(benchmark, _position_at_round(1), ROLLOUT_SEARCH)


@pytest.mark.benchmark(group="terra-mystica search")
def test_mcts_played_out_simulations_per_second_round_4(benchmark):
    _model_search_speed(benchmark, _position_at_round(4), ROLLOUT_SEARCH)


def _heuristic_games(evaluate, seeds) -> tuple[float, list[str]]:
    """CPU time of seeded four-player heuristic games whose Game evaluates with
    ``evaluate``, and every command they played."""
    registry = pytest.importorskip("meeple.ai.registry")
    game = TerraMystica()
    game.evaluator = lambda: evaluate  # every agent of the game evaluates with it
    rows: list[str] = []
    t0 = time.process_time()
    for seed in seeds:
        players = game.default_players(4)
        agents = {p: registry.make_agent("heuristic", seed * 10 + i)
                  for i, p in enumerate(players)}
        lg = LocalGame(game, players, seed=seed)
        while lg.outcome() is None:
            p = lg.to_act()[0]
            cmd = agents[p].act(game, game.view(lg.state, p), p)
            rows.append(game.format(cmd, lg.state))
            lg.play(p, cmd)
    return time.process_time() - t0, rows


@pytest.mark.benchmark(group="terra-mystica heuristic")
def test_heuristic_games_with_and_without_the_estimates_memo(benchmark):
    """The heuristic agent's games with evaluate's memo (estimate_memo.py, the default)
    and without it, side by side (alternating, seed by seed), CPU time: the same
    commands, and the ratio of the times (docs/ai.md)."""
    ai = pytest.importorskip("meeple_terra_mystica.ai")
    memo_mod = pytest.importorskip("meeple_terra_mystica.estimate_memo")

    def run():
        times = {"with": 0.0, "without": 0.0}
        for seed in range(1, 5):
            memo = memo_mod.EstimateMemo()
            arms = {"with": lambda s, p, m=memo: ai.evaluate(s, p, m),
                    "without": ai.evaluate}
            order = ("with", "without") if seed % 2 else ("without", "with")
            played = {}
            for arm in order:
                cpu, played[arm] = _heuristic_games(arms[arm], [seed])
                times[arm] += cpu
            assert played["with"] == played["without"]
        return times

    times = benchmark.pedantic(run, rounds=1, iterations=1)
    ratio = times["with"] / times["without"]
    benchmark.extra_info.update({"cpu_with_memo": times["with"],
                                 "cpu_without_memo": times["without"],
                                 "with_over_without": ratio})
    print(f"\nheuristic games, seeds 1-4, CPU: with the memo {times['with']:.2f} s, "
          f"without {times['without']:.2f} s, ratio {ratio:.2f}")


@needs_data
@pytest.mark.benchmark(group="terra-mystica legal")
def test_legal_on_every_position_of_a_league_game(benchmark):
    """legal's speed where people played: every decision point of one league game."""
    from meeple_terra_mystica.importer import start_record
    from meeple_terra_mystica.rows import apply_row

    game = TerraMystica()
    _, imp, g = start_record(ONE.read_text(), game)
    positions = []
    for mv in imp.moves:
        positions.append((g.clone(), mv.player))
        apply_row(g, mv.player, game.parsed(game.parse(mv.text, g).text, g))

    def all_positions():
        return sum(len(game.legal(s, p)) for s, p in positions)

    rows = benchmark(all_positions)
    benchmark.extra_info["positions"] = len(positions)
    benchmark.extra_info["rows_per_call"] = rows / len(positions)
    if benchmark.stats is not None:  # None when benchmarking is off
        benchmark.extra_info["ms_per_call"] = benchmark.stats.stats.mean * 1000 / len(positions)


@needs_data
@pytest.mark.benchmark(group="terra-mystica legal")
def test_legal_coverage_walk_of_a_league_game(benchmark):
    """The completeness measurement (meeple_terra_mystica.tools.legal_coverage) on one game."""
    from meeple_terra_mystica.coverage import Coverage, measure

    def walk():
        cov = Coverage()
        measure(ONE.read_text(), "one", cov)
        return cov

    cov = benchmark.pedantic(walk, rounds=2, iterations=1)
    assert not cov.missed
    benchmark.extra_info["decisions"] = cov.decisions
    benchmark.extra_info["legal_calls"] = cov.legal_calls
