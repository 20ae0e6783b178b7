"""Playing and checking games, value by value (scripts/mutation.py, docs/testing.md):
LocalGame and the stored engine draw the same chance from the same keys, a plugin's crash
is one line naming it and changes nothing, play_randomly and run_match stop exactly at
their bounds and flush when told, Table loads and undoes like a replay, plugins are
loaded and refused with their reasons, and verify names every kind of finding."""

from __future__ import annotations

import random
from dataclasses import dataclass

import attrs
import pytest
from meeple.core import (
    BadOptions,
    Game,
    IllegalCommand,
    LocalGame,
    MeepleError,
    Outcome,
    UnknownName,
    command,
    event,
    hookimpl,
    runtime,
)
from meeple.core.audit import VerifyReport, check_chain, rederive, verify
from meeple.core.engine import Engine
from meeple.core.errors import IntegrityError
from meeple.core.plugins import REQUIRED_METHODS, PluginInfo, game_problems, load
from meeple.core.records import GameHeader, NewEvent, chain
from meeple.core.scheduler import AgentError, run_match
from meeple.core.stores.memory import MemoryStore
from meeple.core.table import Table
from meeple_testgames import FirstLegal

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


# -- the match loop --------------------------------------------------------------------------


def test_run_match_flushes_every_n_commands_and_at_the_end() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    stored = []

    def note(t, player, cmd):
        stored.append(eng.store.last(gid)[0])

    agents = {"a": FirstLegal(), "b": FirstLegal()}
    out = run_match(eng, gid, agents, flush_every=3, on_command=note)
    # on_command sees the store before the flush that follows the third command.
    assert stored == [1, 1, 1, 4, 4, 4, 7, 7]
    assert eng.store.last(gid)[0] == 9 and out == eng.outcome(gid) and out is not None
    assert eng.verify(gid).ok


def test_run_match_stops_after_max_commands_and_resumes() -> None:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=1, game_id="m")
    agents = {"a": FirstLegal(), "b": FirstLegal()}
    assert run_match(eng, gid, agents, max_commands=3) is None
    assert eng.store.last(gid)[0] == 4
    assert run_match(eng, gid, agents, max_commands=0) is None
    assert eng.store.last(gid)[0] == 4
    assert run_match(eng, gid, agents) is not None and eng.store.last(gid)[0] == 9


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
    assert t.state == runtime.replay(t.game, t.pairs)
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


# -- plugins --------------------------------------------------------------------------------


def test_game_problems_name_every_defect() -> None:
    assert game_problems("x") == ["'x' is not a meeple.core.Game"]
    assert game_problems(Coins()) == []

    class Bare(Game):
        name = "Bad Name"
        min_players, max_players = 3, 2
        render_formats = ("svg",)
        options = ("x",)  # type: ignore[assignment]
        events = (int,)

    assert game_problems(Bare()) == [
        "game class Bare needs a name in lowercase words joined by hyphens, e.g. 'connect-four'",
        f"game 'Bad Name' does not define {', '.join(REQUIRED_METHODS)}",
        "game 'Bad Name': events int are not made with @event",
        "game 'Bad Name': option 'x' is not a meeple.core.Option",
        "game 'Bad Name': min_players 3 and max_players 2 make no player count",
        "game 'Bad Name': render_formats must include 'text'",
    ]

    class Unnamed(Coins):
        name = ""
        events = ()
        min_players = 0
        render_formats = ()

    assert game_problems(Unnamed()) == [
        "game class Unnamed needs a name in lowercase words joined by hyphens, e.g. 'connect-four'",
        "game 'Unnamed' names no events (set events = (Started, ...))",
        "game 'Unnamed': min_players 0 and max_players 3 make no player count",
        "game 'Unnamed': render_formats must include 'text'",
    ]
    for name in ("Coins", " coins", "my game"):
        class Named(Coins):
            pass
        Named.name = name
        assert game_problems(Named())[0].startswith("game class Named needs a name")
    one = type("One", (Coins,), {"min_players": 1, "max_players": 1})
    assert game_problems(one()) == []


def test_plugins_offer_games_agents_stores_and_importers_by_name() -> None:
    class Extra:
        @hookimpl
        def meeple_games(self):
            return [Coins(), Crashing()]

        @hookimpl
        def meeple_agents(self):
            return {"first": lambda options, seed: FirstLegal()}

    plugins = load(only="", extra=[Extra()])
    assert plugins.game(" Crashing_Coins ") is plugins.games["crashing-coins"]
    assert plugins.game("crashing coins").name == "crashing-coins"
    assert list(plugins.games) == sorted(plugins.games) and "connect-four" not in plugins.games
    assert plugins.agent_factory("first")({}, 1).name == "first"
    assert sorted(plugins.stores) == ["jsonl", "memory", "postgresql", "sqlite"]
    for call, words in [(lambda: plugins.game("chess"),
                         "no game named 'chess'; installed games: coins, crashing-coins"),
                        (lambda: plugins.agent_factory("x"), "no agent named 'x'; installed agents: "),
                        (lambda: plugins.importer("x"),
                         "no importer named 'x'; installed importers: none installed")]:
        with pytest.raises(UnknownName) as exc:
            call()
        assert str(exc.value).startswith(words)
    assert plugins.failures == []
    assert [i.name for i in plugins.infos if i.distribution == "(registered)"] == ["extra-0"]
    info = next(i for i in plugins.infos if i.distribution == "(registered)")
    assert info == PluginInfo("extra-0", "(registered)", "-", ("meeple_agents", "meeple_games"))
    empty = load(only="")
    with pytest.raises(UnknownName) as exc:
        empty.game("coins")
    assert str(exc.value).startswith("no game named 'coins'; installed games: ")
    with pytest.raises(UnknownName) as exc:
        type(empty)(empty.pm, [], []).game("x")
    assert str(exc.value) == "no game named 'x'; installed games: none installed"


def test_only_names_the_external_plugins_that_load(monkeypatch) -> None:
    monkeypatch.setenv("MEEPLE_LOAD_PLUGINS", "connect_four , nothing")
    chosen = load()
    assert list(chosen.games) == ["connect-four"]
    assert "memory" in chosen.stores  # the meeple distribution's own always load
    assert list(load(only="").games) == []
    everything = load(only=None)
    assert list(everything.games) == ["connect-four"]
    monkeypatch.delenv("MEEPLE_LOAD_PLUGINS")
    assert len(load().games) > 1


def test_a_plugin_with_a_broken_game_is_refused_whole() -> None:
    class Half:
        __name__ = "half"

        @hookimpl
        def meeple_games(self):
            return [Coins(), "not a game"]

        @hookimpl
        def meeple_agents(self):
            return {"half-agent": lambda o, s: FirstLegal()}

    plugins = load(only="", extra=[Half()])
    assert "coins" not in plugins.games and "half-agent" not in plugins.agents
    (failed,) = plugins.failures
    assert failed == PluginInfo("half", "(registered)", "-", (), "'not a game' is not a "
                                "meeple.core.Game")


# -- verify ---------------------------------------------------------------------------------


def stored(seed: int = 3, moves: int = 3) -> tuple[Engine, str]:
    eng = engine()
    gid = eng.new_game("coins", ["a", "b"], seed=seed, game_id="v")
    for _ in range(moves):
        eng.move(gid, "flip", eng.to_act(gid)[0])
    return eng, gid


def report_of(eng: Engine, gid: str, records) -> VerifyReport:
    return verify(PLUGINS.game("coins"), eng.store.header(gid), records)


def resealed(eng: Engine, gid: str, records, at: int, **change):
    """The records with record ``at`` changed and every hash from it on made right again."""
    header = eng.store.header(gid)
    out, prev = [], header.hash()
    for r in records:
        if r.seq == at:
            r = attrs.evolve(r, **change)
        r = attrs.evolve(r, prev_hash=prev)
        r = attrs.evolve(r, hash=r.expected_hash())
        out.append(r)
        prev = r.hash
    return out


def test_verify_reports_a_good_game_fully() -> None:
    eng, gid = stored()
    report = report_of(eng, gid, eng.store.load(gid))
    assert report == VerifyReport("v", True, 4, None, "", 0, "", "", "")
    assert report.to_json() == {"game_id": "v", "ok": True, "events": 4, "first_bad_seq": None,
                                "problem": "", "chance_unchecked": 0, "upcast": "", "fork": "",
                                "header_id": ""}
    assert verify(PLUGINS.game("coins"), eng.store.header(gid), []).ok


def test_verify_of_a_sealed_game_takes_each_draw_as_recorded() -> None:
    eng, gid = stored()
    sealed = eng.store.header(gid).sealed()
    report = verify(PLUGINS.game("coins"), sealed, eng.store.load(gid))
    # The setup draws, and each of the three flips: four decisions taken as recorded.
    assert report.ok and report.chance_unchecked == 4
    wrong_seed = attrs.evolve(eng.store.header(gid), seed=4)
    report = verify(PLUGINS.game("coins"), wrong_seed, eng.store.load(gid))
    assert not report.ok and report.first_bad_seq == 0
    assert report.problem == "the header's seed is not the one its commitment seals"


def test_verify_names_each_kind_of_forged_record() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    cases = [
        (resealed(eng, gid, records, 1, actor="a"), 1,
         "record 1 claims to be a command, not the setup"),
        (resealed(eng, gid, records, 1, command_text="x"), 1,
         "record 1 claims to be a command, not the setup"),
        (resealed(eng, gid, records, 2, actor=None), 2, "record 2 has no command that caused it"),
        (resealed(eng, gid, records, 2, command_text=None), 2,
         "record 2 has no command that caused it"),
        (resealed(eng, gid, records, 3, batch=2), 3,
         "seq 3: stored coins.flipped v1 {'player': 'b', 'value': "),
        (resealed(eng, gid, records, 3, batch=1), 3, "record 3 claims batch 1"),
        (resealed(eng, gid, records, 2, type="coins.gone"), 2,
         "record 2 cannot be read: unknown event type 'coins.gone' for coins"),
        (resealed(eng, gid, records, 2, command_text="tails"), 2,
         "seq 2: command 'tails' by a is refused on replay: type flip"),
        (resealed(eng, gid, records, 2, actor="b"), 2,
         "seq 2: command 'flip' by b is refused on replay: it is not b's turn (waiting for a)"),
    ]
    for recs, seq, words in cases:
        report = report_of(eng, gid, recs)
        assert (report.ok, report.first_bad_seq, report.events) == (False, seq, 4), words
        assert report.problem.startswith(words), (words, report.problem)


def test_verify_names_a_changed_draw_with_both_values() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    value = eng.state(gid).flips[1][1]
    forged = resealed(eng, gid, records, 3, data=b'{"player":"b","value":7}')
    report = report_of(eng, gid, forged)
    assert report.first_bad_seq == 3 and report.problem == (
        f"seq 3: coins.flipped: value: stored 7, today's rules give {value} (command 'flip' by b)")
    bad_setup = resealed(eng, gid, records, 1, data=b'{"opening":5,"players":["a","b"]}')
    report = report_of(eng, gid, bad_setup)
    opening = eng.state(gid).opening
    assert report.first_bad_seq == 1 and report.problem == (
        f"seq 1: the setup events differ from what the seed and options give: coins.set: "
        f"opening: stored 5, today's rules give {opening}")


def test_verify_names_missing_and_extra_events() -> None:
    eng, gid = stored()
    records = eng.store.load(gid)
    # An extra event in the setup's batch.
    extra = chain("v", 1, records[0].hash, [NewEvent(records[1].type, 1, records[1].data)], "t")
    extra = [attrs.evolve(extra[0], batch=1)]
    extra = [attrs.evolve(extra[0], hash=extra[0].expected_hash())]
    report = report_of(eng, gid, [records[0], *extra])
    assert report.first_bad_seq == 2 and report.problem.startswith(
        "seq 2: the setup events differ from what the seed and options give: stored "
        "coins.flipped v1")
    assert report.problem.endswith("today's rules give no event here")

    class Double(Coins):
        def decide(self, state, player, cmd, rng):
            (ev,) = super().decide(state, player, cmd, rng)
            return [ev, ev]

        def setup(self, players, options, rng):
            return [*super().setup(players, options, rng), CoinsSet(tuple(players), 1)]

    report = verify(Double(), eng.store.header(gid), records[:1])
    assert report.first_bad_seq == 2 and report.problem == (
        "seq 2: the setup events differ from what the seed and options give: the log has no "
        "event here; today's rules give coins.set {players=('a', 'b'), opening=1}")


def test_check_chain_names_the_first_bad_record() -> None:
    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)
    check_chain(header, records)
    for bad, words in [
        ([records[1]], "record 1 carries sequence number 2"),
        ([attrs.evolve(records[0], game_id="w")], "record 1 belongs to game 'w'"),
        ([records[0], attrs.evolve(records[1], prev_hash="x")],
         "record 2 does not follow record 1 (chain broken)"),
        ([attrs.evolve(records[0], recorded_at="then")],
         "record 1 was altered (its hash does not match)"),
        ([attrs.evolve(records[0], data=b"\xff")], "record 1 was altered (its hash does not match)"),
    ]:
        with pytest.raises(IntegrityError) as exc:
            check_chain(header, bad)
        assert str(exc.value) == words
        assert exc.value.seq == (2 if "record 2" in words else 1)


def test_rederive_returns_the_unchecked_draws_and_collects_old_formats() -> None:
    eng, gid = stored()
    header, records = eng.store.header(gid), eng.store.load(gid)
    assert rederive(Coins(), header, records) == 0
    assert rederive(Coins(), header, []) == 0

    class Older(Coins):
        def old_format(self, stored, today):
            return "coins 0.1 (no values)"

    forged = resealed(eng, gid, records, 3, data=b'{"player":"b","value":7}')
    found: dict[str, int] = {}
    assert rederive(Older(), header, forged, found) == 0
    assert found == {"coins 0.1 (no values)": 1}
    report = verify(Older(), header, forged)
    assert report.ok and report.upcast == "stored in format coins 0.1 (no values), upcast: 1 event"
    both = resealed(eng, gid, forged, 2, data=b'{"player":"a","value":9}')
    assert verify(Older(), header, both).upcast == (
        "stored in format coins 0.1 (no values), upcast: 2 events")

    class Confused(Coins):
        def old_format(self, stored, today):
            raise ValueError("cannot tell")

    assert not verify(Confused(), header, forged).ok


def test_a_fork_is_checked_blind_up_to_its_fork_point() -> None:
    eng, gid = stored()
    fid = eng.fork(gid, 3, "f")
    eng.move(fid, "flip", "a")
    report = eng.verify(fid)
    # The setup and two flips drew with the source's seed, which this store holds: checked
    # with it; the flip after the fork point draws with the fork's own.
    assert report.ok and report.chance_unchecked == 0 and report.events == 4
    # Without its source the first three are checked blind: taken as recorded.
    alone = Engine(MemoryStore(), PLUGINS)
    alone.store.import_game(eng.store.header(fid), eng.store.load(fid))
    report = alone.verify(fid)
    assert report.ok and report.chance_unchecked == 3 and report.events == 4
    assert report.fork == ("forked from v at event 3, which is not in this store: the events "
                           "before the fork are checked against the rules, their draws taken "
                           "as recorded")


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


def test_an_option_spoiled_after_it_was_made_fails_the_load_checks() -> None:
    from meeple.core import Option

    opt = Option("goal", 5, "points", min=1, max=9)
    object.__setattr__(opt, "min", 20)

    class Spoiled(Coins):
        name = "spoiled"
        options = (opt,)

    assert game_problems(Spoiled()) == ["game 'spoiled': option 'goal': min 20 is above max 9"]
