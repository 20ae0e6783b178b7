"""verify's comparison: a stored event of an older version that upcasts to today's event is
the same event; a different one is shown readably, never as a traceback."""

from __future__ import annotations

from meeple.core import Game, event
from meeple.core.audit import _same
from meeple.core.codec import Codec, dumps
from meeple.core.compare import changes_for, difference
from meeple.core.records import NewEvent, chain


@event("t.moved", version=2)
class Moved:
    to: int
    gain: int = 0


class Mover(Game):
    name = "mover"
    events = (Moved,)

    def upcast(self, type_name, version, data):
        # Version 1 called the square "square" and knew no gains.
        return 2, {"to": data["square"], "gain": 0}

    def changes(self, ev):
        return {"p1": {"vp": ev.gain}} if ev.gain else {}


def record(type_name: str, version: int, data: dict | bytes):
    raw = data if isinstance(data, bytes) else dumps(data)
    return chain("g", 0, "0" * 64, [NewEvent(type_name, version, raw, "p1", "x")], "t")[0]


def test_an_old_version_that_upcasts_to_today_s_event_is_the_same():
    codec = Codec(Mover())
    old = record("t.moved", 1, {"square": 3})
    assert _same(codec, old, Moved(3))
    assert not _same(codec, old, Moved(4))
    assert not _same(codec, record("t.moved", 1, {"wrong": 1}), Moved(3))
    # Another type is another event, whichever version it is stored in.
    assert not _same(codec, record("t.other", 1, {"square": 3}), Moved(3))
    assert not _same(codec, record("t.other", 2, {"to": 3, "gain": 0}), Moved(3))


def test_differences_are_shown_as_changes_or_fields():
    game, codec = Mover(), Codec(Mover())
    stored = record("t.moved", 2, {"to": 3, "gain": 2})
    assert difference(game, codec, stored, Moved(3, 3)) == \
        "stored +2 vp for p1, today's rules give +3 vp for p1"
    for to in (4, 2):  # a field that grew or shrank
        assert difference(game, codec, stored, Moved(to, 2)) == \
            f"t.moved: to: stored 3, today's rules give {to}"
    assert difference(game, codec, None, Moved(4)).startswith(
        "the log has no event here; today's rules give t.moved {to=4, gain=0}")
    assert "today's rules give no event here" in difference(game, codec, stored, None)


def test_unreadable_stored_data_is_shown_raw():
    game, codec = Mover(), Codec(Mover())
    text = difference(game, codec, record("t.moved", 2, b'{"to": "x"'), Moved(1))
    assert text.startswith("stored t.moved v2") and "today's rules give t.moved" in text


def test_changes_for_puts_vp_first_and_names_each_player():
    assert changes_for({"a": {"coins": -1, "vp": 2}, "b": {"vp": 0}}) == "+2 vp, -1 coins for a"
    assert changes_for({}) == "no change"
