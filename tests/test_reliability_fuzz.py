"""Bad input on every installed game, driven by hypothesis: random strings, legal command
texts with characters changed, numbers out of range, commands given out of turn, and
names of people who do not play. The engine answers IllegalCommand (BadOptions for a
non-player) and nothing else; a refused command changes neither the state nor the log.
Corrupt import files give ImportFailed naming the bad line and store nothing.

Examples are derandomized: the same inputs every run, so a failure is never flaky.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs
import orjson
import pytest
from conftest import count, installed_games, play_random
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from meeple.core.engine import Engine
from meeple.core.errors import BadOptions, IllegalCommand, ImportFailed
from meeple.core.plugins import load
from meeple.core.stores.memory import MemoryStore

PLUGINS = load()
GAMES = installed_games()
EXAMPLES = 300  # per game and kind of input
PREFIXES = (0, 2, 5, 9, 14)  # commands played before the fuzzed one
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
# Characters that mutate command texts: ASCII, digits of other scripts, signs, spaces,
# quotes, control characters, combining marks, emoji.
NOISE = st.sampled_from(list("0123456789abcxyzXYZ ,.;:-+_/'\"\\#()[]{}\t\x00\x7f")
                        + ["٣", "Ⅻ", "½", "\u0301", "\u200b", "🎲", "ß", "İ", "\ufeff"])


@attrs.define
class Position:
    gid: str
    seq: int
    state: Any
    acting: list[str]
    idle: list[str]
    legal_texts: dict[str, list[str]]


class Positions:
    """Stored positions of one game at several points, with what each looked like."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.eng = Engine(MemoryStore(), PLUGINS)
        self.game = PLUGINS.game(name)
        self.positions: list[Position] = []
        for i, n in enumerate(PREFIXES):
            gid = play_random(self.eng, name, seed=100 + i, commands=n, game_id=f"p{i}")
            if self.eng.outcome(gid) is None:
                self.positions.append(self.snapshot(gid))
        assert self.positions, f"{name}: every random game ended before the fuzzing"
        self.refused = self.accepted = 0

    def snapshot(self, gid: str) -> Position:
        fresh = Engine(self.eng.store, PLUGINS)  # a replay of the stored log, no cache
        t = fresh.table(gid)
        acting = t.to_act()
        idle = [p for p in t.header.players if p not in acting]
        texts = {p: [self.game.format(c, t.state) for c in self.game.legal(t.state, p)[:200]]
                 for p in acting}
        return Position(gid, t.last_seq, t.state, acting, idle, texts)

    def attempt(self, i: int, player: str, text: str, must_refuse: bool) -> None:
        pos = self.positions[i]
        count("fuzz.commands")
        before = self.eng.store.load(pos.gid)
        try:
            self.eng.move(pos.gid, text, player)
        except (IllegalCommand, BadOptions) as exc:
            if isinstance(exc, BadOptions):
                assert player not in pos.acting + pos.idle, exc
            assert str(exc).strip(), "a refusal must say why"
            assert self.eng.store.load(pos.gid) == before
            assert self.eng.state(pos.gid) == pos.state  # also the engine's cached table
            self.refused += 1
            count("fuzz.refused")
            return
        assert not must_refuse, f"{self.name}: {player} may not give {text!r} now"
        # Some mutated texts are legal commands: then they are stored and verify.
        self.accepted += 1
        count("fuzz.accepted_legal")
        report = self.eng.verify(pos.gid)
        assert report.ok, report
        fresh = self.eng.fork(pos.gid, at=pos.seq, new_id=f"{pos.gid}-{self.accepted}")
        # The fork is the same position, but what nobody has seen is in a new order.
        self.positions[i] = self.snapshot(fresh)


_positions: dict[str, Positions] = {}


def positions_of(name: str) -> Positions:
    if name not in _positions:
        _positions[name] = Positions(name)
    return _positions[name]


def mutate(text: str, draw: Callable[[Any], Any]) -> str:
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["replace", "insert", "delete", "swap", "double"]))
        at = draw(st.integers(0, max(len(chars) - 1, 0)))
        if op == "replace" and chars:
            chars[at] = draw(NOISE)
        elif op == "insert":
            chars.insert(at, draw(NOISE))
        elif op == "delete" and chars:
            del chars[at]
        elif op == "swap" and len(chars) > 1:
            j = draw(st.integers(0, len(chars) - 1))
            chars[at], chars[j] = chars[j], chars[at]
        elif op == "double":
            chars = chars + [" "] + chars
    return "".join(chars)


def big_numbers(text: str, draw: Callable[[Any], Any]) -> str:
    number = st.one_of(st.integers(-10**30, -1), st.integers(50, 10**30), st.just(0),
                       st.sampled_from(["1e9", "NaN", "inf", "-0", "0x10", "1_000", "99999999"]))
    out = re.sub(r"\d+", lambda m: str(draw(number)), text)
    return out if out != text else f"{text} {draw(number)}"


@pytest.mark.parametrize("name", GAMES)
def test_random_text_is_refused_cleanly(name: str) -> None:
    t = positions_of(name)

    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        i = data.draw(st.integers(0, len(t.positions) - 1))
        pos = t.positions[i]
        player = data.draw(st.sampled_from(pos.acting))
        text = data.draw(st.one_of(st.text(max_size=40),
                                   st.text(alphabet=NOISE, max_size=12),
                                   st.from_regex(r"[a-z]{1,8}( [A-Z0-9,]{1,6}){0,3}",
                                                 fullmatch=True)))
        t.attempt(i, player, text, must_refuse=False)

    before = t.refused
    check()
    assert t.refused - before > EXAMPLES // 2


@pytest.mark.parametrize("name", GAMES)
def test_mutated_legal_commands_and_wild_numbers(name: str) -> None:
    t = positions_of(name)

    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        i = data.draw(st.integers(0, len(t.positions) - 1))
        pos = t.positions[i]
        player = data.draw(st.sampled_from(pos.acting))
        legal = pos.legal_texts[player]
        if not legal:
            return
        base = data.draw(st.sampled_from(legal))
        if data.draw(st.booleans()):
            text = mutate(base, data.draw)
        else:
            text = big_numbers(base, data.draw)
        t.attempt(i, player, text, must_refuse=False)

    before = t.refused
    check()
    assert t.refused - before > 0


@pytest.mark.parametrize("name", GAMES)
def test_out_of_turn_and_outsiders_are_refused(name: str) -> None:
    t = positions_of(name)
    # Texts that are legal somewhere in this game, given by someone who may not act here.
    texts = sorted({x for p in t.positions for xs in p.legal_texts.values() for x in xs})
    before = t.refused

    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        i = data.draw(st.integers(0, len(t.positions) - 1))
        pos = t.positions[i]
        text = data.draw(st.sampled_from(texts))
        if pos.idle and data.draw(st.booleans()):
            t.attempt(i, data.draw(st.sampled_from(pos.idle)), text, must_refuse=True)
        else:
            outsider = data.draw(st.sampled_from(["", "nobody", "P1", " p1", "red ", "🎲",
                                                  "\x00", "p1\n"]))
            if outsider not in pos.acting + pos.idle:
                t.attempt(i, outsider, text, must_refuse=True)

    check()
    assert t.refused - before > EXAMPLES // 2


# -- corrupt import files ------------------------------------------------------------------

@pytest.fixture(scope="module")
def exports() -> dict[str, bytes]:
    out = {}
    for name in GAMES:
        eng = Engine(MemoryStore(), PLUGINS)
        play_random(eng, name, seed=7, commands=6, game_id="x")
        out[name] = eng.export("x", reveal=True)
    return out


def expect_import_failure(data: bytes, line: int) -> None:
    eng = Engine(MemoryStore(), PLUGINS)
    with pytest.raises(ImportFailed) as info:
        eng.import_export(data)
    assert info.value.line == line, (info.value, line)
    assert f"line {line}:" in str(info.value)
    assert eng.store.game_ids() == []  # nothing stored
    count("fuzz.corrupt_imports")


@pytest.mark.parametrize("name", GAMES)
def test_corrupt_imports_name_the_line(name: str, exports: dict[str, bytes]) -> None:
    good = exports[name]
    *lines, trailer = good.split(b"\n")[:-1]
    n = len(lines) - 1  # records: lines 2 .. n + 1; the trailer is line n + 2
    assert Engine(MemoryStore(), PLUGINS).import_export(good) == "x"
    expect_import_failure(b"", 1)
    expect_import_failure(b"\xff\xfe garbage\n" + good, 1)
    expect_import_failure(b"{}\n" + b"\n".join([*lines[1:], trailer]) + b"\n", 1)
    # Cut at a line boundary: no trailer, or a trailer that counts other records.
    for cut in (1, 2, n // 2 + 1, n + 1):
        expect_import_failure(b"\n".join(lines[:cut]) + b"\n", cut + 1)
        if 1 < cut <= n:
            expect_import_failure(b"\n".join([*lines[:cut], trailer]) + b"\n", cut + 1)
    forged = orjson.loads(trailer)
    forged["trailer"]["last_hash"] = "0" * 64
    expect_import_failure(b"\n".join([*lines, orjson.dumps(forged)]) + b"\n", n + 2)
    for k in sorted({1, n // 2 or 1, n}):
        def with_line(new: bytes, k: int = k) -> bytes:
            return b"\n".join([*lines[:k], new, *lines[k + 1:], trailer]) + b"\n"

        record = orjson.loads(lines[k])
        expect_import_failure(with_line(b"{not json"), k + 1)
        expect_import_failure(with_line(lines[k][: len(lines[k]) // 2]), k + 1)
        expect_import_failure(with_line(orjson.dumps({**record, "hash": None} | {"x": 1})), k + 1)
        missing = dict(record)
        del missing["prev_hash"]
        expect_import_failure(with_line(orjson.dumps(missing)), k + 1)
        expect_import_failure(with_line(orjson.dumps({**record, "seq": record["seq"] + 1})), k + 1)
        expect_import_failure(with_line(orjson.dumps([1, 2, 3])), k + 1)
    expect_import_failure(good + lines[n][:20], n + 3)  # a half record after the trailer


@pytest.mark.parametrize("name", GAMES)
def test_randomly_damaged_import_lines(name: str, exports: dict[str, bytes]) -> None:
    *lines, trailer = exports[name].split(b"\n")[:-1]
    n = len(lines) - 1
    rng_text = st.text(alphabet=st.characters(blacklist_characters="\r\n"), min_size=1,
                       max_size=30).filter(lambda s: s.strip())

    @settings(max_examples=EXAMPLES // 2, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(1, n), st.sampled_from(["flip", "cut", "text"]), st.data())
    def check(k: int, how: str, data: st.DataObject) -> None:
        line = bytearray(lines[k])
        if how == "flip":
            at = data.draw(st.integers(0, len(line) - 1))
            line[at] ^= data.draw(st.integers(1, 255).filter(lambda x: x != 0x20))
            if b"\n" in line or b"\r" in line:
                return  # a new line break is another test (a cut record)
        elif how == "cut":
            line = line[: data.draw(st.integers(1, len(line) - 1))]
        else:
            line = bytearray(data.draw(rng_text).encode())
        expect_import_failure(
            b"\n".join([*lines[:k], bytes(line), *lines[k + 1:], trailer]) + b"\n", k + 1)

    check()

