"""The draft and the solo game ."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import encoded_log, replay_encoded
from meeple_terraforming_mars import corporate_era as ce
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.board import ADJACENT, SPACES
from meeple_terraforming_mars.cards import CARDS, STANDARD_CORPS, catalog
from meeple_terraforming_mars.solo import _count, clockwise, neutral_tiles
from meeple_terraforming_mars.state import RI

from .helpers import GAME, give, hand, resolve


def _to_generation_2(g: LocalGame) -> None:
    while g.state.generation < 2:
        p = g.to_act()[0]
        text = "pass" if g.state.phase == "action" else GAME.format(GAME.legal(g.state, p)[0])
        g.play(p, text)


def test_draft_keeps_one_and_passes_the_rest_alternating_by_generation() -> None:
    g = LocalGame(GAME, ["a", "b", "c"], {"draft": True, "corporations": "beginner"}, seed=2)
    _to_generation_2(g)
    s = g.state
    assert {it[1] for it in s.pending} == {"draft"} and set(GAME.to_act(s)) == {"a", "b", "c"}
    packs = {n: list(s.players[n].offer) for n in s.names}
    with pytest.raises(IllegalCommand, match="draft one card"):
        g.play("a", "buy none")
    for n in s.names:
        g.play(n, f"draft {packs[n][0]}")
    # generation 2 is even: packs go clockwise, a's pack to b
    assert s.players["b"].offer == packs["a"][1:]
    assert s.players["a"].offer == packs["c"][1:]
    for _ in range(2):
        for n in s.names:
            g.play(n, f"draft {s.players[n].offer[0]}")
    # three picks made, the last card of each pack kept: now each buys from four
    assert all(len(s.players[n].offer) == 4 and not s.players[n].drafted for n in s.names)
    assert {it[1] for it in s.pending} == {"buy"}
    assert s.players["a"].offer[0] == packs["a"][0]
    # a view hides the other players' drafted cards
    for n in s.names:
        g.play(n, "buy none")
    assert s.phase == "action"


def test_draft_passes_counter_clockwise_in_odd_generations() -> None:
    g = LocalGame(GAME, ["a", "b", "c"], {"draft": True, "corporations": "beginner"}, seed=3)
    _to_generation_2(g)
    while g.state.generation < 3:
        p = g.to_act()[0]
        text = "pass" if g.state.phase == "action" and not g.state.pending else GAME.format(
            GAME.legal(g.state, p)[0])
        g.play(p, text)
    s = g.state
    packs = {n: list(s.players[n].offer) for n in s.names}
    for n in s.names:
        g.play(n, f"draft {packs[n][0]}")
    assert s.players["a"].offer == packs["b"][1:]  # b passes to a


def test_no_draft_in_generation_1_or_solo() -> None:
    g = LocalGame(GAME, ["a", "b"], {"draft": True}, seed=1)
    assert {it[1] for it in g.state.pending} == {"corp"}
    solo = LocalGame(GAME, ["a"], {"draft": True, "corporations": "beginner"}, seed=1)
    _to_generation_2(solo)
    assert solo.state.pending == [("a", "buy")]


def test_drafted_card_is_secret_in_logs_and_views() -> None:
    g = LocalGame(GAME, ["a", "b"], {"draft": True, "corporations": "beginner"}, seed=4)
    _to_generation_2(g)
    card = g.state.players["a"].offer[0]
    ev = g.play("a", f"draft {card}")[0]
    seen = GAME.redact(ev, "b")
    assert (seen.player, seen.card) == ("a", "?") and GAME.redact(ev, "a") == ev
    assert card not in repr(seen)  # nor in its recorded outcome
    assert GAME.view(g.state, "b").players["a"].drafted == ["?"]
    d = GAME.determinize(GAME.view(g.state, "b"), "b", random.Random(0))
    assert len(d.players["a"].drafted) == 1 and "?" not in d.players["a"].drafted


def test_neutral_tiles_count_from_the_corners() -> None:
    cities, greens = neutral_tiles((8, 13, 5, 21))
    # land a city may take, top left first: a1 a3 b1 b2 b3 b4 b5 c1 -> c1 is the 8th
    assert cities[0] == "c1"
    assert clockwise("e5") == ["d4", "d5", "e6", "f5", "f4", "e4"]
    assert greens[0] in clockwise("c1") and greens[1] in clockwise(cities[1])
    assert cities[1] not in clockwise("c1")


def test_solo_set_up_and_rules() -> None:
    g = LocalGame(GAME, ["me"], seed=5)
    s = g.state
    shown = next(e for e in g.events if type(e) is m.NeutralPlaced)
    assert shown.cities == neutral_tiles(tuple(CARDS[c]["cost"] for c in shown.cards))[0]
    assert [s.tiles[c] for c in shown.cities] == [("city", "neutral")] * 2
    assert s.oxygen == 0 and set(shown.cards) <= set(s.discard)
    me = s.players["me"]
    assert me.tr == 14 and me.prod == [0] * 6
    g.play("me", "corporation Beginner Corporation")
    with pytest.raises(IllegalCommand, match="no milestones"):
        g.play("me", "claim Mayor")
    with pytest.raises(IllegalCommand, match="no awards"):
        g.play("me", "fund Banker")
    # a card lowering "any" production may hit the neutral player
    me.hand = []
    hand(g, "me", "Heat Trappers")
    give(g, "me", mc=20)
    g.play("me", "play Heat Trappers pay 6")
    assert [GAME.format(c) for c in GAME.legal(s, "me")] == ["target neutral"]
    resolve(g)
    assert me.prod[RI["energy"]] == 1


def test_solo_lasts_14_generations_and_says_won_or_lost() -> None:
    g = LocalGame(GAME, ["me"], {"corporations": "beginner"}, seed=6)
    g.play_randomly(random.Random(6))
    out = g.outcome()
    assert g.state.generation == 14
    assert out.detail["result"] == ("won" if g.state.maxed() else "lost")
    assert out.detail["score"] == out.scores["me"]
    won = LocalGame(GAME, ["me"], {"corporations": "beginner"}, seed=6)
    won.play("me", "corporation Beginner Corporation")
    s = won.state
    s.temp, s.oxygen, s.oceans, s.generation = 19, 14, 9, 14
    won.play("me", "pass")
    resolve(won)
    assert won.outcome().detail["result"] == "won" and won.outcome().ranks == {"me": 1}


@pytest.fixture
def base_cards_only():
    # Corporate Era games once added their cards to shared registries; now nothing is
    # shared, and the base game still sees its 137 cards only after they ran.
    yield
    assert len(catalog({}).deck) == 137


@pytest.mark.parametrize(("players", "options"), [
    (1, {}), (1, {"corporations": "beginner"}), (2, {"draft": True}), (4, {"draft": True}),
    (1, {"draft": True}), (2, {"corporate_era": True}), (3, {"corporate_era": True, "draft": True}),
    (1, {"corporate_era": True}), (5, {"corporate_era": True, "corporations": "beginner"})])
def test_variant_random_games_replay_equal_to_live(players: int, options: dict,
                                                    base_cards_only: None) -> None:
    for seed in range(25):
        g = LocalGame(GAME, GAME.default_players(players), options, seed=seed)
        g.play_randomly(random.Random(seed))
        assert replay_encoded(GAME, encoded_log(GAME, g.events)) == g.state
        assert GAME.outcome(g.state) == g.outcome()
        if options.get("corporate_era"):
            assert all(p.prod == [0] * 6 for p in g.state.players.values()) or g.state.generation > 1


def test_corporate_era_starts_without_production_and_deals_its_cards(base_cards_only) -> None:
    g = LocalGame(GAME, ["a", "b"], {"corporate_era": True}, seed=8)
    s = g.state
    assert all(p.prod == [0] * 6 for p in s.players.values())
    assert len(s.deck) + 20 == 137 + 71
    offered = {c for p in s.players.values() for c in p.corp_offer}
    assert len(offered) == 4 and offered <= set(ce.CE_CORPS) | set(STANDARD_CORPS)


def test_generation_cap_is_a_safety_option_only() -> None:
    g = LocalGame(GAME, ["a", "b"], {"max_generations": 3}, seed=9)
    g.play_randomly(random.Random(9))
    assert g.state.generation == 3 and g.outcome() is not None
    assert LocalGame(GAME, ["a", "b"], seed=9).state.options["max_generations"] == 0


@pytest.mark.parametrize(("players", "options"), [(3, {"corporate_era": True, "draft": True}),
                                                  (1, {"corporate_era": True})])
def test_variant_decide_changes_nothing_and_notation_round_trips(players: int, options: dict,
                                                                  base_cards_only: None) -> None:
    rng = random.Random(12)
    g = LocalGame(GAME, GAME.default_players(players), options, seed=12)
    for _ in range(400):
        if g.outcome() is not None:
            break
        player = rng.choice(list(g.to_act()))
        before = GAME.clone(g.state)
        commands = GAME.legal(g.state, player)
        for cmd in rng.sample(commands, min(3, len(commands))):
            text = GAME.format(cmd, g.state)
            assert GAME.parse(text, g.state, player) == cmd, text
            GAME.decide(g.state, player, cmd, random.Random(0))
            assert g.state == before, text
        g.play(player, rng.choice(commands))


def test_no_draft_when_the_cards_run_out() -> None:
    g = LocalGame(GAME, ["a", "b"], {"draft": True, "corporations": "beginner"}, seed=10)
    for p in g.players:
        g.play(p, "corporation Beginner Corporation")
    s = g.state
    # every card is in a hand: the next research has nothing to deal
    s.players["a"].hand.extend(s.deck + s.discard)
    s.deck, s.discard = [], []
    g.play("a", "pass")
    g.play("b", "pass")
    assert s.generation == 2 and {it[1] for it in s.pending} == {"buy"}
    assert all(GAME.legal(s, p) == [m.Confirm()] for p in ("a", "b"))  # nothing to take


# -- the solo set-up's neutral tiles: spaces counted clockwise round a city from the top
# left, counting round a list ---------------------------------------------------------


def _x(sp: str) -> int:
    s = SPACES[sp]
    return 2 * s.index + abs(s.row - 4)


def test_the_solo_ring_runs_clockwise_from_the_top_left():
    ring = clockwise("e5")
    s = SPACES["e5"]
    want = [(s.row - 1, _x("e5") - 1), (s.row - 1, _x("e5") + 1), (s.row, _x("e5") + 2),
            (s.row + 1, _x("e5") + 1), (s.row + 1, _x("e5") - 1), (s.row, _x("e5") - 2)]
    assert [(SPACES[a].row, _x(a)) for a in ring] == want
    assert set(ring) == set(ADJACENT["e5"])
    corner = clockwise("a1")
    assert set(corner) == set(ADJACENT["a1"]) and corner == [a for a in ("a2", "b2", "b1")
                                                           if a in corner]


def test_the_solo_count_wraps_round_and_starts_at_one():
    spaces = ["x", "y", "z"]
    assert [_count(spaces, c) for c in (0, 1, 2, 3, 4, 7)] == ["x", "x", "y", "z", "x", "x"]


def test_the_neutral_cities_and_greeneries_stand_apart_and_on_free_land():
    for costs in ((1, 1, 1, 1), (12, 30, 7, 2), (45, 3, 9, 60)):
        (c1, c2), (g1, g2) = neutral_tiles(costs)
        assert len({c1, c2, g1, g2}) == 4
        assert c2 not in ADJACENT[c1] and g1 in ADJACENT[c1] and g2 in ADJACENT[c2]
        assert not any(SPACES[sp].ocean for sp in (c1, c2, g1, g2)) and "e3" not in (c1, c2)
    (c1, c2), _ = neutral_tiles((1, 1, 1, 1))
    land = [sp for sp in SPACES if not SPACES[sp].ocean and sp != "e3"]
    assert c1 == land[0] and c2 == land[-1]
