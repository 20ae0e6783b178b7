"""Hidden information (hands, the bag), notation, pictures."""

import random

from meeple.core import is_barrier
from meeple.core.testing import random_game
from meeple_utopia.events import (
    Add,
    CardsDrawn,
    Discard,
    End,
    GuestsDrawn,
    Lower,
    Monument,
    Move,
    Raise,
    Remove,
    Special,
    Take,
    Wonder,
)
from meeple_utopia.state import FULL_STATE
from utopia_helpers import GAME, actor, new, play_phase1


def _total_cards(st):
    return sum(st.deck) + sum(st.discard) + sum(st.hands)


def test_view_hides_other_hands_but_keeps_their_sizes():
    g = new(4, seed=21)
    play_phase1(g)
    st = g.state
    me = st.players[st.current]
    v = GAME.view(st, me)
    seat = st.players.index(me)
    assert v.hand(seat) == st.hand(seat)
    for s in range(4):
        if s != seat:
            assert v.hand(s) == [0] * 5
    assert v.hand_sizes == st.hand_sizes
    assert _total_cards(v) == _total_cards(st) == 50
    assert st.viewer == FULL_STATE and v.viewer == seat
    spectator = GAME.view(st, None)
    assert sum(spectator.hands) == 0


def test_determinize_deals_hidden_hands_from_the_unknown_pool():
    g = new(3, seed=22)
    rng = random.Random(1)
    for _ in range(40):
        p = actor(g)
        g.play(p, rng.choice(GAME.legal(g.state, p)))
    st = g.state
    me = st.players[st.current]
    seat = st.current
    v = GAME.view(st, me)
    seen = set()
    for k in range(20):
        d = GAME.determinize(v, me, random.Random(k))
        assert d.viewer == FULL_STATE
        assert d.hand(seat) == st.hand(seat)
        assert d.hand_sizes == st.hand_sizes
        assert [sum(d.hand(s)) for s in range(3)] == d.hand_sizes
        assert _total_cards(d) == 50 and min(d.deck) >= 0
        # everything public is untouched
        assert d.princes == st.princes and d.scores == st.scores and d.discard == st.discard
        seen.add(tuple(d.hands))
        assert GAME.legal(d, me) == GAME.legal(st, me)
    assert len(seen) > 1


def test_draws_are_barriers_and_redacted_for_others():
    g = new(3, seed=23)
    play_phase1(g)
    drawn = [e for e in g.events if type(e) is CardsDrawn][0]
    assert is_barrier(drawn) and is_barrier([e for e in g.events if type(e) is GuestsDrawn][0])
    assert GAME.redact(drawn, drawn.player) == drawn
    other = next(p for p in g.players if p != drawn.player)
    hidden = GAME.redact(drawn, other)
    assert hidden.cards == (-1,) * 5 and "?" in GAME.describe_event(hidden)
    assert GAME.redact(drawn, None).cards == (-1,) * 5


def test_notation_round_trips_every_command_kind():
    cmds = [Take(0, 2, 15), Special("Bob"), Take(4, 1, -1), Wonder(3),
            Monument(1, 7), Discard((0, 3)), Move(2, 0, 1, 1), Move(2, 0, 1, 2, True),
            Add(1, 4), Remove(1, 4, True), Raise(4), Raise(4, True), Lower(0), End(()),
            End((1, 1, 2))]
    texts = [GAME.format(c) for c in cmds]
    assert texts[:3] == ["take maya F3", "special Bob", "take chinese earth"]
    assert texts[7] == "move 2 egyptian W1 W2 privilege"
    assert texts[-2:] == ["end", "end discard persian persian egyptian"]
    for c, t in zip(cmds, texts, strict=True):
        assert GAME.parse(t) == c
    assert GAME.parse("MOVE 2 Mayas w1 w2") == Move(0, 0, 1, 2)


def test_goal_option_shortens_the_game():
    short = random_game(GAME, 3, 4, {"goal": 15})
    full = random_game(GAME, 3, 4)
    assert max(short.state.scores) >= 15 and max(full.state.scores) >= 50
    assert short.state.round < full.state.round


def test_render_text_and_svg():
    g = new(3, seed=24)
    play_phase1(g)
    txt = GAME.render(g.state)
    assert "prestige scale" in txt and "F3 [4]" in txt and "p1:" in txt
    mine = GAME.render(g.state, player=g.players[g.state.current])
    assert "cards" in mine
    pic = GAME.render(g.state, "svg")
    assert pic.startswith("<svg") and pic.rstrip().endswith("</svg>")
    assert pic.count("<circle") > 24 and "Prestige scale" in pic
    import xml.dom.minidom

    xml.dom.minidom.parseString(pic)


def test_evaluate_prefers_more_points_and_held_districts():
    g = new(3, seed=25)
    a = GAME.clone(g.state)
    b = GAME.clone(g.state)
    b.scores[0] = 10
    assert GAME.evaluate(b, "p1") > GAME.evaluate(a, "p1")
    c = GAME.clone(a)
    c.mon_owner[5] = 0
    c.mon_civ[5] = c.scale.index(5)
    assert GAME.evaluate(c, "p1") > GAME.evaluate(a, "p1") > GAME.evaluate(c, "p2")
    done = random_game(GAME, 3, 6, {"goal": 15}).state
    win = GAME.outcome(done).winners[0]
    assert GAME.evaluate(done, win) == 1.0


def test_every_event_has_a_log_line_and_a_turn_marker():
    g = random_game(GAME, 4, 31, {"goal": 20})
    kinds = set()
    for ev in g.events:
        line = GAME.describe_event(ev)
        assert line and "=" not in line  # not the generic fallback
        kinds.add(type(ev).__name__)
    assert {"GuestsDrawn", "CardsDrawn", "TurnEnded", "RoundScored"} <= kinds
    assert GAME.turn_marker(g.state) == f"Round {g.state.round}"
    info = GAME.summary(g.state)
    assert info["scores"] == dict(zip(g.players, g.state.scores, strict=True))
    assert info["to_act"] == []


def test_view_of_a_determinized_view_is_the_same_view():
    for seed in range(4):
        g = new(2 + seed, seed=50 + seed)
        rng = random.Random(seed)
        for _ in range(120):
            if g.outcome() is not None:
                break
            p = g.to_act()[0]
            for q in g.players:
                v = GAME.view(g.state, q)
                assert GAME.view(GAME.determinize(v, q, rng), q) == v
            g.play(p, rng.choice(GAME.legal(g.state, p)))
