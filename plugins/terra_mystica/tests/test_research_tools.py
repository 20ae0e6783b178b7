"""The research tools (meeple_terra_mystica.tools): two of them are `meeple` subcommands
through the plugin's ``meeple_commands`` hook and print what the module prints; the ones
that read the league records say in one line where to find them when they are missing;
every tool plays with a game object of its own, never changing the plugin's weights."""

from __future__ import annotations

import pytest
from meeple.cli.testing import run_meeple
from meeple.core.testing import require_data, shared_data
from meeple_terra_mystica import ai
from meeple_terra_mystica.tools import legal_coverage, read_game, replay_all
from meeple_terra_mystica.tools.weights import weighted


def test_meeple_tm_read_game_prints_the_game_the_module_prints(capsys):
    code, out, err = run_meeple(capsys, "tm-read-game", "3", "--players", "random")
    assert (code, err) == (0, "")
    assert read_game.main(["3", "--players", "random"]) == 0
    assert capsys.readouterr().out == out
    rows = out.splitlines()
    assert rows[-5].startswith("round scoring tiles: ")
    assert all(" VP, " in line and line.endswith(" buildings") for line in rows[-4:])


@pytest.mark.parametrize("args, said", [
    (["tm-strength", "--set", "W.nope=1"], "--set: unknown weight 'W.nope'"),
    (["tm-read-game", "1", "--set", "W.dig=many"], "--set: W.dig='many' is not a number"),
])
def test_bad_weights_are_refused_with_a_reason(capsys, args, said):
    code, out, err = run_meeple(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.strip().startswith(said)
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("tool", [replay_all, legal_coverage])
def test_without_records_a_tool_names_the_variable_to_set(tool, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(tmp_path / "nowhere"))
    assert tool.main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == (f"MEEPLE_TM_RECORDS={tmp_path / 'nowhere'} is not a folder: set it "
                           "to the Terra Mystica records")


def test_changed_weights_live_in_their_own_game_object():
    before = ai.DEFAULT
    game = weighted({("W", "dig"): 1.5})
    assert game.weights.get("W", "dig") == 1.5
    assert ai.DEFAULT is before
    assert ai.DEFAULT.get("W", "dig") != 1.5


@pytest.mark.parametrize("tool, said", [
    (replay_all, "ok    4pLeague_S60_D1L1_G1"),
    (legal_coverage, "missed (100.00% covered)"),
])
def test_a_tool_finds_the_records_and_walks_the_one_named(tool, said, monkeypatch, capsys):
    folder = require_data(shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__),
                          "MEEPLE_TM_RECORDS")
    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(folder))
    assert tool.main(["S60_D1L1_G1"]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert "G2" not in out


def test_a_faction_is_measured_beside_the_first_three_others_of_another_terrain() -> None:
    from meeple_terra_mystica.tools.faction_record import lineup

    # Seat (seed - 1) mod 4: seeds 1 and 5 seat the faction first, 4 and 8 last.
    assert lineup("witches", 1) == ["witches", "darklings", "halflings", "swarmlings"]
    assert lineup("witches", 5) == lineup("witches", 1)
    assert lineup("witches", 2) == ["darklings", "witches", "halflings", "swarmlings"]
    assert lineup("witches", 4) == ["darklings", "halflings", "swarmlings", "witches"]
    # Never itself twice, never one of its own terrain (the Swarmlings are blue too).
    assert lineup("darklings", 6) == ["halflings", "darklings", "swarmlings", "dwarves"]
    assert lineup("mermaids", 3) == ["darklings", "halflings", "mermaids", "dwarves"]


@pytest.mark.parametrize("args, said", [
    (["--games", "0"], "--games must be at least 1"),
    (["--games", "1", "--factions", "witches, elves"], "unknown faction 'elves'; factions are "
     "alchemists, auren, chaosmagicians, cultists, darklings, dwarves, engineers, fakirs, "
     "giants, halflings, mermaids, nomads, swarmlings, witches"),
])
def test_the_faction_record_refuses_bad_arguments_before_playing(args, said, capsys) -> None:
    from meeple_terra_mystica.tools import faction_record

    with pytest.raises(SystemExit) as info:
        faction_record.main(args)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip().splitlines()[-1].endswith("error: " + said)


@pytest.mark.parametrize("args", [["--games", "0"], ["--generations", "0"], ["--lambda", "0"],
                                  ["--workers", "0"]])
def test_the_weight_search_refuses_counts_below_one(args, capsys) -> None:
    from meeple_terra_mystica.tools import tune_eval

    with pytest.raises(SystemExit) as info:
        tune_eval.main(args)
    assert info.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(
        "error: --games, --generations, --lambda and --workers must be at least 1")


def test_a_weight_variant_scales_a_third_of_the_knobs_within_their_bounds() -> None:
    import math
    import random

    from meeple_terra_mystica.tools.tune_eval import BOUNDS, KNOBS, mutate

    ones = {k: 1.0 for k in KNOBS}
    capped = 0
    for seed in range(60):
        out = mutate(ones, random.Random(seed), 0.5)
        # The same draws, read off a second generator: which knobs, and each one's factor.
        rng = random.Random(seed)
        picked = rng.sample(KNOBS, len(KNOBS) // 3)
        want = dict(ones)
        for k in picked:
            lo, hi = BOUNDS.get(k, (-math.inf, math.inf))
            want[k] = min(hi, max(lo, math.exp(rng.gauss(0, 0.5))))
        assert out == want and ones == {k: 1.0 for k in KNOBS}  # the input is left alone
        favor = out[("W", "favor")]
        assert 0.05 <= favor <= 0.95 if ("W", "favor") in picked else favor == 1.0
        capped += favor == 0.95
    assert capped  # a favor tile owed stays worth less than one taken
    # A knob at zero is drawn afresh (never negative), not scaled (it would stay zero).
    zeros = {k: 0.0 for k in KNOBS}
    for seed in range(20):
        out = mutate(zeros, random.Random(seed), 0.5)
        moved = [k for k in KNOBS if out[k] != 0.0]
        assert len(moved) == len(KNOBS) // 3 and all(out[k] > 0 for k in moved)
        assert all(lo <= out[k] <= hi for k, (lo, hi) in BOUNDS.items() if k in moved)


def test_the_best_weights_print_only_what_differs_from_todays() -> None:
    from meeple_terra_mystica.tools.tune_eval import as_set

    base = {("W", "dig"): 2.0, ("EARLY", "C"): 1.0, ("W", "favor"): 0.5}
    assert as_set(dict(base), base) == ""
    assert as_set({**base, ("W", "dig"): 1.23456}, base) == "W.dig=1.235"
    assert as_set({**base, ("EARLY", "C"): 3.0, ("W", "favor"): 0.25}, base) == (
        "EARLY.C=3,W.favor=0.25")


def test_the_strength_report_sums_up_the_games_it_printed(capsys) -> None:
    import statistics

    from meeple_terra_mystica.tools import ai_strength
    from meeple_terra_mystica.tools.selfplay import play

    # Seeds 2-4: each median differs from its mean.
    assert ai_strength.main(["--games", "3", "--players", "random", "--first-seed", "2",
                             "--actions"]) == 0
    lines = capsys.readouterr().out.splitlines()
    games = [play(["random"] * 4, seed, {}) for seed in (2, 3, 4)]
    for line, r in zip(lines, games, strict=False):
        w = r["winner"]
        assert line.startswith(
            f"seed {r['seed']}: winner {w} ({r['factions'][w]}, random) {r['winner_vp']} VP; "
            f"VP {sorted(r['vp'].values())}; buildings {sorted(r['buildings'].values())}; "
            f"towns {r['towns']}; cpu/move "), line
        top = [p for p, v in r["vp"].items() if v == r["winner_vp"]]
        assert ("first place shared" in line) == (len(top) > 1)
    wv = [r["winner_vp"] for r in games]
    blds = [b for r in games for b in r["buildings"].values()]
    towns = [r["towns"] for r in games]
    assert lines[3] == (
        f"3 games: median winner {statistics.median(wv)} VP (mean {statistics.mean(wv):.1f}); "
        f"median buildings per faction {statistics.median(blds)}; towns per game median "
        f"{statistics.median(towns)} (mean {statistics.mean(towns):.1f})")
    by: dict = {}
    for r in games:
        for p, n in r["factions"].items():
            by.setdefault(n, []).append((r["vp"][p], r["buildings"][p]))
    assert lines[4] == "per faction (mean VP / buildings, games): " + ", ".join(
        f"{n} {statistics.mean(v for v, _ in xs):.1f} / {statistics.mean(b for _, b in xs):.1f}"
        f" ({len(xs)})" for n, xs in sorted(by.items()))
    total = sum((r["actions"] for r in games), __import__("collections").Counter())
    passes = total.pop("passes")
    left = {k: total.pop("left " + k, 0) for k in ("C", "W", "P", "P3")}
    assert lines[5] == "per game: " + ", ".join(f"{k} {n / 3:.1f}" for k, n in sorted(total.items()))
    assert lines[6] == "held at a pass in rounds 1-5 (mean): " + ", ".join(
        f"{k} {n / passes:.1f}" for k, n in left.items())
    assert len(lines) == 7  # one kind of agent: no win share


def test_the_strength_report_rotates_the_first_agent_through_the_seats(capsys) -> None:
    from meeple_terra_mystica.tools import ai_strength

    assert ai_strength.main(["--games", "3", "--players", "random", "--rotate",
                             "--seat-offset", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["seed 1", "seed 2", "seed 3"]
    assert lines[3].startswith("3 games: median winner ")


def test_a_win_share_goes_to_the_one_seat_of_an_agent_split_among_a_tied_first_place() -> None:
    from meeple_terra_mystica.tools.selfplay import share

    r = {"spec": {"p1": "a", "p2": "b", "p3": "b", "p4": "c"},
         "vp": {"p1": 90, "p2": 90, "p3": 80, "p4": 70}, "winner_vp": 90}
    assert share(r, "a") == 0.5  # tied first with p2
    assert share(r, "b") == 0.0  # two seats: no single seat's share
    assert share(r, "c") == 0.0  # not first
    assert share(r, "d") == 0.0  # not playing
    r["vp"]["p2"] = 85
    assert share(r, "a") == 1.0


def test_agent_specs_split_at_commas_that_do_not_belong_to_a_specs_options() -> None:
    from meeple_terra_mystica.tools.selfplay import split_specs

    assert split_specs("heuristic") == ["heuristic"] * 4  # one spec plays every seat
    assert split_specs("mcts:sims=20,depth=8,heuristic,random,random:x=1,y=2") == [
        "mcts:sims=20,depth=8", "heuristic", "random", "random:x=1,y=2"]
    # Nothing before "a=1" to join it to: two specs, not four, so the first plays them all.
    assert split_specs("a=1,heuristic") == ["a=1"] * 4


def test_an_agent_with_other_weights_decides_with_a_game_of_its_own() -> None:
    from meeple_terra_mystica.tools.weights import WithWeights

    seen = []

    class Inner:
        def act(self, game, view, player):
            seen.append((game, view, player))
            return "pass"

    agent = WithWeights(Inner(), {("W", "dig"): 1.25})
    shared = ai.DEFAULT
    assert agent.act("the table's game", "a view", "p2") == "pass"
    (game, view, player), = seen
    assert (view, player) == ("a view", "p2") and game is agent.game
    assert game.weights.get("W", "dig") == 1.25 and ai.DEFAULT is shared


def test_the_records_folder_is_the_variable_or_the_first_one_above(tmp_path, monkeypatch):
    from meeple_terra_mystica.tools.records import data_folder, missing_data, records

    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(tmp_path))
    assert data_folder() == tmp_path
    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(tmp_path / "nowhere"))
    assert data_folder() is None
    monkeypatch.delenv("MEEPLE_TM_RECORDS")
    folder = tmp_path / "shared" / "data" / "terra-mystica"
    (folder / "league" / "S1").mkdir(parents=True)
    (folder / "other").mkdir()
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert data_folder() == folder
    assert missing_data() == (f"no shared/data/terra-mystica above {deep}: set "
                              "MEEPLE_TM_RECORDS to the folder of the Terra Mystica records")
    (folder / "league" / "S1" / "manifest.json").write_text(
        '{"games": [{"game_id": "G1", "log_file": "g1.txt", "expected_total_vp": 420}]}')
    (folder / "league" / "S2.txt").write_text("")
    (folder / "other" / "mine.txt").write_text("")
    assert list(records(folder)) == [
        ("G1", folder / "league" / "S1" / "g1.txt", 420),
        ("S2", folder / "league" / "S2.txt", None),
        ("mine", folder / "other" / "mine.txt", None)]


def test_the_speed_tool_times_one_decision_at_every_position_of_the_rounds(tmp_path, capsys):
    import json

    from meeple.ai.registry import make_agent
    from meeple.core import LocalGame
    from meeple_terra_mystica.tools import heuristic_speed as H

    # The setup (not timed) and the first three rows of round 1 (timed) of a random game.
    lg = LocalGame(H.GAME, H.PLAYERS, {}, seed=5)
    agent = make_agent("random", 5)
    moves, timed = [], 0
    while timed < 3:
        p = lg.to_act()[0]
        timed += lg.state.round >= 1
        cmd = agent.act(H.GAME, H.GAME.view(lg.state, p), p)
        moves.append((p, H.GAME.format(cmd, lg.state)))
        lg.play(p, cmd)
    assert len(moves) > timed  # some setup rows went untimed
    path = tmp_path / "games.json"
    path.write_text(json.dumps([(5, moves)]))
    assert H.main(["time", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("3 decisions, ") and out.endswith(" ms CPU per heuristic decision")
    assert "MCTS" not in out


def test_the_speed_tool_also_times_one_search_at_the_start_of_round_four(tmp_path, capsys):
    import json

    from meeple.ai.registry import make_agent
    from meeple.core import LocalGame
    from meeple_terra_mystica.tools import heuristic_speed as H

    lg = LocalGame(H.GAME, H.PLAYERS, {}, seed=5)
    agent = make_agent("random", 5)
    moves, timed = [], 0
    while not moves or lg.state.round < 4 or moves[-1][2] < 4:
        p = lg.to_act()[0]
        timed += lg.state.round >= 1
        cmd = agent.act(H.GAME, H.GAME.view(lg.state, p), p)
        moves.append((p, H.GAME.format(cmd, lg.state), lg.state.round))
        lg.play(p, cmd)
    path = tmp_path / "games.json"
    path.write_text(json.dumps([(5, [m[:2] for m in moves])]))
    assert H.main(["time", str(path), "--mcts"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"{timed} decisions, ")
    assert " ms CPU per heuristic decision; MCTS (1 round-4 searches) " in out
    assert out.endswith(" ms CPU")


def test_the_head_to_head_counts_wins_and_mean_vp_of_the_two_weightings(monkeypatch, capsys):
    import statistics

    from meeple.ai.registry import make_agent
    from meeple.core import LocalGame
    from meeple_terra_mystica.tools import eval_h2h as E

    # Random agents in place of the heuristic one: the same bookkeeping, in a second.
    monkeypatch.setattr(E, "make_agent", lambda spec, seed: make_agent("random", seed))
    assert E.main(["--games", "3", "--first-seed", "2", "--old", "W.dig=1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    wins = {"new": 0.0, "old": 0.0}
    vps: dict = {"new": [], "old": []}
    for k, seed in enumerate((2, 3, 4)):
        # Odd seeds seat the new weights first, even seeds the old ones.
        kinds = ["new", "old"] * 2 if seed % 2 else ["old", "new"] * 2
        players = ["p1", "p2", "p3", "p4"]
        agents = {p: make_agent("random", seed * 10 + i) for i, p in enumerate(players)}
        lg = LocalGame(E.GAME, players, {}, seed=seed)
        while lg.outcome() is None:
            p = lg.to_act()[0]
            lg.play(p, agents[p].act(E.GAME, E.GAME.view(lg.state, p), p))
        g = lg.state
        vp = {g.player_of[n]: f["VP"] for n, f in g.fac.items()}
        assert lines[k] == f"seed {seed}: " + ", ".join(
            f"{p} {kinds[i]} {g.faction_of[p]} {vp[p]}" for i, p in enumerate(players))
        top = [p for p in players if vp[p] == max(vp.values())]
        for p in top:
            wins[kinds[players.index(p)]] += 1 / len(top)
        for i, p in enumerate(players):
            vps[kinds[i]].append(vp[p])
    assert lines[3] == (f"3 games: new won {wins['new']:g}, old {wins['old']:g}; mean VP new "
                        f"{statistics.mean(vps['new']):.1f}, old {statistics.mean(vps['old']):.1f}")
    assert len(lines) == 4


def test_the_head_to_head_refuses_to_start_without_the_older_weights(monkeypatch, capsys):
    from meeple_terra_mystica.tools import eval_h2h as E

    monkeypatch.setattr(E, "LocalGame", None)  # no game may start
    with pytest.raises(SystemExit) as info:
        E.main(["--games", "1"], prog="eval_h2h")
    assert info.value.code == 2
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err.strip().splitlines()[-1] == (
        "eval_h2h: error: the following arguments are required: --old")


def test_the_faction_record_prints_each_factions_means_and_the_played_table(monkeypatch, capsys):
    import statistics

    from meeple_terra_mystica.tools import faction_record as F
    from meeple_terra_mystica.tools.selfplay import play

    def random_play(players, seed, options, **kw):
        assert players == ["heuristic"] * 4  # the heuristic in every seat
        return play(["random"] * 4, seed, options, **kw)

    monkeypatch.setattr(F, "play", random_play)
    assert F.main(["--games", "2", "--factions", "witches, giants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    means = {}
    seats = {"witches": (["witches", "darklings", "halflings", "swarmlings"],
                         ["darklings", "witches", "halflings", "swarmlings"]),
             "giants": (["giants", "darklings", "halflings", "swarmlings"],
                        ["darklings", "giants", "halflings", "swarmlings"])}
    for k, (name, lineups) in enumerate(seats.items()):
        vps, blds = [], []
        for seed, lineup in zip((1, 2), lineups, strict=True):
            r = play(["random"] * 4, seed, {"factions": ",".join(lineup)})
            seat = f"p{lineup.index(name) + 1}"
            assert r["factions"][seat] == name
            vps.append(r["vp"][seat])
            blds.append(r["buildings"][seat])
        vp, b = statistics.mean(vps), statistics.mean(blds)
        means[name] = vp
        assert lines[k] == f"{name:15s} {vp:6.1f} VP  {b:4.1f} buildings"
    best = sorted(means, key=means.get, reverse=True)
    assert lines[2] == "PLAYED = {" + ", ".join(f'"{n}": {round(means[n])}' for n in best) + "}"
    assert len(lines) == 3


def _canned_play(calls):
    def play(players, seed, options, game=None, **kw):
        calls.append((players, seed, options, game))
        return {"buildings": {"p1": 4, "p2": 6, "p3": 5, "p4": 9},
                "vp": {"p1": 70, "p2": 90, "p3": 60, "p4": 100}, "winner_vp": 100, "towns": 3}
    return play


def test_a_tuning_games_worth_is_the_winner_the_mean_the_buildings_and_the_towns(monkeypatch):
    from meeple_terra_mystica.tools import tune_eval as T

    calls: list = []
    monkeypatch.setattr(T, "play", _canned_play(calls))
    worth = T._game(({("W", "dig"): 1.75}, 7, 4.0))
    # 100 for the winner, 80 the mean VP, 4 x 6 mean buildings, 3 towns.
    assert worth == (100 + 80 + 24 + 3, 100, 6, 3)
    (players, seed, options, game), = calls
    assert players == ["heuristic"] * 4 and seed == 7 and options == {}
    assert game.weights.get("W", "dig") == 1.75
    assert T._game(({}, 7, 0.5))[0] == 100 + 80 + 3 + 3


class _InlinePool:
    """multiprocessing.Pool's map in this process (the tool's games are canned here)."""

    def __init__(self, workers):
        self.workers = workers

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def map(self, fn, tasks, chunksize=1):
        return [fn(t) for t in tasks]


def test_the_weight_search_keeps_the_incumbent_unless_a_variant_beats_it(monkeypatch, capsys):
    import random

    from meeple_terra_mystica.tools import tune_eval as T

    calls: list = []
    monkeypatch.setattr(T, "play", _canned_play(calls))
    monkeypatch.setattr(T.multiprocessing, "Pool", _InlinePool)
    assert T.main(["--games", "2", "--generations", "2", "--lambda", "2", "--seed", "9",
                   "--start", "W.dig=3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Every candidate plays the same games: all worth the same, none beats the incumbent.
    gen = "incumbent 207.0 (winner 100.0, buildings 6.00, towns 3.00); variants 207.0 207.0"
    assert lines == [f"gen 0: {gen}", "  best: --set W.dig=3", f"gen 1: {gen}",
                     "  best: --set W.dig=3"]
    assert len(calls) == 2 * 3 * 2  # generations x candidates x games
    rng = random.Random(9)
    pool = [s for s in range(1, 2000) if s not in range(81, 121)]
    first = rng.sample(pool, 2)
    assert [c[1] for c in calls[:6]] == first * 3
    assert all(c[3].weights.get("W", "dig") == 3 for c in calls[:2])


def test_the_speed_tool_records_each_seeded_game_move_by_move(tmp_path, monkeypatch):
    import json

    from meeple.ai.registry import make_agent
    from meeple.core import LocalGame
    from meeple_terra_mystica.tools import heuristic_speed as H

    monkeypatch.setattr(H, "make_agent", lambda spec, seed: make_agent("random", seed))
    path = tmp_path / "games.json"
    assert H.main(["record", str(path), "--seeds", "3,4"]) == 0
    games = json.loads(path.read_text())
    assert [seed for seed, _ in games] == [3, 4]
    for seed, moves in games:
        # The same seats' agents (seed * 10 + seat) play the same game again.
        agents = {p: make_agent("random", seed * 10 + i) for i, p in enumerate(H.PLAYERS)}
        lg = LocalGame(H.GAME, H.PLAYERS, {}, seed=seed)
        for p, text in moves:
            assert lg.outcome() is None and lg.to_act()[0] == p
            cmd = agents[p].act(H.GAME, H.GAME.view(lg.state, p), p)
            assert H.GAME.format(cmd, lg.state) == text
            lg.play(p, cmd)
        assert lg.outcome() is not None


def test_the_game_read_is_the_game_the_strength_report_plays_for_its_seed(capsys):
    """read_game seats the agents with the seeds selfplay (and so ai_strength) gives
    them: the factions, points and buildings it prints are that game's."""
    from meeple_terra_mystica.tools.selfplay import play

    assert read_game.main(["3", "--players", "random"]) == 0
    out = capsys.readouterr().out.splitlines()
    r = play(["random"] * 4, 3, {})
    assert out[-4:] == [f"{r['factions'][p]}: {r['vp'][p]} VP, {r['buildings'][p]} buildings"
                        for p in ("p1", "p2", "p3", "p4")]


def test_the_head_to_head_splits_a_shared_first_place_among_the_tied_seats(monkeypatch, capsys):
    from meeple.ai.registry import make_agent
    from meeple.core import LocalGame
    from meeple_terra_mystica.tools import eval_h2h as E

    #: Final points by seat for each seed: a tie of two (one seat of each weighting), a
    #: tie of three and a single winner.
    points = {2: (50, 50, 10, 10), 3: (50, 50, 50, 10), 4: (60, 20, 20, 20)}

    class Finished(LocalGame):
        def outcome(self):
            out = super().outcome()
            if out is not None:
                g = self.state
                for n, f in g.fac.items():
                    f["VP"] = points[self.seed][int(g.player_of[n][1:]) - 1]
            return out

    monkeypatch.setattr(E, "make_agent", lambda spec, seed: make_agent("random", seed))
    monkeypatch.setattr(E, "LocalGame", Finished)
    assert E.main(["--games", "3", "--first-seed", "2", "--old", "W.dig=1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Even seeds seat old, new, old, new; odd ones new, old, new, old.
    # new: 1/2 + 2/3; old: 1/2 + 1/3 + 1. Mean VP: new 50 10 50 50 20 20, old 50 10 50 10 60 20.
    assert lines[-1] == ("3 games: new won 1.16667, old 1.83333; mean VP new 33.3, old 33.3")
    assert [line.split(": ")[0] for line in lines[:3]] == ["seed 2", "seed 3", "seed 4"]


def test_a_games_cpu_per_move_and_slowest_move_are_read_around_each_decision(monkeypatch) -> None:
    import itertools
    import types

    from meeple_terra_mystica.tools import selfplay

    # A clock that reads one second later at every look: a decision is read as taking
    # one second, and its slowest-move reading (a look later) as two.
    ticks = itertools.count()
    monkeypatch.setattr(selfplay, "time", types.SimpleNamespace(process_time=lambda: next(ticks)))
    r = selfplay.play(["random"] * 4, 2, {})
    assert r["cpu_per_move"] == dict.fromkeys(("p1", "p2", "p3", "p4"), 1.0)
    assert r["cpu_slowest_move"] == dict.fromkeys(("p1", "p2", "p3", "p4"), 2)
