"""legal hands out one Place object per placement within a game (search compares
commands by identity), and that table belongs to the game: nothing is kept per process."""

from meeple.core.testing import random_snapshots
from meeple_carcassonne_hill_dale import rules
from meeple_carcassonne_hill_dale.game import HillDale


def _state(seed: int):
    return random_snapshots(HillDale(), 3, seed, [12])[0]


def test_legal_twice_gives_the_same_objects_and_a_clone_shares_them():
    s = _state(1)
    seat = s.turn
    first = rules.legal(s, seat)
    assert first
    again = rules.legal(s, seat)
    assert all(a is b for a, b in zip(first, again, strict=True))
    clone = s.clone()
    assert all(a is b for a, b in zip(first, rules.legal(clone, seat), strict=True))


def test_two_games_share_no_interned_commands_and_the_module_keeps_none():
    a, b = _state(1), _state(1)  # the same position, reached in two separate games
    assert a == b and a.places is not b.places
    la, lb = rules.legal(a, a.turn), rules.legal(b, b.turn)
    assert la == lb
    assert not any(x is y for x, y in zip(la, lb, strict=True))
    assert not [n for n, v in vars(rules).items() if isinstance(v, dict) and not n.startswith("__")
                and v and all(type(k) is tuple for k in v)]


def test_a_view_starts_its_own_table_and_equality_ignores_it():
    s = _state(2)
    rules.legal(s, s.turn)
    assert s.places
    v = HillDale().view(s, s.players[0])
    assert v.places == {} and v.places is not s.places
    c = s.clone()
    c.places = {}
    assert c == s
