"""The heuristic evaluation (meeple_terra_mystica.ai): its clock, its favor tiles, the
one-ply agent it drives not trading VP and coins back and forth instead of passing, and
its value at the end of a game, where nothing is left to estimate: each player's
estimate is its final score, and the evaluation orders the players by their lead over the
opponents, the best opponent blended with the opponents' mean by the weight ``rival``
(docs/ai.md: the difference through tanh), zero on a tie. The weights themselves are
measured by play strength, not here; test_ai_estimate.py checks the formulas by their
properties."""

from __future__ import annotations

import math
import random

import pytest
from meeple.ai.registry import make_agent
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import ai as A

GAME = TerraMystica()
#: Four factions with the Alchemists, who trade 2 coins for a VP and a VP back for a coin.
ALCHEMISTS_GAME = "swarmlings,halflings,alchemists,chaosmagicians"


def _heuristic_game(seed: int, stop=None, options=None):
    """A seeded four-player heuristic game; returns (LocalGame, rows played as text).
    ``stop(state, player)`` ends it early when true."""
    players = GAME.default_players(4)
    agents = {p: make_agent("heuristic", seed * 10 + i) for i, p in enumerate(players)}
    lg = LocalGame(GAME, players, options or {}, seed=seed)
    rows = []
    while lg.outcome() is None:
        p = lg.to_act()[0]
        if stop is not None and stop(lg.state, p):
            break
        cmd = agents[p].act(GAME, GAME.view(lg.state, p), p)
        rows.append((lg.state.faction_of.get(p), GAME.format(cmd, lg.state)))
        lg.play(p, cmd)
    return lg, rows


def _last_to_pass(g, p) -> bool:
    """Round 2's play, everyone else has passed and ``p`` may pass now."""
    if g.round != 2 or g.phase != "play":
        return False
    name = g.faction_of.get(p)
    others = [f for n, f in g.fac.items() if n != name]
    return all(f["passed"] for f in others) and any(
        GAME.format(m, g).startswith("pass") for m in GAME.legal(g, p))


def test_own_pass_and_the_round_end_do_not_move_the_players_clock():
    lg, _ = _heuristic_game(1, _last_to_pass)
    g = lg.state
    p = lg.to_act()[0]
    assert _last_to_pass(g, p)
    before = A._time_left(g, p)
    passing = next(m for m in GAME.legal(g, p) if GAME.format(m, g).startswith("pass"))
    after = GAME.step(GAME.clone(g), p, passing, random.Random(0))
    assert after.round == 3 or after.phase == "spades"
    assert abs(A._time_left(after, p) - before) < 1e-9
    # Seen by a faction that passed earlier, the same pass moved the clock on.
    other = next(q for q in GAME.default_players(4) if q != p)
    assert A._time_left(after, other) < A._time_left(g, other)


def test_no_vp_coin_trading_loop_instead_of_passing():
    # The Alchemists trade 2 coins to a VP and back at 1 to 1: an agent that sees its own
    # pass as a loss trades 1VP for 1C over and over instead of passing.
    lg, rows = _heuristic_game(1, options={"factions": ALCHEMISTS_GAME})
    assert any(name == "alchemists" for name, _ in rows)
    assert sum(1 for _, r in rows if r == "convert 1VP to 1C") <= 3
    assert lg.outcome() is not None


def test_favor_tiles_count_their_income_and_their_building_points():
    lg, _ = _heuristic_game(2, lambda g, p: g.round == 2 and g.phase == "play")
    g = lg.state
    name = g.order[0]
    f = g.fac[name]
    base = A.estimate(g, f)
    assert A.estimate(g, {**f, "FAV9": 1}) > base + 1  # 3 coins a round, four rounds
    assert A.estimate(g, {**f, "FAV11": 1}) > base + 2  # 2 VP a dwelling still to come
    # Building points run out with the time left.
    early = A._favor_future(g, {**f, "FAV11": 1}, 0.8)
    late = A._favor_future(g, {**f, "FAV11": 1}, 0.1)
    assert early > late > 0


def test_a_priest_counts_the_digging_advance_it_still_buys():
    # Priests are worth what they turn into: while a digging advance (6 VP and cheaper
    # spades) is open, a priest at hand counts for more than once digging is maxed out.
    lg, _ = _heuristic_game(2, lambda g, p: g.round == 2 and g.phase == "play")
    g = lg.state
    f = next(f for f in g.fac.values() if f["name"] not in ("darklings", "dwarves", "fakirs"))
    top = A.FACTIONS[f["name"]]["dig"]["max"]
    t = A._time_left(g, f["player"])
    rate = {k: A.LATE[k] + (A.EARLY[k] - A.LATE[k]) * t for k in A.LATE}
    open_dig = A._priest_uses({**f, "P": 1, "digging": 0}, rate, t)
    no_dig_left = A._priest_uses({**f, "P": 1, "digging": top, "shipping": 99}, rate, t)
    assert open_dig > no_dig_left + 1
    assert A._priest_uses({**f, "P": 0, "digging": 0}, rate, t) == 0
    # Two open advances count for the second priest too, never for a third.
    two = A._priest_uses({**f, "P": 2, "digging": 0, "shipping": 99}, rate, t)
    three = A._priest_uses({**f, "P": 3, "digging": 0, "shipping": 99}, rate, t)
    assert two > open_dig * 1.5 and three == two


def test_the_one_ply_agent_builds_temples_and_advances_digging():
    # Priests are valued by their uses, so a temple's priest income is worth its price.
    # (Seed 2: the agent picks its factions by how it plays them, and seed 1's Darklings,
    # Dwarves and Mermaids take no digging advance.)
    _, rows = _heuristic_game(2)
    played = [r for _, r in rows]
    assert any("to TE" in r for r in played)
    assert any(r.startswith("+FAV") for r in played)
    assert any("advance dig" in r for r in played)


def test_factions_are_picked_by_how_the_agent_plays_them():
    # By the start's resources alone the agent would take the Giants or the Chaos
    # Magicians fourth and play them for about 70 VP and four buildings (docs/ai.md).
    lg = LocalGame(GAME, GAME.default_players(4), {}, seed=1)
    g = lg.state
    picks = {}
    for m in GAME.legal(g, "p1"):
        child = GAME.step(GAME.clone(g), "p1", m, random.Random(0))
        picks[GAME.format(m, g)] = GAME.evaluate(child, "p1")
    assert max(picks, key=picks.get) == "setup darklings"
    assert picks["setup giants"] < picks["setup dwarves"] < picks["setup darklings"]
    agent = make_agent("heuristic", 0)
    assert GAME.format(agent.act(GAME, GAME.view(g, "p1"), "p1"), g) == "setup darklings"


def test_a_rivals_gain_counts_for_less_than_ones_own():
    # Weighing only the best opponent, the agent would grudge every leech it gives and
    # build away from its neighbours; a rival's gain counts about half.
    lg, _ = _heuristic_game(3, stop=lambda g, p: g.round == 3)
    g = lg.state
    me = g.order[0]
    player = g.player_of[me]
    base = math.atanh(A.evaluate(g, player))
    rival = max((n for n in g.order if n != me), key=lambda n: A.estimate(g, g.fac[n]))
    for who, sign in ((me, 1), (rival, -1)):
        h = g.clone()
        h.fac[who]["VP"] += 6
        delta = sign * (math.atanh(A.evaluate(h, player)) - base)
        if who == me:
            own = delta
        else:
            theirs = delta
    assert own > 0 and 0 < theirs < 0.8 * own


def test_the_last_to_pass_keeps_its_coins_before_the_last_round():
    # Ending a round pays every rival its income, its bonus tile's and its next pass's
    # worth at once, and the tile the passing faction gives back is no gift to it: the
    # last to pass keeps its coins and workers rather than trade them for points at a loss.
    # Counted in the play phase, where the pass is the alternative. While a round's cult
    # spades are dug (legal offers conversions there) the agent still makes such trades:
    # an open weakness, not this one.
    for seed in (1, 4):
        phases = []

        def stop(g, p, phases=phases):
            phases.append(g.phase)
            return g.round == 6

        _, rows = _heuristic_game(seed, stop=stop)
        played = zip(rows, phases[:len(rows)], strict=True)  # the last call stopped the game
        assert sum(1 for (_, r), ph in played if "to 1VP" in r and ph == "play") <= 1


def _first_placement(g, p) -> bool:
    """The first start dwelling of the game is to be placed."""
    return (g.round < 1 and bool(g.faction_of.get(p))
            and not any(f["locations"] for f in g.fac.values())
            and any(GAME.format(m, g).startswith("build") for m in GAME.legal(g, p)))


def test_a_start_dwelling_is_placed_where_one_spade_opens_the_most_land():
    # Without W["room"] every first placement would evaluate alike and the agent would
    # place it at random (the board's corner as often as its middle).
    lg, _ = _heuristic_game(2, _first_placement)
    g = lg.state
    p = lg.to_act()[0]
    f = g.fac[g.faction_of[p]]
    rng = random.Random(0)
    scored = {}
    for m in GAME.legal(g, p):
        after = GAME.step(GAME.clone(g), p, m, rng)
        scored[GAME.format(m, g)] = (GAME.evaluate(after, p),
                                     A._frontier(after, after.fac[f["name"]])[1] / A.W["room"])
    values = {v for v, _ in scored.values()}
    assert len(values) > 1  # the hexes no longer tie
    best = max(scored.values())
    worst = min(scored.values())
    # the best hex opens at least as much land as any, the worst as little as any
    assert best[1] == max(r for _, r in scored.values())
    assert worst[1] == min(r for _, r in scored.values())
    chosen = make_agent("heuristic", 0).act(GAME, GAME.view(g, p), p)
    assert scored[GAME.format(chosen, g)][1] == best[1]


def _all_dwellings_out(g, p) -> bool:
    """``p``'s faction has all 8 dwellings on the board and may upgrade one in its turn."""
    name = g.faction_of.get(p)
    return (g.phase == "play" and name is not None and g.fac[name]["D"] == 8
            and any(" to TP" in GAME.format(m, g) for m in GAME.legal(g, p)))


def test_a_faction_with_all_dwellings_out_counts_the_upgrade_that_frees_one(monkeypatch):
    # With all 8 dwellings on the board a faction builds again only after an upgrade
    # frees one: two turns, which a one-ply agent does not see together. 13 of 32
    # factions ended with 8 dwellings and at most one trading house (docs/ai.md). The
    # knob is off by default (it costs the search its lead); set as measured there.
    wt = A.DEFAULT.changed({("W", "full"): 4.0, ("W", "full_t"): 0.25})
    lg, _ = _heuristic_game(1, _all_dwellings_out)
    g = lg.state
    p = lg.to_act()[0]
    name = g.faction_of[p]
    rng = random.Random(0)
    ups = [m for m in GAME.legal(g, p) if " to TP" in GAME.format(m, g)]
    after = GAME.step(GAME.clone(g), p, ups[0], rng)
    assert after.fac[name]["D"] == 7
    t = A._time_left(g, p)
    owed = wt.W["full"] * (wt.W["full_t"] * t + 1 - wt.W["full_t"])
    # The same faction with one dwelling back in the supply: the knob adds exactly the
    # penalty to what that dwelling's income and the rest already made of it.
    freed = {**g.fac[name], "D": 7}
    with_knob = A.estimate(g, freed, wt=wt) - A.estimate(g, g.fac[name], wt=wt)
    off = wt.changed({("W", "full"): 0.0})
    without = A.estimate(g, freed, wt=off) - A.estimate(g, g.fac[name], wt=off)
    assert with_knob - without == pytest.approx(owed)
    # It never fades to nothing before the game ends (the last rounds are when it bites).
    assert owed >= wt.W["full"] * (1 - wt.W["full_t"]) > 0


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3)])
def test_a_finished_game_is_valued_by_each_players_lead_over_the_opponents(n, seed):
    lg = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    lg.play_randomly(random.Random(seed))
    g = lg.state
    assert g.finished
    lead = {}
    for p in GAME.default_players(n):
        name = g.faction_of[p]
        others = [g.fac[o]["VP"] for o in g.fac if o != name]
        rival = A.W["rival"] * max(others) + (1 - A.W["rival"]) * sum(others) / len(others)
        lead[p] = g.fac[name]["VP"] - rival
    value = {p: GAME.evaluate(g, p) for p in lead}
    for p in lead:
        assert -1 < value[p] < 1
        assert value[p] == pytest.approx(math.tanh(lead[p] / 60.0))
        for q in lead:
            assert (value[p] > value[q]) == (lead[p] > lead[q]), (p, q)
    assert GAME.evaluate(g, "nobody") == 0.0


def test_a_pick_is_worth_the_factions_record_against_the_best_one_picked_before():
    lg = LocalGame(GAME, ["p1", "p2", "p3"], {}, seed=1)
    lg.play("p1", "setup giants")
    lg.play("p2", "setup darklings")
    played = A.PLAYED
    g = lg.state
    assert A.evaluate(g, "p1") == pytest.approx(
        math.tanh((played["giants"] - played["darklings"]) / 60.0))
    assert A.evaluate(g, "p2") == pytest.approx(
        math.tanh((played["darklings"] - played["giants"]) / 60.0))
    assert A.evaluate(g, "p3") == 0.0  # no faction yet
    off = A.DEFAULT.changed({("W", "pick"): 0.0})
    assert A.evaluate(g, "p1", wt=off) != pytest.approx(A.evaluate(g, "p1"))
