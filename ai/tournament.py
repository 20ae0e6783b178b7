"""Tournaments: many stored matches between agents, played in parallel, with statistics.

A tournament is a list of independent ``MatchUnit``s. Each unit carries everything a
worker needs (game, seats, agent specs, seeds, the store URL), so any executor that can
call ``play_match(unit)`` somewhere can run it: local processes by default, a cluster
executor (Ray) later. Every match is a stored game named ``<tournament id>-<n>``, so it can
be replayed and verified; running the same tournament again skips finished games and
resumes unfinished ones from their logs.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import itertools
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs
from meeple.core import BadOptions, GameNotFound, MeepleError, Outcome
from meeple.core.engine import Engine
from meeple.core.plugins import Plugins, load
from meeple.core.rng import derive_rng
from meeple.core.scheduler import run_match
from meeple.core.stores.jsonl import read_export
from meeple.core.stores.memory import MemoryStore

from .executors import Executor, InlineExecutor, ProcessExecutor, RayExecutor, executor_for
from .ratings import Ratings, wilson
from .registry import check_spec, make_agent
from .rewards import match_score

#: AI matches write their log in one go at the end (or on interruption); a crash loses at
#: most this many commands and the match resumes before them.
FLUSH_EVERY = 100_000
#: ... and a match in progress is written at least this often (seconds), so that a page
#: watching it (``meeple serve``) follows it move by move, while a fast match still
#: writes in a few large batches. None: only every ``flush_every`` commands.
FLUSH_SECONDS: float | None = 0.25


@attrs.frozen
class MatchUnit:
    """One match of a tournament: everything a worker process needs, nothing more."""

    tournament: str
    index: int  # 0-based; the stored game is named <tournament>-<index + 1>
    game: str
    seats: tuple[str, ...]  # player names, in seat order
    specs: tuple[str, ...]  # agent spec of each seat
    entrants: tuple[str, ...]  # entrant label of each seat
    seed: int  # the game's seed
    agent_seeds: tuple[int, ...]
    store_url: str
    options: tuple[tuple[str, Any], ...] = ()
    flush_every: int = FLUSH_EVERY
    flush_seconds: float | None = FLUSH_SECONDS

    @property
    def game_id(self) -> str:
        return f"{self.tournament}-{self.index + 1}"

    @property
    def title(self) -> str:
        seats = ", ".join(f"{s}={spec}" for s, spec in zip(self.seats, self.specs, strict=True))
        return f"tournament {self.tournament} game {self.index + 1}: {seats}"


@attrs.frozen
class MatchResult:
    index: int
    game_id: str
    seats: tuple[str, ...]
    entrants: tuple[str, ...]
    scores: tuple[float, ...]  # the game's own scores, per seat
    ranks: tuple[int, ...]
    resumed: bool  # the stored game existed (finished or part-played) before this run
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "game_id": self.game_id,
                "seats": dict(zip(self.seats, self.entrants, strict=True)),
                "scores": dict(zip(self.entrants, self.scores, strict=True)),
                "ranks": dict(zip(self.entrants, self.ranks, strict=True)),
                "resumed": self.resumed, "seconds": round(self.seconds, 3)}


# -- planning ------------------------------------------------------------------------------

def entrant_labels(specs: Sequence[str]) -> list[str]:
    """Specs as labels; a spec entered twice gets #2, #3..."""
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        seen[s] = seen.get(s, 0) + 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def default_id(game: str, specs: Sequence[str], seed: int,
               options: Mapping[str, Any] | None = None, fmt: str = "fixed",
               seats: int | None = None) -> str:
    """The same game, agents, options, seed and shape give the same id, so rerunning a
    command resumes its tournament."""
    shape = () if fmt == "fixed" else (fmt, seats)  # fixed keeps the ids it always had
    key = repr((game, tuple(specs), seed, sorted((options or {}).items()), *shape))
    return f"t-{game}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


FORMATS = ("auto", "fixed", "round-robin")


def pairings(entrants: int, seats: int) -> list[tuple[int, ...]]:
    """Every combination of ``seats`` entrants out of ``entrants``, in a fixed order."""
    return list(itertools.combinations(range(entrants), seats))


def resolve_format(fmt: str, entrants: int, seats: int | None, min_players: int,
                   max_players: int) -> tuple[str, int]:
    """(format, seats per game). ``auto``: every entrant in every game when they fit the
    game, else a round robin of as many seats as the game takes."""
    if fmt not in FORMATS:
        raise BadOptions(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if seats is not None and not min_players <= seats <= max_players:
        raise BadOptions(f"--seats must be from {min_players} to {max_players} for this "
                         f"game, not {seats}")
    fits = min_players <= entrants <= max_players
    if fmt == "auto":
        fmt = "fixed" if fits and (seats is None or seats == entrants) else "round-robin"
    if fmt == "fixed":
        if seats is not None and seats != entrants:
            raise BadOptions(f"--format fixed seats every entrant in every game: --seats "
                             f"{seats} does not match the {entrants} entrants")
        return fmt, entrants
    size = seats if seats is not None else min(max_players, entrants)
    if entrants < size or entrants < 2:
        raise BadOptions(f"a round robin of {size}-player games needs more than {size} "
                         f"entrants, not {entrants}")
    return fmt, size


def plan(game: str, specs: Sequence[str], games: int, seed: int, store_url: str,
         tournament_id: str | None = None, options: Mapping[str, Any] | None = None,
         plugins: Plugins | None = None, flush_every: int = FLUSH_EVERY,
         fmt: str = "auto", seats: int | None = None) -> list[MatchUnit]:
    """The matches of a tournament.

    ``fixed``: every spec is one entrant and every game seats all of them. ``round-robin``
    (the default when there are more entrants than the game has seats): every combination
    of ``seats`` entrants plays the same number of games. Either way seats rotate from
    game to game, so that over a multiple of the seat count every entrant of a game plays
    every seat equally often."""
    plugins = plugins or load()
    g = plugins.game(game)
    n = len(specs)
    if n < 1:
        raise BadOptions("give at least one agent spec in --players")
    fmt, size = resolve_format(fmt, n, seats, g.min_players, g.max_players)
    seat_names = g.default_players(size)
    g.check_players(seat_names)
    g.resolve_options(options)
    for spec in specs:
        check_spec(spec, plugins)
    if games < 1:
        raise BadOptions(f"--games must be at least 1, not {games}")
    groups = [tuple(range(n))] if fmt == "fixed" else pairings(n, size)
    block = len(groups) * size
    if games % block:
        what = (f"{size} (the number of players)" if fmt == "fixed" else
                f"{block} ({len(groups)} pairings x {size} seats)")
        raise BadOptions(f"--games must be a multiple of {what} so that every agent plays "
                         f"every seat equally; {games} is not")
    labels = entrant_labels(specs)
    tid = tournament_id or default_id(g.name, specs, seed, options, fmt, size)
    per_group = games // len(groups)
    units = []
    for i in range(games):
        group = groups[i // per_group]
        turn = i % per_group
        order = [group[(s + turn) % size] for s in range(size)]  # entrant of each seat
        units.append(MatchUnit(
            tournament=tid, index=i, game=g.name, seats=tuple(seat_names),
            specs=tuple(specs[e] for e in order), entrants=tuple(labels[e] for e in order),
            seed=derive_rng(seed, i, "tournament-game").getrandbits(63),
            agent_seeds=tuple(derive_rng(seed, i, f"agent-{s}").getrandbits(63)
                              for s in range(size)),
            store_url=store_url, options=tuple(sorted((options or {}).items())),
            flush_every=flush_every))
    return units


# -- playing one match ----------------------------------------------------------------------

class Engines:
    """The engines of one tournament run (the driver's) or one match (a worker's): one
    per store URL, opened on first use, all closed by ``close`` or at the end of a
    ``with`` block. Nothing outlives its scope, so no connection is left open, and a
    worker process never uses one its parent opened."""

    def __init__(self) -> None:
        self._open: dict[str, Engine] = {}

    def __call__(self, url: str) -> Engine:
        engine = self._open.get(url)
        if engine is None:
            engine = self._open[url] = Engine(url)
        return engine

    def close(self) -> None:
        opened, self._open = self._open, {}
        for engine in opened.values():
            engine.close()

    def __enter__(self) -> Engines:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def check_store(units: Sequence[MatchUnit], engines: Engines | None = None) -> None:
    """Refuse, before any game is played (or a progress bar shown), a tournament id whose
    stored games are another tournament's: other game, players, seed, agents or options."""
    with _scope(engines) as opened:
        for unit in units:
            _stored_header(opened(unit.store_url), unit)


@contextlib.contextmanager
def _scope(engines: Engines | None) -> Iterator[Engines]:
    """The given engines, or new ones closed at the end of the ``with`` block."""
    if engines is not None:
        yield engines
        return
    with Engines() as own:
        yield own


def _stored_outcome(engine: Engine, unit: MatchUnit) -> tuple[bool, Mapping[str, Any] | None]:
    """(exists, outcome json if finished); refuses a stored game of another tournament."""
    if not _stored_header(engine, unit):
        return False, None
    return True, engine.derived_status(unit.game_id).get("outcome")  # the log, not the cache


def _stored_header(engine: Engine, unit: MatchUnit) -> bool:
    """Whether the unit's game is stored; MeepleError if it is not this tournament's."""
    try:
        header = engine.store.header(unit.game_id)
    except GameNotFound:
        return False
    if header.game != unit.game or tuple(header.players) != unit.seats or \
            header.seed != unit.seed:
        raise MeepleError(f"the store already has a game {unit.game_id} that is not this "
                          "tournament's (other game, players or seed); choose another --id")
    # A tournament id belongs to its agents and options too: games played by other agents
    # must never be credited to these ones.
    if header.title != unit.title:
        raise MeepleError(
            f"tournament {unit.tournament} was played with other agents: its game "
            f"{unit.game_id} is {header.title.partition(': ')[2] or header.title!r}, this run "
            f"asks {unit.title.partition(': ')[2]}; choose another --id (or leave --id out "
            "for one derived from the agents)")
    wanted = engine.plugins.game(unit.game).resolve_options(dict(unit.options))
    if dict(header.options) != wanted:
        raise MeepleError(
            f"tournament {unit.tournament} was played with other game options "
            f"({_options_text(header.options)}, not {_options_text(wanted)}); choose "
            "another --id")
    return True


def _options_text(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "none"


def play_match(unit: MatchUnit, engines: Engines | None = None) -> MatchResult:
    """Play (or resume, or just read) one stored match. In a worker process it opens the
    store for this match and closes it after; ``engines``: the driver's, for matches
    played in its own process."""
    with _scope(engines) as opened:
        return _play(opened(unit.store_url), unit)


def play_detached(item: tuple[MatchUnit, bytes | None]) -> tuple[MatchResult, bytes]:
    """Play one match where the tournament's store cannot be reached (a Ray worker on
    another machine, an SQLite file on the driver's disk): in memory, from the game so far
    (an export, or None), returning the result and the game's export for the driver."""
    unit, prior = item
    engine = Engine(MemoryStore())
    if prior is not None:
        engine.import_export(prior)
    result = _play(engine, unit)
    # Between the driver and its own worker: the seed must travel (the game plays on).
    return result, engine.export(unit.game_id, reveal=True, keep_seed=True)


def flush_on_time(engine: Engine, seconds: float | None,
                  clock: Callable[[], float] = time.monotonic) -> Callable[..., None] | None:
    """A ``run_match`` hook that stores the commands played so far once ``seconds`` have
    passed since the last write (None: no hook). A failed write propagates, and
    ``run_match`` then drops what could not be stored."""
    if seconds is None:
        return None
    last = clock()

    def on_command(t: Any, _player: str, _command: Any) -> None:
        nonlocal last
        now = clock()
        if now - last >= seconds and t.pending:
            t.flush(engine.store, engine.clock)
            last = now

    return on_command


def _play(engine: Engine, unit: MatchUnit) -> MatchResult:
    start = time.perf_counter()
    exists, outcome = _stored_outcome(engine, unit)
    if outcome is None:
        if not exists:
            engine.new_game(unit.game, list(unit.seats), dict(unit.options), seed=unit.seed,
                            game_id=unit.game_id, title=unit.title)
        agents = {seat: make_agent(spec, s, engine.plugins)
                  for seat, spec, s in zip(unit.seats, unit.specs, unit.agent_seeds, strict=True)}
        result = run_match(engine, unit.game_id, agents, flush_every=unit.flush_every,
                           on_command=flush_on_time(engine, unit.flush_seconds))
        if result is None:
            raise MeepleError(f"{unit.game_id} stopped before its end")
        outcome = result.to_json()
    scores, ranks = outcome["scores"], outcome["ranks"]
    return MatchResult(unit.index, unit.game_id, unit.seats, unit.entrants,
                       tuple(float(scores[s]) for s in unit.seats),
                       tuple(int(ranks[s]) for s in unit.seats), exists,
                       time.perf_counter() - start)


def _prior_export(unit: MatchUnit, engines: Engines) -> bytes | None:
    engine = engines(unit.store_url)
    try:
        engine.store.header(unit.game_id)
    except GameNotFound:
        return None
    return engine.export(unit.game_id, reveal=True, keep_seed=True)


def store_relayed(unit: MatchUnit, data: bytes, engines: Engines | None = None) -> None:
    """Store a game a detached worker played: new records continue what the store had."""
    with _scope(engines) as opened:
        _store_relayed(opened(unit.store_url), unit, data)


def _store_relayed(engine: Engine, unit: MatchUnit, data: bytes) -> None:
    header, records, _, _ = read_export(data)
    try:
        engine.store.header(unit.game_id)
    except GameNotFound:
        engine.store.import_game(header, records)
    else:
        last_seq, last_hash = engine.store.last(unit.game_id)
        known = next((r for r in records if r.seq == last_seq), None)
        if last_seq and (known is None or known.hash != last_hash):
            raise MeepleError(f"{unit.game_id} moved on in the store while a worker played it")
        engine.store.append_records(unit.game_id, last_seq,
                                    [r for r in records if r.seq > last_seq])
    engine.forget(unit.game_id)
    engine.store.set_status(unit.game_id, engine.table(unit.game_id).status())


def finished_result(unit: MatchUnit, engines: Engines | None = None) -> MatchResult | None:
    """The result of a match already finished in the store, without a worker."""
    with _scope(engines) as opened:
        exists, outcome = _stored_outcome(opened(unit.store_url), unit)
    if outcome is None:
        return None
    return MatchResult(unit.index, unit.game_id, unit.seats, unit.entrants,
                       tuple(float(outcome["scores"][s]) for s in unit.seats),
                       tuple(int(outcome["ranks"][s]) for s in unit.seats), True, 0.0)


# -- running and summing up ---------------------------------------------------------------------

@attrs.define
class Standing:
    entrant: str
    spec: str
    games: int = 0
    wins: float = 0.0  # shared first places count 1/k
    score_sum: float = 0.0
    seat_games: dict[str, int] = attrs.field(factory=dict)
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    rating: float = 0.0  # openskill ordinal, mu - 3 sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci
        return {"entrant": self.entrant, "spec": self.spec, "games": self.games,
                "wins": self.wins, "win_rate": round(self.win_rate, 4),
                "win_rate_95ci": [round(lo, 4), round(hi, 4)],
                "mean_score": round(self.mean_score, 4), "seat_games": self.seat_games,
                "rating": round(self.rating, 3), "rating_mu": round(self.rating_mu, 3),
                "rating_sigma": round(self.rating_sigma, 3)}


@attrs.define
class TournamentResult:
    tournament: str
    game: str
    specs: list[str]
    seed: int
    store_url: str
    matches: list[MatchResult]
    standings: list[Standing]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"tournament": self.tournament, "game": self.game, "players": self.specs,
                "games": len(self.matches), "seed": self.seed, "store": self.store_url,
                "seconds": round(self.seconds, 3),
                "resumed": sum(1 for m in self.matches if m.resumed),
                "standings": [s.to_json() for s in self.standings],
                "matches": [m.to_json() for m in self.matches]}


def summarise(units: Sequence[MatchUnit], results: Iterable[MatchResult],
              specs: Sequence[str]) -> list[Standing]:
    labels = entrant_labels(specs)
    table = {lab: Standing(lab, spec) for lab, spec in zip(labels, specs, strict=True)}
    ratings = Ratings(labels)
    for m in sorted(results, key=lambda r: r.index):
        outcome = Outcome(dict(zip(m.seats, m.scores, strict=True)),
                          dict(zip(m.seats, m.ranks, strict=True)))
        for seat, entrant, score in zip(m.seats, m.entrants, m.scores, strict=True):
            st = table[entrant]
            st.games += 1
            st.wins += match_score(outcome, seat)
            st.score_sum += score
            st.seat_games[seat] = st.seat_games.get(seat, 0) + 1
        ratings.update(list(m.entrants), list(m.ranks))
    for lab, st in table.items():
        st.rating_mu, st.rating_sigma = ratings.mu(lab), ratings.sigma(lab)
        st.rating = ratings.ordinal(lab)
    return sorted(table.values(), key=lambda s: (-s.rating, s.entrant))


class TournamentInterrupted(MeepleError):
    """Ctrl-C (or a failed match) stopped a tournament; ``finished`` lists the games that
    are finished in the store, ``unfinished`` the rest (run again to resume them)."""

    def __init__(self, finished: Sequence[str], unfinished: Sequence[str]) -> None:
        super().__init__(f"interrupted with {len(finished)} of "
                         f"{len(finished) + len(unfinished)} games finished")
        self.finished = list(finished)
        self.unfinished = list(unfinished)


def run_tournament(units: Sequence[MatchUnit], specs: Sequence[str], seed: int,
                   workers: int = 1, executor: Executor | None = None,
                   on_result: Callable[[MatchResult], None] | None = None,
                   engines: Engines | None = None) -> TournamentResult:
    """Play every unit not yet finished in the store; results of finished ones are read.
    Ctrl-C raises TournamentInterrupted, which says which games are finished. The
    driver's engines (``engines``, or its own) are closed when it ends; matches played in
    this process (the inline executor) use them too, so a memory: store holds them."""
    with _scope(engines) as opened:
        return _run(units, specs, seed, workers, executor, on_result, opened)


def _run(units: Sequence[MatchUnit], specs: Sequence[str], seed: int, workers: int,
         executor: Executor | None, on_result: Callable[[MatchResult], None] | None,
         engines: Engines) -> TournamentResult:
    start = time.perf_counter()
    results: list[MatchResult] = []
    todo = []
    for unit in units:
        done = finished_result(unit, engines)
        if done is None:
            todo.append(unit)
        else:
            results.append(done)
            if on_result:
                on_result(done)
    executor = executor or executor_for(min(workers, max(len(todo), 1)))
    try:
        if executor.detached:
            by_index = {u.index: u for u in todo}
            for result, data in executor.run(play_detached,
                                             [(u, _prior_export(u, engines)) for u in todo]):
                store_relayed(by_index[result.index], data, engines)
                results.append(result)
                if on_result:
                    on_result(result)
        else:
            here = getattr(executor, "in_process", False)
            play = functools.partial(play_match, engines=engines) if here else play_match
            for result in executor.run(play, todo):
                results.append(result)
                if on_result:
                    on_result(result)
    except KeyboardInterrupt:
        # What counts is what the store holds, not what this driver heard back: a match
        # may have been stored just as the interruption came.
        finished = [u.game_id for u in units if finished_result(u, engines) is not None]
        raise TournamentInterrupted(
            finished, [u.game_id for u in units if u.game_id not in set(finished)]) from None
    results.sort(key=lambda r: r.index)
    first = units[0]
    return TournamentResult(first.tournament, first.game, list(specs), seed, first.store_url,
                            results, summarise(units, results, specs),
                            time.perf_counter() - start)


def store_is_shared(url: str) -> bool:
    """Whether workers elsewhere can reach the store at ``url`` (a database server), or
    only the driver can (a file or memory)."""
    return url.lower().startswith(("postgresql:", "postgres:"))


__all__ = ["Engines", "Executor", "InlineExecutor", "MatchResult", "MatchUnit", "ProcessExecutor",
           "RayExecutor", "TournamentInterrupted", "executor_for", "plan", "play_match",
           "run_tournament", "store_is_shared"]
