"""Terraforming Mars at the browser table: the map spaces, the hand, the offers, the
tableaux, the standard projects, milestones and awards are what a seat points at; the
panels say in words what the real table shows that seat (and nothing of another hand);
the map shows every placement bonus and why a space is refused; the final picture
breaks every score down and names the tie-break."""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import LocalGame
from meeple.core.testing import check_regions, encoded_log, page, replay_encoded, shapes
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.board import SPACES
from meeple_terraforming_mars.state import MC, State

GAME = TerraformingMars()


def _action_phase(seed: int = 5) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(2), seed=seed)
    while local.state.phase != "action":
        p = local.to_act()[0]
        local.play(p, GAME.legal(local.state, p)[-1])  # buys cards while it can
    return local


def _placing(tile: str, tiles: dict[str, tuple[str, str]]) -> tuple[State, str]:
    """A state where the player to act must place ``tile`` (a normal placement)."""
    local = _action_phase()
    s = local.state.copy()
    player = GAME.to_act(s)[0]
    s.tiles = dict(tiles)
    s.pending = [(player, "place", tile, "normal", "")]
    return s, player


def _titles(svg: str) -> dict[str, tuple[str, str, str]]:
    """Each space's hexagon: (its region, its outline colour, its title)."""
    out = {}
    for shape in shapes(svg)[1]:
        if shape.tag == "polygon":
            sp = shape.title.split(" ")[0].rstrip(":")
            out[sp] = (shape.attrs.get("data-region", ""), shape.attrs["stroke"], shape.title)
    return out


def test_a_placement_names_its_space_and_only_the_legal_spaces_are_outlined():
    s, player = _placing("city", {"e5": ("city", "p9"), "c3": ("ocean", "")})
    view = GAME.view(s, player)
    legal = GAME.legal(view, player)
    assert legal and all(type(c) is m.Place for c in legal)
    for c in legal:
        assert GAME.regions(view, player, c) == (f"space/{c.space}",)
    drawn = _titles(GAME.render(view, "svg", player))
    allowed = {c.space for c in legal}
    assert set(drawn) == set(SPACES)
    for sp, (region, stroke, title) in drawn.items():
        assert region == f"space/{sp}"
        assert (stroke == "#facc15") == (sp in allowed), sp
        assert ("refused: " in title) == (sp not in allowed), (sp, title)


def test_each_space_says_in_words_its_name_kind_bonus_and_tile():
    from meeple_terraforming_mars.state import NEUTRAL

    s = State(("ann", "bob"), {})
    s.phase = "action"
    s.tiles = {"b2": ("city", "ann"), "a4": ("ocean", ""), "c3": ("greenery", NEUTRAL)}
    titles = {sp: t for sp, (_, _, t) in _titles(GAME.render(s, "svg")).items()}
    assert titles["b2"] == "b2 (Tharsis Tholus): land; bonus: 1 steel; city tile of ann"
    assert titles["d1"] == "d1 (Pavonis Mons): land; bonus: 1 plant, 1 titanium"
    assert titles["a4"] == "a4: reserved for an ocean; bonus: 1 card; ocean tile"
    assert titles["a3"] == "a3: land; bonus: none"
    assert titles["c3"] == f"c3: land; bonus: none; greenery tile of {NEUTRAL}"
    # a seat placing a tile is told, space by space, what it gives or why it is refused
    s.pending = [("ann", "place", "ocean", "ocean", "")]
    drawn = [d for d in shapes(GAME.render(s, "svg", "ann"))[1] if d.tag == "polygon"]
    outline = {d.title.split(":")[0].split(" ")[0]: (d.attrs["stroke"], d.attrs["stroke-width"],
                                                     d.title) for d in drawn}
    assert outline["a5"] == ("#facc15", "3", "a5: reserved for an ocean; bonus: none; your ocean "
                             "may go here: 2 M€ from 1 ocean")
    assert outline["a3"] == ("#000", "1", "a3: land; bonus: none; refused: not an ocean space: "
                             "oceans go only on the spaces reserved for them")


def test_a_refused_space_says_why():
    s, player = _placing("city", {"d5": ("city", "p9"), "c3": ("ocean", "")})
    titles = {sp: t for sp, (_, _, t) in _titles(GAME.render(GAME.view(s, player), "svg", player)).items()}
    assert "refused: reserved for an ocean" in titles["a4"]  # an ocean space, still free
    assert "refused: taken: an ocean tile" in titles["c3"]
    assert "refused: next to a city (cities may not touch)" in titles["d4"]
    assert "refused: reserved for Noctis City" in titles["e3"]
    s, player = _placing("greenery", {"a1": ("city", GAME.to_act(s)[0])})
    titles = {sp: t for sp, (_, _, t) in _titles(GAME.render(GAME.view(s, player), "svg", player)).items()}
    assert "refused: not next to your tiles" in titles["i4"]
    assert "may go here" in titles["b1"]


def test_a_land_claim_outlines_the_free_land_and_refuses_claimed_spaces():
    s, player = _placing("city", {"c3": ("ocean", "")})
    other = next(n for n in s.names if n != player)
    s.pending = [(player, "claim")]
    s.claims = {"b1": other, "b3": player}
    view = GAME.view(s, player)
    assert {c.space for c in GAME.legal(view, player)} == {
        sp for sp, (_, stroke, _) in _titles(GAME.render(view, "svg", player)).items()
        if stroke == "#facc15"}
    titles = {sp: t for sp, (_, _, t) in _titles(GAME.render(view, "svg", player)).items()}
    assert f"refused: claimed already by {other} (Land Claim)" in titles["b1"]
    assert f"refused: claimed already by {player} (Land Claim)" in titles["b3"]
    assert "refused: reserved for Noctis City" in titles["e3"]
    assert "you may claim it" in titles["b4"]


def test_a_legal_space_says_what_placing_there_gives():
    s, player = _placing("greenery", {"e5": ("ocean", ""), "e6": ("ocean", "")})
    titles = {sp: t for sp, (_, _, t) in _titles(GAME.render(GAME.view(s, player), "svg", player)).items()}
    assert SPACES["d5"].bonus == ("plants", "plants")
    assert "may go here: 2 plants, 4 M€ from 2 oceans" in titles["d5"]


def test_every_empty_space_shows_its_printed_bonus_as_icons_and_in_words():
    s = _action_phase().state.copy()
    s.tiles = {"e5": ("greenery", "p1")}
    drawn = shapes(GAME.render(s, "svg"))[1]
    icons = [d for d in drawn if (d.tag == "rect" and d.attrs.get("width") in ("4", "5"))
             or (d.tag == "circle" and d.num("r") == 2.5)]
    polygons = [d for d in drawn if d.tag == "polygon"]
    for poly in polygons:
        sp = poly.title.split(":")[0].split(" ")[0]
        inside = [i for i in icons if poly.bbox()[0] < i.centre()[0] < poly.bbox()[2]
                  and poly.bbox()[1] < i.centre()[1] < poly.bbox()[3]]
        want = 0 if sp in s.tiles else len(SPACES[sp].bonus)
        assert len(inside) == want, sp
        words = re.search(r"bonus: ([^;]*)", poly.title).group(1)
        if SPACES[sp].bonus:
            assert all(kind.rstrip("s") in words for kind in SPACES[sp].bonus), (sp, words)
        else:
            assert words == "none"


BONUS_LEGEND = {"steel": "steel bonus", "titanium": "titanium bonus", "plants": "plant bonus",
                "cards": "card bonus"}


def _glyph_left_of(drawn: list, label) -> object:
    """The one shape drawn just left of a text, on its line."""
    x, y = label.bbox()[:2]
    (glyph,) = [d for d in drawn if d.tag != "text" and x - 16 <= d.bbox()[0] and d.bbox()[2] <= x
                and y - 12 <= d.bbox()[1] and d.bbox()[3] <= y + 2]
    return glyph


def test_each_printed_bonus_icon_sits_in_a_row_7_px_apart_centred_above_its_space():
    s = _action_phase().state.copy()
    s.tiles = {"e5": ("greenery", "p1")}
    drawn = shapes(GAME.render(s, "svg"))[1]
    legend = {kind: _glyph_left_of(drawn, next(d for d in drawn if d.tag == "text"
                                               and d.text == word))
              for kind, word in BONUS_LEGEND.items()}
    # each kind has its own look, the legend's: a dark and a light square, a green dot and
    # an orange card standing upright
    assert [(g.tag, g.fill) for g in legend.values()] == [
        ("rect", "#1f2937"), ("rect", "#e5e7eb"), ("circle", "#4ade80"), ("rect", "#f97316")]
    size = {k: (round(g.bbox()[2] - g.bbox()[0], 1), round(g.bbox()[3] - g.bbox()[1], 1))
            for k, g in legend.items()}
    assert size == {"steel": (5, 5), "titanium": (5, 5), "plants": (5, 5), "cards": (4, 6)}
    icons = [d for d in drawn if d.attrs.get("stroke-width") == "0.5"]
    polygons = [d for d in drawn if d.tag == "polygon"]
    on_map = []
    for poly in polygons:
        sp = poly.title.split(":")[0].split(" ")[0]
        cx, cy = poly.centre()
        mine = sorted((i for i in icons if poly.bbox()[0] < i.centre()[0] < poly.bbox()[2]
                       and poly.bbox()[1] < i.centre()[1] < poly.bbox()[3]),
                      key=lambda i: i.centre()[0])
        bonus = () if sp in s.tiles else SPACES[sp].bonus
        assert len(mine) == len(bonus), sp
        for k, (kind, icon) in enumerate(zip(bonus, mine, strict=True)):
            want_x = cx + 7 * (k - (len(bonus) - 1) / 2)
            assert icon.centre() == pytest.approx((want_x, cy - 5), abs=0.11), (sp, k)
            assert (icon.tag, icon.fill) == (legend[kind].tag, legend[kind].fill), (sp, k)
            box = icon.bbox()
            assert (box[2] - box[0], box[3] - box[1]) == pytest.approx(size[kind]), (sp, k)
        on_map += mine
    assert len(on_map) == len(icons) - len(legend)  # no icon off its space but the legend's


def test_cards_in_hand_are_regions_of_the_hand_panel_and_their_payments_share_them():
    local = _action_phase(seed=11)
    player = GAME.to_act(local.state)[0]
    view = GAME.view(local.state, player)
    hand = next(p for p in GAME.panels(view, player) if p.title.startswith("Your hand"))
    assert [e.name for e in hand.entries] == list(dict.fromkeys(view.players[player].hand))
    assert all(e.region == f"hand/{e.name}" for e in hand.entries)
    plays = [c for c in GAME.legal(view, player) if type(c) is m.Play]
    assert plays
    for c in plays:
        assert GAME.regions(view, player, c) == (f"hand/{c.card}",)
        entry = next(e for e in hand.entries if e.name == c.card)
        cost = c.mc + 2 * c.steel + 3 * c.titanium + c.heat
        assert entry.text.startswith(f"[{cost} M€;")  # the cost after the player's discounts


def test_projects_milestones_awards_and_passing_are_panel_entries():
    local = _action_phase(seed=11)
    player = GAME.to_act(local.state)[0]
    view = GAME.view(local.state, player)
    listed = {e.region for p in GAME.panels(view, player) for e in p.entries if e.region}
    for c in GAME.legal(view, player):
        (region,) = GAME.regions(view, player, c)
        assert region in listed or region.startswith("space/"), GAME.format(c, view)
    assert GAME.regions(view, player, m.Project("asteroid", 0)) == ("project/asteroid",)
    assert GAME.regions(view, player, m.Claim("Mayor", 0)) == ("milestone/Mayor",)
    assert GAME.regions(view, player, m.Fund("Banker", 0)) == ("award/Banker",)
    assert GAME.regions(view, player, m.Pass()) == ("move/pass",)
    move = next(p for p in GAME.panels(view, player) if p.title == "Your move")
    assert [e.name for e in move.entries][0] == "Pass"


@pytest.mark.parametrize(("funded", "head"), [
    ({}, "8 M€ to fund"),
    ({"Banker": "a"}, "14 M€ to fund"),
    ({"Banker": "a", "Miner": "b"}, "20 M€ to fund"),
    ({"Banker": "a", "Miner": "b", "Landlord": "a"}, "closed: 3 awards are funded"),
])
def test_the_awards_panel_prices_the_next_award_by_how_many_are_funded(funded, head):
    s = State(("a", "b"), {})
    s.phase = "action"
    s.awards = dict(funded)
    s.players["a"].prod[MC] = 3
    for seat in (None, "a"):
        (awards,) = [p for p in GAME.panels(s, seat) if p.title == "Awards"]
        assert [e.name for e in awards.entries] == ["Landlord", "Banker", "Scientist",
                                                   "Thermalist", "Miner"]
        for e in awards.entries:
            want = f"funded by {funded[e.name]}" if e.name in funded else head
            assert e.text.split("; ")[0] == want, (seat, e.name)
            assert e.region == (f"award/{e.name}" if seat else None)
        banker = next(e for e in awards.entries if e.name == "Banker")
        assert banker.text.split("; ")[1:] == ["most M€ production: 5 VP, second 2 VP",
                                               "a 3, b 0"]


@pytest.mark.parametrize(("claimed", "head"), [
    ({}, "8 M€ to claim, 5 VP: 3 cities"),
    ({"Builder": "a", "Planner": "b"}, "8 M€ to claim, 5 VP: 3 cities"),
    ({"Builder": "a", "Planner": "b", "Gardener": "a"}, "closed: 3 milestones are claimed"),
])
def test_the_milestones_panel_tells_each_goal_until_three_are_claimed(claimed, head):
    s = State(("a", "b"), {})
    s.phase = "action"
    s.milestones = dict(claimed)
    s.tiles = {"e4": ("city", "b"), "e6": ("city", "b")}
    (panel,) = [p for p in GAME.panels(s, None) if p.title == "Milestones"]
    mayor = next(e for e in panel.entries if e.name == "Mayor")
    assert mayor.text == f"{head}; a 0/3, b 2/3"
    for e in panel.entries:
        if e.name in claimed:
            assert e.text.startswith(f"claimed by {claimed[e.name]} (5 VP); ")


def _hidden_twin(s: State, seat: str) -> State:
    """The same table with every hidden card of the others and the deck changed."""
    t = s.copy()
    pool = [c for c in reversed(t.deck)]
    for p in t.players.values():
        if p.name != seat:
            p.hand = [pool.pop() for _ in p.hand]
            p.offer = [pool.pop() for _ in p.offer]
    t.deck = list(reversed(pool))
    return t


def test_panels_show_nothing_of_another_seats_hand():
    local = _action_phase(seed=7)
    seat, other = local.players
    s = local.state
    twin = _hidden_twin(s, seat)
    assert twin.players[other].hand != s.players[other].hand
    for who in (seat, None):
        assert GAME.panels(GAME.view(s, who), who) == GAME.panels(GAME.view(twin, who), who)
    spectator = GAME.panels(GAME.view(s, None), None)
    words = repr(spectator)
    assert not any(p.title.startswith("Your hand") for p in spectator)
    for p in s.players.values():
        assert f"{len(p.hand)} cards" in words
        assert not any(f"'{card}'" in words for card in p.hand)


def _over(money: tuple[int, int], scores: tuple[int, int]) -> State:
    s = State(("ann", "bob"), {})
    s.phase, s.generation = "over", 12
    for n, mc in zip(s.names, money, strict=True):
        s.players[n].res[MC] = mc
    s.scores = dict(zip(s.names, scores, strict=True))
    return s


def _texts(svg: str) -> list[str]:
    return [d.text for d in shapes(svg)[1] if d.tag == "text"]


def test_the_final_picture_breaks_every_score_down():
    s = _over((5, 9), (40, 31))
    s.players["ann"].tr = 30
    texts = _texts(GAME.render(s, "svg"))
    start = texts.index("score breakdown")
    assert texts[start + 1:start + 8] == ["TR", "MS", "AW", "GR", "CI", "CA", "VP"]
    assert texts[start + 8:start + 16] == ["ann", "30", "0", "0", "0", "0", "0", "40"]
    assert texts[start + 16:start + 24] == ["bob", "20", "0", "0", "0", "0", "0", "31"]
    assert not any(t.startswith("tie at") for t in texts)
    final = next(p for p in GAME.panels(s, None) if p.title == "Final scores")
    assert final.entries[0].text == ("40 VP: TR 30, milestones 0, awards 0, greeneries 0, "
                                     "cities 0, cards 0")


@pytest.mark.parametrize("phase", ["setup", "research", "action", "production", "final", "over"])
def test_the_final_scores_panel_comes_only_when_the_game_is_over(phase):
    s = _over((5, 9), (40, 31))
    s.phase = phase
    for seat in (None, "ann"):
        titles = [p.title for p in GAME.panels(s, seat)]
        assert ("Final scores" in titles) == (phase == "over"), seat
        assert titles[-1] == ("Final scores" if phase == "over" else "bob: no corporation yet")


def test_a_tie_names_the_megacredits_that_break_it_or_a_shared_place():
    texts = _texts(GAME.render(_over((5, 9), (40, 40)), "svg"))
    assert "tie at 40 VP, decided by the M€ left: bob" in texts
    assert "9, ann 5" in texts
    assert GAME.outcome(_over((5, 9), (40, 40))).winners == ["bob"]
    shared = " ".join(_texts(GAME.render(_over((7, 7), (40, 40)), "svg")))
    assert "ann 7, bob 7; ann and bob share the place" in shared


@pytest.mark.parametrize(("money", "first"), [((5, 9), "bob"), ((9, 5), "ann")])
def test_a_tie_on_vp_ranks_the_player_with_more_megacredits_first(money, first):
    s = _over(money, (40, 40))
    drawn = shapes(GAME.render(s, "svg"))[1]
    rows = [d for d in drawn if d.tag == "text" and d.text in s.names
            and d.attrs.get("font-size") == "9"]
    assert [d.text for d in sorted(rows, key=lambda d: d.num("y"))] == [
        first, *(n for n in s.names if n != first)]
    final = next(p for p in GAME.panels(s, None) if p.title == "Final scores")
    second = next(n for n in s.names if n != first)
    money = dict(zip(s.names, money, strict=True))
    assert [(e.name, e.text) for e in final.entries] == [
        (first, "40 VP: TR 20, milestones 0, awards 0, greeneries 0, cities 0, cards 0"),
        (second, "40 VP: TR 20, milestones 0, awards 0, greeneries 0, cities 0, cards 0"),
        ("Tie", f"tie at 40 VP, decided by the M€ left: {first} {money[first]}, {second} "
                f"{money[second]}")]


def test_the_score_tables_columns_stand_22_px_apart_with_each_value_under_its_heading():
    s = _over((5, 9), (31, 40))
    s.players["ann"].tr, s.players["bob"].tr = 30, 26
    drawn = [d for d in shapes(GAME.render(s, "svg"))[1] if d.tag == "text"]
    (title,) = [d for d in drawn if d.text == "score breakdown"]
    heads = [next(d for d in drawn if d.text == word and d.attrs.get("font-size") == "9")
             for word in ("TR", "MS", "AW", "GR", "CI", "CA", "VP")]
    xs = [d.num("x") for d in heads]
    x0 = title.num("x")
    assert xs == [x0 + 60 + 22 * k for k in range(7)]  # names in the first 60 px
    assert len({d.num("y") for d in heads}) == 1 and heads[0].num("y") == title.num("y") + 16
    rows = (("bob", ["26", "0", "0", "0", "0", "0", "40"]),  # best first, a line each
            ("ann", ["30", "0", "0", "0", "0", "0", "31"]))
    for k, (name, want) in enumerate(rows):
        (row,) = [d for d in drawn if d.text == name and d.attrs.get("font-size") == "9"]
        assert (row.num("x"), row.num("y")) == (x0, heads[0].num("y") + 14 * (k + 1))
        cells = sorted((d for d in drawn if d.num("y") == row.num("y") and d is not row
                        and x0 < d.num("x") < 600), key=lambda d: d.num("x"))
        assert [(d.num("x"), d.text) for d in cells] == list(zip(xs, want, strict=True))


def test_the_score_table_reports_the_lowest_point_it_reaches_under_its_last_line():
    from meeple_terraforming_mars.render import _score_table

    for scores in ((40, 31), (40, 40)):
        s = _over((5, 9), scores)
        parts, low = _score_table(s, dict(zip(s.names, map(float, scores), strict=True)), 240, 380)
        ys = [t.num("y") for t in shapes("<svg xmlns='http://www.w3.org/2000/svg'>"
                                         + "".join(parts) + "</svg>")[1]]
        assert ys[0] == 380 and low == max(ys) + 10
        # heading, column keys, a row per player, two lines of key, and the tie's lines
        assert len(ys) == 1 + 7 + 2 * 8 + 2 + (scores[0] == scores[1]) * 2


def _choose_by_pointing(view: State, player: str, rng: random.Random):
    """A person's pick: a random lit region among the commands' next steps, narrowing
    until one command is left or the rest share every region (then the menu)."""
    commands = GAME.legal(view, player)
    steps = {id(c): tuple(GAME.regions(view, player, c)) for c in commands}
    k = 0
    while len(commands) > 1:
        nxt = sorted({steps[id(c)][k] for c in commands if len(steps[id(c)]) > k})
        if not nxt:
            break
        region = rng.choice(nxt)
        commands = [c for c in commands if len(steps[id(c)]) > k and steps[id(c)][k] == region]
        k += 1
    return rng.choice(commands)


def test_a_whole_game_is_played_by_pointing_and_its_log_replays():
    rng = random.Random(23)
    local = LocalGame(GAME, GAME.default_players(2), {}, seed=23)
    steps = 0
    while local.outcome() is None:
        player = rng.choice(list(local.to_act()))
        view = GAME.view(local.state, player)
        commands = GAME.legal(view, player)
        steps_of = {GAME.format(c, view): tuple(GAME.regions(view, player, c)) for c in commands}
        listed = [e.region for p in GAME.panels(view, player) for e in p.entries if e.region]
        check_regions(GAME.render(view, "svg", player), steps_of, listed)
        local.play(player, _choose_by_pointing(view, player, rng))
        steps += 1
        assert steps < 5000
    replayed = replay_encoded(GAME, encoded_log(GAME, local.events))
    assert replayed == local.state


def test_long_names_wrap_in_the_final_picture_and_the_canvas_grows_to_hold_them():
    s = State(("alexandra", "bartholomew", "cornelius", "dorothea", "evangeline"), {})
    s.phase = "over"
    for n, mc in zip(s.names, (5, 9, 9, 3, 3), strict=True):
        s.players[n].res[MC] = mc
    s.scores = {n: 40 for n in s.names}
    s.milestones = {"Mayor": "alexandra", "Gardener": "bartholomew", "Builder": "evangeline"}
    s.awards = {"Banker": "cornelius", "Miner": "dorothea", "Landlord": "alexandra"}
    root, drawn = shapes(GAME.render(s, "svg"))
    texts = [d for d in drawn if d.tag == "text"]
    # the right-hand panel holds about 60 characters of its 10-11 px type
    assert max(len(t.text) for t in texts if t.bbox()[0] >= 470) <= 60
    assert max(t.bbox()[1] for t in texts) < float(root["height"])
    # the canvas grows to 10 px under the lowest line, never more
    low = max(t.bbox()[1] for t in texts)
    assert low > 560 and page(root)[3] == low + 10
    words = " ".join(t.text for t in texts)
    assert "bartholomew and cornelius share the place" in words
    assert "dorothea and evangeline share the place" in words


def test_corporations_and_research_offers_are_clicked_in_their_panels():
    local = LocalGame(GAME, GAME.default_players(2), seed=3)
    player = local.players[0]
    view = GAME.view(local.state, player)
    panels = {p.title: p for p in GAME.panels(view, player)}
    corps = panels["Corporations offered to you"].entries
    chooses = GAME.legal(view, player)
    assert chooses and all(type(c) is m.ChooseCorp for c in chooses)
    assert [GAME.regions(view, player, c) for c in chooses] == [(e.region,) for e in corps]
    assert all(e.region == f"corp/{e.name}" and "start:" in e.text for e in corps)
    local.play(player, chooses[0])
    view = GAME.view(local.state, player)
    offered = {e.name: e for p in GAME.panels(view, player)
               if p.title.startswith("Cards offered") for e in p.entries}
    assert set(offered) == set(view.players[player].offer) and len(offered) == 10
    for c in GAME.legal(view, player):
        if type(c) is m.Mark:
            assert GAME.regions(view, player, c) == (offered[c.card].region,)
        else:
            assert type(c) is m.Confirm and GAME.regions(view, player, c) == ("move/buy",)
    move = next(p for p in GAME.panels(view, player) if p.title == "Your move")
    assert [(e.name, e.region) for e in move.entries] == [("Buy none", "move/buy")]


def test_each_tie_is_told_from_the_highest_score_down_with_every_shared_place():
    from meeple_terraforming_mars.standings import tie_lines

    s = State(("a", "b", "c", "d", "e", "f"), {})
    for n, mc in zip(s.names, (5, 9, 5, 3, 4, 1), strict=True):
        s.players[n].res[MC] = mc
    scores = {"a": 40, "b": 40, "c": 40, "d": 30, "e": 30, "f": 50}
    assert tie_lines(s, scores) == [
        "tie at 40 VP, decided by the M€ left: b 9, a 5, c 5; a and c share the place",
        "tie at 30 VP, decided by the M€ left: e 4, d 3",
    ]
    four = State(("a", "b", "c", "d"), {})
    for n, mc in zip(four.names, (3, 7, 3, 7), strict=True):
        four.players[n].res[MC] = mc
    assert tie_lines(four, dict.fromkeys(four.names, 20)) == [
        "tie at 20 VP, decided by the M€ left: b 7, d 7, a 3, c 3; b and d share the place;"
        " a and c share the place"]
    assert tie_lines(four, {"a": 1, "b": 2, "c": 3, "d": 4}) == []


def _tableau_state() -> State:
    """Two players: a runs Helion with Birds (one animal) and Ganymede Colony in play, one
    event played, a city at c3 beside its greenery at d3 and Mayor claimed; b has nothing
    but 3 M€ production and funded Banker. Every bonus space but six holds an ocean."""
    s = State(("a", "b"), {})
    free = {"a1", "b6", "c1", "d1", "d2", "h6"}
    s.tiles = {sp.id: ("ocean", "") for sp in SPACES.values() if sp.bonus and sp.id not in free}
    s.tiles.update({"d3": ("greenery", "a"), "c3": ("city", "a")})
    a, b = s.players["a"], s.players["b"]
    a.corp, a.tr = "Helion", 22
    a.played, a.card_res, a.events = ["Birds", "Ganymede Colony"], {"Birds": 1}, ["Asteroid"]
    b.prod[MC] = 3
    s.milestones, s.awards = {"Mayor": "a"}, {"Banker": "b"}
    return s


def test_the_table_in_words_gives_each_tableau_its_tags_and_vp_so_far():
    s = _tableau_state()
    assert GAME.describe_table(s, None) == [
        "a's tableau: Helion; Birds (1 resource), Ganymede Colony; 1 events played",
        # Helion and Ganymede Colony are space; Birds 1 VP per animal, Ganymede 1 per jovian
        "  a's tags: animal 1, city 1, jovian 1, space 2; VP so far 31 "
        "(tr 22, milestones 5, greenery 1, cities 1, cards 2)",
        "b's tableau: no corporation yet; no cards in play",
        "  b's tags: none; VP so far 25 (tr 20, awards 5)",
        "milestones claimed: Mayor by a",
        "awards funded: Banker by b",
        "placement bonuses on free spaces: a1 2 steel, b6 2 cards, c1 1 card, "
        "d1 1 plant, 1 titanium, d2 1 plant, h6 1 titanium",
        "tie-break: with equal VP at the end, the most M€ wins; still equal, the rank is shared",
    ]
    s.players["a"].card_res["Birds"] = 2
    s.players["a"].events = []
    assert GAME.describe_table(s, None)[0] == "a's tableau: Helion; Birds (2 resources), Ganymede Colony"


def _panel(panels: list, title: str):
    (found,) = [p for p in panels if p.title == title]
    return found


def test_each_tableau_panel_gives_vp_resources_tags_hand_and_every_card_in_play():
    s = _tableau_state()
    s.phase = "action"
    a = s.players["a"]
    a.res, a.prod = [12, 3, 1, 5, 2, 7], [2, 1, 0, -1, 3, 4]
    a.hand = ["Comet"]
    s.players["b"].passed = True
    for seat in (None, "a", "b"):
        mine = _panel(GAME.panels(s, seat), "a: Helion")
        assert [(e.name, e.text) for e in mine.entries] == [
            ("VP so far", "31: TR 22, milestones 5, awards 0, greeneries 1, cities 1, cards 2"),
            ("Resources", "M€ 12 (prod +2), steel 3 (prod +1), titanium 1 (prod +0), plants 5 "
                          "(prod -1), energy 2 (prod +3), heat 7 (prod +4)"),
            ("Tags", "animal 1, city 1, jovian 1, space 2"),
            ("Hand", "1 card"),
            ("Helion", "corporation: start: 42 M€, production +3 heat; effect: heat may pay "
                       "like M€"),
            ("Birds", "tags: animal; 1 animal here; 1 VP now (1 VP per 1 resource here); "
                      "action: add 1 resource(s) here; action ready"),
            ("Ganymede Colony", "tags: jovian, space, city; 1 VP now (1 VP per jovian tag)"),
            ("Events played", "Asteroid"),
        ]
        # the cards in play are pointed at by a seat, not by a spectator
        assert [e.region for e in mine.entries] == [None] * 4 + (
            [None] * 3 if seat is None else ["played/Helion", "played/Birds",
                                             "played/Ganymede Colony"]) + [None]
        other = _panel(GAME.panels(s, seat), "b: no corporation yet")
        assert [(e.name, e.text) for e in other.entries] == [
            ("VP so far", "25: TR 20, milestones 0, awards 5, greeneries 0, cities 0, cards 0"),
            ("Resources", "M€ 0 (prod +3), steel 0 (prod +0), titanium 0 (prod +0), plants 0 "
                          "(prod +0), energy 0 (prod +0), heat 0 (prod +0)"),
            ("Tags", "none"), ("Hand", "0 cards; passed this generation")]
    a.used, a.card_res["Birds"], a.hand = ["Birds"], 3, ["Comet", "Fish"]
    mine = _panel(GAME.panels(s, None), "a: Helion")
    entries = {e.name: e.text for e in mine.entries}
    assert entries["Birds"] == ("tags: animal; 3 animal here; 3 VP now (1 VP per 1 resource "
                                "here); action: add 1 resource(s) here; used this generation")
    assert entries["Hand"] == "2 cards"


@pytest.mark.parametrize(("corp", "power"), [("Helion", 11), ("Thorgate", 8)])
def test_the_standard_projects_panel_prices_each_project_for_the_seat(corp, power):
    s = State(("a", "b"), {})
    s.phase = "action"
    s.players["a"].corp = corp
    want = [("power project", f"{power} M€: +1 energy production"),
            ("asteroid project", "14 M€: raise the temperature 1 step"),
            ("aquifer project", "18 M€: place an ocean tile"),
            ("greenery project", "23 M€: place a greenery tile (raises oxygen)"),
            ("city project", "25 M€: place a city tile and +1 M€ production"),
            ("sell patents", "discard cards from your hand for 1 M€ each (click a card in your "
                             "hand)")]
    seat = _panel(GAME.panels(s, "a"), "Standard projects")
    assert [(e.name, e.text) for e in seat.entries] == want
    assert [e.region for e in seat.entries] == [
        "project/power", "project/asteroid", "project/aquifer", "project/greenery",
        "project/city", None]
    spectator = _panel(GAME.panels(s, None), "Standard projects")
    assert spectator.entries[0].text == "11 M€: +1 energy production"  # the printed price
    assert [e.region for e in spectator.entries] == [None] * 6


def test_a_seat_sees_its_offers_draft_corporations_and_why_a_card_in_hand_is_not_playable():
    from meeple_terraforming_mars.cardtext import hand_line
    from meeple_terraforming_mars.checks import play_problem

    s = State(("a", "b"), {})
    s.phase = "action"
    a = s.players["a"]
    a.res[MC] = 30
    a.hand = ["Kelp Farming", "Pets", "Pets"]
    a.offer, a.marked = ["Comet", "Fish", "Comet"], ["Fish"]
    a.drafted = ["Ants"]
    a.corp_offer = ["Helion", "EcoLine"]
    panels = GAME.panels(s, "a")
    hand = _panel(panels, "Your hand (3 cards)")
    why = play_problem(s, a, "Kelp Farming", None)
    assert why and "6" in why  # six oceans are needed, none is placed
    assert [(e.name, e.text, e.region) for e in hand.entries] == [
        ("Kelp Farming", hand_line("Kelp Farming", 17).removeprefix("Kelp Farming").strip()
         + f" (not playable now: {why})", "hand/Kelp Farming"),
        ("Pets", hand_line("Pets", 10).removeprefix("Pets").strip(), "hand/Pets")]
    offers = _panel(panels, "Cards offered to you (3 M€ each to buy)")
    assert [(e.name, e.region) for e in offers.entries] == [("Comet", "offer/Comet"),
                                                            ("Fish", "offer/Fish")]
    assert not offers.entries[0].text.endswith("(on your list to buy)")
    assert offers.entries[1].text.endswith(" (on your list to buy)")
    assert [e.name for e in _panel(panels, "Drafted so far").entries] == ["Ants"]
    corps = _panel(panels, "Corporations offered to you")
    assert [(e.name, e.region) for e in corps.entries] == [("Helion", "corp/Helion"),
                                                           ("EcoLine", "corp/EcoLine")]
    assert corps.entries[0].text == "start: 42 M€, production +3 heat; effect: heat may pay like M€"
    s.pending = [("b", "place", "ocean", "ocean", "")]  # not the time to play: no reasons
    hand = _panel(GAME.panels(s, "a"), "Your hand (3 cards)")
    assert "not playable" not in hand.entries[0].text
    s.pending, s.phase = [], "research"
    hand = _panel(GAME.panels(s, "a"), "Your hand (3 cards)")
    assert "not playable" not in hand.entries[0].text
    titles = [p.title for p in GAME.panels(s, "b")]
    assert "Your hand (0 cards)" in titles and not any("offered" in t or "Drafted" in t
                                                       for t in titles)


def test_the_table_in_words_tells_the_placer_what_each_legal_space_gives():
    s = _tableau_state()
    s.pending = [("a", "place", "greenery", "normal", "")]
    lines = GAME.describe_table(s, "a")
    # beside a's tiles: b3 (oceans a2, b2), c2 (ocean b2), c4 (oceans d4, d5), d2 (its plant,
    # oceans e2, e3)
    assert lines[-2] == ("you place greenery: b3 (4 M€ from 2 oceans), c2 (2 M€ from 1 ocean), "
                         "c4 (4 M€ from 2 oceans), d2 (1 plant, 4 M€ from 2 oceans)")
    assert not any(ln.startswith("you place") for ln in GAME.describe_table(s, "b"))
    assert not any(ln.startswith("you place") for ln in GAME.describe_table(s, None))
    s.pending = [("a", "target", "x")]
    assert not any(ln.startswith("you place") for ln in GAME.describe_table(s, "a"))
    s.tiles = {sp: ("ocean", "") for sp in SPACES}
    s.milestones, s.awards = {}, {}
    lines = GAME.describe_table(s, None)
    assert not any(ln.startswith(("placement", "milestones", "awards")) for ln in lines)


def test_what_a_space_gives_at_once_is_its_bonus_and_2_mc_per_ocean_beside_it():
    from meeple_terraforming_mars.table import bonus_words, space_gain

    s = State(("a", "b"), {})
    assert space_gain(s, "a1") == "2 steel"
    assert space_gain(s, "c2") == "no bonus"
    assert space_gain(s, "phobos") == "no bonus"  # off Mars: no neighbours, no bonus
    s.tiles = {"a2": ("ocean", ""), "b1": ("city", "b")}
    assert space_gain(s, "a1") == "2 steel, 2 M€ from 1 ocean"
    s.tiles["b1"] = ("ocean", "")
    assert space_gain(s, "a1") == "2 steel, 4 M€ from 2 oceans"
    assert space_gain(s, "b2") == "1 steel, 4 M€ from 2 oceans"
    assert bonus_words(("plants", "plants", "cards")) == "2 plants, 1 card"
    assert bonus_words(("titanium",)) == "1 titanium"


REGIONS = [
    (m.Pass(), ("move/pass",)), (m.Done(), ("move/done",)),
    (m.Convert("plants"), ("move/greenery",)), (m.Convert("heat"), ("move/heat",)),
    (m.Sell(("Comet", "Fish")), ("move/sell-all",)), (m.Sell(("Comet",)), ("hand/Comet",)),
    (m.Confirm(), ("move/buy",)), (m.Keep(()), ("move/keep-none",)),
    (m.Keep(("Comet", "Fish")), ("offer/Comet", "offer/Fish")),
    (m.Pick(""), ("move/none",)), (m.Pick("Fish"), ("played/Fish",)),
    (m.Target("p2"), ("move/target/p2",)), (m.Target(""), ("move/none",)),
    (m.Choose("plants"), ("move/choose/plants",)), (m.Amount(3), ("move/amount/3",)),
    (m.Place("e4"), ("space/e4",)), (m.Play("Comet", 21), ("hand/Comet",)),
    (m.Project("city"), ("project/city",)), (m.Claim("Mayor"), ("milestone/Mayor",)),
    (m.Fund("Miner"), ("award/Miner",)), (m.Use("Birds"), ("played/Birds",)),
    (m.ChooseCorp("Helion"), ("corp/Helion",)), (m.Draft("Comet"), ("offer/Comet",)),
    (m.Mark("Comet", True), ("offer/Comet",)), (m.Mark("Comet", False), ("offer/Comet",)),
    (m.Buy(("Comet",)), ()),
]


@pytest.mark.parametrize(("command", "regions"), REGIONS, ids=[GAME.format(c) for c, _ in REGIONS])
def test_each_command_is_pointed_at_where_the_table_shows_it(command, regions):
    s = State(("p1", "p2"), {})
    assert GAME.regions(s, "p1", command) == regions


def test_a_card_picked_for_mars_university_is_pointed_at_in_the_hand():
    s = State(("p1", "p2"), {})
    s.pending = [("p1", "university")]
    assert GAME.regions(s, "p1", m.Pick("Fish")) == ("hand/Fish",)
    s.pending = [("p2", "university")]  # not p1's decision: a card in play
    assert GAME.regions(s, "p1", m.Pick("Fish")) == ("played/Fish",)


@pytest.mark.parametrize(("tile", "where", "space", "why"), [
    ("city", "normal", "d5", "taken: a city tile of p2"),
    ("city", "normal", "c3", "taken: an ocean tile"),
    ("claim", "claim", "b1", "claimed already by p2 (Land Claim)"),
    ("claim", "claim", "b3", "claimed already by p1 (Land Claim)"),
    ("city", "normal", "b1", "claimed by p2 (Land Claim)"),
    ("claim", "claim", "a4", "reserved for an ocean"),
    ("claim", "claim", "e3", "reserved for Noctis City"),
    ("ocean", "ocean", "b4", "not an ocean space: oceans go only on the spaces reserved for them"),
    ("ocean", "ocean_area", "b4", "not an ocean space: oceans go only on the spaces reserved "
                                  "for them"),
    ("city", "noctis", "b4", "only Noctis City's reserved space (e3)"),
    ("city", "volcanic", "b4", "not a volcanic space"),
    ("city", "volcanic", "c1", "not allowed here"),
    ("city", "normal", "a4", "reserved for an ocean"),
    ("greenery", "land", "e3", "reserved for Noctis City"),
    ("special", "isolated", "b4", "must be next to no other tile"),
    ("special", "mining", "b4", "must be on a space with a steel or titanium bonus"),
    ("city", "normal", "b4", "next to a city (cities may not touch)"),
    ("capital", "land", "b4", "next to a city (cities may not touch)"),
    ("greenery", "normal", "b4", "not next to your tiles (a greenery goes next to one while "
                                 "such a space is free)"),
    ("special", "normal", "b4", "not allowed here"),
])
def test_a_refusal_names_the_first_rule_a_space_breaks(tile, where, space, why):
    from meeple_terraforming_mars.regions import refusal

    s = State(("p1", "p2"), {})
    s.tiles = {"d5": ("city", "p2"), "c3": ("ocean", "")}
    s.claims = {"b1": "p2", "b3": "p1"}
    assert refusal(s, "p1", tile, where, space) == why


def test_the_your_move_panel_says_each_command_in_words():
    from meeple_terraforming_mars.panels import move_words

    s = State(("p1", "p2"), {})
    q = s.players["p2"]
    q.res, q.prod = [7, 1, 0, 3, 2, 9], [-2, 1, 0, 0, 3, 1]

    def words(command):
        return move_words(s, "p1", command)

    assert words(m.Pass()) == ("Pass", "take no more actions this generation")
    assert words(m.Done()) == ("Done", "end your turn after one action")
    assert words(m.Convert("plants")) == ("Greenery", "convert plants into a greenery tile "
                                                      "(raises oxygen)")
    assert words(m.Convert("heat")) == ("Heat", "convert 8 heat to raise the temperature 1 step")
    assert words(m.Sell(("Comet", "Fish", "Ants"))) == ("Sell the whole hand",
                                                        "3 cards for 1 M€ each")
    assert words(m.Confirm()) == ("Buy none", "buy no card this time (take cards onto your "
                                              "list first)")
    s.players["p1"].marked = ["Comet"]
    assert words(m.Confirm()) == ("Buy", "buy the 1 card on your list for 3 M€")
    s.players["p1"].marked = ["Comet", "Fish"]
    assert words(m.Confirm()) == ("Buy", "buy the 2 cards on your list for 6 M€")
    assert words(m.Keep(())) == ("Keep none", "keep none of the cards you look at")
    assert words(m.Pick("")) == ("None", "choose no card")
    assert words(m.Target("")) == ("Nobody", "choose no player")
    assert words(m.Target("p2")) == ("p2", "choose p2; M€ 7 (-2), steel 1 (+1), titanium 0 "
                                           "(+0), plants 3 (+0), energy 2 (+3), heat 9 (+1)")
    assert words(m.Target("neutral")) == ("neutral", "choose neutral")
    assert words(m.Choose("plants")) == ("plants", "choose plants")  # nothing asked: bare
    s.pending = [("p1", "choose", "Artificial Photosynthesis")]
    assert words(m.Choose("energy")) == ("energy", "production +2 energy")
    assert words(m.Choose("steel")) == ("steel", "choose steel")  # not one of its options
    s.pending = [("p2", "choose", "Artificial Photosynthesis")]  # not p1's to answer
    assert words(m.Choose("energy")) == ("energy", "choose energy")
    s.pending = [("p1", "final")]
    assert words(m.Done()) == ("Done", "end your final greenery conversion")
    assert words(m.Amount(4)) == ("4", "amount 4")
    assert words(m.Place("e4")) == (str(m.Place("e4")), "")
