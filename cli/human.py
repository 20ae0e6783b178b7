"""A person at the terminal, as an agent: shows the view, reads a command, re-asks on error.

Generic over games, through the ``Game`` API only:

* every other player's command is announced in one line with its consequences
  (``describe_event`` of each event as this person may see it, and ``changes``), queued
  by ``Announcer`` (the ``play`` loop's ``on_command`` hook) and printed before the prompt;
* the prompt names who is to act and what is asked (``to act: p1``);
* ``? TOPIC`` looks a card or rule up (``Game.explain``); ``?`` alone lists the commands
  allowed now.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import IllegalCommand, MeepleError
from rich.console import Console
from rich.markup import escape


class NoInput(MeepleError):
    """The person at the prompt closed the input; the match stops, stored as far as it got."""


def consequences(game: Any, events: Sequence[Any]) -> str:
    """``{player: {counter: delta}}`` summed over ``events``, as ``p1 tr +1, megacredits -14``."""
    total: dict[str, dict[str, float]] = {}
    for ev in events:
        for who, counters in (game.changes(ev) or {}).items():
            mine = total.setdefault(who, {})
            for key, delta in counters.items():
                mine[key] = mine.get(key, 0) + delta
    parts = []
    for who, counters in total.items():
        shown = ", ".join(f"{k} {v:+g}" for k, v in counters.items() if v)
        if shown:
            parts.append(f"{who} {shown}")
    return "; ".join(parts)


def announcement(game: Any, actor: str, text: str, events: Sequence[Any], viewer: str | None) -> str:
    """One line saying what ``actor`` did and what came of it, as ``viewer`` may see it."""
    seen = [game.redact(ev, viewer) for ev in events]
    said = game.redact_command(text, actor, viewer)
    described = [d for d in (game.describe_event(ev) for ev in seen) if d]
    line = f"{actor}: {said}"
    if described:
        line += " -> " + "; ".join(described)
    changed = consequences(game, seen)
    if changed:
        line += f" [{changed}]"
    return line


class HumanAgent:
    name = "human"

    def __init__(self, console: Console | None = None, show_legal: int = 40) -> None:
        self.console = console or Console()
        self.show_legal = show_legal
        self.news: list[str] = []  # announcements queued since this person last acted

    def tell(self, line: str) -> None:
        self.news.append(line)

    def act(self, game: Any, view: Any, player: str) -> Any:
        for line in self.news:
            self.console.print(escape(line), highlight=False, soft_wrap=True)
        self.news = []
        self.console.print(escape(game.render(view, "text", player)), highlight=False)
        acting = list(game.to_act(view))
        others = [p for p in acting if p != player]
        also = f" (also to act: {', '.join(others)})" if others else ""
        self.console.print(f"[bold]{escape(player)} to act[/bold]{escape(also)}")
        legal = game.legal(view, player)
        self._show_legal(game, view, legal)
        while True:
            try:
                text = self.console.input(f"[bold]{escape(player)}[/bold]> ")
            except EOFError:
                raise NoInput(f"no input for {player}; the game is stored and can be resumed "
                              "with `meeple play GAME_ID --resume`") from None
            if text.strip().startswith("?"):
                self._lookup(game, view, legal, text.strip()[1:].strip())
                continue
            try:
                command = game.parse(text, view, player)
                game.decide(view, player, command, random.Random(0))
                return command
            except IllegalCommand as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red] (? lists the commands allowed "
                                   "now; ? NAME looks a card or rule up)")

    def _show_legal(self, game: Any, view: Any, legal: list[Any], limit: int | None = None) -> None:
        if not legal:
            return
        limit = self.show_legal if limit is None else limit
        sample = ", ".join(game.format(c, view) for c in legal[:limit])
        more = f" ... ({len(legal)} in all; ? lists them all)" if len(legal) > limit else ""
        self.console.print(f"[dim]legal: {escape(sample)}{escape(more)}[/dim]")

    def _lookup(self, game: Any, view: Any, legal: list[Any], topic: str) -> None:
        if not topic:
            self._show_legal(game, view, legal, limit=len(legal))
            return
        found = game.explain(topic, view)
        if found is None:
            self.console.print(f"[red]nothing called {escape(topic)!r} in {game.name}[/red]")
        else:
            self.console.print(escape(found), highlight=False)


class Announcer:
    """The ``play`` loop's ``on_command`` hook: queues, for every person at the table, a
    line about each command someone else gave (their own they know)."""

    def __init__(self, humans: Mapping[str, HumanAgent]) -> None:
        self.humans = dict(humans)
        self.cursor: int | None = None

    def __call__(self, table: Any, player: str, command: Any) -> None:
        if self.cursor is None:  # the first command: its events are the unflushed ones
            self.cursor = len(table.pairs) - len(table.pending)
        events = [ev for _, ev in table.pairs[self.cursor:]]
        self.cursor = len(table.pairs)
        game = table.game
        text = command if isinstance(command, str) else None
        for seat, agent in self.humans.items():
            if seat == player:
                continue
            shown = text or _notation(game, table, command, events)
            agent.tell(announcement(game, player, shown, events, seat))


def _notation(game: Any, table: Any, command: Any, events: Sequence[Any]) -> str:
    records = table.pending[-len(events):] if events and table.pending else []
    for rec, _ in records:  # the notation stored with the command, as the log keeps it
        if getattr(rec, "command_text", None):
            return rec.command_text
    return game.format(command, table.state)
