"""Events are facts: each Terraforming Mars event records what it did, fold
applies that record and runs no rule, the final scores are events of their own whose vp
sums to the outcome, and verify names the first event a rules change would alter. The
delta each event records holds only what changed, exactly (parameter steps that moved,
tiles placed, counters that changed) and its log line tells the same (no
"temperature +0 C"); the "cards" counter of the changes is every hand size after every
event."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from meeple.core import LocalGame
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore
from meeple.core.testing import assert_verify_reports_rules_change
from meeple_terraforming_mars import TerraformingMars, flow, scoring
from meeple_terraforming_mars import messages as m

GAME = TerraformingMars()


def finished(seed: int, n: int = 2, options: dict | None = None) -> LocalGame:
    g = LocalGame(GAME, GAME.default_players(n), options or {}, seed=seed)
    g.play_randomly(random.Random(seed))
    return g


@pytest.mark.parametrize(("seed", "n", "options"), [
    (1, 2, {}), (2, 3, {"corporate_era": True}), (3, 2, {"draft": True}), (4, 1, {})])
def test_fold_applies_the_record_without_any_rule(seed, n, options, monkeypatch) -> None:
    g = finished(seed, n, options)

    def forbidden(*_a, **_k):
        raise AssertionError("fold ran a rule")

    monkeypatch.setattr(flow, "apply_rules", forbidden)
    monkeypatch.setattr(flow, "normalize", forbidden)
    import meeple_terraforming_mars.game as game_module
    monkeypatch.setattr(game_module, "apply_rules", forbidden)
    monkeypatch.setattr(GAME, "decide", forbidden)
    monkeypatch.setattr(GAME, "legal", forbidden)
    state = None
    for ev in g.events:
        state = GAME.fold(state, ev)
    assert state == g.state
    assert GAME.outcome(state) == g.outcome()


@pytest.mark.parametrize(("seed", "n"), [(5, 2), (6, 3), (7, 1)])
def test_vp_summed_over_the_events_is_the_final_score(seed, n) -> None:
    g = finished(seed, n)
    vp: dict[str, int] = {}
    for ev in g.events:
        for who, counters in GAME.changes(ev).items():
            vp[who] = vp.get(who, 0) + counters.get("vp", 0)
    assert vp == dict(g.outcome().scores)
    scored = [ev for ev in g.events if isinstance(ev, m.Scored)]
    assert [ev.player for ev in scored] == list(g.players)  # final scoring, one event each
    for ev in scored:
        assert ev.total == ev.tr + ev.milestones + ev.awards + ev.greenery + ev.cities + ev.cards


def test_events_record_payments_production_tr_tiles_and_bonuses() -> None:
    g = finished(8)
    seen = {"paid": False, "production": False, "tr": False, "tile": False}
    for ev in g.events:
        ch = GAME.changes(ev)
        if isinstance(ev, m.CardPlayed) and ev.mc:
            assert ch[ev.player]["megacredits"] <= -ev.mc + 4  # paid (CrediCor may give 4 back)
            seen["paid"] = True
        if any(k.endswith(" production") for c in ch.values() for k in c):
            seen["production"] = True
        if any("tr" in c for c in ch.values()):
            seen["tr"] = True
        if isinstance(ev, m.Placed):
            assert ev.delta.tiles and ev.delta.tiles[0][0] == ev.space
            assert ev.space in GAME.describe_event(ev)
            seen["tile"] = True
    assert all(seen.values()), seen


def test_a_logged_event_hides_others_cards_in_its_record() -> None:
    g = finished(9)
    for ev in g.events:
        shown = GAME.redact(ev, "p1")
        d = getattr(shown, "delta", None)
        if d is None:
            continue
        for who, field, removed, added in d.cards:
            if who != "p1" and field in ("hand", "offer", "drafted", "marked", "corp_offer"):
                assert set(removed) | set(added) <= {"?"}
        assert set(d.deck_added) <= {"?"} and set(d.discard_added) <= {"?"}
        assert GAME.changes(shown) == GAME.changes(ev)  # how many is public


def test_verify_names_the_first_event_a_scoring_change_alters() -> None:
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("terraforming-mars", ["p1", "p2"], seed=11)
    rng = random.Random(11)
    while eng.store.status(gid).get("status") != "finished":
        t = eng.table(gid)
        player = t.to_act()[0]
        eng.move(gid, rng.choice(GAME.legal(t.state, player)), player)
    first_scored = next(r.seq for r in eng.store.load(gid) if r.type == "terraforming-mars.scored")
    real = scoring.greeneries
    # one scoring rule changed: each greenery scores 1 VP more
    report = assert_verify_reports_rules_change(
        eng, gid, mock.patch.object(scoring, "greeneries", lambda s, owner: real(s, owner) + 1))
    assert report.first_bad_seq == first_scored, report
    t = eng.table(gid)  # the stored game still shows its recorded result
    assert dict(t.outcome().scores) == {ev.player: ev.total for _, ev in t.pairs
                                        if isinstance(ev, m.Scored)}


# -- what each event's delta and changes record, exactly ------------------------------------


@pytest.mark.parametrize(("n", "seed", "options"), [(2, 6, {}), (3, 7, {"draft": True}),
                                                     (2, 8, {"corporate_era": True})])
def test_the_cards_counter_of_the_events_is_every_hand_size_after_every_event(n, seed, options):
    local = LocalGame(GAME, GAME.default_players(n), options, seed=seed)
    rng = random.Random(seed)
    for _ in range(250):
        if local.outcome() is not None:
            break
        player = rng.choice(list(local.to_act()))
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    state, total, moved = None, {}, 0
    for ev in local.events:
        state = GAME.fold(state, ev)
        for player, change in GAME.changes(ev).items():
            total[player] = total.get(player, 0) + change.get("cards", 0)
            moved += "cards" in change
        assert {p: total.get(p, 0) for p in state.names} == {
            p: len(q.hand) for p, q in state.players.items()}, ev
    assert moved > 10


def _random_games() -> list[LocalGame]:
    out = []
    for n, seed, opts in ((2, 3, {}), (3, 4, {"corporate_era": True}), (1, 5, {})):
        local = LocalGame(GAME, GAME.default_players(n), opts, seed=seed)
        local.play_randomly(random.Random(seed))
        out.append(local)
    return out


RANDOM_GAMES = _random_games()


@pytest.mark.parametrize("index", range(len(RANDOM_GAMES)))
def test_each_delta_records_exactly_what_changed(index):
    state, moved = None, 0
    for ev in RANDOM_GAMES[index].events:
        before = GAME.clone(state) if state is not None else None
        state = GAME.fold(state, ev)  # fold applies in place
        d = getattr(ev, "delta", None)
        if d is None or before is None:
            continue
        for k, v in d.steps:
            assert v != 0 and getattr(state, k) - getattr(before, k) == v, (ev, k)
            moved += 1
        for k in ("temp", "oxygen", "oceans"):
            if getattr(state, k) != getattr(before, k):
                assert k in dict(d.steps)
        assert {sp: (t, o) for sp, t, o in d.tiles} == {
            sp: t for sp, t in state.tiles.items() if before.tiles.get(sp) != t}
        for _n, key, v in d.counts:
            # a card's resource entry appears at 0 when the card is played: recorded
            assert v != 0 or key.startswith("card:"), (ev, key)
        line = GAME.describe_event(ev)
        assert "+0" not in line and "-0" not in line, line
    assert moved > 10


@pytest.mark.parametrize(("old", "new", "change"), [
    (["A", "B", "C"], ["A", "B", "C", "D"], ((), ("D",))),  # appended
    (["A", "B", "C"], ["A", "C"], (("B",), ())),  # removed from the middle
    (["A", "B", "A"], ["B", "A"], (("A",), ())),  # the first of two copies goes
    (["A", "B"], ["B", "A"], (("A", "B"), ("B", "A"))),  # reordered: all out, all in
    (["A", "B"], [], (("A", "B"), ())),
    ([], ["A"], ((), ("A",))),
    (["A", "B"], ["B", "C", "D"], (("A",), ("C", "D"))),
])
def test_a_card_lists_change_is_the_cards_removed_and_those_appended(old, new, change):
    from meeple_terraforming_mars.delta import _list_change

    assert _list_change(old, new) == change


def test_a_delta_records_claims_appended_discards_and_an_emptied_queue():
    from meeple_terraforming_mars.delta import Delta, apply, diff
    from meeple_terraforming_mars.state import State

    a = State(("p1", "p2"), {})
    a.deck, a.discard = ["D1", "D2", "D3"], ["X"]
    a.pending = [("p1", "place", "city", "normal", "")]
    a.players["p2"].hand = ["Fish", "Comet", "Ants"]
    a.scores = {"p1": 12}
    b = a.copy()
    b.claims = {"b1": "p1"}
    b.discard = ["X", "Y", "Z"]
    b.deck = ["D2", "D3"]
    b.pending = []
    b.first, b.actions = "p2", 1
    b.players["p2"].hand = ["Comet", "Fish", "Ants"]  # reordered: all out, all in
    b.players["p1"].special_design, b.players["p1"].first_done = True, False
    d = diff(a, b)
    assert d == Delta(
        cards=(("p2", "hand", ("Fish", "Comet", "Ants"), ("Comet", "Fish", "Ants")),),
        flags=(("p1", "special_design", True), ("p1", "first_done", False)),
        values=(("first", "p2"), ("actions", 1)), claims=(("b1", "p1"),), deck_taken=1,
        discard_added=("Y", "Z"), pending=())
    assert apply(a.copy(), d) == b
    b.pending = [("p1", "amount", 3, "Comet", 0)]  # numbers are written "=N" and read back
    d = diff(a, b)
    assert d.pending == (("p1", "amount", "=3", "Comet", "=0"),)
    assert apply(a.copy(), d).pending == [("p1", "amount", 3, "Comet", 0)]
    c = b.copy()
    c.claims = {}
    assert diff(b, c).claims == () and apply(b.copy(), diff(b, c)) == c


def test_a_redacted_delta_hides_every_secret_list_of_others_and_shows_the_public_ones():
    from meeple_terraforming_mars.delta import PLAYER_LISTS, Delta, redact

    cards = tuple((n, f, ("Fish",), ("Comet", "Ants")) for n in ("p1", "p2") for f in PLAYER_LISTS)
    d = Delta(cards=cards, deck_added=("D1", "D2"), discard_added=("X",))
    secret = {"hand", "offer", "corp_offer", "drafted", "marked"}
    for viewer in (None, "p1", "p2"):
        seen = redact(d, viewer)
        for (n, f, rm, add), shown in zip(d.cards, seen.cards, strict=True):
            hidden = f in secret and n != viewer
            assert shown == ((n, f, ("?",), ("?", "?")) if hidden else (n, f, rm, add)), (
                viewer, n, f)
        assert (seen.deck_added, seen.discard_added) == (("?", "?"), ("?",))


def test_the_counters_of_a_delta_add_up_every_change_per_player_in_the_games_words():
    from meeple_terraforming_mars.delta import Delta, counters

    d = Delta(
        counts=(("a", "mc", 3), ("a", "mc", -1), ("a", "prod:heat", 2), ("a", "card:Birds", 1),
                ("b", "tr", 1), ("b", "prod:mc", -1), ("b", "titanium", 4)),
        cards=(("a", "hand", ("X",), ("Y", "Z", "W")), ("a", "hand", (), ("V", "U")),
               ("b", "hand", ("X", "Y"), ("Z", "W")), ("b", "played", (), ("Q",)),
               ("c", "hand", (), ("A",)), ("c", "hand", ("A", "B", "C"), ()),
               ("c", "offer", (), ("D", "E"))),
        scores=(("b", 40), ("c", 31)))
    assert counters(d) == {
        "a": {"megacredits": 2, "heat production": 2, "cards": 4},
        "b": {"tr": 1, "megacredits production": -1, "titanium": 4, "vp": 40},
        "c": {"cards": -2, "vp": 31},
    }
    assert counters(Delta()) == {}


def test_a_delta_takes_one_state_to_the_other_part_by_part():
    from meeple_terraforming_mars.delta import apply, counters, diff, redact
    from meeple_terraforming_mars.state import State

    a = State(("p1", "p2"), {})
    a.deck, a.discard = ["D1", "D2", "D3"], ["X"]
    a.players["p1"].hand = ["Comet", "Fish"]
    a.players["p1"].card_res = {"Indentured Workers": 1, "Birds": 2}
    b = a.copy()
    p = b.players["p1"]
    p.res[0], p.prod[3], p.tr = 5, 2, 21
    p.hand = ["Fish", "D1", "D2"]
    p.played = ["Comet"]
    p.card_res = {"Birds": 3, "Fish": 0}
    p.passed = True
    b.players["p2"].corp = "Helion"
    b.deck = ["D3", "N1"]
    b.discard = []
    b.temp, b.oceans = 2, 1
    b.generation, b.phase = 2, "research"
    b.tiles = {"e4": ("ocean", "")}
    b.milestones, b.awards = {"Mayor": "p1"}, {"Banker": "p2"}
    b.pending = [("p2", "place", "city", "normal", "")]
    b.scores = {"p1": 30}
    d = diff(a, b)
    assert sorted(d.counts) == sorted([("p1", "mc", 5), ("p1", "prod:plants", 2), ("p1", "tr", 1),
                                       ("p1", "card:Birds", 1), ("p1", "card:Fish", 0)])
    assert d.dropped == (("p1", "Indentured Workers"),)
    assert set(d.cards) == {("p1", "hand", ("Comet",), ("D1", "D2")),
                            ("p1", "played", (), ("Comet",))}
    assert d.flags == (("p1", "passed", True),) and d.corps == (("p2", "Helion"),)
    assert d.steps == (("temp", 2), ("oceans", 1))
    assert d.values == (("generation", 2),) and d.phase == "research"
    assert d.tiles == (("e4", "ocean", ""),) and d.claims is None
    assert (d.milestones, d.awards) == ((("Mayor", "p1"),), (("Banker", "p2"),))
    assert (d.deck_taken, d.deck_added) == (2, ("N1",))
    assert (d.discard_cleared, d.discard_added) == (True, ())
    assert d.pending == (("p2", "place", "city", "normal", ""),)
    assert d.scores == (("p1", 30),)
    assert apply(a.copy(), d) == b
    assert diff(a, a.copy()) == type(d)()  # nothing changed: an empty delta
    assert counters(d) == {"p1": {"megacredits": 5, "plants production": 2, "tr": 1,
                                  "cards": 1, "vp": 30}}
    seen = redact(d, "p2")
    assert set(seen.cards) == {("p1", "hand", ("?",), ("?", "?")), ("p1", "played", (), ("Comet",))}
    assert seen.deck_added == ("?",) and redact(d, "p1").cards == d.cards


def test_a_delta_records_decreases_and_large_rises_of_every_counter_exactly():
    from meeple_terraforming_mars.delta import apply, diff
    from meeple_terraforming_mars.state import State

    a = State(("p1", "p2", "p3"), {})
    for p in a.players.values():
        p.tr = 20
    a.players["p1"].res = [30, 4, 3, 8, 2, 9]
    a.players["p1"].prod = [2, 1, 1, 3, 2, 2]
    a.players["p1"].card_res = {"Birds": 5, "Fish": 1}
    a.temp = 10
    b = a.copy()
    p, q = b.players["p1"], b.players["p2"]
    p.tr = 19  # lowered
    q.tr = 45  # raised by more than it was
    p.res = [12, 0, 3, 1, 2, 25]
    p.prod = [-5, 0, 1, 4, 0, 2]
    p.card_res = {"Birds": 2, "Fish": 4}
    b.temp = 4  # a step back, as a rules change might record
    d = diff(a, b)
    assert d.counts == (
        ("p1", "mc", -18), ("p1", "prod:mc", -7), ("p1", "steel", -4), ("p1", "prod:steel", -1),
        ("p1", "plants", -7), ("p1", "prod:plants", 1), ("p1", "prod:energy", -2),
        ("p1", "heat", 16), ("p1", "tr", -1), ("p1", "card:Birds", -3), ("p1", "card:Fish", 3),
        ("p2", "tr", 25))
    assert d.steps == (("temp", -6),)
    assert apply(a.copy(), d) == b
    assert diff(b, a).counts == tuple((n, k, -v) for n, k, v in d.counts)


@pytest.mark.parametrize(("deck", "new_deck", "taken", "added"), [
    (["D1", "D2", "D3", "D4"], ["D3", "D4", "N1", "N2"], 2, ("N1", "N2")),
    (["D1", "D2"], ["D1", "D2"], 0, ()),
    (["D1", "D2"], ["D1", "D2", "N1"], 0, ("N1",)),
    (["D1", "D2"], [], 2, ()),
    (["D1"], ["N1", "N2"], 1, ("N1", "N2")),  # the last card taken, the discard reshuffled
    ([], ["N1"], 0, ("N1",)),
])
def test_a_delta_records_the_cards_taken_off_the_deck_and_those_put_under_it(
        deck, new_deck, taken, added):
    from meeple_terraforming_mars.delta import apply, diff
    from meeple_terraforming_mars.state import State

    a = State(("p1", "p2"), {})
    a.deck = deck
    b = a.copy()
    b.deck = new_deck
    d = diff(a, b)
    assert (d.deck_taken, d.deck_added) == (taken, added)
    assert apply(a.copy(), d).deck == new_deck


def test_a_delta_records_only_the_new_tiles_milestones_awards_and_scores():
    from meeple_terraforming_mars.delta import apply, diff
    from meeple_terraforming_mars.state import State

    a = State(("p1", "p2"), {})
    a.tiles = {"e4": ("ocean", ""), "c3": ("city", "p1")}
    a.milestones, a.awards = {"Mayor": "p1"}, {"Banker": "p2"}
    a.scores = {"p1": 12, "p2": 30}
    a.discard = ["X", "Y"]
    a.phase = "action"
    b = a.copy()
    b.tiles["e5"] = ("greenery", "p2")
    b.tiles["c3"] = ("city", "p2")  # a tile that changed hands is recorded again
    b.milestones["Builder"] = "p2"
    b.awards["Miner"] = "p1"
    b.scores = {"p1": 15, "p2": 30}
    b.discard = ["Y"]
    d = diff(a, b)
    assert d.tiles == (("c3", "city", "p2"), ("e5", "greenery", "p2"))
    assert (d.milestones, d.awards) == ((("Builder", "p2"),), (("Miner", "p1"),))
    assert d.scores == (("p1", 15),)
    assert (d.discard_cleared, d.discard_added, d.phase) == (True, ("Y",), "")
    assert apply(a.copy(), d) == b


def test_a_draw_or_look_takes_only_its_own_waiting_item_off_the_queue():
    from meeple_terraforming_mars.state import State

    def after(event, head):
        s = State(("p1", "p2"), {})
        s.deck = ["D1", "D2", "D3"]
        s.pending = [head, ("p2", "buy")]
        return flow.RULES[type(event)](s, event).pending

    drawn, looked = m.Drawn("p1", ("D1",)), m.Looked("p1", ("D1",), "Invention Contest")
    assert after(drawn, ("p1", "draw", 1)) == [("p2", "buy")]
    assert after(looked, ("p1", "look", 1)) == [("p1", "keep", "Invention Contest"), ("p2", "buy")]
    # another kind of the same player's, or the same kind of another player's, stays
    for head in (("p1", "buy", 1), ("p1", "amount", 1), ("a0", "draw", 1), ("p2", "draw", 1)):
        assert after(drawn, head) == [head, ("p2", "buy")], head
    for head in (("p1", "draw", 1), ("p1", "keep", 1), ("a0", "look", 1), ("p2", "look", 1)):
        assert after(looked, head) == [("p1", "keep", "Invention Contest"), head, ("p2", "buy")], head
