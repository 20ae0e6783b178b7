"""A tournament's standings read back field by field: wins, shared wins, scores and seats,
ratings in game order, ties in rating listed by name, the seconds it took, and the JSON of a
standing and a match with its rounding."""

from __future__ import annotations

import time

import pytest
from meeple.ai.ratings import wilson
from meeple.ai.tournament import (
    MatchResult,
    Standing,
    TournamentResult,
    plan,
    run_tournament,
    summarise,
)
from test_ai_tournament_plan import C4


# A tournament's elapsed seconds must be a difference of two clock readings: a quotient
# (`//`, `/`) of them is about 1 whatever happened. A tournament whose games are all in
# the store already only reads them, so its elapsed time lies well inside one second.
def test_a_tournament_reports_the_seconds_it_took(monkeypatch, tmp_path):
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four")
    url, specs = f"sqlite:///{tmp_path / 't.sqlite'}", ["random", "heuristic"]
    t0 = time.perf_counter()
    first = run_tournament(plan("connect-four", specs, 2, 5, url), specs, 5)
    t1 = time.perf_counter()
    # Played one after the other, the matches' own seconds add up to less than the whole.
    assert not any(m.resumed for m in first.matches)
    assert all(m.seconds > 0 for m in first.matches)
    assert sum(m.seconds for m in first.matches) <= first.seconds <= t1 - t0
    units = plan("connect-four", specs, 2, 5, url)
    t0 = time.perf_counter()
    again = run_tournament(units, specs, 5)
    t1 = time.perf_counter()
    assert all(m.resumed for m in again.matches)
    assert 0 < again.seconds <= t1 - t0


# Every rate in a standing's JSON is rounded to 4 decimals and the ratings to 3: more
# digits would make the JSON change with float noise, fewer would lose what a small
# difference between agents shows. Thirds and sevenths never round exactly.
@pytest.mark.parametrize(("wins", "games", "score_sum"), [(1.0, 3, 2.0), (2.5, 7, 10.0)])
def test_a_standings_json_rounds_rates_to_four_decimals_and_ratings_to_three(
        wins, games, score_sum):
    s = Standing("A", "random", games=games, wins=wins, score_sum=score_sum,
                 rating_mu=25 / 3, rating_sigma=25 / 9, rating=1 / 7)
    out = s.to_json()
    lo, hi = wilson(wins, games)
    exact = {"win_rate": wins / games, "mean_score": score_sum / games}
    for key, value in exact.items():
        assert out[key] == round(out[key], 4) and abs(out[key] - value) <= 0.00005, key
    for got, value in zip(out["win_rate_95ci"], (lo, hi), strict=True):
        assert got == round(got, 4) and abs(got - value) <= 0.00005
    for key in ("rating", "rating_mu", "rating_sigma"):
        value = getattr(s, key)
        assert out[key] == round(out[key], 3) and abs(out[key] - value) <= 0.0005, key


#: These games are connect four's alone: the tournament loads no other plugin.
pytestmark = pytest.mark.usefixtures("only_connect_four")


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
