"""The decision queue: decisions at its head that have nothing left to choose from are
dropped, in order, up to the first one that can be answered; those behind it stay (they
are judged when they reach the head). Each kind of decision is possible exactly when
there is something to choose. Written after the mutation runs of docs/testing.md."""

from __future__ import annotations

from meeple_terraforming_mars.effects import normalize, pending_possible
from meeple_terraforming_mars.state import MAX_OCEANS, State

OCEAN = ("a", "place", "ocean", "ocean", "")
CITY = ("a", "place", "city", "normal", "")
MICROBE = ("a", "add", "microbe", 2, "another", "Symbiotic Fungus")
UNIVERSITY = ("a", "university")
REDUCE = ("a", "reduce", "heat", 1)


def _state(n: int = 2) -> State:
    s = State(("a", "b", "c")[:n], {})
    s.phase = "action"
    return s


def test_each_kind_of_decision_is_possible_exactly_when_there_is_a_choice():
    s = _state()
    assert pending_possible(s, OCEAN) and pending_possible(s, CITY)
    s.oceans = MAX_OCEANS
    assert not pending_possible(s, OCEAN) and pending_possible(s, CITY)
    assert not pending_possible(s, MICROBE)
    s.players["a"].played.append("Decomposers")  # holds microbes
    assert pending_possible(s, MICROBE)
    assert not pending_possible(s, UNIVERSITY)
    s.players["a"].hand.append("Comet")
    assert pending_possible(s, UNIVERSITY)
    assert not pending_possible(s, REDUCE)  # nobody has heat production
    s.players["b"].prod[5] = 1
    assert pending_possible(s, REDUCE)
    solo = State(("a",), {})
    assert pending_possible(solo, REDUCE)  # the neutral player has any production


def test_only_the_impossible_decisions_at_the_head_are_dropped_in_order():
    s = _state()
    s.oceans = MAX_OCEANS
    s.pending = [OCEAN, MICROBE, CITY, OCEAN, UNIVERSITY]
    normalize(s)
    assert s.pending == [CITY, OCEAN, UNIVERSITY]
    s.pending = [OCEAN, UNIVERSITY]
    normalize(s)
    assert s.pending == []
    s.pending = [CITY, OCEAN]
    normalize(s)
    assert s.pending == [CITY, OCEAN]
