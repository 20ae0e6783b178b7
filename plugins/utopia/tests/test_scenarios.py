"""Scenario tests with hand-worked numbers: wonders, monuments, the prestige scale,
scoring, standing discards, turn order, card actions and the two-player board."""

import pytest
from meeple.core import IllegalCommand
from meeple_utopia.board import BOARD
from meeple_utopia.events import Take
from meeple_utopia.state import DEVELOP, OVER, WELCOME
from utopia_helpers import (
    GAME,
    C,
    D,
    actor,
    give_cards,
    new,
    play_phase1,
    put,
    seat,
    set_monument,
    set_scale,
)


def refused(g, text, match):
    """``text`` is notation or a command object; it must be refused, changing nothing."""
    before = GAME.clone(g.state)
    n = len(g.log)
    with pytest.raises(IllegalCommand, match=match):
        g.play(actor(g), text)
    assert g.state == before and len(g.log) == n


# -- wonders ------------------------------------------------------------------------------


def test_wonder_needs_all_five_civilizations_on_the_island_and_scores_six():
    g = new(3)
    s = seat(g)
    for district, civ in [("F1", "maya"), ("F2", "persian"), ("F3", "egyptian"), ("F4", "greek")]:
        put(g.state, district, s, civ, 1)
    refused(g, "wonder fire", "missing: chinese")
    put(g.state, "F6", s, "chinese", 1)
    g.play(actor(g), "wonder fire")
    assert g.state.scores[s] == 6
    assert g.state.wonder[BOARD.island_index("fire")] == s
    assert g.state.phase == WELCOME and seat(g) == s  # building is free: still my pick
    refused(g, "wonder fire", "already has its wonder")


def test_wonder_owner_is_paid_the_district_value_when_a_monument_rises_on_the_island():
    g = new(3)
    owner = seat(g)
    g.state.wonder[BOARD.island_index("fire")] = (owner + 1) % 3
    put(g.state, "F3", owner, "maya", 3)
    g.play(actor(g), "monument maya F3")  # F3 is worth 4
    assert g.state.scores[(owner + 1) % 3] == 4
    assert g.state.scores[owner] == 0
    # The builder who owns the wonder is paid too: F1 is worth 3.
    g.state.wonder[BOARD.island_index("fire")] = owner
    put(g.state, "F1", owner, "greek", 3)
    g.play(actor(g), "monument greek F1")
    assert g.state.scores[owner] == 3


# -- monuments ----------------------------------------------------------------------------


def test_monument_needs_three_of_one_civilization_and_is_never_retaken():
    g = new(3)
    s = seat(g)
    put(g.state, "E3", s, "maya", 2)
    put(g.state, "E3", s, "greek", 1)
    refused(g, "monument maya E3", "3 of your maya princes")
    put(g.state, "E3", s, "maya", 1)
    g.play(actor(g), "monument maya E3")
    assert g.state.mon_owner[D["E3"]] == s and g.state.mon_civ[D["E3"]] == C["maya"]
    assert g.state.monuments_left[C["maya"]] == 7
    put(g.state, "E3", s, "greek", 2)
    refused(g, "monument greek E3", "never be retaken")


def test_monument_supply_runs_out():
    g = new(3)
    s = seat(g)
    g.state.monuments_left[C["chinese"]] = 0
    put(g.state, "A1", s, "chinese", 3)
    refused(g, "monument chinese A1", "all chinese monuments are built")


# -- the prestige scale -------------------------------------------------------------------


def _phase2(n=3, seed=1):
    g = new(n, seed)
    play_phase1(g)
    s = seat(g)
    g.state.must_discard = 0
    return g, s


def test_raise_swaps_with_the_civilization_above():
    g, s = _phase2()
    set_scale(g.state, maya=1, persian=2, egyptian=3, greek=4, chinese=5)
    give_cards(g.state, s, egyptian=1, chinese=1)
    g.play(actor(g), "raise egyptian")
    assert g.state.scale == [1, 2, 4, 3, 5]
    assert g.state.hand(s) == [0, 0, 0, 0, 1] and g.state.discard[C["egyptian"]] == 1
    refused(g, "raise chinese", "already at the top")


def test_lower_takes_two_cards_and_moves_the_others_up():
    g, s = _phase2()
    set_scale(g.state, maya=1, persian=2, egyptian=3, greek=4, chinese=5)
    give_cards(g.state, s, greek=1)
    refused(g, "lower greek", "need 2 greek")
    give_cards(g.state, s, greek=2)
    g.play(actor(g), "lower greek")
    # greek 4 -> 1; maya, persian, egyptian (below 4) move up; chinese stays 5.
    assert g.state.scale == [2, 3, 4, 1, 5]
    assert g.state.hand_sizes[s] == 0


# -- card actions -------------------------------------------------------------------------


def test_land_and_sea_moves():
    g, s = _phase2(n=3)
    put(g.state, "W1", s, "persian", 2)
    give_cards(g.state, s, persian=5)
    g.play(actor(g), "move 2 persian W1 W2")  # a street
    assert g.state.count(D["W2"], s, C["persian"]) == 2
    refused(g, "move persian W2 E3", "is not next to")
    g.play(actor(g), "move persian W2 W1")
    g.play(actor(g), "move persian W1 F5")  # ships in sectors 1 and 2: neighbours
    assert g.state.count(D["F5"], s, C["persian"]) == 1
    refused(g, "move persian F5 E4", "is not next to")  # sectors 2 and 4
    put(g.state, "W3", s, "persian", 1)
    g.play(actor(g), "move persian W3 E1")  # a bridge between islands
    assert g.state.count(D["E1"], s, C["persian"]) == 1
    refused(g, "move 2 persian F5 F6", "fewer than 2")


def test_add_and_remove_need_a_monument_of_that_civilization():
    g, s = _phase2()
    give_cards(g.state, s, maya=3)
    refused(g, "add maya F2", "has no maya monument")
    set_monument(g.state, "F2", (s + 1) % 3, "maya")  # someone else's monument is fine
    before = g.state.scores[s]
    g.play(actor(g), "add maya F2")
    assert g.state.count(D["F2"], s, C["maya"]) == 1
    g.play(actor(g), "remove maya F2")
    assert g.state.count(D["F2"], s, C["maya"]) == 0
    assert g.state.scores[s] == before + 2
    refused(g, "remove maya F2", "no maya prince in F2")


def test_hand_limit_at_the_end_of_the_turn():
    g, s = _phase2()
    give_cards(g.state, s, maya=4, greek=3)
    refused(g, "end", "discard exactly 2")
    refused(g, "end discard maya maya maya", "discard exactly 2")
    refused(g, "end discard chinese chinese", "do not hold")
    g.play(actor(g), "end discard greek maya")
    assert g.state.hand(s) == [3, 0, 0, 2, 0]
    assert seat(g) != s


# -- standing, turn order -----------------------------------------------------------------


def test_standing_discards_leader_two_last_none_others_one():
    g = new(3, seed=4)
    g.state.scores = [10, 5, 0]
    play_phase1(g)
    # Phase 2 starts with the leader (seat 0), who must discard 2 of 5.
    assert seat(g) == 0 and g.state.must_discard == 2 and g.state.hand_sizes[0] == 5
    refused(g, "end", "first discard 2")
    cards = [c for c in range(5) for _ in range(g.state.hands[c])][:2]
    g.play(actor(g), "discard " + " ".join(["maya", "persian", "egyptian", "greek", "chinese"][c]
                                          for c in cards))
    assert g.state.hand_sizes[0] == 3
    g.play(actor(g), "end")
    assert seat(g) == 1 and g.state.must_discard == 1
    g.state.must_discard = 0
    g.play(actor(g), "end")
    assert seat(g) == 2 and g.state.must_discard == 0


def test_everyone_level_discards_one():
    g = new(4, seed=2)
    play_phase1(g)
    assert g.state.scores == [0, 0, 0, 0] and g.state.must_discard == 1


def test_turn_order_highest_score_first_ties_by_arrival():
    g = new(4, seed=3)
    st = g.state
    st.scores = [3, 7, 7, 1]
    st.stamps = [10, 12, 11, 9]  # seat 2 reached 7 before seat 1
    st.acted = [False] * 4
    from meeple_utopia.turns import next_actor

    order = []
    for _ in range(4):
        s = next_actor(st)
        order.append(s)
        st.acted[s] = True
    assert order == [2, 1, 0, 3]


def test_order_changes_when_a_score_changes_mid_pass():
    g = new(3, seed=5)
    first = seat(g)
    others = [s for s in range(3) if s != first]
    g.state.scores[others[1]] = 1  # others[1] now outranks others[0]
    p = actor(g)
    g.play(p, next(c for c in GAME.legal(g.state, p) if type(c).__name__ == "Take"))
    assert seat(g) == others[1]


# -- scoring and the end ------------------------------------------------------------------


def test_round_scoring_pays_each_district_at_its_civilizations_value():
    g, _ = _phase2(n=3, seed=6)
    st = g.state
    set_scale(st, maya=5, persian=4, egyptian=3, greek=2, chinese=1)
    set_monument(st, "F3", 0, "maya")  # 5
    set_monument(st, "F1", 0, "greek")  # 2
    set_monument(st, "A1", 1, "chinese")  # 1
    set_monument(st, "E7", 1, "persian")  # 4
    before = st.scores[:]
    while g.state.phase == DEVELOP:
        g.state.must_discard = 0
        s = seat(g)
        give_cards(g.state, s)
        g.play(actor(g), "end")
    assert [a - b for a, b in zip(g.state.scores, before, strict=True)] == [7, 5, 0]
    assert g.state.phase == WELCOME and g.state.round == 2
    assert sum(g.state.waiting) == 9  # three new guests per player


def test_game_ends_after_scoring_when_someone_reaches_the_goal():
    g, _ = _phase2(n=2, seed=7)
    st = g.state
    st.scores = [45, 30]
    set_scale(st, maya=5, persian=4, egyptian=3, greek=2, chinese=1)
    set_monument(st, "F3", 0, "maya")
    set_monument(st, "A1", 1, "persian")
    while g.state.phase == DEVELOP:
        g.state.must_discard = 0
        give_cards(g.state, seat(g))
        g.play(actor(g), "end")
    assert g.state.phase == OVER and g.state.scores == [50, 34]
    out = g.outcome()
    assert out.winners == ["p1"] and out.ranks == {"p1": 1, "p2": 2}
    assert g.to_act() == ()


def test_tie_on_points_is_broken_by_districts_held():
    g, _ = _phase2(n=2, seed=8)
    st = g.state
    st.scores = [48, 47]
    set_scale(st, maya=1, persian=2, egyptian=3, greek=4, chinese=5)
    set_monument(st, "F3", 0, "persian")  # +2 -> 50
    set_monument(st, "F1", 1, "maya")  # +1
    set_monument(st, "A1", 1, "maya")  # +1 -> 49 ... plus one more
    set_monument(st, "A2", 1, "maya")  # +1 -> 50
    while g.state.phase == DEVELOP:
        g.state.must_discard = 0
        give_cards(g.state, seat(g))
        g.play(actor(g), "end")
    assert g.state.scores == [50, 50]
    assert g.outcome().winners == ["p2"]


# -- phase 1 and the two-player board -----------------------------------------------------


def test_two_players_leave_the_water_island_out():
    for seed in range(5):
        g = new(2, seed=seed)
        water = BOARD.island_index("water")
        assert not g.state.active[water]
        assert sum(g.state.waiting[water * 5:(water + 1) * 5]) == 0
        assert sum(g.state.waiting) == 6
    refused(g, "wonder water", "no such island")


def test_special_guest_hands_a_privilege_over_and_must_be_welcomed_first():
    g = new(3, seed=9)
    s = seat(g)
    me, other = g.players[s], g.players[(s + 1) % 3]
    waiting = g.state.waiting[:]
    refused(g, f"special {me}", "another player")
    g.play(me, f"special {other}")
    st = g.state
    assert st.privileges[s] == 1 and st.held[(s + 1) % 3] == 1
    guest = st.pending
    assert guest >= 0 and st.waiting == waiting and seat(g) == s
    assert sum(st.bag) == 40 - 9 - 1  # every guest, minus 9 at the ships and this one
    island, civ = divmod(guest, 5)
    names = ["maya", "persian", "egyptian", "greek", "chinese"]
    other_guest = next(i for i, k in enumerate(st.waiting) if k and i != guest)
    oi, oc = divmod(other_guest, 5)
    refused(g, f"take {names[oc]} {BOARD.district_ids[BOARD.districts_of[oi][0]]}",
            "first welcome your special guest")
    refused(g, f"special {other}", "in place of a waiting guest")
    district = BOARD.districts_of[island][0]
    g.play(me, f"take {names[civ]} {BOARD.district_ids[district]}")
    assert g.state.count(district, s, civ) == 1 and g.state.pending == -1
    assert g.state.waiting == waiting and seat(g) != s


def test_privilege_received_pays_for_one_action_and_leaves_the_game():
    g, s = _phase2()
    give_cards(g.state, s)
    g.state.held[s] = 1
    refused(g, "raise maya", "need 1 maya")
    refused(g, "lower maya privilege", "cannot read")
    set_scale(g.state, maya=1, persian=2, egyptian=3, greek=4, chinese=5)
    g.play(actor(g), "raise maya privilege")
    assert g.state.scale[C["maya"]] == 2 and g.state.held[s] == 0
    assert sum(g.state.discard) == 0  # no card was spent
    refused(g, "raise maya privilege", "no privilege token")


def test_guest_goes_to_its_own_island_and_must_be_waiting():
    g = new(3, seed=10)
    guest = next(i for i, k in enumerate(g.state.waiting) if k)
    island, civ = divmod(guest, 5)
    names = ["maya", "persian", "egyptian", "greek", "chinese"]
    wrong = BOARD.districts_of[(island + 1) % 4][0]
    refused(g, Take(civ, island, wrong), "goes to a district of that island")
    absent = next((i for i, k in enumerate(g.state.waiting) if not k), None)
    i2, c2 = divmod(absent, 5)
    target = BOARD.district_ids[BOARD.districts_of[i2][0]]
    refused(g, f"take {names[c2]} {target}", "no .* guest waits")


def test_guest_without_prince_left_is_taken_empty_handed():
    g = new(3, seed=11)
    s = seat(g)
    guest = next(i for i, k in enumerate(g.state.waiting) if k)
    island, civ = divmod(guest, 5)
    names = ["maya", "persian", "egyptian", "greek", "chinese"]
    refused(g, f"take {names[civ]} {BOARD.island_names[island]}", "you still have")
    g.state.supply[s * 5 + civ] = 0
    waiting = g.state.waiting[guest]
    g.play(actor(g), f"take {names[civ]} {BOARD.island_names[island]}")
    assert g.state.waiting[guest] == waiting - 1  # taken; nothing placed
    assert sum(g.state.princes) == 0 and seat(g) != s
