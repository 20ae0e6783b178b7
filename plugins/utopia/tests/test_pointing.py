"""Playing Utopia by pointing at the table: each command names the parts of the seat's
picture a person clicks (the guest then the district, the card then the districts, the
buttons), no command's clicks begin another's, and a whole seeded game chosen by clicks
alone plays to the end and replays."""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import LocalGame
from meeple.core.testing import check_regions, encoded_log, replay_encoded
from meeple_utopia.board import BOARD, CIVS
from meeple_utopia.events import (
    Add,
    Discard,
    Done,
    End,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)
from utopia_helpers import GAME, C, D, new


def _acting(g: LocalGame):
    player = g.to_act()[0]
    view = GAME.view(g.state, player)
    return player, view, GAME.legal(view, player)


def _drawn(view, player: str) -> set[str]:
    svg = GAME.render(view, "svg", player)
    listed = {e.region for p in GAME.panels(view, player) for e in p.entries if e.region}
    return set(re.findall(r'data-region="([^"]*)"', svg)) | listed


def test_a_take_names_the_waiting_guest_then_the_district():
    g = new(3)
    player, view, cmds = _acting(g)
    take = next(c for c in cmds if type(c) is Take and c.district >= 0)
    island = BOARD.island_names[take.island]
    assert GAME.regions(view, player, take) == (f"guest:{island}:{CIVS[take.civ]}",
                                                BOARD.district_ids[take.district])
    assert set(GAME.regions(view, player, take)) <= _drawn(view, player)


def test_a_take_without_a_prince_names_the_island_and_a_special_guest_the_bag_and_player():
    g = new(3)
    player, view, _ = _acting(g)
    assert GAME.regions(view, player, Take(C["greek"], 2, -1)) == ("guest:fire:greek",
                                                                   "island:fire")
    other = g.players[1] if player != g.players[1] else g.players[2]
    assert GAME.regions(view, player, Special(other)) == ("bag", f"player:{other}")
    assert {"bag", f"player:{other}", "island:fire"} <= _drawn(view, player)


def test_a_drawn_special_guest_is_pointed_at_beside_the_bag():
    g = new(3)
    player, _, cmds = _acting(g)
    g.play(player, next(c for c in cmds if type(c) is Special))
    player, view, cmds = _acting(g)
    assert view.pending >= 0 and cmds
    for c in cmds:
        assert GAME.regions(view, player, c)[0] == "guest:special"
    svg = GAME.render(view, "svg", player)
    assert re.search(r'<polygon [^>]*data-region="guest:special"><title>special guest: ', svg)


def test_builds_and_card_actions_name_the_board_in_the_order_of_the_table():
    view = new(3).state
    regions = GAME.regions
    assert regions(view, "p1", Wonder(2)) == ("wonder:fire",)
    assert regions(view, "p1", Monument(C["maya"], D["F3"])) == ("F3",)
    assert regions(view, "p1", Move(C["maya"], D["F3"], D["F4"], 2)) == ("card:maya", "F3", "F4")
    assert regions(view, "p1", Move(C["maya"], D["F3"], D["F4"], 1, True)) == (
        "privilege", "F3", "F4")
    assert regions(view, "p1", Add(C["greek"], D["E1"])) == ("card:greek", "supply", "E1")
    assert regions(view, "p1", Remove(C["greek"], D["E1"], True)) == ("privilege", "E1", "supply")
    assert regions(view, "p1", Raise(C["persian"])) == ("card:persian", "scale:persian")
    assert regions(view, "p1", Lower(C["persian"])) == ("card:persian", "card:persian",
                                                        "scale:persian")
    assert regions(view, "p1", Discard((C["maya"], C["greek"]))) == ("card:maya", "card:greek")
    assert regions(view, "p1", End(())) == ("end",)
    assert regions(view, "p1", End((C["chinese"],))) == ("end", "card:chinese")
    assert regions(view, "p1", Done()) == ("done",)


def _decisions(seed: int, n: int, steps: int):
    """The acting seat's view and legal commands at each of ``steps`` random decisions."""
    g = new(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.outcome() is not None:
            return
        player, view, cmds = _acting(g)
        yield g, player, view, cmds
        g.play(player, rng.choice(cmds))


@pytest.mark.parametrize("n", [2, 3, 5])
def test_no_commands_clicks_begin_anothers_and_commands_alike_differ_in_words(n):
    """Each click narrows; a command whose clicks end while another goes on could never
    be chosen. Commands left with the same clicks are told apart by their words."""
    seen = set()
    for _g, player, view, cmds in _decisions(40 + n, n, 400):
        steps = {c: tuple(GAME.regions(view, player, c)) for c in cmds}
        for a in cmds:
            assert steps[a], a
            for b in cmds:
                if a != b and len(steps[a]) < len(steps[b]):
                    assert steps[b][:len(steps[a])] != steps[a], (a, b)
        words = [GAME.format(c, view) for c in cmds]
        assert len(set(words)) == len(words)
        seen |= {type(c).__name__ for c in cmds}
    assert {"Take", "Move", "End", "Discard"} <= seen


def _play_by_pointing(seed: int, n: int) -> LocalGame:
    """At each decision: click a random region among the next regions of the commands
    left, narrow, repeat until one command is left or those left share all their
    regions (a menu: pick one); every clicked region is drawn in the seat's picture."""
    g = new(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(50_000):
        if g.outcome() is not None:
            return g
        player, view, cmds = _acting(g)
        steps = {c: tuple(GAME.regions(view, player, c)) for c in cmds}
        drawn = _drawn(view, player)
        left, k = cmds, 0
        while len(left) > 1 and len({steps[c] for c in left}) > 1:
            nexts = sorted({steps[c][k] for c in left})
            click = rng.choice(nexts)
            assert click in drawn, (click, player)
            left = [c for c in left if steps[c][k] == click]
            k += 1
        g.play(player, rng.choice(left))
    raise AssertionError(f"seed {seed}: no end after 50000 decisions")


@pytest.mark.parametrize(("seed", "n"), [(11, 2), (12, 4)])
def test_a_whole_game_chosen_by_clicks_alone_ends_and_replays(seed, n):
    g = _play_by_pointing(seed, n)
    assert g.outcome() is not None
    assert replay_encoded(GAME, encoded_log(GAME, g.events)) == g.state


def test_every_region_of_a_seats_commands_is_drawn_for_that_seat_at_every_phase():
    kinds = set()
    for _g, player, view, cmds in _decisions(7, 3, 300):
        steps_of = {GAME.format(c, view): tuple(GAME.regions(view, player, c)) for c in cmds}
        listed = [e.region for p in GAME.panels(view, player) for e in p.entries if e.region]
        check_regions(GAME.render(view, "svg", player), steps_of, listed)
        kinds |= {type(c) for c in cmds}
    assert {Take, Special, Move, Add, Raise, Lower, End, Discard, Monument} <= kinds


def test_the_turn_buttons_are_drawn_only_for_the_seat_that_may_press_them():
    for g, player, view, cmds in _decisions(5, 3, 300):
        types = {type(c) for c in cmds}
        for other in view.players:
            svg = GAME.render(GAME.view(g.state, other), "svg", other)
            mine = other == player
            assert ('data-region="end"' in svg) == (mine and End in types), other
            assert ('data-region="done"' in svg) == (mine and Done in types), other
