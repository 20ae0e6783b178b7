"""``meeple review``: on positions where one move is clearly best the review names it and
counts every other move as a loss; the same seed and budget give the same review; a review
never changes the game's log, and sees only what the deciding player saw."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from cli_runner import run_meeple
from meeple.ai.executors import ProcessExecutor
from meeple.ai.review import (
    KIND,
    META_PART,
    ReviewISMCTS,
    ReviewMCTS,
    Task,
    _search,
    load_review,
    plan_review,
    positions,
    resolve_spec,
    review_decision,
    review_key,
    run_review,
)
from meeple.ai.review_chart import review_svg
from meeple.core import BadOptions, MeepleError
from meeple.core.agents import parse_spec
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.annotations import annotations_for
from meeple.core.testing import played

PLUGINS = load()


def connect_four(tmp_path: Path, moves: list[str], name: str = "store.sqlite") -> Engine:
    """A stored connect four game of ann (first) and bob with these columns."""
    eng = Engine(f"sqlite:///{tmp_path / name}")
    eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="c4")
    for i, col in enumerate(moves):
        eng.move("c4", col, "ann" if i % 2 == 0 else "bob")
    return eng


# ann holds columns 1-3 of the bottom row after her third disc: bob must block at 4 and
# plays 7 instead; ann then wins at 4 at once and plays 6 instead.
MISSED = ["1", "1", "2", "2", "3", "7", "6"]


def test_connect_four_a_missed_block_and_a_missed_win_are_losses_naming_the_move(
        tmp_path: Path) -> None:
    eng = connect_four(tmp_path, MISSED)
    plan = plan_review(eng, "c4", budget=0.1)
    got = run_review(eng, plan)
    assert [d["played"] for d in got] == MISSED
    block, win = got[5], got[6]
    assert (block["player"], block["best"]) == ("bob", "4")
    assert block["loss"] > 0.5 and block["after"]["bob"] < block["before"]["bob"]
    assert (win["player"], win["best"]) == ("ann", "4")
    assert win["before"] == {"ann": 1.0, "bob": -1.0}  # a proven win
    assert win["loss"] > 0.5
    # estimates are for every player, and zero-sum in a two-player game
    assert all(set(d["before"]) == {"ann", "bob"} for d in got)
    assert all(abs(d["after"]["ann"] + d["after"]["bob"]) < 1e-6 for d in got)


def test_connect_four_every_move_but_the_block_and_the_win_is_a_loss(tmp_path: Path) -> None:
    eng = connect_four(tmp_path, MISSED)
    plan = plan_review(eng, "c4", budget=0.1)
    game = eng.game_of("c4")
    for task, must in ((plan.tasks[5], "4"), (plan.tasks[6], "4")):
        for move in game.legal(task.view, task.player):
            got = review_decision(attrs.evolve(task, played=move), game)
            assert got["best"] == must
            if got["played"] == must:
                assert got["loss"] == 0.0 and got["after"] == got["before"]
            else:
                assert got["loss"] > 0.5, got


def test_a_review_is_the_same_for_the_same_seed_and_budget_whatever_the_workers(
        tmp_path: Path) -> None:
    one = connect_four(tmp_path, MISSED, "one.sqlite")
    two = connect_four(tmp_path, MISSED, "two.sqlite")
    a = run_review(one, plan_review(one, "c4", budget=0.05, seed=7))
    b = run_review(two, plan_review(two, "c4", budget=0.05, seed=7),
                   ProcessExecutor(2))
    assert a == b
    other = run_review(two, plan_review(two, "c4", budget=0.05, seed=8))
    assert [d["visits"] for d in other] != [d["visits"] for d in a]


def test_reviewing_leaves_the_log_the_export_and_verify_as_they_were(tmp_path: Path) -> None:
    eng = connect_four(tmp_path, MISSED)
    before = (eng.store.load("c4"), eng.export("c4", reveal=True), eng.store.status("c4"))
    run_review(eng, plan_review(eng, "c4", budget=0.05))
    assert (eng.store.load("c4"), eng.export("c4", reveal=True),
            eng.store.status("c4")) == before
    assert eng.verify("c4").ok


def test_a_review_resumes_from_the_decisions_stored(tmp_path: Path) -> None:
    eng = connect_four(tmp_path, MISSED)
    plan = plan_review(eng, "c4", budget=0.05)
    notes = annotations_for(eng.store)
    whole = run_review(eng, plan)
    for d in whole[3:]:
        notes.put("c4", KIND, plan.key, d["index"], {**d, "loss": 9.0})  # marked as stored
    notes.delete("c4", KIND, plan.key)
    for d in whole[:3]:
        notes.put("c4", KIND, plan.key, d["index"], {**d, "loss": 9.0})
    done: list[int] = []
    again = run_review(eng, plan, on_result=lambda r: done.append(r["index"]))
    assert sorted(done) == list(range(3, len(MISSED)))  # the stored three are not redone
    assert [d["loss"] for d in again[:3]] == [9.0] * 3
    assert again[3:] == whole[3:]
    assert load_review(eng, "c4", plan.key) == again  # in order, whatever order stored


def test_the_search_is_counted_not_timed_and_other_agents_are_refused() -> None:
    spec, budget = resolve_spec("connect-four", None, 0.5)
    assert "sims=5000" in spec and budget == 0.5  # 10000 simulations a CPU second
    assert resolve_spec("connect-four", "mcts:sims=30", 9)[0] == "mcts:sims=30,reuse=false"
    for bad in ("heuristic", "mcts:seconds=1", "mcts:opponents=heuristic"):
        with pytest.raises(BadOptions):
            resolve_spec("connect-four", bad, 1)
    with pytest.raises(BadOptions):
        resolve_spec("connect-four", None, 0)


# -- Carcassonne: a tile that closes a long path -------------------------------------------------


def _hill_dale(tiles: list[str]) -> tuple[Any, Any]:
    from meeple_carcassonne_hill_dale.events import Started
    from meeple_carcassonne_hill_dale.rules import draw

    game = PLUGINS.game("carcassonne-hill-dale")
    state = game.fold(None, Started(("ann", "bob"), tuple(tiles), "majority"))

    def emit(ev: Any) -> None:
        game.fold(state, ev)

    draw(state, 0, emit)
    return game, state


def _play(game: Any, state: Any, player: str, text: str) -> Any:
    for ev in game.decide(state, player, game.parse(text, state, player), random.Random(0)):
        state = game.fold(state, ev)
    return state


def test_carcassonne_the_tile_that_closes_a_long_path_is_named_best() -> None:
    # ann's two wanderers sit on a path of 7 tiles along y=0 from -2 to 4 (closed at the
    # east), her other two meeples in stables: her junction at -3,0 closes the path for 8
    # points and brings both wanderers back; any other placement leaves it open and her
    # with no meeple to place
    tiles = ["straight", "meadow-1", "meadow-2", "meadow-3", "meadow-4", "straight",
             "meadow-5", "meadow-6", "straight", "straight", "straight", "junction3",
             "junction3", "meadow-4", "meadow-4", "meadow-4"]
    game, state = _hill_dale(tiles)
    for player, text in [("ann", "1,0 r90 wanderer E"), ("bob", "0,-1 r0"),
                         ("ann", "1,-1 r0 stable"), ("bob", "2,-1 r0"),
                         ("ann", "3,-1 r0 stable"), ("bob", "3,0 r90"),
                         ("ann", "-1,-1 r0"), ("bob", "-2,-1 r0"),
                         ("ann", "-2,0 r90 wanderer E"), ("bob", "2,0 r90"),
                         ("ann", "-1,0 r90"), ("bob", "4,0 r0")]:
        state = _play(game, state, player, text)
    view = game.view(state, "ann")
    legal = game.legal(view, "ann")
    closing = [m for m in legal if game.format(m, view).startswith("-3,0")]
    elsewhere = next(m for m in legal if not game.format(m, view).startswith("-3,0"))
    assert closing
    spec, _ = resolve_spec("carcassonne-hill-dale", None, 0.5)
    got = review_decision(Task("carcassonne-hill-dale", 0, 1, "ann", ("ann", "bob"), view,
                               elsewhere, spec, 3, None), game)
    assert got["best"].startswith("-3,0")
    assert got["loss"] > 0.1
    assert got["after"]["ann"] < got["before"]["ann"]


# -- what the search may see ----------------------------------------------------------------------


def test_the_search_gets_the_deciding_players_view_and_never_the_state(tmp_path: Path) -> None:
    eng = Engine(f"sqlite:///{tmp_path / 's.sqlite'}")
    gid = eng.new_game("carcassonne-hill-dale", ["ann", "bob"], seed=4, game_id="h1")
    game = eng.game_of(gid)
    rng = random.Random(2)
    for _ in range(4):
        t = eng.table(gid)
        p = game.to_act(t.state)[0]
        eng.move(gid, rng.choice(game.legal(t.state, p)), p)
    _, _, pos, _ = positions(eng, gid)
    plan = plan_review(eng, gid, agent="ismcts:sims=5")
    for ps, task in zip(pos, plan.tasks, strict=True):
        assert task.view == game.view(ps.state, ps.player)
        assert task.view != ps.state  # the stack's order is hidden from the player
    # a task is all a worker gets: no field of it holds the full state
    for ps, task in zip(pos, plan.tasks, strict=True):
        assert all(value is not ps.state and value != ps.state
                   for value in attrs.astuple(task, recurse=False))


# -- the command ----------------------------------------------------------------------------------


def test_meeple_review_prints_losses_and_json_and_writes_the_chart(
        tmp_path: Path, capsys: Any) -> None:
    eng = connect_four(tmp_path, MISSED)
    db = eng.store.url
    eng.close()
    svg = tmp_path / "chart.svg"
    code, out, err = run_meeple(capsys, "review", "c4", "--budget", "0.05", "--db", db,
                                "--svg", str(svg))
    assert code == 0, err
    assert "largest losses" in out and "ann" in out
    lines = [ln for ln in out.splitlines() if "│ bob" in ln and "│ 7 " in ln]
    assert lines and "│ 4 " in lines[0]  # bob played 7 where 4 was the move
    picture = svg.read_text()
    assert picture.startswith("<svg") and picture.count('class="point big"') >= 2
    code, out, _ = run_meeple(capsys, "review", "c4", "--budget", "0.05", "--db", db, "--json")
    data = orjson.loads(out)
    assert code == 0 and data["complete"] and len(data["decisions"]) == len(MISSED)
    assert data["summary"]["bob"]["big_losses"] >= 1
    assert data["decisions"][6]["best"] == "4"
    again = Engine(db)
    assert load_review(again, "c4", data["key"]) == data["decisions"]


@pytest.mark.parametrize("args, says", [
    (["--agent", "heuristic"], "mcts or ismcts"),
    (["--budget", "0"], "--budget must be above 0"),
    (["--as", "zed"], "'zed' does not play in c4"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--agent", "mcts:sims=x"], "takes a whole number, not 'x'"),
    (["--svg", "/nonexistent/folder/chart.svg"], "a folder that exists"),
])
def test_bad_review_options_are_one_line_and_store_nothing(tmp_path: Path, capsys: Any,
                                                            args: list[str], says: str) -> None:
    eng = connect_four(tmp_path, MISSED)
    db = eng.store.url
    eng.close()
    code, out, err = run_meeple(capsys, "review", "c4", "--db", db, *args)
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1
    assert annotations_for(Engine(db).store).keys("c4", KIND) == []


def test_the_chart_marks_rounds_and_big_losses() -> None:
    decisions = [
        {"index": i, "seq": i + 2, "player": p, "marker": m, "played": "1", "best": b,
         "before": {"ann": v, "bob": -v}, "after": {"ann": v, "bob": -v}, "loss": loss}
        for i, (p, m, b, v, loss) in enumerate([
            ("ann", "Round 1", "1", 0.1, 0.0), ("bob", "Round 1", "2", 0.2, 0.4),
            ("ann", "Round 2", "1", 0.5, 0.0), ("bob", "Round 2", "1", -0.3, 0.0)])]
    svg = review_svg({"game_id": "g", "players": ["ann", "bob"], "decisions": decisions,
                      "threshold": 0.1, "final": {"ann": 1.0, "bob": -1.0}})
    assert svg.count('class="round"') == 2 and "Round 2" in svg
    assert svg.count('class="point big"') == 1 and 'data-seq="3"' in svg
    assert svg.count("<polyline") == 2


@pytest.mark.parametrize("name", sorted(PLUGINS.games))
def test_every_installed_game_is_reviewed_through_the_contract_alone(name: str,
                                                                     tmp_path: Path) -> None:
    eng = Engine(f"sqlite:///{tmp_path / 's.sqlite'}")
    game = PLUGINS.game(name)
    gid = eng.new_game(name, game.default_players(game.min_players), seed=5, game_id="g")
    rng = random.Random(5)
    for _ in range(6):
        t = eng.table(gid)
        acting = game.to_act(t.state)
        if not acting:
            break
        eng.move(gid, rng.choice(game.legal(t.state, acting[0])), acting[0])
    plan = plan_review(eng, gid, budget=0.01)
    got = run_review(eng, plan)
    assert len(got) == len(plan.tasks) >= 1
    players = set(eng.store.header(gid).players)
    for d, task in zip(got, plan.tasks, strict=True):
        assert set(d["before"]) == set(d["after"]) == players
        assert d["loss"] >= 0.0 and d["player"] == task.player
        legal = {game.format(m, task.view) for m in game.legal(task.view, task.player)}
        assert d["best"] in legal and d["played"] in legal
    _, _, pos, _ = positions(eng, gid)
    assert [d["marker"] for d in got] == [game.turn_marker(p.state) for p in pos]


# -- Terra Mystica: a town one build away ---------------------------------------------------------


def _league_record(name: str) -> Path:
    """A league record of the shared data (MEEPLE_TM_RECORDS, else shared/data/terra-mystica
    beside the checkout); missing data skips, and fails under CI=true."""
    from meeple.core.testing import missing, shared_data

    data = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__)
    found = list((data / "league").glob(f"*/{name}"))
    if not found:
        missing(f"the Terra Mystica league record {name} was not found in {data}: "
                "set MEEPLE_TM_RECORDS")
    return found[0]


def _town_hexes(state: Any) -> int:
    return sum(state.town)


def test_terra_mystica_other_moves_than_the_town_one_build_away_are_losses(
        tmp_path: Path) -> None:
    # 4pLeague_S60_D1L1_G1, decision 98: the nomads (GeorgeShortwell) stand one dwelling
    # away from a town (the record: "action ACTN. build D1. +TW7"); several builds found
    # it. The review of any move that founds none names a town-founding build as best.
    record = _league_record("4pLeague_S60_D1L1_G1.txt")
    eng = Engine(f"sqlite:///{tmp_path / 's.sqlite'}")
    eng.import_record("snellman", record.read_text(), "tm")
    game = eng.game_of("tm")
    plan = plan_review(eng, "tm", agent="mcts:pw=0.5,prior=2,c=0.1,depth=4,sims=60")
    task = plan.tasks[97]
    assert game.format(task.played, task.view).startswith("action ACTN. build D1")
    before = _town_hexes(task.view)

    def founds(move: Any) -> bool:
        after = game.step(game.clone(task.view), task.player, move, random.Random(0))
        return _town_hexes(after) >= before + 3

    legal = game.legal(task.view, task.player)
    towns = {game.format(m, task.view) for m in legal if founds(m)}
    assert founds(task.played) and towns
    others = [m for m in legal if not founds(m)
              and game.format(m, task.view).split(" ")[0] in ("action", "build", "upgrade")]
    for move in others[:: max(1, len(others) // 3)][:3]:
        got = review_decision(attrs.evolve(task, played=move), game)
        assert got["best"] in towns, got
        assert got["loss"] > 0.05


def test_a_review_on_ray_is_the_review_of_the_local_executor(tmp_path: Path) -> None:
    import importlib.util
    import os

    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but Ray is not installed: pip install 'meeple[ray]'")
        pytest.skip("Ray is not installed: pip install 'meeple[ray]'")
    from meeple.ai.executors import RayExecutor

    one = connect_four(tmp_path, MISSED, "one.sqlite")
    two = connect_four(tmp_path, MISSED, "two.sqlite")
    local = run_review(one, plan_review(one, "c4", budget=0.02, seed=3))
    ray = run_review(two, plan_review(two, "c4", budget=0.02, seed=3),
                     RayExecutor(2, store_shared=False))
    assert ray == local


def test_an_undone_command_is_not_reviewed(tmp_path: Path) -> None:
    eng = connect_four(tmp_path, ["1", "2"])
    eng.undo("c4", "bob")
    eng.move("c4", "5", "bob")
    got = run_review(eng, plan_review(eng, "c4", budget=0.01))
    assert [(d["player"], d["played"]) for d in got] == [("ann", "1"), ("bob", "5")]
    assert got[1]["seq"] == eng.store.last("c4")[0]  # bob's 5 wrote the last event


def test_the_same_review_in_two_interpreters_with_other_hash_seeds(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    eng = Engine(f"sqlite:///{tmp_path / 's.sqlite'}")
    gid = eng.new_game("carcassonne-hill-dale", ["ann", "bob"], seed=4, game_id="h1")
    game = eng.game_of(gid)
    rng = random.Random(2)
    for _ in range(6):
        t = eng.table(gid)
        p = game.to_act(t.state)[0]
        eng.move(gid, rng.choice(game.legal(t.state, p)), p)
    eng.close()  # checkpoints the WAL: the file alone holds the game
    runs = []
    for hash_seed, name in (("1", "a.sqlite"), ("2", "b.sqlite")):
        copy = tmp_path / name
        copy.write_bytes((tmp_path / "s.sqlite").read_bytes())
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-m", "meeple.cli.app", "review", "h1", "--db",
                              str(copy), "--budget", "0.05", "--json"], env=env,
                             capture_output=True, text=True, check=True, timeout=300)
        runs.append(orjson.loads(out.stdout)["decisions"])
    assert runs[0] == runs[1] and len(runs[0]) == 6


# -- the search of one decision, read back from its tree ----------------------------------------


def _searched(task: Task, game: Any) -> tuple[Any, tuple[Any, dict, dict, int]]:
    """The agent ``review_decision`` makes for ``task``, and what its search returned."""
    name, options = parse_spec(task.spec)
    agent = (ReviewISMCTS if name == "ismcts" else ReviewMCTS)(options, task.seed)
    return agent, _search(agent, game, task)


def _c4_task(moves: list[str], command: str, spec: str, seed: int = 3) -> tuple[Task, Any]:
    """The decision after ``moves`` of a connect four game of ann and bob, where ``command``
    was played."""
    game = PLUGINS.game("connect-four")
    state = played(game, ["ann", "bob"], moves).state
    p = "ann" if len(moves) % 2 == 0 else "bob"
    view = game.view(state, p)
    return Task("connect-four", len(moves), len(moves) + 1, p, ("ann", "bob"), view,
                game.parse(command, view, p), spec, seed, None), game


def test_each_estimate_is_the_mean_reward_of_the_simulations_through_the_command() -> None:
    task, game = _c4_task(["4", "4", "3"], "1", "mcts:sims=60,reuse=false")
    agent, (best, values, visits, sims) = _searched(task, game)
    root = agent._root
    assert root.n == 60 and sims == 60  # every command had its share: none was added
    assert set(values) == set(visits) == set(root.children)
    for move, node in root.children.items():
        assert visits[move] == node.n >= 1
        if node.proven is not None:
            assert values[move] == node.proven
        else:  # w sums the mover's rewards; the other player's are their negation
            assert values[move] == pytest.approx({"bob": node.w / node.n,
                                                  "ann": -node.w / node.n}, abs=1e-12)
    assert best == agent._best(root)
    assert not set(root.untried) & set(root.children)


def test_a_decision_reports_the_searchs_estimates_rounded_to_four_places() -> None:
    task, game = _c4_task(["4", "4", "3"], "2", "mcts:sims=70,reuse=false")
    _, (best, values, visits, sims) = _searched(task, game)
    got = review_decision(task, game)
    p, mine = task.player, task.played
    assert values[mine][p] != round(values[mine][p], 4)  # the rounding shows
    assert got["after"] == {q: round(values[mine][q], 4) for q in ("ann", "bob")}
    assert got["before"] == {q: round(values[best][q], 4) for q in ("ann", "bob")}
    assert got["loss"] == round(max(0.0, values[best][p] - values[mine][p]), 4)
    assert got["visits"] == {"played": visits[mine], "best": visits[best]}
    ranked = sorted(values, key=lambda m: (-values[m][p], -visits[m]))[:3]
    assert got["top"] == [{"move": game.format(m, task.view), "value": round(values[m][p], 4),
                           "visits": visits[m]} for m in ranked]
    assert got["simulations"] == sims
    assert (got["index"], got["seq"], got["player"], got["played"]) == (3, 4, "bob", "2")
    assert got["marker"] is None and got["best"] == game.format(best, task.view)


@pytest.mark.parametrize("sims, share", [(10, 2), (29, 2), (30, 3), (40, 4)])
def test_the_played_command_gets_a_tenth_of_the_simulations_and_at_least_two(
        sims: int, share: int) -> None:
    # topk=1: the search itself looks only at the command the prior likes best, so every
    # simulation through the played one is the review's own
    task, game = _c4_task(["4", "4"], "1", f"mcts:prior=1,topk=1,sims={sims},reuse=false")
    agent, (best, values, visits, total) = _searched(task, game)
    assert agent._root.n == sims
    assert best != task.played and set(visits) == {best, task.played}
    assert visits[task.played] == share and visits[best] == sims
    assert total == sims + share
    assert task.played not in agent._root.untried


def test_an_unsearched_played_command_leaves_the_untried_ones() -> None:
    task, game = _c4_task(["4", "4"], "1", "mcts:sims=3,reuse=false")
    agent, (_, _, visits, total) = _searched(task, game)
    root = agent._root
    assert root.n == 3 and len(root.children) == 4 and visits[task.played] == 2
    assert total == 5
    assert len(root.untried) == 3 and task.played not in root.untried
    assert not set(root.untried) & set(root.children)


def _search_counting(task: Task, game: Any) -> tuple[Any, list[int]]:
    """The search of ``task``, and the forward-model calls of each simulation from the root."""
    _, options = parse_spec(task.spec)
    agent = ReviewMCTS(options, task.seed)
    spent: list[int] = []
    simulate = agent._simulate

    def counted(node: Any, state: Any) -> int:
        used = simulate(node, state)
        if node is agent._root:
            spent.append(used)
        return used

    agent._simulate = counted  # type: ignore[method-assign]
    _search(agent, game, task)
    return agent, spent


@pytest.mark.parametrize("calls", [1, 40, 200])
def test_a_calls_budget_stops_the_search_at_the_first_simulation_that_reaches_it(
        calls: int) -> None:
    task, game = _c4_task(["4", "4"], "4", f"mcts:calls={calls},reuse=false")
    agent, spent = _search_counting(task, game)
    assert len(spent) == agent._root.n >= 1
    assert sum(spent[:-1]) < calls <= sum(spent)


def test_a_calls_budget_met_exactly_ends_the_search() -> None:
    # the budget checks draw nothing from the agent's random numbers, so a larger budget
    # plays the same first simulations: a budget of exactly the first three's calls
    # stops after the third
    task, game = _c4_task(["4", "4"], "4", "mcts:calls=500,reuse=false")
    _, spent = _search_counting(task, game)
    exact = sum(spent[:3])
    agent, again = _search_counting(attrs.evolve(task, spec=f"mcts:calls={exact},reuse=false"),
                                    game)
    assert again == spent[:3] and agent._root.n == 3


def test_a_played_command_better_than_the_best_loses_nothing() -> None:
    # the best is the most visited command; the played one has fewer visits and a higher mean
    task, game = _c4_task(["4", "3", "4", "3"], "3", "mcts:sims=70,reuse=false")
    _, (best, values, visits, _) = _searched(task, game)
    p, mine = task.player, task.played
    assert best != mine and values[mine][p] > values[best][p] and visits[mine] < visits[best]
    got = review_decision(task, game)
    assert got["loss"] == 0.0 and got["best"] != got["played"]
    assert got["before"] == {q: round(values[best][q], 4) for q in ("ann", "bob")}
    assert got["before"] != {q: round(values[best][q], 5) for q in ("ann", "bob")}
    assert got["after"] == {q: round(values[mine][q], 4) for q in ("ann", "bob")}


def test_commands_of_equal_estimate_are_ranked_by_their_visits() -> None:
    # bob must block at 4; every other command loses, each with its own number of visits
    task, game = _c4_task(MISSED[:5], "7", "mcts:sims=40,reuse=false")
    _, (best, values, visits, _) = _searched(task, game)
    got = review_decision(task, game)
    top = got["top"]
    assert top[0]["move"] == "4" == got["best"] and top[0]["value"] > 0
    assert [t["value"] for t in top[1:]] == [-1.0, -1.0]
    losing = sorted((visits[m] for m in values if values[m]["bob"] == -1.0), reverse=True)
    assert [t["visits"] for t in top[1:]] == losing[:2] and losing[1] > losing[-1]


def test_a_proven_played_command_is_not_searched_again() -> None:
    # ann wins at once with 4: the win is proven by the simulation that first plays it
    task, game = _c4_task(MISSED[:6], "4", "mcts:sims=500,reuse=false")
    agent, (best, values, visits, total) = _searched(task, game)
    assert best == task.played and agent._root.proven == {"ann": 1.0, "bob": -1.0}
    assert visits[task.played] == 1 and total == agent._root.n < 500
    assert values[task.played] == {"ann": 1.0, "bob": -1.0}


# -- what is stored and shown ------------------------------------------------------------------


def test_a_review_stores_what_it_is_beside_its_decisions(tmp_path: Path) -> None:
    won = ["1", "2", "1", "2", "1", "2", "1"]  # ann's four in column 1
    eng = connect_four(tmp_path, won)
    plan = plan_review(eng, "c4", agent="mcts:sims=5", budget=0.5, seed=3)
    assert plan.key == "mcts:sims=5,reuse=false budget=0.5 seed=3"
    assert review_key("mcts:sims=5", 2.0, 1) == "mcts:sims=5 budget=2 seed=1"
    assert review_key("mcts:sims=5", 0.00001, 0) == "mcts:sims=5 budget=1e-05 seed=0"
    from meeple.ai.review import decision_seed

    _, _, pos, _ = positions(eng, "c4")
    game = eng.game_of("c4")
    assert [(t.index, t.seq, t.player, t.seed, t.marker) for t in plan.tasks] == [
        (p.index, p.seq, p.player, decision_seed(3, p.index), p.marker) for p in pos]
    assert [game.format(t.played, t.view) for t in plan.tasks] == won
    assert all(t.players == ("ann", "bob") and t.spec == plan.spec for t in plan.tasks)
    got = run_review(eng, plan)
    parts = annotations_for(eng.store).get("c4", KIND, plan.key)
    assert parts[META_PART] == {
        "game_id": "c4", "game": "connect-four", "players": ["ann", "bob"],
        "agent": "mcts:sims=5,reuse=false", "budget": 0.5, "seed": 3, "key": plan.key,
        "positions": 7, "final": {"ann": 1.0, "bob": -1.0}}
    assert load_review(eng, "c4", plan.key) == got == [parts[i] for i in range(7)]
    assert [d["index"] for d in got] == list(range(7))
    unfinished = connect_four(tmp_path, won[:3], "other.sqlite")
    assert plan_review(unfinished, "c4", agent="mcts:sims=5").final is None


def test_the_positions_of_a_game_are_its_commands_with_the_state_before_each(
        tmp_path: Path) -> None:
    eng = connect_four(tmp_path, ["4", "3", "4"])
    game, players, pos, final = positions(eng, "c4")
    assert game.name == "connect-four" and players == ["ann", "bob"]
    assert [(p.index, p.player, p.text) for p in pos] == [
        (0, "ann", "4"), (1, "bob", "3"), (2, "ann", "4")]
    records = eng.table("c4").records
    first_of = {}
    for r in records:
        first_of.setdefault(r.batch, r.seq)
    assert [p.seq for p in pos] == [first_of[r.batch] for r in records
                                    if r.actor is not None and first_of[r.batch] == r.seq]
    for p in pos:
        assert p.state == eng.table("c4", upto=p.seq - 1).state
    assert final == eng.table("c4").state


def test_the_review_shown_is_the_one_with_most_decisions_or_the_one_asked_for(
        tmp_path: Path) -> None:
    from meeple.ai.review import defaults_for, stored_review_json

    eng = connect_four(tmp_path, MISSED)
    assert stored_review_json(eng, "c4") is None  # no review yet
    whole = plan_review(eng, "c4", agent="mcts:sims=4", seed=1)
    run_review(eng, whole)
    part = plan_review(eng, "c4", agent="mcts:sims=4", seed=2)
    run_review(eng, attrs.evolve(part, tasks=part.tasks[:2]))
    shown = stored_review_json(eng, "c4")
    assert shown is not None and shown["key"] == whole.key and len(shown["decisions"]) == 7
    assert shown["reviews"] == sorted([whole.key, part.key]) and shown["complete"]
    assert shown["threshold"] == defaults_for("connect-four").threshold == 0.25
    asked = stored_review_json(eng, "c4", part.key, threshold=0.5)
    assert asked is not None and [d["index"] for d in asked["decisions"]] == [0, 1]
    assert asked["threshold"] == 0.5 and asked["key"] == part.key
    assert stored_review_json(eng, "c4", "no such review") is None
    # a key with decisions but nothing saying what the review is shows nothing
    annotations_for(eng.store).put("c4", KIND, "zzz", 0, shown["decisions"][0])
    assert stored_review_json(eng, "c4", "zzz") is None


def test_of_reviews_with_as_many_decisions_the_last_key_is_shown(tmp_path: Path) -> None:
    from meeple.ai.review import stored_review_json

    eng = connect_four(tmp_path, MISSED[:3])
    keys = []
    for seed in (5, 12, 3):
        plan = plan_review(eng, "c4", agent="mcts:sims=4", seed=seed)
        run_review(eng, plan)
        keys.append(plan.key)
    shown = stored_review_json(eng, "c4")
    assert shown is not None and shown["key"] == max(keys) == keys[0]  # "seed=5" sorts last


def test_a_review_is_complete_when_every_position_has_its_decision() -> None:
    from meeple.ai.review import review_json

    decisions = [{"index": 0, "player": "ann", "loss": 0.3, "played": "1", "best": "2"},
                 {"index": 1, "player": "bob", "loss": 0.1, "played": "3", "best": "3"}]
    info = {"game": "connect-four", "players": ["ann", "bob"], "positions": 3}
    got = review_json(info, decisions, 0.2)
    assert got["complete"] is False and got["threshold"] == 0.2
    assert got["game"] == "connect-four" and got["decisions"] == decisions
    assert got["summary"]["ann"]["big_losses"] == 1 and got["summary"]["bob"]["decisions"] == 1
    assert review_json({**info, "positions": 2}, decisions, 0.2)["complete"] is True
    assert review_json({"players": ["ann", "bob"]}, decisions, 0.2)["complete"] is True


def test_another_players_commands_are_shown_as_the_viewer_may_see_them() -> None:
    from meeple.ai.review import redacted

    class Secret:
        def redact_command(self, text: str, actor: str, player: str | None) -> str:
            return f"({actor}'s {len(text)})"

    decisions = [{"index": 0, "player": "ann", "played": "ab", "best": "cde",
                  "top": [{"move": "cde", "value": 0.5}, {"move": "ab", "value": 0.1}]},
                 {"index": 1, "player": "bob", "played": "f", "best": "f",
                  "top": [{"move": "f", "value": 0.0}]}]
    kept = orjson.dumps(decisions)
    ann = redacted(Secret(), decisions, "ann")
    assert ann[0] == decisions[0]
    assert ann[1] == {"index": 1, "player": "bob", "played": "(bob's 1)", "best": "(bob's 1)",
                      "top": [{"move": "(bob's 1)", "value": 0.0}]}
    nobody = redacted(Secret(), decisions, None)
    assert nobody[0]["played"] == "(ann's 2)" and nobody[0]["best"] == "(ann's 3)"
    assert [t["move"] for t in nobody[0]["top"]] == ["(ann's 3)", "(ann's 2)"]
    assert [t["value"] for t in nobody[0]["top"]] == [0.5, 0.1]
    assert orjson.dumps(decisions) == kept  # the stored decisions are left as they were


def test_the_alternative_is_the_position_after_the_preferred_command(tmp_path: Path) -> None:
    from meeple.ai.review import alternative_state

    eng = connect_four(tmp_path, MISSED)
    got = run_review(eng, plan_review(eng, "c4", agent="mcts:sims=300"))
    win = got[6]
    assert win["best"] == "4" and win["played"] == "6"
    after = alternative_state(eng, "c4", win)
    game = eng.game_of("c4")
    want = played(game, ["ann", "bob"], [*MISSED[:6], "4"]).state
    assert after == want and game.outcome(after).ranks == {"ann": 1, "bob": 2}


def test_a_decisions_seed_is_the_first_eight_bytes_of_its_digest() -> None:
    import hashlib

    from meeple.ai.review import decision_seed

    digest = hashlib.sha256(b"meeple-review:7:12").digest()
    assert decision_seed(7, 12) == int.from_bytes(digest[:8], "big")
    seeds = {decision_seed(s, i) for s in range(3) for i in range(3)}
    assert len(seeds) == 9 and all(0 <= s < 2 ** 64 for s in seeds)


def test_review_defaults_are_the_games_row_over_the_any_row(tmp_path: Path) -> None:
    from meeple.ai.review import Defaults, defaults_for

    table = tmp_path / "defaults.toml"
    table.write_text('[any]\nspec = "ismcts"\nrate = 200\nbudget = 0.5\nthreshold = 0.1\n'
                     '[g]\nspec = "mcts"\nbudget = 2\n')
    assert defaults_for("g", table) == Defaults("mcts", 200.0, 2.0, 0.1)
    assert defaults_for("other", table) == Defaults("ismcts", 200.0, 0.5, 0.1)
    assert defaults_for("unlisted-game") == Defaults("ismcts", 200.0, 0.5, 0.1)


def test_a_budget_becomes_the_rounded_count_of_simulations_and_at_least_one() -> None:
    assert resolve_spec("connect-four", None, None) == ("mcts:im=0.4,sims=1000,reuse=false",
                                                        0.1)
    assert resolve_spec("connect-four", None, 0.01236)[0] == "mcts:im=0.4,sims=124,reuse=false"
    assert resolve_spec("connect-four", None, 0.01234)[0] == "mcts:im=0.4,sims=123,reuse=false"
    assert resolve_spec("connect-four", None, 1e-9)[0] == "mcts:im=0.4,sims=1,reuse=false"
    assert resolve_spec("connect-four", "ismcts:calls=50", 1) == (
        "ismcts:calls=50,reuse=false", 1)
    assert resolve_spec("connect-four", "mcts:reuse=true", 0.001)[0] == (
        "mcts:reuse=false,sims=10")


@pytest.mark.parametrize("agent, budget, says", [
    (None, -1.0, "--budget must be above 0 CPU seconds, not -1"),
    ("random", 1, "a review searches with mcts or ismcts (their options as in play), "
                  "not 'random'"),
    ("mcts:opponents=heuristic", 1, "leave out opponents=heuristic"),
    ("mcts:cpu=1,seconds=2", 1, "use --budget instead of seconds="),
    ("ismcts:cpu=1", 1, "use --budget instead of cpu="),
    ("mcts:sims", 1, "sims"),
    ("mcts:c=-1", 1, "option 'c' of agent 'mcts' must be 0 or more"),
])
def test_a_review_spec_is_refused_with_the_reason(agent: str | None, budget: float,
                                                   says: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(says)):
        resolve_spec("connect-four", agent, budget)


def test_the_reviewed_player_is_searched_first_among_those_acting_at_once() -> None:
    from meeple.ai.review import _FirstActs

    class Together:
        name = "together"

        def __init__(self, acting: list[str]) -> None:
            self.acting = acting

        def to_act(self, state: Any) -> list[str]:
            return self.acting

    assert _FirstActs(Together(["a", "b", "c"]), "c").to_act(None) == ["c", "a", "b"]
    assert _FirstActs(Together(["a", "b", "c"]), "b").to_act(None) == ["b", "a", "c"]
    assert _FirstActs(Together(["a", "b"]), "a").to_act(None) == ["a", "b"]
    assert _FirstActs(Together(["a", "b"]), "b").to_act(None) == ["b", "a"]
    assert _FirstActs(Together(["a", "b"]), "z").to_act(None) == ["a", "b"]
    assert _FirstActs(Together(["b"]), "b").to_act(None) == ["b"]
    assert _FirstActs(Together(["a"]), "b").name == "together"


class _Fogged:
    """Connect four searched as a game with hidden information in which ``banned`` is legal
    only in the samples of the view numbered above ``after`` and a multiple of ``every``
    (0: in none); counts the samples."""

    hidden_information = True

    def __init__(self, banned: str, every: int, after: int = 0) -> None:
        self._game = PLUGINS.game("connect-four")
        self.banned, self.every, self.after = banned, every, after
        self.samples, self.allowed = 0, False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: Any, player: str, rng: random.Random) -> Any:
        self.samples += 1
        self.allowed = (bool(self.every) and self.samples > self.after
                        and self.samples % self.every == 0)
        return self._game.clone(view)

    def legal(self, state: Any, player: str) -> list[Any]:
        moves = self._game.legal(state, player)
        if self.allowed:
            return moves
        return [m for m in moves if self._game.format(m, state) != self.banned]


def test_a_played_command_never_legal_in_the_samples_is_an_error_after_four_tries_each(
        ) -> None:
    task, _ = _c4_task(["4", "4"], "1", "ismcts:sims=30")
    fogged = _Fogged("1", 0)
    with pytest.raises(MeepleError, match=re.escape(
            "connect-four: the played command Drop(column=0) was never legal in ann's "
            "sampled positions")):
        review_decision(task, fogged)  # type: ignore[arg-type]
    assert fogged.samples == 1 + 30 + 4 * 3  # the first sample, the search, 4 x its share


def test_samples_that_forbid_the_played_command_are_passed_over() -> None:
    # samples 1-21 are the search's (the first one, then one per simulation); after them
    # only every third allows the played command: 24 and 27 give its two simulations
    task, _ = _c4_task(["4", "4"], "1", "ismcts:sims=20")
    fogged = _Fogged("1", 3, after=21)
    agent, (_, values, visits, total) = _searched(task, fogged)
    assert agent._root.n == 20
    assert visits[task.played] == 2 and total == 22 and fogged.samples == 27
    assert set(values[task.played]) == {"ann", "bob"}


def test_mcts_reviews_a_game_with_hidden_information_on_one_sample() -> None:
    task, _ = _c4_task(["4", "4"], "1", "mcts:sims=20")
    fogged = _Fogged("1", 0)  # never legal in a sample, but the one sample is not checked
    agent, (_, _, visits, total) = _searched(task, fogged)
    assert fogged.samples == 1 and agent._root.n == 20
    assert visits[task.played] == 2 and total == 22


def test_where_two_act_at_once_the_reviewed_players_commands_are_searched() -> None:
    from meeple.core import LocalGame

    # Terra Mystica, random play from seed 0 to the first position where two act at once
    # (the second of them with four commands of its own: done, burn, two conversions)
    game = PLUGINS.game("terra-mystica")
    local = LocalGame(game, ["p1", "p2"], seed=0)
    rng = random.Random(0)
    while len(local.to_act()) < 2:
        p = local.to_act()[0]
        local.play(p, rng.choice(game.legal(local.state, p)))
    first, second = local.to_act()
    view = game.view(local.state, second)
    mine = {game.format(m, view) for m in game.legal(view, second)}
    theirs = {game.format(m, game.view(local.state, first))
              for m in game.legal(game.view(local.state, first), first)}
    assert "done" in mine and theirs - mine
    task = Task("terra-mystica", 0, 1, second, ("p1", "p2"), view,
                game.parse("done", view, second), "mcts:sims=8,depth=1,reuse=false", 1, None)
    got = review_decision(task, game)
    assert got["player"] == second and got["best"] in mine
    assert len(got["top"]) == 3 and {t["move"] for t in got["top"]} <= mine


@pytest.mark.parametrize("spec", ["mcts:sims=30,depth=1,reuse=false",
                                  "mcts:sims=30,reuse=false"])
def test_every_simulation_through_a_command_adds_every_players_reward(spec: str) -> None:
    # cut off after one ply, a line is judged by evaluate for the players the search knows:
    # every player of the game from the first simulation on
    task, game = _c4_task(["4", "4", "3"], "2", spec)
    agent, (_, values, _, _) = _searched(task, game)
    for move, node in agent._root.children.items():
        sums = agent._sums[id(node)]
        assert set(sums) == {"ann", "bob"}
        assert sums["bob"] == pytest.approx(node.w, abs=1e-9)  # bob moves at the root
        assert sums["ann"] == pytest.approx(-node.w, abs=1e-9)  # evaluate is zero-sum
        if node.proven is None:
            assert values[move] == {q: sums[q] / node.n for q in ("ann", "bob")}


def test_without_the_solver_a_won_position_is_searched_to_the_budget() -> None:
    task, game = _c4_task(MISSED[:6], "4", "mcts:sims=60,solve=false,reuse=false")
    agent, (best, values, visits, total) = _searched(task, game)
    assert agent.solve is False and agent._root.proven is None
    assert agent._root.n == 60 and total == 60 and best == task.played
    assert values[task.played] == {"ann": 1.0, "bob": -1.0}  # the mean of won lines
