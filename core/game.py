"""The contract between the engine and a game plugin.

A game is an object with pure functions over its own state type. Subclass ``Game`` and
override what your game needs; the defaults suit a perfect-information game whose state
is a plain dataclass. The engine never looks inside a state: it only passes it back to
the game. See docs/plugins.md for the worked example (connect four).
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from .errors import BadOptions, MeepleError
from .text import fit

State = Any
Event = Any
Command = Any


_KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _as_bool(value: Any) -> bool:
    """A bool, or its words as a command line gives them (a bare flag gives "")."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("1", "true", "yes", "on", ""):
            return True
        if text in ("0", "false", "no", "off"):
            return False
    if not isinstance(value, bool):
        raise ValueError
    return value


def _as_int(value: Any) -> int:
    if isinstance(value, str):
        return int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError  # True is an int to Python, not to a player
    return value


def _as_float(value: Any) -> float:
    if isinstance(value, str):
        number = float(value.strip())
        if not math.isfinite(number):
            raise ValueError  # nan and infinity compare with no bound
        return number
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError
    return float(value)  # OverflowError for an int too large


def _as_str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError
    return value


#: Each option kind's conversion of a given value: ValueError or OverflowError if it has none.
_AS_KIND: dict[type, Callable[[Any], Any]] = {
    bool: _as_bool, int: _as_int, float: _as_float, str: _as_str}
#: The kinds an option may have; ``Option`` infers one from its default when not given.
OPTION_KINDS: tuple[type, ...] = tuple(_AS_KIND)


@attrs.frozen
class Option:
    """One game option: ``Option("heaps", "3,4,5", "heap sizes, comma-separated")``.

    ``kind`` is bool, int, float or str; when not given it is the type of ``default`` (so
    that string option above is a str option). ``choices`` limits the values; ``min`` and
    ``max`` bound an int or float option (inclusive). A declaration the engine could not
    use (an unknown kind, a default of the wrong kind or out of its own bounds) raises
    TypeError when the game module is imported, so ``meeple plugins`` lists the plugin as
    failed with the reason instead of the game failing at play time.
    """

    name: str
    default: Any
    help: str
    kind: type | None = None
    choices: tuple[Any, ...] | None = None
    min: int | float | None = None
    max: int | float | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind is None:
            object.__setattr__(self, "kind", type(self.default))
        problem = self.problem()
        if problem:
            raise TypeError(f"option {self.name!r}: {problem}")

    def problem(self) -> str | None:
        """Why this declaration is unusable, or None."""
        kinds = ", ".join(k.__name__ for k in OPTION_KINDS)
        if not isinstance(self.name, str) or not self.name.strip():
            return "the name must be a non-empty string"
        if self.kind not in OPTION_KINDS:
            what = getattr(self.kind, "__name__", repr(self.kind))
            return (f"kind {what} is not one of {kinds} (give kind= or a default of one "
                    "of those types)")
        if (self.min is not None or self.max is not None) and self.kind not in (int, float):
            return f"min and max bound int or float options, not a {self.kind.__name__} option"
        if self.min is not None and self.max is not None and self.min > self.max:
            return f"min {self.min} is above max {self.max}"
        try:
            self.coerce(self.default)
        except BadOptions as exc:
            return f"the default {self.default!r} is not allowed by the declaration ({exc})"
        return None

    def describe(self) -> str:
        """What values are allowed, in words (for listings and error messages)."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        what = _KIND_WORDS.get(self.kind, str(self.kind))
        if self.min is not None and self.max is not None:
            return f"{what} from {self.min} to {self.max}"
        if self.min is not None:
            return f"{what}, at least {self.min}"
        if self.max is not None:
            return f"{what}, at most {self.max}"
        return what

    def coerce(self, value: Any) -> Any:
        """The value as this option's kind; BadOptions saying what is allowed if it is not."""
        try:
            value = _AS_KIND[self.kind](value)
        except (ValueError, OverflowError):
            raise self._refusal(value) from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise BadOptions(f"option {self.name!r} must be one of {allowed}, not {_shown(value)}")
        if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max):
            raise self._refusal(value)
        return value

    def _refusal(self, value: Any) -> BadOptions:
        return BadOptions(f"option {self.name!r} takes {self.describe()}, not {_shown(value)}")


def render_checked(game: Game, state: State, fmt: str = "text", player: str | None = None,
                   width: int | None = None) -> str:
    """``game.render`` with the format checked: one the game does not declare in
    ``render_formats`` is refused, and an "svg" that is not SVG is the plugin's error,
    not a picture (a render that ignores ``fmt`` would otherwise pass text off as svg).
    ``width`` is passed on only when there is one, so a game whose ``render`` takes no
    width still draws for a file or a pipe."""
    if fmt not in game.render_formats:
        allowed = ", ".join(game.render_formats)
        raise BadOptions(f"{game.name} renders {allowed}; not {fmt!r}")
    picture = (game.render(state, fmt, player) if width is None
               else game.render(state, fmt, player, width=width))
    if fmt == "svg" and not picture.lstrip().startswith(("<svg", "<?xml")):
        raise MeepleError(f"{game.name}'s render gave no SVG for format 'svg'; a game without "
                          "pictures sets render_formats = ('text',)")
    return picture


def _shown(value: Any) -> str:
    """A user's value for an error line: short, and safe for ints too long to print."""
    try:
        text = repr(value)
    except ValueError:
        return "a number too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


@attrs.frozen
class Outcome:
    """The result of a finished game. ``ranks``: 1 is best; tied players share a rank."""

    scores: Mapping[str, float]
    ranks: Mapping[str, int]
    detail: Mapping[str, Any] = attrs.field(factory=dict)

    @classmethod
    def from_scores(
        cls,
        scores: Mapping[str, float],
        tiebreak: Mapping[str, Any] | None = None,
        detail: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Rank by score (higher is better), then by ``tiebreak`` (higher is better)."""

        def key(p: str) -> tuple:
            return (scores[p], tiebreak[p]) if tiebreak else (scores[p],)

        order = sorted(scores, key=key, reverse=True)
        ranks: dict[str, int] = {}
        for i, p in enumerate(order):
            if i and key(order[i - 1]) == key(p):
                ranks[p] = ranks[order[i - 1]]
            else:
                ranks[p] = i + 1
        return cls(dict(scores), ranks, dict(detail or {}))

    @property
    def winners(self) -> list[str]:
        return sorted(p for p, r in self.ranks.items() if r == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "ranks": dict(self.ranks),
            "winners": self.winners,
            "detail": dict(self.detail),
        }


@attrs.frozen
class Entry:
    """One line of a panel: a card, a tile, a track, a count. ``text`` says it in words
    (what it costs, does or scores); ``detail`` is the longer rules text shown on hover or
    asked for; ``region`` names the picture's region it stands for, if any."""

    name: str
    text: str = ""
    detail: str = ""
    region: str | None = None


@attrs.frozen
class Panel:
    """A part of the table a player looks at besides the board: a hand, a tableau, a
    pool of tiles, the scoring tiles, an income preview."""

    title: str
    entries: tuple[Entry, ...] = ()


@attrs.frozen
class Amount:
    """One number a person sets to give a command: ``count`` of ``name`` (megacredits,
    steel...), each counting ``worth`` toward its form's ``target``."""

    name: str
    count: int
    worth: int = 1


@attrs.frozen
class Amounts:
    """The numbers of a command that a person sets in a small form instead of pointing
    (how a card is paid). The commands that share all their regions and whose amounts
    have the same ``title`` are one form: ``parts`` name the same numbers in the same
    order, each command with its own counts; the page shows one input per part, the sum
    of count times worth against ``target`` (the cost) and ``button``, which gives the
    command whose counts are the ones set."""

    title: str
    target: int
    parts: tuple[Amount, ...]
    button: str = "Confirm"


class Game:
    """Base class for games. Class attributes describe the game; methods are its rules.

    What the engine needs of a game (docs/plugins.md, section 4): its states compare by
    value (``==`` field by field; ``clone(state) == state``), and the Game object holds no
    game: one object serves every game of an engine, from several threads, so it keeps no
    mutable state (immutable tables built once are fine; caches belong on a state or an
    agent)."""

    #: The name users type: lowercase words joined by hyphens, e.g. "connect-four".
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    version: ClassVar[str] = "0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[tuple[Option, ...]] = ()
    #: Every event class this game can emit (attrs classes made with ``@event``).
    events: ClassVar[tuple[type, ...]] = ()
    #: True when views redact something (hands, stacks); agents then use determinize.
    hidden_information: ClassVar[bool] = False
    #: The formats ``render`` draws. The engine refuses any other format with a clear error
    #: (never a silent text fallback). Unless a class sets it: ("text",) with the default
    #: render, ("text", "svg") once the class writes its own ``render`` (an "svg" that is
    #: not SVG is then an error, see ``render_checked``).
    render_formats: ClassVar[tuple[str, ...]] = ("text",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "render" in cls.__dict__ and "render_formats" not in cls.__dict__:
            cls.render_formats = ("text", "svg")

    # -- setting up ----------------------------------------------------------------

    def default_players(self, count: int) -> list[str]:
        """Seat names used when the user gives only agent specs."""
        return [f"p{i + 1}" for i in range(count)]

    def check_players(self, players: Sequence[str]) -> None:
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise BadOptions(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {n}"
            )
        doubled = dict.fromkeys(p for i, p in enumerate(players) if p in players[:i])
        if doubled:
            raise BadOptions(f"player names must be different: {', '.join(doubled)} is given "
                             f"more than once in {', '.join(players)}")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and check every given option; unknown names are an error.
        Names match whatever mix of hyphens and underscores the user types."""

        def norm(name: str) -> str:
            return name.strip().lower().replace("_", "-")

        known = {norm(o.name): o for o in self.options}
        values: dict[str, Any] = {}
        for key, value in dict(given or {}).items():
            opt = known.get(norm(key))
            if opt is None:
                allowed = ", ".join(o.name for o in self.options) or "none"
                raise BadOptions(f"{self.name} has no option {key!r}; its options are: {allowed}")
            values[opt.name] = value
        return {o.name: o.coerce(values.get(o.name, o.default)) for o in self.options}

    def setup(self, players: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        """The opening events. The first must create the state from ``None``."""
        raise NotImplementedError

    # -- playing -------------------------------------------------------------------

    def decide(self, state: State, player: str, command: Command, rng: random.Random) -> list[Event]:
        """Check a command and return the events it causes; raise IllegalCommand if not allowed.
        Must not change ``state``."""
        raise NotImplementedError

    def fold(self, state: State | None, event: Event) -> State:
        """Apply one event. Pure over (state, event); may change ``state`` in place."""
        raise NotImplementedError

    def step(self, state: State, player: str, command: Command, rng: random.Random) -> State:
        """The search fast path: apply a command ``legal`` offered, in place, and return the
        new state (search works on clones, never on a live state). The default is decide
        then fold each event. A game may override it with a direct update that skips
        validation and event objects, provided it yields a state equal to decide+fold."""
        for ev in self.decide(state, player, command, rng):
            state = self.fold(state, ev)
        return state

    def to_act(self, state: State) -> Sequence[str]:
        """The players who must act now (empty when the game is over)."""
        raise NotImplementedError

    def legal(self, state: State, player: str) -> list[Command]:
        """Every command ``player`` may give now."""
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    # -- information -----------------------------------------------------------------

    def view(self, state: State, player: str | None) -> State:
        """The state as ``player`` may see it (``None``: a spectator). Must not share
        mutable parts with ``state`` if it redacts anything."""
        return state

    def determinize(self, view: State, player: str, rng: random.Random) -> State:
        """A full state consistent with ``view``, hidden parts sampled from ``rng``."""
        return self.clone(view)

    def redact(self, event: Event, player: str | None) -> Event:
        """The event as ``player`` may see it in a log (secret payloads replaced)."""
        return event

    def reshuffle_unrevealed(self, state: State, rng: random.Random) -> list[Event]:
        """The events that put every stack, deck or bag whose order nobody has seen yet
        into a new order drawn from ``rng`` (fact events: the new order, which fold
        applies). A fork appends them at its fork point, drawn with the fork's own seed,
        so playing on in a fork cannot foretell the source game's draws. What any player
        has seen stays as it is: hands, offers, face-up cards, and the size and contents
        of a face-down pile. Every view must be the same before and after the events.
        The default: nothing, for a game that keeps no unseen order in its state (none
        hidden, or every draw made from the seed when it happens)."""
        return []

    def redact_command(self, text: str, actor: str, player: str | None) -> str:
        """A command's notation as ``player`` may see it in a log (``"buy Comet, Fish"``
        by another player might show as ``"buy 2 cards"``). The default shows it all."""
        return text

    def clone(self, state: State) -> State:
        """A copy that folds can change freely. Override with something faster."""
        return copy.deepcopy(state)

    # -- notation and presentation --------------------------------------------------------

    def parse(self, text: str, state: State, player: str) -> Command:
        """Turn the game's notation into a command; raise IllegalCommand if unreadable.
        The engine always passes the state the command is for (a view when an agent or a
        person asks) and the player giving it."""
        raise NotImplementedError

    def format(self, command: Command, state: State) -> str:
        """The notation of a command; ``parse(format(c)) == c``. The engine always passes
        the state the command is for."""
        raise NotImplementedError

    def describe_event(self, event: Event) -> str:
        """One line for ``meeple log``."""
        fields = attrs.asdict(event, recurse=False) if attrs.has(type(event)) else {}
        args = " ".join(f"{k}={v}" for k, v in fields.items())
        return f"{type(event).__name__} {args}".strip()

    def changes(self, event: Event) -> Mapping[str, Mapping[str, int | float]]:
        """What ``event`` changed, per player: ``{player: {counter: delta}}``.

        Events are facts (docs/architecture.md): each records its consequences, so this
        reads them off the event alone, with no state and no rules. The counter ``vp`` is
        the game's score (victory points, prestige, points): summed over every event that
        counts in a finished game it gives each player's final score. Other counters use
        the game's own resource names (``coins``, ``workers``, ``tr``, ``megacredits``...).
        ``meeple log --json`` shows this as each line's ``changes``. The default: nothing."""
        return {}

    def explain(self, topic: str, state: State | None = None) -> str | None:
        """A rules text for people: a card, a tile, a scoring rule... named by ``topic``
        (``? Mars University`` at the prompt, ``meeple rules GAME TOPIC``). ``state``, when
        given, is the asking player's view. None: the game knows no such topic."""
        return None

    def topics(self) -> Mapping[str, Sequence[str]]:
        """The names ``explain`` answers for, by kind: ``{"cards": ["Asteroid", ...],
        "awards": [...]}`` (``meeple rules GAME`` lists them; the prompt completes
        ``? NAME`` with them). The default: nothing."""
        return {}

    def describe_table(self, state: State, player: str | None = None) -> list[str]:
        """What the picture does not say, in words, one line each (pools, what is taken,
        scoring to come, income, tableaux...), as ``player`` may see it (``state`` is
        their view). Shown at the prompt and by ``meeple show`` as text. The default:
        nothing."""
        return []

    def panels(self, state: State, player: str | None) -> Sequence[Panel]:
        """What the table shows ``player`` (None: a spectator) besides the board, in words:
        its own hand as cards, every player's played cards and tokens, the pools on
        display, the scoring in play. ``state`` is that player's view, so nothing hidden
        from it can appear. The browser draws each panel beside the board and the prompt
        prints them. The default: none."""
        return ()

    def regions(self, state: State, player: str, command: Command) -> Sequence[str]:
        """Where a person points to give ``command``: the ids of the picture's clickable
        regions it touches, in the order they are picked (a hex, then what to build there;
        a tile spot, its rotation, then a meeple's feature). Each id is the
        ``data-region`` attribute of an element in the SVG that ``render(view, "svg",
        player)`` draws for this player; an element that belongs to a later step (a
        preview of the tile at a chosen spot) also carries ``data-after="ID"``, the step
        it follows, and is shown only once that step is picked. Alternatives of one step
        that a person turns through rather than picks among (the rotations of a tile at
        its spot) carry ``data-cycle="GROUP"``, one group for all of them, beside their
        ``data-after``: the page shows the first, a click on it shows the next, and going
        on to a later step picks the one shown. Every command that shares the steps
        before such a step goes on to a member of that group there. ``state`` is the
        player's view and ``command`` one of its ``legal`` commands. The browser lights
        the first regions of every legal command, narrows the commands by each click and
        asks to confirm the one left. The default, no regions: the player picks the
        command from a list or types it."""
        return ()

    def amounts(self, state: State, player: str, command: Command) -> Amounts | None:
        """The numbers of ``command`` a person sets in a form rather than by pointing (how
        a card is paid: so much in megacredits, so much in steel), or None. Commands
        that share all their ``regions`` and whose amounts have the same title become one
        form once those regions are picked (``Amounts``); the form gives only the command
        whose counts are the ones set. ``state`` is the player's view and ``command`` one
        of its ``legal`` commands. The default: None (a short menu names such commands)."""
        return None

    def turn_marker(self, state: State) -> str | None:
        """A heading such as "Round 3, turn 2", printed by ``meeple log`` when it changes."""
        return None

    def summary(self, state: State, player: str | None = None) -> dict[str, Any]:
        """Plain data about the state for ``meeple show --format json`` (scores, round...)."""
        return {}

    def render(self, state: State, fmt: str = "text", player: str | None = None,
               width: int | None = None) -> str:
        """``fmt`` is one of ``render_formats``: "text" (terminal) or "svg" (a picture).
        ``width``: the columns of the terminal a text picture is shown in (None: no limit,
        a file or a pipe); no line of the text may be wider (``meeple.core.fit`` wraps
        prose at words). The default draws ``repr(state)`` as text and has no picture."""
        if fmt != "text":
            raise BadOptions(f"{self.name} draws no {fmt} picture; it renders text")
        return fit(repr(state), width)

    def evaluate(self, state: State, player: str) -> float:
        """A heuristic value of ``state`` for ``player``; higher is better. Roughly in
        [-1, 1] is kindest to search, but any scale works if it is consistent."""
        out = self.outcome(state)
        if out is None:
            return 0.0
        return 1.0 if out.ranks.get(player) == 1 else -1.0

    def evaluator(self) -> Callable[[State, str], float]:
        """A function that values states as ``evaluate`` does, for one agent to keep: a
        game whose evaluation is worth caching puts the cache in it (never on the Game
        object, which every game of an engine shares). The default is ``evaluate``."""
        return self.evaluate

    # -- machine learning (optional; meeple.rl, docs/rl.md) ---------------------------------

    #: The number of actions of a fixed action encoding (``encode_action``), or None: the RL
    #: adapters then number ``legal`` in its canonical order (sorted by notation), up to
    #: ``max_actions``.
    action_count: ClassVar[int | None] = None
    #: The bound of the default encoding: no state of the game offers more commands.
    max_actions: ClassVar[int] = 1024
    #: The length of ``observation``'s vector, or None for the adapters' generic encoding
    #: of ``summary``.
    observation_size: ClassVar[int | None] = None

    def encode_action(self, command: Command, state: State) -> int:
        """The fixed index of ``command`` in ``range(action_count)`` (only with
        ``action_count`` set): the same command always has the same index. Raise
        ValueError for a command beyond the bounds the encoding documents (the adapters
        then leave it out of the action mask)."""
        raise NotImplementedError

    def decode_action(self, index: int, state: State, player: str) -> Command:
        """The command of a fixed index; the inverse of ``encode_action``."""
        raise NotImplementedError

    def observation(self, view: State, player: str) -> Sequence[float]:
        """``view`` (what ``player`` sees) as ``observation_size`` numbers (only with
        ``observation_size`` set). It must not use anything the view hides."""
        raise NotImplementedError

    def upcast(self, type_name: str, version: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Turn stored data of an old event version into the next version's data: one step
        per version. By default the event class's own step, written beside the event as
        a static method ``upcast_v1_v2(data) -> data`` (``upcast_v2_v3`` for the next
        version, and so on); a game without one for ``version`` cannot read it."""
        for cls in self.events:
            if getattr(cls, "TYPE", None) == type_name:
                step = getattr(cls, f"upcast_v{version}_v{version + 1}", None)
                if step is not None:
                    return version + 1, step(dict(data))
        raise NotImplementedError(f"{self.name} cannot read {type_name} version {version}")

    def upcast_in_context(self, state: State, event: Event) -> Event | list[Event]:
        """An event of an old log whose today's form needs the game's state: e.g. a row
        stored without its outcomes, whose facts the rules derive once here. Called on
        every stored event, with the state before it, as a log is loaded and verified; by
        default the event as it is. The result is folded, described and shown in its
        place: one event, or a list when one stored record stands for several of today's
        events (a drop whose win an old format did not record as an event of its own).
        This is the one place where an old format meets the rules: fold never does."""
        return event

    def upcasts_in_context(self, event: Event) -> bool:
        """Whether ``upcast_in_context`` may change ``event`` (so that a log being loaded
        must have the state before it at hand: after an undo, Table folds the state again
        only for such an event). By default: whenever the game overrides
        ``upcast_in_context``; a game says exactly which events it upcasts."""
        return type(self).upcast_in_context is not Game.upcast_in_context

    def old_format(self, stored: Sequence[Event], today: Sequence[Event]) -> str | None:
        """verify asks this where a stored batch (decoded and upcast) is not what today's
        rules give: None if that is a finding, else which old log format ``stored`` is
        (it is then accepted, folded as stored, and the report says so). Only a format
        that records less than today's may say so: never a changed outcome."""
        return None
