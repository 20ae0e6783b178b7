"""Corporate Era: the 71 project cards and 2 corporations.

Every card is played through the base engine from a prepared state (after ``register()``)
and its effect is asserted: data effects, plus the hand-worked result of each play
special. Behaviour that needs a hook in the base engine (see corporate_era.py) is tested
on the hook function itself. Registration is undone after every test, so the base-game
tests in the same process still see only the base cards.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple_terraforming_mars import TerraformingMars, rules
from meeple_terraforming_mars import cards as base_cards
from meeple_terraforming_mars import corporate_era as ce
from meeple_terraforming_mars import effects as base_effects
from meeple_terraforming_mars.board import ADJACENT, SPACES
from meeple_terraforming_mars.rules import card_cost, production, steel_value, titanium_value
from meeple_terraforming_mars.scoring import breakdown
from meeple_terraforming_mars.state import RES, RI, Player, State

GAME = TerraformingMars()
ME, OTHER = "p1", "p2"


# -- set-up helpers ---------------------------------------------------------------------------


def action_game(seed: int = 7) -> LocalGame:
    """Generation 1, action phase, both players on the Beginner Corporation, hands empty."""
    g = LocalGame(GAME, GAME.default_players(2), seed=seed)
    for p in g.players:
        g.play(p, "corporation Beginner Corporation")
    # a base game's start (production 1 of everything), with the Corporate Era cards
    # allowed: the prepared states below hand out Corporate Era cards directly
    g.state.options = {**g.state.options, "corporate_era": True}
    for p in g.state.players.values():
        g.state.deck.extend(p.hand)
        p.hand = []
    assert g.state.phase == "action" and not g.state.pending
    return g


def setres(p: Player, **res: int) -> None:
    for r, n in res.items():
        p.res[RI[r]] = n


def setprod(p: Player, **res: int) -> None:
    for r, n in res.items():
        p.prod[RI[r]] = n


def tag_donor(tag: str, taken: list[str]) -> str:
    return next(n for n, c in sorted(base_cards.CARDS.items())
                if tag in c["tags"]
                and n not in taken and c["type"] == "automated" and "special" not in c)


def _label(cmd: object) -> str | None:
    return getattr(cmd, "label", None)


# How the engine test answers each kind of decision (the first legal command otherwise).
ANSWERS = {
    "remove": lambda cmd: getattr(cmd, "player", None) == OTHER,
    "reduce": lambda cmd: getattr(cmd, "player", None) == OTHER,
    "viral": lambda cmd: _label(cmd) == "plant",
    "olympus": lambda cmd: _label(cmd) == "add",
    "university": lambda cmd: getattr(cmd, "card", None) == "",
}


def resolve(g: LocalGame, choice: str = "") -> list[tuple[str, object]]:
    """Answer every pending decision (see ANSWERS; ``choice`` for an OR choice) and return
    the (kind, command) pairs, so the test can follow decisions the engine may add."""
    said = []
    while g.state.pending:
        who, kind = g.state.pending[0][0], g.state.pending[0][1]
        legal = GAME.legal(g.state, who)
        want = ANSWERS.get(kind) or (lambda cmd: _label(cmd) == choice)
        cmd = next((c for c in legal if want(c)), legal[0])
        g.play(who, cmd)
        said.append((kind, cmd))
    return said


def prepared(name: str) -> LocalGame:
    g = action_game()
    s = g.state
    me, other = s.players[ME], s.players[OTHER]
    req = ce.CE_CARDS[name].get("req", {})
    s.temp, s.oxygen, s.oceans = 16, 3, 3  # +2 C: warm enough for Caretaker Contract
    for tag, n in req.get("tags", {}).items():
        for _ in range(n):
            me.played.append(tag_donor(tag, [*me.played, name]))
    # two cities of the opponent (Rad-Suits, Industrial Center), and the opponent's
    # production and resources for the cards that take them
    s.tiles["c4"] = ("city", OTHER)
    s.tiles["e6"] = ("city", OTHER)
    other.played += ["Asteroid Mining", "Solar Wind Power"]  # 2 space tags, 1 jovian tag
    other.events += ["Mineral Deposit", "Sabotage"]  # events played earlier
    setres(me, mc=200, steel=0, titanium=0, plants=10, energy=0, heat=10)
    setprod(me, mc=5, steel=1, titanium=1, plants=2, energy=5, heat=5)
    setres(other, mc=20, steel=9, titanium=9, plants=9)
    setprod(other, mc=4, steel=2, titanium=2, energy=2, heat=3)
    if name == "Mining Area":  # a tile of p1 next to a steel space, for the wired placement rule
        steel = next(sp for sp, d in SPACES.items() if "steel" in d.bonus and not d.ocean
                     and sp not in s.tiles and not any(a in s.tiles for a in ADJACENT[sp]))
        s.tiles[next(a for a in ADJACENT[steel] if not SPACES[a].ocean)] = ("greenery", ME)
    # something for the pick-a-card cards: a building card with production, a resource
    me.played += ["Mine", "Regolith Eaters"]
    me.card_res["Regolith Eaters"] = 1
    if name == "Mars University":  # a card that its own science tag could swap
        me.hand.append("Heather")
    me.hand.append(name)
    if name in s.deck:
        s.deck.remove(name)
    return g


# What each play special does in prepared(), worked out by hand:
# (resource or "tr" or "prod:<resource>", change) for the player.
SPECIAL_PLAY = {
    "Terraforming Ganymede": ("tr", 1),  # its own jovian tag; no other jovian card of p1
    "Toll Station": ("prod:mc", 2),  # p2 has Asteroid Mining and Solar Wind Power
    "Media Archives": ("mc", 2),  # p2 played two events
}
# What the choices and attacks do to the opponent in prepared().
CHOICES = {"Virus": "plants", "Sabotage": "mc", "Hired Raiders": "steel"}
OPPONENT_LOSS = {"Virus": ("plants", 5), "Sabotage": ("mc", 7), "Hired Raiders": ("steel", 2)}
OPPONENT_PROD = {"Asteroid Mining Consortium": ("titanium", 1), "Great Escarpment Consortium":
                 ("steel", 1), "Hackers": ("mc", 2), "Power Supply Consortium": ("energy", 1),
                 "Energy Tapping": ("energy", 1)}
# The decisions each card's play asks for in prepared() (one per tag for the triggers).
DECISIONS = {
    "Business Contacts": ["keep"], "Invention Contest": ["keep"], "Land Claim": ["claim"],
    "Robotic Workforce": ["pick"], "CEO's Favorite Project": ["pick"],
    "Viral Enhancers": ["viral"], "Olympus Conference": ["olympus"],
    "Mars University": ["university"], "Virus": ["choose", "remove"],
    "Sabotage": ["choose", "remove"], "Hired Raiders": ["choose", "remove"],
}
# Per-count production, counted by hand in prepared() (the card itself included).
PROD_PER = {"Miranda Resort": ("mc", 0), "Cartel": ("mc", 1), "Satellites": ("mc", 1),
            "Medical Lab": ("mc", 1)}  # with Mine: 2 building tags


@pytest.mark.parametrize("name", sorted(ce.CE_CARDS))
def test_card_played_through_the_engine(name: str) -> None:  # noqa: C901 - a test over every kind of card
    g = prepared(name)
    s = g.state
    me, other = s.players[ME], s.players[OTHER]
    c = ce.CE_CARDS[name]
    res, prd, tr = me.res[:], me.prod[:], me.tr
    other_res, other_prod = other.res[:], other.prod[:]
    plays = [cmd for cmd in GAME.legal(s, ME) if type(cmd).__name__ == "Play" and cmd.card == name]
    assert plays, f"{name} should be playable in the prepared state"
    play = plays[0]
    assert play.mc == card_cost(me, name) == c["cost"]
    g.play(ME, play)
    said = resolve(g, CHOICES.get(name, ""))
    kinds = [k for k, _ in said]
    asked = [k for k in kinds if k not in ("place", "reduce")]
    assert asked == DECISIONS.get(name, []), asked
    assert name not in me.hand
    assert name in (me.events if c["type"] == "event" else me.played)

    want_prod = prd[:]
    for r, n in c.get("prod", {}).items():
        want_prod[RI[r]] += n
    for r, n in [PROD_PER[name]] if name in PROD_PER else []:
        want_prod[RI[r]] += n
    kind, n = SPECIAL_PLAY.get(name, ("", 0))
    if kind.startswith("prod:"):
        want_prod[RI[kind[5:]]] += n
    if name == "Robotic Workforce":  # copied Mine (see prepared)
        want_prod[RI["steel"]] += 1
    placed = [cmd.space for k, cmd in said if k == "place"]
    if name == "Mining Area":  # the production of its space's bonus
        want_prod[RI["steel" if "steel" in SPACES[placed[0]].bonus else "titanium"]] += 1
    assert me.prod == want_prod

    want = res[:]
    want[RI["mc"]] -= play.mc
    for r, k in c.get("gain", {}).items():
        want[RI[r]] += k
    if kind in RES:
        want[RI[kind]] += n
    want[RI["plants"]] += kinds.count("viral")  # Viral Enhancers' own microbe tag: a plant
    if name == "Hired Raiders":  # what it removes, it steals
        want[RI["steel"]] += 2
    for sp in placed:
        for b in SPACES[sp].bonus:
            if b != "cards":
                want[RI[b]] += 1
        want[RI["mc"]] += 2 * sum(1 for a in ADJACENT[sp] if s.tiles.get(a, ("",))[0] == "ocean")
    assert me.res == want, (me.res, want)

    assert me.tr == tr + c.get("tr", 0) + (n if kind == "tr" else 0)
    if name in OPPONENT_LOSS:
        r, k = OPPONENT_LOSS[name]
        assert other.res[RI[r]] == other_res[RI[r]] - k
    else:
        assert other.res == other_res
    if name in OPPONENT_PROD:
        r, k = OPPONENT_PROD[name]
        assert other.prod[RI[r]] == other_prod[RI[r]] - k
    else:
        assert other.prod == other_prod
    if c.get("resource"):
        assert me.card_res[name] == kinds.count("olympus")  # its own science tag: add one
    if "tile" in c:
        kind_name = c["tile"].get("name", c["tile"]["type"])
        assert [sp for sp, t in s.tiles.items() if t == (kind_name, ME)] == placed
    for _, cmd in (x for x in said if x[0] == "claim"):
        assert s.claims[cmd.space] == ME and cmd.space not in s.tiles
    assert me.card_res["Regolith Eaters"] == (2 if name == "CEO's Favorite Project" else 1)
    kept = sum(len(cmd.cards) for k, cmd in said if k == "keep")
    looks = name in ce.LOOK and c["type"] == "event"  # blue cards look only by action
    assert kept == (ce.LOOK[name][1] if looks else 0)
    assert len(me.hand) == c.get("draw", 0) + kept + (name == "Mars University")


# -- blue actions through the engine ---------------------------------------------------------

ACTIONS = sorted((n, i) for n, c in ce.CE_CARDS.items() for i, o in enumerate(c.get("action", []))
                 if not o.get("special"))


@pytest.mark.parametrize(("name", "option"), ACTIONS)
def test_action_through_the_engine(name: str, option: int) -> None:
    g = action_game()
    me = g.state.players[ME]
    me.played.append(name)
    if ce.CE_CARDS[name].get("resource"):
        me.card_res[name] = 0
    setres(me, mc=30, steel=3, titanium=3, plants=3, energy=8, heat=9)
    res, prd, tr = me.res[:], me.prod[:], me.tr
    opt = ce.CE_CARDS[name]["action"][option]
    uses = [c for c in GAME.legal(g.state, ME)
            if type(c).__name__ == "Use" and c.card == name and c.option == option]
    assert uses
    g.play(ME, uses[0])
    want = res[:]
    want[RI["mc"]] -= opt.get("pay", 0)
    for r, n in opt.get("spend", {}).items():
        want[RI[r]] -= n
    for r, n in opt.get("gain", {}).items():
        want[RI[r]] += n
    assert me.res[1:] == want[1:] and me.res[0] == want[0]
    want_prod = prd[:]
    for r, n in opt.get("prod", {}).items():
        want_prod[RI[r]] += n
    assert me.prod == want_prod
    assert me.tr == tr + opt.get("tr", 0)
    assert me.card_res.get(name, 0) == opt.get("add_here", 0)
    assert name in me.used
    # the cards the action draws are the hook's to deal (see action_draws)
    assert ce.action_draws(name, option) == opt.get("draw", 0)


def test_hand_written_action_facts() -> None:
    assert ce.action_draws("AI Central", 0) == 2
    assert ce.action_draws("Development Center", 0) == 1
    assert ce.action_draws("Restricted Area", 0) == 1
    assert ce.action_draws("Space Elevator", 0) == 0
    # no such option, or no action at all: nothing drawn
    assert [ce.action_draws("AI Central", k) for k in (-1, 1, 2, 9)] == [0, 0, 0, 0]
    assert ce.action_draws("Comet", 0) == 0
    opts = ce.CE_CARDS["Electro Catapult"]["action"]
    assert [o["spend"] for o in opts] == [{"plants": 1}, {"steel": 1}]
    assert all(o["gain"] == {"mc": 7} for o in opts)


# -- discounts, corporations and triggers in the engine -------------------------------------


@pytest.mark.parametrize(("source", "card", "off"), [
    ("Space Station", "Satellites", 2), ("Quantum Extractor", "Satellites", 2),
    ("Mass Converter", "Satellites", 2), ("Earth Office", "Sponsors", 3),
    ("Earth Catapult", "Mine", 2), ("Anti-Gravity Technology", "Mine", 2),
    ("Space Station", "Mine", 0), ("Earth Office", "Mine", 0)])
def test_discounts(source: str, card: str, off: int) -> None:
    p = Player(ME)
    p.played.append(source)
    assert card_cost(p, card) == ce.CE_CARDS[card]["cost"] - off


def fresh(names: tuple[str, ...] = (ME, OTHER)) -> State:
    return State(names, {})


def test_saturn_systems_starts_and_counts_every_jovian_tag() -> None:
    s = fresh()
    me, other = s.players[ME], s.players[OTHER]
    base_effects.start_corporation(s, me, "Saturn Systems")
    assert me.res[RI["mc"]] == 42
    assert me.prod[RI["titanium"]] == 1 and me.prod[RI["mc"]] == 1  # its own jovian tag
    assert base_cards.card("Saturn Systems")["tags"] == ["jovian"]
    new: list = []
    other.res[RI["mc"]] = 50
    base_effects.play_card(s, other, "Vesta Shipyard", new)  # an opponent's jovian tag
    assert me.prod[RI["mc"]] == 2
    base_effects.play_card(s, me, "Io Mining Industries", new)
    assert me.prod[RI["mc"]] == 2 + 1 + 2  # the trigger plus the card's own production
    base_effects.play_card(s, other, "Sponsors", new)
    assert me.prod[RI["mc"]] == 5


def test_teractor_starts_with_60_and_cheaper_earth_cards() -> None:
    s = fresh()
    me = s.players[ME]
    base_effects.start_corporation(s, me, "Teractor")
    assert me.res[RI["mc"]] == 60 and me.prod == [0] * 6
    assert base_cards.card("Teractor")["tags"] == ["earth"]
    assert card_cost(me, "Acquired Company") == 7
    assert card_cost(me, "Mine") == 4


def test_corporations_can_be_chosen_in_a_game() -> None:
    g = LocalGame(GAME, GAME.default_players(2), {"corporate_era": True}, seed=3)
    g.state.players[ME].corp_offer = ["Saturn Systems", "Teractor"]
    g.play(ME, "corporation Teractor")
    assert g.state.players[ME].corp == "Teractor"
    assert g.state.players[ME].res[RI["mc"]] == 60
    base = LocalGame(GAME, GAME.default_players(2), seed=3)
    base.state.players[ME].corp_offer = ["Saturn Systems"]  # even if offered by hand
    with pytest.raises(IllegalCommand, match="not a corporation of this game"):
        base.play(ME, "corporation Saturn Systems")


def test_media_group_pays_3_after_an_own_event() -> None:
    s = fresh()
    me, other = s.players[ME], s.players[OTHER]
    me.played.append("Media Group")
    other.played.append("Media Group")
    new: list = []
    base_effects.play_card(s, me, "Mineral Deposit", new)
    assert me.res[RI["mc"]] == 3 and other.res[RI["mc"]] == 0
    base_effects.play_card(s, me, "Mine", new)
    assert me.res[RI["mc"]] == 3


def test_indentured_workers_discounts_only_the_next_card() -> None:
    g = prepared("Indentured Workers")
    me = g.state.players[ME]
    g.play(ME, "play Indentured Workers pay 0")
    price = base_cards.CARDS["Mine"]["cost"]  # 4: the 8 M€ off make it free
    assert card_cost(me, "Mine") == max(0, price - 8)
    assert card_cost(me, "Indentured Workers") == base_cards.CARDS["Indentured Workers"]["cost"]
    me.hand.append("Mine")
    g.play(ME, f"play Mine pay {card_cost(me, 'Mine')}")
    assert card_cost(me, "Sponsors") == base_cards.CARDS["Sponsors"]["cost"]
    p = Player(ME)
    ce._indentured_workers(fresh(), p, [])
    assert card_cost(p, "Comet") == base_cards.CARDS["Comet"]["cost"] - 8
    s = fresh()
    s.players[ME] = p
    production(s)  # a new generation's production takes an unused discount away
    assert card_cost(p, "Comet") == base_cards.CARDS["Comet"]["cost"]


# -- the hooked rules, through the engine ----------------------------------------------------


def table(*cards: str, hand: tuple[str, ...] = (), **res: int) -> LocalGame:
    """An action-phase game where p1 has ``cards`` in play, ``hand`` and resources."""
    g = action_game()
    me = g.state.players[ME]
    for c in cards:
        me.played.append(c)
        if base_cards.card(c).get("resource"):
            me.card_res[c] = 0
    for c in hand:
        if c in g.state.deck:
            g.state.deck.remove(c)
        me.hand.append(c)
    setres(me, **res)
    return g


def plays(g: LocalGame, name: str) -> list:
    return [c for c in GAME.legal(g.state, ME) if type(c).__name__ == "Play" and c.card == name]


def uses(g: LocalGame, name: str, option: int = 0) -> list:
    return [c for c in GAME.legal(g.state, ME)
            if type(c).__name__ == "Use" and c.card == name and c.option == option]


def test_requirement_kinds_refuse_in_the_engine() -> None:
    g = table(hand=("Asteroid Mining Consortium", "Rad-Suits"), mc=50)
    me = g.state.players[ME]
    setprod(me, titanium=0)
    setprod(g.state.players[OTHER], titanium=1)
    assert not plays(g, "Asteroid Mining Consortium") and not plays(g, "Rad-Suits")
    with pytest.raises(IllegalCommand, match="titanium production"):
        g.play(ME, "play Asteroid Mining Consortium pay 13")
    setprod(me, titanium=1)
    g.state.tiles.update({"c4": ("city", OTHER), "e6": ("city", ME)})
    assert plays(g, "Asteroid Mining Consortium") and plays(g, "Rad-Suits")


def test_indentured_workers_in_the_engine() -> None:
    g = table(hand=("Indentured Workers", "Sponsors", "Mine"), mc=20)
    g.play(ME, "play Indentured Workers pay 0")
    assert [c.mc for c in plays(g, "Sponsors")] == [0]  # 6 - 8, not below nothing
    g.play(ME, "play Sponsors pay 0")  # the second action ends the turn
    g.play(OTHER, "pass")
    assert [c.mc for c in plays(g, "Mine")] == [4]  # the discount was used up


def test_advanced_alloys_raise_steel_and_titanium_in_payments() -> None:
    g = table("Advanced Alloys", hand=("Space Elevator",), mc=0, steel=9, titanium=3)
    me = g.state.players[ME]
    assert (steel_value(me), titanium_value(me)) == (3, 4)
    assert any(c.steel == 9 and c.mc == 0 for c in plays(g, "Space Elevator"))  # 27 = 9 x 3
    g.play(ME, "play Space Elevator pay 0 steel 9")
    assert me.res[RI["steel"]] == 0 and "Space Elevator" in me.played


def test_standard_technology_returns_3_after_a_project() -> None:
    g = table("Standard Technology", mc=20)
    me = g.state.players[ME]
    g.play(ME, "project power")
    assert me.res[RI["mc"]] == 20 - 11 + 3
    me.hand.append("Mine")
    g.play(ME, "sell Mine")
    assert me.res[RI["mc"]] == 12 + 1  # selling patents is not a standard project here


def test_physics_complex_and_commercial_district_score() -> None:
    g = table("Physics Complex", "Commercial District")
    s = g.state
    s.players[ME].card_res["Physics Complex"] = 2
    s.tiles["e5"] = ("commercial district", ME)
    s.tiles[ADJACENT["e5"][0]] = ("city", OTHER)
    points = breakdown(s)[ME]
    assert points["cards"] == 4 + 1


def test_protected_habitats_keep_plants_from_attacks() -> None:
    g = table(hand=("Virus",), mc=10)
    other = g.state.players[OTHER]
    setres(other, plants=6)
    other.played.append("Protected Habitats")
    g.play(ME, "play Virus pay 1")
    g.play(ME, "choose plants")
    targets = [c.player for c in GAME.legal(g.state, ME)]
    assert OTHER not in targets
    g.play(ME, "target none")
    assert other.res[RI["plants"]] == 6


def test_virus_takes_two_animals_through_the_engine() -> None:
    g = table(hand=("Virus",), mc=10)
    other = g.state.players[OTHER]
    other.played.append("Birds")
    other.card_res["Birds"] = 3
    g.play(ME, "play Virus pay 1")
    g.play(ME, "choose animals")
    g.play(ME, "card Birds")
    assert other.card_res["Birds"] == 1


@pytest.mark.parametrize("name", ["Inventors' Guild", "Business Network"])
@pytest.mark.parametrize("buy", [True, False])
def test_look_actions_buy_or_discard_the_top_card(name: str, buy: bool) -> None:
    g = table(name, mc=10)
    s = g.state
    me = s.players[ME]
    top = s.deck[0]
    g.play(ME, uses(g, name)[0])
    assert s.pending[0][:2] == (ME, "keep") and me.offer == [top]
    g.play(ME, f"keep {top}" if buy else "keep none")
    assert me.hand == ([top] if buy else []) and (top in s.discard) != buy
    assert me.res[RI["mc"]] == (7 if buy else 10) and not me.offer


def test_power_infrastructure_spends_any_energy() -> None:
    g = table("Power Infrastructure", mc=0, energy=5)
    me = g.state.players[ME]
    g.play(ME, uses(g, "Power Infrastructure")[0])
    assert {c.n for c in GAME.legal(g.state, ME)} == {1, 2, 3, 4, 5}
    g.play(ME, "amount 3")
    assert me.res[RI["energy"]] == 2 and me.res[RI["mc"]] == 3


@pytest.mark.parametrize(("name", "drawn"), [("Development Center", 1), ("AI Central", 2),
                                             ("Restricted Area", 1)])
def test_drawing_actions(name: str, drawn: int) -> None:
    g = table(name, mc=10, energy=2)
    me = g.state.players[ME]
    top = g.state.deck[:drawn]
    g.play(ME, uses(g, name)[0])
    assert me.hand == top


def test_mars_university_swaps_a_card_per_science_tag() -> None:
    g = table("Mars University", hand=("Research", "Heather"), mc=40)
    s = g.state
    me = s.players[ME]
    top = s.deck[:3]
    g.play(ME, "play Research pay 11")  # draws 2, then two science tags: two swaps offered
    assert me.hand == ["Heather", *top[:2]]
    assert [it[1] for it in s.pending] == ["university", "university"]
    g.play(ME, "card Heather")
    assert me.hand == [*top[:2], top[2]] and "Heather" in s.discard
    g.play(ME, GAME.format(next(c for c in GAME.legal(s, ME) if c.card == ""), s))
    assert me.hand == top and not s.pending


def test_mars_university_swaps_in_a_game_read_back_from_its_log() -> None:
    # a stored game's decision queue holds strings read from JSON, equal to the rules'
    # words but not the same objects
    g = table("Mars University", hand=("Research", "Heather"), mc=40)
    s = g.state
    me = s.players[ME]
    top = s.deck[:3]
    g.play(ME, "play Research pay 11")
    s.pending = [tuple(json.loads(json.dumps(list(it)))) for it in s.pending]
    g.play(ME, "card Heather")
    assert me.hand == [*top[:2], top[2]] and "Heather" in s.discard


def test_olympus_conference_adds_or_spends_for_a_card() -> None:
    g = table("Olympus Conference", hand=("Trans-Neptune Probe", "Lagrange Observatory"), mc=40)
    s = g.state
    me = s.players[ME]
    g.play(ME, "play Trans-Neptune Probe pay 6")
    assert [c.label for c in GAME.legal(s, ME)] == ["add"]  # nothing to spend yet
    g.play(ME, "choose add")
    assert me.card_res["Olympus Conference"] == 1
    top = s.deck[:2]
    g.play(ME, "play Lagrange Observatory pay 9")  # draws 1, then its science tag
    g.play(ME, "choose draw")
    assert me.card_res["Olympus Conference"] == 0 and me.hand == top


def test_saturn_systems_in_a_game() -> None:
    g = table(hand=("Vesta Shipyard",), mc=40)
    s = g.state
    other = s.players[OTHER]
    other.corp = "Saturn Systems"
    before = other.prod[RI["mc"]]
    g.play(ME, "play Vesta Shipyard pay 15")
    assert other.prod[RI["mc"]] == before + 1


# -- hooks the base engine calls -------------------------------------------------------------


def test_production_requirements() -> None:
    s = fresh()
    p = s.players[ME]
    assert "titanium production" in rules.requirement_problem(s, p, "Asteroid Mining Consortium")
    assert "steel production" in rules.requirement_problem(s, p, "Great Escarpment Consortium")
    setprod(p, titanium=1, steel=1)
    assert rules.requirement_problem(s, p, "Asteroid Mining Consortium") is None
    assert rules.requirement_problem(s, p, "Great Escarpment Consortium") is None
    assert rules.requirement_problem(s, p, "Mine") is None


def test_rad_suits_needs_two_cities_in_play() -> None:
    s = fresh()
    p = s.players[ME]
    s.tiles["c4"] = ("city", OTHER)
    assert "2 cities" in rules.requirement_problem(s, p, "Rad-Suits")
    s.tiles["phobos"] = ("city", ME)  # off-map cities are in play too
    assert rules.requirement_problem(s, p, "Rad-Suits") is None


def test_advanced_alloys_and_standard_technology() -> None:
    p = Player(ME)
    assert (steel_value(p), titanium_value(p), ce.project_bonus(p, "city")) == (2, 3, 0)
    p.played += ["Advanced Alloys", "Standard Technology"]
    assert (steel_value(p), titanium_value(p)) == (3, 4)
    assert [ce.project_bonus(p, k) for k in ("power", "asteroid", "aquifer", "greenery", "city")] \
        == [3] * 5
    assert ce.project_bonus(p, "sell") == 0


def test_physics_complex_scores_two_per_science_resource() -> None:
    s = fresh()
    p = s.players[ME]
    p.played.append("Physics Complex")
    p.card_res["Physics Complex"] = 3
    assert ce.card_vp(s, p, "Physics Complex") == 6
    assert ce.card_vp(s, p, "Mine") is None


def test_commercial_district_scores_adjacent_cities() -> None:
    s = fresh()
    p = s.players[ME]
    p.played.append("Commercial District")
    assert ce.card_vp(s, p, "Commercial District") == 0
    s.tiles["e5"] = ("commercial district", ME)
    near = ADJACENT["e5"]
    s.tiles[near[0]] = ("city", OTHER)
    s.tiles[near[1]] = ("capital", ME)
    s.tiles[near[2]] = ("greenery", ME)
    assert ce.card_vp(s, p, "Commercial District") == 2


def test_industrial_center_goes_next_to_a_city() -> None:
    s = fresh()
    assert rules.legal_spaces(s, ME, "special", "next_to_city") == []
    s.tiles["e5"] = ("city", OTHER)
    spaces = rules.legal_spaces(s, ME, "special", "next_to_city")
    assert spaces and all(sp in ADJACENT["e5"] and not SPACES[sp].ocean for sp in spaces)
    assert rules.legal_spaces(s, ME, "city", "normal") != []


def test_mining_area_space_and_production() -> None:
    s = fresh()
    assert rules.legal_spaces(s, ME, "special", "mining_next_to_own") == []
    steel = next(sp for sp, d in SPACES.items() if "steel" in d.bonus and not d.ocean
                 and any(not SPACES[a].ocean for a in ADJACENT[sp]))
    mine = next(a for a in ADJACENT[steel] if not SPACES[a].ocean and a not in ("e3",))
    s.tiles[mine] = ("greenery", ME)
    spaces = rules.legal_spaces(s, ME, "special", "mining_next_to_own")
    assert steel in spaces
    assert all({"steel", "titanium"} & set(SPACES[sp].bonus) for sp in spaces)
    assert rules.legal_spaces(s, OTHER, "special", "mining_next_to_own") == []
    p = s.players[ME]
    before = p.prod[RI["steel"]]
    rules.place_tile(s, p, steel, "mining area", "Mining Area", [])
    assert p.prod[RI["steel"]] == before + 1


def test_protected_habitats() -> None:
    s = fresh()
    victim = s.players[OTHER]
    assert not ce.protected(victim, ME, "plants")
    victim.played.append("Protected Habitats")
    assert ce.protected(victim, ME, "plants")
    assert ce.protected(victim, ME, "animal") and ce.protected(victim, ME, "microbe")
    assert not ce.protected(victim, ME, "steel")
    assert not ce.protected(victim, OTHER, "plants")  # the owner may remove their own


def test_hired_raiders_steals_up_to_the_amount() -> None:
    s = fresh()
    setres(s.players[OTHER], steel=1, mc=9)
    assert ce.stolen(s, ME, OTHER, "steel", 2) == 1
    assert ce.stolen(s, ME, OTHER, "mc", 3) == 3
    assert s.players[ME].res[RI["steel"]] == 1 and s.players[ME].res[RI["mc"]] == 3
    assert s.players[OTHER].res[RI["steel"]] == 0 and s.players[OTHER].res[RI["mc"]] == 6
    opts = ce.CE_CARDS["Hired Raiders"]["choice"]
    assert [(o["label"], o["remove"]) for o in opts] == [("steel", {"steel": 2}), ("mc", {"mc": 3})]


# -- decisions waiting for a pending kind in the base engine ---------------------------------


@pytest.mark.parametrize(("names", "heat", "copied"), [
    ((ME, OTHER), (0, 1), []),  # nobody has the 2 heat production Heat Trappers lowers
    ((ME, OTHER), (0, 2), ["Heat Trappers"]),
    ((ME, OTHER), (2, 0), ["Heat Trappers"]),  # one's own production counts too
    ((ME, OTHER, "p3"), (0, 1, 2), ["Heat Trappers"]),
    ((ME,), (0,), ["Heat Trappers"]),  # solo: the neutral player has any production
])
def test_robotic_workforce_copies_a_decrease_only_when_someone_can_take_it(names, heat, copied):
    s = fresh(names)
    p = s.players[ME]
    p.played += ["Robotic Workforce", "Heat Trappers"]
    for n, h in zip(names, heat, strict=True):
        setprod(s.players[n], heat=h)
    assert ce.robotic_workforce_targets(s, p) == copied


def test_robotic_workforce_copies_a_building_production_box() -> None:
    s = fresh()
    p = s.players[ME]
    p.played += ["Robotic Workforce", "Fuel Factory", "Sponsors", "Medical Lab"]
    assert ce.robotic_workforce_targets(s, p) == ["Medical Lab"]  # no energy for Fuel Factory
    setprod(p, energy=1)
    assert ce.robotic_workforce_targets(s, p) == ["Fuel Factory", "Medical Lab"]
    assert "Sponsors" not in ce.robotic_workforce_targets(s, p)  # not a building card
    ce.robotic_workforce_copy(s, p, "Fuel Factory", [])
    assert p.prod == [1, 0, 1, 0, 0, 0]
    ce.robotic_workforce_copy(s, p, "Medical Lab", [])  # Fuel Factory + Medical Lab: 2 building
    assert p.prod[RI["mc"]] == 2
    ti = next(sp for sp, d in SPACES.items() if d.bonus == ("titanium",))
    p.played.append("Mining Rights")
    s.tiles[ti] = ("mining", ME)
    assert "Mining Rights" in ce.robotic_workforce_targets(s, p)
    ce.robotic_workforce_copy(s, p, "Mining Rights", [])
    assert p.prod[RI["titanium"]] == 2
    steel = next(sp for sp, d in SPACES.items() if d.bonus == ("steel", "steel"))
    p.played.append("Mining Area")
    s.tiles[steel] = ("mining area", ME)
    ce.robotic_workforce_copy(s, p, "Mining Area", [])  # its own tile, not Mining Rights'
    assert p.prod[RI["steel"]] == 1 and p.prod[RI["titanium"]] == 2


def test_ceo_favorite_project_needs_a_card_with_a_resource() -> None:
    s = fresh()
    me, other = s.players[ME], s.players[OTHER]
    me.played.append("Tardigrades")
    me.card_res["Tardigrades"] = 0
    other.played.append("Security Fleet")
    other.card_res["Security Fleet"] = 2
    targets, apply = ce.PICKS["CEO's Favorite Project"]
    assert targets(s, me) == []
    assert targets(s, other) == ["Security Fleet"]
    apply(s, other, "Security Fleet", [])
    assert other.card_res["Security Fleet"] == 3
    me.card_res["Tardigrades"] = 1
    assert targets(s, me) == ["Tardigrades"]


def test_virus_removes_up_to_two_animals() -> None:
    s = fresh()
    other = s.players[OTHER]
    other.played += ["Pets", "Birds", "Fish"]
    other.card_res.update({"Pets": 3, "Birds": 1, "Fish": 4})
    me = s.players[ME]
    targets, apply = ce.PICKS["Virus"]
    assert targets(s, me) == ["Birds", "Fish"]
    apply(s, me, "Birds", [])
    apply(s, me, "Fish", [])
    assert other.card_res == {"Pets": 3, "Birds": 0, "Fish": 2}
    other.played.append("Protected Habitats")
    assert targets(s, me) == []
    assert targets(s, other) == ["Fish"]  # the owner is not kept out by their own habitats
    opts = {o["label"]: o for o in ce.CE_CARDS["Virus"]["choice"]}
    assert opts["plants"]["remove"] == {"plants": 5}


def test_power_infrastructure_turns_energy_into_money() -> None:
    p = Player(ME)
    setres(p, energy=4)
    ce.power_infrastructure(p, 3)
    assert p.res[RI["energy"]] == 1 and p.res[RI["mc"]] == 3
    with pytest.raises(ValueError, match="cannot spend 2 energy"):
        ce.power_infrastructure(p, 2)
    with pytest.raises(ValueError, match="cannot spend 0 energy"):
        ce.power_infrastructure(p, 0)
    ce.power_infrastructure(p, 1)  # all there is
    assert p.res[RI["energy"]] == 0 and p.res[RI["mc"]] == 4


def test_viral_enhancers() -> None:
    p = Player(ME)
    assert ce.viral_enhancers_triggers(p, "Tardigrades") == 0
    p.played += ["Viral Enhancers", "Tardigrades"]
    assert ce.viral_enhancers_triggers(p, "Viral Enhancers") == 1  # its own microbe tag
    assert ce.viral_enhancers_triggers(p, "Advanced Ecosystems") == 3
    assert ce.viral_enhancers_triggers(p, "Mine") == 0
    assert ce.viral_enhancers_options(p, "Tardigrades") == ["plant", "resource"]
    assert ce.viral_enhancers_options(p, "Viral Enhancers") == ["plant"]
    assert ce.viral_enhancers_options(p, "Birds") == ["plant"]  # an animal card not in play
    p.played.append("Birds")
    assert ce.viral_enhancers_options(p, "Birds") == ["plant", "resource"]
    ce.viral_enhancers_apply(p, "Tardigrades", "resource")
    ce.viral_enhancers_apply(p, "Tardigrades", "plant")
    assert p.card_res["Tardigrades"] == 1 and p.res[RI["plants"]] == 1


def test_mars_university_and_olympus_conference() -> None:
    p = Player(ME)
    assert ce.science_triggers(p, "Research") == 2
    assert ce.science_triggers(p, "Olympus Conference") == 1
    assert ce.science_triggers(p, "Mine") == 0
    assert ce.olympus_conference(p, draw=True) == 0  # nothing to take off: add one
    assert p.card_res["Olympus Conference"] == 1
    assert ce.olympus_conference(p, draw=True) == 1
    assert p.card_res["Olympus Conference"] == 0
    assert "science tag" in ce.CE_CARDS["Mars University"]["effect"]


def test_look_at_the_deck_cards_and_land_claim() -> None:
    assert ce.LOOK == {"Business Contacts": (4, 2), "Invention Contest": (3, 1),
                       "Inventors' Guild": (1, "buy"), "Business Network": (1, "buy")}
    s = fresh()
    spaces = ce.land_claim_spaces(s)
    assert "e3" not in spaces and all(not SPACES[sp].ocean for sp in spaces)
    s.tiles[spaces[0]] = ("city", OTHER)
    assert spaces[0] not in ce.land_claim_spaces(s)


# -- data and registration -------------------------------------------------------------------

BASE_KEYS = {"number", "name", "cost", "type", "tags", "req", "vp", "prod", "gain", "action",
             "tile", "resource", "oceans", "effect", "temp", "reduce", "remove", "tr", "prod_per",
             "choice", "special", "add", "oxygen", "start_res", "discount", "draw", "gain_per"}
REQ_KEYS = {"min_temp", "max_temp", "min_oxygen", "max_oxygen", "min_oceans", "max_oceans",
            "tags", "greenery", "prod", "cities"}
ACTION_KEYS = {"label", "pay", "pay_with", "spend", "spend_here", "lose_prod", "gain", "prod",
               "tr", "oxygen", "temp", "oceans", "add_here", "add_other", "special", "draw"}
TAGS = {"building", "space", "science", "power", "earth", "jovian", "plant", "microbe",
        "animal", "city", "event"}


def _raw(name: str) -> dict:
    pkg = "meeple_terraforming_mars"
    return json.loads(resources.files(pkg).joinpath(f"data/{name}").read_text())


def test_the_71_cards() -> None:
    cards = _raw("cards_corporate_era.json")["cards"]
    assert len(cards) == 71 == len(ce.CE_CARDS) == len(ce.CE_DECK)
    assert len({c["number"] for c in cards}) == 71
    assert len({c["name"] for c in cards}) == 71
    assert not set(ce.CE_CARDS) & (set(base_cards.BASE_DECK) | set(base_cards.CORPORATIONS))
    base_numbers = {base_cards.CARDS[n]["number"] for n in base_cards.BASE_DECK}
    assert not {c["number"] for c in cards} & base_numbers
    assert sorted(base_numbers | {c["number"] for c in cards}) == [f"{i:03}" for i in range(1, 209)]
    for c in cards:
        assert set(c) <= BASE_KEYS, c["name"]
        assert set(c.get("req", {})) <= REQ_KEYS, c["name"]
        assert set(c["tags"]) <= TAGS, c["name"]
        assert c["type"] in ("automated", "active", "event")
        assert ("event" in c["tags"]) == (c["type"] == "event")
        assert isinstance(c["cost"], int) and c["cost"] >= 0
        for o in c.get("action", []):
            assert set(o) <= ACTION_KEYS, c["name"]
        for key in ("prod", "gain", "reduce", "remove"):
            assert set(c.get(key, {})) <= set(RES), c["name"]
        if c["type"] != "active":
            assert "action" not in c and "discount" not in c, c["name"]
    spot = {c["name"]: c for c in cards}
    assert spot["Io Mining Industries"]["cost"] == 41
    assert spot["Indentured Workers"]["cost"] == 0
    assert spot["Research"]["tags"] == ["science", "science"]
    assert spot["Interstellar Colony Ship"]["req"] == {"tags": {"science": 5}}


def test_the_2_corporations() -> None:
    corps = _raw("corporations_corporate_era.json")["corporations"]
    assert [c["name"] for c in corps] == ["Saturn Systems", "Teractor"]
    assert not set(ce.CE_CORPS) & set(base_cards.CORPORATIONS.keys() - ce.CE_CORPS)
    for c in corps:
        assert set(c) <= {"name", "mc", "tags", "prod", "gain", "discount", "effect"}


def test_card_registries_belong_to_the_game_options_not_the_process() -> None:
    """A Corporate Era game run first leaves a later base game in the same process alone."""
    era = LocalGame(GAME, ["a", "b"], {"corporate_era": True}, seed=3)
    for p in era.players:
        era.play(p, "corporation Beginner Corporation")
    assert any(c in base_cards.CE_CARDS for p in era.state.players.values() for c in p.hand)
    base = LocalGame(GAME, ["a", "b"], seed=3)
    for p in base.players:
        base.play(p, "corporation Beginner Corporation")
    assert not any(c in base_cards.CE_CARDS for c in base.state.deck)
    with pytest.raises(IllegalCommand, match="not a card of this game"):
        GAME.parse("play Media Group", base.state, "a")
    with pytest.raises(IllegalCommand, match="not a card of this game"):
        GAME.parse("buy Media Group", base.state, "a")
    base.state.players["a"].hand.append("Media Group")  # even if it got there somehow
    with pytest.raises(IllegalCommand, match="not a project card of this game"):
        base.play("a", GAME.parse("play Media Group pay 6"))
    assert GAME.parse("play Media Group pay 6", era.state, "a").card == "Media Group"
    assert not hasattr(ce, "register")  # nothing to register: catalogues come from options


# -- CEO's Favorite Project's targets and Protected Habitats against stealing -------------


def test_ceos_favorite_project_targets_every_card_holding_a_resource_in_play_order():
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.played = ["Decomposers", "Fish", "Comet"]  # two cards that hold resources, one not
    p.card_res = {"Decomposers": 1, "Fish": 0}
    assert ce.ceo_targets(s, p) == ["Decomposers"]
    p.card_res["Fish"] = 2
    assert ce.ceo_targets(s, p) == ["Decomposers", "Fish"]


@pytest.mark.parametrize("names", [("ann", "bob"), ("bob", "ann")])
def test_protected_habitats_guard_against_every_opponent_but_not_their_owner(names):
    thief, victim = names
    s = State(names, {})
    s.players[thief].played = ["Predators", "Birds"]
    s.players[thief].card_res = {"Predators": 0, "Birds": 2}
    s.players[victim].played = ["Fish", "Protected Habitats"]
    s.players[victim].card_res = {"Fish": 3}
    assert rules.steal_sources(s, "animal", "Predators") == ["Birds"]  # own card: allowed
    s.players[victim].played.remove("Protected Habitats")
    assert sorted(rules.steal_sources(s, "animal", "Predators")) == ["Birds", "Fish"]
    s.players[thief].played.append("Protected Habitats")  # guards its owner's cards from others
    assert sorted(rules.steal_sources(s, "animal", "Predators")) == ["Birds", "Fish"]
