"""Stored shapes, checked field by field: the codec's canonical bytes and round trips, event
declarations and their type names, headers (shape checks with their messages, secrets kept
out of the hash and the export, legacy headers), record chains and batches, and the chance
keys of each scheme."""

from __future__ import annotations

import hashlib

import attrs
import orjson
import pytest
from meeple.core import IntegrityError, runtime
from meeple.core.codec import Codec, dumps
from meeple.core.events import Redone, Undone, command, event, is_barrier, type_name
from meeple.core.game import Game
from meeple.core.records import (
    CHANCE_DRAW,
    CHANCE_POSITION,
    CHANCE_SCHEMES,
    CHANCE_SEQ,
    SECRET_FIELDS,
    GameHeader,
    NewEvent,
    Record,
    chain,
    chain_batches,
    commit_seed,
    record_bytes,
    seed_nonce,
    utc_now,
)

# -- codec ----------------------------------------------------------------------------------


@event("codec.placed", version=2)
class Placed:
    who: str
    cells: tuple[int, ...]
    extra: dict[str, int] = attrs.field(factory=dict)


@event("codec.placed", version=1)
class Twin:
    who: str


class CodecGame(Game):
    name = "codec-game"
    events = (Placed,)

    def upcast(self, type_name, version, data):
        if type_name == "codec.placed" and version == 1:
            return 2, {**data, "cells": [0]}
        return super().upcast(type_name, version, data)


def test_canonical_bytes_sort_keys_at_every_depth_and_allow_int_keys() -> None:
    a = dumps({"b": 1, "a": {"z": [1, {"y": 2, "x": 3}], "c": None}})
    assert a == b'{"a":{"c":null,"z":[1,{"x":3,"y":2}]},"b":1}'
    assert dumps({2: "x", 1: "y"}) == b'{"1":"y","2":"x"}'


def test_events_round_trip_and_old_versions_are_upcast() -> None:
    codec = Codec(CodecGame())
    ev = Placed("ann", (3, 1), {"b": 2, "a": 1})
    t, v, data = codec.encode(ev)
    assert (t, v, data) == ("codec.placed", 2, b'{"cells":[3,1],"extra":{"a":1,"b":2},"who":"ann"}')
    assert codec.to_data(ev) == {"who": "ann", "cells": [3, 1], "extra": {"b": 2, "a": 1}}
    for raw in (data, bytearray(data), memoryview(data), data.decode(), orjson.loads(data)):
        assert codec.decode(t, v, raw) == ev
    assert codec.decode(t, 1, b'{"who":"bob"}') == Placed("bob", (0,))
    with pytest.raises(IntegrityError) as exc:
        codec.decode(t, 3, data)
    assert str(exc.value) == "codec.placed version 3 is newer than this plugin knows (2)"
    with pytest.raises(IntegrityError) as exc:
        codec.decode("codec.gone", 1, data)
    assert str(exc.value) == "unknown event type 'codec.gone' for codec-game"
    assert codec.decode("meeple.undone", 1, b'{"first_seq":2,"last_seq":3,"by":"a"}') == (
        Undone(2, 3, "a"))


def test_two_event_classes_with_one_type_name_are_refused() -> None:
    class Clash(CodecGame):
        events = (Placed, Twin)

    with pytest.raises(ValueError) as exc:
        Codec(Clash())
    assert str(exc.value) == "two event classes share the type name 'codec.placed'"

    class Again(CodecGame):
        events = (Placed, Placed)

    assert Codec(Again()).types["codec.placed"] is Placed


# -- headers --------------------------------------------------------------------------------


def sealed(**kw) -> GameHeader:
    base = dict(game_id="g", game="x", plugin="p", plugin_version="1", players=("a", "b"),
                options={"k": 1}, seed=42, created="2026-01-01T00:00:00+00:00")
    base.update(kw)
    return GameHeader.sealed_new(**base)


def legacy(**kw) -> GameHeader:
    base = dict(game_id="g", game="x", plugin="p", plugin_version="1", players=("a", "b"),
                options={}, seed=42, created="c")
    base.update(kw)
    return GameHeader(**base)


def test_a_new_header_commits_to_its_seed() -> None:
    h = sealed()
    nonce = hashlib.sha256(b"meeple-nonce:42").hexdigest()[:32]
    assert seed_nonce(42) == nonce and len(nonce) == 32
    assert commit_seed(42, nonce) == hashlib.sha256(f"meeple-seed:{nonce}:42".encode()).hexdigest()
    assert (h.seed, h.seed_nonce, h.seed_commitment) == (42, nonce, commit_seed(42, nonce))
    assert h.chance == CHANCE_DRAW and not h.legacy and h.seed_known and h.seed_matches()
    assert h.players == ("a", "b") and h.title == "" and h.forked_from is None
    assert attrs.evolve(h, seed=43).seed_matches() is False
    assert attrs.evolve(h, seed_nonce=None).seed_matches() is False
    assert attrs.evolve(h, seed_nonce=None).seed_known is False
    assert CHANCE_SCHEMES == (CHANCE_SEQ, CHANCE_POSITION, CHANCE_DRAW) == ("seq", "position", "draw")
    assert SECRET_FIELDS == ("seed", "seed_nonce")


def test_the_header_hash_leaves_out_only_the_secrets() -> None:
    h = sealed()
    s = h.sealed()
    assert (s.seed, s.seed_nonce) == (None, None) and s.seed_commitment == h.seed_commitment
    assert s.hash() == h.hash() and not s.seed_known and not s.seed_matches()
    d = h.to_json()
    for k in SECRET_FIELDS:
        d.pop(k)
    assert h.hash() == hashlib.sha256(dumps(d)).hexdigest()
    for field, value in [("game_id", "h"), ("game", "y"), ("plugin", "q"), ("plugin_version", "2"),
                         ("players", ("a", "c")), ("options", {"k": 2}), ("created", "d"),
                         ("title", "t"), ("forked_from", ("o", 3)), ("chance", CHANCE_SEQ),
                         ("seed_commitment", "0" * 64)]:
        assert attrs.evolve(h, **{field: value}).hash() != h.hash(), field


def test_a_legacy_header_seals_its_seed_and_keeps_its_old_shape() -> None:
    h = legacy()
    assert h.legacy and h.seed_known and h.seed_matches() and h.chance == CHANCE_SEQ
    assert h.sealed() is h
    d = h.to_json()
    assert "seed_commitment" not in d and "seed_nonce" not in d and "chance" not in d
    assert d["seed"] == 42 and d["players"] == ["a", "b"] and d["forked_from"] is None
    assert h.hash() == hashlib.sha256(dumps(d)).hexdigest()
    assert attrs.evolve(h, seed=43).hash() != h.hash()
    assert not attrs.evolve(h, seed=None).seed_known
    assert not attrs.evolve(h, seed=None).seed_matches()
    assert GameHeader.from_json(d) == h


def test_headers_round_trip_through_json() -> None:
    h = sealed(title="t", forked_from=("src", 4))
    d = h.to_json()
    assert d["forked_from"] == ["src", 4] and d["players"] == ["a", "b"]
    assert GameHeader.from_json(orjson.loads(orjson.dumps(d))) == h
    with pytest.raises(TypeError) as exc:
        GameHeader.from_json([1])  # type: ignore[arg-type]
    assert str(exc.value) == "a header must be an object, not list"


@pytest.mark.parametrize(("change", "message"), [
    ({"game_id": 1}, "header field 'game_id' must be text"),
    ({"game": None}, "header field 'game' must be text"),
    ({"plugin": 2}, "header field 'plugin' must be text"),
    ({"plugin_version": 1.0}, "header field 'plugin_version' must be text"),
    ({"created": None}, "header field 'created' must be text"),
    ({"title": None}, "header field 'title' must be text"),
    ({"players": ["a", 2]}, "header field 'players' must be names"),
    ({"options": []}, "header field 'options' must be an object"),
    ({"seed": "42"}, "header field 'seed' must be a whole number"),
    ({"seed": True}, "header field 'seed' must be a whole number"),
    ({"seed": 1.5}, "header field 'seed' must be a whole number"),
    ({"chance": "dice"}, "header field 'chance' must be one of 'seq', 'position', 'draw'"),
    ({"seed_commitment": 5}, "header field 'seed_commitment' must be text"),
    ({"seed_nonce": 5}, "header field 'seed_nonce' must be text"),
    ({"forked_from": ["a", 1, 2]}, "header field 'forked_from' must be [game id, seq]"),
    ({"forked_from": ["a"]}, "header field 'forked_from' must be [game id, seq]"),
    ({"forked_from": [1, 1]}, "header field 'forked_from' must be [game id, seq]"),
    ({"forked_from": ["a", "1"]}, "header field 'forked_from' must be [game id, seq]"),
])
def test_a_header_field_of_the_wrong_kind_is_named(change: dict, message: str) -> None:
    d = {**sealed().to_json(), **change}
    with pytest.raises(ValueError) as exc:
        GameHeader.from_json(d)
    assert str(exc.value) == message


def test_a_legacy_header_without_its_seed_is_refused_and_a_sealed_one_is_not() -> None:
    d = legacy().to_json()
    with pytest.raises(ValueError) as exc:
        GameHeader.from_json({**d, "seed": None})
    assert str(exc.value) == "header field 'seed' is missing"
    assert GameHeader.from_json({**sealed().to_json(), "seed": None}).seed is None
    assert GameHeader.from_json({**sealed().to_json(), "seed": None, "seed_nonce": None,
                                 "forked_from": None, "players": []}).players == ()


def test_a_legacy_header_may_name_only_the_old_chance_scheme_and_no_nonce() -> None:
    d = legacy().to_json()
    seq = orjson.loads(orjson.dumps(CHANCE_SEQ))  # as read from a file: equal, not the same
    assert GameHeader.from_json({**d, "chance": seq}) == legacy()
    with pytest.raises(ValueError) as exc:
        GameHeader.from_json({**d, "chance": CHANCE_DRAW})
    assert str(exc.value) == "header field 'chance' must be 'seq' in a header without 'seed_commitment'"
    with pytest.raises(ValueError) as exc:
        GameHeader.from_json({**d, "seed_nonce": "n"})
    assert str(exc.value) == "header field 'seed_nonce' is set in a header without 'seed_commitment'"


# -- records and chains ----------------------------------------------------------------------


def test_every_record_field_is_in_its_canonical_bytes() -> None:
    data = dumps({"n": 1})
    args = ["g", 3, "t.x", 2, data, "ann", "move 1", 3, "2026"]
    raw = record_bytes(*args)
    assert raw == dumps(["g", 3, "t.x", 2, '{"n":1}', "ann", "move 1", 3, "2026"])
    for i, other in enumerate(["h", 4, "t.y", 3, dumps({"n": 2}), "bob", "move 2", 2, "2027"]):
        changed = list(args)
        changed[i] = other
        assert record_bytes(*changed) != raw, i


def test_a_chain_numbers_batches_and_links_hashes() -> None:
    evs = [NewEvent("t.x", 1, dumps({"n": i}), "ann", f"c{i}") for i in range(3)]
    recs = chain("g", 5, "prev", evs, "when")
    assert [(r.seq, r.batch) for r in recs] == [(6, 6), (7, 6), (8, 6)]
    assert recs[0].prev_hash == "prev"
    assert [r.prev_hash for r in recs[1:]] == [r.hash for r in recs[:-1]]
    for r in recs:
        assert r.hash == r.expected_hash() == hashlib.sha256(
            r.prev_hash.encode() + r.content_bytes()).hexdigest()
        assert (r.game_id, r.recorded_at, r.actor) == ("g", "when", "ann")
    assert [r.command_text for r in recs] == ["c0", "c1", "c2"]
    assert chain("g", 0, "p", [], "w") == []
    many = chain_batches("g", 0, "p", [evs[:1], [], evs[1:]], "w")
    assert [(r.seq, r.batch) for r in many] == [(1, 1), (2, 2), (3, 2)]
    assert many[1].prev_hash == many[0].hash and many[0].prev_hash == "p"
    assert chain_batches("g", 0, "p", [[], []], "w") == []


def test_a_record_round_trips_through_json() -> None:
    r = chain("g", 0, "p", [NewEvent("t.x", 1, dumps({"b": 1, "a": [2]}), None, None)], "w")[0]
    d = r.to_json()
    assert d["data"] == {"a": [2], "b": 1} and d["seq"] == 1 and d["actor"] is None
    assert Record.from_json(orjson.loads(orjson.dumps(d))) == r
    assert utc_now().endswith("+00:00") and len(utc_now()) == len("2026-01-01T00:00:00.000000+00:00")


def test_chance_keys_follow_the_scheme() -> None:
    assert runtime.chance_key(CHANCE_SEQ, 9, 4) == 9
    assert runtime.chance_key(CHANCE_POSITION, 9, 4) == 5
    assert runtime.chance_key(CHANCE_DRAW, 9, 4) == 5


# -- events ---------------------------------------------------------------------------------


def test_event_declarations() -> None:
    with pytest.raises(ValueError) as exc:
        event("placed")
    assert str(exc.value) == "event type 'placed' must be namespaced, like 'my-game.placed'"

    @event("t.a", version=3, barrier=True)
    class A:
        x: int

    @event("t.b")
    class B:
        x: int

    assert (A.TYPE, A.VERSION, A.BARRIER) == ("t.a", 3, True)
    assert (B.TYPE, B.VERSION, B.BARRIER) == ("t.b", 1, False)
    assert type_name(A(1)) == "t.a" and is_barrier(A(1)) and not is_barrier(B(1))
    assert not is_barrier(object())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        A(1).x = 2  # type: ignore[misc]

    @command
    class C:
        x: int

    assert C(1) == C(1) and hash(C(1)) == hash(C(1)) and {C(1): 1}[C(1)] == 1
    assert Undone(1, 2, "a") == Undone(1, 2, "a", (), False, "")
    assert (Undone.TYPE, Redone.TYPE, Undone.BARRIER) == ("meeple.undone", "meeple.redone", False)


def test_legacy_chance_keys_on_the_sequence_number_also_for_a_header_read_back() -> None:
    import json

    from meeple.core.records import CHANCE_POSITION, CHANCE_SEQ
    from meeple.core.runtime import chance_key

    stored = json.loads(json.dumps({"chance": CHANCE_SEQ}))["chance"]  # an equal, new string
    for scheme in (CHANCE_SEQ, stored):
        assert chance_key(scheme, next_seq=9, counting=4) == 9
    assert chance_key(CHANCE_POSITION, next_seq=9, counting=4) == 5
