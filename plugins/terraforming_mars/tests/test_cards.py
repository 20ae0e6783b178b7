"""Every base project card, played from a prepared state: its cost is paid, it lands in
the tableau (events face down), and its data effects happen: production, resources,
terraform rating from its parameter steps, resources put on it. Cards whose behaviour is
beyond the data vocabulary have their own tests in test_specials.py."""

from __future__ import annotations

import pytest
from meeple_terraforming_mars.board import SPACES
from meeple_terraforming_mars.cards import BASE_DECK, CARDS
from meeple_terraforming_mars.rules import card_cost
from meeple_terraforming_mars.state import RES, RI

from .helpers import GAME, action_game, give, hand, prod, resolve

TAG_DONORS = {"science": "Breathing Filters", "power": "Power Plant", "jovian": "Asteroid Mining",
              "plant": "Lichen", "microbe": "Archaebacteria", "animal": "Pets"}
# Cards whose numbers depend on more than the data (each has a targeted test).
SPECIAL = {"Nitrogen-Rich Asteroid", "Insulation", "Mining Rights", "Eos Chasma National Park"}


def prepared(name: str):
    g = action_game(seed=3)
    s = g.state
    c = CARDS[name]
    req = c.get("req", {})
    # parameters away from every track bonus, inside the card's requirements
    s.temp = 8
    s.oxygen = 3
    s.oceans = 3
    for key, attr, to_step in (("min_temp", "temp", lambda v: (v + 30) // 2),
                               ("max_temp", "temp", lambda v: (v + 30) // 2),
                               ("min_oxygen", "oxygen", int), ("max_oxygen", "oxygen", int),
                               ("min_oceans", "oceans", int), ("max_oceans", "oceans", int)):
        if key in req:
            setattr(s, attr, to_step(req[key]))
    me, other = "p1", "p2"
    for tag, n in req.get("tags", {}).items():
        for _ in range(n):
            donor = next(d for d in CARDS if tag in CARDS[d]["tags"] and CARDS[d]["type"] != "event"
                         and d != name and d not in s.players[me].played)
            s.players[me].played.append(donor)
            if CARDS[donor].get("resource"):
                s.players[me].card_res[donor] = 0
    # two cities of the opponent (for the per-city cards and Urbanized Area), one plant
    # and one microbe card of ours (for the per-tag cards)
    s.tiles["c4"] = ("city", other)
    s.tiles["c6"] = ("city", other)
    for donor in ("Lichen", "Archaebacteria"):
        if donor != name:
            s.players[me].played.append(donor)
    if req.get("greenery"):
        s.tiles["i3"] = ("greenery", me)
    give(g, me, mc=200, steel=0, titanium=0, plants=10, energy=0, heat=10)
    prod(g, me, mc=5, steel=1, titanium=1, plants=2, energy=5, heat=5)
    prod(g, other, plants=3, heat=3)
    give(g, other, plants=9)
    hand(g, me, name)
    return g


@pytest.mark.parametrize("name", sorted(BASE_DECK))
def test_card_effects(name: str) -> None:  # noqa: C901 - a test table of every effect kind
    g = prepared(name)
    s = g.state
    me = s.players["p1"]
    c = CARDS[name]
    before_res, before_prod, before_tr = me.res[:], me.prod[:], me.tr
    cost = card_cost(me, name)
    play = next(cmd for cmd in GAME.legal(s, "p1") if getattr(cmd, "card", None) == name
                and type(cmd).__name__ == "Play")
    assert play.mc == cost  # no steel or titanium to spend: M€ pays the full cost
    events = g.play("p1", play)
    placed = [e.space for e in events if type(e).__name__ == "Placed"]
    said = resolve(g, {"remove": "target p2", "reduce": "target p2"})
    placed += [t.split()[1] for t in said if t.startswith("place ")]
    assert name not in me.hand
    assert name in (me.events if c["type"] == "event" else me.played)
    # production: the data's own changes, per-count production, and any X choice
    want_prod = before_prod[:]
    for r, n in c.get("prod", {}).items():
        want_prod[RI[r]] += n
    choice = next((o for o in c.get("choice", []) if o["label"] in " ".join(said)), None)
    if name == "Immigrant City":
        want_prod[RI["mc"]] += 1  # its own city counts for its effect
    if choice:
        for r, n in choice.get("prod", {}).items():
            want_prod[RI[r]] += n
    if name not in SPECIAL and "prod_per" not in c:
        assert me.prod == want_prod, (me.prod, want_prod)
    elif "prod_per" in c:
        # counted by hand from prepared(): 2 cities, Lichen and Archaebacteria in play
        res, n = {"Power Grid": ("energy", 1), "Zeppelins": ("mc", 2), "Worms": ("plants", 1),
                  "Insects": ("plants", 1), "Energy Saving": ("energy", 2)}[name]
        assert me.prod[RI[res]] == before_prod[RI[res]] + n
    if "gain_per" in c:
        assert name == "Greenhouses" and me.res[RI["plants"]] == before_res[RI["plants"]] + 2
    # resources other than M€ (M€ also moves by ocean adjacency): gains and tile bonuses
    want = before_res[:]
    for r, n in c.get("gain", {}).items():
        want[RI[r]] += n
    if choice:
        for r, n in choice.get("gain", {}).items():
            want[RI[r]] += n
    for sp in placed:
        for b in SPACES[sp].bonus if sp in SPACES else ():
            if b != "cards":
                want[RI[b]] += 1
    if name not in SPECIAL and "gain_per" not in c:
        for r in RES[1:]:
            if r in ("plants", "heat") and (c.get("remove") or name == "Optimal Aerobraking"):
                continue
            assert me.res[RI[r]] == want[RI[r]], (r, me.res, want)
    # terraform rating: one step per parameter step and per ocean, plus direct TR
    steps = c.get("tr", 0) + c.get("temp", 0) + c.get("oxygen", 0) + c.get("oceans", 0)
    tile = c.get("tile", {})
    if tile.get("type") in ("greenery", "ocean"):
        steps += 1
    assert me.tr == before_tr + steps
    if c.get("resource"):
        assert me.card_res[name] >= c.get("start_res", 0)
    if tile:
        kind = tile.get("name", tile["type"])
        assert any(k == kind and (o == "p1" or kind == "ocean") for k, o in s.tiles.values())
    if c.get("draw"):
        assert len(me.hand) == c["draw"]


def test_every_card_has_a_number_cost_type_and_tags() -> None:
    # BASE_DECK is fixed when the data loads; Corporate Era games may add to CARDS later
    assert len(BASE_DECK) == 137
    numbers = [CARDS[n]["number"] for n in BASE_DECK]
    assert len(set(numbers)) == 137
    for c in (CARDS[n] for n in BASE_DECK):
        assert c["type"] in ("automated", "active", "event")
        assert ("event" in c["tags"]) == (c["type"] == "event")
        assert isinstance(c["cost"], int) and c["cost"] >= 0


def test_every_kind_of_immediate_effect_in_one_block_does_its_part_in_order():
    """One made-up block holding every effect kind the card data may name: the counters
    change at once, the rest queues its decisions in the order of the vocabulary."""
    from meeple_terraforming_mars.effects import apply_block
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {})
    p = s.players["a"]
    p.played = ["Ganymede Colony", "Io Mining Industries"]  # 2 jovian tags
    s.tiles = {"e5": ("city", "b")}
    block = {
        "prod": {"heat": 2, "mc": -1}, "gain": {"steel": 3},
        "prod_per": {"titanium": "tag:jovian"}, "gain_per": {"plants": "cities"},
        "tr": 2, "temp": 1, "oxygen": 1,
        "tile": {"type": "special", "where": "volcanic", "name": "lava flows"},
        "oceans": 2, "remove": {"plants": 3}, "reduce": {"heat": 1},
        "add": [{"type": "microbe", "n": 2}, {"type": "animal", "n": 1, "any": True}],
        "add_other": {"type": "science", "n": 1}, "add_here": 2, "choice": [],
    }
    new: list = []
    apply_block(s, p, block, "Made Up", new)
    assert p.prod == [-1, 0, 2, 0, 0, 2] and p.res == [0, 3, 0, 1, 0, 0]
    assert (p.tr, s.temp, s.oxygen) == (20 + 2 + 1 + 1, 1, 1)
    assert p.card_res == {"Made Up": 2}
    assert new == [
        ("a", "place", "lava flows", "volcanic", "Made Up"),
        ("a", "place", "ocean", "ocean", "Made Up"), ("a", "place", "ocean", "ocean", "Made Up"),
        ("a", "remove", "plants", 3, ""),
        ("a", "reduce", "heat", 1),
        ("a", "add", "microbe", 2, "another", "Made Up"),
        ("a", "add", "animal", 1, "any", "Made Up"),
        ("a", "add", "science", 1, "another", "Made Up"),
        ("a", "choose", "Made Up"),
    ]


def test_a_city_off_mars_is_placed_at_once_and_a_raid_steals_what_it_removes():
    from meeple_terraforming_mars.effects import apply_block
    from meeple_terraforming_mars.state import State

    s = State(("a", "b"), {})
    p = s.players["a"]
    new: list = []
    apply_block(s, p, {"tile": {"type": "city", "where": "phobos"},
                       "remove": {"steel": 2}, "special": "steal",
                       "add": {"type": "animal", "n": 1}}, "Raid", new)
    assert s.tiles["phobos"] == ("city", "a")
    assert new == [("a", "remove", "steel", 2, "steal"),
                   ("a", "add", "animal", 1, "another", "Raid")]
    apply_block(s, p, {"label": "animals"}, "Virus", new)
    assert new[-1] == ("a", "pick", "Virus")
    apply_block(s, p, {"label": "plants"}, "Virus", new)
    apply_block(s, p, {"label": "animals"}, "Imported Hydrogen", new)  # only Virus picks
    assert len(new) == 3
