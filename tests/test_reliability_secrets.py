"""Secrets: for every installed game with hidden information, what a player is shown
(``view``, and through it ``show``/``render``; ``Engine.log(as_player=P)``) never carries
another player's secret or the order of a hidden stack.

The test cannot know where a game keeps its secrets, so it asks the game itself what P
cannot know: ``determinize(view(S, P), P, rng)`` is a full state X that agrees with
everything P knows and resamples the rest (others' hands, stack order). Then:

1. Views. ``view(X, P) == view(S, P)``, with the same text rendering and summary: P's
   picture of the game does not change when only what P cannot know changes. (At least
   one X must differ from S, or the test proved nothing.)
2. Logs after play. From S and from X the same commands are played on (while both
   accept them, with the same engine randomness). Whenever P's log line of an event
   (its text, or the redacted event) differs between the two, P's views after it must
   differ too: a log may tell P only what P's view shows. An unredacted draw by another
   player fails this.
3. Logs of the setup. Two games with different seeds: the same rule on the setup events
   (a shuffled stack logged in order fails it).

The log lines are the text ``Engine.log`` prints; the test checks that too. What this
cannot catch: a secret that ``determinize`` copies from the view instead of resampling
(a leak shared by view and determinize) — each game's own hidden-information tests must
show that ``view`` drops secrets; this suite checks that nothing else shows them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import count, installed_games, play_random, seats
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core import runtime
from meeple.core.engine import Engine
from meeple.core.errors import IllegalCommand
from meeple.core.events import Redone, Undone
from meeple.core.game import Game
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore

PLUGINS = load()
HIDDEN = [n for n in installed_games() if PLUGINS.game(n).hidden_information]
PROPERTY = settings(max_examples=40, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
COUNTS: dict[str, dict[str, int]] = {}


def line(game: Game, ev: Any, player: str | None) -> str:
    return game.describe_event(game.redact(ev, player))


def seen(game: Game, ev: Any, player: str | None) -> tuple[str, Any]:
    """What P's log holds of an event: its line, and the redacted event itself (what a
    log with event data, such as an export for P, would carry)."""
    return line(game, ev, player), game.redact(ev, player)


def shown(game: Game, state: Any, player: str | None) -> tuple[Any, ...]:
    """Everything a page or prompt shows ``player``: the view, its text, its summary, its
    picture, the panels beside it and where each legal command points."""
    v = game.view(state, player)
    svg = game.render(v, "svg", player) if "svg" in game.render_formats else None
    pointing = [] if player is None else [
        (game.format(c, v), tuple(game.regions(v, player, c))) for c in game.legal(v, player)]
    return (v, game.render(v, "text", player), game.summary(v, player), svg,
            tuple(game.panels(v, player)), pointing)


def counts(name: str) -> dict[str, int]:
    return COUNTS.setdefault(name, {"positions": 0, "changed": 0, "compared": 0})


@pytest.mark.parametrize("name", HIDDEN)
def test_a_view_does_not_change_with_what_the_player_cannot_know(name: str) -> None:
    game = PLUGINS.game(name)
    c = counts(name)

    @PROPERTY
    @given(st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 2**32))
    def check(seed: int, prefix: int, det: int) -> None:
        eng = Engine(MemoryStore(), PLUGINS)
        gid = play_random(eng, name, seed, prefix, "s")
        state = eng.state(gid)
        for player in eng.store.header(gid).players:
            v, text, summary, svg, panels, pointing = seen_now = shown(game, state, player)
            # What the engine shows (meeple show --as P) is this view, nothing more.
            assert eng.view(gid, player) == v
            assert eng.render(gid, "text", player) == text
            assert eng.show_json(gid, player)["state"] == summary
            if svg is not None:
                assert eng.render(gid, "svg", player) == svg
            for j in range(3):
                x = game.determinize(game.view(state, player), player, random.Random(det + j))
                c["positions"] += 1
                c["changed"] += x != state
                count("secrets.views_resampled")
                assert shown(game, x, player) == seen_now, (
                    f"{name}: {player}'s view changed with something {player} cannot know")
                # A spectator knows less than any seat: the spectator's view of X, which
                # only differs in what this seat cannot know, must be the same too.
                assert shown(game, x, None) == shown(game, state, None), (
                    f"{name}: the spectator's view shows something {player} cannot know")
                count("secrets.spectator_views_resampled")
        v, text, summary, *_ = shown(game, state, None)
        assert eng.view(gid, None) == v and eng.render(gid, "text") == text
        assert eng.show_json(gid)["state"] == summary

    check()
    assert c["changed"] > 0, f"{name}: determinize never changed a hidden part"


def _continue_twins(game: Game, seed: int, s: Any, x: Any, next_seq: int, player: str | None,
                    rng: random.Random, steps: int, c: dict[str, int]) -> list[Any]:
    """Play the same commands on from S and X; check P's log lines against P's views.
    Returns the commands (by player) played from S."""
    played = []
    for _ in range(steps):
        if game.outcome(s) is not None or game.view(s, player) != game.view(x, player):
            break  # over, or P knows the two apart now: nothing more to compare
        actor = rng.choice(list(game.to_act(s)))
        cmd = rng.choice(game.legal(s, actor))
        try:
            ev_s = runtime.decide(game, s, actor, cmd, seed, next_seq)
            ev_x = runtime.decide(game, x, actor, cmd, seed, next_seq)
        except IllegalCommand:
            break  # the command depends on what differs (the actor's own secret)
        played.append((actor, cmd))
        for i in range(max(len(ev_s), len(ev_x))):
            if i < len(ev_s):
                s = game.fold(s, ev_s[i])
            if i < len(ev_x):
                x = game.fold(x, ev_x[i])
            a = seen(game, ev_s[i], player) if i < len(ev_s) else None
            b = seen(game, ev_x[i], player) if i < len(ev_x) else None
            c["compared"] += 1
            count("secrets.log_events_compared")
            if a != b:
                assert game.view(s, player) != game.view(x, player), (
                    f"{game.name}: {player}'s log shows {a!r} here and {b!r} in a game "
                    f"{player} cannot tell apart: a secret in the log")
        next_seq += max(len(ev_s), len(ev_x))
    return played


@pytest.mark.parametrize("name", HIDDEN)
def test_a_log_tells_a_player_nothing_the_view_hides(name: str) -> None:
    game = PLUGINS.game(name)
    c = counts(name)

    @PROPERTY
    @given(st.integers(0, 2**32), st.integers(0, 30), st.integers(0, 2**32))
    def check(seed: int, prefix: int, det: int) -> None:
        eng = Engine(MemoryStore(), PLUGINS)
        gid = play_random(eng, name, seed, prefix, "s")
        t = eng.table(gid)
        for player in t.header.players:
            x = game.determinize(game.view(t.state, player), player, random.Random(det))
            x_spectator = game.clone(x)
            played = _continue_twins(game, t.header.seed, game.clone(t.state), x,
                                     t.last_seq + 1, player, random.Random(det), 12, c)
            if player == t.header.players[0]:
                # The spectator, from a state only this seat's secrets tell apart.
                _continue_twins(game, t.header.seed, game.clone(t.state), x_spectator,
                                t.last_seq + 1, None, random.Random(det), 12, c)
                for actor, cmd in played:  # the same moves stored, for Engine.log below
                    eng.move(gid, cmd, actor)
        # Engine.log prints exactly the redacted descriptions the comparison used.
        t = eng.table(gid)
        for player in [*t.header.players, None]:
            logged = eng.log(gid, as_player=player)
            for entry, (_, ev) in zip(logged, t.pairs, strict=True):
                if not isinstance(ev, Undone | Redone):
                    assert entry.text == line(game, ev, player)

    check()
    assert c["compared"] > 0


@pytest.mark.parametrize("name", HIDDEN)
def test_setup_logs_hide_what_the_seed_hides(name: str) -> None:
    game = PLUGINS.game(name)
    players = seats(game)

    @PROPERTY
    @given(st.integers(0, 2**32), st.integers(0, 2**32))
    def check(seed_a: int, seed_b: int) -> None:
        a = runtime.start(game, players, None, seed_a)
        b = runtime.start(game, players, None, seed_b)
        for player in [*players, None]:
            sa = sb = None
            for i in range(min(len(a), len(b))):
                sa, sb = game.fold(sa, a[i]), game.fold(sb, b[i])
                count("secrets.setup_events_compared")
                if seen(game, a[i], player) != seen(game, b[i], player):
                    assert game.view(sa, player) != game.view(sb, player), (
                        f"{name}: {player}'s log of setup event {i + 1} shows what "
                        f"{player}'s view hides")

    check()

