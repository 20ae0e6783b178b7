"""A person at the terminal, as an agent: shows the view, reads a command, re-asks on error.

Generic over games, through the ``Game`` API only:

* every command is announced in one line with its consequences (``describe_event`` of
  each event as this person may see it, and ``changes``) by ``Announcer`` (the ``play``
  loop's ``on_command`` hook): the person's own at once, the others' before the prompt;
* the prompt names who is to act and what is asked (``to act: p1``);
* ``? TOPIC`` looks a card or rule up (``Game.explain``); ``?`` alone lists the commands
  allowed now; ``help``, ``undo`` and ``quit`` (Ctrl-C, Ctrl-D) work in every game
  (``undo`` and ``quit`` are carried out by the match loop, cli/playing.py);
* at a hot-seat table the screen is cleared between two people (``Seating``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import IllegalCommand, MeepleError
from meeple.core.game import render_checked
from rich.console import Console
from rich.markup import escape

from .prompt import PlainReader
from .words import picture_width, print_words, text_format


class NoInput(MeepleError):
    """No person could be asked; the match stops, stored as far as it got."""


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


HELP = """\
Type a command in the game's notation (the legal ones are listed above the prompt).
Words that work at every prompt:
  ?          list every command allowed now
  ? NAME     look a card, tile, faction or rule up (`meeple rules GAME` lists the names)
  help       this text
  undo       take back your last command (asks the consent it needs, as `meeple undo`)
  quit       stop here; the game is stored and the resume command is printed
             (Ctrl-C and Ctrl-D do the same)
At a terminal: Up/Down walk this game's history, Tab completes a command word by word."""


class Leave(Exception):
    """The person typed ``quit`` (or Ctrl-C, Ctrl-D): the match stops, stored as it is."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class UndoWanted(Exception):
    """The person typed ``undo``: the match loop takes the command back and goes on."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class Seating:
    """What the people at one screen share: who acted last, so that a hot-seat table
    hides one person's hand before the next sits down."""

    def __init__(self) -> None:
        self.people: set[str] = set()
        self.last: str | None = None

    def hand_over(self, console: Console, reader: Any, player: str) -> None:
        """Clear the screen and wait for ``player`` when another person acted before."""
        if len(self.people) > 1 and self.last is not None and self.last != player:
            console.clear()
            reader.read(f"pass to {player}, press Enter ")
        self.last = player


class HumanAgent:
    name = "human"

    def __init__(self, console: Console | None = None, show_legal: int = 40,
                 reader: Any = None, seating: Seating | None = None) -> None:
        self.console = console or Console()
        self.show_legal = show_legal
        self.reader = reader or PlainReader(self.console)
        self.seating = seating or Seating()
        self.news: list[str] = []  # announcements queued since this person last acted

    def tell(self, line: str) -> None:
        self.news.append(line)

    def say(self, line: str) -> None:
        """Print a line now (this person's own command and what came of it)."""
        self.console.print(escape(line), highlight=False, soft_wrap=True)

    def _read(self, prompt: str, candidates: Any = None) -> str:
        return self.reader.read(prompt, candidates)

    def act(self, game: Any, view: Any, player: str) -> Any:
        self.seating.people.add(player)
        try:
            self.seating.hand_over(self.console, self.reader, player)
        except (EOFError, KeyboardInterrupt):
            raise Leave(player) from None
        for line in self.news:
            self.console.print(escape(line), highlight=False, soft_wrap=True)
        self.news = []
        picture = render_checked(game, view, text_format(game, self.console), player,
                                 picture_width(self.console))
        self.console.print(escape(picture), highlight=False, soft_wrap=True)  # it fits
        print_words(self.console, game.describe_table(view, player))  # what it does not say
        acting = list(game.to_act(view))
        others = [p for p in acting if p != player]
        also = f" (also to act: {', '.join(others)})" if others else ""
        self.console.print(f"[bold]{escape(player)} to act[/bold]{escape(also)}")
        legal = game.legal(view, player)
        self._show_legal(game, view, legal)
        texts: list[str] = []

        def candidates() -> list[str]:
            if not texts:
                texts.extend(game.format(c, view) for c in legal)
                texts.extend(f"? {name}" for names in game.topics().values() for name in names)
            return texts

        while True:
            try:
                text = self._read(f"{player}> ", candidates)
            except (EOFError, KeyboardInterrupt):
                raise Leave(player) from None
            word = text.strip()
            if word.startswith("?"):
                self._lookup(game, view, legal, word[1:].strip())
                continue
            if word.lower() == "help":
                self.console.print(escape(HELP), highlight=False)
                continue
            if word.lower() == "quit":
                raise Leave(player)
            if word.lower() == "undo":
                raise UndoWanted(player)
            if not word:
                continue
            try:
                command = game.parse(text, view, player)
                game.decide(view, player, command, random.Random(0))
                return command
            except IllegalCommand as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red] (? lists the commands allowed "
                                   "now; ? NAME looks a card or rule up; help lists the words)")

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
    """The ``play`` loop's ``on_command`` hook: for every person at the table, one line
    about each command, as that person may see it: printed at once for the person who
    gave it (what came of it: scoring, income, draws, a new phase), queued for the others
    until their next prompt."""

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
            shown = text or _notation(game, table, command, events)
            line = announcement(game, player, shown, events, seat)
            if seat == player:  # their own command: what came of it, at once
                agent.say(line)
            else:
                agent.tell(line)


def _notation(game: Any, table: Any, command: Any, events: Sequence[Any]) -> str:
    records = table.pending[-len(events):] if events and table.pending else []
    for rec, _ in records:  # the notation stored with the command, as the log keeps it
        if getattr(rec, "command_text", None):
            return rec.command_text
    return game.format(command, table.state)
