"""``meeple play`` with people at the table: the match loop around the prompt's words.

``undo`` takes commands back through the engine, with the consent ``meeple undo`` asks
for; ``quit`` (Ctrl-C, Ctrl-D) stops with the game stored and prints the command that
resumes it, exactly as it can be typed.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import IllegalCommand, MeepleError, runtime
from meeple.core.engine import HOT_SEAT
from meeple.core.game import Outcome
from meeple.core.scheduler import run_match
from rich.console import Console
from rich.markup import escape

from .human import Announcer, HumanAgent, Leave, Seating, UndoWanted
from .prompt import make_reader


def resume_command(game_id: str, specs: Sequence[str], db: str | None) -> str:
    """The shell command that plays ``game_id`` on with the same agents."""
    words = ["meeple", "play", game_id, "--resume", "--players", ",".join(specs)]
    if db:
        words += ["--db", db]
    return " ".join(shlex.quote(w) for w in words)


def play_with_people(eng: Any, game_id: str, agents: Mapping[str, Any], specs: Sequence[str],
                     db: str | None, console: Console) -> Outcome | None:
    """Play on to the end; None when a person quit (the resume command is printed)."""
    people = {p: a for p, a in agents.items() if isinstance(a, HumanAgent)}
    while True:
        try:
            return run_match(eng, game_id, dict(agents), flush_every=1,
                             on_command=Announcer(people))
        except UndoWanted as wanted:
            take_back(eng, game_id, wanted.player, people, console)
        except (Leave, KeyboardInterrupt):  # Ctrl-C while an AI thinks stops as quit does
            console.print("stopped; the game is stored. To play on, type:", highlight=False)
            console.print(escape(resume_command(game_id, specs, db)), highlight=False,
                          soft_wrap=True)
            return None


def take_back(eng: Any, game_id: str, asker: str, people: Mapping[str, HumanAgent],
              console: Console) -> None:
    """Undo up to and including ``asker``'s own last command: the AI players' replies after
    it first (they would otherwise be played again at once). A command of another person
    is undone only when it is the last one (that person is asked). Each undo needs the
    consent ``meeple undo`` asks for: a person at this table is asked; an AI player agrees
    unless the command revealed hidden information (a person would then see a draw again)."""
    undone = 0
    while True:
        table = eng.table(game_id)
        try:
            first, last, actor, barrier = runtime.undo_span(table.rows())
        except IllegalCommand as exc:
            if not undone:
                console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        if undone and actor != asker and actor in people:
            return  # another person's command: theirs to take back
        agreed = _consent(table.header.players, actor, asker, barrier, people, console)
        if agreed is None:
            return
        try:
            eng.undo(game_id, asker, agreed=agreed, proof=HOT_SEAT)
        except MeepleError as exc:
            console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        undone += 1
        console.print(f"undone: {escape(actor)}'s command (events {first}-{last})",
                      highlight=False)
        if actor == asker or actor in people:
            return


def _consent(players: Sequence[str], actor: str, asker: str, barrier: bool,
             people: Mapping[str, HumanAgent], console: Console) -> list[str] | None:
    """Who agrees to undo ``actor``'s last command, or None (said why) when someone does not."""
    reader = people[asker].reader
    agreed: list[str] = []
    for p in runtime.consent_needed(players, actor, asker, barrier):
        if p == asker:
            continue
        if p not in people:
            if barrier:
                console.print(f"[red]nothing undone: {escape(actor)}'s command revealed hidden "
                              f"information, and {escape(p)} (an AI player) does not agree to "
                              "take it back[/red]", highlight=False)
                return None
            agreed.append(p)
            continue
        try:
            answer = reader.read(f"{p}, do you agree to undo {actor}'s last command? [y/N] ")
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            console.print(f"[red]nothing undone: {escape(p)} does not agree[/red]",
                          highlight=False)
            return None
        agreed.append(p)
    return agreed


def people_at_table(agents: Mapping[str, Any], console: Console, game_id: str) -> dict[str, Any]:
    """The agents, the people among them sharing one screen (``Seating``) and one line
    reader with this game's history."""
    seating = Seating()
    reader = make_reader(console, game_id)
    for agent in agents.values():
        if isinstance(agent, HumanAgent):
            agent.console = console
            agent.reader = reader
            agent.seating = seating
    return dict(agents)


def score_breakdown(eng: Any, game_id: str, outcome: Outcome) -> list[str]:
    """Per player, the points by the kind of event that gave them (from the log's
    ``changes``), and the game's own end-of-game detail per player where it has one."""
    by: dict[str, dict[str, float]] = {p: {} for p in outcome.scores}
    for line in eng.log(game_id):
        kind = line.type.rsplit(".", 1)[-1]
        for who, counters in line.changes.items():
            points = counters.get("vp", 0)
            if points and who in by:
                by[who][kind] = by[who].get(kind, 0) + points
    detail = {key: value for key, value in outcome.detail.items()
              if isinstance(value, Mapping) and set(value) == set(outcome.scores)}
    lines = ["score breakdown (points by what gave them, from the log):"]
    for p, score in outcome.scores.items():
        parts = ", ".join(f"{kind} {points:g}" for kind, points in by[p].items())
        line = f"  {p} {score:g} (rank {outcome.ranks[p]}): {parts or 'no points'}"
        for key, per in detail.items():
            mine = per[p]
            shown = (", ".join(f"{k} {v}" for k, v in mine.items())
                     if isinstance(mine, Mapping) else str(mine))
            line += f"; {key}: {shown}"
        lines.append(line)
    return lines


def follow_up(game_id: str, db: str | None, last: int) -> list[str]:
    """The commands that show, replay and verify the game just played."""
    tail = f" --db {shlex.quote(db)}" if db else ""
    gid = shlex.quote(game_id)
    return ["to look again: the final board, every move and what it scored, the board "
            "half-way, and a check that re-derives every event from its command:",
            f"  meeple show {gid}{tail}",
            f"  meeple log {gid}{tail}",
            f"  meeple replay {gid} --to {max(1, last // 2)}{tail}",
            f"  meeple verify {gid}{tail}"]
