"""Every card requirement of Terraforming Mars (base game and Corporate Era) at its
boundary: in a position that meets all of a card's requirements exactly, the card may be
played; one step past any one of them (a temperature step, 1 % oxygen, an ocean, a tag, a
greenery, a production step, a city), it may not, with the line that names what is
needed and what there is; and with Inventrix's tolerance of two steps a global
requirement holds two steps past and fails at the third. A card that lowers M€
production may not take it below -5."""

from __future__ import annotations

import random

import pytest
from meeple.core import IllegalCommand
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.cards import CARDS
from meeple_terraforming_mars.rules import requirement_problem
from meeple_terraforming_mars.state import RI, State

from .helpers import GAME, hand, rich_game

REQ_CARDS = sorted(n for n, c in CARDS.items() if c.get("req"))
GLOBAL = ("min_temp", "max_temp", "min_oxygen", "max_oxygen", "min_oceans", "max_oceans")
LAND = ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "d2")


def _with_tag(tag: str, n: int) -> list[str]:
    """``n`` face-up cards with exactly one ``tag`` each and no other counted tag."""
    picks = [c for c, d in CARDS.items() if d["tags"] == [tag] and d["type"] != "event"]
    assert len(picks) >= n, tag
    return picks[:n]


def _exactly(name: str, corp: str = "") -> tuple[State, object]:
    """A position that meets ``name``'s requirements exactly, with nothing to spare."""
    req = CARDS[name]["req"]
    s = State(("a", "b"), {})
    p = s.players["a"]
    p.corp = corp
    if "min_temp" in req:
        s.temp = (req["min_temp"] + 30) // 2
    if "max_temp" in req:
        s.temp = (req["max_temp"] + 30) // 2
    s.oxygen = req.get("min_oxygen", req.get("max_oxygen", 0))
    s.oceans = req.get("min_oceans", req.get("max_oceans", 0))
    for tag, n in req.get("tags", {}).items():
        p.played += _with_tag(tag, n)
    for k in range(req.get("greenery", 0)):
        s.tiles[LAND[k]] = ("greenery", "a")
    for r, n in req.get("prod", {}).items():
        p.prod[RI[r]] = n
    for k in range(req.get("cities", 0)):
        s.tiles[LAND[-1 - k]] = ("city", "b")
    return s, p


def _past(s: State, p, name: str, key: str, steps: int = 1) -> str:
    """Move ``key`` of ``name``'s requirements ``steps`` past its boundary; the expected
    line of the refusal."""
    req = CARDS[name]["req"]
    if key in ("min_temp", "max_temp"):
        s.temp += steps if key == "max_temp" else -steps
        word = "or colder" if key == "max_temp" else "or warmer"
        return f"{name} needs {req[key]} C {word} (it is {s.temp_c} C)"
    if key in ("min_oxygen", "max_oxygen"):
        s.oxygen += steps if key == "max_oxygen" else -steps
        most = "at most " if key == "max_oxygen" else ""
        return f"{name} needs {most}{req[key]} % oxygen (it is {s.oxygen} %)"
    if key in ("min_oceans", "max_oceans"):
        s.oceans += steps if key == "max_oceans" else -steps
        most = "at most " if key == "max_oceans" else ""
        return f"{name} needs {most}{req[key]} oceans (there are {s.oceans})"
    if key.startswith("tags:"):
        tag = key[5:]
        gone = next(c for c in p.played if CARDS[c]["tags"] == [tag])
        p.played.remove(gone)
        return f"{name} needs {req['tags'][tag]} {tag} tag(s) in play (you have {req['tags'][tag] - 1})"
    if key == "greenery":
        del s.tiles[LAND[0]]
        return f"{name} needs a greenery tile of yours"
    if key.startswith("prod:"):
        r = key[5:]
        p.prod[RI[r]] -= 1
        return f"{name} needs {r} production of {req['prod'][r]} (you have {p.prod[RI[r]]})"
    assert key == "cities"
    del s.tiles[LAND[-1]]
    return f"{name} needs {req['cities']} cities in play (there are {req['cities'] - 1})"


def _spare(s: State, p, name: str, key: str) -> None:
    """Move ``key`` two steps to the good side of its boundary (within the tracks)."""
    if key in GLOBAL:
        attr = {"temp": "temp", "oxyg": "oxygen", "ocea": "oceans"}[key[4:8]]
        top = {"temp": 19, "oxygen": 14, "oceans": 9}[attr]
        step = 2 if key.startswith("min") else -2
        setattr(s, attr, max(0, min(top, getattr(s, attr) + step)))
    elif key.startswith("tags:"):
        p.played += [c for c, d in CARDS.items() if key[5:] in d["tags"]
                     and d["type"] != "event" and c not in p.played][:2]
    elif key == "greenery":
        s.tiles["i1"] = ("greenery", "a")
    elif key.startswith("prod:"):
        p.prod[RI[key[5:]]] += 2
    else:
        s.tiles["i2"] = ("city", "b")
        s.tiles["i3"] = ("city", "a")


def _keys(name: str) -> list[str]:
    req = CARDS[name]["req"]
    out = [k for k in req if k in GLOBAL]
    out += [f"tags:{t}" for t in req.get("tags", {})] + [f"prod:{r}" for r in req.get("prod", {})]
    return out + [k for k in ("greenery", "cities") if k in req]


@pytest.mark.parametrize("name", REQ_CARDS)
def test_every_requirement_holds_at_its_boundary_and_fails_one_step_past(name):
    keys = _keys(name)
    assert keys, name  # every requirement kind of the data is known here
    s, p = _exactly(name)
    assert requirement_problem(s, p, name) is None
    for key in keys:
        s, p = _exactly(name)
        why = _past(s, p, name, key)
        assert requirement_problem(s, p, name) == why, key
        s, p = _exactly(name)  # and more than enough on the good side is enough too
        _spare(s, p, name, key)
        assert requirement_problem(s, p, name) is None, key


@pytest.mark.parametrize("name", [n for n in REQ_CARDS if set(CARDS[n]["req"]) & set(GLOBAL)])
def test_inventrix_plays_a_global_requirement_two_steps_past_and_not_three(name):
    for key in _keys(name):
        if key not in GLOBAL:
            continue
        for steps, ok in ((2, True), (3, False)):
            s, p = _exactly(name, corp="Inventrix")
            why = _past(s, p, name, key, steps)
            if not 0 <= s.temp <= 19 or not 0 <= s.oxygen <= 14 or not 0 <= s.oceans <= 9:
                continue  # past the end of the track: cannot happen
            assert requirement_problem(s, p, name) == (None if ok else why), (key, steps)


def _lowering_megacredits() -> list[str]:
    return sorted(n for n, c in CARDS.items() if c.get("prod", {}).get("mc", 0) < 0)


def test_every_card_lowering_megacredit_production_stops_at_minus_five():
    checked = 0
    for card in _lowering_megacredits():
        down = -CARDS[card]["prod"]["mc"]
        results = {}
        for start in (-5 + down - 1, -5 + down):
            g = rich_game("")
            g.state.players["p1"].prod[RI["mc"]] = start
            hand(g, "p1", card)
            offered = [c for c in GAME.legal(g.state, "p1") if type(c) is m.Play and c.card == card]
            results[start] = bool(offered)
            if not offered:
                cost = CARDS[card]["cost"]
                with pytest.raises(IllegalCommand, match="lowers your mc production"):
                    GAME.decide(g.state, "p1", m.Play(card, cost, 0, 0, 0), random.Random(0))
        if results[-5 + down]:  # playable at all here (requirements and the like met)
            assert not results[-5 + down - 1], card
            checked += 1
    assert checked >= 3
