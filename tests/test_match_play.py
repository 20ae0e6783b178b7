"""Playing games, value by value: LocalGame and the stored engine draw the same chance from the
same keys, a plugin's crash is one line naming it and changes nothing, play_randomly and
run_match stop exactly at their bounds and flush when told, and Table loads and undoes like
a replay."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from meeple.core import (
    BadOptions,
    Game,
    IllegalCommand,
    LocalGame,
    MeepleError,
    Outcome,
    StoreError,
    command,
    event,
    hookimpl,
    runtime,
)
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.records import GameHeader
from meeple.core.scheduler import AgentError, run_match
from meeple.core.stores.memory import MemoryStore
from meeple.core.table import Table
from meeple_testgames import FirstLegal
from test_engine_api import GAMES, games_engine

CLOCK = "2026-01-01T00:00:00+00:00"

# -- a game that draws straight from the decision's generator ---------------------------------


@command
class Flip:
    pass


@event("coins.set")
class CoinsSet:
    players: tuple[str, ...]
    opening: int


@event("coins.flipped", barrier=True)
class Flipped:
    player: str
    value: int


@dataclass
class CoinState:
    players: tuple[str, ...]
    opening: int
    flips: list[tuple[str, int]]


class Coins(Game):
    """Each player flips four times; the opening is drawn at setup; the sum of one's own
    flips scores. Draws come straight from the generator (no named draws)."""

    name = "coins"
    min_players, max_players = 2, 3
    events = (CoinsSet, Flipped)

    def setup(self, players, options, rng):
        return [CoinsSet(tuple(players), rng.randrange(1000))]

    def fold(self, state, ev):
        if isinstance(ev, CoinsSet):
            return CoinState(ev.players, ev.opening, [])
        state.flips.append((ev.player, ev.value))
        return state

    def to_act(self, state):
        if len(state.flips) >= 4 * len(state.players):
            return ()
        return (state.players[len(state.flips) % len(state.players)],)

    def decide(self, state, player, cmd, rng):
        if not isinstance(cmd, Flip):
            raise IllegalCommand("flip")
        return [Flipped(player, rng.randrange(10**6))]

    def legal(self, state, player):
        return [Flip()] if player in self.to_act(state) else []

    def outcome(self, state):
        if self.to_act(state):
            return None
        return Outcome.from_scores({p: sum(v for q, v in state.flips if q == p)
                                    for p in state.players})

    def parse(self, text, state=None, player=None):
        if text.strip() == "boom":
            raise ZeroDivisionError("x" * 200)
        if text.strip().startswith("none"):
            return None
        if text.strip() != "flip":
            raise IllegalCommand("type flip")
        return Flip()

    def format(self, cmd, state=None):
        return "flip"


class CoinsPlugin:
    @hookimpl
    def meeple_games(self):
        return [Coins()]


PLUGINS = load(extra=[CoinsPlugin()])


def engine() -> Engine:
    return Engine(MemoryStore(), PLUGINS, clock=lambda: CLOCK)


def engine_offering(game: Game) -> Engine:
    """An engine on a memory store whose only game is ``game``."""
    class Offers:
        @hookimpl
        def meeple_games(self):
            return [game]

    return Engine(MemoryStore(), load(only="", extra=[Offers()]))


def test_local_and_stored_games_draw_the_same_from_the_same_keys() -> None:
    game = Coins()
    local = LocalGame(game, ["a", "b"], seed=8)
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=8, game_id="c")
    assert eng.state(gid) == local.state
    assert local.state.opening == runtime.derive_rng(8, 0).randrange(1000)
    while local.outcome() is None:
        p = local.to_act()[0]
        local.play(p, "flip")
        eng.move(gid, "flip", p)
        assert eng.state(gid) == local.state
    # Each draw is keyed on the decision's place: flip n draws with key n + 1.
    want = [runtime.Chance(8, n + 2).randrange(10**6) for n in range(8)]
    assert [v for _, v in local.state.flips] == want
    assert len(set(want)) == 8


def test_a_plugin_crash_is_one_line_naming_it_and_changes_nothing() -> None:
    local = LocalGame(Coins(), ["a", "b"], seed=1)
    with pytest.raises(runtime.PluginFailed) as exc:
        local.play("a", "boom")
    assert str(exc.value) == (
        "the coins plugin (tests) failed while reading the command 'boom': ZeroDivisionError: "
        + "x" * 157 + "...")
    long = "boom" + " " * 60
    with pytest.raises(runtime.PluginFailed) as exc:
        runtime.parse(Coins(), long, local.state, "a")
    assert f"reading the command {long[:40]!r}:" in str(exc.value)
    with pytest.raises(IllegalCommand) as exc:
        local.play("a", "none")
    assert str(exc.value) == "'none' is not a command of coins"
    with pytest.raises(IllegalCommand) as exc:
        runtime.parse(Coins(), "none" + "y" * 100, None, "a")
    assert str(exc.value) == f"{('none' + 'y' * 100)[:80]!r} is not a command of coins"
    assert len(local.log) == 1
    assert runtime.plugin_failure(Coins(), "x", ValueError("")) == (
        "the coins plugin (tests) failed while x: ValueError: ValueError")
    assert runtime.plugin_failure(Coins(), "x", ValueError("a\n  b")) == (
        "the coins plugin (tests) failed while x: ValueError: a b")
    exact = "y" * 160
    assert runtime.plugin_failure(Coins(), "x", ValueError(exact)).endswith(": " + exact)


class Crashing(Coins):
    name = "crashing-coins"

    def setup(self, players, options, rng):
        raise KeyError("setup")

    def decide(self, state, player, cmd, rng):
        raise KeyError("decide")


class Silent(Coins):
    name = "silent-coins"

    def decide(self, state, player, cmd, rng):
        return []


def test_decide_refuses_before_the_game_is_asked() -> None:
    game = Coins()
    local = LocalGame(game, ["a", "b"], seed=1)
    with pytest.raises(IllegalCommand) as exc:
        runtime.decide(game, local.state, "b", Flip(), 1, 2)
    assert str(exc.value) == "it is not b's turn (waiting for a)"
    with pytest.raises(IllegalCommand) as exc:
        runtime.decide(game, local.state, "zed", Flip(), 1, 2)
    assert str(exc.value) == "it is not zed's turn (waiting for a)"
    done = LocalGame(game, ["a", "b"], seed=1)
    done.play_randomly(random.Random(0))
    with pytest.raises(IllegalCommand) as exc:
        runtime.decide(game, done.state, "a", Flip(), 1, 2)
    assert str(exc.value) == "the game is over"

    class Nobody(Coins):
        def outcome(self, state):
            return None

        def to_act(self, state):
            return ()

    with pytest.raises(IllegalCommand) as exc:
        runtime.decide(Nobody(), local.state, "a", Flip(), 1, 2)
    assert str(exc.value) == "it is not a's turn (waiting for nobody)"
    with pytest.raises(runtime.PluginFailed) as exc:
        runtime.decide(Crashing(), local.state, "a", Flip(), 1, 2)
    assert str(exc.value) == ("the crashing-coins plugin (tests) failed while deciding a "
                              "command: KeyError: 'decide'")
    with pytest.raises(IllegalCommand) as exc:
        runtime.decide(Silent(), local.state, "a", Flip(), 1, 2)
    assert str(exc.value) == "that command would change nothing"
    with pytest.raises(BadOptions) as exc:
        runtime.start(Crashing(), ["a", "b"], None, 1)
    assert str(exc.value) == ("the crashing-coins plugin (tests) failed while setting up the "
                              "game: KeyError: 'setup'")
    # The generator given replaces the derived one; a sealed scheme keys named draws apart.
    rigged = random.Random(5)
    (ev,) = runtime.decide(game, local.state, "a", Flip(), 1, 2, rng=rigged)
    assert ev.value == random.Random(5).randrange(10**6)
    assert runtime.start(game, ["a", "b"], None, 1, rng=random.Random(3)) == [
        CoinsSet(("a", "b"), random.Random(3).randrange(1000))]


def test_play_randomly_stops_exactly_at_its_bound() -> None:
    game = Coins()
    local = LocalGame(game, ["a", "b"], seed=1)
    assert local.play_randomly(random.Random(0), max_steps=8) == 8
    with pytest.raises(RuntimeError) as exc:
        LocalGame(game, ["a", "b"], seed=1).play_randomly(random.Random(0), max_steps=7)
    assert str(exc.value) == "coins: no end after 7 commands"
    assert local.play_randomly(random.Random(0), max_steps=0) == 0

    class NoOne(Coins):
        def to_act(self, state):
            return ()

        def outcome(self, state):
            return None

    with pytest.raises(RuntimeError) as exc:
        LocalGame(NoOne(), ["a", "b"], seed=1).play_randomly(random.Random(0))
    assert str(exc.value) == "coins: nobody to act but no outcome"

    class NoMove(Coins):
        def legal(self, state, player):
            return []

    with pytest.raises(RuntimeError) as exc:
        LocalGame(NoMove(), ["a", "b"], seed=1).play_randomly(random.Random(0))
    assert str(exc.value) == "coins: a must act but has no legal command"
    three = LocalGame(game, ["a", "b", "c"], {}, seed=2)
    assert three.options == {} and three.players == ["a", "b", "c"]
    assert [s for s, _ in three.log] == [1] and three.play_randomly(random.Random(1)) == 12
    assert [s for s, _ in three.log] == list(range(1, 14))


class Endless(LocalGame):
    """A game that never ends, whose commands cost nothing: it counts them."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.played = 0

    def outcome(self):
        return None

    def play(self, player, command):
        self.played += 1
        return []


def test_a_local_game_without_a_seed_plays_seed_zero() -> None:
    def flips(**seed: int) -> list:
        local = LocalGame(Coins(), ["a", "b"], **seed)
        for p in "abab":
            local.play(p, "flip")
        return local.state.flips

    assert flips() == flips(seed=0) != flips(seed=1)


def test_play_randomly_gives_up_after_a_hundred_thousand_commands_by_default() -> None:
    endless = Endless(Coins(), ["a", "b"], seed=1)
    with pytest.raises(RuntimeError) as exc:
        endless.play_randomly(random.Random(0))
    assert str(exc.value) == "coins: no end after 100000 commands"
    assert endless.played == 100_000


def test_play_randomly_counts_a_game_of_exactly_its_default_bound() -> None:
    class EndsAtTheBound(Endless):
        def outcome(self):
            return Outcome.from_scores({"a": 1, "b": 0}) if self.played == 100_000 else None

    assert EndsAtTheBound(Coins(), ["a", "b"], seed=1).play_randomly(random.Random(0)) == 100_000


# -- the match loop --------------------------------------------------------------------------


def test_run_match_flushes_every_n_commands_and_at_the_end() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    stored, tables = [], []

    def note(t, player, cmd):
        stored.append(eng.store.last(gid)[0])
        tables.append(t)

    agents = {"a": FirstLegal(), "b": FirstLegal()}
    with pytest.raises(TypeError):  # the settings are named: a bare 3 means nothing
        run_match(eng, gid, agents, 3)
    assert eng.store.last(gid)[0] == 1
    out = run_match(eng, gid, agents, flush_every=3, on_command=note)
    # The engine gets the table played on back: reading the game needs no replay.
    assert eng._tables[gid] is tables[-1]
    # on_command sees the store before the flush that follows the third command.
    assert stored == [1, 1, 1, 4, 4, 4, 7, 7]
    assert eng.store.last(gid)[0] == 9 and out == eng.outcome(gid) and out is not None
    assert eng.verify(gid).ok


def test_run_match_stores_every_command_at_once_by_default() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    stored = []
    agents = {"a": FirstLegal(), "b": FirstLegal()}
    run_match(eng, gid, agents, on_command=lambda t, p, c: stored.append(eng.store.last(gid)[0]))
    # Each command is stored before the next is asked for: people may be watching.
    assert stored == [1, 2, 3, 4, 5, 6, 7, 8]


class RefusesAfter(MemoryStore):
    """Stores appends until ``left`` runs out, then refuses every one."""

    left = 1_000_000

    def append_batches(self, game_id, expected_seq, batches, recorded_at=None, status=None):
        if self.left <= 0:
            raise StoreError("the disk is full")
        self.left -= 1
        return super().append_batches(game_id, expected_seq, batches, recorded_at, status)


class Lender:
    """An engine-like object without checkout: run_match plays on the table it lends."""

    def __init__(self, store: MemoryStore, gid: str) -> None:
        self.store, self.clock, self.forgotten = store, lambda: CLOCK, []
        self.lent = Table.load(store, PLUGINS.game("coins"), gid)

    def table(self, game_id: str) -> Table:
        return self.lent

    def forget(self, game_id: str) -> None:
        self.forgotten.append(game_id)


def test_a_refused_flush_leaves_the_lent_table_as_stored_and_forgotten() -> None:
    store = RefusesAfter()
    eng = Engine(store, PLUGINS, clock=lambda: CLOCK)
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    store.left = 2
    lender = Lender(store, gid)
    with pytest.raises(StoreError):
        run_match(lender, gid, {"a": FirstLegal(), "b": FirstLegal()})
    t = lender.lent
    assert store.last(gid)[0] == 3 and t.pending == [] and t.last_seq == 3
    assert t.state == Table.load(store, t.game, gid).state
    assert lender.forgotten == [gid]


def test_run_match_stops_after_max_commands_and_resumes() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    agents = {"a": FirstLegal(), "b": FirstLegal()}
    assert run_match(eng, gid, agents, max_commands=3) is None
    assert eng.store.last(gid)[0] == 4
    for nothing in (0, -1):  # no command to give: none is played
        assert run_match(eng, gid, agents, max_commands=nothing) is None
        assert eng.store.last(gid)[0] == 4
    assert run_match(eng, gid, agents) is not None and eng.store.last(gid)[0] == 9


def test_run_match_stops_at_a_limit_past_256_commands() -> None:
    class LongCoins(Coins):
        name = "long-coins"

        def to_act(self, state):
            n = len(state.flips)
            return () if n >= 400 else (state.players[n % len(state.players)],)

    eng = engine_offering(LongCoins())
    gid = eng.new_game("long-coins", ["a", "b"], seed=1)
    agents = {"a": FirstLegal(), "b": FirstLegal()}
    assert run_match(eng, gid, agents, max_commands=300, flush_every=100) is None
    assert eng.store.last(gid)[0] == 301


def test_run_match_refuses_missing_agents_and_illegal_commands() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    with pytest.raises(MeepleError) as exc:
        run_match(eng, gid, {"a": FirstLegal()})
    assert str(exc.value) == "no agent for b in m"

    class Cheat:
        name = "cheat"

        def __init__(self, what):
            self.what = what

        def act(self, game, view, player):
            return self.what

    with pytest.raises(AgentError) as exc:
        run_match(eng, gid, {"a": Cheat("tails"), "b": FirstLegal()})
    assert str(exc.value) == "a's agent gave 'tails', which is illegal: type flip"

    @command
    class Other:
        pass

    with pytest.raises(AgentError) as exc:
        run_match(eng, gid, {"a": Cheat(Other()), "b": FirstLegal()})
    assert str(exc.value) == "a's agent gave 'flip', which is illegal: flip"
    assert eng.store.last(gid)[0] == 1

    class Stuck(Coins):
        name = "stuck-coins"

        def to_act(self, state):
            return ()

        def outcome(self, state):
            return None

    class StuckPlugin:
        @hookimpl
        def meeple_games(self):
            return [Stuck()]

    stuck = Engine(MemoryStore(), load(extra=[StuckPlugin()]), clock=lambda: CLOCK)
    sid = stuck.new_game("stuck-coins", ["a", "b"], seed=1, game_id="s")
    with pytest.raises(MeepleError) as exc:
        run_match(stuck, sid, {"a": FirstLegal(), "b": FirstLegal()})
    assert str(exc.value) == "stuck-coins: nobody is to act, yet the game is not over"


def test_a_match_whose_store_fails_forgets_the_unstored_commands() -> None:
    class Full(MemoryStore):
        fail = False

        def _append_records(self, *args, **kwargs):
            if self.fail:
                raise MeepleError("the disk is full")
            return super()._append_records(*args, **kwargs)

    store = Full()
    eng = Engine(store, PLUGINS, clock=lambda: CLOCK)
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    store.fail = True
    with pytest.raises(MeepleError, match="the disk is full"):
        run_match(eng, gid, {"a": FirstLegal(), "b": FirstLegal()}, flush_every=100)
    assert store.last(gid)[0] == 1 and "m" not in eng._tables
    store.fail = False
    assert eng.to_act(gid) == ["a"] and eng.table(gid).pending == []


# -- Table ----------------------------------------------------------------------------------


def test_a_table_counts_events_and_keys_chance_like_a_replay() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=3, game_id="t")
    eng.move(gid, "flip", "a")
    eng.move(gid, "flip", "b")
    eng.undo(gid, "b", agreed=["a"])
    t = Table.load(eng.store, PLUGINS.game("coins"), gid)
    assert t.counting == 2 and t.last_seq == 4 and t.stored_seq == 4
    assert t.state == runtime.fold_all(t.game, (e for _, e in runtime.effective(t.pairs)))
    assert t.undo_span() == (2, 2, True) and t.redo_target() == 4
    assert t.status() == {"seq": 4, "game": "coins", "status": "running", "to_act": ["b"]}
    t.apply("b", "flip")
    assert t.last_seq == 5 and t.stored_seq == 4 and t.counting == 3
    assert [r[:3] for r in t.rows()] == [(1, 1, None), (2, 2, "a"), (3, 3, "b"), (4, 4, "b"),
                                         (5, 5, "b")]
    # The undone flip is drawn again with the same key: the same value.
    assert t.state.flips[-1] == ("b", eng.state(gid, at=3).flips[-1][1])
    t.discard_pending()
    assert t.last_seq == 4 and t.counting == 2 and t.pending == []
    t.discard_pending()
    assert t.last_seq == 4
    empty = Table(t.game, t.header)
    assert empty.last_seq == 0 and empty.stored_seq == 0 and empty.flush(eng.store) == []
    part = Table.load(eng.store, t.game, gid, upto=2)
    assert part.last_seq == 2 and part.counting == 2 and len(part.state.flips) == 1


def test_a_table_refuses_to_play_a_game_without_its_seed() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=3, game_id="t")
    t = eng.table(gid)
    sealed = Table(t.game, t.header.sealed())
    sealed.extend(eng.store.load(gid))
    with pytest.raises(IllegalCommand) as exc:
        sealed.apply("a", "flip")
    assert str(exc.value) == ("t was imported without its seed (an export of a running game "
                              "never carries it), so nobody can draw its chance; fork it to play "
                              "on with chance of its own")


def test_a_format_that_crashes_is_one_line() -> None:
    class BadFormat(Coins):
        name = "bad-format"

        def format(self, cmd, state=None):
            raise TypeError("no words")

    t = Table(BadFormat(), GameHeader.sealed_new("x", "bad-format", "p", "1", ("a", "b"), {}, 1,
                                                CLOCK))
    t.start(["a", "b"], {})
    with pytest.raises(runtime.PluginFailed) as exc:
        t.apply("a", Flip())
    assert str(exc.value) == ("the bad-format plugin (tests) failed while writing a command "
                              "down: TypeError: no words")
    assert len(t.pending) == 1


def test_a_flush_keeps_each_commands_batch() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=3, game_id="t", deferred=True)
    t = eng.table(gid)
    t.apply("a", "flip")
    t.apply("b", "flip")
    written = t.flush(eng.store, lambda: "when")
    assert [(r.seq, r.batch, r.actor) for r in written] == [(1, 1, None), (2, 2, "a"),
                                                           (3, 3, "b")]
    assert {r.recorded_at for r in written} == {"when"} and t.created
    assert eng.store.status(gid)["seq"] == 3 and t.flush(eng.store) == []


# -- a stored game --------------------------------------------------------------------------


def stored(seed: int = 3, moves: int = 3) -> tuple[Engine, str]:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=seed, game_id="v")
    for _ in range(moves):
        eng.move(gid, "flip", eng.to_act(gid)[0])
    return eng, gid


def test_meeple_errors_of_a_plugin_pass_through_unchanged() -> None:
    from plugin_template_nim import Nim

    with pytest.raises(BadOptions) as exc:
        runtime.start(Nim(), ["a", "b"], {"heaps": "0"}, 1)
    assert str(exc.value) == ("option 'heaps' takes 1 to 6 sizes from 1 to 20, like 3,4,5; "
                              "not '0'")

    class Picky(Coins):
        name = "picky"

        def format(self, cmd, state=None):
            raise IllegalCommand("that flip has no name")

    t = Table(Picky(), GameHeader.sealed_new("x", "picky", "p", "1", ("a", "b"), {}, 1, CLOCK))
    t.start(["a", "b"], {})
    with pytest.raises(IllegalCommand) as exc:
        t.apply("a", Flip())
    assert type(exc.value) is IllegalCommand and str(exc.value) == "that flip has no name"


def test_a_local_dice_race_draws_the_same_chance_as_the_engine() -> None:
    # LocalGame (search, tests) must run "by exactly the same rules" as a stored game,
    # chance included: each decision's randomness is keyed on the seq it writes at.
    from meeple.core import LocalGame

    eng = games_engine()
    game = GAMES.game("dice-race")
    gid = eng.new_game("dice-race", ["a", "b"], seed=5, game_id="d")
    local = LocalGame(game, ["a", "b"], None, seed=5)
    assert eng.state(gid) == local.state
    steps = 0
    while local.outcome() is None and steps < 40:
        player = local.to_act()[0]
        command = game.legal(local.state, player)[0]
        local.play(player, command)
        eng.move(gid, game.format(command, local.state), player)
        assert eng.state(gid) == local.state, f"step {steps}"
        steps += 1
    assert steps > 2


def test_a_plugin_failure_keeps_160_characters_of_the_message_and_cuts_longer_ones() -> None:
    from meeple.core.runtime import plugin_failure

    game = GAMES.game("connect-four")
    kept = plugin_failure(game, "deciding", ValueError("x" * 160))
    assert kept.endswith(": ValueError: " + "x" * 160)
    cut = plugin_failure(game, "deciding", ValueError("y" * 161))
    assert cut.endswith(": ValueError: " + "y" * 157 + "...")


def test_a_forks_reshuffle_is_the_games_with_the_fork_key_and_its_failures_named() -> None:
    class Bagging(Coins):
        name = "bagging-coins"

        def reshuffle_unrevealed(self, state, rng):
            return [CoinsSet(state.players, rng.randrange(1000))]

    local = LocalGame(Bagging(), ["a", "b"], seed=1)
    drawn = runtime.derive_rng(7, runtime.FORK_KEY).randrange(1000)
    assert runtime.fork_rng(7).randrange(1000) == drawn
    assert runtime.fork_reshuffle(Bagging(), local.state, random.Random(3)) == [
        CoinsSet(("a", "b"), random.Random(3).randrange(1000))]
    local.play_randomly(random.Random(0))
    assert runtime.fork_reshuffle(Bagging(), local.state, random.Random(3)) == []  # over

    class Refusing(Coins):
        def reshuffle_unrevealed(self, state, rng):
            raise IllegalCommand("no")

    class Breaking(Coins):
        def reshuffle_unrevealed(self, state, rng):
            raise KeyError("bag")

    start = LocalGame(Coins(), ["a", "b"], seed=1).state
    with pytest.raises(IllegalCommand) as exc:
        runtime.fork_reshuffle(Refusing(), start, random.Random(7))
    assert type(exc.value) is IllegalCommand and str(exc.value) == "no"
    with pytest.raises(runtime.PluginFailed) as exc:
        runtime.fork_reshuffle(Breaking(), start, random.Random(7))
    assert str(exc.value) == ("the coins plugin (tests) failed while reshuffling what a fork "
                              "has not seen: KeyError: 'bag'")


def test_a_command_that_cannot_be_written_down_is_refused_and_stores_nothing() -> None:
    class Unwritten(Coins):
        name = "unwritten-coins"

        def format(self, cmd, state=None):
            raise NotImplementedError("write format")

    class Broken(Coins):
        name = "broken-coins"

        def format(self, cmd, state=None):
            raise KeyError("notation")

    class Both:
        @hookimpl
        def meeple_games(self):
            return [Unwritten(), Broken()]

    eng = Engine(MemoryStore(), load(only="", extra=[Both()]), clock=lambda: CLOCK)
    for name, error, words in [
            ("unwritten-coins", runtime.NotWritten,
             "is not written yet (writing a command down): write format"),
            ("broken-coins", runtime.PluginFailed,
             "failed while writing a command down: KeyError: 'notation'")]:
        gid = eng.new_game(name, ["a", "b"], seed=1, game_id=name)
        with pytest.raises(error) as exc:
            eng.move(gid, "flip", "a")
        assert str(exc.value) == f"the {name} plugin (tests) {words}"
        assert eng.store.last(gid)[0] == 1
