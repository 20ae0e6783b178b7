"""The heuristic's formulas by their properties, so that these tests outlive a
retuning of its weights: every weight is read from the module (``W``, ``EXTRA``), never
written as a number here, and each test states what the formula must do for any values
of them.

- Each weight of ``estimate`` multiplies one term: raising it by one raises the estimate
  by exactly that term (the building count, the first five buildings, shipping and
  digging levels, cult steps, what the buildings unlock, town potential): a term added
  where it should multiply, or multiplied by the wrong count, fails.
- The clock (``_time_left``) is 1 when round 1 starts and moves on by a sixth a round,
  in equal steps as the other factions pass, never with the player's own pass.
- The favor tiles that pay later are worth what the rules pay (``FAVOR_VP``,
  ``FAVOR_PASS``): FAV12's pass VP for each round still to come, and FAV10 and FAV11
  nothing when no time or no building is left, never more than the buildings still to
  build would pay.
- An owed favor tile is worth ``W["favor"]`` of what the best tile left would add, so
  less than taking it.
"""

from __future__ import annotations

import pytest
from meeple.core.testing import random_decisions
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import ai as A
from meeple_terra_mystica import board as B
from meeple_terra_mystica.data import CULTS, FAVOR, FAVOR_PASS, FAVOR_VP

GAME = TerraMystica()
_FAVORS = tuple(FAVOR)


def _positions(seed: int, rounds=(1, 2, 3, 4)) -> list:
    """Copies of the state of a seeded random three-player game, at the first play turn of
    each of ``rounds`` and a few turns into it (some factions then have passed)."""
    out, seen = [], {}
    for g, _ in random_decisions(GAME, 3, seed):
        if g.round > max(rounds):
            break
        if g.phase == "play" and g.round in rounds:
            seen[g.round] = seen.get(g.round, 0) + 1
            if seen[g.round] in (1, 4, 7):
                out.append(GAME.clone(g))
    assert len(out) >= len(rounds)
    return out


POSITIONS = _positions(5) + _positions(8)


def _faction(g, name: str, **changes) -> dict:
    """A copy of ``name``'s faction, owing nothing (an owed tile's value calls estimate
    again), with ``changes``."""
    f = dict(g.fac[name], FAVOR=0, TOWN=0, SPADE=0, CULT=0)
    f.update(changes)
    return f


def _slope(monkeypatch, key: str, g, f: dict, t: float, table: str = "W",
           wt: A.Weights = A.DEFAULT) -> float:
    """How much the estimate rises when the weight ``table.key`` (default ``W``) rises by
    one."""
    final = A.final_projection(g)
    before = A.estimate(g, f, final, t, 0.0, wt=wt)
    more = wt.changed({(table, key): wt.get(table, key) + 1.0})
    after = A.estimate(g, f, final, t, 0.0, wt=more)
    return after - before


@pytest.mark.parametrize("t", [1.0, 0.5, 0.2])
def test_each_building_weight_multiplies_its_own_count(monkeypatch, t):
    checked = 0
    for g in POSITIONS:
        for name in g.fac:
            f = _faction(g, name)
            nb = len(f["locations"])
            assert _slope(monkeypatch, "building", g, f, t) == pytest.approx(nb * t)
            assert _slope(monkeypatch, "first", g, f, t) == pytest.approx(min(nb, 5) * t)
            assert _slope(monkeypatch, "extra", g, f, t) == pytest.approx(
                sum(f[b] * w for b, w in A.EXTRA.items()) * t)
            for b in A.EXTRA:
                assert _slope(monkeypatch, b, g, f, t, "EXTRA") == pytest.approx(
                    f[b] * A.W["extra"] * t)
            checked += nb > 1
    assert checked  # positions with more than one building were among them


@pytest.mark.parametrize("t", [1.0, 0.5, 0.2])
def test_shipping_digging_and_cult_weights_multiply_their_levels(monkeypatch, t):
    # A priest at hand counts for the advances it buys, valued with the same weights:
    # without priests only the levels' own term is left.
    for g in POSITIONS:
        for name in g.fac:
            for ship, dig in ((0, 0), (1, 2), (3, 1)):
                f = _faction(g, name, P=0, shipping=ship, digging=dig, passed=0)
                assert _slope(monkeypatch, "ship", g, f, t) == pytest.approx(ship * t)
                assert _slope(monkeypatch, "dig", g, f, t) == pytest.approx(dig * t)
            f = _faction(g, name)
            steps = sum(f[c] for c in CULTS)
            assert _slope(monkeypatch, "cult_step", g, f, t) == pytest.approx(steps * t)


def test_town_potential_is_its_weight_times_the_groups_closeness(monkeypatch):
    grown = 0
    for g in POSITIONS:
        for name in g.fac:
            f = _faction(g, name)
            share = A._groups_value(g, f) / A.W["town"]
            assert 0 <= share <= len(f["locations"])
            assert _slope(monkeypatch, "town", g, f, 0.5) == pytest.approx(share * 0.5)
            grown += share > 0
    assert grown


def _at(g, rnd: int, phase: str, passed: set[str]):
    h = GAME.clone(g)
    h.round, h.phase = rnd, phase
    for n, f in h.fac.items():
        f["passed"] = int(n in passed)
    return h


@pytest.mark.parametrize("rnd", [1, 2, 3, 4, 5, 6])
def test_the_clock_moves_a_sixth_a_round_in_equal_steps_of_the_others_passes(rnd):
    g = POSITIONS[0]
    names = list(g.fac)
    for player in GAME.default_players(3):
        me = g.faction_of[player]
        others = [n for n in names if n != me]
        start = A._time_left(_at(g, rnd, "play", set()), player)
        assert start == pytest.approx((7 - rnd) / 6)
        # The player's own pass does not move its clock; each other faction's does.
        assert A._time_left(_at(g, rnd, "play", {me}), player) == pytest.approx(start)
        for k in range(1, len(others) + 1):
            passed = set(others[:k])
            step = k / len(others) / 6
            assert A._time_left(_at(g, rnd, "play", passed), player) == pytest.approx(
                start - step)
            assert A._passed_share(_at(g, rnd, "play", passed), player) == pytest.approx(
                k / len(others))
        assert A._time_left(_at(g, rnd, "spades", set()), player) == pytest.approx(
            start - 1 / 6)
    assert A._time_left(_at(g, 0, "select-factions", set()), GAME.default_players(3)[0]) == 1.0



def test_the_passed_share_counts_the_other_factions_still_in_the_game():
    """The share of the others that have passed: 1 while the round's spades are dug, 0
    before round 1 and outside play; a faction that dropped out counts neither way, and
    with no other faction left the share is 0."""
    g = POSITIONS[0]
    names = list(g.fac)
    me = names[0]
    player = g.player_of[me]
    assert A._passed_share(_at(g, 0, "play", set(names)), player) == 0.0
    assert A._passed_share(_at(g, 2, "spades", set()), player) == 1.0
    assert A._passed_share(_at(g, 2, "setup", set(names)), player) == 0.0
    h = _at(g, 2, "play", {names[1]})
    assert A._passed_share(h, player) == pytest.approx(1 / 2)
    assert A._passed_share(h, None) == pytest.approx(1 / 3)
    h.fac[names[2]]["dropped"] = 1
    assert A._passed_share(h, player) == 1.0
    h.fac[names[1]]["dropped"] = 1
    assert A._passed_share(h, player) == 0.0

def _only(f: dict, tile: str) -> dict:
    return dict(f, **{t: int(t == tile) for t in _FAVORS})


def test_fav12_is_worth_its_pass_vp_for_every_round_still_to_come():
    table = FAVOR_PASS["FAV12"]["TP"]
    for g in POSITIONS:
        name = next(n for n in g.fac if n != "engineers")
        for tp in range(len(table)):
            for rnd in range(1, 7):
                h = _at(g, rnd, "play", set())
                f = _only(_faction(h, name, TP=tp, bonus=None), "FAV12")
                assert A._favor_future(h, f, 0.5) == pytest.approx(
                    table[tp] * A._rounds_left(h))
                assert A._pass_vp(h, f) == table[tp]


@pytest.mark.parametrize("tile, building, most", [("FAV11", "D", 8), ("FAV10", "TP", 4)])
def test_favor_tiles_paying_per_building_are_worth_no_more_than_the_buildings_left(
        tile, building, most):
    vp = FAVOR_VP[tile][building]
    g = POSITIONS[0]
    name = next(iter(g.fac))
    for built in range(most + 1):
        f = _only(_faction(g, name, **{building: built}), tile)
        values = [A._favor_future(g, f, t) for t in (0.0, 0.1, 0.3, 0.6, 1.0)]
        assert values[0] == 0.0  # no time left: nothing more to build
        assert values == sorted(values)  # more time, never less worth
        assert all(0 <= v <= vp * (most - built) for v in values)
        assert (values[-1] > 0) == (built < most)
        assert A._favor_future(g, _only(f, ""), 1.0) == 0.0


def _without(g, tile: str):
    h = GAME.clone(g)
    h.pool[tile] = 0
    return h


def test_an_owed_favor_tile_is_worth_its_share_of_the_best_tile_left():
    assert 0 < A.W["favor"] < 1  # a share: taking the tile must stay better than owing it
    found = 0
    # Also with the first tile out of the supply and the second held: the best of the rest.
    first, second = _FAVORS[:2]
    for g, held in [(g, ()) for g in POSITIONS[:4]] + [
            (_without(p, first), (second,)) for p in POSITIONS[:2]]:
        for name in g.fac:
            f = dict(_faction(g, name), **{t: 1 for t in held})
            final = A.final_projection(g)
            owed = dict(f, FAVOR=1)
            base = A.estimate(g, f, final, 0.5)
            gains = []
            for tile in FAVOR:
                if g.pool.get(tile, 0) <= 0 or f[tile]:
                    continue
                h = A._with_favor(f, tile)
                fin = dict(final)
                fin[name] = final.get(name, 0.0) + A._cult_rank_delta(g, f, h)
                gains.append(A.estimate(g, h, fin, 0.5) - base)
            value = A._owed_favor(g, owed, final, 0.5)
            assert value == pytest.approx(A.W["favor"] * max([0.0, *gains]))
            assert A.estimate(g, owed, final, 0.5) - base == pytest.approx(value)
            assert value < max(gains)
            found += 1
    assert found


def _rules_income(g, name: str) -> dict:
    """What the rules' income phase pays ``name`` without a bonus tile: C, W, P and the
    power tokens moved (bowl I kept full, so each PW moves one token from I to II)."""
    from meeple_terra_mystica.turns import income

    h = GAME.clone(g)
    h.phase = "income"
    f = h.fac[name]
    f.update(bonus=None, P1=99, P2=0, P3=0)
    before = dict(f)
    income(h, f)
    return {"C": f["C"] - before["C"], "W": f["W"] - before["W"], "P": f["P"] - before["P"],
            "PW": f["P2"]}


def test_the_heuristics_income_is_what_the_rules_pay_without_the_bonus_tile():
    seen = set()
    for g in POSITIONS:
        for name in g.fac:
            for tiles in ((), ("FAV7",), ("FAV8", "FAV9")):
                h = GAME.clone(g)
                h.fac[name].update({t: int(t in tiles) for t in _FAVORS})
                assert A._income(h.fac[name]) == _rules_income(h, name), (name, tiles)
                seen.add(name)
    assert len(seen) >= 4


def test_a_cult_change_is_worth_the_change_in_the_projected_majorities():
    changed = 0
    for g in POSITIONS[:6]:
        final = A.final_projection(g)
        for name in g.fac:
            f = g.fac[name]
            for tile in FAVOR:
                h = A._with_favor(f, tile)
                moved = GAME.clone(g)
                moved.fac[name].update({c: h[c] for c in CULTS})
                want = A.final_projection(moved)[name] - final[name]
                assert A._cult_rank_delta(g, f, h) == pytest.approx(want), (name, tile)
                changed += want != 0
    assert changed


def _room_count(g, f) -> int:
    """Empty land next to the faction's buildings that at most one spade makes home."""
    from meeple_terra_mystica import board as B

    near = {o for h in f["locations"] for o in g.adj[h]
            if not g.hbld[o] and not B.IS_RIVER[o]}
    return sum(1 for o in near if f["name"] == "giants"
               or abs(B.color_difference(g.hcolor[o], f["color"])) <= 1)


def test_room_to_grow_counts_up_to_four_hexes_one_spade_away(monkeypatch):
    grown = 0
    for g in POSITIONS:
        for name in g.fac:
            f = _faction(g, name)
            n = min(_room_count(g, f), 4)
            assert _slope(monkeypatch, "room", g, f, 0.5) == pytest.approx(n * 0.5)
            grown += n > 0
    assert grown



@pytest.mark.parametrize("name", ["witches", "giants", "mermaids"])
def test_the_frontier_counts_home_hexes_ready_and_land_one_spade_from_home(name):
    """Ready: the empty neighbours of the faction's buildings already of its terrain.
    Room: the empty land among them at most one spade from it (any land for the Giants,
    whose spades always make two); rivers and built hexes never count."""
    from meeple_terra_mystica import board as B

    from .test_live_rules import _put, _state

    g = _state(name, "nomads")
    f = g.fac[name]
    assert A._frontier_counts(g, f) == (0, 0)
    for h in ("E5", "F3"):
        _put(g, name, h)
    _put(g, "nomads", "E6")
    near = {o for h in f["locations"] for o in g.adj[h] if not g.hbld[o]}
    ready = sum(1 for o in near if g.hcolor[o] == f["color"])
    room = sum(1 for o in near if not B.IS_RIVER[o] and (
        name == "giants" or abs(B.color_difference(g.hcolor[o], f["color"])) <= 1))
    assert (ready, room) == A._frontier_counts(g, f)
    # The scene: four river hexes and one hex of the home terrain around; the Giants
    # count one more hex of land than the others.
    assert sum(B.IS_RIVER[o] for o in near) == 4
    assert (ready, room) == (1, 3 if name == "giants" else 2)

def test_the_next_incomes_priests_count_in_proportion_to_how_near_it_is():
    """The first priests buy the most valuable advances left; a priest still to come
    (``incoming``, a fraction as the income phase nears) counts that fraction of the next
    advance, and nothing once it is 0."""
    rate = dict(A.EARLY)
    checked = 0
    for g in POSITIONS[:3]:
        for name in g.fac:
            f = dict(g.fac[name], digging=0, shipping=0)
            one, two = (A._priest_uses(dict(f, P=p), rate, 1.0) for p in (1, 2))
            if two <= one:
                continue  # a single advance left: nothing for a second priest to buy
            assert A._priest_uses(dict(f, P=1), rate, 1.0, 0.0) == pytest.approx(one)
            for x in (0.25, 0.5, 1.0):
                assert A._priest_uses(dict(f, P=1), rate, 1.0, x) == pytest.approx(
                    one + x * (two - one))
            checked += 1
    assert checked


@pytest.mark.parametrize("pair, fav5", [(("D", "D"), 0), (("TP", "TE"), 0), (("SH", "SA"), 0),
                                        (("TE", "SA"), 1), (("D", "TP"), 1)])
def test_a_group_is_worth_the_town_weight_times_its_closeness_squared(pair, fav5):
    """Closeness to a town: the share of the power it needs (7, or 6 with FAV5) times the
    share of the four buildings (a sanctuary counts two), each at most 1."""
    from meeple_terra_mystica.data import STRENGTH

    from .test_live_rules import _put, _state

    g = _state("witches", "nomads")
    for hexname, b in zip(("E5", "E6"), pair, strict=True):
        _put(g, "witches", hexname, b)
    f = dict(g.fac["witches"], FAV5=fav5)
    power = sum(STRENGTH[b] for b in pair)
    count = sum(2 if b == "SA" else 1 for b in pair)
    closeness = min(1.0, power / (6 if fav5 else 7)) * min(1.0, count / 4)
    assert A._groups_value(g, f) == pytest.approx(A.W["town"] * closeness ** 2)


def test_a_favor_tiles_cult_steps_bring_the_power_the_rules_give():
    from meeple_terra_mystica.economy import cult_steps

    compared = 0
    for g in POSITIONS:
        for name in g.fac:
            for start in (0, 2, 4, 6):
                f = dict(g.fac[name], KEY=0, **dict.fromkeys(CULTS, start))
                for tile, (steps, _, _) in FAVOR.items():
                    h = A._with_favor(f, tile)
                    r = GAME.clone(g)
                    rf = r.fac[name]
                    rf.update(f)
                    for c, n in steps.items():
                        if c in CULTS:
                            cult_steps(r, rf, c, n)
                    assert [h[k] for k in ("P1", "P2", "P3", *CULTS)] == [
                        rf[k] for k in ("P1", "P2", "P3", *CULTS)], (name, tile, start)
                    compared += 1
    assert compared


@pytest.mark.parametrize("built", range(1, 9))
def test_the_next_rounds_tile_pays_for_the_dwellings_there_is_room_and_money_for(built):
    """``_next_round`` (weighted by ``W["next"]``, which may be 0): what the next round's
    scoring tile would pay for the buildings the faction can still place, as many as the
    supply (8 dwellings), the ready hexes (plus one more) and its workers and coins allow;
    nothing after round 5 or for a tile that scores no building."""
    from meeple_terra_mystica import board as B
    from meeple_terra_mystica.data import FACTIONS, SCORING

    from .test_live_rules import _put, _state

    g = _state("witches", "nomads")
    _put(g, "witches", "E5")
    f = dict(g.fac["witches"], D=built, W=100, C=100)
    ready = {o for o in g.adj[B.INDEX["E5"]] if not g.hbld[o] and g.hcolor[o] == f["color"]}
    tile = SCORING[g.score_tiles[g.round]][0]
    price = FACTIONS["witches"]["cost"]["D"]
    assert set(tile) == {"D"}  # the test position's tiles score dwellings
    inc = A._income(f)
    assert A._next_round(g, f, inc) == tile["D"] * min(8 - built, len(ready) + 1)
    poor = dict(f, W=price["W"] - inc["W"], C=100)
    assert A._next_round(g, poor, inc) == tile["D"] * min(8 - built, len(ready) + 1, 1)
    broke = dict(f, W=100, C=price["C"] - inc["C"])  # coins for one dwelling
    assert A._next_round(g, broke, inc) == tile["D"] * min(8 - built, len(ready) + 1, 1)
    broke = dict(f, W=100, C=price["C"] - inc["C"] - 1)
    assert A._next_round(g, broke, inc) == 0
    for rnd in range(0, 8):
        h = GAME.clone(g)
        h.round = rnd
        # Rounds 1 to 5 have a next round (its tile is score_tiles[round]); the setup
        # (round 0) and the last round have none.
        paid = tile["D"] * min(8 - built, len(ready) + 1) if 1 <= rnd <= 5 else 0
        assert A._next_round(h, f, inc) == paid, rnd
    h = GAME.clone(g)
    h.score_tiles = ("SCORE1",) * 6
    assert A._next_round(h, f, inc) == 0


@pytest.mark.parametrize("t", [1.0, 0.5, 0.0])
def test_each_resource_at_hand_is_worth_its_rate_between_the_early_and_the_late_one(
        monkeypatch, t):
    """A worker, priest or power token more raises the estimate by its rate, which runs
    from ``EARLY`` (all the game ahead) to ``LATE`` (the end-game conversion) with the
    time left; with the terms that also read them (priests' uses, a coin cap, the next
    round's tile) weighted 0, nothing else changes."""
    wt = A.DEFAULT.changed({("W", key): 0.0 for key in ("priest_use", "coin_cap", "next")})
    for g in POSITIONS[:4]:
        final = A.final_projection(g)
        for name in g.fac:
            f = _faction(g, name)
            for k in ("W", "P", "P3", "P2", "P1"):
                rate = A.LATE[k] + (A.EARLY[k] - A.LATE[k]) * t
                more = dict(f, **{k: f[k] + 1})
                assert A.estimate(g, more, final, t, 0.0, wt=wt) \
                    - A.estimate(g, f, final, t, 0.0, wt=wt) == pytest.approx(rate), (name, k)



def test_the_late_rates_are_what_the_end_converts_each_resource_to():
    """At the end a coin is a third of a point; a worker, a priest and a power token in
    bowl III each trade for a coin; two tokens in bowl II burn into one in bowl III; bowl
    I is worth nothing."""
    from meeple_terra_mystica.factions import coin_vp_rate

    coin = 1 / coin_vp_rate({"name": "witches"})
    assert A.LATE["C"] == pytest.approx(coin)
    assert [A.LATE[k] for k in ("W", "P", "P3")] == pytest.approx([coin] * 3)
    assert A.LATE["P2"] == pytest.approx(A.LATE["P3"] / 2)
    assert A.LATE["P1"] == 0


@pytest.mark.parametrize("weight", [1.0, 0.6, 2.0])
def test_a_next_income_unit_moves_from_its_income_value_to_the_rate_at_hand(weight):
    """``_receipt``: a coin, worker or priest of the next income is worth its income value
    (``INCOME`` times ``W["income"]``) until the others pass, then moves linearly to the
    rate of one at hand (``blend``, the share passed); power and spades keep the income
    value."""
    wt = A.DEFAULT.changed({("W", "income"): weight})
    rate = {"C": 0.9, "W": 1.3, "P": 3.1}
    for k in ("C", "W", "P", "PW", "SPADE"):
        old = A.INCOME[k] * weight
        for blend in (0.0, 0.25, 0.5, 1.0):
            want = old + (rate[k] - old) * blend if k in rate else old
            assert A._receipt(k, rate, blend, wt) == pytest.approx(want), (k, blend)
    assert A._receipt("C", rate, 1.0, wt) == pytest.approx(rate["C"])


@pytest.mark.parametrize("share", [0.25, 0.5])
@pytest.mark.parametrize("t", [1.0, 0.5])
def test_the_next_incomes_coins_workers_and_priests_move_to_the_rate_at_hand(share, t):
    """While others pass, the next income phase's coins, workers and priests move from
    their income value to the rate of resources at hand, in proportion to the share
    passed (``W["receipt"]``); power income and later income phases keep their value.
    Shown for a faction that has passed without a bonus tile, the priests' uses and the
    next round's tile weighted 0 (those read the share too)."""
    from meeple_terra_mystica.factions import coin_vp_rate

    wt = A.DEFAULT.changed({("W", "priest_use"): 0.0, ("W", "next"): 0.0})
    compared = 0
    for g in POSITIONS:
        if not A._rounds_left(g):
            continue
        final = A.final_projection(g)
        for name in g.fac:
            f = _faction(g, name, passed=1, bonus=None)
            blend = A.W["receipt"] * share
            rate = {k: A.LATE[k] + (A.EARLY[k] - A.LATE[k]) * t for k in ("C", "W", "P")}
            rate["C"] = max(rate["C"], 1 / coin_vp_rate(f) + 0.02 * t)
            want = sum((n * rate[k] - n * A.INCOME[k] * (0.5 + 0.5 * t) * A.W["income"]) * blend
                       for k, n in A._income(f).items() if k in rate)
            got = (A.estimate(g, f, final, t, share, wt=wt)
                   - A.estimate(g, f, final, t, 0.0, wt=wt))
            assert got == pytest.approx(want), name
            compared += want != 0
    assert compared

def test_the_next_rounds_weight_multiplies_what_its_tile_would_pay(monkeypatch):
    paid = 0
    for g in POSITIONS:
        for name in g.fac:
            f = _faction(g, name)
            want = A._next_round(g, f, A._income(f))
            assert _slope(monkeypatch, "next", g, f, 0.5) == pytest.approx(want)
            paid += want > 0
    assert paid


@pytest.mark.parametrize("t", [1.0, 0.5, 0.0])
def test_the_income_weight_multiplies_every_income_still_to_come(monkeypatch, t):
    """For a faction that has passed without a bonus tile (so no tile's income is
    counted) and before anyone else passes: each unit of income is worth its ``INCOME``
    value, fading to half as the game runs out, for every income phase left."""
    for g in POSITIONS:
        left = A._rounds_left(g)
        for name in g.fac:
            f = _faction(g, name, passed=1, bonus=None)
            want = sum(n * A.INCOME[k] for k, n in A._income(f).items()) * (0.5 + 0.5 * t) * left
            assert _slope(monkeypatch, "income", g, f, t) == pytest.approx(want), name


@pytest.mark.parametrize("cap", [0.0, 2.0, 3.5])
def test_coins_count_at_their_rate_as_far_as_workers_can_spend_them_then_at_the_floor(cap):
    """``W["coin_cap"]`` coins a worker (at hand, a priest, or half of each income still
    to come) count at the coin rate; coins beyond that only at the end's floor; a cap of
    0 counts every coin at the rate."""
    wt = A.DEFAULT.changed({("W", "coin_cap"): cap})
    rate, floor = 0.45, 0.34
    for workers, priests, income, left in ((0, 0, 0, 3), (2, 1, 0, 3), (1, 0, 2, 3), (0, 0, 4, 0)):
        usable = cap * (workers + priests + income * left * 0.5)
        for coins in (0, 1, 5, 9, 20):
            f = {"C": coins, "W": workers, "P": priests}
            spent = min(coins, usable) if cap else coins
            want = spent * rate + (coins - spent) * floor
            got = A._coins_value(f, {"W": income}, left, rate, floor, wt)
            assert got == pytest.approx(want), (workers, priests, income, left, coins)


@pytest.mark.parametrize("blend", [0.0, 0.5])
def test_a_bonus_tile_is_worth_its_coins_and_the_next_receipt_of_its_income(blend):
    from meeple_terra_mystica.data import BONUS

    rate = {"C": 0.5, "W": 1.1, "P": 2.2}
    for tile, d in BONUS.items():
        for coins in (0, 2):
            want = coins * rate["C"] + sum(n * A._receipt(k, rate, blend)
                                           for k, n in d["income"].items())
            assert A._tile_value(tile, coins, rate, blend) == pytest.approx(want), tile
    assert A._tile_value("BON3", 0, rate, 0.0) == pytest.approx(
        BONUS["BON3"]["income"]["C"] * A.INCOME["C"] * A.W["income"])


def test_the_frontier_is_capped_counts_times_their_weights_and_no_room_term_at_weight_zero():
    from .test_live_rules import _put, _state

    g = _state("witches", "nomads")
    f = g.fac["witches"]
    for h in ("E5", "F3", "D7"):
        _put(g, "witches", h)
    for ready_wanted in (1, 5):
        near = sorted({o for h in f["locations"] for o in g.adj[h]
                       if not g.hbld[o] and g.hcolor[o] not in ("white", "green")})
        for o in near[:ready_wanted]:
            g.hcolor[o] = "green"
        ready, room = A._frontier_counts(g, f)
        assert ready >= ready_wanted and room >= ready
        for wp, wr in ((1.5, 2.0), (2.0, 0.0), (0.0, 0.5)):
            wt = A.DEFAULT.changed({("W", "prepared"): wp, ("W", "room"): wr})
            prepared, grow = A._frontier(g, f, wt)
            assert prepared == min(ready, 3) * wp
            assert grow == min(room, 4) * wr
            assert type(grow) is float
    assert ready > 3 and room > 4  # both past their caps


@pytest.mark.parametrize("t", [1.0, 0.5, 0.2, 0.0])
def test_all_dwellings_out_costs_the_full_weight_fading_by_its_share(monkeypatch, t):
    g = POSITIONS[0]
    name = next(iter(g.fac))
    full, full_t = A.W["full"], A.W["full_t"]
    for d in (7, 8):
        f = _faction(g, name, D=d)
        on = d >= 8
        assert _slope(monkeypatch, "full", g, f, t) == pytest.approx(
            -(full_t * t + 1 - full_t) if on else 0.0)
        assert _slope(monkeypatch, "full_t", g, f, t) == pytest.approx(
            full * (1 - t) if on else 0.0)


@pytest.mark.parametrize("tile, held, vp", [
    ("", {"SH": 1, "TP": 4}, 0),
    ("BON1", {"SH": 1, "TP": 4}, 0),  # a tile without pass points
    ("BON6", {"SH": 1, "SA": 0}, 4), ("BON6", {"SH": 1, "SA": 1}, 8),
    ("BON6", {"SH": 0, "SA": 0}, 0),
    ("BON7", {"TP": 1}, 2), ("BON7", {"TP": 3}, 6), ("BON7", {"TP": 4}, 8),
    ("BON9", {"D": 0}, 0), ("BON9", {"D": 5}, 5), ("BON9", {"D": 8}, 8),
    ("BON10", {"shipping": 0}, 0), ("BON10", {"shipping": 3}, 9),
    ("BON10", {"shipping": 5}, 15),
    ("BON10", {"shipping": 6}, 15),  # past the table: its last entry
])
def test_passing_now_scores_the_bonus_tiles_points_for_what_stands(tile, held, vp):
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    f = dict(g.fac["witches"], bonus=tile, D=0, TP=0, SH=0, SA=0, shipping=0, FAV12=0)
    if tile:
        f[tile] = 1
    f.update(held)
    assert A._pass_vp(g, f) == vp
    f.update(FAV12=1, TP=held.get("TP", 0))
    assert A._pass_vp(g, f) == vp + (0, 2, 3, 3, 4)[f["TP"]]


def test_the_engineers_pass_scores_three_per_bridge_between_their_buildings_once_sh_stands():
    from meeple_terra_mystica import board as B

    from .test_live_rules import _put, _state

    g = _state("engineers", "nomads")
    a = next(h for h in B.LAND if len(B.BRIDGABLE[h]) >= 2)
    b, c = sorted(B.BRIDGABLE[a])[:2]
    for h in (a, b):
        _put(g, "engineers", B.NAMES[h])
    g.bridges = [(a, b, "engineers"), (a, c, "engineers")]  # c holds no building
    f = dict(g.fac["engineers"], bonus="", FAV12=0, SH=0)
    assert A._pass_vp(g, f) == 0
    f["SH"] = 1
    assert A._pass_vp(g, f) == 3
    f.update(bonus="BON7", TP=2)
    assert A._pass_vp(g, f) == 3 + 4


def _tiles_scene(rnd: int, **changes):
    """Witches in round ``rnd`` holding BON7 with two trading houses (4 VP on passing),
    BON1 with a coin and BON3 with two coins on display; ``changes`` to the witches."""
    from meeple_terra_mystica.data import BONUS

    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.round = rnd
    for b in BONUS:
        g.pool[b] = 0
    g.pool.update(BON1=1, BON3=1)
    g.coins = {"BON1": 1, "BON3": 2}
    f = dict(g.fac["witches"], bonus="BON7", BON7=1, TP=2, FAV12=0, FAVOR=0)
    f.update(changes)
    return g, f


#: At the end of the game (t = 0) with every other faction passed (share 1), a coin and
#: a unit of coin income are both worth a third of a point.
_END = A.DEFAULT.changed({("W", "receipt"): 1.0})


def _with_and_without(g, f, key, share, returning=""):
    on = A.DEFAULT.changed({("W", "receipt"): 1.0, ("W", key): 1.0})
    off = A.DEFAULT.changed({("W", "receipt"): 1.0, ("W", key): 0.0})
    final = A.final_projection(g)
    return (A.estimate(g, f, final, 0.0, share, returning, wt=on)
            - A.estimate(g, f, final, 0.0, share, returning, wt=off))


def test_the_last_to_pass_counts_its_next_pass_again_once_all_others_have_passed():
    # BON7's 4 VP, and the best tile then on display: BON3 with 2 + 1 coins and 6 coins
    # of income, 9 coins at a third of a point each.
    g, f = _tiles_scene(3, passed=1)
    assert _with_and_without(g, f, "pass_next", 1.0) == pytest.approx(4 + 9 / 3)
    assert _with_and_without(g, f, "pass_next", 0.75) == 0.0
    g, f = _tiles_scene(6, passed=1)
    assert _with_and_without(g, f, "pass_next", 1.0) == 0.0
    g, f = _tiles_scene(3, passed=0)
    assert _with_and_without(g, f, "pass_next", 1.0) == 0.0


def test_a_faction_still_playing_counts_its_pass_points_and_the_best_tile_it_could_take():
    final = None
    for rnd, want in ((3, 4 + (2 + 6) / 3), (5, 4 + (2 + 6) / 3), (6, 4)):
        g, f = _tiles_scene(rnd, passed=0)
        final = A.final_projection(g)
        bare = dict(f, bonus="", BON7=0)
        g2 = GAME.clone(g)
        g2.pool.update(BON1=0, BON3=0)
        assert (A.estimate(g, f, final, 0.0, 1.0, wt=_END)
                - A.estimate(g2, bare, final, 0.0, 1.0, wt=_END)) == pytest.approx(want), rnd
    # The tile the evaluating faction returns by passing counts as on display already.
    g, f = _tiles_scene(3, passed=0)
    g.pool.update(BON3=0)
    base = A.estimate(g, f, final, 0.0, 1.0, wt=_END)
    assert A.estimate(g, f, final, 0.0, 1.0, "BON3", wt=_END) - base == pytest.approx(
        6 / 3 - (1 + 2) / 3)
    assert A.estimate(g, f, final, 0.0, 1.0, "BON1", wt=_END) == pytest.approx(base)


@pytest.mark.parametrize("rnd", [0, 1, 2, 5, 6])
def test_round_tiles_still_ahead_pay_their_cult_rewards_at_income_value(monkeypatch, rnd):
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.score_tiles = ["SCORE1", "SCORE3", "SCORE4", "SCORE9", "SCORE2", "SCORE7"]
    g.round = rnd
    f = _faction(g, "witches", EARTH=5, WATER=8, FIRE=3, AIR=4, priests_out=2)
    inc = A.INCOME
    per_round = {1: 5 * inc["C"],  # SCORE1: a coin per earth step
                 2: 2 * inc["P"],  # SCORE3: a priest per 4 on water
                 3: 1 * inc["W"],  # SCORE4: a worker per 2 on fire
                 4: 2 * 2 * inc["C"],  # SCORE9: 2 coins per priest sent
                 5: 1 * inc["SPADE"]}  # SCORE2: a spade per 4 on earth
    # Round 6's tile (SCORE7: a worker per 2 on air) pays after the game: never counted.
    want = sum(v for r, v in per_round.items() if r >= max(rnd, 1))
    assert _slope(monkeypatch, "cult_bonus", g, f, 0.5) == pytest.approx(want)


@pytest.mark.parametrize("t", [1.0, 0.5, 0.0])
def test_the_final_scorings_projection_counts_half_early_and_in_full_at_the_end(t):
    g = POSITIONS[0]
    name = next(iter(g.fac))
    f = _faction(g, name)
    final = A.final_projection(g)
    more = dict(final, **{name: final.get(name, 0.0) + 10.0})
    assert (A.estimate(g, f, more, t, 0.0) - A.estimate(g, f, final, t, 0.0)
            == pytest.approx(10.0 * (0.5 + 0.5 * (1 - t))))


def test_rounds_left_count_the_income_phases_still_to_come():
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    for rnd, left in ((0, 6), (1, 5), (5, 1), (6, 0)):
        g.round = rnd
        assert A._rounds_left(g) == left


def test_favor_tiles_paying_per_building_count_the_buildings_a_faction_typically_adds():
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    f = _only(dict(g.fac["witches"]), "FAV11")
    # t = 0.5: three rounds, 1.5 dwellings a round, 2 VP each, at 0.7.
    assert A._favor_future(g, dict(f, D=5), 0.5) == pytest.approx(2 * 3 * 0.7)  # 3 left
    assert A._favor_future(g, dict(f, D=2), 0.5) == pytest.approx(2 * 4.5 * 0.7)
    f = _only(dict(g.fac["witches"]), "FAV10")
    # 0.8 trading houses a round, 3 VP each, at 0.7.
    assert A._favor_future(g, dict(f, TP=3), 0.5) == pytest.approx(3 * 1 * 0.7)
    assert A._favor_future(g, dict(f, TP=1), 0.5) == pytest.approx(3 * 2.4 * 0.7)


@pytest.mark.parametrize("priests, incoming, want", [
    (0, 0.0, 0.0), (1, 0.0, 8.0), (2, 0.0, 16.0), (0, 0.5, 4.0),
    (1, 1.5, 8.0 + 8.0 + 3.4 * 0.5), (3, 0.0, 8.0 + 8.0 + 3.4),
])
def test_priests_at_hand_and_coming_count_for_the_best_advances_they_buy(priests, incoming, want):
    """Witches at digging 0 and shipping 0 (t = 0.5, a worker 0.5, a coin 0.4): each
    digging level 6 VP + 10 x 0.5 less 2 workers and 5 coins = 8; shipping levels 2, 3, 4
    VP + 2 x 0.5 less 4 coins = 1.4, 2.4, 3.4."""
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    f = dict(g.fac["witches"], P=priests, digging=0, shipping=0)
    wt = A.DEFAULT.changed({("W", "dig"): 10.0, ("W", "ship"): 2.0, ("W", "priest_use"): 1.0})
    rate = {"W": 0.5, "C": 0.4}
    assert A._priest_uses(f, rate, 0.5, incoming, wt) == pytest.approx(want)
    half = A.DEFAULT.changed({("W", "dig"): 10.0, ("W", "ship"): 2.0, ("W", "priest_use"): 0.5})
    assert A._priest_uses(f, rate, 0.5, incoming, half) == pytest.approx(want / 2)


@pytest.mark.parametrize("name, t, rate", [
    ("witches", 0.0, 1 / 3), ("witches", 1.0, 0.45), ("witches", 0.5, (1 / 3 + 0.45) / 2),
    ("alchemists", 0.0, 0.5), ("alchemists", 1.0, 0.52),  # two coins to a point: the floor
])
def test_a_coin_is_worth_its_rate_but_never_less_than_what_the_end_converts_it_to(name, t, rate):
    g = POSITIONS[0]
    f = dict(_faction(g, next(iter(g.fac))), name=name, P=0)
    final = A.final_projection(g)
    more = dict(f, C=f["C"] + 1)
    assert (A.estimate(g, more, final, t, 0.0) - A.estimate(g, f, final, t, 0.0)
            == pytest.approx(rate))


def test_an_owed_town_and_cult_step_and_the_first_five_buildings_have_fixed_worths(monkeypatch):
    g = POSITIONS[0]
    f = _faction(g, next(iter(g.fac)))
    final = A.final_projection(g)
    base = A.estimate(g, f, final, 0.5, 0.0)
    assert A.estimate(g, dict(f, TOWN=1), final, 0.5, 0.0) - base == pytest.approx(5.0)
    assert A.estimate(g, dict(f, CULT=2), final, 0.5, 0.0) - base == pytest.approx(0.1)
    h = GAME.clone(g)
    empty = [x for x in B.LAND if not h.hbld[x]][:6]
    for x in empty:
        h.hbld[x] = "D"
    six = dict(f, locations=tuple(empty))
    assert _slope(monkeypatch, "first", h, six, 0.5) == pytest.approx(5 * 0.5)


def test_a_passed_factions_tile_counts_only_while_an_income_is_to_come():
    g, f = _tiles_scene(6, passed=1)
    final = A.final_projection(g)
    assert A.estimate(g, f, final, 0.0, 0.5, wt=_END) == pytest.approx(
        A.estimate(g, dict(f, bonus="", BON7=0), final, 0.0, 0.5, wt=_END))
    g, f = _tiles_scene(5, passed=1)
    # BON7: a worker of income, at the end's rate with everyone else passed
    assert A.estimate(g, f, final, 0.0, 0.5, wt=_END) - A.estimate(
        g, dict(f, bonus="", BON7=0), final, 0.0, 0.5, wt=_END) == pytest.approx(
        A.INCOME["W"] * A.W["income"] * 0.5 + 1 / 3 * 0.5)


def test_a_favor_tiles_steps_stop_at_nine_without_a_town_key():
    g = POSITIONS[0]
    f = _faction(g, next(iter(g.fac)), FIRE=8, KEY=0, P1=0, P2=0, P3=0)
    assert A._with_favor(f, "FAV1")["FIRE"] == 9
    h = A._with_favor(dict(f, KEY=1), "FAV1")
    assert (h["FIRE"], h["P1"] + h["P2"] + h["P3"]) == (10, 0)  # no tokens to move
