"""meeple.core.testing checked as a library: every GameContract check is failed by a game
broken in the way it guards (the checks not covered by
test_contract_catches_broken_games.py), a correct game runs every check without skipping,
and each helper plugins call (imports and cycles, random positions, option sets, fold-only
replay, vp sums, first_difference, assert_verify_reports_rules_change) gives exactly its
documented result on small inputs."""

from __future__ import annotations

import contextlib
import random
import sys
import types
from pathlib import Path
from unittest import mock

import attrs
import pytest
from meeple.core import Amount, Amounts, IllegalCommand, LocalGame, Option, Outcome
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple.core.testing import (
    RULE_METHODS,
    EventsAreFactsContract,
    GameContract,
    RulesCalledInFold,
    assert_verify_reports_rules_change,
    check_amounts,
    check_changes_shape,
    check_idle_seats,
    check_legal_of_every_seat,
    check_regions,
    check_value_equality,
    derived_option_sets,
    encoded_log,
    first_difference,
    fold_only,
    forbid_functions,
    import_cycle,
    package_imports,
    played,
    random_decisions,
    random_game,
    random_snapshots,
    replay_encoded,
    vp_totals,
)
from meeple_testgames import RockPaperScissors, Throw
from plugin_template_nim import Nim, Started, State, Take, Took
from test_contract_catches_broken_games import EndlessNim, LossyCodecNim, contract_for, run_check
from test_engine_api import GAMES, games_engine
from test_match_play import Endless

FAILED = (AssertionError, pytest.fail.Exception)

# -- broken games for the checks the other file does not break ------------------------------


class ChattyNim(Nim):
    """Setup draws from the process's randomness, not the seed: logs differ run to run."""

    name = "chatty-nim"
    _count = 0

    def setup(self, players, options, rng):
        type(self)._count += 1
        heaps = "3,4,5" if self._count % 2 else "3,4,6"
        return super().setup(players, {**options, "heaps": heaps}, rng)


class ShortcutNim(Nim):
    """step takes one stone more than decide + fold would."""

    name = "shortcut-nim"

    def step(self, state, player, command, rng):
        state = super().step(state, player, command, rng)
        if state.heaps[command.heap] > 0:
            state.heaps[command.heap] -= 1
        return state


class LenientNim(Nim):
    """Any unreadable text is read as taking one stone from the first heap."""

    name = "lenient-nim"

    def parse(self, text, state=None, player=None):
        try:
            return super().parse(text, state, player)
        except IllegalCommand:
            return Take(0, 1)


class ScribblingParseNim(Nim):
    """Refuses unreadable text, but notes it in the state first."""

    name = "scribbling-parse-nim"

    def parse(self, text, state=None, player=None):
        try:
            return super().parse(text, state, player)
        except IllegalCommand:
            state.heaps[0] += 1
            raise


class PartialOutcomeNim(Nim):
    """The outcome names only the winner."""

    name = "partial-nim"

    def outcome(self, state):
        if state.winner is None:
            return None
        return Outcome.from_scores({state.winner: 1})


class RulesInFoldNim(Nim):
    """fold asks legal (a rule) while applying a stone taken."""

    name = "rules-in-fold-nim"

    def fold(self, state, ev):
        if isinstance(ev, Took):
            self.legal(state, ev.player)
        return super().fold(state, ev)


class SwallowingNim(Nim):
    """fold calls decide and swallows whatever it raises."""

    name = "swallowing-nim"

    def fold(self, state, ev):
        if isinstance(ev, Took):
            try:
                self.decide(state, ev.player, Take(ev.heap, ev.count), random.Random(0))
            except Exception:
                pass
        return super().fold(state, ev)


class MiscountedNim(Nim):
    """The vp change credits the wrong player."""

    name = "miscounted-nim"

    def changes(self, ev):
        if isinstance(ev, Took) and ev.last:
            other = next(p for p in ("p1", "p2") if p != ev.player)
            return {other: {"vp": 1}}
        return {}


class SilentNim(Nim):
    """No event reports a vp change at all."""

    name = "silent-nim"

    def changes(self, ev):
        return {}


class NoScoreNim(Nim):
    """Nobody scores, so silence is not a wrong sum: only the 'no vp change' check sees it."""

    name = "no-score-nim"

    def outcome(self, state):
        out = super().outcome(state)
        return None if out is None else Outcome.from_scores(dict.fromkeys(state.players, 0))

    def changes(self, ev):
        return {}


class BlindViewNim(Nim):
    """The view hides the last heap, so legal(view) offers less than legal(state)."""

    name = "blind-nim"

    def view(self, state, player):
        seen = self.clone(state)
        seen.heaps[-1] = 0
        return seen


class ForgetfulDeterminizeNim(Nim):
    """determinize loses the turn."""

    name = "forgetful-nim"

    def determinize(self, view, player, rng):
        full = self.clone(view)
        full.turn += 1
        return full


class CrashingNim(Nim):
    """parse raises a plain exception, which the engine turns into a refusal."""

    name = "crashing-parse-nim"

    def parse(self, text, state=None, player=None):
        if not text.strip():
            raise KeyError("empty")
        return super().parse(text, state, player)


class StuckNim(Nim):
    """Nobody has a legal command after the first move."""

    name = "stuck-nim"

    def legal(self, state, player):
        return [] if state.turn else super().legal(state, player)


class BadRenderNim(Nim):
    """render gives no text for the second seat."""

    name = "bad-render-nim"
    render_formats = ("text",)

    def render(self, state, fmt="text", player=None):
        return None if player == "p2" else super().render(state, fmt, player)


class PartialScoresNim(Nim):
    """The outcome ranks everyone but scores only the winner."""

    name = "partial-scores-nim"

    def outcome(self, state):
        out = super().outcome(state)
        if out is None:
            return None
        return Outcome({state.winner: 1}, dict(out.ranks))


class WordlessNim(Nim):
    """describe_event gives no words for a stone taken."""

    name = "wordless-nim"

    def describe_event(self, ev):
        return None if isinstance(ev, Took) else super().describe_event(ev)


class RulesInChangesNim(Nim):
    """changes asks legal (a rule) to tell who scored."""

    name = "rules-in-changes-nim"

    def changes(self, ev):
        if isinstance(ev, Took):
            self.legal(None, ev.player)
        return super().changes(ev)


BROKEN = [
    (BadRenderNim(), "test_render_formats_are_drawn_and_others_refused", None),
    (PartialScoresNim(), "test_outcome_ranks_every_player", None),
    (WordlessNim(), "test_fold_only_replay", None),
    (RulesInChangesNim(), "test_fold_only_replay",
     "rules-in-changes-nim: legal\\(\\) was called while folding stored events"),
    (LossyCodecNim(), "test_fold_only_replay", "fold-only replay differs \\(seed 1000\\)"),
    (ChattyNim(), "test_same_seed_same_log", None),
    (ShortcutNim(), "test_step_equals_decide_and_fold", "step and decide\\+fold differ"),
    (LenientNim(), "test_garbage_is_refused", "DID NOT RAISE"),
    (ScribblingParseNim(), "test_garbage_is_refused", None),
    (LenientNim(), "test_garbage_is_refused_by_the_game_not_by_a_crash", "DID NOT RAISE"),
    (PartialOutcomeNim(), "test_outcome_ranks_every_player", None),
    (RulesInFoldNim(), "test_fold_only_replay",
     "rules-in-fold-nim: legal\\(\\) was called while folding stored events"),
    (SwallowingNim(), "test_fold_only_replay", "fold called \\['decide'\\] \\(seed 1000\\)"),
    (MiscountedNim(), "test_vp_changes_sum_to_scores", "seed 1000: vp changes sum to"),
    (SilentNim(), "test_vp_changes_sum_to_scores", "vp changes sum to"),
    (NoScoreNim(), "test_vp_changes_sum_to_scores",
     "no-score-nim: no event reports a vp change; changes\\(event\\) must report every "
     "scoring as"),
    (BlindViewNim(), "test_views_offer_the_same_choices_and_determinize_keeps_the_view",
     "legal\\(view\\) != legal\\(state\\)"),
    (ForgetfulDeterminizeNim(), "test_views_offer_the_same_choices_and_determinize_keeps_the_view",
     "determinize changed the view"),
    (CrashingNim(), "test_garbage_is_refused_by_the_game_not_by_a_crash",
     "parse\\(''\\) raised KeyError: 'empty' instead of IllegalCommand"),
    (StuckNim(), "test_decide_changes_nothing_and_notation_round_trips",
     "must act but has no legal command"),
    (StuckNim(), "test_every_option_set_ends_within_max_steps",
     "2 players, options {}: stuck-nim: p2 must act but has no legal command"),
]


@pytest.mark.parametrize(("game", "check", "message"), BROKEN,
                         ids=[f"{type(b[0]).__name__}-{b[1]}" for b in BROKEN])
def test_each_broken_game_fails_its_check(game, check, message) -> None:
    # None: a bare assert of the contract (no message of its own).
    with pytest.raises(FAILED if message else AssertionError, match=message):
        run_check(contract_for(game, random_games=5, fact_games=3), check)


def test_the_broken_games_pass_the_checks_they_do_not_break() -> None:
    # Each broken game fails for its bug only: the replay check passes for all of them
    # (a check that fails every game would show nothing).
    for game in (ShortcutNim(), PartialOutcomeNim(), MiscountedNim(), BlindViewNim()):
        run_check(contract_for(game, random_games=5), "test_replay_equals_live")


def test_a_game_with_an_idle_player_runs_the_wrong_player_check() -> None:
    # Nim has an idle player at the start: the check must run, not skip.
    contract = contract_for(Nim())
    try:
        contract.test_wrong_player_is_refused()
    except pytest.skip.Exception:
        pytest.fail("the wrong-player check skipped a game with an idle player")

    class EveryoneActs(Nim):
        name = "everyone-nim"

        def to_act(self, state):
            return () if state.winner else state.players

    with pytest.raises(pytest.skip.Exception, match="every player acts at the start"):
        contract_for(EveryoneActs()).test_wrong_player_is_refused()


def test_fact_games_cycle_player_counts_and_option_sets() -> None:
    class ThreeNim(Nim):
        name = "three-nim"
        min_players, max_players = 2, 3

    contract = contract_for(ThreeNim(), player_counts=(2, 3), fact_games=4,
                            option_sets=({}, {"heaps": "1"}))
    games = contract._fact_games()
    assert [g.seed for g in games] == [1000, 1001, 1002, 1003]
    assert [len(g.players) for g in games] == [2, 3, 2, 3]
    assert [g.options["heaps"] for g in games] == ["3,4,5", "3,4,5", "1", "1"]
    assert all(g.outcome() is not None for g in games)
    # GameContract plays the same seeds the same way.
    for i, game in enumerate(games):
        again = contract._game_for(1000 + i)
        assert (again.events, again.options, again.players) == (game.events, game.options,
                                                                game.players)
    assert [len(contract._game_for(s).players) for s in (6, 7)] == [2, 3]
    assert [contract._game_for(s).options["heaps"] for s in (4, 6)] == ["3,4,5", "1"]
    assert contract._setups() == [(2, {}), (2, {"heaps": "1"}), (3, {}), (3, {"heaps": "1"})]


# -- helpers --------------------------------------------------------------------------------


def write(pkg: Path, files: dict[str, str]) -> Path:
    pkg.mkdir()
    for name, text in files.items():
        (pkg / name).write_text(text)
    return pkg


def test_package_imports_reads_relative_imports_anywhere(tmp_path: Path) -> None:
    pkg = write(tmp_path / "pkg", {
        "a.py": "from .b import x\nfrom . import c, d\nimport os\nfrom os import path\n",
        "b.py": "def f():\n    from .c.deep import y\n    from ..up import z\n",
        "c.py": "",
        "notes.txt": "from .a import nothing",
    })
    assert package_imports(pkg) == {"a": {"b", "c", "d"}, "b": {"c"}, "c": set()}


def test_import_cycles_are_found_with_their_path() -> None:
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert import_cycle({"a": {"b", "zzz"}, "b": set()}) is None
    assert import_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert import_cycle({"a": {"a"}}) == ["a", "a"]
    assert import_cycle({"x": set(), "a": {"b"}, "b": {"c"}, "c": {"b"}}) == ["a", "b", "c", "b"]
    # A module reached twice without a cycle (a diamond) is no cycle.
    assert import_cycle({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) is None
    assert import_cycle({}) is None


def replayed_positions(game, seed: int) -> tuple[list, LocalGame]:
    """What random_decisions must walk: each position of a game whose every command is
    random.Random(seed).choice of the first acting player's legal commands."""
    local = LocalGame(game, ["p1", "p2"], seed=seed)
    rng = random.Random(seed)
    out = []
    while local.outcome() is None:
        player = local.to_act()[0]
        out.append((game.clone(local.state), player))
        local.play(player, rng.choice(game.legal(local.state, player)))
    return out, local


def test_random_positions_are_the_seeded_game_step_by_step() -> None:
    game = Nim()
    want, _ = replayed_positions(game, 4)
    seen = [(game.clone(s), p) for s, p in random_decisions(game, 2, seed=4)]
    assert seen == want and len(want) > 2
    assert [p for _, p in seen] == [("p1", "p2")[i % 2] for i in range(len(seen))]
    assert [(game.clone(s), p) for s, p in random_decisions(game, 2, 4, steps=2)] == want[:2]
    assert list(random_decisions(game, 2, seed=4, steps=0)) == []
    # random_game plays as LocalGame.play_randomly with random.Random(seed).
    full = random_game(game, 2, 4)
    again = LocalGame(game, ["p1", "p2"], seed=4)
    steps = again.play_randomly(random.Random(4))
    assert again.events == full.events and full.seed == 4 and full.outcome() is not None
    assert steps > 2
    # A game that ends on the last command allowed ends; one command short, it does not.
    exact = LocalGame(game, ["p1", "p2"], seed=4)
    assert exact.play_randomly(random.Random(4), max_steps=steps) == steps
    with pytest.raises(RuntimeError, match=f"nim: no end after {steps - 1} commands"):
        random_game(game, 2, 4, max_steps=steps - 1)
    with pytest.raises(RuntimeError, match="nim: no end after 2 commands"):
        random_game(game, 2, 4, max_steps=2)
    opts = random_game(game, 2, 4, {"heaps": "2"})
    assert opts.options == {"heaps": "2"} and opts.events[0] == Started(("p1", "p2"), (2,))


def test_played_and_snapshots() -> None:
    game = Nim()
    local = played(game, ["x", "y"], [Take(0, 3), Take(1, 4)])
    assert local.state.heaps == [0, 0, 5] and local.players == ["x", "y"]
    assert local.events[1:] == [Took("x", 0, 3, False), Took("y", 1, 4, False)]
    want, final = replayed_positions(game, 5)
    shots = random_snapshots(game, 2, 5, at=[0, 2])
    assert shots == [want[0][0], want[2][0], final.state]
    assert shots[0].heaps == [3, 4, 5] and shots[1].turn == 2 and shots[0] is not shots[1]
    assert random_snapshots(game, 2, 5, at=[]) == [final.state]


def test_the_walks_ask_the_first_of_several_players_acting_at_once() -> None:
    game = RockPaperScissors()  # both throw at once; the first seat is asked first
    assert [p for _, p in random_decisions(game, 2, seed=1)] == ["p1", "p2"]
    first = random_snapshots(game, 2, 1, at=[1])[0]
    assert list(first.hands) == ["p1"]
    assert played(game, ["x", "y"], [Throw("rock"), Throw("paper")]).state.hands == {
        "x": "rock", "y": "paper"}


def test_derived_option_sets_visit_every_declared_value() -> None:
    class Many(Nim):
        name = "many-nim"
        options = (Option("heaps", "3,4,5", "h"),
                   Option("fast", False, "b"),
                   Option("mode", "a", "c", choices=("a", "b", "c")),
                   Option("goal", 5, "i", min=1, max=9),
                   Option("low", 2, "i", min=2),
                   Option("rate", 0.5, "f", max=1.0),
                   Option("again", "b", "c", choices=("b", "a")))

    assert derived_option_sets(Many()) == (
        {}, {"fast": True}, {"mode": "b"}, {"mode": "c"}, {"goal": 1}, {"goal": 9},
        {"rate": 1.0}, {"again": "a"})
    assert derived_option_sets(Nim()) == ({},)
    assert contract_for(Many()).exercised_option_sets() == derived_option_sets(Many())
    assert contract_for(Many(), option_sets=[{"a": 1}]).exercised_option_sets() == ({"a": 1},)


def test_encoded_logs_replay_to_the_live_state() -> None:
    local = random_game(Nim(), 2, 3)
    log = encoded_log(Nim(), local.events)
    codec = Codec(Nim())
    assert log == [codec.encode(e) for e in local.events] and log[0][0] == "nim.started"
    assert replay_encoded(Nim(), log) == local.state


def test_fold_only_forbids_the_rule_methods_and_notes_each_call() -> None:
    game = Nim()
    patched, calls = fold_only(game)
    assert RULE_METHODS == ("decide", "legal", "step", "parse")
    assert patched is not game and patched.fold(None, Started(("a", "b"), (1,))).heaps == [1]
    for name in RULE_METHODS:
        with pytest.raises(RulesCalledInFold) as exc:
            getattr(patched, name)(None, "a")
        assert str(exc.value) == (f"nim: {name}() was called while folding stored events; fold "
                                  "must apply what the event records, never re-run the rules")
    assert calls == list(RULE_METHODS)
    assert game.legal(game.fold(None, Started(("a", "b"), (1,))), "a") == [Take(0, 1)]


def test_forbid_functions_replaces_every_binding_and_puts_them_back() -> None:
    rules = types.ModuleType("fakepkg.rules")
    exec("def score(x):\n    return x + 1\n\nVALUE = 3\n", rules.__dict__)
    user = types.ModuleType("fakepkg.user")
    user.score = rules.score
    user.keep = len
    other = types.ModuleType("otherpkg.mod")
    other.score = rules.score
    sys.modules.update({"fakepkg.rules": rules, "fakepkg.user": user, "otherpkg.mod": other})
    try:
        calls: list[str] = []
        with forbid_functions(["fakepkg.rules"], calls):
            for mod in (rules, user):
                with pytest.raises(RulesCalledInFold) as exc:
                    mod.score(1)
                assert str(exc.value) == ("fakepkg.rules.score() was called while folding stored "
                                          "events; fold must apply what the event records")
            assert other.score(1) == 2  # another package keeps its binding
            assert rules.VALUE == 3 and user.keep is len
        assert calls == ["fakepkg.rules.score", "fakepkg.rules.score"]
        assert rules.score(1) == 2 and user.score(1) == 2
        with forbid_functions([], calls):
            assert rules.score(2) == 3
    finally:
        for name in ("fakepkg.rules", "fakepkg.user", "otherpkg.mod"):
            sys.modules.pop(name)


def test_vp_totals_and_the_shape_of_changes() -> None:
    class Counting(Nim):
        def changes(self, ev):
            return ev

    g = Counting()
    events = [{"a": {"vp": 2, "coins": 5}}, {"b": {"vp": 1.5}}, {"a": {"vp": -1}}, {"c": {"vp": 4}},
              {"a": {"coins": 1}}]
    assert vp_totals(g, events, ["a", "b"]) == {"a": 1.0, "b": 1.5, "c": 4.0}
    assert vp_totals(g, [], ["a"]) == {"a": 0.0}
    check_changes_shape(g, {"a": {"vp": 1, "x": 0.5}}, ["a"])
    for bad, words in [([1], "is not a mapping"), ({"z": {"vp": 1}}, "names 'z', who does not play"),
                       ({"a": [1]}, "['a'] is not a mapping"), ({"a": {"": 1}}, "bad counter ''"),
                       ({"a": {5: 1}}, "bad counter 5"),
                       ({"a": {"vp": True}}, "['a']['vp'] = True is not a number"),
                       ({"a": {"vp": "1"}}, "['a']['vp'] = '1' is not a number")]:
        with pytest.raises(AssertionError, match=words.replace("[", "\\[").replace("(", "\\(")):
            check_changes_shape(g, bad, ["a"])


# -- first_difference and assert_verify_reports_rules_change --------------------------------

PLUGINS = load()


def stored_nim_game() -> tuple[Engine, str]:
    eng = Engine(MemoryStore(), PLUGINS, clock=lambda: "2026-01-01T00:00:00+00:00")
    gid = eng.new_game("connect-four", ["a", "b"], seed=3, game_id="cf")
    for col in "1212121":
        eng.move(gid, col, eng.to_act(gid)[0])
    assert eng.outcome(gid) is not None
    return eng, gid


def test_first_difference_is_none_for_todays_rules_and_names_a_changed_event() -> None:
    eng, gid = stored_nim_game()
    header, records = eng.store.header(gid), eng.store.load(gid)
    game = PLUGINS.game("connect-four")
    assert first_difference(game, header, records) is None
    # A stored event changed: named by its seq.
    bad = [*records[:3], attrs.evolve(records[3], data=records[4].data), *records[4:]]
    assert first_difference(game, header, bad) == 4
    # A stored command that today's rules refuse: named by its seq.
    with mock.patch.object(type(game), "decide", side_effect=IllegalCommand("no")):
        assert first_difference(game, header, records) == 2
    # A command that gives more events today than stored: the stored one after it.
    assert first_difference(_TwiceDecided(game), header, records[:3]) == 3
    # A stored command with more events than today's rules give (the win after the drop).
    assert records[-1].batch != records[-1].seq
    assert first_difference(_FirstOnly(game), header, records) == records[-1].seq
    # The log ends early: the first event today's rules give beyond it.
    assert first_difference(_ExtraSetup(game), header, records[:1]) == 2
    # A stored record with no command where a command must be.
    with pytest.raises(ValueError, match="seq 2 is no player command \\(undo, redo\\?\\)"):
        first_difference(game, header, [records[0], attrs.evolve(records[1], actor=None)])


class _Proxy:
    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)


class _ExtraSetup(_Proxy):
    """connect four whose setup writes one more event than the stored game had."""

    def setup(self, players, options, rng):
        events = self._game.setup(players, options, rng)
        return [*events, *events]


class _TwiceDecided(_Proxy):
    """connect four whose every command writes its events twice."""

    def decide(self, state, player, command, rng):
        events = self._game.decide(state, player, command, rng)
        return [*events, *events]


class _FirstOnly(_Proxy):
    """connect four whose commands write only their first event."""

    def decide(self, state, player, command, rng):
        return self._game.decide(state, player, command, rng)[:1]


def test_first_difference_stops_at_an_undo() -> None:
    # An undo's record names its asker and "undo": today's rules refuse it as a command.
    game = PLUGINS.game("connect-four")
    eng = Engine(MemoryStore(), PLUGINS, clock=lambda: "t")
    gid = eng.new_game("connect-four", ["a", "b"], seed=3, game_id="u")
    eng.move(gid, "1", "a")
    eng.undo(gid, "a")
    eng.move(gid, "2", "a")
    assert first_difference(game, eng.store.header(gid), eng.store.load(gid)) == 3


def test_verify_names_a_rules_change_through_the_helper() -> None:
    from meeple_connect_four.game import ConnectFour

    eng, gid = stored_nim_game()
    report = assert_verify_reports_rules_change(
        eng, gid, mock.patch.object(ConnectFour, "win_score", 2.0), expect=["seq "])
    assert not report.ok and report.first_bad_seq is not None
    # A patch that changes nothing is refused by the helper.
    with pytest.raises(AssertionError, match="the patch changes no event of this game"):
        assert_verify_reports_rules_change(eng, gid, mock.patch.object(ConnectFour, "title", "x"))
    with pytest.raises(AssertionError, match="'never said' not in"):
        assert_verify_reports_rules_change(
            eng, gid, mock.patch.object(ConnectFour, "win_score", 2.0), expect=["never said"])


class _ReportedAs:
    """An engine whose verify hands back ``change(report)`` for a failing report: a verify
    that misses or misnames a rules change."""

    def __init__(self, engine: Engine, change) -> None:
        self._engine, self._change = engine, change

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def verify(self, game_id):
        report = self._engine.verify(game_id)
        return report if report.ok else self._change(report)


def test_the_rules_change_helper_fails_a_verify_that_misses_or_misnames_it() -> None:
    from meeple_connect_four.game import ConnectFour

    eng, gid = stored_nim_game()
    patch = lambda: mock.patch.object(ConnectFour, "win_score", 2.0)  # noqa: E731
    report = assert_verify_reports_rules_change(eng, gid, patch())
    first = report.first_bad_seq
    for change, words in [
        (lambda r: attrs.evolve(r, ok=True, first_bad_seq=None, problem=""),
         f"verify says ok although seq {first} differs under the patch"),
        (lambda r: attrs.evolve(r, first_bad_seq=first - 1),
         f"verify names event {first - 1}, the first differing one is {first}: "),
        (lambda r: attrs.evolve(r, first_bad_seq=first + 1),
         f"verify names event {first + 1}, the first differing one is {first}: "),
        (lambda r: attrs.evolve(r, problem=r.problem.replace(f"seq {first}:", "somewhere:")),
         "somewhere:"),
    ]:
        with pytest.raises(AssertionError) as exc:
            assert_verify_reports_rules_change(_ReportedAs(eng, change), gid, patch())
        assert str(exc.value).startswith(words), str(exc.value)
    with pytest.raises(AssertionError) as exc:
        assert_verify_reports_rules_change(eng, gid, patch(), expect=["seq ", "no such words"])
    assert str(exc.value).startswith(f"'no such words' not in {report.problem!r}")


def test_the_rules_change_helper_wants_the_game_to_verify_before_and_after_the_patch() -> None:
    from meeple_connect_four.game import ConnectFour

    eng, gid = stored_nim_game()
    lasting = mock.patch.object(ConnectFour, "win_score", 2.0)

    @contextlib.contextmanager
    def never_undone():
        lasting.start()
        yield

    try:
        with pytest.raises(AssertionError) as exc:
            assert_verify_reports_rules_change(eng, gid, never_undone())
        assert str(exc.value).startswith("the game must verify again once the patch is undone")
        eng.forget(gid)
        with pytest.raises(AssertionError) as exc:
            assert_verify_reports_rules_change(eng, gid, contextlib.nullcontext())
        assert str(exc.value).startswith("the stored game must verify before the patch")
    finally:
        lasting.stop()
        eng.forget(gid)
    assert eng.verify(gid).ok


def test_the_contracts_defaults_are_those_docs_plugins_md_gives() -> None:
    import ast
    import re

    table = (Path(__file__).resolve().parents[1] / "docs/plugins.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \| `?([^`|]+?)`? \|", table, re.M))
    assert {"player_counts", "random_games", "max_steps"} <= set(rows)
    assert GameContract.player_counts == ast.literal_eval(rows["player_counts"])
    assert GameContract.random_games == int(rows["random_games"])
    assert GameContract.max_steps == int(rows["max_steps"])
    assert GameContract.option_sets is None and "| `option_sets` | `None`: derived |" in table
    fact, modules = re.search(r"^\| `fact_games`, `rule_modules` \| (\d+), `(.*?)` \|", table,
                              re.M).groups()
    assert GameContract.fact_games == int(fact)
    assert GameContract.rule_modules == ast.literal_eval(modules)
    shown = ast.literal_eval(rows["garbage"].replace(", ...)", ",)"))
    assert set(shown) <= set(GameContract.garbage) and "" in GameContract.garbage


def test_the_facts_contract_alone_plays_two_players_with_default_options() -> None:
    class Facts(EventsAreFactsContract):
        game = Nim()
        fact_games = 3

    games = Facts._fact_games()
    assert [g.seed for g in games] == [1000, 1001, 1002]
    assert {len(g.players) for g in games} == {2} and {g.options["heaps"] for g in games} == {"3,4,5"}

    class WithSets(Facts):
        option_sets = ({"heaps": "2"}, {"heaps": "1,1"})
        max_steps = 50

    assert [g.options["heaps"] for g in WithSets._fact_games()] == ["2", "1,1", "2"]
    Facts().test_vp_changes_sum_to_scores(games)
    Facts().test_fold_only_replay(games)


class TestNimFactsAsAPluginRunsThem(EventsAreFactsContract):
    """The facts contract run by pytest, as a plugin's tests run it (its class fixture)."""

    game = Nim()
    fact_games = 2


def test_first_difference_names_the_event_today_s_rules_add_after_the_log() -> None:
    # A stored log whose last command now gives one event more (a new end-of-game scoring,
    # say) differs at the seq just after its end; an unchanged log has no difference.
    from meeple.core.testing import first_difference

    game, ends = GAMES.game("connect-four"), set()
    # a's vertical four after 7 moves, b's after 8: the log ends at either parity.
    for gid, columns in (("w7", (1, 2, 1, 2, 1, 2, 1)), ("w8", (1, 2, 1, 2, 1, 2, 3, 2))):
        eng = games_engine()
        eng.new_game("connect-four", ["a", "b"], seed=1, game_id=gid)
        for column in columns:
            eng.move(gid, str(column), eng.to_act(gid)[0])
        assert eng.outcome(gid) is not None
        header, records = eng.store.header(gid), eng.store.load(gid)
        assert first_difference(game, header, records) is None
        assert records[-1].batch != records[-1].seq, "the winning move writes several events"
        assert first_difference(game, header, records[:-1]) == records[-1].seq
        ends.add(records[-2].seq % 2)
    assert ends == {0, 1}


def _form(*parts: Amount, title: str = "pay", target: int = 3, button: str = "Pay") -> Amounts:
    return Amounts(title, target, parts, button)


def test_amounts_need_whole_counts_from_0_and_worths_from_1() -> None:
    steps = {"a": ("card",), "b": ("card",)}
    check_amounts(steps, {"a": _form(Amount("mc", 0), Amount("steel", 1, 2)),
                          "b": _form(Amount("mc", 1), Amount("steel", 0, 2)), "c": None})
    bad = [(Amount("mc", -1), "'a': mc -1"), (Amount("mc", 1.0), "'a': mc 1.0"),
           (Amount("mc", 1, 0), "'a': mc worth 0"), (Amount("mc", 1, 2.0), "'a': mc worth 2.0")]
    for part, message in bad:
        with pytest.raises(AssertionError) as exc:
            check_amounts({"a": ("card",)}, {"a": _form(part)})
        assert str(exc.value) == message
    with pytest.raises(AssertionError, match="'a': amounts must be Amounts or None"):
        check_amounts({"a": ()}, {"a": (Amount("mc", 1),)})
    with pytest.raises(AssertionError, match=r"amounts need parts with different names, not \[\]"):
        check_amounts({"a": ()}, {"a": _form()})
    with pytest.raises(AssertionError, match=r"not \['mc', 'mc'\]"):
        check_amounts({"a": ()}, {"a": _form(Amount("mc", 1), Amount("mc", 2))})


def test_one_form_is_the_same_regions_and_title_told_apart_by_counts() -> None:
    # Other regions or another title: another form, which may repeat the counts.
    check_amounts({"a": ("x",), "b": ("y",), "c": ("x",)},
                  {"a": _form(Amount("mc", 1)), "b": _form(Amount("mc", 1)),
                   "c": _form(Amount("mc", 1), title="other")})
    for other in (_form(Amount("mc", 2), target=4), _form(Amount("steel", 2)),
                  _form(Amount("mc", 2), button="Go")):
        with pytest.raises(AssertionError) as exc:
            check_amounts({"a": ("x",), "b": ("x",)}, {"a": _form(Amount("mc", 1)), "b": other})
        assert str(exc.value) == ("'b': the form 'pay' has other parts, target or button "
                                  "for another command of the same regions")
    with pytest.raises(AssertionError) as exc:
        check_amounts({"a": ("x",), "b": ("x",)},
                      {"a": _form(Amount("mc", 1)), "b": _form(Amount("mc", 1))})
    assert str(exc.value) == "'b' and 'a' set the same counts (1,) in the form 'pay'"


class ForgetfulState(State):
    """Compares by value until ``after`` moves were made, then by identity."""

    after = 3

    def __eq__(self, other):
        if self.turn >= self.after:
            return self is other
        return isinstance(other, State) and (self.players, self.heaps, self.turn, self.winner) == (
            other.players, other.heaps, other.turn, other.winner)

    __hash__ = None


class ForgetfulNim(Nim):
    name = "forgetful-nim"
    after = 3

    def fold(self, state, ev):
        new = super().fold(state, ev)
        out = ForgetfulState(new.players, new.heaps, new.turn, new.winner)
        out.after = self.after
        return out

    def clone(self, state):
        out = ForgetfulState(state.players, list(state.heaps), state.turn, state.winner)
        out.after = self.after
        return out


def test_value_equality_is_checked_after_the_first_three_moves() -> None:
    with pytest.raises(AssertionError) as exc:
        check_value_equality(ForgetfulNim(), 2)
    assert str(exc.value).startswith(
        "forgetful-nim: two states built by the same setup and the same moves are not "
        "equal (==). GameContract needs value equality of the state")
    late = ForgetfulNim()
    late.after = 4
    check_value_equality(late, 2)


def test_value_equality_is_checked_on_the_options_given() -> None:
    # One heap of one: the first move ends the game, before this state forgets its
    # fields; on the default heaps it plays on and fails.
    forgets_at_two = ForgetfulNim()
    forgets_at_two.after = 2
    check_value_equality(forgets_at_two, 2, {"heaps": "1"})
    with pytest.raises(AssertionError, match="^forgetful-nim: two states built by the same"):
        check_value_equality(forgets_at_two, 2)
    with pytest.raises(AssertionError, match="^forgetful-nim: two states built by the same"):
        check_value_equality(forgets_at_two, 2, {"heaps": "3,4,5"})


def test_value_equality_needs_a_clone_equal_to_its_state() -> None:
    class ForgetfulCloneNim(Nim):
        name = "forgetful-clone-nim"

        def clone(self, state):
            return State(state.players, list(state.heaps), 0, state.winner)

    with pytest.raises(AssertionError, match="^forgetful-clone-nim: a state and its clone are "
                                             "not equal \\(==\\)"):
        check_value_equality(ForgetfulCloneNim(), 2)


def test_value_equality_plays_no_move_where_none_is_legal_or_the_game_is_over() -> None:
    class NoMovesNim(Nim):
        name = "no-moves-nim"

        def legal(self, state, player):
            return []

    class OverNim(Nim):
        """Over from the start (a draw), though its to_act still names p1."""

        name = "over-nim"

        def outcome(self, state):
            return Outcome.from_scores({p: 0 for p in state.players})

        def legal(self, state, player):
            raise AssertionError("a move asked of a finished game")

    class NobodyNim(Nim):
        name = "nobody-nim"

        def to_act(self, state):
            return ()

    for game in (NoMovesNim(), OverNim(), NobodyNim()):
        check_value_equality(game, 2)


class WatchedNim(EndlessNim):
    """Never ends; notes the move number of every position decided at or reshuffled."""

    name = "watched-nim"

    def __init__(self) -> None:
        self.decided: set[int] = set()
        self.reshuffled: set[int] = set()

    def decide(self, state, player, command, rng):
        self.decided.add(state.turn)
        return super().decide(state, player, command, rng)

    def reshuffle_unrevealed(self, state, rng):
        self.reshuffled.add(state.turn)
        return super().reshuffle_unrevealed(state, rng)


WALKS = "test_decide_changes_nothing_and_notation_round_trips", "test_step_equals_decide_and_fold"


@pytest.mark.parametrize(("check", "setups", "walked"), [
    (WALKS[0], 1, 300), (WALKS[0], 7, 42), (WALKS[0], 8, 40),
    (WALKS[1], 1, 200), (WALKS[1], 3, 66), (WALKS[1], 6, 40),
    ("test_views_offer_the_same_choices_and_determinize_keeps_the_view", 2, 60),
    ("test_regions_are_drawn_in_the_players_picture", 2, 40),
    ("test_a_spectator_sees_nothing_a_seat_cannot", 2, 40),
    ("test_a_fork_reshuffle_changes_nothing_anyone_has_seen", 2, 60),
])
def test_each_walk_of_the_game_contract_plays_its_number_of_moves(
        check: str, setups: int, walked: int) -> None:
    # The decide and step checks share 300 and 200 moves among the setups, at least 40
    # each; the others walk a fixed number of moves per setup.
    game = WatchedNim()
    run_check(contract_for(game, option_sets=({},) * setups), check)
    assert game.decided == set(range(walked))


def test_the_fork_reshuffle_check_looks_at_every_sixth_of_the_first_60_moves() -> None:
    game = WatchedNim()
    run_check(contract_for(game, option_sets=({},)),
              "test_a_fork_reshuffle_changes_nothing_anyone_has_seen")
    assert game.reshuffled == set(range(0, 60, 6))


def test_every_random_walk_stops_at_max_steps() -> None:
    from test_contract_catches_broken_games import EndlessNim

    words = ("endless-nim: no end after 7 commands (2 players, seed 4): the game never ends, "
             "or give a larger max_steps")
    with pytest.raises(RuntimeError) as exc:  # LocalGame.play_randomly's own words
        random_game(EndlessNim(), 2, 4, max_steps=7)
    assert str(exc.value) == "endless-nim: no end after 7 commands"
    walks = [lambda: random_game(EndlessNim(), 2, 4, max_steps=7, idle_seats_checked=True),
             lambda: list(random_decisions(EndlessNim(), 2, 4, max_steps=7)),
             lambda: random_snapshots(EndlessNim(), 2, 4, [1], max_steps=7)]
    for walk in walks:
        with pytest.raises(RuntimeError) as exc:
            walk()
        assert str(exc.value) == words
    # Seven commands are allowed: a game of exactly seven ends without the error.
    class OneAtATime(Nim):
        name = "one-at-a-time-nim"
        options = (Option("heaps", "7", "one heap of seven"),)

        def legal(self, state, player):
            return [c for c in super().legal(state, player) if c.count == 1]

    seven = [lambda n: random_game(OneAtATime(), 2, 4, max_steps=n, idle_seats_checked=True),
             lambda n: list(random_decisions(OneAtATime(), 2, 4, max_steps=n)),
             lambda n: random_snapshots(OneAtATime(), 2, 4, [1], max_steps=n)]
    for walk in seven:
        walk(7)
        with pytest.raises(RuntimeError, match="no end after 6 commands"):
            walk(6)
    assert len(list(random_decisions(OneAtATime(), 2, 4))) == 7


def test_every_random_walk_stops_at_a_hundred_thousand_commands_by_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.core.testing as helpers

    monkeypatch.setattr(helpers, "LocalGame", Endless)
    words = ("nim: no end after 100000 commands (2 players, seed 4): the game never ends, "
             "or give a larger max_steps")
    with pytest.raises(RuntimeError) as exc:
        random_game(Nim(), 2, 4)
    assert str(exc.value) == "nim: no end after 100000 commands"
    decisions = 0
    with pytest.raises(RuntimeError) as exc:
        for _ in random_decisions(Nim(), 2, 4):
            decisions += 1
    assert str(exc.value) == words and decisions == 100_000
    with pytest.raises(RuntimeError) as exc:
        random_snapshots(Nim(), 2, 4, [1])
    assert str(exc.value) == words


def test_a_checked_walk_and_the_facts_contract_alone_stop_at_a_hundred_thousand_commands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.core.testing as helpers

    monkeypatch.setattr(helpers, "LocalGame", Endless)
    words = ("nim: no end after 100000 commands (2 players, seed 4): the game never ends, "
             "or give a larger max_steps")
    with pytest.raises(RuntimeError) as exc:
        random_game(Nim(), 2, 4, idle_seats_checked=True)
    assert str(exc.value) == words

    class Facts(EventsAreFactsContract):  # without GameContract's max_steps
        game = Nim()
        fact_games = 1

    with pytest.raises(RuntimeError) as exc:
        Facts._fact_games()
    assert str(exc.value) == words.replace("seed 4", "seed 1000")


def test_a_checked_random_walk_names_a_seat_that_must_act_without_a_command() -> None:
    with pytest.raises(RuntimeError) as exc:
        random_game(StuckNim(), 2, 3, idle_seats_checked=True)
    assert str(exc.value) == ("stuck-nim: p2 must act but has no legal command (2 players, "
                              "options None, seed 3, step 1)")


def test_legal_must_be_a_list_for_every_seat_and_empty_for_the_idle_ones() -> None:
    game = Nim()
    state = LocalGame(game, ["p1", "p2"], seed=1).state
    check_legal_of_every_seat(game, state, ["p1", "p2"])

    class TupleNim(Nim):
        name = "tuple-nim"

        def legal(self, state, player):
            return tuple(super().legal(state, player))

    with pytest.raises(AssertionError) as exc:
        check_legal_of_every_seat(TupleNim(), state, ["p1", "p2"], " (here)")
    assert str(exc.value) == "tuple-nim: legal(state, 'p1') gave tuple, not a list (here)"

    class EagerNim(Nim):
        name = "eager-nim"

        def legal(self, state, player):
            return [Take(0, 1), Take(0, 2)]

    with pytest.raises(AssertionError) as exc:
        check_legal_of_every_seat(EagerNim(), state, ["p1", "p2"], " (there)")
    assert str(exc.value) == ("eager-nim: legal(state, 'p2') must be [] for a seat that may not "
                              "act now, not 2 commands (there)")
    check_idle_seats(EagerNim(), state, ["p1", "p2"], ["p1", "p2"])  # nobody idle
    # A finished game: nobody acts, whatever to_act says.
    done = played(game, ["p1", "p2"], [Take(0, 3), Take(1, 4), Take(2, 5)]).state
    assert game.outcome(done) is not None

    class StillActing(EagerNim):
        name = "still-acting-nim"

        def to_act(self, state):
            return state.players

    with pytest.raises(AssertionError, match="legal\\(state, 'p1'\\) must be \\[\\]"):
        check_legal_of_every_seat(StillActing(), done, ["p1", "p2"])
    with pytest.raises(AssertionError, match="'p1'\\) must be \\[\\] for a seat that may not act now, not None"):
        check_idle_seats(NoneNim(), state, ["p1"], [])


class NoneNim(Nim):
    name = "none-nim"

    def legal(self, state, player):
        return None


PICTURE = ('<svg><rect data-region="heap 1"/><rect data-region="a &amp; b"/>'
           '<circle data-region="stick" data-after="heap 1"/>'
           '<circle data-region="stick" data-after="a &amp; b"/>'
           '<circle data-region="late" data-after="heap 1"/>'
           '<circle data-region="loop" data-after="loop"/></svg>')


def test_regions_must_be_drawn_or_listed_and_follow_their_steps() -> None:
    check_regions(PICTURE, {"take 1": ("heap 1", "stick"), "take 2": ("a & b", "stick"),
                            "play card": ("card 7",), "late": ("heap 1", "late")},
                  listed=["card 7"])
    check_regions(PICTURE, {"pass": (), "take": ()})  # a game not played by pointing
    failures = [
        ({"x": ("heap 9",)}, "'x' names region 'heap 9', but the player's picture draws no "
                             "element with data-region=\"heap 9\" and no panel entry stands for it"),
        ({"x": ("heap 1", "")}, "'x': region '' is not a name"),
        ({"x": ("stick",)}, "'x': region 'stick' is drawn only after ['a & b', 'heap 1'], "
                            "which this command does not pick before it"),
        ({"x": ("a & b", "late")}, "'x': region 'late' is drawn only after ['heap 1'], which "
                                   "this command does not pick before it"),
        ({"x": ("loop",)}, "'x': region 'loop' is drawn only after ['loop'], which this "
                           "command does not pick before it"),
        ({"x": ("heap 1",), "pass": ()}, "['pass'] name no region: a person pointing at the "
                                         "table cannot give them (draw a button for them, or "
                                         "list them in a panel)"),
    ]
    for steps_of, words in failures:
        with pytest.raises(AssertionError) as exc:
            check_regions(PICTURE, steps_of)
        assert str(exc.value) == words
    # A region listed as a panel entry is there before any step.
    check_regions(PICTURE, {"x": ("stick",)}, listed=["stick"])


def test_a_step_that_turns_through_regions_must_be_the_only_way_on() -> None:
    def picture(*cycled: tuple[str, str], extra: str = "") -> str:
        turning = "".join(f'<circle data-region="{r}" data-after="h" data-cycle="{g}"/>'
                          for r, g in cycled)
        return f'<svg><rect data-region="h"/>{turning}<rect data-region="z"/>{extra}</svg>'

    check_regions(picture(("x", "g"), ("y", "g")), {"a": ("h", "x"), "b": ("h", "y")})
    check_regions(picture(("x", "g")), {"a": ("h", "x"), "b": ("z",)})
    failures = [
        (picture(("x", "g1"), ("y", "g2")), {"a": ("h", "x"), "b": ("h", "y")},
         "['g1', 'g2']", "['g1', 'g2']"),
        (picture(("x", "g")), {"a": ("h", "x"), "b": ("h",)}, "['g']", "['None', 'g']"),
        (picture(("x", "g"), extra='<circle data-region="w" data-after="h"/>'),
         {"a": ("h", "x"), "b": ("h", "w")}, "['g']", "['', 'g']"),
    ]
    for svg, steps_of, turning, groups in failures:
        with pytest.raises(AssertionError) as exc:
            check_regions(svg, steps_of)
        assert str(exc.value) == (
            f"after ['h'] the next step turns through {turning} but other commands end or go "
            f"elsewhere there ({groups}): a step of data-cycle regions must be the only way on")
