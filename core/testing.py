"""Contract tests every game plugin runs, in the spirit of the ``eventsourcing`` library's
store contract suites: subclass ``GameContract`` in your plugin's tests and set ``game``.

    class TestContract(GameContract):
        game = ConnectFour()
        player_counts = (2,)

The suite plays random games and checks the engine's promises for your game: the same
seed and commands give the same log, byte for byte; replaying the stored (encoded) log
equals the live state; decide never changes the state; notation round-trips; bad text and
wrong players are refused with IllegalCommand; every event survives the codec; ``legal``
answers every seat in every position walked, ``[]`` for a seat that may not act. Every
random walk here stops with a RuntimeError after ``max_steps`` commands without an end. Events are
facts (``EventsAreFactsContract``): fold alone replays the encoded events, with decide,
legal, step and parse raising, and the vp changes of a finished game sum to its scores.
``assert_verify_reports_rules_change`` checks that verify names a changed scoring rule.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import html
import importlib
import inspect
import pkgutil
import random
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .codec import Codec
from .errors import BadOptions, IllegalCommand, MeepleError
from .game import Amounts, Game, render_checked
from .local import LocalGame
from .runtime import fold_all
from .testing_needs import *  # noqa: F403 (re-exported)
from .testing_stores import *  # noqa: F403 (re-exported)
from .testing_svg import *  # noqa: F403 (re-exported)


def package_imports(package_dir: Path) -> dict[str, set[str]]:
    """For each module of a package folder (``name.py``), the names it imports relatively
    (``from .x import y`` gives ``x``; ``from . import y`` gives ``y``), at its top or inside
    a function: what a plugin's test of its import direction reads."""
    graph: dict[str, set[str]] = {}
    for path in sorted(package_dir.glob("*.py")):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(a.name for a in node.names)
        graph[path.stem] = deps
    return graph


def import_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """An import cycle of ``graph`` (from ``package_imports``) as a path of module names, or
    None; names that are not modules of the graph are ignored."""
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> list[str] | None:
        state[m] = 1
        for d in sorted(graph[m]):
            if d not in graph:
                continue
            if state.get(d) == 1:
                return path + [d]
            if d not in state and (found := visit(d, path + [d])):
                return found
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m, [m])):
            return found
    return None


def random_game(game: Game, n_players: int, seed: int, options: dict | None = None,
                max_steps: int = 100_000, idle_seats_checked: bool = False) -> LocalGame:
    """A seeded game of uniformly random commands, played to its end as
    ``LocalGame.play_randomly`` plays it (a RuntimeError after ``max_steps`` commands).
    ``idle_seats_checked``: the same game, also asking ``legal`` of every seat that may not
    act in each position it passes, which must answer ``[]``."""
    local = LocalGame(game, game.default_players(n_players), options, seed=seed)
    rng = random.Random(seed)
    if not idle_seats_checked:
        local.play_randomly(rng, max_steps=max_steps)
        return local
    steps = 0
    while local.outcome() is None:
        if steps >= max_steps:
            raise no_end(game, n_players, seed, max_steps)
        acting = list(local.to_act())
        where = f" ({n_players} players, options {options}, seed {seed}, step {steps})"
        check_idle_seats(game, local.state, local.players, acting, where)
        # the same draws as play_randomly, so that both walks play the same game
        player = rng.choice(acting) if acting else None
        commands = game.legal(local.state, player) if player else []
        if not commands:
            raise RuntimeError(f"{game.name}: {player or 'nobody'} must act but has no legal "
                               f"command{where}")
        local.play(player, rng.choice(commands))
        steps += 1
    check_idle_seats(game, local.state, local.players, [],
                     f" ({n_players} players, options {options}, seed {seed}, at the end)")
    return local


def no_end(game: Game, n_players: int, seed: int, max_steps: int) -> RuntimeError:
    """The failure of a random walk that reached ``max_steps`` commands without an end."""
    return RuntimeError(f"{game.name}: no end after {max_steps} commands ({n_players} players, "
                        f"seed {seed}): the game never ends, or give a larger max_steps")


def random_decisions(game: Game, n_players: int, seed: int, steps: int | None = None,
                     max_steps: int = 100_000) -> Iterator[tuple[Any, str]]:
    """(state, player to act) at each decision of a seeded random game, up to ``steps``
    decisions: what a property test over every position of a game walks. A game that has
    not ended after ``max_steps`` commands (and before ``steps``) is a RuntimeError."""
    local = LocalGame(game, game.default_players(n_players), seed=seed)
    rng = random.Random(seed)
    n = 0
    while local.outcome() is None and (steps is None or n < steps):
        if n >= max_steps:
            raise no_end(game, n_players, seed, max_steps)
        player = local.to_act()[0]
        yield local.state, player
        local.play(player, rng.choice(game.legal(local.state, player)))
        n += 1


def played(game: Game, players: Sequence[str], commands: Iterable[Any]) -> LocalGame:
    """A new game after ``commands``, each played by the first player to act: a position
    written down as its moves."""
    local = LocalGame(game, list(players))
    for cmd in commands:
        local.play(local.to_act()[0], cmd)
    return local


def random_snapshots(game: Game, n_players: int, seed: int, at: Sequence[int],
                     max_steps: int = 100_000) -> list[Any]:
    """Copies of a seeded random game's state after each ply count in ``at``, then its
    final state: the positions a picture or view test reads. A game that has not ended
    after ``max_steps`` commands is a RuntimeError."""
    local = LocalGame(game, game.default_players(n_players), seed=seed)
    rng = random.Random(seed)
    out, ply = [], 0
    while local.outcome() is None:
        if ply >= max_steps:
            raise no_end(game, n_players, seed, max_steps)
        if ply in at:
            out.append(game.clone(local.state))
        player = local.to_act()[0]
        local.play(player, rng.choice(game.legal(local.state, player)))
        ply += 1
    return [*out, local.state]


def check_legal_of_every_seat(game: Game, state: Any, players: Sequence[str],
                              where: str = "") -> None:
    """``legal`` answers every seat with a list, and ``[]`` for a seat that may not act
    now (an agent, a screen or a tool may ask any seat, not only the one to act)."""
    acting = list(game.to_act(state)) if game.outcome(state) is None else []
    for seat in acting:
        commands = game.legal(state, seat)
        assert isinstance(commands, list), (
            f"{game.name}: legal(state, {seat!r}) gave {type(commands).__name__}, not a "
            f"list{where}")
    check_idle_seats(game, state, players, acting, where)


def check_idle_seats(game: Game, state: Any, players: Sequence[str], acting: Sequence[str],
                     where: str = "") -> None:
    """``legal`` is ``[]`` (a list) for every seat of ``players`` not in ``acting``."""
    for seat in players:
        if seat in acting:
            continue
        commands = game.legal(state, seat)
        assert isinstance(commands, list) and commands == [], (
            f"{game.name}: legal(state, {seat!r}) must be [] for a seat that may not act "
            f"now, not {commands if commands is None else f'{len(commands)} commands'}"
            f"{where}")


def derived_option_sets(game: Game) -> tuple[dict, ...]:
    """The defaults, then one set per declared value other than the default: a bool
    flipped, each choice, an int or float option at its bounds."""
    sets: list[dict] = [{}]
    for opt in game.options:
        if opt.choices is not None:
            values = list(opt.choices)
        elif opt.kind is bool:
            values = [not opt.default]
        else:
            values = [v for v in (opt.min, opt.max) if v is not None]
        for value in values:
            if value != opt.default and {opt.name: value} not in sets:
                sets.append({opt.name: value})
    return tuple(sets)


def encoded_log(game: Game, events: list[Any]) -> list[tuple[str, int, bytes]]:
    codec = Codec(game)
    return [codec.encode(e) for e in events]


def replay_encoded(game: Game, log: list[tuple[str, int, bytes]]) -> Any:
    codec = Codec(game)
    return fold_all(game, (codec.decode(t, v, d) for t, v, d in log))


# -- events are facts ---------------------------------------------------------------------
#
# decide computes, events record, fold applies. These helpers check the last two halves for
# any game; ``EventsAreFactsContract`` runs them on random games (GameContract includes it).

#: The rule methods fold must never need: fold-only replay replaces them with ones that raise.
RULE_METHODS: tuple[str, ...] = ("decide", "legal", "step", "parse")




class RulesCalledInFold(Exception):
    """A fold (or changes / describe_event) called a rule method; see ``fold_only``."""


def fold_only(game: Game) -> tuple[Game, list[str]]:
    """A copy of ``game`` whose ``decide``, ``legal``, ``step`` and ``parse`` raise
    RulesCalledInFold, and the list where every such call is noted (so a fold that
    swallows the exception is still caught). The original ``game`` is untouched."""
    calls: list[str] = []
    patched = copy.copy(game)

    def forbid(name: str) -> Any:
        def rule(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            raise RulesCalledInFold(
                f"{game.name}: {name}() was called while folding stored events; fold must "
                "apply what the event records, never re-run the rules")
        return rule

    for name in RULE_METHODS:
        setattr(patched, name, forbid(name))
    return patched, calls


@contextlib.contextmanager
def forbid_functions(modules: Sequence[str], calls: list[str]) -> Iterator[None]:
    """While active, every function defined in ``modules`` (dotted names, e.g. a game's
    rules module) raises RulesCalledInFold and is noted in ``calls``, wherever it is bound:
    a ``from .rules import score`` elsewhere in the same package is replaced too."""
    targets: dict[int, str] = {}
    for name in modules:
        mod = importlib.import_module(name)
        for attr, obj in vars(mod).items():
            if inspect.isfunction(obj) and obj.__module__ == name:
                targets[id(obj)] = f"{name}.{attr}"
    packages = {name.split(".")[0] for name in modules}
    saved: list[tuple[Any, str, Any]] = []

    def forbid(qualname: str) -> Any:
        def rule(*args: Any, **kwargs: Any) -> Any:
            calls.append(qualname)
            raise RulesCalledInFold(f"{qualname}() was called while folding stored events; "
                                    "fold must apply what the event records")
        return rule

    for mod_name, mod in list(sys.modules.items()):
        if mod is None or mod_name.split(".")[0] not in packages:
            continue
        for attr, obj in list(vars(mod).items()):
            if id(obj) in targets and inspect.isfunction(obj):
                saved.append((mod, attr, obj))
                setattr(mod, attr, forbid(targets[id(obj)]))
    try:
        yield
    finally:
        for mod, attr, obj in reversed(saved):
            setattr(mod, attr, obj)


def check_value_equality(game: Game, n_players: int, options: dict | None = None) -> None:
    """Fail, saying why, unless ``game``'s states compare by value: the same setup and the
    same first moves give equal states (==), and ``clone`` gives an equal one."""
    players = game.default_players(n_players)
    a = LocalGame(game, players, options or {}, seed=1)
    b = LocalGame(game, players, options or {}, seed=1)
    for local in (a, b):
        rng = random.Random(1)
        for _ in range(3):
            acting = local.to_act()
            if local.outcome() is not None or not acting:
                break
            moves = game.legal(local.state, acting[0])
            if not moves:
                break
            local.play(acting[0], moves[rng.randrange(len(moves))])
    why = None
    if not a.state == b.state:
        why = "two states built by the same setup and the same moves are not equal (==)"
    elif not game.clone(a.state) == a.state:
        why = "a state and its clone are not equal (==)"
    assert why is None, (
        f"{game.name}: {why}. GameContract needs value equality of the state: every "
        "check compares states with ==, so a state compared by identity fails them with "
        "misleading messages. Define __eq__ comparing every field (attrs and dataclasses "
        "give it; docs/plugins.md, section 4).")


def fold_only_modules(game: Game, state: Any, keep: Sequence[str] = ()) -> tuple[str, ...]:
    """Every module of ``game``'s package (the one that defines its events) except those
    that define its events, the type of ``state``, its ``fold`` and ``keep``: the modules
    whose functions fold must never need (fold-only replay forbids them)."""
    names = set()
    for package in {cls.__module__.split(".")[0] for cls in game.events}:
        root = importlib.import_module(package)
        names.add(package)
        for info in pkgutil.walk_packages(getattr(root, "__path__", []), package + "."):
            names.add(info.name)
    allowed = {cls.__module__ for cls in game.events}
    allowed |= {type(state).__module__, type(game).fold.__module__, *keep}
    return tuple(sorted(n for n in names if n not in allowed))


def vp_totals(game: Game, events: Sequence[Any], players: Sequence[str]) -> dict[str, float]:
    """Each player's sum of ``changes(ev)["vp"]`` over ``events`` (pass only the events
    that count: undone spans left out)."""
    totals = dict.fromkeys(players, 0.0)
    for ev in events:
        for player, counters in game.changes(ev).items():
            if "vp" in counters:
                totals[player] = totals.get(player, 0.0) + counters["vp"]
    return totals


def check_changes_shape(game: Game, ev: Any, players: Sequence[str]) -> None:
    """``changes(ev)`` is {player of this game: {counter name: number}}."""
    changes = game.changes(ev)
    assert isinstance(changes, Mapping), f"changes({ev!r}) is not a mapping"
    for player, counters in changes.items():
        assert player in players, f"changes({ev!r}) names {player!r}, who does not play"
        assert isinstance(counters, Mapping), f"changes({ev!r})[{player!r}] is not a mapping"
        for name, delta in counters.items():
            assert isinstance(name, str) and name, f"changes({ev!r}): bad counter {name!r}"
            assert isinstance(delta, int | float) and not isinstance(delta, bool), (
                f"changes({ev!r})[{player!r}][{name!r}] = {delta!r} is not a number")


class EventsAreFactsContract:
    """Checks that a game's events record outcomes: replaying its stored (encoded) events
    needs fold alone, and the vp changes they report add up to the final scores.

    Part of ``GameContract``; a game may lower ``fact_games`` if its games are long."""

    game: ClassVar[Game]
    #: How many random games the two checks below play (each plays the same seeds).
    fact_games: ClassVar[int] = 24
    #: Modules whose functions raise during fold-only replay, however they were imported.
    #: None (the default): every module of the game's package except those that define
    #: its events, its state and its fold, and those named in ``fold_modules``
    #: (``fold_only_modules``). A tuple: exactly those modules.
    rule_modules: ClassVar[tuple[str, ...] | None] = None
    #: Modules that apply events or describe them (fold's helpers, the ledger that
    #: ``changes`` reads), beside those that define the events, the state and the fold:
    #: left out of the derived ``rule_modules``.
    fold_modules: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def _fact_games(cls) -> list[LocalGame]:
        # The same player counts and option sets GameContract cycles through.
        counts = getattr(cls, "player_counts", (2,))
        derived = getattr(cls, "exercised_option_sets", None)  # GameContract's, if mixed in
        option_sets = derived() if derived else getattr(cls, "option_sets", None) or ({},)
        out = []
        for i in range(cls.fact_games):
            seed = 1000 + i
            opts = option_sets[(seed // len(counts)) % len(option_sets)]
            out.append(random_game(cls.game, counts[seed % len(counts)], seed, opts,
                                   getattr(cls, "max_steps", 100_000), idle_seats_checked=True))
        return out

    @pytest.fixture(scope="class")
    @classmethod
    def fact_games_played(cls) -> list[LocalGame]:
        """The random games both checks use, played once per test class."""
        return cls._fact_games()

    def test_fold_only_replay(self, fact_games_played: list[LocalGame]) -> None:
        """With decide, legal, step and parse raising (and every function of
        ``rule_modules``), the encoded events of random games still fold to the live final
        state (and describe_event / changes need no rules)."""
        patched, calls = fold_only(self.game)
        codec = Codec(patched)
        modules = self.rule_modules
        if modules is None:
            modules = fold_only_modules(self.game, fact_games_played[0].state,
                                        self.fold_modules)
        for local in fact_games_played:
            log = encoded_log(self.game, local.events)
            try:
                with forbid_functions(modules, calls):
                    replayed = replay_encoded(patched, log)
                    decoded = [codec.decode(t, v, d) for t, v, d in log]
                    for ev in decoded:
                        assert isinstance(patched.describe_event(ev), str)
                        patched.changes(ev)
            except RulesCalledInFold as exc:
                pytest.fail(str(exc))
            assert not calls, f"fold called {sorted(set(calls))} (seed {local.seed})"
            assert replayed == local.state, f"fold-only replay differs (seed {local.seed})"
            assert patched.outcome(replayed) == local.outcome()

    def test_vp_changes_sum_to_scores(self, fact_games_played: list[LocalGame]) -> None:
        """Summing ``changes(ev)["vp"]`` over a finished game's events gives each player's
        score as ``outcome()`` reports it. A game that reports no vp change at all fails:
        every game must report its scoring."""
        self._check_vp_changes(fact_games_played)

    def _check_vp_changes(self, games: list[LocalGame]) -> None:
        reported = False
        for local in games:
            out = local.outcome()
            assert out is not None
            for ev in local.events:
                check_changes_shape(self.game, ev, local.players)
                reported = reported or any("vp" in c for c in self.game.changes(ev).values())
            totals = vp_totals(self.game, local.events, local.players)
            want = {p: float(out.scores[p]) for p in local.players}
            assert totals == pytest.approx(want), (
                f"seed {local.seed}: vp changes sum to {totals}, outcome() scores {want}")
        assert reported, (f"{self.game.name}: no event reports a vp change; changes(event) "
                          "must report every scoring as {player: {'vp': delta}}")


_REGION = re.compile(r'<[a-zA-Z]+\b[^>]*?\bdata-region="([^"]*)"([^>]*)>')
_AFTER = re.compile(r'\bdata-after="([^"]*)"')
_CYCLE = re.compile(r'\bdata-cycle="([^"]*)"')


def _check_cycles(steps_of: Mapping[str, Sequence[str]], cycles: Mapping[str, str]) -> None:
    """A step whose regions turn (``data-cycle``) offers nothing else: every command that
    shares the steps before it goes on to a member of the same group."""
    ways: dict[tuple[str, ...], set[str | None]] = {}  # steps so far -> groups of what follows
    for steps in steps_of.values():
        for k in range(len(steps) + 1):
            nxt = steps[k] if k < len(steps) else None
            ways.setdefault(tuple(steps[:k]), set()).add(
                None if nxt is None else cycles.get(nxt, ""))
    for head, groups in ways.items():
        turning = {g for g in groups if g}
        if turning:
            assert groups == turning and len(turning) == 1, (
                f"after {list(head)} the next step turns through {sorted(turning)} but "
                f"other commands end or go elsewhere there ({sorted(map(str, groups))}): "
                "a step of data-cycle regions must be the only way on")


def check_amounts(steps_of: Mapping[str, Sequence[str]],
                  amounts_of: Mapping[str, Amounts | None]) -> None:
    """Fail unless each command's ``amounts`` is None or well formed, and the commands of
    one form (the same regions, the same title) name the same parts and target and are
    told apart by their counts."""
    forms: dict[tuple, dict[tuple[int, ...], str]] = {}
    for text, amounts in amounts_of.items():
        if amounts is None:
            continue
        assert isinstance(amounts, Amounts), f"{text!r}: amounts must be Amounts or None"
        names = [a.name for a in amounts.parts]
        assert names and len(set(names)) == len(names), (
            f"{text!r}: amounts need parts with different names, not {names}")
        for a in amounts.parts:
            assert isinstance(a.count, int) and a.count >= 0, f"{text!r}: {a.name} {a.count!r}"
            assert isinstance(a.worth, int) and a.worth >= 1, f"{text!r}: {a.name} worth {a.worth!r}"
        key = (tuple(steps_of[text]), amounts.title, amounts.target, tuple(names), amounts.button)
        same_form = [k for k in forms if k[:2] == key[:2]]
        assert all(k == key for k in same_form), (
            f"{text!r}: the form {amounts.title!r} has other parts, target or button for "
            "another command of the same regions")
        counts = tuple(a.count for a in amounts.parts)
        seen = forms.setdefault(key, {})
        assert counts not in seen, (f"{text!r} and {seen.get(counts)!r} set the same counts "
                                    f"{counts} in the form {amounts.title!r}")
        seen[counts] = text


def check_regions(svg: str, steps_of: Mapping[str, Sequence[str]],
                  listed: Iterable[str] = ()) -> None:
    """Fail unless every step of every command's regions is drawn in ``svg`` or
    ``listed`` (the regions of the player's panel entries: a card in hand), and an
    element drawn for a later step (``data-after``) follows an earlier step that some
    command names. ``steps_of`` maps each legal command's text to its regions."""
    drawn: dict[str, set[str]] = {name: {""} for name in listed}
    cycles: dict[str, str] = {}  # region -> its cycle group
    for m in _REGION.finditer(svg):
        after = _AFTER.search(m.group(0))
        region = html.unescape(m.group(1))
        drawn.setdefault(region, set()).add(html.unescape(after.group(1)) if after else "")
        cycle = _CYCLE.search(m.group(0))
        if cycle:
            cycles[region] = html.unescape(cycle.group(1))
            assert after, (f"region {region!r} turns (data-cycle) but follows no step: give "
                           "it the data-after of the step it is shown after")
    _check_cycles(steps_of, cycles)
    if any(steps_of.values()):  # a game played by pointing is played by pointing only
        bare = sorted(text for text, steps in steps_of.items() if not steps)
        assert not bare, (f"{bare[:3]} name no region: a person pointing at the table cannot "
                          "give them (draw a button for them, or list them in a panel)")
    for text, steps in steps_of.items():
        for k, region in enumerate(steps):
            assert isinstance(region, str) and region, f"{text!r}: region {region!r} is not a name"
            assert region in drawn, (f"{text!r} names region {region!r}, but the player's "
                                     f"picture draws no element with data-region=\"{region}\" "
                                     "and no panel entry stands for it")
            shown_after = drawn[region]
            if "" not in shown_after:  # drawn only as a later step: after one of ours
                assert set(steps[:k]) & shown_after, (
                    f"{text!r}: region {region!r} is drawn only after "
                    f"{sorted(shown_after)}, which this command does not pick before it")


class GameContract(EventsAreFactsContract):
    game: ClassVar[Game]
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    #: The option sets every check plays. None (the default): the defaults, then each
    #: declared option at each value the declaration names: a bool flipped, every choice,
    #: an int or float at its min and max (see ``derived_option_sets``). A str option
    #: without choices has no values to guess: list its interesting values here.
    option_sets: ClassVar[tuple[dict, ...] | None] = None
    #: How many random games the replay property test plays (1000 by default; lower
    #: it only where a game is so long that CI cannot afford it, and say so).
    random_games: ClassVar[int] = 1000
    max_steps: ClassVar[int] = 100_000
    #: Texts that must never parse into a legal command.
    garbage: ClassVar[tuple[str, ...]] = ("", "   ", "xyzzy", "🎲", "play play play 999999", "\x00")

    @pytest.fixture(autouse=True, scope="class")
    @classmethod
    def states_compare_by_value_first(cls) -> None:
        """Checked before every other test of the class: the rest compare states with ==,
        and would fail with misleading messages if states compared by identity."""
        check_value_equality(cls.game, cls.player_counts[0], cls.exercised_option_sets()[0])

    def test_states_compare_by_value(self) -> None:
        """Two states built by the same setup and moves are equal (==), and so is a clone."""
        check_value_equality(self.game, self.player_counts[0], self.exercised_option_sets()[0])

    def _game_for(self, seed: int) -> LocalGame:
        n = self.player_counts[seed % len(self.player_counts)]
        sets = self.exercised_option_sets()
        opts = sets[(seed // len(self.player_counts)) % len(sets)]
        return random_game(self.game, n, seed, opts, self.max_steps, idle_seats_checked=True)

    def test_replay_equals_live(self) -> None:
        runs = self.random_games

        @settings(max_examples=runs, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(st.integers(min_value=0, max_value=2**62))
        def check(seed: int) -> None:
            live = self._game_for(seed)
            replayed = replay_encoded(self.game, encoded_log(self.game, live.events))
            assert replayed == live.state
            assert self.game.outcome(replayed) == live.outcome()

        check()

    def test_same_seed_same_log(self) -> None:
        for seed in (1, 2, 3):
            a = encoded_log(self.game, self._game_for(seed).events)
            b = encoded_log(self.game, self._game_for(seed).events)
            assert a == b

    def _setups(self) -> list[tuple[int, dict]]:
        """Every player count with every option set: the per-position checks visit each."""
        return [(n, opts) for n in self.player_counts for opts in self.exercised_option_sets()]

    def _walks(self, first_seed: int) -> Iterator[tuple[int, dict, random.Random, LocalGame]]:
        """A new game for each setup, seeded ``first_seed``, ``first_seed + 1``, ... (each
        check has its own, so the checks walk different games), and the rng its walk picks
        commands with."""
        for seed, (n, opts) in enumerate(self._setups(), start=first_seed):
            yield (n, opts, random.Random(seed),
                   LocalGame(self.game, self.game.default_players(n), opts, seed=seed))

    def test_decide_changes_nothing_and_notation_round_trips(self) -> None:
        setups = self._setups()
        budget = max(40, 300 // len(setups))
        for n, opts, rng, local in self._walks(7):
            steps = 0
            while local.outcome() is None and steps < budget:
                check_legal_of_every_seat(self.game, local.state, local.players,
                                          f" ({n} players, options {opts}, step {steps})")
                player = rng.choice(list(local.to_act()))
                before = self.game.clone(local.state)
                commands = self.game.legal(local.state, player)
                assert commands, f"{player} must act but has no legal command ({n}, {opts})"
                for cmd in rng.sample(commands, min(len(commands), 5)):
                    text = self.game.format(cmd, local.state)
                    assert self.game.parse(text, local.state, player) == cmd, text
                    self.game.decide(local.state, player, cmd, random.Random(0))
                    assert local.state == before, f"decide changed the state for {text!r}"
                local.play(player, rng.choice(commands))
                steps += 1
            check_legal_of_every_seat(self.game, local.state, local.players,
                                      f" ({n} players, options {opts}, step {steps})")

    def test_step_equals_decide_and_fold(self) -> None:
        """``Game.step`` (the search fast path) must land where decide+fold lands."""
        setups = self._setups()
        budget = max(40, 200 // len(setups))
        for n, opts, rng, local in self._walks(13):
            steps = 0
            while local.outcome() is None and steps < budget:
                check_legal_of_every_seat(self.game, local.state, local.players,
                                          f" ({n} players, options {opts}, step {steps})")
                player = rng.choice(list(local.to_act()))
                cmd = rng.choice(self.game.legal(local.state, player))
                fast = self.game.step(self.game.clone(local.state), player, cmd,
                                      random.Random(steps))
                slow = self.game.clone(local.state)
                for ev in self.game.decide(local.state, player, cmd, random.Random(steps)):
                    slow = self.game.fold(slow, ev)
                assert fast == slow, f"step and decide+fold differ for {self.game.format(cmd)!r}"
                local.play(player, cmd)
                steps += 1

    def test_views_offer_the_same_choices_and_determinize_keeps_the_view(self) -> None:
        """An agent plays from its view: the view must offer the acting player exactly the
        commands the full state does, and a determinized view must look the same to it."""
        for n, opts, rng, local in self._walks(17):
            steps = 0
            while local.outcome() is None and steps < 60:
                check_legal_of_every_seat(self.game, local.state, local.players,
                                          f" ({n} players, options {opts}, step {steps})")
                player = rng.choice(list(local.to_act()))
                view = self.game.view(local.state, player)
                commands = self.game.legal(local.state, player)
                assert self.game.legal(view, player) == commands, "legal(view) != legal(state)"
                sample = self.game.determinize(view, player, random.Random(steps))
                assert self.game.view(sample, player) == view, "determinize changed the view"
                local.play(player, rng.choice(commands))
                steps += 1

    def test_regions_are_drawn_in_the_players_picture(self) -> None:
        """Every region a legal command names is a ``data-region`` of the acting player's
        SVG, a later step's region follows an earlier step of the same command, a step
        that turns (``data-cycle``) is the only way on, and the commands of one amounts
        form are told apart by their counts."""
        draws = "svg" in self.game.render_formats
        for _n, _opts, rng, local in self._walks(19):
            steps = 0
            while local.outcome() is None and steps < 40:
                player = rng.choice(list(local.to_act()))
                view = self.game.view(local.state, player)
                commands = self.game.legal(view, player)
                steps_of = {self.game.format(c, view): tuple(self.game.regions(view, player, c))
                            for c in commands}
                if draws and any(steps_of.values()):
                    listed = [e.region for p in self.game.panels(view, player)
                              for e in p.entries if e.region]
                    check_regions(self.game.render(view, "svg", player), steps_of, listed)
                    check_amounts(steps_of, {self.game.format(c, view):
                                             self.game.amounts(view, player, c)
                                             for c in commands})
                local.play(player, rng.choice(commands))
                steps += 1

    def test_a_fork_reshuffle_changes_nothing_anyone_has_seen(self) -> None:
        """``reshuffle_unrevealed`` (what a fork appends, drawn with its own seed) puts
        only what nobody has seen in a new order: after its events every seat's view and
        the spectator's are as before, the same players act with the same commands, and
        the redacted events tell nobody the new order. It leaves its state alone, draws
        only from its rng, survives the codec, and where it reorders anything, other
        rngs give other orders (one that ignored its rng would let a fork foretell its
        source's draws)."""
        codec = Codec(self.game)
        for _n, _opts, rng, local in self._walks(23):
            seats: list[str | None] = [*local.players, None]
            steps = 0
            while local.outcome() is None and steps < 60:
                if steps % 6 == 0:
                    self._check_reshuffle(codec, local.state, seats, steps)
                player = rng.choice(list(local.to_act()))
                local.play(player, rng.choice(self.game.legal(local.state, player)))
                steps += 1

    def _check_reshuffle(self, codec: Codec, state: Any, seats: list[str | None],
                         salt: int) -> None:
        game = self.game
        before = game.clone(state)
        draws = [game.reshuffle_unrevealed(state, random.Random(f"{salt}/{k}"))
                 for k in range(8)]
        assert state == before, "reshuffle_unrevealed changed the state it was given"
        assert game.reshuffle_unrevealed(state, random.Random(f"{salt}/0")) == draws[0], (
            "reshuffle_unrevealed gave other events from the same rng: it must draw from it alone")
        results = []
        for events in draws:
            for ev in events:
                assert codec.decode(*codec.encode(ev)) == ev, f"{ev!r} does not survive"
            after = fold_all(game, events, game.clone(state))
            results.append(after)
            for seat in seats:
                assert game.view(after, seat) == game.view(state, seat), (
                    f"a fork's reshuffle changed what {seat or 'a spectator'} sees")
                assert [game.redact(ev, seat) for ev in events] == [
                    game.redact(ev, seat) for ev in draws[0]], (
                    f"the reshuffle's events tell {seat or 'a spectator'} its order")
            assert list(game.to_act(after)) == list(game.to_act(state)), (
                "a fork's reshuffle changed who acts")
            for seat in game.to_act(state):
                assert game.legal(after, seat) == game.legal(state, seat), (
                    f"a fork's reshuffle changed what {seat} may do")
        if draws[0]:
            assert any(r != results[0] for r in results[1:]), (
                "the reshuffle gives the same order whatever its rng draws")

    def test_garbage_is_refused(self) -> None:
        local = LocalGame(self.game, self.game.default_players(self.player_counts[0]), seed=3)
        player = local.to_act()[0]
        before = self.game.clone(local.state)
        for text in self.garbage:
            with pytest.raises(IllegalCommand):
                local.play(player, text)
        assert local.state == before
        assert len(local.log) == len(LocalGame(self.game, local.players, seed=3).log)

    def test_wrong_player_is_refused(self) -> None:
        local = LocalGame(self.game, self.game.default_players(self.player_counts[0]), seed=5)
        acting = set(local.to_act())
        idle = [p for p in local.players if p not in acting]
        if not idle:
            pytest.skip("every player acts at the start of this game")
        cmd = self.game.legal(local.state, next(iter(acting)))[0]
        n = len(local.log)
        with pytest.raises(IllegalCommand):
            local.play(idle[0], cmd)
        assert len(local.log) == n

    def test_outcome_ranks_every_player(self) -> None:
        local = self._game_for(11)
        out = local.outcome()
        assert out is not None
        assert set(out.ranks) == set(local.players)
        assert set(out.scores) == set(local.players)

    # -- options, the end, pictures (docs/plugins.md, "GameContract") ---------------------

    @classmethod
    def exercised_option_sets(cls) -> tuple[dict, ...]:
        """``option_sets`` as given, or derived from the game's declared options."""
        if cls.option_sets is not None:
            return tuple(cls.option_sets)
        return derived_option_sets(cls.game)

    def test_every_option_set_ends_within_max_steps(self) -> None:
        """A random game ends, for every player count and option set: an option value that
        makes the game endless (Nim with empty heaps, a goal nobody reaches) fails here."""
        for n, opts, rng, local in self._walks(23):
            try:
                local.play_randomly(rng, max_steps=self.max_steps)
            except RuntimeError as exc:
                raise AssertionError(f"{n} players, options {opts}: {exc} "
                                     f"(max_steps={self.max_steps})") from None
            assert local.outcome() is not None
            check_legal_of_every_seat(self.game, local.state, local.players,
                                      f" ({n} players, options {opts}, at the end)")

    def test_render_formats_are_drawn_and_others_refused(self) -> None:
        """Each format in ``render_formats`` draws (svg as SVG), and any other format is
        refused with BadOptions instead of falling back to text."""
        local = LocalGame(self.game, self.game.default_players(self.player_counts[0]), seed=29)
        for player in (None, *local.players):
            view = self.game.view(local.state, player)
            for fmt in self.game.render_formats:
                assert isinstance(render_checked(self.game, view, fmt, player), str)
            with pytest.raises(BadOptions):
                render_checked(self.game, view, "no-such-format", player)

    def test_a_spectator_sees_nothing_a_seat_cannot(self) -> None:
        """Resampling what a seat cannot see (``determinize`` of its view) must not change
        the spectator's view: a spectator who sees a stack's order or a hand leaks it."""
        for n, opts, rng, local in self._walks(31):
            steps = 0
            while local.outcome() is None and steps < 40:
                check_legal_of_every_seat(self.game, local.state, local.players,
                                          f" ({n} players, options {opts}, step {steps})")
                spectator = self.game.view(local.state, None)
                for seat in local.players:
                    sample = self.game.determinize(self.game.view(local.state, seat), seat,
                                                   random.Random(steps))
                    assert self.game.view(sample, None) == spectator, (
                        f"the spectator's view changed when {seat}'s hidden parts were "
                        f"resampled ({n} players, options {opts}, step {steps})")
                player = rng.choice(list(local.to_act()))
                local.play(player, rng.choice(self.game.legal(local.state, player)))
                steps += 1

    def test_garbage_is_refused_by_the_game_not_by_a_crash(self) -> None:
        """``parse`` itself refuses garbage with IllegalCommand. (The engine turns any other
        exception into a one-line refusal naming the plugin, so only a direct call shows
        that a parse crashes on "" or an emoji.)"""
        local = LocalGame(self.game, self.game.default_players(self.player_counts[0]), seed=3)
        player = local.to_act()[0]
        for text in self.garbage:
            try:
                self.game.parse(text, local.state, player)
            except IllegalCommand:
                continue
            except Exception as exc:
                raise AssertionError(f"parse({text!r}) raised {type(exc).__name__}: {exc} "
                                     "instead of IllegalCommand") from None
            # Parsed: then decide must refuse it (garbage is never a legal command).
            with pytest.raises(IllegalCommand):
                local.play(player, text)

# -- verify names a rules change ----------------------------------------------------------


def first_difference(game: Game, header: Any, records: Sequence[Any]) -> int | None:
    """The seq of the first stored event that today's rules (as ``game`` has them now)
    would not give, found independently of ``verify``: the header's setup and each stored
    command are played again in a ``LocalGame`` and the encoded events compared in order.
    None if every event is the same. Games with undo or redo in their log are not
    supported (ValueError): pick a stored game without them."""
    codec = Codec(game)
    local = LocalGame(game, header.players, header.options, seed=header.seed)
    new = [codec.encode(e) for e in local.events]
    i = 0
    while i < len(records):
        r = records[i]
        if i >= len(new):
            if r.batch != r.seq:
                return r.seq  # the stored command has more events than today's rules give
            if r.actor is None or r.command_text is None:
                raise ValueError(f"seq {r.seq} is no player command (undo, redo?)")
            try:
                new += [codec.encode(e) for e in local.play(r.actor, r.command_text)]
            except MeepleError:
                return r.seq  # today's rules refuse the stored command
        if (r.type, r.version, r.data) != new[i]:
            return r.seq
        i += 1
    return records[-1].seq + 1 if len(new) > len(records) else None


def assert_verify_reports_rules_change(engine: Any, game_id: str, patch: Any,
                                       expect: Sequence[str] = ()) -> Any:
    """Check that ``verify`` catches a rules change in a stored game and names it.

    ``engine`` is a ``meeple.core.engine.Engine`` holding ``game_id`` (a finished game
    without undo is best), ``patch`` a context manager that changes one rule of the game,
    for example ``unittest.mock.patch.object(ConnectFour, "win_score", 2.0)`` or
    ``monkeypatch.context()`` used with ``setattr`` inside. The helper asserts that:

    - the stored game verifies before the patch;
    - under the patch, some stored event differs from what the rules now give (else the
      game never used the patched rule: choose another game or rule);
    - verify then fails at exactly the first such event (found independently, see
      ``first_difference``), its message names it as ``seq N`` and contains every string
      in ``expect`` (say the stored and today's values, ``"stored +1 vp for red"``,
      ``"today's rules give +2 vp for red"``);
    - after the patch the game verifies again.

    Returns the failing ``VerifyReport`` for further checks. Typical use in a game's tests::

        def test_verify_names_a_changed_town_bonus(tmp_path):
            eng = Engine(f"sqlite:///{tmp_path / 'g.sqlite'}")
            gid = play_a_stored_game(eng)
            assert_verify_reports_rules_change(
                eng, gid, patch.object(rules, "TOWN_VP", 6), expect=["stored +5 vp"])
    """
    assert engine.verify(game_id).ok, "the stored game must verify before the patch"
    header = engine.store.header(game_id)
    records = engine.store.load(game_id)
    game = engine.plugins.game(header.game)
    with patch:
        engine.forget(game_id)
        first = first_difference(game, header, records)
        assert first is not None, (
            "the patch changes no event of this game: it never used the patched rule")
        report = engine.verify(game_id)
    engine.forget(game_id)
    assert not report.ok, f"verify says ok although seq {first} differs under the patch"
    assert report.first_bad_seq == first, (
        f"verify names event {report.first_bad_seq}, the first differing one is {first}: "
        f"{report.problem}")
    assert f"seq {first}" in report.problem, report.problem
    for text in expect:
        assert text in report.problem, f"{text!r} not in {report.problem!r}"
    assert engine.verify(game_id).ok, "the game must verify again once the patch is undone"
    return report
