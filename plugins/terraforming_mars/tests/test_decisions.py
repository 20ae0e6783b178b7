"""The decisions Terraforming Mars asks for. Every one (a corporation, a tile's space, a
target, a card to pick, add to or take from, an option, an amount, cards to keep, draft
or buy, the final greenery) in positions of random games: decide accepts a candidate
answer exactly when ``legal`` offers it (the staged research's ``drop CARD`` aside,
accepted but not offered), a refused answer is one line and changes nothing, and an
answer of the wrong kind is refused with the line that says what is asked. Candidates
beyond what ``legal`` offers are tried, since random play reaches the checks only with
legal answers. A game read back from its log offers and decides exactly as the live one.
The refusals of the common answers (corporation, amount, targets, cards kept) are pinned
word for word.

The decision queue: decisions at its head that have nothing left to choose from are
dropped, in order, up to the first one that can be answered; those behind it stay (they
are judged when they reach the head). Each kind of decision is possible exactly when
there is something to choose. And the line that says what a seat is asked to do names
the tile and what it is placed for."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from meeple.core import IllegalCommand, LocalGame, runtime
from meeple.core.codec import Codec
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.board import SPACES
from meeple_terraforming_mars.cards import BEGINNER, CORPORATIONS
from meeple_terraforming_mars.effects import normalize, pending_possible
from meeple_terraforming_mars.render import asks
from meeple_terraforming_mars.state import MAX_OCEANS, State

from .helpers import GAME

LABELS = ("plants", "animals", "microbes", "add", "draw", "energy", "heat", "steel", "titanium",
          "mc", "none", "remove", "oxygen", "ocean", "use")


def _candidates(s, player: str, item: tuple) -> list:
    p = s.players[player]
    cards = {c for q in s.players.values() for c in (*q.hand, *q.played, *q.offer)
             if c != "?"} | {""}
    kind = item[1]
    out: list = [m.Pass(), m.Done()]
    if kind == "corp":
        out += [m.ChooseCorp(c) for c in (*CORPORATIONS, BEGINNER)]
    elif kind in ("place", "claim"):
        out += [m.Place(sp) for sp in SPACES]
    elif kind in ("remove", "reduce", "flood"):
        out += [m.Target(n) for n in (*s.names, "", "neutral")]
    elif kind in ("pick", "university", "add", "steal"):
        out += [m.Pick(c) for c in sorted(cards)]
    elif kind in ("viral", "olympus", "choose"):
        out += [m.Choose(x) for x in LABELS]
    elif kind == "amount":
        out += [m.Amount(n) for n in range(0, 12)]
    elif kind == "draft":
        out += [m.Draft(c) for c in sorted(cards - {""})]
    elif kind == "keep":
        out += [m.Keep(()), *(m.Keep((c,)) for c in p.offer), m.Keep(tuple(p.offer)),
                m.Keep(tuple(p.offer[:2])), m.Keep(("Comet",))]
    elif kind == "buy":
        out += [m.Confirm(), m.Buy(()), m.Buy(tuple(p.offer)), *(m.Mark(c, True) for c in p.offer),
                m.Mark("Comet", True)]
    elif kind == "final":
        out += [m.Convert("plants"), m.Convert("heat")]
    return out


def _accepts(s, player: str, cmd) -> bool:
    before = GAME.clone(s)
    try:
        GAME.decide(s, player, cmd, random.Random(0))
        ok = True
    except IllegalCommand as err:
        assert "\n" not in str(err)
        ok = False
    assert s == before
    return ok


def _play(n: int, seed: int, options: dict, budget: int, kinds: Counter) -> None:
    local = LocalGame(GAME, GAME.default_players(n), options, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while local.outcome() is None and checked < budget:
        player = rng.choice(list(local.to_act()))
        s = local.state
        item = GAME._my_pending(s, player)
        legal = GAME.legal(s, player)
        if item is not None and (kinds[item[1]] < 3 or rng.random() < 0.05):
            offered = set(legal)
            for cmd in _candidates(s, player, item):
                ok = _accepts(s, player, cmd)
                if item[1] == "buy" and type(cmd) is m.Buy:  # at once: accepted, not offered
                    p = s.players[player]
                    fits = set(cmd.cards) <= set(p.offer) and 3 * len(cmd.cards) <= p.res[0]
                    assert ok == fits, (GAME.format(cmd, s), p.res[0])
                elif not (item[1] == "buy" and type(cmd) is m.Mark and not cmd.on):
                    assert ok == (cmd in offered), (item, GAME.format(cmd, s), ok)
            kinds[item[1]] += 1
            checked += 1
        local.play(player, rng.choice(legal))


GAMES = [(2, 1, {}), (3, 2, {"draft": True}), (2, 3, {"corporate_era": True}),
         (1, 4, {}), (4, 5, {"corporate_era": True, "draft": True})]


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_decide_accepts_exactly_the_answers_legal_offers_to_every_decision(n, seed, options):
    kinds: Counter = Counter()
    _play(n, seed, options, 25, kinds)
    assert kinds["place"] and (kinds["buy"] or kinds["corp"]), kinds


def test_the_random_games_ask_every_common_kind_of_decision():
    kinds: Counter = Counter()
    for n, seed, options in GAMES:
        _play(n, seed, options, 25, kinds)
    assert {"corp", "buy", "place", "draft", "keep"} <= set(kinds), kinds


WRONG = [
    ("corp", (), m.Pass(), "choose your corporation first: corporation NAME"),
    ("pick", ("Robotic Workforce",), m.Pass(), "choose a card first: card NAME"),
    ("place", ("city", "normal", ""), m.Pass(), "place your city first: place SPACE"),
    ("remove", ("plants", 3), m.Pass(), "choose a player first: target NAME"),
    ("add", ("microbes", 2), m.Pass(), "choose a card first: card NAME"),
    ("amount", ("Caretaker Contract",), m.Pass(), "say how much: amount 0 to"),
    ("final", (), m.Pass(), "final conversion: greenery or done"),
    ("buy", (), m.Pass(), "choose the cards to buy first"),
    ("draft", (), m.Pass(), "draft one card"),
    ("claim", (), m.Pass(), "claim a free land space that is not reserved: place SPACE"),
]


@pytest.mark.parametrize(("kind", "args", "cmd", "why"), WRONG, ids=[w[0] for w in WRONG])
def test_an_answer_of_the_wrong_kind_says_what_is_asked(kind, args, cmd, why):
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    s = local.state
    s.phase = "action"
    s.pending = [("p1", kind, *args)]
    s.players["p1"].offer = ["Comet", "Fish"]
    s.players["p1"].corp_offer = ["Helion", "EcoLine"]
    before = GAME.clone(s)
    with pytest.raises(IllegalCommand, match=why):
        GAME.decide(s, "p1", cmd, random.Random(0))
    assert s == before
    with pytest.raises(IllegalCommand, match="it is not p2's turn \\(waiting for p1\\)"):
        GAME.decide(s, "p2", cmd, random.Random(0))


ANSWERS = [
    ("buy", m.Mark("Ants", True), "you may buy from: Comet, Fish"),
    ("buy", m.Mark("Comet", True), "Comet is on your list already"),
    ("buy", m.Mark("Fish", False), "Fish is not on your list"),
    ("buy", m.Mark("Fish", True), "2 cards cost 6 M€; you have 5"),
    ("buy", m.Buy(("Comet", "Comet")), "you may buy from: Comet, Fish"),
    ("buy", m.Buy(("Ants",)), "you may buy from: Comet, Fish"),
    ("buy", m.Buy(("Comet", "Fish")), "2 cards cost 6 M€; you have 5"),
    ("draft", m.Draft("Ants"), "draft one card: draft Comet, draft Fish"),
    ("final", m.Convert("heat"), "final conversion: greenery or done"),
    ("nonsense", m.Pass(), "unknown decision nonsense"),
]


@pytest.mark.parametrize(("kind", "cmd", "why"), ANSWERS, ids=[f"{k}-{w}" for k, _c, w in ANSWERS])
def test_an_answer_outside_the_offer_or_the_purse_is_refused_exactly(kind, cmd, why):
    """p1 is offered Comet and Fish, has 5 M€ and Comet on the list to buy."""
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    s = local.state
    s.phase = "action"
    s.pending = [("p1", kind)]
    p = s.players["p1"]
    p.offer, p.marked, p.res[0] = ["Comet", "Fish"], ["Comet"], 5
    before = GAME.clone(s)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, "p1", cmd, random.Random(0))
    assert str(refused.value) == why
    assert s == before


def test_cards_within_the_offer_and_the_purse_are_bought():
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    s = local.state
    s.phase = "action"
    s.pending = [("p1", "buy")]
    p = s.players["p1"]
    p.offer, p.marked, p.res[0] = ["Comet", "Fish"], [], 6
    (bought,) = GAME.decide(s, "p1", m.Buy(("Comet", "Fish")), random.Random(0))
    assert (type(bought), bought.cards) == (m.Bought, ("Comet", "Fish"))
    p.marked = ["Fish"]
    (marked,) = GAME.decide(s, "p1", m.Mark("Comet", True), random.Random(0))
    assert (type(marked), marked.card, marked.on) == (m.Marked, "Comet", True)
    (unmarked,) = GAME.decide(s, "p1", m.Mark("Fish", False), random.Random(0))
    assert (type(unmarked), unmarked.card, unmarked.on) == (m.Marked, "Fish", False)


KEEPS = [  # (the card looking, the cards looked at, M€, the answer, the refusal or None)
    ("Business Contacts", "ABCD", 0, "AB", None),
    ("Business Contacts", "ABCD", 0, "DA", None),
    ("Business Contacts", "ABCD", 0, "A", "keep exactly 2 of: Comet, Fish, Ants, Birds"),
    ("Business Contacts", "ABCD", 0, "ABC", "keep exactly 2 of: Comet, Fish, Ants, Birds"),
    ("Business Contacts", "ABCD", 0, "AA", "keep cards from: Comet, Fish, Ants, Birds"),
    ("Business Contacts", "ABCD", 0, "AX", "keep cards from: Comet, Fish, Ants, Birds"),
    ("Business Contacts", "A", 0, "A", None),  # the deck ran short: all there is
    ("Business Contacts", "A", 0, "", "keep exactly 2 of: Comet"),
    ("Invention Contest", "ABC", 0, "C", None),
    ("Invention Contest", "ABC", 0, "", "keep exactly 1 of: Comet, Fish, Ants"),
    ("Inventors' Guild", "A", 0, "", None),
    ("Inventors' Guild", "A", 3, "A", None),
    ("Inventors' Guild", "A", 2, "A", "buying the card costs 3 M€"),
    ("Inventors' Guild", "A", 9, "X", "keep cards from: Comet"),
]
KEPT = {"A": "Comet", "B": "Fish", "C": "Ants", "D": "Birds", "X": "Heather"}


@pytest.mark.parametrize(("card", "offer", "mc", "kept", "why"), KEEPS)
def test_the_cards_looked_at_are_kept_as_many_as_the_card_says(card, offer, mc, kept, why):
    local = LocalGame(GAME, GAME.default_players(2), seed=1)
    s = local.state
    s.phase = "action"
    s.pending = [("p1", "keep", card)]
    p = s.players["p1"]
    p.offer, p.res[0] = [KEPT[c] for c in offer], mc
    cmd = m.Keep(tuple(KEPT[c] for c in kept))
    offered = [set(c.cards) for c in GAME.legal(s, "p1")]
    before = GAME.clone(s)
    if why is None:
        (event,) = GAME.decide(s, "p1", cmd, random.Random(0))
        assert (type(event), event.cards) == (m.Kept, cmd.cards)
        assert set(cmd.cards) in offered  # in any order
    else:
        with pytest.raises(IllegalCommand) as refused:
            GAME.decide(s, "p1", cmd, random.Random(0))
        assert str(refused.value) == why
        assert set(cmd.cards) not in offered
    assert s == before


def _asked(n: int, item: tuple) -> State:
    local = LocalGame(GAME, GAME.default_players(n), seed=1)
    s = local.state
    s.phase = "action"
    s.pending = [item]
    for p in s.players.values():
        p.res, p.prod, p.played = [0] * 6, [0] * 6, []
    return s


def _answers(s: State, player: str, cmds: list) -> list:
    """The commands decide accepts, each checked to be refused in one line otherwise."""
    return [c for c in cmds if _accepts(s, player, c)]


@pytest.mark.parametrize(("card", "have", "low", "high"), [
    ("Power Infrastructure", 4, 1, 4), ("Power Infrastructure", 1, 1, 1),
    ("Insulation", 3, 0, 3), ("Insulation", 0, 0, 0)])
def test_an_amount_runs_from_its_least_to_all_there_is(card, have, low, high):
    s = _asked(2, ("p1", "amount", card))
    p = s.players["p1"]
    p.res[4], p.prod[5] = (have, 9) if card == "Power Infrastructure" else (9, have)
    wanted = [m.Amount(n) for n in range(low, high + 1)]
    assert GAME.legal(s, "p1") == wanted
    assert _answers(s, "p1", [m.Amount(n) for n in range(-1, 11)]) == wanted
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, "p1", m.Amount(high + 1), random.Random(0))
    assert str(refused.value) == f"say how much: amount {low} to {high}"


def test_resources_are_removed_from_whoever_has_some_and_is_not_protected_or_none():
    s = _asked(3, ("p2", "remove", "plants", 3))
    a, b, c = (s.players[n] for n in s.names)
    a.res[3], b.res[3], c.res[3] = 1, 5, 0
    targets = [m.Target(n) for n in ("p1", "p2", "p3", "", "neutral")]
    assert GAME.legal(s, "p2") == [m.Target("p1"), m.Target("")]  # never oneself
    assert _answers(s, "p2", targets) == [m.Target("p1"), m.Target("")]
    c.res[3] = 2
    assert GAME.legal(s, "p2") == [m.Target("p1"), m.Target("p3"), m.Target("")]
    a.played = ["Protected Habitats"]
    assert GAME.legal(s, "p2") == [m.Target("p3"), m.Target("")]
    s.pending = [("p2", "remove", "heat", 3)]  # it guards plants, animals, microbes only
    a.res[5] = 1
    assert GAME.legal(s, "p2") == [m.Target("p1"), m.Target("")]
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, "p2", m.Target("p3"), random.Random(0))
    assert str(refused.value) == "choose a target among: p1, none"
    two = _asked(2, ("p1", "remove", "plants", 3))
    two.players["p2"].res[3] = 1
    assert GAME.legal(two, "p1") == [m.Target("p2"), m.Target("")]
    # solo: the neutral player stands in for the opponents
    solo = _asked(1, ("p1", "remove", "plants", 3))
    assert GAME.legal(solo, "p1") == [m.Target("neutral"), m.Target("")]


def test_production_is_lowered_for_whoever_has_enough_oneself_included():
    s = _asked(3, ("p1", "reduce", "heat", 2))
    a, b, c = (s.players[n] for n in s.names)
    a.prod[5], b.prod[5], c.prod[5] = 2, 1, 3
    assert GAME.legal(s, "p1") == [m.Target("p1"), m.Target("p3")]
    targets = [m.Target(n) for n in ("p1", "p2", "p3", "", "neutral")]
    assert _answers(s, "p1", targets) == [m.Target("p1"), m.Target("p3")]
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, "p1", m.Target("p2"), random.Random(0))
    assert str(refused.value) == "choose a target among: p1, p3"
    s.pending = [("p1", "reduce", "mc", 2)]  # M€ production goes down to -5
    a.prod[0], b.prod[0], c.prod[0] = -3, -4, 0
    assert GAME.legal(s, "p1") == [m.Target("p1"), m.Target("p3")]
    solo = _asked(1, ("p1", "reduce", "heat", 1))
    assert GAME.legal(solo, "p1") == [m.Target("neutral")]


@pytest.mark.parametrize(("options", "corp", "why"), [
    ({}, "Helion", None),
    ({}, "Beginner Corporation", None),  # always open to everyone
    ({}, "Thorgate", "choose one of: Helion, EcoLine, Beginner Corporation"),
    ({}, "Teractor", "Teractor is not a corporation of this game"),  # a Corporate Era one
    ({"corporate_era": True}, "Teractor", "choose one of: Helion, EcoLine, Beginner Corporation"),
    ({}, "Mars Inc", "Mars Inc is not a corporation of this game"),
])
def test_a_corporation_is_chosen_from_those_dealt_or_the_beginner(options, corp, why):
    local = LocalGame(GAME, GAME.default_players(2), options, seed=1)
    s = local.state
    s.pending = [("p1", "corp")]
    s.players["p1"].corp_offer = ["Helion", "EcoLine"]
    assert GAME.legal(s, "p1") == [m.ChooseCorp(c) for c in ("Helion", "EcoLine",
                                                             "Beginner Corporation")]
    before = GAME.clone(s)
    if why is None:
        chosen = GAME.decide(s, "p1", m.ChooseCorp(corp), random.Random(0))[0]
        assert (type(chosen), chosen.player, chosen.corp) == (m.CorpChosen, "p1", corp)
    else:
        with pytest.raises(IllegalCommand) as refused:
            GAME.decide(s, "p1", m.ChooseCorp(corp), random.Random(0))
        assert str(refused.value) == why
    assert s == before


def test_pass_and_done_are_each_refused_on_the_wrong_side_of_the_turns_first_action():
    from .helpers import action_game

    g = action_game()
    player = g.to_act()[0]
    s = g.state
    assert m.Pass() in GAME.legal(s, player) and m.Done() not in GAME.legal(s, player)
    s.actions = 1
    assert m.Done() in GAME.legal(s, player) and m.Pass() not in GAME.legal(s, player)
    before = GAME.clone(s)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, player, m.Pass(), random.Random(0))
    assert str(refused.value) == "you have taken an action this turn: say done to end it"
    (ended,) = GAME.decide(s, player, m.Done(), random.Random(0))
    assert (type(ended), ended.player) == (m.TurnEnded, player)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(s, player, m.Keep(()), random.Random(0))
    assert str(refused.value) == (
        "that is not an action (try: play, project, sell, claim, fund, use, greenery, heat, "
        f"pass or done), not {m.Keep(())!r}")
    assert s == before


# -- the decision queue --------------------------------------------------------------------


OCEAN = ("a", "place", "ocean", "ocean", "")
CITY = ("a", "place", "city", "normal", "")
MICROBE = ("a", "add", "microbe", 2, "another", "Symbiotic Fungus")
UNIVERSITY = ("a", "university")
REDUCE = ("a", "reduce", "heat", 1)


def _state(n: int = 2) -> State:
    s = State(("a", "b", "c")[:n], {})
    s.phase = "action"
    return s


def test_each_kind_of_decision_is_possible_exactly_when_there_is_a_choice():
    s = _state()
    assert pending_possible(s, OCEAN) and pending_possible(s, CITY)
    s.oceans = MAX_OCEANS
    assert not pending_possible(s, OCEAN) and pending_possible(s, CITY)
    assert not pending_possible(s, MICROBE)
    s.players["a"].played.append("Decomposers")  # holds microbes
    assert pending_possible(s, MICROBE)
    assert not pending_possible(s, UNIVERSITY)
    s.players["a"].hand.append("Comet")
    assert pending_possible(s, UNIVERSITY)
    assert not pending_possible(s, REDUCE)  # nobody has heat production
    s.players["b"].prod[5] = 1
    assert pending_possible(s, REDUCE)
    solo = State(("a",), {})
    assert pending_possible(solo, REDUCE)  # the neutral player has any production


def test_only_the_impossible_decisions_at_the_head_are_dropped_in_order():
    s = _state()
    s.oceans = MAX_OCEANS
    s.pending = [OCEAN, MICROBE, CITY, OCEAN, UNIVERSITY]
    normalize(s)
    assert s.pending == [CITY, OCEAN, UNIVERSITY]
    s.pending = [OCEAN, UNIVERSITY]
    normalize(s)
    assert s.pending == []
    s.pending = [CITY, OCEAN]
    normalize(s)
    assert s.pending == [CITY, OCEAN]


def test_to_act_lines_name_the_tile_and_what_it_is_placed_for() -> None:
    s = State(("a", "b"), {})
    s.pending = [("a", "place", "greenery", "normal", "Mangrove")]
    assert asks(s, "a") == "place a greenery for Mangrove"
    s.pending = [("a", "place", "ocean", "ocean", "")]
    assert asks(s, "a") == "place an ocean"
    s.pending = []
    assert asks(s, "a") == "take an action (or pass)"


ACTIONS = [
    (m.Project("moon"), "no project 'moon': choose power, asteroid, aquifer, greenery, city"),
    (m.Claim("Emperor"), "no milestone 'Emperor': Terraformer, Mayor, Gardener, Builder, Planner"),
    (m.Fund("Emperor"), "no award 'Emperor': Landlord, Banker, Scientist, Thermalist, Miner"),
    (m.Convert("steel"), "convert plants (greenery) or heat"),
    (m.Sell(()), "name the cards to sell, each once"),
    (m.Sell(("Comet", "Comet")), "name the cards to sell, each once"),
    (m.Sell(("Comet", "Fish")), "Fish is not in your hand"),
    (m.Done(), "take an action first, or pass for this generation"),
]


@pytest.mark.parametrize(("cmd", "why"), ACTIONS, ids=[w for _c, w in ACTIONS])
def test_an_action_the_notation_cannot_spell_is_refused_naming_what_is_allowed(cmd, why):
    from .helpers import action_game, hand

    g = action_game()
    player = g.to_act()[0]
    hand(g, player, "Comet")
    before = GAME.clone(g.state)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(g.state, player, cmd, random.Random(0))
    assert str(refused.value) == why
    assert g.state == before


@pytest.mark.parametrize(("n", "seed", "options"), GAMES)
def test_a_game_read_back_from_its_log_offers_and_decides_as_the_live_one(n, seed, options):
    # a stored game's state is folded from events read back from JSON: its words are equal
    # to the rules' words but not the same objects
    codec = Codec(GAME)

    def read_back(state, events):
        for ev in events:
            state = GAME.fold(state, codec.decode(*codec.encode(ev)))
        return state

    local = LocalGame(GAME, GAME.default_players(n), options, seed=seed)
    back = read_back(None, local.events)
    rng = random.Random(seed)
    while local.outcome() is None:
        player = rng.choice(list(local.to_act()))
        legal = GAME.legal(local.state, player)
        assert GAME.legal(back, player) == legal
        cmd = rng.choice(legal)
        seq = len(local.log) + 1
        events = local.play(player, cmd)
        assert runtime.decide(GAME, back, player, cmd, seed, seq) == events
        back = read_back(back, events)
    assert back == local.state
