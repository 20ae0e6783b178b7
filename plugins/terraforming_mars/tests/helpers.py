"""Shared set-ups: a two-player game brought to the first action phase, then shaped by hand."""

from __future__ import annotations

from meeple.core import LocalGame
from meeple_terraforming_mars import TerraformingMars
from meeple_terraforming_mars.state import RI

GAME = TerraformingMars()


def action_game(seed: int = 1, corps: tuple[str, str] = ("Beginner Corporation",) * 2,
                players: int = 2, options: dict | None = None) -> LocalGame:
    """A game in generation 1's action phase: each player took the given corporation and
    bought no cards (the beginner keeps its ten). Hands are then emptied for clean tests."""
    g = LocalGame(GAME, GAME.default_players(players), options, seed=seed)
    for p, corp in zip(g.players, corps * players, strict=False):
        if corp != "Beginner Corporation":
            g.state.players[p].corp_offer = [corp]
        g.play(p, f"corporation {corp}")
    while g.state.pending and g.state.pending[0][1] == "buy":
        g.play(g.state.pending[0][0], "buy none")
    for p in g.state.players.values():
        g.state.deck.extend(p.hand)
        p.hand = []
    assert g.state.phase == "action"
    return g


def give(g: LocalGame, player: str, **res: int) -> None:
    p = g.state.players[player]
    for r, n in res.items():
        p.res[RI[r]] = n


def prod(g: LocalGame, player: str, **res: int) -> None:
    p = g.state.players[player]
    for r, n in res.items():
        p.prod[RI[r]] = n


def resolve(g: LocalGame, choices: dict[str, str] | None = None) -> list[str]:
    """Answer every pending decision with the first legal command, or with the command in
    ``choices`` keyed by the decision kind. Returns the texts given."""
    said = []
    choices = choices or {}
    while g.state.pending:
        item = g.state.pending[0]
        who, kind = item[0], item[1]
        text = choices.get(kind) or GAME.format(GAME.legal(g.state, who)[0], g.state)
        g.play(who, text)
        said.append(text)
    return said


def hand(g: LocalGame, player: str, *cards: str) -> None:
    for c in cards:
        if c in g.state.deck:
            g.state.deck.remove(c)
        g.state.players[player].hand.append(c)


def rich_game(corp: str) -> LocalGame:
    """A Corporate Era game in its action phase with p1 running ``corp``, able to afford
    and meet the requirements of many cards: -30 °C, 6 % oxygen, 5 oceans,
    120 M€, plenty of plants, energy and heat, and 6 of every production."""
    g = action_game(seed=3, options={"corporate_era": True})
    s = g.state
    s.temp, s.oxygen, s.oceans = 0, 6, 5
    s.players["p1"].corp = corp
    give(g, "p1", mc=120, steel=0, titanium=0, plants=20, energy=10, heat=10)
    for r in RI:
        s.players["p1"].prod[RI[r]] = 6
    return g
