"""Terra Mystica at the browser's table: the regions each row points at, the panels in
words, the pools and previews the picture draws, and a whole game played by pointing."""

from __future__ import annotations

import random
import re

import pytest
from meeple.core import LocalGame
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import preview as P
from meeple_terra_mystica.data import DISPLAY
from meeple_terra_mystica.game import Income
from meeple_terra_mystica.notation import parse_row
from meeple_terra_mystica.regions import row_regions
from meeple_terra_mystica.render import render_svg

GAME = TerraMystica()
DRAWN = re.compile(r'data-region="([^"]+)"')


@pytest.mark.parametrize(("row", "want"), [
    ("build E7", ("hex:E7",)),
    ("upgrade F3 to TE", ("hex:F3",)),
    ("dig 1. transform A10 to blue", ("hex:A10",)),
    ("convert 2W to 2C. upgrade F7 to TP", ("hex:F7",)),
    ("burn 4. action ACT5. dig 2. build A12", ("action:ACT5", "hex:A12")),
    ("action ACT6. build E7", ("action:ACT6", "hex:E7")),
    ("action ACT1. bridge H1:F1", ("action:ACT1", "hex:H1", "hex:F1")),
    ("action BON1. build D2", ("bonus:BON1", "hex:D2")),
    ("action BON2", ("bonus:BON2",)),
    ("action FAV6", ("favor:FAV6",)),
    ("action ACTW. build E7", ("action:ACTW", "hex:E7")),
    ("pass BON4", ("button:pass", "bonus:BON4")),
    ("pass", ("button:pass",)),
    ("leech 2 from nomads", ("button:leech",)),
    ("decline 2 from nomads", ("button:decline",)),
    ("convert 1P to 1W", ("button:convert",)),
    ("burn 1", ("button:convert",)),
    ("dig 1", ("button:dig",)),
    ("-SPADE", ("button:forgo-spade",)),
    ("send p to FIRE for 3", ("cult:FIRE",)),
    ("+AIR", ("cult:AIR",)),
    ("+FAV11", ("favor:FAV11",)),
    ("+TW3", ("town:TW3",)),
    ("advance ship", ("button:advance-ship",)),
    ("advance dig", ("button:advance-dig",)),
    ("connect r3", ("hex:r3",)),
    ("setup witches", ("faction:witches",)),
    ("done", ("button:done",)),
    ("wait", ("button:wait",)),
    ("connect E7:F6", ("hex:E7", "hex:F6")),
    ("convert 1W to 1C. burn 2", ("button:convert",)),
    # Parts with nothing of their own to point at.
    ("drop", ()), ("+2SPADE", ()), ("-BRIDGE", ()), ("+P", ()),
])
def test_a_row_names_the_parts_it_touches_in_order(row: str, want: tuple) -> None:
    assert row_regions(parse_row(row)) == want


def _by_regions(rng: random.Random, commands: list, regions_of) -> object:
    """Pick as a person clicking: a random first region, narrow by each next region,
    until one command is left or the rest share every region (the short menu)."""
    left = list(commands)
    k = 0
    while len(left) > 1 and len({regions_of(c) for c in left}) > 1:
        choices = sorted({regions_of(c)[k] for c in left if len(regions_of(c)) > k})
        if not choices:  # the rest name no further part: the menu
            break
        pick = rng.choice(choices)
        left = [c for c in left if len(regions_of(c)) > k and regions_of(c)[k] == pick]
        k += 1
    return rng.choice(left)


@pytest.mark.parametrize(("n", "seed"), [(2, 11), (4, 12)])
def test_a_whole_game_played_by_pointing_ends_and_replays(n: int, seed: int) -> None:
    local = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    rng = random.Random(seed)
    played = []
    while local.outcome() is None:
        player = rng.choice(list(local.to_act()))
        view = GAME.view(local.state, player)
        commands = GAME.legal(view, player)
        svg = render_svg(view, player)
        drawn = set(DRAWN.findall(svg))
        memo = {c.text: tuple(GAME.regions(view, player, c)) for c in commands}
        for c in commands:
            assert memo[c.text], f"{c.text!r} names no region"
            assert set(memo[c.text]) <= drawn, c.text
        cmd = _by_regions(rng, commands, lambda c, memo=memo: memo[c.text])
        played.append((player, cmd.text))
        local.play(player, cmd)
        assert len(played) < 3000
    again = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    for player, text in played:
        again.play(player, text)
    assert again.events == local.events
    state = None
    for ev in local.events:
        state = GAME.fold(state, ev)
    assert state == local.state


def _game(n: int, seed: int, steps: int) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if local.outcome() is not None:
            break
        player = rng.choice(list(local.to_act()))
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    return local


def _panel(panels, title):
    return next(p for p in panels if p.title == title)


@pytest.mark.parametrize("steps", [0, 8, 60, 10_000])
def test_every_seat_and_a_spectator_see_the_same_panels(steps: int) -> None:
    """Terra Mystica hides nothing: a seat's view is the whole state, and the panels of
    every seat's view are a spectator's."""
    local = _game(3, 4, steps)
    spectator = GAME.panels(GAME.view(local.state, None), None)
    assert spectator
    for p in local.players:
        view = GAME.view(local.state, p)
        assert view == local.state
        assert GAME.panels(view, p) == spectator


def test_the_bonus_panel_shows_each_tiles_coins_or_holder() -> None:
    local = _game(3, 21, 40)
    g = local.state
    entries = {e.name: e for e in _panel(GAME.panels(g, "p1"), "Bonus tiles").entries}
    assert set(entries) == set(g.coins)
    svg = render_svg(g, "p1")
    for b, e in entries.items():
        assert e.region == f"bonus:{b}" and e.detail
        holder = [n for n, f in g.fac.items() if f["bonus"] == b]
        if g.pool[b]:
            coins = g.coins[b]
            assert f"on display with {coins} coin" in e.text
            assert re.search(rf'data-region="bonus:{b}">.*?{coins} C on it</text>', svg)
        else:
            assert e.text.endswith(f"(held by {DISPLAY[holder[0]]})")
    assert any(g.coins[b] for b in g.coins if g.pool[b]), "round 2 or later piles coins"



def test_the_bonus_panel_counts_coins_on_display_and_names_the_holder() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.coins = {"BON10": 0, "BON2": 1, "BON3": 2, "BON1": 0, "BON4": 0, "BON5": 0}
    g.pool = {**g.pool, "BON10": 1, "BON4": 0, "BON5": 0}
    g.fac["nomads"]["bonus"] = "BON4"
    entries = [(e.name, e.text) for e in _panel(GAME.panels(g, None), "Bonus tiles").entries]
    assert entries == [
        ("BON1", "+2 C, spade action (on display with 0 coins)"),
        ("BON2", "+4 C, cult action (on display with 1 coin)"),
        ("BON3", "+6 C (on display with 2 coins)"),
        ("BON4", "+3 PW, +1 ship (held by Nomads)"),
        ("BON5", "+1 W, +3 PW (taken)"),
        ("BON10", entries[-1][1])]
    assert entries[-1][1].endswith("(on display with 0 coins)")

def test_taken_power_actions_are_marked_taken_in_the_panel_and_the_picture() -> None:
    for seed in range(30):
        local = _game(4, seed, 120)
        taken = [a for a in local.state.blocked if a.startswith("ACT") and "/" not in a]
        if taken:
            break
    else:
        pytest.fail("no seeded game took a power action")
    g = local.state
    entries = {e.name: e.text for e in _panel(GAME.panels(g, None), "Action spaces").entries}
    svg = render_svg(g)
    for i in range(1, 7):
        code = f"ACT{i}"
        state = "taken" if code in taken else "free"
        assert entries[code].endswith(f"({state} this round)" if state == "taken" else "(free)")
        assert f'data-region="action:{code}"' in svg
        assert f">{code} {state}</text>" in svg


def test_the_scoring_panel_marks_the_current_round() -> None:
    local = _game(2, 3, 80)
    g = local.state
    assert 1 <= g.round <= 6 and not g.finished
    entries = _panel(GAME.panels(g, None), "Scoring tiles").entries
    assert [e.name for e in entries] == [f"Round {i + 1}: {t}" for i, t in enumerate(g.score_tiles)]
    marked = [i + 1 for i, e in enumerate(entries) if e.text.endswith("(this round)")]
    assert marked == [g.round]
    assert f">R{g.round} now " in render_svg(g)


@pytest.mark.parametrize(("n", "seed"), [(3, 5), (4, 6), (5, 8)])
def test_the_income_preview_is_the_income_the_next_round_pays(n: int, seed: int) -> None:
    """Right after a round's income, the preview of each faction (same buildings, bonus
    and favor tiles) names what the income step paid: coins, workers, priests and power
    (where no limit cut them: seven priests, power with every token in bowl III)."""
    local = LocalGame(GAME, GAME.default_players(n), {}, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while local.outcome() is None:
        player = rng.choice(list(local.to_act()))
        before = len(local.events)
        local.play(player, rng.choice(GAME.legal(local.state, player)))
        for ev in local.events[before:]:
            if type(ev) is not Income:
                continue
            for _p, faction, reason, deltas in ev.lines:
                if reason != "income":
                    continue
                paid = dict(deltas)
                f = local.state.fac[faction]
                want = P.income_preview(f)
                assert paid.get("C", 0) == want.get("C", 0), (faction, ev.round)
                assert paid.get("W", 0) == want.get("W", 0), (faction, ev.round)
                if f["P"] + f["priests_out"] < 7:
                    assert paid.get("P", 0) == want.get("P", 0), (faction, ev.round)
                if f["P1"] + f["P2"]:
                    moved = paid.get("P3", 0) - paid.get("P1", 0)
                    assert moved == want.get("PW", 0), (faction, ev.round)
                checked += 1
    assert checked >= 3 * n


def test_the_final_score_is_broken_down_and_sums_to_each_total() -> None:
    local = _game(3, 7, 10_000)
    g = local.state
    assert g.finished
    parts = P.breakdown(g)
    for n, p in parts.items():
        assert p["play"] + p["cults"] + p["area"] + p["resources"] == g.fac[n]["VP"]
        assert p["area"] == g.final["network"].get(n, 0)
        assert p["resources"] == g.final["resources"][n]
    svg = render_svg(g)
    lines = [e.text for e in _panel(GAME.panels(g, None), "Final score").entries]
    for n in g.order:
        line = P.breakdown_line(g, n, parts[n])
        assert line in lines and line in svg
    assert sum(p["cults"] for p in parts.values()) == sum(
        sum(g.final[c].values()) for c in ("fire", "water", "earth", "air"))


def test_a_tie_says_the_tied_players_share_the_place() -> None:
    local = _game(3, 7, 10_000)
    g = local.state.clone()
    a, b, c = g.order
    g.fac[a]["VP"] = g.fac[b]["VP"] = 90
    g.fac[c]["VP"] = 50
    lines = P.tie_lines(g)
    assert lines == [f"Tie: {g.player_of[a]} and {g.player_of[b]} share place 1",
                     "Tie-break: players with equal points at the end share the rank."]
    svg = render_svg(g)
    assert all(f">{line}</text>" in svg for line in lines)
    places = _panel(GAME.panels(g, None), "Final score").entries[-1]
    assert places.text == f"1. {g.player_of[a]} and {g.player_of[b]}, 3. {g.player_of[c]}"
    g.fac[b]["VP"] = 89
    assert P.tie_lines(g) == [] and "Tie:" not in render_svg(g)


def test_a_seats_picture_has_the_buttons_and_a_spectators_has_none() -> None:
    g = _game(2, 3, 20).state
    assert 'data-region="button:pass"' in render_svg(g, "p1")
    assert "button:" not in render_svg(g, None)


def test_the_income_preview_counts_buildings_bonus_and_favor_tiles() -> None:
    """Witches with three dwellings, a trading post and a temple, bonus tile BON3 and
    favor tiles FAV9 and FAV7: the faction board pays 4 W, 2 C, 1 PW and 1 P, the bonus
    tile 6 C, FAV9 3 C, FAV7 1 W and 1 PW."""
    from meeple_terra_mystica.state import new_faction

    f = new_faction("witches", "p1")
    f.update(D=3, TP=1, TE=1, bonus="BON3", FAV9=1, FAV7=1)
    assert P.income_preview(f) == {"W": 5, "C": 11, "PW": 2, "P": 1}
    assert P.say(P.income_preview(f)) == "+11 C, +5 W, +1 P, +2 PW"


def test_an_open_power_offer_is_listed_with_its_amount() -> None:
    for seed in range(40):
        local = _game(4, seed, 30 + seed)
        if local.state.offers:
            break
    else:
        pytest.fail("no seeded game had a power offer open")
    g = local.state
    entries = _panel(GAME.panels(g, None), "Power offers").entries
    assert len(entries) == len(g.offers)
    for e, o in zip(entries, g.offers, strict=True):
        assert e.name == f"{DISPLAY[o[0]]} ({g.player_of[o[0]]})"
        assert e.text.startswith(f"{DISPLAY[o[1]]} built next to them: {o[2]} power offered")
    # Taking it all costs a VP for each point after the first.
    for amount in (1, 2, 3, 4):
        h = GAME.clone(g)
        h.offers = [[*h.offers[0][:2], amount, *h.offers[0][3:]]]
        text = _panel(GAME.panels(h, None), "Power offers").entries[0].text
        tail = ", for free" if amount == 1 else f", taking it all costs {amount - 1} VP"
        assert text.startswith(f"{DISPLAY[h.offers[0][1]]} built next to them: {amount} power "
                               f"offered{tail}"), text


def test_the_round_bonus_preview_is_empty_outside_the_six_rounds_and_after_the_end() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.score_tiles = ["SCORE1"] * 6  # 1 coin per earth step
    f = g.fac["witches"]
    f["EARTH"] = 3
    for rnd, want in ((0, {}), (1, {"C": 3}), (6, {"C": 3}), (7, {})):
        g.round = rnd
        assert P.round_bonus(g, f) == want, rnd
    g.round, g.finished = 6, True
    assert P.round_bonus(g, f) == {}
    assert P.say({}) == "nothing" and P.say({"SPADE": 2, "C": 1}) == "+1 C, +2 spade"


def test_places_share_a_place_and_skip_the_next_ones() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads", "cultists", "darklings")
    for n, vp in zip(g.order, (80, 90, 80, 70), strict=True):
        g.fac[n]["VP"] = vp
    assert P.places(g) == [(1, ["nomads"]), (2, ["witches", "cultists"]), (4, ["darklings"])]
    assert P.tie_lines(g)[0] == "Tie: p0 and p2 share place 2"
    # Equal scores tie whatever their size, also when each was summed on its own.
    for n, points in zip(g.order, ((250, 60), (200, 100), (300, 10), (100, 180)), strict=True):
        g.fac[n]["VP"] = sum(points)
    assert P.places(g) == [(1, ["witches", "cultists"]), (3, ["nomads"]),
                           (4, ["darklings"])]


def test_the_table_in_words_marks_only_the_readers_own_income_row() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads", "cultists")
    for reader in ("p0", "p1", "p2"):
        marked = [line for line in GAME.describe_table(g, reader) if "(you)" in line]
        assert len(marked) == 1 and marked[0].startswith(f"income next round, {reader} ("), \
            reader


def test_the_table_in_words_lists_tiles_left_actions_taken_and_income_to_come() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.round = 2
    g.pool = {**g.pool, "BON2": 0, "FAV1": 0, "TW3": 1}
    g.coins = {"BON1": 1, "BON4": 3}
    # Only the power action spaces count, and only those taken.
    g.blocked = {"ACT4": 1, "ACT2": 1, "ACTW/witches": 1, "BON1": 1, "ACT6": 0}
    g.fac["nomads"].update(D=3, TP=1, bonus="BON3", BON3=1)
    assert GAME.describe_table(g, "p1") == [
        "scoring tiles by round: 1 SCORE3, 2 SCORE3 (now), 3 SCORE3, 4 SCORE3, 5 SCORE3, "
        "6 SCORE3",
        "bonus tiles to take: BON1 (2 coins, +1 coin on it), BON3 (6 coins), BON4 (3 power, "
        "+3 coins on it), BON5 (3 power, 1 worker), BON6 (2 workers), BON7 (1 worker), "
        "BON8 (1 priest), BON9 (2 coins)",
        "favor tiles left: FAV2 x1, FAV3 x1, FAV4 x1, FAV5 x3, FAV6 x3, FAV7 x3, FAV8 x3, "
        "FAV9 x3, FAV10 x3, FAV11 x3, FAV12 x3",
        "town tiles left: TW1 x2, TW2 x2, TW3 x1, TW4 x2, TW5 x2",
        "power actions taken this round: ACT2, ACT4",
        "income next round, p0 (Witches): 1 worker",
        # Nomads: 1 + 3 workers from the board, 2 coins and 1 power from the trading
        # house, 6 coins from BON3.
        "income next round, p1 (Nomads) (you): 8 coins, 4 workers, 1 power",
        "tie-break: players with equal points at the end share the rank"]
    g.finished = True
    g.pool = {t: 0 for t in g.pool}
    g.blocked = {}
    lines = GAME.describe_table(g, None)
    assert lines[0] == "scoring tiles by round: " + ", ".join(f"{i} SCORE3" for i in range(1, 7))
    assert lines[1:5] == ["bonus tiles to take: none", "favor tiles left: none",
                          "town tiles left: none", "power actions taken this round: none"]
    assert "(you)" not in "".join(lines)


def test_the_tile_supplies_and_factions_panels_say_what_is_left_held_and_coming() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.score_tiles = ["SCORE1"] * 6  # a coin per earth step at the round's end
    g.pool = {**g.pool, "FAV2": 0, "TW3": 1}
    g.fac["witches"].update(FAV2=1, FAV7=1, EARTH=3, VP=23, C=4, W=2, P=1, P1=3, P2=6, P3=3,
                            shipping=1, digging=1)
    g.fac["nomads"].update(TW3=1)
    panels = GAME.panels(g, None)
    favors = {e.name: (e.text, e.region) for e in _panel(panels, "Favor tiles").entries}
    assert list(favors) == [f"FAV{i}" for i in range(1, 13)]
    assert favors["FAV1"] == ("+3 fire (1 left)", "favor:FAV1")
    assert favors["FAV2"] == ("+3 water (0 left; held by Witches)", "favor:FAV2")
    assert favors["FAV7"] == ("+2 earth, +1 W +1 PW (3 left; held by Witches)", "favor:FAV7")
    towns = {e.name: (e.text, e.region) for e in _panel(panels, "Town tiles").entries}
    assert list(towns) == ["TW1", "TW2", "TW3", "TW4", "TW5"]
    assert towns["TW3"] == ("9 VP, 1 P (1 left; held by Nomads)", "town:TW3")
    assert towns["TW1"] == ("5 VP, 6 C (2 left)", "town:TW1")
    factions = [(e.name, e.text) for e in _panel(panels, "Factions and income").entries]
    assert factions == [
        ("Witches (p0)", "23 VP; 4 C, 2 W, 1 P, power 3/6/3; ship 1, dig 1; next income "
         "+2 W, +1 PW; at this round's end +3 C"),
        ("Nomads (p1)", "20 VP; 15 C, 2 W, 0 P, power 5/7/0; ship 0, dig 0; next income "
         "+1 W; at this round's end +1 C")]
    g.finished = True
    factions = [e.text for e in _panel(GAME.panels(g, None), "Factions and income").entries]
    assert factions[0] == "23 VP; 4 C, 2 W, 1 P, power 3/6/3; ship 1, dig 1"


def test_a_factions_own_action_space_waits_for_its_stronghold_then_is_free_then_taken() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.fac["nomads"]["ACTN"] = 1
    g.blocked = {"ACTN/nomads": 1, "ACT3": 1}
    entries = [(e.name, e.text) for e in _panel(GAME.panels(g, None), "Action spaces").entries]
    assert [n for n, _ in entries] == [f"ACT{i}" for i in range(1, 7)] + ["ACTW", "ACTN"]
    own = dict(entries[6:])
    assert own["ACTW"].endswith("(once the stronghold stands)")
    assert own["ACTN"].endswith("(taken this round)")
    assert dict(entries)["ACT3"].endswith("(taken this round)")
    assert dict(entries)["ACT2"].endswith("(free)")
    g.fac["witches"]["ACTW"] = 1
    own = {e.name: e.text for e in _panel(GAME.panels(g, None), "Action spaces").entries}
    assert own["ACTW"].endswith("(free)")


def test_the_scoring_panel_marks_the_rounds_scored_and_the_current_one() -> None:
    from .test_live_rules import _state

    g = _state("witches", "nomads")
    g.round = 3
    marks = [e.text.rsplit(" (", 1)[-1] if "(" in e.text else ""
             for e in _panel(GAME.panels(g, None), "Scoring tiles").entries]
    assert marks == ["scored)", "scored)", "this round)", "", "", ""]
    g.round, g.finished = 6, True
    texts = [e.text for e in _panel(GAME.panels(g, None), "Scoring tiles").entries]
    assert all(t.endswith(" (scored)") for t in texts)


def _panel_scene():
    from .test_live_rules import _state

    g = _state("witches", "nomads", "engineers")
    g.round = 2
    g.blocked = {"ACT3": 1, "ACTW/witches": 1}
    g.fac["witches"]["ACTW"] = 1
    g.fac["nomads"]["ACTN"] = 0  # no stronghold yet
    g.pool["FAV2"] = 0
    g.fac["nomads"]["FAV2"] = g.fac["engineers"]["FAV2"] = 1
    g.fac["witches"]["FAV3"] = 1
    g.pool["TW4"] = 1
    g.offers = [["nomads", "witches", 1, 0], ["engineers", "witches", 3, 1]]
    return g


def test_the_action_panel_says_which_spaces_are_taken_free_or_wait_for_a_stronghold():
    g = _panel_scene()
    entries = _panel(GAME.panels(g, None), "Action spaces").entries
    assert [(e.name, e.text, e.region) for e in entries] == [
        ("ACT1", "3 PW: bridge (free)", "action:ACT1"),
        ("ACT2", "3 PW: priest (free)", "action:ACT2"),
        ("ACT3", "4 PW: 2 W (taken this round)", "action:ACT3"),
        ("ACT4", "4 PW: 7 C (free)", "action:ACT4"),
        ("ACT5", "4 PW: 1 spade (free)", "action:ACT5"),
        ("ACT6", "6 PW: 2 spades (free)", "action:ACT6"),
        ("ACTW", "Witches: free D (taken this round)", "action:ACTW"),
        ("ACTN", "Nomads: sandstorm (once the stronghold stands)", "action:ACTN"),
        ("ACTE", "Engineers: 2 W bridge (free)", "action:ACTE")]
    assert entries[2].detail.startswith("ACT3: power action: 2 workers (costs 4 power")
    assert entries[7].detail.startswith("ACTN: Nomads' stronghold action: sandstorm")


def test_the_scoring_panel_marks_rounds_scored_current_and_to_come():
    g = _panel_scene()
    for rnd, finished, marks in ((1, False, ["this round", "", "", "", "", ""]),
                                 (2, False, ["scored", "this round", "", "", "", ""]),
                                 (6, False, ["scored"] * 5 + ["this round"]),
                                 (6, True, ["scored"] * 6)):
        g.round, g.finished = rnd, finished
        entries = _panel(GAME.panels(g, None), "Scoring tiles").entries
        assert [(e.name, e.text) for e in entries] == [
            (f"Round {i + 1}: SCORE3", "D 2 VP; 4 water: 1 P" + (f" ({m})" if m else ""))
            for i, m in enumerate(marks)], (rnd, finished)
        assert all(e.detail.startswith("SCORE3 (round scoring tile): ") for e in entries)


def test_the_favor_and_town_panels_count_the_copies_left_and_name_the_holders():
    g = _panel_scene()
    panels = GAME.panels(g, None)
    favors = _panel(panels, "Favor tiles").entries
    assert [(e.name, e.text, e.region) for e in favors[:5]] == [
        ("FAV1", "+3 fire (1 left)", "favor:FAV1"),
        ("FAV2", "+3 water (0 left; held by Nomads, Engineers)", "favor:FAV2"),
        ("FAV3", "+3 earth (1 left; held by Witches)", "favor:FAV3"),
        ("FAV4", "+3 air (1 left)", "favor:FAV4"),
        ("FAV5", "+2 fire, town 6 (3 left)", "favor:FAV5")]
    assert [e.name for e in favors] == [f"FAV{i}" for i in range(1, 13)]
    assert favors[9].text == "+1 water, TP 3 VP (3 left)"
    assert favors[1].detail.startswith("FAV2 (favor tile, 1 in the box): 3 on water")
    towns = _panel(panels, "Town tiles").entries
    assert [(e.name, e.text, e.region) for e in towns] == [
        ("TW1", "5 VP, 6 C (2 left)", "town:TW1"), ("TW2", "7 VP, 2 W (2 left)", "town:TW2"),
        ("TW3", "9 VP, 1 P (2 left)", "town:TW3"), ("TW4", "6 VP, 8 PW (1 left)", "town:TW4"),
        ("TW5", "8 VP, 1 each cult (2 left)", "town:TW5")]
    assert towns[3].detail.startswith("TW4 (town tile, 2 in the box): 1 town key, 6 point")


def test_the_bonus_panel_explains_each_tile_and_points_at_it():
    g = _panel_scene()
    entries = _panel(GAME.panels(g, None), "Bonus tiles").entries
    assert [e.name for e in entries] == [f"BON{i}" for i in range(1, 10)]
    for e in entries:
        assert e.region == f"bonus:{e.name}"
        assert e.detail.startswith(f"{e.name} (bonus tile): income ")
    assert entries[5].text == "+2 W, pass 4/SH SA (on display with 0 coins)"


def test_the_offer_panel_says_what_taking_each_offer_costs():
    g = _panel_scene()
    panels = GAME.panels(g, None)
    entries = _panel(panels, "Power offers").entries
    assert [(e.name, e.text) for e in entries] == [
        ("Nomads (p1)", "Witches built next to them: 1 power offered, for free"),
        ("Engineers (p2)", "Witches built next to them: 3 power offered, taking it all costs 2 VP")]
    assert entries[0].detail.startswith("Take the power (the first point is free")
    g.offers = [["nomads", "witches", 2, 0]]
    entries = _panel(GAME.panels(g, None), "Power offers").entries
    assert [e.text for e in entries] == [
        "Witches built next to them: 2 power offered, taking it all costs 1 VP"]
    g.offers = []
    assert [p.title for p in GAME.panels(g, None)] == [
        "Scoring tiles", "Action spaces", "Bonus tiles", "Favor tiles", "Town tiles",
        "Factions and income"]


def test_the_picture_marks_each_round_tile_and_own_action_space_and_names_each_tile_once():
    from html import unescape

    g = _panel_scene()
    svg = render_svg(g)
    tiles = re.findall(r'<text x="591" y="\d+" font-size="8"( font-weight="bold")?>(R\d [^<]*)'
                       r"</text>", svg)
    assert tiles == [("", "R1 done D 2 VP; 4 water: 1 P"),
                     (' font-weight="bold"', "R2 now D 2 VP; 4 water: 1 P")] + [
        ("", f"R{i} D 2 VP; 4 water: 1 P") for i in range(3, 7)]
    titles = dict(re.findall(r'<g data-region="([^"]+)"><title>([^<]*)</title>', svg))
    titles = {k: unescape(v) for k, v in titles.items()}
    assert titles["action:ACTW"].endswith(" (taken)")
    assert titles["action:ACTN"].endswith(" (needs SH)")
    assert titles["action:ACTE"].endswith(" (free)")
    assert titles["action:ACT3"].endswith(" (taken this round)")
    assert titles["action:ACT4"].endswith(" (free this round)")
    assert ">Nomads: sandstorm (needs SH)</text>" in svg
    assert ">Witches: free D (taken)</text>" in svg
    # A hover text says what the tile is, naming it once, then its state.
    for region, title in titles.items():
        kind, _, code = region.partition(":")
        if kind in ("action", "bonus", "favor", "town"):
            assert title.startswith(code + (":" if kind == "action" else " (")), region
            assert title.count(code) == 1, title
    assert titles["bonus:BON3"] == "BON3 (bonus tile): income 6 coins; " + (
        "one is taken when passing, for the next round; a coin is put on each tile nobody "
        "took, for whoever takes it later (0 C on it)")
    assert titles["favor:FAV2"].endswith(" (0 left)")
    assert titles["town:TW4"].endswith(" (1 left)")
    rounds = re.findall(r"<g><title>(Round \d: [^<]*)</title>", svg)
    assert len(rounds) == 6 and all(unescape(r).startswith(f"Round {i + 1}: SCORE3 (round ")
                                    for i, r in enumerate(rounds))
    g.round, g.finished = 6, True
    tiles = re.findall(r'<text x="591" y="\d+" font-size="8"( font-weight="bold")?>(R\d [^<]*)'
                       r"</text>", render_svg(g))
    assert tiles == [("", f"R{i} done D 2 VP; 4 water: 1 P") for i in range(1, 7)]


def test_the_faction_panel_gives_resources_next_income_and_round_end_reward_until_the_end():
    g = _panel_scene()
    g.fac["witches"]["WATER"] = 4  # SCORE3: a priest per 4 on water at the round's end
    board = {"witches": "20 VP; 15 C, 3 W, 0 P, power 5/7/0; ship 0, dig 0",
             "nomads": "20 VP; 15 C, 2 W, 0 P, power 5/7/0; ship 0, dig 0",
             "engineers": "20 VP; 10 C, 2 W, 0 P, power 3/9/0; ship 0, dig 0"}
    entries = _panel(GAME.panels(g, None), "Factions and income").entries
    assert [(e.name, e.text) for e in entries] == [
        ("Witches (p0)", board["witches"] + "; next income +1 W; at this round's end +1 P"),
        ("Nomads (p1)", board["nomads"] + "; next income +1 W"),
        ("Engineers (p2)", board["engineers"] + "; next income nothing")]
    g.finished = True
    entries = _panel(GAME.panels(g, None), "Factions and income").entries
    assert [e.text for e in entries] == list(board.values())


@pytest.mark.parametrize("name", ["p", "a-player-with-a-long-name-"])
def test_the_status_line_is_full_size_unless_it_must_shrink_to_fit_the_picture(name) -> None:
    names = [f"{name}{i}" for i in range(1, 5)]
    local = LocalGame(GAME, names, {}, seed=3)
    rng = random.Random(3)
    while local.state.phase == "select-factions":  # then the line names every player's VP
        player = local.to_act()[0]
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    svg = render_svg(local.state)
    width = float(re.search(r'<svg[^>]* width="([0-9.]+)"', svg).group(1))
    m = re.search(r'<text x="10" y="34" font-size="([0-9.]+)">([^<]*)</text>', svg)
    size, text = float(m.group(1)), m.group(2)
    assert names[0] in text
    # sans-serif letters average a little over half the font size: room for 10 px each side
    if len(text) * 0.6 * 12 <= width - 20:
        assert size == 12
    else:
        assert 6 < size < 12 and abs(len(text) * 0.6 * size - (width - 20)) <= len(text) * 0.6 * 0.05
