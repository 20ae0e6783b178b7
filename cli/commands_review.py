"""``meeple review``: what the search thinks of every decision of a stored game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import orjson
import typer
from meeple.core import MeepleError
from meeple.core.engine import Engine
from meeple.core.errors import BadOptions
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from .lines import err, fail


def review(
    game_id: Annotated[str, typer.Argument(help="Stored game id (finished or not).")],
    agent: Annotated[str | None, typer.Option(
        "--agent", "-a", help="The search: mcts or ismcts with their options, e.g. "
        "ismcts:prior=10,rollout=heuristic (default: the game's, docs/review.md)")] = None,
    budget: Annotated[float | None, typer.Option(
        "--budget", "-b", help="CPU seconds per decision, turned into a count of "
        "simulations with the game's measured rate (default: the game's)")] = None,
    as_player: Annotated[str | None, typer.Option(
        "--as", help="See the review as this player: another player's commands as the "
        "game shows them to you.")] = None,
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Show every command as played (the store's owner).")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the search; with the budget it "
                                      "fixes the review.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 1,
    executor_kind: Annotated[str, typer.Option(
        "--executor", help="local: this machine's processes; ray: one Ray task per "
        "decision (pip install 'meeple[ray]')")] = "local",
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="A running Ray cluster (default with --executor ray: a local "
        "one with --workers CPUs).")] = None,
    threshold: Annotated[float | None, typer.Option(
        "--threshold", help="A loss above this counts as big (default: the game's).")] = None,
    top: Annotated[int, typer.Option("--top", help="Largest losses shown per player.")] = 5,
    svg: Annotated[Path | None, typer.Option(
        "--svg", help="Also write the chart of the estimates to this file.")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    db: Annotated[str | None, typer.Option(
        "--db", envvar="MEEPLE_DB", show_envvar=True, help="Event store URL or SQLite path.")]
    = None,
) -> None:
    """Review a game decision by decision: the search's estimate for every player before
    and after each move, the move it prefers, and what the played one lost. Results are
    stored with the game (not in its log) by agent, budget and seed: the same command
    again continues an interrupted review, or shows a finished one at once."""
    from meeple.ai.executors import executor_for
    from meeple.ai.review import plan_review, run_review, stored_review_json
    from meeple.ai.review_chart import review_svg

    if workers < 1:
        raise fail(f"--workers must be at least 1, not {workers}")
    if top < 0:
        raise fail(f"--top must be 0 or more, not {top}")
    if threshold is not None and not threshold >= 0:
        raise fail(f"--threshold must be 0 or more, not {threshold}")
    if svg is not None and (svg.is_dir() or not svg.parent.is_dir()):
        raise fail(f"--svg {svg}: give a file in a folder that exists")
    try:
        eng = Engine(db)
        if reveal and as_player is not None:
            raise BadOptions("give --as (one player's view) or --reveal (everything), not both")
        players = eng.store.header(game_id).players
        if as_player is not None and as_player not in players:
            raise BadOptions(f"{as_player!r} does not play in {game_id}; players: "
                             f"{', '.join(players)}")
        plan = plan_review(eng, game_id, agent, budget, seed)
        missing = sum(1 for _ in plan.tasks) - _stored_count(eng, plan)
        executor = executor_for(max(1, min(workers, missing)), executor_kind, ray_address,
                                store_shared=False)
    except (MeepleError, ValueError) as exc:
        raise fail(exc) from None
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TextColumn("elapsed"), TimeElapsedColumn(),
                        TextColumn("left"), TimeRemainingColumn(), console=err,
                        disable=json_out or missing == 0, transient=False)
    try:
        with progress:
            task = progress.add_task(f"review {game_id}", total=len(plan.tasks),
                                     completed=len(plan.tasks) - missing)
            run_review(eng, plan, executor, on_result=lambda _r: progress.advance(task))
    except KeyboardInterrupt:
        done = _stored_count(eng, plan)
        err.print(f"interrupted: {done} of {len(plan.tasks)} decisions reviewed and stored; "
                  "run the same command again to review the rest")
        raise typer.Exit(130) from None
    except MeepleError as exc:
        raise fail(exc) from None
    data = stored_review_json(eng, game_id, plan.key, as_player, reveal, threshold)
    assert data is not None  # stored just now
    if svg is not None:
        try:
            svg.write_text(review_svg(data))
        except OSError as exc:
            raise fail(f"cannot write {svg}: {exc.strerror or exc}") from None
    if json_out:
        sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n")
        return
    print_review(data, top)


def _stored_count(eng: Engine, plan: Any) -> int:
    from meeple.ai.review import KIND
    from meeple.core.stores.annotations import annotations_for

    stored = annotations_for(eng.store).get(plan.game_id, KIND, plan.key)
    return sum(1 for t in plan.tasks if t.index in stored)


def print_review(data: dict[str, Any], top: int) -> None:
    from meeple.ai.review import largest_losses

    out = Console(width=None if sys.stdout.isatty() else 120)
    threshold = data["threshold"]
    decisions = data["decisions"]
    title = (f"{data['game_id']} ({data['game']}): {data['agent']}, {data['budget']:g} CPU s "
             f"a decision, seed {data['seed']}")
    summary = Table(title=title)
    summary.add_column("player")
    for col in ("decisions", "as the search", "average loss", f"lost > {threshold:g}"):
        summary.add_column(col, justify="right")
    for p, s in data["summary"].items():
        summary.add_row(escape(p), str(s["decisions"]), str(s["best_played"]),
                        f"{s['average_loss']:.3f}", str(s["big_losses"]))
    out.print(summary)
    if top:
        losses = Table(title="largest losses (estimates: -1 loses to all, +1 beats all)")
        losses.add_column("player")
        losses.add_column("#", justify="right")
        losses.add_column("when")
        losses.add_column("played")
        losses.add_column("the search prefers")
        losses.add_column("loss", justify="right")
        losses.add_column("estimate", justify="right")
        for p in data["players"]:
            for d in largest_losses(decisions, p, top):
                losses.add_row(escape(p), str(d["index"] + 1), escape(d.get("marker") or ""),
                               escape(d["played"]), escape(d["best"]), f"{d['loss']:.3f}",
                               f"{d['before'][p]:+.2f} -> {d['after'][p]:+.2f}")
        out.print(losses)
    if not data["complete"]:
        out.print(f"{len(decisions)} of {data['positions']} decisions reviewed so far")


def register(app: typer.Typer) -> None:
    app.command("review")(review)
