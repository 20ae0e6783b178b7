"""The gaps left open by the held-out mutation sample of seed 951 (docs/testing.md), each
tested for its whole class: every corporation starts with exactly its card's production
and resources, in the solo game too, where only Tharsis Republic counts the neutral
cities; a game read back from its stored log (strings decoded from bytes, equal to the
code's literals but not the same objects) offers and accepts exactly what the live game
does at every decision; and every payment rule: the exact-payment test stated cube by
cube, and for every set of resources a player is willing to spend, the offered splits
reach the fewest M€ any valid payment with them reaches."""

from __future__ import annotations

import itertools
import random

import pytest
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CORPORATIONS
from meeple_terraforming_mars.rules import cities, payments, valid_payment
from meeple_terraforming_mars.state import HEAT, MC, RI, STEEL, TI, Player

GAME = TerraformingMars()
CORPS = sorted(CORPORATIONS)

# -- each corporation's start ----------------------------------------------------------------


def _started(corp: str, players: int) -> tuple[LocalGame, dict[str, int], dict[str, int]]:
    """A game whose first seat chose ``corp``: that seat's production and resources."""
    g = LocalGame(GAME, GAME.default_players(players), {"corporate_era": True}, seed=5)
    first = g.players[0]
    p = g.state.players[first]
    if corp != "Beginner Corporation":
        p.corp_offer = [corp]
    before_res = dict(zip(RI, p.res, strict=True))
    g.play(first, f"corporation {corp}")
    prod = {r: p.prod[i] for r, i in RI.items()}
    got = {r: p.res[i] - before_res[r] for r, i in RI.items()}
    return g, prod, got


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("corp", CORPS)
def test_every_corporation_starts_with_its_cards_production_only_tharsis_counts_neutral_cities(
        corp: str, players: int) -> None:
    g, prod, got = _started(corp, players)
    card = CORPORATIONS[corp]
    neutral = cities(g.state, "neutral", on_mars=True)
    assert neutral == (2 if players == 1 else 0)  # the solo set-up's two neutral cities
    want = {r: card.get("prod", {}).get(r, 0) for r in RI}
    want["mc"] += neutral if corp == "Tharsis Republic" else 0
    assert prod == want
    assert got["mc"] == card["mc"] + card.get("gain", {}).get("mc", 0)


# -- a game read back from its stored log -------------------------------------------------


@pytest.mark.parametrize(("players", "options", "seed"), [
    (2, {}, 11), (1, {}, 12), (3, {"draft": True, "corporate_era": True}, 13)])
def test_a_game_read_back_from_its_log_offers_and_accepts_what_the_live_game_does(
        players: int, options: dict, seed: int) -> None:
    local = LocalGame(GAME, GAME.default_players(players), options, seed=seed)
    codec, stored, seen = Codec(GAME), None, 0
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(220):
        for ev in local.events[seen:]:  # through bytes: every string decoded afresh
            stored = GAME.fold(stored, codec.decode(*codec.encode(ev)))
        seen = len(local.events)
        if local.outcome() is not None:
            break
        assert stored == local.state
        player = rng.choice(list(local.to_act()))
        offered = GAME.legal(local.state, player)
        assert GAME.legal(stored, player) == offered
        if stored.pending and stored.pending[0][0] == player:
            kinds.add(stored.pending[0][1])
        cmd = rng.choice(offered)
        copy = GAME.clone(stored)
        assert GAME.decide(copy, player, cmd, random.Random(seed)) == GAME.decide(
            GAME.clone(local.state), player, cmd, random.Random(seed))
        local.play(player, cmd)
    # The decisions whose kinds came back from the log's bytes include tile placements.
    assert "place" in kinds, kinds


def test_a_tile_to_place_read_back_from_the_log_is_offered_and_placed() -> None:
    local = LocalGame(GAME, GAME.default_players(2), seed=4)
    for p in local.players:
        local.play(p, "corporation Beginner Corporation")
    while local.state.pending and local.state.pending[0][1] == "buy":
        local.play(local.state.pending[0][0], "buy none")
    who = local.to_act()[0]
    local.state.players[who].res[MC] = 40
    local.play(who, m.Project("city"))
    codec, stored = Codec(GAME), None
    for ev in local.events:
        stored = GAME.fold(stored, codec.decode(*codec.encode(ev)))
    item = stored.pending[0]
    assert item[:3] == (who, "place", "city") and item[1] is not "place"  # noqa: F632
    places = GAME.legal(stored, who)
    assert places and all(type(c) is m.Place for c in places)
    assert places == GAME.legal(local.state, who)
    events = GAME.decide(stored, who, places[0], random.Random(0))
    assert events == GAME.decide(local.state, who, places[0], random.Random(0))


# -- payments ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("sv", "tv"), [(2, 3), (3, 4), (2, 4)])
def test_a_payment_is_valid_exactly_when_it_pays_the_cost_or_overpays_by_less_than_any_cube(
        sv: int, tv: int) -> None:
    for cost, st, t, h in itertools.product(range(0, 16), range(0, 6), range(0, 5), range(0, 4)):
        other = st * sv + t * tv + h
        cubes = [v for v, n in ((sv, st), (tv, t)) if n]
        for mc in range(0, 17):
            if other <= cost:
                want = mc + other == cost
            else:  # overpaid: no M€, no heat, and each cube used is needed
                want = mc == 0 and h == 0 and all(other - v < cost for v in cubes)
            assert valid_payment(cost, mc, st, t, h, sv, tv) == want, (cost, mc, st, t, h, sv, tv)


def _fewest_mc(cost: int, have: dict[str, int], sv: int, tv: int) -> int | None:
    """The fewest M€ of any valid payment with at most the given resources, by trying all."""
    best = None
    for st, t, h in itertools.product(range(have["steel"] + 1), range(have["titanium"] + 1),
                                      range(have["heat"] + 1)):
        mc = max(0, cost - st * sv - t * tv - h)
        if mc <= have["mc"] and valid_payment(cost, mc, st, t, h, sv, tv):
            best = mc if best is None else min(best, mc)
    return best


@pytest.mark.parametrize("corp", ["", "PhoboLog", "Helion"])
def test_for_any_resources_a_player_spends_the_offered_splits_reach_the_fewest_megacredits(
        corp: str) -> None:
    # Whatever resources a player chooses to spend, one offered split uses only them and
    # pays with as few M€ as any valid payment with them.
    heat_ok = corp == "Helion"
    sv, tv = 2, 3 + (corp == "PhoboLog")
    checked = 0
    for cost, steel, ti, heat in itertools.product(range(0, 23), range(0, 8), range(0, 6),
                                                   (0, 5) if heat_ok else (0,)):
        p = Player("a")
        p.corp = corp
        p.res[MC], p.res[STEEL], p.res[TI], p.res[HEAT] = 30, steel, ti, heat
        splits = payments(cost, p, steel=True, titanium=True, heat=heat_ok)
        for use_st, use_t, use_h in itertools.product((0, 1), repeat=3):
            have = {"mc": 30, "steel": steel * use_st, "titanium": ti * use_t,
                    "heat": heat * use_h}
            fewest = _fewest_mc(cost, have, sv, tv)
            mine = [mc for mc, st, t, h in splits
                    if st <= have["steel"] and t <= have["titanium"] and h <= have["heat"]]
            assert min(mine, default=None) == fewest, (corp, cost, have)
            checked += fewest is not None and fewest < cost
    assert checked > 500
