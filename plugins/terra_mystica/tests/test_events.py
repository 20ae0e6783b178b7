"""Terra Mystica's events are facts: decide records what a row caused, fold
applies it without the rules, changes() and the log line read it off the event.

The league records are the proof: every one folds from its stored (encoded) events alone
to the state the rules reach, and the vp changes of its events add up to its scores.
"""

from __future__ import annotations

import os
import random

import pytest
from meeple.core import LocalGame
from meeple.core.codec import Codec
from meeple.core.engine import Engine
from meeple.core.stores.memory import MemoryStore
from meeple.core.testing import assert_verify_reports_rules_change, shared_data
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica import game as G
from meeple_terra_mystica import rows as R
from meeple_terra_mystica import turns as T
from meeple_terra_mystica.data import FAVOR_VP
from meeple_terra_mystica.importer import SnellmanImporter
from meeple_terra_mystica.notation import parse_row

# The league records: MEEPLE_TM_RECORDS, else shared/data/terra-mystica beside the checkout.
DATA = shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__)
GAMES = [(p.stem, p, None) for p in sorted(DATA.glob("league/*/*.txt")) + sorted(
    DATA.glob("league/*.txt")) + sorted(DATA.glob("other/*.json")) + sorted(DATA.glob("other/*.txt"))]


def _require_data():
    if len(GAMES) < 54:
        msg = f"Terra Mystica records not found at {DATA}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg + " (set MEEPLE_TM_RECORDS to the records folder)")
        pytest.skip(msg)


GAME = TerraMystica()
FIRST = "4pLeague_S60_D1L1_G1"


def _import(text: str):
    """Events and final state of a record, and the state the rules alone reach."""
    ig = SnellmanImporter().read(text)
    events = list(GAME.setup(list(ig.players), GAME.resolve_options(ig.options), random.Random(0)))
    state = None
    for ev in events:
        state = GAME.fold(state, ev)
    rules = GAME.clone(state)
    for mv in ig.moves:
        cmd = GAME.parse(mv.text, state, mv.player)
        new = GAME.decide(state, mv.player, cmd, None)
        events += new
        for ev in new:
            state = GAME.fold(state, ev)
        R.apply_row(rules, mv.player, parse_row(cmd.text))
    return ig, events, state, rules


def _forbid(monkeypatch):
    """Every entry to the rules raises: decide, legal, parse, step and the row runner."""
    def refuse(*_a, **_k):
        raise AssertionError("fold called the rules")
    for name in ("decide", "legal", "parse", "step"):
        monkeypatch.setattr(TerraMystica, name, refuse)
    monkeypatch.setattr(R, "apply_row", refuse)
    monkeypatch.setattr(G, "apply_row", refuse)
    monkeypatch.setattr(T, "play_row", refuse)
    monkeypatch.setattr(T, "pick", refuse)


def _text(gid: str) -> str:
    return next(g for g in GAMES if g[0] == gid)[1].read_text()


@pytest.mark.slow
def test_every_league_record_folds_from_its_events_alone(monkeypatch):
    """Fold-only replay of each record's encoded events (decide, legal, parse and the rules
    patched to raise) gives the state the rules reach; the vp changes sum to the scores."""
    _require_data()
    logs = []
    for gid, path, _final in GAMES:
        ig, events, state, rules = _import(path.read_text())
        assert state == rules, gid
        vp = dict.fromkeys(ig.players, 0)
        for ev in events:
            for player, counters in GAME.changes(ev).items():
                vp[player] += counters.get("vp", 0)
        assert vp == GAME.outcome(state).scores, gid
        logs.append((gid, [Codec(GAME).encode(e) for e in events], rules))
    _forbid(monkeypatch)
    game = TerraMystica()
    codec = Codec(game)
    for gid, log, rules in logs:
        state = None
        for t, v, d in log:
            ev = codec.decode(t, v, d)
            state = game.fold(state, ev)
            assert isinstance(game.describe_event(ev), str)
        assert state == rules, gid


def test_the_log_reads_like_the_site_ledger():
    _require_data()
    _, events, _, _ = _import(_text(FIRST))
    lines = [GAME.describe_event(e) for e in events]
    # A town founded, its tile and the round's scoring tile, with reasons.
    town = next(x for x in lines if x.startswith("mermaids: convert 3PW to 3C. upgrade C3 to SH"))
    assert "town TW8: VP +11" in town and "round scoring SCORE2: VP +5" in town
    assert "mermaids founded a town (B5 C3 C4 D5)" in town
    assert "upgrade C3 to SH: VP +4, C -6, W -4" in town
    # Leech taken (power and its VP) and declined.
    assert "nomads: leech 2 from mermaids | leech from mermaids: VP -1, PW +2 | nomads took 2 power from mermaids" in lines
    assert "mermaids: decline 2 from nomads | mermaids declined 2 power from nomads" in lines
    # Income and round scoring are lines of their own; so is the final scoring.
    assert lines.count(next(x for x in lines if x.startswith("round 1 income"))) == 1
    assert "darklings income: C +2, W +3" in next(x for x in lines if x.startswith("round 1 income"))
    assert sum(x.startswith("round ") and " scoring SCORE" in x for x in lines) == 5
    final = lines[-1]
    assert final.startswith("final scoring | ")
    assert "nomads final scoring: area: VP +15" in final
    assert "mermaids final scoring: water cult: VP +8" in final
    assert any(x.startswith("engineers: pass | bonus BON10: VP +9 | favor FAV12: VP +4 | "
                            "stronghold bridges: VP +3") for x in lines)


def test_changes_name_players_and_the_games_counters():
    _require_data()
    ig, events, state, _ = _import(_text(FIRST))
    income = next(e for e in events if isinstance(e, G.Income) and e.round == 1)
    player = state.player_of["darklings"]
    assert GAME.changes(income)[player] == {"coins": 2, "workers": 3}
    row = next(e for e in events if isinstance(e, G.Played) and e.text == "send p to WATER")
    (who, got), = GAME.changes(row).items()
    assert who == row.player and got["priests"] == -1 and got["water"] == 3
    # Crossing water 3 gives 1 power, the priest spot of 3 two more: 3 moved up the bowls.
    assert -got.get("bowl1", 0) + got.get("bowl3", 0) == 3 and sum(
        got.get(b, 0) for b in ("bowl1", "bowl2", "bowl3")) == 0
    final = events[-1]
    assert isinstance(final, G.FinalScoring)
    assert GAME.changes(final)[state.player_of["nomads"]]["vp"] == 8 + 2 + 1 + 2 + 15


def test_a_stored_game_keeps_its_result_when_a_rule_changes_and_verify_names_the_event(monkeypatch):
    """Today's rules: a dwelling by a FAV11 holder is worth 3 VP, not 2. The stored game
    keeps its recorded result (fold applies the recorded VP), and verify names the first
    row that scored FAV11, with the stored and today's vp."""
    _require_data()
    eng = Engine(MemoryStore())
    gid = eng.import_record("snellman", _text(FIRST), "g1")
    before = eng.table(gid).game.outcome(eng.table(gid).state).scores
    events = _import(_text(FIRST))[1]
    first = next(i for i, e in enumerate(events, 1) if isinstance(e, G.Played) and any(
        r == "favor FAV11" and dict(d).get("VP") for _p, _f, r, d in e.lines))
    player = events[first - 1].player
    vp = GAME.changes(events[first - 1])[player]["vp"]  # FAV11 gave 2 of them
    with monkeypatch.context() as m:
        m.setitem(FAVOR_VP, "FAV11", {**FAVOR_VP["FAV11"], "D": 3})
        eng.forget(gid)
        t = eng.table(gid)
        assert t.game.outcome(t.state).scores == before  # the recorded result stands
    report = assert_verify_reports_rules_change(
        eng, gid, _fav11(monkeypatch, 3),
        expect=[f"seq {first}: stored +{vp} vp", f"today's rules give +{vp + 1} vp", player])
    assert report.first_bad_seq == first


def _fav11(monkeypatch, vp):
    import contextlib

    @contextlib.contextmanager
    def patch():
        with monkeypatch.context() as m:
            m.setitem(FAVOR_VP, "FAV11", {**FAVOR_VP["FAV11"], "D": vp})
            yield
    return patch()


def test_a_version_1_log_of_rows_is_upcast_to_facts_before_fold():
    """Games stored before version 2 hold Acted(player, text): upcast_in_context turns
    each into the Played today's rules derive, so they reach the same state; fold itself
    refuses a raw Acted (it never runs the rules)."""
    lg = LocalGame(GAME, GAME.default_players(3), seed=5)
    lg.play_randomly(random.Random(5), max_steps=400)
    codec = Codec(GAME)
    legacy = [lg.events[0]] + [G.Acted(e.player, e.text) for e in lg.events
                                if isinstance(e, G.Played)]
    state = None
    for t, v, d in (codec.encode(e) for e in legacy):
        ev = codec.decode(t, v, d)
        if state is not None:
            assert GAME.changes(ev) == {}
            with pytest.raises(ValueError, match="upcast_in_context"):
                GAME.fold(GAME.clone(state), ev)
            ev = GAME.upcast_in_context(state, ev)
            assert type(ev) is G.Played
        state = GAME.fold(state, ev)
    assert state == lg.state
    assert GAME.describe_event(legacy[1]) == legacy[1].text


def test_search_fast_path_records_nothing():
    """step and legal run the rules on plain states: no journal is left on any state."""
    lg = LocalGame(GAME, GAME.default_players(2), seed=2)
    rng = random.Random(2)
    for _ in range(30):
        p = lg.to_act()[0]
        lg.play(p, rng.choice(GAME.legal(lg.state, p)))
    assert lg.state.jr is None and all(type(f) is dict for f in lg.state.fac.values())
    for cmd in GAME.legal(lg.state, lg.to_act()[0])[:5]:
        s = GAME.step(GAME.clone(lg.state), lg.to_act()[0], cmd, random.Random(0))
        assert s.jr is None


@pytest.mark.parametrize("seed", [2, 5])
def test_a_game_folded_from_its_decoded_log_offers_the_live_games_rows(seed):
    """A state folded from stored events holds its own copies of every name (nothing is
    the same string object as in the rules' tables): legal offers it the same rows, and
    each row played on it gives the same state as on the live game."""
    codec = Codec(GAME)
    local = LocalGame(GAME, GAME.default_players(3), {}, seed=seed)
    rng = random.Random(seed)
    for step in range(90):
        if local.outcome() is not None:
            break
        player = rng.choice(list(local.to_act()))
        row = rng.choice(GAME.legal(local.state, player))
        if step % 3 == 0:
            stored = None
            for ev in local.events:
                stored = GAME.fold(stored, codec.decode(*codec.encode(ev)))
            assert stored == local.state
            for p in local.players:
                assert GAME.legal(stored, p) == GAME.legal(local.state, p), (step, p)
            for ev in GAME.decide(stored, player, row, None):
                stored = GAME.fold(stored, ev)
        local.play(player, row)
        if step % 3 == 0:
            assert stored == local.state, (step, row.text)


def test_a_factions_moves_are_summed_per_reason_even_when_reasons_alternate():
    from meeple_terra_mystica import journal as J

    from .test_live_rules import _state

    g = J.start(_state("witches", "nomads"))
    f = g.fac["witches"]
    vp, c = f["VP"], f["C"]
    with J.why(g, "a"):
        f["VP"] += 2
    with J.why(g, "b"):
        f["VP"] += 5
        f["C"] -= 1
    with J.why(g, "a"):
        f["VP"] += 1
        f["VP"] += 2
        f["C"] += 4
    with J.why(g, "c"):
        f["W"] = f["W"]  # no move: no line
    f["passed"] = 1  # bookkeeping: its new value, not a delta
    assert g.jr.lines == {("witches", "a"): {"VP": 5, "C": 4}, ("witches", "b"): {"VP": 5, "C": -1}}
    assert (f["VP"], f["C"]) == (vp + 10, c + 3)
    lines, sets, *_ = J.finish(g)[0][2]
    assert [(n, r, dict(d)) for _p, n, r, d in lines] == [
        ("witches", "a", {"VP": 5, "C": 4}), ("witches", "b", {"VP": 5, "C": -1})]
    assert sets == (("witches", "passed", 1),)
