"""Records of Snellman's site that play things in its own order: a faction that dropped
out of the game (it never holds a round up, wherever it stands in turn order), and the
last faction still playing taking what an action gave after its next action or its pass.

The two ledgers are made up here (tmai's command-list form, with the final scores it
states); their final scores are worked out by hand in the comments, from the site's
rules, not from the plugin."""

from __future__ import annotations

import pytest
from meeple.core import IllegalCommand
from meeple.core.engine import Engine
from meeple.core.stores.memory import MemoryStore
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import board as B
from meeple_terra_mystica.check import replay
from meeple_terra_mystica.importer import SnellmanImporter
from meeple_terra_mystica.state import OWED
from meeple_terra_mystica.turns import acting, start_round

from .test_live_rules import _put, _row, _state

GAME = TerraMystica()

# Three factions, variable turn order. The darklings reach earth 4 in round 1 (a priest
# on the 3 spot), pass first in round 2 and are dropped while the witches' trading house
# beside them offers them power. Round 2's tile (SCORE2) gives a spade per 4 earth: the
# site never asks a dropped faction to spend it, and round 3, which the darklings would
# open, starts with the nomads. The darklings keep their income (round 3's SCORE1 pays
# them 4 coins for earth 4) and their resources count at the end.
#
# By hand (start 20 VP each; nobody gains VP during play):
#   cults: fire nomads 1 (8), water darklings 1 (8), earth darklings 4 (8) nomads 1 (4),
#     air witches 2 (8); area: every faction's buildings stand apart, all size 1: the
#     three places (18+12+6) shared, 12 each.
#   resources at the end (bowl II burnt, bowl III, priests and workers as coins, 3 : 1):
#     witches 46 C, 9 W, 1 P, bowls 0/9/3 -> 46+9+1+7 = 63 -> 21 VP; total 61
#     nomads 44 C, 20 W, 1 P, bowls 1/11/0 -> 44+20+1+5 = 70 -> 23 VP; total 67
#     darklings 25 C, 19 W, 1 P, bowls 4/8/0 -> 25+19+1+4 = 49 -> 16 VP; total 64
DROPPED_FIRST = """# witches=61 nomads=67 darklings=64
option variable-turn-order
removing tile bon6
removing tile bon7
removing tile bon9
round 1 scoring: score4
round 2 scoring: score2
round 3 scoring: score1
round 4 scoring: score5
round 5 scoring: score6
round 6 scoring: score8
player 1: ada
player 2: ben
player 3: cleo
witches income_for_faction
nomads income_for_faction
darklings income_for_faction
witches: build e9
nomads: build b1
darklings: build e10
darklings: build h5
nomads: build g7
witches: build a3
nomads: build i7
darklings: pass bon8
nomads: pass bon2
witches: pass bon3
witches: pass bon1
nomads: pass bon3
darklings: send p to earth for 3
darklings: pass bon2
witches: upgrade a3 to tp
nomads: upgrade b1 to tp
darklings: pass bon4
witches: upgrade e9 to tp
darklings dropped from the game
nomads: pass bon8
witches: pass bon2
nomads: pass bon3
witches: pass bon1
nomads: pass bon2
witches: pass bon8
nomads: pass bon1
witches: pass bon3
nomads: pass
witches: pass
"""

# Two factions. In round 3 the nomads have passed; the witches, alone, use their favor
# tile's cult action and convert, pass, and only then name the track (+air), as the site
# lets the last faction do.
#
# By hand: cults fire nomads 1 (8), water witches 2 (8, from FAV6), earth nomads 1 (8),
#   air witches 3 (8); area size 1 each: (18+12)/2 = 15 each.
#   witches 32 C, 12 W, 6 P, bowls 1/10/0 -> 32+12+6+5 = 55 -> 18 VP; 20+8+8+15+18 = 69
#   nomads 41 C, 26 W, 0 P, bowls 5/7/0 -> 41+26+0+3 = 70 -> 23 VP; 20+8+8+15+23 = 74
CULT_AFTER_PASS = """# witches=69 nomads=74
removing tile bon5
removing tile bon6
removing tile bon7
removing tile bon9
round 1 scoring: score4
round 2 scoring: score2
round 3 scoring: score1
round 4 scoring: score5
round 5 scoring: score6
round 6 scoring: score8
player 1: ada
player 2: ben
witches income_for_faction
nomads income_for_faction
witches: build a3
nomads: build b1
nomads: build g7
witches: build e9
nomads: build i7
nomads: pass bon2
witches: pass bon3
witches: upgrade a3 to tp
nomads: pass bon1
witches: pass bon8
nomads: pass bon3
witches: upgrade a3 to te. +fav6
witches: pass bon2
nomads: pass bon1
witches: action fav6. burn 1. convert 1pw to 1c
witches: pass bon4
witches: +air
nomads: pass bon2
witches: pass bon3
nomads: pass bon1
witches: pass bon8
nomads: pass
witches: pass
"""


def _import_and_verify(text: str, gid: str) -> dict:
    eng = Engine(MemoryStore())
    new_id = eng.import_record("snellman", text, gid)
    assert eng.verify(new_id).ok
    t = eng.table(new_id)
    return t.game.summary(t.state)


def test_the_made_up_ledgers_keep_their_buildings_apart() -> None:
    """The hand count of the area scoring above rests on this: no two buildings of one
    faction touch, so every faction's largest area is one building."""
    own = {"witches": ("E9", "A3"), "nomads": ("B1", "G7", "I7"), "darklings": ("E10", "H5")}
    for hexes in own.values():
        for a in hexes:
            for b in hexes:
                assert a == b or B.INDEX[b] not in B.ADJ[B.INDEX[a]]
    assert B.INDEX["E10"] in B.ADJ[B.INDEX["E9"]]  # the offer to the darklings


def test_a_dropped_faction_that_would_open_the_round_is_skipped() -> None:
    state = replay(DROPPED_FIRST, name="dropped-first")
    assert state.fac["darklings"]["dropped"]
    assert {n: f["VP"] for n, f in state.fac.items()} == {
        "witches": 61, "nomads": 67, "darklings": 64}
    assert state.final["resources"]["darklings"] == 16


def test_a_dropped_faction_is_imported_verified_and_ranked() -> None:
    s = _import_and_verify(DROPPED_FIRST, "dropped-first")
    assert s["final_scores_by_player"] == {"ada": 61, "ben": 67, "cleo": 64}
    assert s["factions"]["darklings"]["dropped"]


#: Where the drop line may stand in the ledger above, all giving the same game: after the
#: darklings' pass (nothing of theirs open: the next row's player sends it), after the
#: offer the witches' trading house made them (their own row, as above), and after the
#: nomads' or the witches' pass (the offer still open, the round not yet over).
DROP_AFTER = ["darklings: pass bon4", "witches: upgrade e9 to tp", "nomads: pass bon8",
              "witches: pass bon2"]


@pytest.mark.parametrize("after", DROP_AFTER)
def test_the_drop_line_is_read_where_the_site_put_it(after: str) -> None:
    line = "darklings dropped from the game\n"
    text = DROPPED_FIRST.replace(line, "")
    text = text.replace(after + "\n", after + "\n" + line, 1)
    assert text.count(line) == 1 and text.index(after) < text.index(line)
    s = _import_and_verify(text, "drop-line")
    assert s["final_scores_by_player"] == {"ada": 61, "ben": 67, "cleo": 64}


def test_a_drop_of_a_faction_not_asked_to_act_is_sent_by_the_next_row() -> None:
    text = DROPPED_FIRST.replace("witches: upgrade e9 to tp\ndarklings dropped from the game",
                                 "darklings dropped from the game\nwitches: upgrade e9 to tp")
    moves = [(m.player, m.text) for m in SnellmanImporter().read(text).moves]
    i = moves.index(("ada", "drop darklings"))
    assert moves[i - 1] == ("cleo", "pass bon4") and moves[i + 1] == ("ada", "upgrade e9 to tp")


def test_live_a_player_cannot_drop_another_faction() -> None:
    g = _state("witches", "nomads")
    with pytest.raises(IllegalCommand, match="only a site record drops another faction"):
        _row(g, "p0", "drop nomads")
    g = _state("witches", "nomads", options=("site-order",))
    g.fac["nomads"].update(passed=1)
    _row(g, "p0", "drop nomads")
    assert g.fac["nomads"]["dropped"] and not g.fac["witches"]["dropped"]
    with pytest.raises(IllegalCommand, match="already dropped out"):
        _row(g, "p0", "drop nomads")


def test_a_cult_step_named_after_the_pass_imports_as_the_site_played_it() -> None:
    state = replay(CULT_AFTER_PASS, name="cult-after-pass")
    assert state.fac["witches"]["AIR"] == 3 and state.fac["witches"]["FAV6"] == 1
    s = _import_and_verify(CULT_AFTER_PASS, "cult-after-pass")
    assert s["final_scores_by_player"] == {"ada": 69, "ben": 74}


# -- live play: what the last faction owes is taken before its next action ---------------

#: How each owed thing is settled by a row of its own.
SETTLE = {"SPADE": "-SPADE", "FAVOR": "+FAV11", "TOWN": "+TW1", "CULT": "+FIRE",
          "BRIDGE": "-BRIDGE", "FREE_D": "-FREE_D", "FREE_TP": "-FREE_TP",
          "FREE_TF": "-FREE_TF"}


def _alone_owing(owed: str, options=()):
    """Round 2: the nomads have passed; the witches have taken their action, which left
    them owing ``owed``."""
    g = _state("witches", "nomads", options=options)
    g.round = 2
    g.pool.update({"BON1": 1, "BON2": 1, "BON3": 1})
    g.fac["nomads"].update(passed=1, bonus="BON1", BON1=1)
    g.pool["BON1"] = 0
    g.pass_order = ["nomads"]
    _put(g, "witches", "E9", "TP")
    _put(g, "witches", "A3", "TP")
    _put(g, "witches", "F2", "TP")
    _put(g, "witches", "D1", "D")
    g.fac["witches"].update(acted=1, actions=1, **{owed: 1})
    return g


def test_every_owed_thing_is_listed_here() -> None:
    assert set(SETTLE) == set(OWED)


@pytest.mark.parametrize("owed", sorted(SETTLE))
def test_live_the_last_faction_takes_what_it_owes_before_passing(owed: str) -> None:
    g = _alone_owing(owed)
    with pytest.raises(IllegalCommand, match="must finish their action first"):
        _row(g.clone(), "p0", "pass BON2")
    _row(g, "p0", SETTLE[owed])
    _row(g, "p0", "pass BON2")
    assert g.round == 3  # both passed, nothing owed: the next round began


@pytest.mark.parametrize("owed", sorted(SETTLE))
def test_site_order_lets_the_last_faction_pass_first_and_settle_after(owed: str) -> None:
    g = _alone_owing(owed, options=("site-order",))
    _row(g, "p0", "pass BON2")
    f = g.fac["witches"]
    assert f["passed"] and f[owed] and g.round == 2
    assert acting(g) == ["witches"]  # the round waits for what it owes
    _row(g, "p0", SETTLE[owed])
    assert g.round == 3


@pytest.mark.parametrize("action, track", [("action FAV6", "+AIR"), ("action BON2", "+WATER")])
@pytest.mark.parametrize("site", [False, True])
def test_a_cult_action_of_the_last_faction_and_its_step_after_the_pass(action, track, site):
    g = _state("witches", "nomads", options=("site-order",) if site else ())
    g.round = 2
    g.pool.update({"BON3": 1, "BON4": 1})
    g.fac["nomads"].update(passed=1)
    g.pass_order = ["nomads"]
    f = g.fac["witches"]
    f.update(FAV6=1, BON2=1, bonus="BON2", acted=1, actions=1, P2=6, P3=1)
    _put(g, "witches", "E9")
    # Alone, the faction's next action follows in the same turn.
    before = f[track[1:]]
    _row(g, "p0", f"{action}. convert 1PW to 1C")
    assert f["CULT"] == 1
    if not site:
        with pytest.raises(IllegalCommand, match="must finish their action first"):
            _row(g.clone(), "p0", "pass BON3")
        _row(g, "p0", track)
        _row(g, "p0", "pass BON3")
    else:
        _row(g, "p0", "pass BON3")
        assert f["passed"] and g.round == 2
        _row(g, "p0", track)
    assert g.round == 3 and f[track[1:]] == before + 1


def test_a_temples_favor_tile_after_the_pass_in_site_order() -> None:
    g = _state("witches", "nomads", options=("site-order",))
    g.round = 2
    g.pool.update({"BON3": 1})
    g.fac["nomads"].update(passed=1)
    g.pass_order = ["nomads"]
    f = g.fac["witches"]
    f.update(acted=1, actions=1, W=9, C=20)
    _put(g, "witches", "E9", "TP")
    _row(g, "p0", "upgrade E9 to TE")
    _row(g, "p0", "pass BON3")
    assert f["passed"] and f["FAVOR"] == 1 and g.round == 2
    _row(g, "p0", "+FAV11")
    assert f["FAV11"] == 1 and g.round == 3


def _last_one(name: str, other: str = "nomads", options=("site-order",)):
    """Round 2: ``other`` has passed; ``name`` is the last to play."""
    g = _state(name, other, options=options)
    g.round = 2
    g.pool.update({"BON3": 1, "BON4": 1})
    g.fac[other].update(passed=1)
    g.pass_order = [other]
    g.fac[name].update(acted=1, actions=1)
    return g


def test_the_aurens_two_steps_on_one_track_after_the_pass_in_site_order() -> None:
    g = _last_one("auren")
    f = g.fac["auren"]
    f.update(ACTA=1, SH=1)
    _row(g, "p0", "action ACTA")
    _row(g, "p0", "pass BON3")
    assert f["passed"] and f["CULT"] == 2 and g.round == 2
    _row(g, "p0", "+2FIRE")
    assert f["FIRE"] == 2 and g.round == 3


def test_spades_of_a_bonus_tile_spent_after_the_pass_in_site_order() -> None:
    g = _last_one("witches")
    f = g.fac["witches"]
    f.update(BON1=1, bonus="BON1")
    _put(g, "witches", "E9")
    _row(g, "p0", "action BON1")
    _row(g, "p0", "pass BON3")
    assert f["passed"] and f["SPADE"] == 1 and g.round == 2
    # F6 (gray, next to E9) is one step from home; the spade is spent there.
    _row(g, "p0", "transform F6 to green")
    assert g.hcolor[B.INDEX["F6"]] == "green" and g.round == 3


@pytest.mark.parametrize("site", [False, True])
def test_the_cultists_step_from_an_offer_taken_after_their_pass(site: bool) -> None:
    """The last faction, the Cultists, build beside the witches (passed) and pass; the
    witches take the power, which earns the Cultists a step after their pass: the round
    waits for it, on the site and live alike."""
    opts = ("site-leech", "site-order") if site else ()
    g = _last_one("cultists", "witches", options=opts)
    c = g.fac["cultists"]
    c.update(W=9, C=20)
    _put(g, "cultists", "E6")
    _put(g, "witches", "E7")
    _row(g, "p0", "upgrade E6 to TP")
    if site:
        _row(g, "p0", "pass BON3")  # the site: play runs on while the offer is open
        _row(g, "p1", "leech 2 from cultists")
    else:
        with pytest.raises(IllegalCommand, match="waiting for witches"):
            _row(g.clone(), "p0", "pass BON3")
        _row(g, "p1", "leech 2 from cultists")
        with pytest.raises(IllegalCommand, match="must finish their action first"):
            _row(g.clone(), "p0", "pass BON3")
        _row(g, "p0", "+FIRE")
        _row(g, "p0", "pass BON3")
    if site:
        assert c["passed"] and c["CULT"] == 1 and acting(g) == ["cultists"] and g.round == 2
        _row(g, "p0", "+FIRE")
    assert c["FIRE"] == 2 and g.round == 3


# -- a dropped faction, wherever it stands ---------------------------------------------

SPADE_TILES = ["SCORE6", "SCORE8", "SCORE2", "SCORE6", "SCORE8", "SCORE2"]


def _pass(g, name: str) -> None:
    tile = "" if g.round == 6 else next(b for b in sorted(g.pool) if b.startswith("BON")
                                        and g.pool[b])
    g.active = name
    _row(g, g.player_of[name], f"pass {tile}".strip())


def _to_round(r: int, variable: bool, position: int):
    """Three factions at the start of round ``r``, the darklings at ``position`` of its
    turn order; every faction has 4 on every cult track, so that each round's tile gives
    a spade at its end."""
    names = ["witches", "nomads", "darklings"]
    opts = ("variable-turn-order",) if variable else ()
    if r == 1:
        seats = [n for n in names if n != "darklings"]
        seats.insert(position, "darklings")
        g = _state(*seats, options=opts)
    else:
        g = _state(*names, options=opts)
    g.score_tiles = tuple(SPADE_TILES)
    g.pool.update({f"BON{i}": 1 for i in range(1, 7)})
    for f in g.fac.values():
        f.update(FIRE=4, WATER=4, EARTH=4, AIR=4)
        _put(g, f["name"], {"witches": "A3", "nomads": "B1", "darklings": "H5"}[f["name"]])
    if r == 1:
        return g
    g.round = r - 1
    # The last round's pass order that puts the darklings at ``position`` now.
    if variable:
        order = [n for n in names if n != "darklings"]
        order.insert(position, "darklings")
    else:
        first = g.order[(g.order.index("darklings") - position) % 3]
        order = [first] + [n for n in g.order if n != first]
    for n in order:
        _pass(g, n)
    # Every faction spends its spade of the round's end; then the round begins.
    while g.phase == "spades":
        n = acting(g)[0]
        _row(g, g.player_of[n], "-SPADE")
    assert g.round == r and g.turn_order[position] == "darklings"
    return g


def _play_out(g, gone: str) -> list[int]:
    """Everyone else passes at each turn to the game's end; nobody waits for ``gone``.
    Returns ``gone``'s workers at the start of each round played."""
    workers = []
    seen = g.round
    while not g.finished:
        who = acting(g)
        assert who and gone not in who
        if g.round != seen:
            seen = g.round
            workers.append(g.fac[gone]["W"])
        n = who[0]
        if g.phase == "spades" or g.fac[n]["SPADE"]:
            _row(g, g.player_of[n], "-SPADE")
        else:
            _pass(g, n)
    return workers


#: Every round, every position, both turn orders, dropped on its turn or after passing
#: (the last to pass in round 6 ends the game: there is nothing to drop out of).
DROPS = [(v, r, p, w) for v in (False, True) for r in range(1, 7) for p in range(3)
         for w in ("on-its-turn", "after-passing") if (r, p, w) != (6, 2, "after-passing")]


@pytest.mark.parametrize("variable, r, position, when", DROPS)
def test_a_dropped_faction_never_holds_up_a_round(variable, r, position, when) -> None:
    g = _to_round(r, variable, position)
    for n in g.turn_order[:position]:
        assert acting(g)[0] == n
        _pass(g, n)
    assert g.active == "darklings"
    if when == "after-passing":
        _pass(g, "darklings")
    _row(g, g.player_of["darklings"], "drop")
    d = g.fac["darklings"]
    assert d["dropped"] and d["passed"] and not d["bonus"]
    before = d["W"]
    workers = _play_out(g, "darklings")
    # Its income went on every later round: a base worker and one for its dwelling.
    assert len(workers) == 6 - r
    assert [b - a for a, b in zip([before, *workers], workers, strict=False)] == \
        [2] * len(workers)
    # It is scored and ranked with the rest.
    assert g.final["earth"]["darklings"] > 0 and g.final["resources"]["darklings"] > 0
    assert g.player_of["darklings"] in GAME.outcome(g).ranks


def test_a_dropped_faction_misses_the_spades_a_round_gives_but_not_the_rest() -> None:
    g = _to_round(2, True, 0)
    g.score_tiles = ("SCORE6", "SCORE6", "SCORE3", "SCORE6", "SCORE6", "SCORE6")
    _row(g, "p2", "drop")
    d = g.fac["darklings"]
    for n in ("witches", "nomads"):
        _pass(g, n)
    # SCORE6: a spade per 4 water; the others owe theirs, the dropped faction none.
    assert g.phase == "spades" and d["SPADE"] == 0
    assert sorted(acting(g)) == ["nomads", "witches"]
    for n in ("witches", "nomads"):
        _row(g, g.player_of[n], "-SPADE")
    assert g.round == 3
    # SCORE3: a priest per 4 water, to the dropped faction too.
    priests = d["P"]
    for n in list(g.turn_order):
        if n != "darklings":
            _pass(g, n)
    assert g.round == 4 and d["P"] == priests + 1


def test_a_dropped_cultists_earn_no_cult_step_from_an_offer_taken_later() -> None:
    g = _state("cultists", "witches", "nomads", options=("site-leech",))
    c = g.fac["cultists"]
    c.update(W=9, C=20)
    _put(g, "cultists", "E6")
    _put(g, "witches", "E7")
    _row(g, "p0", "upgrade E6 to TP")
    assert [o[0] for o in g.offers] == ["witches"]
    _row(g, "p0", "drop")
    _row(g, "p1", "leech 2 from cultists")
    assert c["CULT"] == 0 and "cultists" not in acting(g)


def test_a_round_after_a_drop_starts_with_the_next_faction_that_still_plays() -> None:
    g = _state("witches", "nomads", "darklings", options=("variable-turn-order",))
    g.round = 2
    g.pass_order = ["darklings", "witches", "nomads"]
    for n in g.order:
        g.fac[n]["passed"] = 1
    g.fac["darklings"]["dropped"] = 1
    start_round(g)
    assert g.turn_order[0] == "darklings" and g.active == "witches"


def test_the_site_drop_of_another_faction_reads_and_writes_back() -> None:
    from meeple_terra_mystica.notation import format_row, parse_row

    assert parse_row("drop-faction Darklings") == (("drop", "darklings"),)
    assert format_row(parse_row("drop darklings")) == "drop darklings"
    assert parse_row("drop") == (("drop",),)
    with pytest.raises(IllegalCommand, match="unknown faction 'elves'"):
        parse_row("drop elves")


@pytest.mark.parametrize("owed", sorted(SETTLE))
def test_a_faction_dropped_while_it_owes_a_choice_holds_nothing_up(owed: str) -> None:
    g = _state("witches", "nomads", "darklings")
    g.fac["witches"].update(acted=1, **{owed: 1})
    assert acting(g)[0] == "witches"
    _row(g, "p0", "drop")
    assert not any(g.fac["witches"][k] for k in OWED)
    assert g.active == "nomads" and "witches" not in acting(g)
