"""What each seat and the spectator may see, the SVG of a running and of a
finished game, the staged research decision's size, and every
milestone and award threshold at its boundary."""

from __future__ import annotations

import random

import pytest
from meeple.core import LocalGame
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.rules import AWARDS, MILESTONES
from meeple_terraforming_mars.scoring import award_metric, award_points, milestone_met
from meeple_terraforming_mars.state import RI, State

GAME = TerraformingMars()
SECRET = ("hand", "offer", "corp_offer", "drafted", "marked")
PUBLIC = ("name", "corp", "res", "prod", "tr", "played", "events", "card_res", "used", "passed",
          "tr_raised", "special_design", "first_done")


def research_game(n: int = 3) -> LocalGame:
    """Generation 2's research, each player with four cards offered and one on the list."""
    g = LocalGame(GAME, GAME.default_players(n), seed=12)
    while g.state.generation < 2:
        p = g.to_act()[0]
        legal = GAME.legal(g.state, p)
        g.play(p, next((c for c in legal if isinstance(c, m.Pass | m.Confirm)), legal[0]))
    for p in g.players:
        g.play(p, m.Mark(g.state.players[p].offer[0], True))
    return g


@pytest.mark.parametrize("viewer", ["p1", "p2", "p3", None])
def test_view_hides_every_other_players_research_offer_field_by_field(viewer) -> None:
    g = research_game()
    s = g.state
    assert all(len(p.offer) == 4 and p.marked for p in s.players.values())
    v = GAME.view(s, viewer)
    for name, p in s.players.items():
        q = v.players[name]
        for field in PUBLIC:
            assert getattr(q, field) == getattr(p, field), (viewer, name, field)
        for field in SECRET:
            real, seen = getattr(p, field), getattr(q, field)
            if name == viewer:
                assert seen == real, (viewer, name, field)
            else:
                assert seen == ["?"] * len(real), (viewer, name, field)
    assert set(v.deck) <= {"?"} and set(v.discard) <= {"?"}
    # the text and SVG pictures of the view carry no hidden card either
    hidden = {c for n, p in s.players.items() if n != viewer for c in (*p.offer, *p.hand)}
    for picture in (GAME.render(v, "text", viewer), GAME.render(v, "svg", viewer)):
        assert not [c for c in hidden if c in picture], viewer
    # the view changes nothing in the state it was made from
    assert all(p.offer != ["?"] * 4 for p in s.players.values())


def test_research_is_staged_one_card_at_a_time_then_confirmed() -> None:
    g = research_game(2)
    p = g.state.players["p1"]
    legal = GAME.legal(g.state, "p1")
    assert len(legal) <= 4  # buy, or take each of the other three
    assert m.Confirm() in legal and m.Mark(p.offer[1], True) in legal
    assert m.Mark(p.offer[0], False) not in legal  # accepted, not offered: no cycles
    money = p.res[RI["mc"]]
    g.play("p1", f"take {p.offer[1]}")
    assert p.marked == p.offer[:2] and p.res[RI["mc"]] == money  # nothing paid yet
    g.play("p1", f"drop {p.offer[0]}")
    chosen = p.offer[1]
    g.play("p1", "buy")
    assert chosen in p.hand and p.res[RI["mc"]] == money - 3 and not p.marked


def test_no_decision_offers_more_than_a_few_dozen_commands() -> None:
    most = 0
    for seed in range(3):
        g = LocalGame(GAME, GAME.default_players(2), seed=seed)
        rng = random.Random(seed)
        while g.outcome() is None:
            p = rng.choice(list(g.to_act()))
            legal = GAME.legal(g.state, p)
            if g.state.pending and g.state.pending[0][1] in ("buy", "draft", "keep", "corp"):
                assert len(legal) <= 12, [GAME.format(c, g.state) for c in legal]
            most = max(most, len(legal))
            g.play(p, rng.choice(legal))
    assert most <= 60, most  # the widest: placing a tile on any free land space


def finished() -> LocalGame:
    g = LocalGame(GAME, ["ann", "bob"], seed=2)
    g.play_randomly(random.Random(2))
    return g


def no_emoji(text: str) -> bool:
    return not any(ord(ch) >= 0x1F000 or 0x2600 <= ord(ch) <= 0x27BF for ch in text)


def test_finished_svg_shows_final_scores_winner_and_a_legend() -> None:
    g = finished()
    out = g.outcome()
    picture = GAME.render(GAME.view(g.state, None), "svg")
    (winner,) = out.winners
    assert f"Game over after generation {g.state.generation}: {winner} wins" in picture
    for name, score in out.scores.items():
        assert f"{name} {score:g} VP" in picture
    assert f"{winner} {out.scores[winner]:g} VP (winner)" in picture
    assert "legend" in picture and "ocean tile" in picture and "owner (player colour" in picture
    assert no_emoji(picture)


def test_running_svg_says_whose_turn() -> None:
    g = LocalGame(GAME, ["ann", "bob"], seed=2)
    for _ in range(40):
        p = g.to_act()[0]
        g.play(p, GAME.legal(g.state, p)[0])
    (acting,) = g.to_act()
    picture = GAME.render(GAME.view(g.state, None), "svg")
    assert f"{acting} to take an action" in picture and f"{acting} (to act)" in picture
    assert no_emoji(picture)
    text = GAME.render(GAME.view(g.state, acting), "text", acting)
    assert f"to act: {acting} (" in text


# -- milestones and awards at their thresholds ----------------------------------------------


def two() -> State:
    return State(("a", "b"), {})


def _tiles(s: State, kind: str, owner: str, n: int) -> None:
    spaces = [sp for sp in ("a1", "a3", "b1", "b2", "c1", "c2", "c3", "d1", "d2") if sp not in s.tiles]
    for sp in spaces[:n]:
        s.tiles[sp] = (kind, owner)


@pytest.mark.parametrize(("name", "threshold"), [
    ("Terraformer", 35), ("Mayor", 3), ("Gardener", 3), ("Builder", 8), ("Planner", 16)])
def test_every_milestone_at_its_threshold(name: str, threshold: int) -> None:
    for have, met in ((threshold - 1, False), (threshold, True)):
        s = two()
        p = s.players["a"]
        if name == "Terraformer":
            p.tr = have
        elif name == "Mayor":
            _tiles(s, "city", "a", have)
        elif name == "Gardener":
            _tiles(s, "greenery", "a", have)
        elif name == "Builder":
            builders = [c for c, d in CARDS.items() if d["tags"].count("building") == 1
                        and "event" not in d["tags"]]
            p.played = builders[:have]
        else:
            p.hand = [f"card {i}" for i in range(have)]
        assert milestone_met(s, p, name) is met, (name, have)
    assert set(MILESTONES) == {"Terraformer", "Mayor", "Gardener", "Builder", "Planner"}


@pytest.mark.parametrize("award", AWARDS)
def test_every_award_first_and_second_place(award: str) -> None:
    def setup(s: State, name: str, v: int) -> None:
        p = s.players[name]
        if award == "Landlord":
            for sp in [sp for sp, (_, o) in s.tiles.items() if o == name]:
                del s.tiles[sp]
            _tiles(s, "greenery", name, v)
        elif award == "Banker":
            p.prod[RI["mc"]] = v
        elif award == "Scientist":
            p.played = SCIENCE[:v]
        elif award == "Thermalist":
            p.res[RI["heat"]] = v
        else:
            p.res[RI["steel"]] = v - v // 2
            p.res[RI["titanium"]] = v // 2

    # 3 players: one ahead by one step takes 5, the next 2; tied firsts both 5, no second
    s = State(("a", "b", "c"), {})
    s.awards[award] = "a"
    for name, v in (("a", 3), ("b", 2), ("c", 1)):
        setup(s, name, v)
    assert [award_metric(s, s.players[n], award) for n in "abc"] == [3, 2, 1]
    assert award_points(s) == {"a": 5, "b": 2, "c": 0}
    setup(s, "b", 3)
    assert award_points(s) == {"a": 5, "b": 5, "c": 0}
    # 2 players: no second place
    s2 = two()
    s2.awards[award] = "b"
    setup(s2, "a", 2)
    setup(s2, "b", 1)
    assert award_points(s2) == {"a": 5, "b": 0}


@pytest.mark.parametrize(("banker", "points"), [
    ((5, 3, 3, 1), (5, 2, 2, 0)),  # tied seconds all get 2, the third nothing
    ((5, 4, 3, 1), (5, 2, 0, 0)),
    ((1, 3, 5, 3), (0, 2, 5, 2)),  # places are by the metric, not by the seat
    ((5, 5, 5, 1), (5, 5, 5, 0)),  # tied firsts all get 5, no second place
    ((5, 5, 1, 1), (5, 5, 0, 0)),
    ((2, 2, 2, 2), (5, 5, 5, 5)),
    ((-1, -3, -5, -3), (5, 2, 0, 2)),  # production below zero ranks the same way
    ((0, 0, -1, -2), (5, 5, 0, 0)),
    ((5, 3), (5, 0)),  # two players: no second place
    ((3, 3), (5, 5)),
    ((3, 5, 1), (2, 5, 0)),
])
def test_award_points_for_first_and_second_place_with_ties(banker, points):
    names = ("a", "b", "c", "d")[:len(banker)]
    s = State(names, {})
    for n, v in zip(names, banker, strict=True):
        s.players[n].prod[RI["mc"]] = v
    assert award_points(s) == dict.fromkeys(names, 0)  # nothing funded, nothing scored
    s.awards["Banker"] = names[-1]
    assert award_points(s) == dict(zip(names, points, strict=True))
    # a second funded award adds its own places: the most heat
    for n, v in zip(names, (1, 2, 3, 4), strict=False):
        s.players[n].res[RI["heat"]] = v
    s.awards["Thermalist"] = names[0]
    heat = {2: (0, 5), 3: (0, 2, 5), 4: (0, 0, 2, 5)}[len(names)]
    assert award_points(s) == {n: p + h for n, p, h in zip(names, points, heat, strict=True)}


SCIENCE = [c for c, d in CARDS.items() if d["tags"].count("science") == 1 and d["type"] != "event"]


def test_only_the_five_milestones_and_five_awards_are_measured() -> None:
    s = two()
    p = s.players["a"]
    with pytest.raises(ValueError, match="Emperor"):
        milestone_met(s, p, "Emperor")
    with pytest.raises(ValueError, match="Emperor"):
        award_metric(s, p, "Emperor")


def test_the_counters_card_data_names_count_cities_and_tags() -> None:
    from meeple_terraforming_mars.rules import count, owner_of

    s = two()
    a, b = s.players["a"], s.players["b"]
    s.tiles = {"e5": ("city", "a"), "c3": ("capital", "b"), "phobos": ("city", "b"),
               "e4": ("greenery", "a")}
    assert (count(s, a, "cities"), count(s, a, "cities_on_mars")) == (3, 2)
    a.played = ["Ganymede Colony", "Io Mining Industries", "Water Import From Europa"]
    a.events = ["Comet"]
    assert (count(s, a, "tag:jovian"), count(s, a, "tag:jovian/2"), count(s, a, "tag:space/4"),
            count(s, a, "tag:space/3"), count(s, b, "tag:jovian")) == (3, 1, 0, 1, 0)
    with pytest.raises(ValueError, match="oceans"):
        count(s, a, "oceans")
    assert owner_of(s, "Io Mining Industries") is a and owner_of(s, "Comet") is None
    b.played = ["Birds"]
    assert owner_of(s, "Birds") is b and owner_of(s, "Fish") is None
