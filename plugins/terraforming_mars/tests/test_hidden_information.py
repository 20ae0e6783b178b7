"""What each seat and the spectator may see of Terraforming Mars' log, event by event and
field by field: for every event of random games (with the draft, with Corporate Era's
looks), as redacted for each player and for the spectator, the cards another player
keeps secret (dealt, drafted, bought, drawn, sold, looked at, kept, marked, offered) are
``?`` with their number kept, the viewer's own are shown, every other field is the
event's own, and the recorded delta hides the same; also the view of every seat and the
spectator field by field in positions of those games, and the command texts of the log
(``redact_command``) for each verb."""

from __future__ import annotations

import random

import attrs
import pytest
from meeple.core import LocalGame
from meeple_terraforming_mars import messages as m
from meeple_terraforming_mars.delta import SECRET_LISTS

from .helpers import GAME

PER_PLAYER = {m.Dealt: ("corps", "cards"), m.Bought: ("cards",), m.Drawn: ("cards",),
              m.Sold: ("cards",), m.Looked: ("cards",), m.Kept: ("cards",),
              m.Drafted: ("card",), m.Marked: ("card",)}


def _game(seed: int, options: dict, plies: int) -> LocalGame:
    local = LocalGame(GAME, GAME.default_players(3), options, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if local.outcome() is not None:
            break
        player = rng.choice(list(local.to_act()))
        local.play(player, rng.choice(GAME.legal(local.state, player)))
    return local


GAMES = [_game(2, {"draft": True}, 400), _game(2, {"corporate_era": True}, 260)]


def _hidden(v):
    return "?" if isinstance(v, str) else tuple("?" for _ in v)


def _check_delta(shown, real, viewer) -> None:
    if real is None:
        assert shown is None
        return
    for (n, f, rm, add), (n2, f2, rm2, add2) in zip(shown.cards, real.cards, strict=True):
        assert (n, f) == (n2, f2)
        secret = f in SECRET_LISTS and n != viewer
        assert (rm, add) == ((_hidden(rm2), _hidden(add2)) if secret else (rm2, add2)), (n, f)
    assert shown.deck_added == _hidden(real.deck_added)
    assert shown.discard_added == _hidden(real.discard_added)
    rest = [a.name for a in attrs.fields(type(real)) if a.name not in
            ("cards", "deck_added", "discard_added")]
    assert all(getattr(shown, k) == getattr(real, k) for k in rest)


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_event_as_each_seat_and_the_spectator_may_see_it(index):
    local = GAMES[index]
    seen = set()
    for ev in local.events:
        t = type(ev)
        for viewer in (*local.players, None):
            shown = GAME.redact(ev, viewer)
            assert type(shown) is t
            hide: tuple[str, ...] = ()
            if t in PER_PLAYER and ev.player != viewer:
                hide = PER_PLAYER[t]
            if t in (m.Shuffled, m.Reshuffled):
                hide = ("cards",)
            for a in attrs.fields(t):
                real, got = getattr(ev, a.name), getattr(shown, a.name)
                if a.name == "delta":
                    _check_delta(got, real, viewer)
                elif a.name in hide:
                    assert got == _hidden(real), (t.__name__, a.name, viewer)
                elif t is m.Research and a.name == "offers":
                    assert got == tuple((n, c if n == viewer else _hidden(c)) for n, c in real)
                else:
                    assert got == real, (t.__name__, a.name, viewer)
            if hide or t is m.Research:
                seen.add(t.__name__)
    wanted = {"Dealt", "Shuffled", "Drawn", "Research", "Marked"} | (
        {"Drafted", "Reshuffled"} if index == 0 else {"Looked", "Kept"})
    assert wanted <= seen, wanted - seen


SECRET = ("hand", "offer", "corp_offer", "drafted", "marked")


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_view_of_every_seat_and_the_spectator_field_by_field(index):
    s = GAMES[index].state
    for viewer in (*s.names, None):
        v = GAME.view(s, viewer)
        for name, p in s.players.items():
            q = v.players[name]
            for field in p.__slots__:
                real, seen = getattr(p, field), getattr(q, field)
                if field in SECRET and name != viewer:
                    assert seen == ["?"] * len(real), (viewer, name, field)
                else:
                    assert seen == real, (viewer, name, field)
        for field in s.__slots__:
            if field in ("deck", "discard"):
                assert getattr(v, field) == ["?"] * len(getattr(s, field))
            elif field != "players":
                assert getattr(v, field) == getattr(s, field), field
    assert any(p.hand for p in s.players.values()) and s.deck and s.discard


@pytest.mark.parametrize(("text", "own", "other"), [
    ("draft Comet", "draft Comet", "draft 1 card"),
    ("keep Comet, Fish", "keep Comet, Fish", "keep 2 cards"),
    ("keep none", "keep none", "keep 0 cards"),
    ("buy Comet, Fish, Lichen", "buy Comet, Fish, Lichen", "buy 3 cards"),
    ("buy none", "buy none", "buy 0 cards"), ("buy", "buy", "buy"),
    ("sell Comet", "sell Comet", "sell 1 card"),
    ("take Comet", "take Comet", "take a card"), ("drop Comet", "drop Comet", "drop a card"),
    ("play Comet pay 21", "play Comet pay 21", "play Comet pay 21"),
    ("pass", "pass", "pass"),
])
def test_a_logged_command_shows_another_player_only_how_many_cards(text, own, other):
    assert GAME.redact_command(text, "p1", "p1") == own
    assert GAME.redact_command(text, "p1", "p2") == other
    assert GAME.redact_command(text, "p1", None) == other
