"""What each seat sees at the table besides the map: its own hand as cards (and no other
hand, in the panels or the picture), privilege tokens, every player's holdings, each
district's neighbours, and at the end a score breakdown with the tie-break named."""

from __future__ import annotations

import random
import re

from meeple.core.testing import shapes
from meeple_utopia import final
from meeple_utopia.board import BOARD, CIVS, NCIV
from meeple_utopia.events import RoundScored
from meeple_utopia.state import DEVELOP, OVER
from test_utopia_picture import _check_picture
from utopia_helpers import GAME, new


def _in_phase_two(n: int = 3, seed: int = 4):
    """A game in phase 2 where at least two seats hold cards."""
    g = new(n, seed=seed)
    rng = random.Random(seed)
    while not (g.state.phase == DEVELOP and sum(1 for k in g.state.hand_sizes if k) >= 2):
        p = g.to_act()[0]
        g.play(p, rng.choice(GAME.legal(g.state, p)))
    return g


def _finished(n: int, seed: int):
    g = new(n, seed=seed)
    g.play_randomly(random.Random(seed), max_steps=50_000)
    assert g.outcome() is not None
    return g


def _hand_panel(view, player):
    return [p for p in GAME.panels(view, player) if p.title == "Your hand"]


def test_a_seat_sees_its_own_hand_as_cards_that_say_what_they_do():
    g = _in_phase_two()
    for s, player in enumerate(g.players):
        view = GAME.view(g.state, player)
        (panel,) = _hand_panel(view, player)
        hand = g.state.hand(s)
        cards = {e.region: e for e in panel.entries if e.region and e.region.startswith("card:")}
        assert set(cards) == {f"card:{CIVS[c]}" for c in range(NCIV) if hand[c]}
        for c in range(NCIV):
            if hand[c]:
                entry = cards[f"card:{CIVS[c]}"]
                assert entry.name == f"{CIVS[c]} card" + (f" x{hand[c]}" if hand[c] > 1 else "")
                assert f"move 1 or 2 {CIVS[c]} princes" in entry.text
                assert f"raise {CIVS[c]} one step (now {g.state.scale[c]})" in entry.text
                assert "Two" in entry.detail
        tokens = next(e for e in panel.entries if e.name.startswith("privilege tokens received"))
        assert tokens.name.endswith(str(g.state.held[s]))
        assert (tokens.region == "privilege") == (g.state.held[s] > 0)
        # the picture of that seat draws the same cards, with their counts
        drawn = {m[1]: int(m[2]) for m in re.finditer(
            r'data-region="card:(\w+)">.*?\u00d7(\d+)</text>', GAME.render(view, "svg", player))}
        assert drawn == {CIVS[c]: hand[c] for c in range(NCIV) if hand[c]}


def test_a_spectator_sees_no_hand_in_the_panels_or_the_picture():
    g = _in_phase_two()
    view = GAME.view(g.state, None)
    assert _hand_panel(view, None) == []
    svg = GAME.render(view, "svg", None)
    assert "Your hand" not in svg and 'data-region="card:' not in svg
    assert "Your hand" in GAME.render(GAME.view(g.state, "p1"), "svg", "p1")


def _other_hand_changed(state, seat: int):
    """The same state but for one card of ``seat``'s hand, swapped with the deck."""
    other = state.copy()
    have = next(c for c in range(NCIV) if other.hands[seat * NCIV + c])
    give = next(c for c in range(NCIV) if c != have and other.deck[c])
    other.hands[seat * NCIV + have] -= 1
    other.hands[seat * NCIV + give] += 1
    other.deck[have] += 1
    other.deck[give] -= 1
    return other


def test_nothing_of_another_seats_hand_reaches_a_panel_or_a_picture():
    g = _in_phase_two()
    holder = next(s for s in range(g.state.n) if g.state.hand_sizes[s])
    changed = _other_hand_changed(g.state, holder)
    for who in (None, *g.players):
        a, b = GAME.view(g.state, who), GAME.view(changed, who)
        same = who != g.players[holder]
        assert (GAME.panels(a, who) == GAME.panels(b, who)) == same, who
        assert (GAME.render(a, "svg", who) == GAME.render(b, "svg", who)) == same, who


def test_each_district_names_its_neighbours_on_hover_and_in_its_panel_entry():
    g = _in_phase_two()
    view = GAME.view(g.state, "p1")
    titles = {s.attrs["data-region"]: s.title for s in shapes(GAME.render(view, "svg", "p1"))[1]
              if s.tag == "circle" and s.attrs.get("data-region") in BOARD.index}
    entries = {e.region: e for p in GAME.panels(view, "p1") if p.title == "Districts"
               for e in p.entries}
    assert set(titles) == set(entries) == set(BOARD.district_ids)
    for d, name in enumerate(BOARD.district_ids):
        told = set(re.findall(r"\b[WEFA]\d\b", titles[name].split("Neighbours:")[1]))
        assert told == {BOARD.district_ids[e] for e in BOARD.reach[d]}, name
        assert entries[name].detail == "Neighbours: " + titles[name].split("Neighbours: ")[1]
        assert entries[name].name == f"{name} ({BOARD.value[d]})"


def test_every_player_entry_says_the_score_cards_tokens_and_districts_held():
    g = _in_phase_two()
    (players,) = [p for p in GAME.panels(GAME.view(g.state, None), None) if p.title == "Players"]
    for s, entry in enumerate(players.entries):
        st = g.state
        held = [d for d in range(BOARD.n_districts) if st.mon_owner[d] == s]
        assert entry.region == f"player:{st.players[s]}"
        assert entry.text.startswith(f"{st.scores[s]} prestige; {st.hand_sizes[s]} action card")
        assert f"privilege tokens: {st.privileges[s]} own, {st.held[s]} received" in entry.text
        assert f"districts ({len(held)})" in entry.text


def test_the_seats_picture_keeps_every_check_of_the_map():
    g = _in_phase_two(4, 5)
    for player in g.players:
        _check_picture(g.state, GAME.render(GAME.view(g.state, player), "svg", player))
    end = _finished(3, 2)
    _check_picture(end.state, GAME.render(GAME.view(end.state, "p1"), "svg", "p1"))


def test_the_breakdown_adds_up_and_its_last_scoring_is_the_one_recorded():
    for n, seed in ((2, 1), (3, 2), (5, 3)):
        g = _finished(n, seed)
        last = [e for e in g.events if type(e) is RoundScored][-1]
        for s in range(n):
            parts = final.breakdown(g.state, s)
            assert sum(parts.values()) == g.state.scores[s]
            assert parts["wonders"] == 6 * g.state.wonder.count(s)
            assert parts["last scoring"] == last.points[s]


def _tied(districts: tuple[int, int]):
    """A finished two-player game set to 63 all, with these districts controlled."""
    state = _finished(2, 1).state.copy()
    assert state.phase == OVER
    state.scores = [63, 63]
    state.mon_owner = [-1] * BOARD.n_districts
    state.mon_civ = [-1] * BOARD.n_districts
    spots = iter(d for d in range(BOARD.n_districts) if state.district_active(d))
    for s, k in enumerate(districts):
        for _ in range(k):
            d = next(spots)
            state.mon_owner[d], state.mon_civ[d] = s, 0
    return state


def test_a_tie_on_prestige_is_decided_by_districts_and_the_picture_says_so():
    state = _tied((5, 4))
    assert GAME.outcome(state).winners == ["p1"]
    line = "p1 and p2 tie on 63 prestige; more districts controlled decides (p1 5, p2 4): p1 takes 1st place"
    assert final.tie_breaks(state) == [line]
    assert f">{line}</text>" in GAME.render(state, "svg")
    flipped = _tied((4, 5))
    assert GAME.outcome(flipped).winners == ["p2"]
    assert final.tie_breaks(flipped)[0].endswith("(p2 5, p1 4): p2 takes 1st place")
    entries = [e for p in GAME.panels(state, None) if p.title == "Final scoring"
               for e in p.entries]
    assert [e.name for e in entries] == ["1st: p1", "2nd: p2", "tie-break"]
    assert entries[2].text == line


def test_a_tie_on_prestige_and_districts_is_a_shared_place():
    state = _tied((3, 3))
    assert GAME.outcome(state).ranks == {"p1": 1, "p2": 1}
    line = "p1 and p2 tie on 63 prestige and 3 districts each: they share 1st place"
    assert final.tie_breaks(state) == [line]
    svg = GAME.render(state, "svg")
    assert f">{line}</text>" in svg and "p1 and p2 win with 63 prestige" in svg


def test_no_tie_names_no_tie_break_and_the_final_table_lists_every_player():
    g = _finished(3, 4)
    scores = g.state.scores
    if len(set(scores)) == len(scores):
        assert final.tie_breaks(g.state) == []
    texts = [s.text for s in shapes(GAME.render(g.state, "svg"))[1] if s.tag == "text"]
    assert "Final scoring" in texts
    for s, p in enumerate(g.players):
        assert p in texts and str(scores[s]) in texts


def test_a_tied_finished_games_status_names_the_players_with_the_most_districts():
    from meeple.core import LocalGame
    from meeple_utopia.render import status
    from utopia_helpers import set_monument

    local = LocalGame(GAME, ["ann", "bob", "cy"], seed=1)
    st = GAME.clone(local.state)
    st.phase, st.scores, st.current = OVER, [30, 30, 30], -1
    set_monument(st, "E1", 0, "maya")
    set_monument(st, "E2", 0, "greek")
    set_monument(st, "F1", 1, "persian")
    assert status(st) == "game over: ann wins with 30 prestige (ann 30, bob 30, cy 30)"
    set_monument(st, "F2", 1, "egyptian")
    assert status(st) == "game over: ann and bob win with 30 prestige (ann 30, bob 30, cy 30)"
    st.scores = [30, 31, 30]
    assert status(st) == "game over: bob wins with 31 prestige (ann 30, bob 31, cy 30)"


def test_the_table_in_words_says_where_a_players_princes_stand_and_what_scoring_gives():
    from utopia_helpers import put, set_monument, set_scale

    state = GAME.clone(new(3, 1).state)
    state.princes = [0] * len(state.princes)
    put(state, "W1", 1, "maya", 2)
    put(state, "W1", 1, "greek", 1)
    put(state, "E1", 0, "persian", 1)  # another seat's: not in p2's words
    put(state, "E1", 2, "chinese", 3)
    set_scale(state, maya=3, persian=1, egyptian=5, greek=2, chinese=4)
    set_monument(state, "F3", 1, "chinese")
    set_monument(state, "E2", 1, "egyptian")
    tie = ("tie-break: with equal prestige at the end, more controlled districts wins; "
           "still equal, the rank is shared")
    assert GAME.describe_table(state, state.players[1]) == [
        "W1: your princes maya 2, greek 1; neighbours by land W2 W4, by sea W4 F1 F5 F6",
        "your round scoring now: E2 egyptian 5 + F3 chinese 4 = 9 prestige", tie]
    assert GAME.describe_table(state, state.players[2]) == [
        "E1: your princes chinese 3; neighbours by land W3 E2 E6",
        "your round scoring now: no districts = 0 prestige", tie]
    assert GAME.describe_table(state, None) == [tie]


def test_only_the_seat_that_must_discard_for_standing_is_asked_to_in_its_picture():
    state = GAME.clone(_in_phase_two(3).state)
    for current in range(state.n):
        state.current, state.must_discard = current, 2
        for seat, player in enumerate(state.players):
            svg = GAME.render(GAME.view(state, player), "svg", player)
            asked = "(discard 2 for standing: click them)" in svg
            assert asked is (seat == current), (current, seat)
