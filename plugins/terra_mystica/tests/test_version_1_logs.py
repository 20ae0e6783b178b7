"""Logs of version 1 of the stored format: a stored game is named version 1 only where
its first events differ from today's as version 1 differs (the site's leech rule as an
option, rows of text instead of played facts), and a version 1 start upcasts to today's
with the site's leech rule and no fixed factions. (test_events.py replays a whole
version 1 log of rows.)"""

from __future__ import annotations

from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.game import Started

GAME = TerraMystica()


def test_an_old_format_is_named_only_where_version_1_differs_from_today() -> None:
    from meeple_terra_mystica.game import _V1, Acted, Played

    old = Started(("ann", "bob"), ("site-leech",), ("SCORE1",) * 6, ("BON1",))
    new = Started(("ann", "bob"), (), ("SCORE1",) * 6, ("BON1",))
    assert GAME.old_format([old], [new]) == _V1  # only site-leech differs: version 1
    other = Started(("ann", "bob"), (), ("SCORE2",) * 6, ("BON1",))
    assert GAME.old_format([old], [other]) is None  # a different setup is not version 1
    strict = Started(("ann", "bob"), ("site-leech", "strict-leech"), ("SCORE1",) * 6, ("BON1",))
    assert GAME.old_format([strict], [new]) is None
    row = Acted("ann", "build E7")
    assert GAME.old_format([row], [Played("ann", "witches", "build E7")]) == _V1
    assert GAME.old_format([row], [Played("bob", "nomads", "build E7")]) is None
    assert GAME.old_format([row], [Played("ann", "witches", "build E8")]) is None
    assert GAME.old_format([row, row], [Played("ann", "witches", "build E7")]) is None
    assert GAME.old_format([row], []) is None
    assert GAME.old_format([new], [Played("ann", "witches", "build E7")]) is None


def test_a_version_1_start_upcasts_with_site_leech_and_no_fixed_factions() -> None:
    data = {"players": ["ann", "bob"], "options": ["strict-leech"], "scoring": ["SCORE1"] * 6,
            "removed_bonus": []}
    version, out = GAME.upcast(Started.TYPE, 1, data)
    assert version == 2 and out["factions"] == []
    assert out["options"] == ["strict-leech", "site-leech"]  # in the options' own order
    kept = {**data, "factions": ["witches", "nomads"]}
    assert GAME.upcast(Started.TYPE, 1, kept) == (2, kept)


def test_a_version_1_row_todays_rules_refuse_is_refused_saying_which_and_why() -> None:
    import pytest
    from meeple.core import IllegalCommand, LocalGame
    from meeple_terra_mystica.game import Acted, Played

    state = LocalGame(GAME, ["ann", "bob"], {}, seed=1).state
    with pytest.raises(IllegalCommand) as info:
        GAME.upcast_in_context(state, Acted("bob", "setup witches"))
    assert str(info.value) == ("a version-1 row of bob, 'setup witches', is refused by "
                               "today's rules: it is ann's turn to pick a faction")
    # A row the rules accept becomes one Played of the faction that played it.
    played = GAME.upcast_in_context(state, Acted("ann", "setup witches"))
    assert type(played) is Played and (played.player, played.faction) == ("ann", "witches")
    assert played.text == "setup witches"
    # Today's events pass through as they are.
    assert GAME.upcast_in_context(state, played) is played
    assert GAME.upcasts_in_context(Acted("ann", "x")) and not GAME.upcasts_in_context(played)
