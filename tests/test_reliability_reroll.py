"""Undo cannot reroll: an undo followed by ANY other moves cannot bring a
different outcome for a draw that was already revealed.

"The same draw" is what the game names with ``meeple.core.draw_rng`` (see
docs/reliability.md, "Undo cannot reroll"), drawn from the same pool:

- Utopia: the guests of round r; the cards seat s draws in round r, from the same pile;
  seat s's n-th special guest in round r, from the same bag.
- Terraforming Mars: the shuffle of a discard pile holding the same cards (the deck's order
  is fixed at setup; every other draw takes the top of it).
- Carcassonne: the tile at position p of the stack (its order is fixed at setup).
- Terra Mystica: chance only in setup (scoring and bonus tiles), which no undo reaches.
- The dice test game: player P's n-th roll.
- Every game: its setup.

Each test plays a random prefix, then a random path A, notes every draw the log shows,
undoes some of A with everyone's consent, plays a random path B and checks that every draw
made on both paths came out the same. Checked by mutation: keying named draws on the
decision's position again (``Chance(per_draw=False)``) fails it for Utopia (a card draw
made again after another move than the undone one)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import count, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core import runtime
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.rng import Chance, derive_rng
from meeple.core.stores.memory import MemoryStore
from meeple_testgames import TestGamesPlugin

PLUGINS = load(extra=[TestGamesPlugin()])
RUNS = settings(max_examples=12, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

Draw = tuple[Any, Any]  # (what identifies the draw, its outcome)


def _utopia(s: Any, ev: Any) -> Iterator[Draw]:
    t = type(ev).__name__
    if t == "GuestsDrawn":
        yield ("guests", s.round), ev.guests
    elif t == "CardsDrawn":
        pile = s.deck if not ev.reshuffled else [a + b for a, b in zip(s.deck, s.discard, strict=True)]
        yield ("cards", s.round, ev.seat, tuple(pile)), ev.cards
    elif t == "SpecialGuestDrawn":  # privileges left: how many this seat drew before
        yield ("special", s.round, ev.seat, s.privileges[ev.seat], tuple(s.bag)), ev.guest


def _terraforming_mars(s: Any, ev: Any) -> Iterator[Draw]:
    if type(ev).__name__ == "Reshuffled" and s is not None:
        yield ("reshuffle", tuple(sorted(s.discard))), ev.cards


def _carcassonne(s: Any, ev: Any) -> Iterator[Draw]:
    if type(ev).__name__ == "Drew" and s is not None:
        tiles = [*ev.set_aside, *([ev.tile] if ev.tile else [])]
        for i, tile in enumerate(tiles):  # the stack is drawn from its end
            yield ("stack", len(s.stack) - 1 - i), tile


def _dice(s: Any, ev: Any) -> Iterator[Draw]:
    if type(ev).__name__ == "Rolled":
        yield ("roll", ev.player, s.rolls.get(ev.player, 0)), ev.value


DRAWS: dict[str, Callable[[Any, Any], Iterator[Draw]]] = {
    "utopia": _utopia,
    "terraforming-mars": _terraforming_mars,
    "carcassonne-hill-dale": _carcassonne,
    "terra-mystica": lambda s, ev: iter(()),
    "dice-race": _dice,
}


def draws(eng: Engine, gid: str) -> dict[Any, Any]:
    """Every draw the counting log shows, by what identifies it (the setup as one)."""
    t = eng.table(gid)
    game = t.game
    name = DRAWS[game.name]
    out: dict[Any, Any] = {("setup",): [r.data for r in t.records if r.batch == 1]}
    state = None
    for _, ev in runtime.effective(t.pairs):
        for key, outcome in name(state, ev):
            assert out.get(key, outcome) == outcome, f"one draw, two outcomes on one path: {key}"
            out[key] = outcome
        state = game.fold(state, ev)
    return out


def _play(eng: Engine, gid: str, rng: random.Random, n: int) -> int:
    played = 0
    for _ in range(n):
        t = eng.table(gid)
        if t.outcome() is not None or not t.to_act():
            break
        player = rng.choice(t.to_act())
        eng.move(gid, rng.choice(t.game.legal(t.state, player)), player)
        played += 1
    return played


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_no_path_of_play_after_an_undo_rerolls_a_revealed_draw(name: str) -> None:
    compared = []

    @RUNS
    @given(st.integers(0, 2**32), st.integers(0, 30), st.integers(1, 8), st.data())
    def check(seed: int, prefix: int, path: int, data: st.DataObject) -> None:
        while True:  # a position before the end (short games end within the prefix)
            eng = Engine(MemoryStore(), PLUGINS)
            gid = play_random(eng, name, seed, prefix, "g")
            if eng.table(gid).outcome() is None:
                break
            prefix //= 2
        before = draws(eng, gid)
        a = _play(eng, gid, random.Random(data.draw(st.integers(0, 2**32))), path)
        if not a:
            return
        revealed = {k: v for k, v in draws(eng, gid).items() if k not in before}
        players = list(eng.table(gid).header.players)
        for _ in range(data.draw(st.integers(1, a))):
            eng.undo(gid, players[0], agreed=players)
        _play(eng, gid, random.Random(data.draw(st.integers(0, 2**32))), path + 4)
        again = draws(eng, gid)
        for key, outcome in revealed.items():
            if key in again:
                assert again[key] == outcome, f"{name}: {key} drawn again after an undo gave " \
                                              f"{again[key]!r}, first {outcome!r}"
                compared.append(key)
                count("integrity.redrawn_after_undo")
        for key, outcome in before.items():  # nothing before the undo point moved either
            assert again[key] == outcome
        assert eng.verify(gid).ok
        count("integrity.undo_paths")

    check()
    if name not in ("terra-mystica", "terraforming-mars"):
        # In play these games draw often enough that some draw is made again on path B.
        assert len(compared) >= 3, f"{name}: only {len(compared)} draws were made again"


def test_a_reshuffle_is_the_same_for_the_same_pile_whatever_the_key_or_order() -> None:
    """Terraforming Mars reshuffles its discard pile in play, which random prefixes rarely
    reach: the named draw directly (same cards, another order, another decision key)."""
    game = PLUGINS.game("terraforming-mars")
    state = game.fold(None, game.setup(["a", "b"], game.resolve_options({}), derive_rng(1, 0))[0])
    for ev in game.setup(["a", "b"], game.resolve_options({}), derive_rng(1, 0))[1:]:
        state = game.fold(state, ev)
    pile = list(state.deck[:30])

    def reshuffle(rng: random.Random, discard: list[str]) -> tuple[str, ...]:
        s = game.clone(state)
        s.deck, s.discard = s.deck[30:32], list(discard)
        out: list[Any] = []
        game._ensure(s, 5, rng, out.append)
        return out[0].cards

    first = reshuffle(Chance(7, 40), pile)
    assert sorted(first) == sorted(pile) and first != tuple(sorted(pile))
    assert reshuffle(Chance(7, 99), pile[::-1]) == first  # another place, another order
    assert reshuffle(Chance(8, 40), pile) != first  # another seed: another shuffle
    # Games stored before named draws keep their keying: the pile as it lies, by position.
    legacy = reshuffle(Chance(7, 40, per_draw=False), pile)
    assert legacy != first and reshuffle(Chance(7, 41, per_draw=False), pile) != legacy


@pytest.mark.parametrize("name", ["utopia", "dice-race"])
def test_games_stored_with_chance_by_position_keep_verifying_and_playing(name: str) -> None:
    """Exports written by the engine before named draws (commit 08c3bb0: chance keyed by
    position, with undos and other commands in between): every draw re-derives, and the
    game plays on with its own keying."""
    from pathlib import Path

    data = (Path(__file__).parent / "data" / f"chance_position_{name}.jsonl").read_bytes()
    eng = Engine(MemoryStore(), PLUGINS)
    gid = eng.import_export(data)
    assert eng.store.header(gid).chance == "position"
    report = eng.verify(gid)
    assert report.ok and report.chance_unchecked == 0, report
    if eng.table(gid).outcome() is None:
        _play(eng, gid, random.Random(1), 6)
        assert eng.verify(gid).ok
