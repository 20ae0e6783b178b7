"""AI commands of the ``meeple`` CLI: ``tournament`` and ``bench``."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from meeple.core import MeepleError
from meeple.core.plugins import load
from meeple.core.stores.open import resolve_url
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .lines import err, fail


def split_players(values: list[str]) -> list[str]:
    """``random,mcts:sims=100,c=2,heuristic`` -> three specs: a part with ``=`` and no ``:``
    is one more option of the spec before it."""
    specs: list[str] = []
    for value in values:
        for part in (p.strip() for p in value.replace(";", ",").split(",")):
            if not part:
                continue
            if specs and "=" in part and ":" not in part:
                sep = "," if ":" in specs[-1] else ":"
                specs[-1] += sep + part
            else:
                specs.append(part)
    return specs


def game_options(items: list[str] | None) -> dict[str, str]:
    opts: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--option {item!r} must look like name=value")
        opts[key.strip()] = value.strip()
    return opts


class RateColumn(ProgressColumn):
    """Games per second (or per minute when slow)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if not speed:
            return Text("- games/s", style="progress.data.speed")
        if speed < 1:
            return Text(f"{speed * 60:.1f} games/min", style="progress.data.speed")
        return Text(f"{speed:.1f} games/s", style="progress.data.speed")


def tournament(
    game: Annotated[str, typer.Argument(help="the game, e.g. connect-four")],
    players: Annotated[list[str], typer.Option(
        "--players", "-p",
        help="agent specs, one per seat: random,heuristic,mcts:sims=200 (an option after a "
             "spec's own options belongs to it; --players may also be repeated)")],
    games: Annotated[int, typer.Option("--games", "-n", help="games; a multiple of the "
                                       "number of players")] = 10,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="tournament seed: game and agent seeds derive "
                                      "from it")] = 0,
    db: Annotated[str | None, typer.Option(help="store URL or SQLite path (default: "
                                           "MEEPLE_DB or the data folder)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="a game option as name=value (repeatable)")] = None,
    tournament_id: Annotated[str | None, typer.Option(
        "--id", help="tournament id; games are stored as <id>-1, <id>-2... (default: derived "
                     "from game, players, options, format and seed, so rerunning resumes)")]
    = None,
    fmt: Annotated[str, typer.Option(
        "--format", help="fixed: every agent in every game; round-robin: every combination "
                         "of --seats agents plays the same number of games; auto: fixed "
                         "when the agents fit the game, else round-robin")] = "auto",
    seats: Annotated[int | None, typer.Option(
        "--seats", help="players per game in a round robin (default: as many as the game "
                        "takes, at most the number of agents)")] = None,
    executor_kind: Annotated[str, typer.Option(
        "--executor", help="local: this machine's processes (--workers of them); ray: one Ray "
                           "task per game (pip install 'meeple[ray]')")] = "local",
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="a running Ray cluster to use (default with --executor ray: "
                              "start a local one on 127.0.0.1 with --workers CPUs)")] = None,
) -> None:
    """Play agents against each other: seats rotate, games are stored, ratings computed.

    More agents than the game has seats is a round robin (every combination plays);
    Ctrl-C stops within seconds and says which games finished; the same command again
    resumes."""
    from meeple.ai.executors import executor_for
    from meeple.ai.tournament import (
        TournamentInterrupted,
        check_store,
        plan,
        run_tournament,
        store_is_shared,
    )

    specs = split_players(players)
    if workers < 1:
        raise fail(f"--workers must be at least 1, not {workers}")
    url = resolve_url(db)
    if workers > 1 and executor_kind == "local" and url.lower().startswith("memory"):
        raise fail("--workers above 1 needs a store the workers share; a memory: store lives "
                   "in one process (use an SQLite file or PostgreSQL)")
    try:
        options = game_options(option)
        plugins = load()
        units = plan(game, specs, games, seed, url, tournament_id, options, plugins=plugins,
                     fmt=fmt, seats=seats)
        check_store(units)  # a refusal is one line, before the progress bar starts
        executor = executor_for(min(workers, len(units)), executor_kind, ray_address,
                                store_is_shared(url))
    except (MeepleError, ValueError) as exc:
        raise fail(str(exc)) from None
    tid = units[0].tournament
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        RateColumn(), TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("left"),
        TimeRemainingColumn(), console=err, disable=json_out, transient=False)
    done = 0
    try:
        with progress:
            task = progress.add_task(tid, total=len(units))

            def advance(_result: object) -> None:
                nonlocal done
                done += 1
                progress.advance(task)

            result = run_tournament(units, specs, seed, workers, executor=executor,
                                    on_result=advance)
    except (KeyboardInterrupt, TournamentInterrupted) as exc:
        finished = getattr(exc, "finished", None)
        if finished is None:  # interrupted before the matches started
            finished = []
        err.print(f"interrupted: {len(finished)} of {len(units)} games finished"
                  + (f" ({compact_ids(finished, tid)})" if finished else "")
                  + f"; run the same command again (same --id {tid}) to play the rest")
        raise typer.Exit(130) from None
    except MeepleError as exc:
        raise fail(str(exc)) from None
    if json_out:
        sys.stdout.write(json.dumps(result.to_json(), indent=2) + "\n")
        return
    out = Console(width=None if sys.stdout.isatty() else 120)
    table = Table(title=f"{result.game}: tournament {tid}, {len(result.matches)} games, "
                        f"seed {seed}")
    table.add_column("#", justify="right")
    table.add_column("agent", no_wrap=True)
    for col in ("games", "wins", "win rate", "95% CI", "mean score", "rating", "mu±sigma"):
        table.add_column(col, justify="right", no_wrap=True)
    for i, st in enumerate(result.standings, 1):
        lo, hi = st.ci
        table.add_row(str(i), st.entrant, str(st.games), f"{st.wins:g}", f"{st.win_rate:.1%}",
                      f"{lo:.0%}-{hi:.0%}", f"{st.mean_score:.2f}", f"{st.rating:.1f}",
                      f"{st.rating_mu:.1f}±{st.rating_sigma:.1f}")
    out.print(table)
    resumed = sum(1 for m in result.matches if m.resumed)
    note = f"; {resumed} were already in the store" if resumed else ""
    out.print(f"games stored as {tid}-1 … {tid}-{len(result.matches)} in {url}{note}; "
              f"replay or verify them with meeple log / meeple verify")


def compact_ids(game_ids: list[str], tid: str) -> str:
    """``t-1 … t-3, t-5`` for the games t-1, t-2, t-3, t-5 of tournament t."""
    numbers = sorted(int(g.rsplit("-", 1)[1]) for g in game_ids)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{tid}-{r[0]}" if len(r) == 1 else f"{tid}-{r[0]} … {tid}-{r[-1]}"
                     for r in runs)


def bench(
    game: Annotated[str, typer.Argument(help="the game, e.g. connect-four")],
    agent: Annotated[str, typer.Option("--agent", "-a", help="agent spec, e.g. mcts:sims=200")]
    = "mcts",
    moves: Annotated[int, typer.Option("--moves", "-m", help="decisions to time")] = 20,
    seed: Annotated[int, typer.Option(help="seed of the games and the agent")] = 0,
    seats: Annotated[int | None, typer.Option(help="players in the game (default: the "
                                               "game's minimum)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Time an agent: decisions/s, simulations/s and forward-model calls per simulation."""
    from meeple.ai.bench import bench as run_bench

    try:
        g = load().game(game)
        result = run_bench(g, agent, moves, seed, seats)
    except (MeepleError, ValueError) as exc:
        raise fail(str(exc)) from None
    if json_out:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    table = Table(title=f"{g.name}: {agent}, {result['moves']} decisions, seed {seed}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key in ("decisions_per_s", "simulations_per_s", "calls_per_simulation", "seconds",
                "games"):
        value = result[key]
        table.add_row(key.replace("_", " "), "-" if value is None else f"{value:,}")
    Console().print(table)


def register(app: typer.Typer) -> None:
    """Add the AI commands to the app."""
    app.command("tournament")(tournament)
    app.command("bench")(bench)
