"""Tournaments read back field by field: every branch of the format and seat checks with
its message, the order of a round robin's games, the seeds of games and agents, the
standings and their JSON, a relayed (detached) tournament and its resume, a store that
moved on, a stored game of other agents or options, and Ctrl-C (mutation testing,
docs/testing.md)."""

from __future__ import annotations

import re

import pytest
from meeple.ai.executors import InlineExecutor
from meeple.ai.registry import make_agent
from meeple.ai.tournament import (
    Engines,
    MatchResult,
    Standing,
    TournamentInterrupted,
    TournamentResult,
    check_store,
    default_id,
    entrant_labels,
    pairings,
    plan,
    play_match,
    resolve_format,
    run_tournament,
    store_is_shared,
    store_relayed,
    summarise,
)
from meeple.core import BadOptions, MeepleError
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.scheduler import run_match

C4 = "connect-four"
SPECS = ["random", "heuristic"]


@pytest.fixture(autouse=True)
def only_connect_four(monkeypatch):
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four")


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 't.sqlite'}"


def _log(url: str, game_id: str) -> list[tuple]:
    return [(r.seq, r.type, r.data, r.actor) for r in Engine(url).store.load(game_id)]


class DetachedInline(InlineExecutor):
    """Plays inline, but as a worker that cannot reach the store: every game's log is
    relayed through the driver, as Ray does for an SQLite store."""

    detached = True


# -- shapes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt, entrants, seats, lo, hi, expected", [
    ("auto", 2, None, 2, 4, ("fixed", 2)),
    ("auto", 4, None, 2, 4, ("fixed", 4)),
    ("auto", 3, 3, 2, 4, ("fixed", 3)),
    ("auto", 3, 2, 2, 4, ("round-robin", 2)),
    ("auto", 5, None, 2, 4, ("round-robin", 4)),
    ("auto", 3, None, 2, 2, ("round-robin", 2)),
    ("fixed", 3, None, 2, 4, ("fixed", 3)),
    ("fixed", 3, 3, 2, 4, ("fixed", 3)),
    ("round-robin", 3, None, 2, 4, ("round-robin", 3)),
    ("round-robin", 2, None, 2, 4, ("round-robin", 2)),
    ("round-robin", 2, 2, 2, 4, ("round-robin", 2)),
    ("round-robin", 4, 4, 2, 4, ("round-robin", 4)),
    ("round-robin", 5, 2, 2, 4, ("round-robin", 2)),
])
def test_every_tournament_shape(fmt, entrants, seats, lo, hi, expected) -> None:
    assert resolve_format(fmt, entrants, seats, lo, hi) == expected


@pytest.mark.parametrize("fmt, entrants, seats, lo, hi, message", [
    ("swiss", 2, None, 2, 4, "--format must be one of auto, fixed, round-robin, not 'swiss'"),
    ("auto", 3, 1, 2, 4, "--seats must be from 2 to 4 for this game, not 1"),
    ("auto", 3, 5, 2, 4, "--seats must be from 2 to 4 for this game, not 5"),
    ("fixed", 3, 2, 2, 4, "--format fixed seats every entrant in every game: --seats 2 does "
                          "not match the 3 entrants"),
    ("fixed", 2, 3, 2, 4, "--format fixed seats every entrant in every game: --seats 3 does "
                          "not match the 2 entrants"),
    ("round-robin", 2, 3, 2, 4, "a round robin of 3-player games needs more than 3 entrants, "
                                "not 2"),
    ("auto", 1, None, 2, 4, "a round robin of 1-player games needs more than 1 entrants, "
                            "not 1"),
    ("round-robin", 1, None, 1, 4, "a round robin of 1-player games needs more than 1 "
                                   "entrants, not 1"),
])
def test_every_refused_shape_says_why(fmt, entrants, seats, lo, hi, message) -> None:
    with pytest.raises(BadOptions) as info:
        resolve_format(fmt, entrants, seats, lo, hi)
    assert str(info.value) == message


def test_pairings_are_every_combination_in_order() -> None:
    assert pairings(4, 2) == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    assert pairings(3, 3) == [(0, 1, 2)]
    assert pairings(2, 3) == []


def test_a_round_robin_plays_each_pairing_in_a_block_with_seats_alternating(url) -> None:
    specs = ["random", "heuristic", "mcts:sims=2"]
    units = plan(C4, specs, 12, 1, url)
    r, h, m = specs
    assert [u.entrants for u in units] == [(r, h), (h, r)] * 2 + [(r, m), (m, r)] * 2 + \
        [(h, m), (m, h)] * 2
    assert [u.specs for u in units] == [u.entrants for u in units]
    assert [u.index for u in units] == list(range(12))
    assert all(u.seats == ("red", "yellow") for u in units)


def test_plan_refuses_too_few_agents_and_games(url) -> None:
    for specs, games, message in (
            ([], 2, "give at least one agent spec in --players"),
            (SPECS, 0, "--games must be at least 1, not 0"),
            (SPECS, -2, "--games must be at least 1, not -2"),
            (SPECS, 3, "--games must be a multiple of 2 (the number of players) so that every "
                       "agent plays every seat equally; 3 is not"),
            (SPECS * 2, 6, "--games must be a multiple of 12 (6 pairings x 2 seats) so that "
                           "every agent plays every seat equally; 6 is not")):
        with pytest.raises(BadOptions) as info:
            plan(C4, specs, games, 1, url)
        assert str(info.value) == message
    assert len(plan(C4, SPECS, 2, 1, url)) == 2  # the smallest multiple is enough


def test_seeds_are_63_bit_distinct_and_follow_the_tournament_seed(url) -> None:
    units = plan(C4, SPECS, 40, 3, url)
    seeds = [u.seed for u in units]
    agents = [s for u in units for s in u.agent_seeds]
    assert len(set(seeds)) == 40 and len(set(agents)) == 80
    for values in (seeds, agents):
        assert all(0 <= s < 2 ** 63 for s in values)
        assert max(values) >= 2 ** 62  # the full 63 bits are used
    assert all(len(u.agent_seeds) == 2 for u in units)
    assert plan(C4, SPECS, 40, 3, url) == units
    other = plan(C4, SPECS, 40, 4, url)
    assert not {u.seed for u in other} & set(seeds)


def test_a_unit_carries_its_id_store_options_and_flush_interval(url) -> None:
    units = plan(C4, SPECS, 2, 1, url, tournament_id="cup", flush_every=7)
    assert [u.game_id for u in units] == ["cup-1", "cup-2"]
    assert all((u.tournament, u.store_url, u.flush_every, u.options, u.game) ==
               ("cup", url, 7, (), C4) for u in units)
    derived = plan(C4, SPECS, 2, 1, url)[0].tournament
    assert derived == default_id(C4, SPECS, 1) and re.fullmatch(r"t-connect-four-[0-9a-f]{8}",
                                                                derived)


def test_ids_follow_agents_seed_options_and_shape_but_not_the_order_of_options() -> None:
    base = default_id(C4, SPECS, 1, {"a": 1, "b": 2})
    assert default_id(C4, SPECS, 1, {"b": 2, "a": 1}) == base
    assert default_id(C4, SPECS, 1, {"a": 1, "b": 3}) != base
    assert default_id(C4, SPECS, 1) != base
    assert default_id(C4, SPECS[::-1], 1, {"a": 1, "b": 2}) != base
    rr2 = default_id(C4, SPECS, 1, fmt="round-robin", seats=2)
    assert rr2 != default_id(C4, SPECS, 1, fmt="round-robin", seats=3)
    assert default_id(C4, SPECS, 1, {}) == default_id(C4, SPECS, 1, None)


def test_entrant_labels_number_every_repeat() -> None:
    assert entrant_labels(["a", "a", "b", "a", "b"]) == ["a", "a#2", "b", "a#3", "b#2"]
    assert entrant_labels([]) == []


def test_only_a_database_server_is_shared_with_workers() -> None:
    for url, shared in (("postgresql://u@h/db", True), ("postgres://h/db", True),
                        ("PostgreSQL://h/db", True), ("sqlite:///x.db", False),
                        ("memory:", False), ("games.jsonl", False)):
        assert store_is_shared(url) is shared, url


# -- standings -------------------------------------------------------------------------------

def _result(index: int, entrants: tuple[str, ...], scores: tuple[float, ...],
            ranks: tuple[int, ...]) -> MatchResult:
    return MatchResult(index, f"t-{index + 1}", ("red", "yellow"), entrants, scores, ranks,
                       False, 0.25)


def test_standings_count_wins_shared_wins_scores_and_seats() -> None:
    results = [_result(1, ("b", "a"), (3.0, 1.0), (1, 2)),
               _result(0, ("a", "b"), (2.0, 2.0), (1, 1)),
               _result(2, ("a", "b"), (0.0, 5.0), (2, 1))]
    table = {s.entrant: s for s in summarise([], results, ["a", "b"])}
    a, b = table["a"], table["b"]
    assert (a.games, a.wins, a.score_sum, a.seat_games) == (3, 0.5, 3.0, {"red": 2, "yellow": 1})
    assert (b.games, b.wins, b.score_sum, b.seat_games) == (3, 2.5, 10.0, {"red": 1, "yellow": 2})
    assert a.win_rate == pytest.approx(0.5 / 3) and b.mean_score == pytest.approx(10 / 3)
    assert b.rating > a.rating and b.rating == pytest.approx(b.rating_mu - 3 * b.rating_sigma)
    assert [s.entrant for s in summarise([], results, ["a", "b"])] == ["b", "a"]
    assert a.ci == pytest.approx((0.0177, 0.6900), abs=1e-4)  # Wilson, 0.5 of 3


def test_ratings_are_updated_in_game_order_whatever_order_results_came_in() -> None:
    results = [_result(i, ("a", "b") if i % 2 else ("b", "a"), (1.0, 0.0), (1, 2))
               for i in range(5)]
    forward = summarise([], results, ["a", "b"])
    backward = summarise([], results[::-1], ["a", "b"])
    assert [(s.entrant, s.rating_mu, s.rating_sigma) for s in forward] == \
        [(s.entrant, s.rating_mu, s.rating_sigma) for s in backward]


def test_entrants_of_equal_rating_are_listed_by_name() -> None:
    standings = summarise([], [], ["zed", "abe", "mia"])
    assert [s.entrant for s in standings] == ["abe", "mia", "zed"]
    assert all((s.games, s.win_rate, s.mean_score, s.ci) == (0, 0.0, 0.0, (0.0, 1.0))
               for s in standings)


def test_a_new_standing_has_played_nothing() -> None:
    st = Standing("a", "random")
    assert st.to_json() == {
        "entrant": "a", "spec": "random", "games": 0, "wins": 0.0, "win_rate": 0.0,
        "win_rate_95ci": [0.0, 1.0], "mean_score": 0.0, "seat_games": {}, "rating": 0.0,
        "rating_mu": 0.0, "rating_sigma": 0.0}
    assert Standing("b", "random").seat_games is not st.seat_games


def test_a_standing_and_a_match_in_json() -> None:
    st = Standing("mcts#2", "mcts", games=4, wins=3.0, score_sum=2.123456,
                  seat_games={"red": 2, "yellow": 2}, rating_mu=27.12345, rating_sigma=6.54321,
                  rating=7.49382)
    lo, hi = st.ci
    assert st.to_json() == {
        "entrant": "mcts#2", "spec": "mcts", "games": 4, "wins": 3.0, "win_rate": 0.75,
        "win_rate_95ci": [round(lo, 4), round(hi, 4)], "mean_score": 0.5309,
        "seat_games": {"red": 2, "yellow": 2}, "rating": 7.494, "rating_mu": 27.123,
        "rating_sigma": 6.543}
    assert st.to_json()["win_rate_95ci"] == [0.3006, 0.9544]
    m = MatchResult(2, "t-3", ("red", "yellow"), ("b", "a"), (1.0, 0.0), (1, 2), True, 1.23456)
    assert m.to_json() == {"index": 2, "game_id": "t-3", "seats": {"red": "b", "yellow": "a"},
                           "scores": {"b": 1.0, "a": 0.0}, "ranks": {"b": 1, "a": 2},
                           "resumed": True, "seconds": 1.235}
    res = TournamentResult("t", C4, ["a", "b"], 5, "memory:", [m, _result(0, ("a", "b"),
                           (1.0, 1.0), (1, 1))], [st], 2.00049)
    assert res.to_json() == {"tournament": "t", "game": C4, "players": ["a", "b"], "games": 2,
                             "seed": 5, "store": "memory:", "seconds": 2.0, "resumed": 1,
                             "standings": [st.to_json()],
                             "matches": [m.to_json(), res.matches[1].to_json()]}


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


def _typed(word: str) -> str:
    """The word as a command line hands it over: an equal string, not the same object."""
    return "".join(list(word))


def test_a_format_typed_on_the_command_line_is_read_by_its_value(url) -> None:
    for fmt in ("auto", "fixed", "round-robin"):
        assert _typed(fmt) == fmt and _typed(fmt) is not fmt
    assert resolve_format(_typed("auto"), 2, None, 2, 4) == ("fixed", 2)
    assert resolve_format(_typed("auto"), 5, None, 2, 4) == ("round-robin", 4)
    assert resolve_format(_typed("fixed"), 3, None, 2, 4) == ("fixed", 3)
    assert resolve_format(_typed("round-robin"), 3, None, 2, 4) == ("round-robin", 3)
    assert default_id(C4, SPECS, 1, fmt=_typed("fixed"), seats=2) == default_id(C4, SPECS, 1)
    assert plan(C4, SPECS, 2, 1, url, fmt=_typed("auto")) == plan(C4, SPECS, 2, 1, url)
    assert plan(C4, SPECS, 2, 1, url, fmt=_typed("fixed")) == plan(C4, SPECS, 2, 1, url)
    with pytest.raises(BadOptions, match="--games must be a multiple of 2 \\(the number"):
        plan(C4, SPECS, 3, 1, url, fmt=_typed("fixed"))


def test_an_executor_typed_on_the_command_line_is_read_by_its_value() -> None:
    from meeple.ai.executors import ProcessExecutor, executor_for

    assert type(executor_for(1, _typed("local"))) is InlineExecutor
    assert type(executor_for(3, _typed("local"))) is ProcessExecutor
