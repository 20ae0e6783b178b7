"""The rules of the engine itself, shared by the stored engine, the scheduler, search and
tests: how a game starts, who may give a command, where its randomness comes from, how a
list of events folds into state (skipping undone spans), and what an undo or redo may
name. ``audit`` checks stored engine events with the same functions that made them."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import BadOptions, IllegalCommand, MeepleError
from .events import Redone, Undone, is_barrier
from .game import Game
from .records import CHANCE_DRAW, CHANCE_SEQ
from .rng import Chance, derive_rng


class PluginFailed(IllegalCommand):
    """A plugin raised something other than a Meeple error (a bug, or input it did not
    expect): reported as one line naming the plugin, never as a traceback."""


def plugin_name(game: Game) -> str:
    return type(game).__module__.split(".")[0]


class NotWritten(PluginFailed):
    """A method the game needs raised NotImplementedError: the plugin has not written it
    yet (a template stub, or a required method left to the base class)."""


def plugin_failure(game: Game, doing: str, exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    if len(text) > 160:
        text = text[:157] + "..."
    return (f"the {game.name} plugin ({plugin_name(game)}) failed while {doing}: "
            f"{type(exc).__name__}: {text}")


def unwritten(game: Game, doing: str, exc: NotImplementedError) -> NotWritten:
    """The error for a method the plugin has not written, saying so (not a bad option,
    not a refused command)."""
    text = " ".join(str(exc).split()) or "a required method raises NotImplementedError"
    if len(text) > 200:
        text = text[:197] + "..."
    return NotWritten(f"the {game.name} plugin ({plugin_name(game)}) is not written yet "
                      f"({doing}): {text}")


def start(game: Game, players: Sequence[str], options: Mapping[str, Any] | None, seed: int,
          rng: random.Random | None = None) -> list[Any]:
    """The setup events of a new game (options must already be resolved or are resolved here)."""
    game.check_players(players)
    resolved = game.resolve_options(options)
    try:
        return list(game.setup(list(players), resolved, rng or derive_rng(seed, 0)))
    except MeepleError:
        raise
    except NotImplementedError as exc:
        raise unwritten(game, "setting up the game", exc) from exc
    except Exception as exc:
        raise BadOptions(plugin_failure(game, "setting up the game", exc)) from exc


#: The chance key of a fork's reshuffle (``fork_reshuffle``), drawn with the fork's seed.
FORK_KEY = "fork"


def fork_rng(seed: int) -> random.Random:
    """The generator a fork whose seed is ``seed`` reshuffles with."""
    return derive_rng(seed, FORK_KEY)


def fork_reshuffle(game: Game, state: Any, rng: random.Random) -> list[Any]:
    """The events a fork appends at its fork point (``Game.reshuffle_unrevealed``), drawn
    with ``rng`` (``fork_rng`` of the fork's seed; verify of a sealed game gives a
    ``SealedRandom``): none for a finished game."""
    if game.outcome(state) is not None:
        return []
    try:
        return list(game.reshuffle_unrevealed(state, rng))
    except MeepleError:
        raise
    except Exception as exc:
        raise PluginFailed(plugin_failure(game, "reshuffling what a fork has not seen",
                                          exc)) from exc


def parse(game: Game, text: str, state: Any, player: str | None) -> Any:
    """The game's parse, with its unexpected exceptions turned into a refusal."""
    try:
        command = game.parse(text, state, player)
    except MeepleError:
        raise
    except NotImplementedError as exc:
        raise unwritten(game, f"reading the command {text[:40]!r}", exc) from exc
    except Exception as exc:
        raise PluginFailed(plugin_failure(game, f"reading the command {text[:40]!r}", exc)) from exc
    if command is None:
        raise IllegalCommand(f"{text[:80]!r} is not a command of {game.name}")
    return command


def decide(game: Game, state: Any, player: str, command: Any, seed: int, next_seq: int,
           rng: random.Random | None = None, scheme: str = CHANCE_DRAW) -> list[Any]:
    """Check that ``player`` may act, then let the game decide. ``next_seq`` is the chance
    key (``chance_key``) of the decision, ``scheme`` the header's ``chance`` (named draws
    are keyed by name only under "draw"); ``rng`` replaces the derived generator (verify
    of a sealed game)."""
    try:
        over = game.outcome(state) is not None
        acting = game.to_act(state)
    except NotImplementedError as exc:
        raise unwritten(game, "deciding a command", exc) from exc
    if over:
        raise IllegalCommand("the game is over")
    if player not in acting:
        who = ", ".join(acting) or "nobody"
        raise IllegalCommand(f"it is not {player}'s turn (waiting for {who})")
    try:
        events = list(game.decide(state, player, command,
                                  rng or Chance(seed, next_seq, scheme == CHANCE_DRAW)))
    except MeepleError:
        raise
    except NotImplementedError as exc:
        raise unwritten(game, "deciding a command", exc) from exc
    except Exception as exc:
        raise PluginFailed(plugin_failure(game, "deciding a command", exc)) from exc
    if not events:
        raise IllegalCommand("that command would change nothing")
    return events


def chance_key(scheme: str, next_seq: int, counting: int) -> int:
    """The key of a decision's randomness. Legacy games ("seq") key it on the sequence
    number the decision writes at, which an undo moves on; "position" keys it on how many
    events count before it, plus one: the same number as ``next_seq`` while nothing was
    undone, and after an undo exactly what the undone command had, so whatever is played
    instead draws from the same stream and an undo/redo cycle cannot reroll a draw. "draw"
    keys the same way, but a draw the game names (``rng.draw_rng``) ignores this key, so
    a path that writes another number of events before it cannot shift it either."""
    return next_seq if scheme == CHANCE_SEQ else counting + 1


def effective(records: Sequence[tuple[int, Any]]) -> list[tuple[int, Any]]:
    """(seq, event) pairs that count: game events minus undone spans (honouring redo)."""
    undos: dict[int, Undone] = {}
    for seq, ev in records:
        if isinstance(ev, Undone):
            undos[seq] = ev
        elif isinstance(ev, Redone):
            undos.pop(ev.undo_seq, None)
    if not undos:
        return [(s, e) for s, e in records if not isinstance(e, Undone | Redone)]
    # A set of the undone seqs, not a test against every span per event: a log with
    # thousands of undos still folds in time linear in its length.
    dead: set[int] = set()
    for u in undos.values():
        dead.update(range(u.first_seq, u.last_seq + 1))
    return [(s, e) for s, e in records if not isinstance(e, Undone | Redone) and s not in dead]


def decisions(pairs: Sequence[tuple[int, Any]]) -> int:
    """How many stored records ``pairs`` hold: one record upcast to several of today's
    events (``Game.upcast_in_context``) still counts once."""
    count, last = 0, None
    for seq, _ in pairs:
        if seq != last:
            count += 1
            last = seq
    return count


def fold_all(game: Game, events: Iterable[Any], state: Any = None) -> Any:
    fold = game.fold
    for ev in events:
        state = fold(state, ev)
    return state


# -- undo and redo: what they may name, and whose consent they need -------------------------

#: One stored record as undo sees it: (seq, batch, actor, decoded event).
Row = tuple[int, int, "str | None", Any]


def undo_span(rows: Sequence[Row]) -> tuple[int, int, str, bool]:
    """(first, last, actor, crosses a barrier) of the last player command still counting.
    Nothing before the last events of no command (the setup, or a fork's reshuffle)
    counts: a reshuffled order follows from the commands before it."""
    alive = {s for s, _ in effective([(r[0], r[3]) for r in rows])}
    floor = max(seq for seq, _, actor, _ in rows if actor is None)
    spans: dict[int, tuple[int, str]] = {}
    for seq, batch, actor, _ in rows:
        if actor is not None and seq in alive and seq > floor:
            last = spans.get(batch, (seq, actor))[0]
            spans[batch] = (max(last, seq), actor)
    if not spans:
        raise IllegalCommand("there is nothing to undo: no player command counts yet")
    first = max(spans)
    last, actor = spans[first]
    barrier = any(is_barrier(r[3]) for r in rows if first <= r[0] <= last)
    return first, last, actor, barrier


def consent_needed(players: Sequence[str], actor: str, by: str, barrier: bool) -> list[str]:
    """Who must agree to an undo: everyone when the span revealed hidden information (a
    draw every player has now seen), else the player whose command it undoes."""
    return list(players) if barrier else sorted({actor, by})


def make_undo(rows: Sequence[Row], players: Sequence[str], by: str,
              agreed: Sequence[str] = (), force: bool = False, proof: str = "") -> Undone:
    """The Undone event ``by`` may append now, or IllegalCommand saying whose consent is
    missing. ``agreed`` are the players who gave their consent, ``proof`` how they did
    ("hot-seat": typed at one CLI by ``by``; "seat-key": each proved their seat)."""
    first, last, actor, barrier = undo_span(rows)
    unknown = [p for p in agreed if p not in players]
    if unknown:
        raise BadOptions(f"{', '.join(unknown)} do not play; players: {', '.join(players)}")
    consent = tuple(dict.fromkeys([*agreed, by]))
    needed = consent_needed(players, actor, by, barrier)
    missing = [p for p in needed if p not in consent]
    if missing and not force:
        why = ("revealed hidden information; undo needs every player's consent"
               if barrier else f"are {actor}'s command; undo needs {actor}'s consent")
        raise IllegalCommand(f"events {first}-{last} {why} (missing: {', '.join(missing)}; "
                             f"--agreed-by {','.join(p for p in needed if p != by)}) or --force")
    # Undoing another's command needs their consent, so it has two or more consenting.
    recorded = barrier or force or len(consent) > 1
    return Undone(first, last, by, consent if recorded else (), bool(missing) and force,
                  proof if recorded else "")


def judge_undo(span: tuple[int, int, str, bool] | None, players: Sequence[str], ev: Undone,
               legacy: bool) -> str | None:
    """Why a stored Undone event could not have been appended where the span an undo could
    name was ``span`` (``undo_span``; None if nothing could be undone), or None. ``legacy``:
    a game from before consent for others' moves (only a span that crossed a barrier
    needed consent, and a forced undo recorded just its asker). verify keeps the spans as
    it reads, without a scan per undo."""
    if span is None:
        return "there was nothing to undo"
    first, last, actor, barrier = span
    if (ev.first_seq, ev.last_seq) != (first, last):
        return (f"it names events {ev.first_seq}-{ev.last_seq}, but the last command that "
                f"counted was events {first}-{last}")
    if ev.by not in players:
        return f"it was asked by {ev.by!r}, who does not play"
    if legacy:
        if barrier and not ev.forced_by:
            return "it crosses revealed information without recorded consent"
        return None
    consent = {*ev.forced_by, ev.by}
    missing = [p for p in consent_needed(players, actor, ev.by, barrier) if p not in consent]
    if missing and not ev.forced:
        return f"it undoes {actor}'s events without the consent of {', '.join(missing)}"
    return None


def redo_target(pairs: Sequence[tuple[int, Any]]) -> int:
    """The seq of the Undone event a redo would cancel (the last one not cancelled, with
    no command after it)."""
    cancelled = {ev.undo_seq for _, ev in pairs if isinstance(ev, Redone)}
    undos = [s for s, ev in pairs if isinstance(ev, Undone) and s not in cancelled]
    if not undos:
        raise IllegalCommand("there is nothing to redo")
    target = undos[-1]
    # After the undo there may be only redos and the undos they cancelled.
    later = [s for s, ev in pairs if s > target and not isinstance(ev, Redone)
             and s not in cancelled]
    if later:
        raise IllegalCommand("cannot redo: new moves were made after the undo")
    return target


def redo_allowed(pairs: Sequence[tuple[int, Any]], rows: Sequence[Row], target: int,
                 by: str) -> str | None:
    """A redo puts a command back: only the undo's asker or the command's own player may."""
    undo = dict(pairs)[target]
    actor = next((r[2] for r in rows if r[0] == undo.first_seq), None)
    return redo_allowed_for(undo, actor, target, by)


def redo_allowed_for(undo: Undone, actor: str | None, target: int, by: str) -> str | None:
    """``redo_allowed`` given the undo at ``target`` and the player of what it undid."""
    if by not in (undo.by, actor):
        return (f"only {undo.by} (who undid it) or {actor} (whose command it was) may redo "
                f"the undo at {target}")
    return None
