"""A tournament against its store: relayed (detached) games stored like attached ones, a resume
that reads finished games instead of replaying them, a store that moved on, a stored game of
other agents or options refused, Ctrl-C, and the engines it opens closed."""

from __future__ import annotations

import pytest
from meeple.ai.executors import InlineExecutor
from meeple.ai.registry import make_agent
from meeple.ai.tournament import (
    Engines,
    MatchResult,
    TournamentInterrupted,
    check_store,
    plan,
    play_match,
    run_tournament,
    store_relayed,
)
from meeple.core import MeepleError
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.scheduler import run_match
from test_ai_tournament_plan import C4, SPECS

#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


def _log(url: str, game_id: str) -> list[tuple]:
    return [(r.seq, r.type, r.data, r.actor) for r in Engine(url).store.load(game_id)]


class DetachedInline(InlineExecutor):
    """Plays inline, but as a worker that cannot reach the store: every game's log is
    relayed through the driver, as Ray does for an SQLite store."""

    detached = True


# -- playing ----------------------------------------------------------------------------------

def test_a_relayed_tournament_stores_the_same_games_as_an_attached_one(tmp_path) -> None:
    a, b = (f"sqlite:///{tmp_path / name}" for name in ("a.sqlite", "b.sqlite"))
    seen: list[int] = []
    attached = run_tournament(plan(C4, SPECS, 4, 2, a), SPECS, 2)
    relayed = run_tournament(plan(C4, SPECS, 4, 2, b), SPECS, 2, executor=DetachedInline(),
                             on_result=lambda r: seen.append(r.index))
    assert seen == [0, 1, 2, 3]
    assert [m.to_json() | {"seconds": 0} for m in relayed.matches] == \
        [m.to_json() | {"seconds": 0} for m in attached.matches]
    engine = Engine(b)
    for m in relayed.matches:
        assert _log(a, m.game_id) == _log(b, m.game_id)
        assert engine.verify(m.game_id).ok
        assert engine.store.status(m.game_id) == engine.table(m.game_id).status()


def test_a_relayed_match_continues_the_records_the_store_had(url) -> None:
    units = plan(C4, SPECS, 2, 3, url)
    u = units[0]
    engine = Engine(url)
    engine.new_game(u.game, list(u.seats), seed=u.seed, game_id=u.game_id, title=u.title)
    agents = {s: make_agent(spec, seed) for s, spec, seed in
              zip(u.seats, u.specs, u.agent_seeds, strict=True)}
    run_match(engine, u.game_id, agents, max_commands=5, flush_every=1000)
    before = _log(url, u.game_id)
    result = run_tournament(units, SPECS, 3, executor=DetachedInline())
    after = _log(url, u.game_id)
    assert after[:len(before)] == before and len(after) > len(before)
    assert [r[0] for r in after] == list(range(1, len(after) + 1))
    assert engine.verify(u.game_id).ok and engine.outcome(u.game_id) is not None
    assert [m.resumed for m in result.matches] == [True, False]


def test_a_relayed_log_that_does_not_continue_the_store_is_refused(tmp_path) -> None:
    # Logs of other histories from six stores: whichever way their hash at the store's
    # last record compares with the store's own, each is refused and nothing is stored.
    here = f"sqlite:///{tmp_path / 'here.sqlite'}"
    u = plan(C4, SPECS, 2, 3, here)[0]

    def partly_played(url: str, seed: int) -> None:
        engine = Engine(url)
        engine.new_game(u.game, list(u.seats), seed=u.seed, game_id=u.game_id, title=u.title)
        agents = {s: make_agent("random", seed + i) for i, s in enumerate(u.seats)}
        run_match(engine, u.game_id, agents, max_commands=6, flush_every=1000)

    partly_played(here, 1)
    before = _log(here, u.game_id)
    for k in range(6):
        there = f"sqlite:///{tmp_path / f'there{k}.sqlite'}"
        partly_played(there, 10 + 2 * k)
        data = Engine(there).export(u.game_id, reveal=True, keep_seed=True)
        with pytest.raises(MeepleError) as info:
            store_relayed(u, data)
        assert str(info.value) == f"{u.game_id} moved on in the store while a worker played it"
        assert _log(here, u.game_id) == before


def test_finished_games_are_read_not_replayed_and_reported_too(url) -> None:
    units = plan(C4, SPECS, 2, 8, url)
    played: list[MatchResult] = []
    first = run_tournament(units, SPECS, 8, on_result=played.append)
    assert [(m.index, m.resumed) for m in played] == [(0, False), (1, False)]
    seen: list[MatchResult] = []
    again = run_tournament(units, SPECS, 8, on_result=seen.append)
    assert [(m.index, m.resumed, m.seconds) for m in seen] == [(0, True, 0.0), (1, True, 0.0)]
    assert [m.scores for m in again.matches] == [m.scores for m in first.matches]
    assert [m.ranks for m in again.matches] == [m.ranks for m in first.matches]
    assert (again.tournament, again.game, again.seed, again.store_url, again.specs) == (
        units[0].tournament, C4, 8, url, SPECS)
    direct = play_match(units[1])
    assert (direct.resumed, direct.scores) == (True, first.matches[1].scores)


def test_ctrl_c_reports_which_games_the_store_has_finished(url) -> None:
    class StopsAfterOne:
        detached = False

        def run(self, fn, items):
            yield fn(next(iter(items)))
            raise KeyboardInterrupt

    units = plan(C4, SPECS, 4, 5, url, tournament_id="cc")
    with pytest.raises(TournamentInterrupted) as info:
        run_tournament(units, SPECS, 5, executor=StopsAfterOne())
    assert str(info.value) == "interrupted with 1 of 4 games finished"
    assert info.value.finished == ["cc-1"]
    assert info.value.unfinished == ["cc-2", "cc-3", "cc-4"]


def test_a_stored_game_of_other_agents_or_another_seed_is_refused_before_play(url) -> None:
    units = plan(C4, SPECS, 2, 1, url, tournament_id="cup")
    engine = Engine(url)
    u = units[0]
    engine.new_game(u.game, list(u.seats), seed=u.seed, game_id=u.game_id, title=u.title)
    check_store(units)  # its own game: fine
    others = plan(C4, ["random", "mcts:sims=5"], 2, 1, url, tournament_id="cup")
    with pytest.raises(MeepleError) as info:
        check_store(others)
    assert str(info.value) == (
        "tournament cup was played with other agents: its game cup-1 is 'red=random, "
        "yellow=heuristic', this run asks red=random, yellow=mcts:sims=5; choose another --id "
        "(or leave --id out for one derived from the agents)")
    reseeded = plan(C4, SPECS, 2, 2, url, tournament_id="cup")
    with pytest.raises(MeepleError) as info:
        check_store(reseeded)
    assert str(info.value) == ("the store already has a game cup-1 that is not this "
                               "tournament's (other game, players or seed); choose another --id")
    with pytest.raises(MeepleError, match="not this tournament's"):
        run_tournament(reseeded, SPECS, 2)


def test_a_stored_game_with_other_game_options_is_refused(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "carcassonne_hill_dale")
    url = f"sqlite:///{tmp_path / 'opt.sqlite'}"
    game = load().game("carcassonne-hill-dale").name
    units = plan(game, SPECS, 2, 1, url, tournament_id="hd", options={"tiles": 2})
    u = units[0]
    assert u.options == (("tiles", 2),)
    Engine(url, load()).new_game(u.game, list(u.seats), dict(u.options), seed=u.seed,
                                 game_id=u.game_id, title=u.title)
    check_store(units)
    other = plan(game, SPECS, 2, 1, url, tournament_id="hd", options={"tiles": 3})
    with pytest.raises(MeepleError) as info:
        check_store(other)
    assert str(info.value) == (
        "tournament hd was played with other game options (sharing=majority, tiles=2, not "
        "sharing=majority, tiles=3); choose another --id")


def test_a_match_that_stops_before_its_end_is_an_error_naming_it(monkeypatch, url) -> None:
    import meeple.ai.tournament as tournament

    unit = plan(C4, SPECS, 2, 1, url, "halt")[1]
    monkeypatch.setattr(tournament, "run_match", lambda *args, **kwargs: None)
    with pytest.raises(MeepleError, match="^halt-2 stopped before its end$"):
        play_match(unit)


def test_engines_are_one_per_store_within_their_scope_and_closed_with_it() -> None:
    with Engines() as engines:
        assert engines("memory:") is engines("memory:")
        assert engines("memory:") is not engines("sqlite:///:memory:")
        db = engines("sqlite:///:memory:")
        assert db.store.game_ids() == []
    with pytest.raises(Exception, match="closed"):
        db.store.game_ids()
    with Engines() as again:
        assert again("memory:") is not engines("memory:")


def test_a_tournament_closes_every_engine_it_opens(monkeypatch, url) -> None:
    import meeple.ai.tournament as T

    opened: list[Engine] = []

    class Counted(Engine):
        closed = False

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            opened.append(self)

        def close(self) -> None:
            self.closed = True
            super().close()

    monkeypatch.setattr(T, "Engine", Counted)
    units = plan(C4, SPECS, 2, 3, url)
    check_store(units)
    run_tournament(units, SPECS, 3)
    play_match(units[0])
    store_relayed(units[0], Engine(url).export(units[0].game_id, reveal=True, keep_seed=True))
    assert len(opened) >= 4 and all(e.closed for e in opened)


def test_a_hidden_information_game_is_relayed_whole_and_resumes(monkeypatch, tmp_path) -> None:
    # The worker must get the game so far with its hidden parts (the tile stack), or it
    # cannot play on; the driver stores what the worker played after the stored records.
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "carcassonne_hill_dale")
    url = f"sqlite:///{tmp_path / 'hd.sqlite'}"
    specs = ["random", "random"]
    game = load().game("carcassonne-hill-dale").name
    units = plan(game, specs, 2, 4, url, options={"tiles": 3})
    u = units[0]
    engine = Engine(url)
    engine.new_game(u.game, list(u.seats), dict(u.options), seed=u.seed, game_id=u.game_id,
                    title=u.title)
    agents = {s: make_agent(spec, seed) for s, spec, seed in
              zip(u.seats, u.specs, u.agent_seeds, strict=True)}
    run_match(engine, u.game_id, agents, max_commands=2, flush_every=1000)
    before = _log(url, u.game_id)
    result = run_tournament(units, specs, 4, executor=DetachedInline())
    after = _log(url, u.game_id)
    assert after[:len(before)] == before and len(after) > len(before)
    assert [m.resumed for m in result.matches] == [True, False]
    for m in result.matches:
        assert engine.verify(m.game_id).ok and engine.outcome(m.game_id) is not None
