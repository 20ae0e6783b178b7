"""A stored fact names game concepts (a faction's shipping level, the tile supply), never
Python attributes: renaming a State attribute or a faction's dict key changes no stored
log. names.py holds the one place such a rename touches besides the code."""

from __future__ import annotations

import importlib
import random
import re
import shutil
import sys
from dataclasses import fields
from pathlib import Path

import attrs
import meeple_terra_mystica
import pytest
from meeple.core.codec import Codec
from meeple.core.testing import old_store
from meeple_terra_mystica import TerraMystica, names
from meeple_terra_mystica.data import FACTIONS
from meeple_terra_mystica.state import State, new_faction

OLD = Path(__file__).parent / "data" / "old_logs"

#: Renamed in a copy of the plugin, everywhere but on the recorded side of names.py:
#: State attributes (in patch) and faction keys, a counter (in lines) among them.
RENAMES = {
    "pass_order": "order_of_passing", "next_offer": "offer_serial",
    "row_values": "values_after_row", "cult_spots": "priest_spaces",
    "KEY": "TOWN_KEYS", "priests_out": "priests_sent", "dsh": "darkling_trades",
    "FREE_TP": "FREE_TRADING_HOUSE", "links": "river_joins",
}


def renamed_copy(tmp: Path) -> object:
    """The plugin package with RENAMES applied, imported as ``tm_renamed``. upcast.py
    keeps its names: it says what an older version wrote, whatever the code says now."""
    src = Path(meeple_terra_mystica.__file__).parent
    dst = tmp / "tm_renamed"
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
    words = re.compile(r"\b(" + "|".join(map(re.escape, RENAMES)) + r")\b")
    for path in dst.glob("*.py"):
        if path.name == "upcast.py":
            continue
        text = path.read_text()
        if path.name == "names.py":  # only the attribute side: "recorded": "attribute"
            text = re.sub(r'(:\s*)"(' + "|".join(map(re.escape, RENAMES)) + r')"',
                          lambda m: f'{m[1]}"{RENAMES[m[2]]}"', text)
        else:
            text = words.sub(lambda m: RENAMES[m[1]], text)
        path.write_text(text)
    sys.path.insert(0, str(tmp))
    try:
        return importlib.import_module("tm_renamed")
    finally:
        sys.path.remove(str(tmp))


@pytest.fixture
def renamed(tmp_path):
    pkg = renamed_copy(tmp_path)
    yield pkg
    for mod in [m for m in sys.modules if m == "tm_renamed" or m.startswith("tm_renamed.")]:
        del sys.modules[mod]


def league_rows(tmp_path: Path) -> tuple[object, list[tuple[str, str]]]:
    """The setup and the rows (player, text) of the stored league game (read from a copy
    of the store: reading may write its status cache)."""
    with old_store(OLD, tmp_path) as eng:
        evs = [ev for _, ev in eng.table("tm-facts-v1").pairs]
    return evs[0], [(ev.player, ev.text) for ev in evs[1:] if hasattr(ev, "text")]


def stored_log(pkg, started, rows) -> list[bytes]:
    """Every event of the game played through ``pkg``, as the store writes it."""
    game = pkg.TerraMystica()
    codec = Codec(game)
    ev = pkg.game.Started(**attrs.asdict(started, recurse=False))
    out, state = [codec.encode(ev)[2]], game.fold(None, ev)
    for player, text in rows:
        for ev in game.decide(state, player, game.parse(text, state, player), None):
            out.append(codec.encode(ev)[2])
            state = game.fold(state, ev)
    assert state.finished
    return out


def test_renaming_state_attributes_and_faction_keys_changes_no_stored_log(renamed, tmp_path):
    state_fields = {f.name for f in fields(renamed.state.State)}
    assert {"order_of_passing", "offer_serial", "priest_spaces"} <= state_fields
    assert not {"pass_order", "next_offer", "cult_spots"} & state_fields
    keys = renamed.state.new_faction("darklings", "ann")
    assert {"TOWN_KEYS", "priests_sent", "darkling_trades", "FREE_TRADING_HOUSE"} <= set(keys)
    started, rows = league_rows(tmp_path)
    before = stored_log(meeple_terra_mystica, started, rows)
    assert stored_log(renamed, started, rows) == before
    # and the game records every renamed thing, by its name
    recorded = {**{attr: name for name, attr in names.TABLE.items()}, **names.FACTION_NAME}
    log = b"".join(before)
    for old in RENAMES:
        assert b'"%s"' % recorded[old].encode() in log, old


def test_every_faction_key_and_state_field_has_a_recorded_name():
    for name in FACTIONS:
        assert set(new_faction(name, "ann")) <= set(names.FACTION.values()), name
    fixed = {"players", "options", "score_tiles", "fac", "hcolor", "hbld", "howner", "town",
             "jr"}
    assert set(names.TABLE.values()) == {f.name for f in fields(State)} - fixed
    # one name per key: fold must find the one key a name stands for, and back
    assert len(names.FACTION_NAME) == len(names.FACTION)
    assert len(set(names.TABLE.values())) == len(names.TABLE)


def test_a_fact_records_the_names_not_the_keys():
    game = TerraMystica()
    opts = game.resolve_options({"factions": "darklings,nomads"})
    state = game.fold(None, game.setup(["ann", "bob"], opts, random.Random(1))[0])
    row = game.legal(state, "ann")[0]
    ev = game.decide(state, "ann", row, None)[0]
    counters = {k for _p, _f, _r, d in ev.lines for k, _ in d}
    assert "D" in counters and "L_D" not in counters, ev
    assert {k for k, _ in ev.patch} <= set(names.TABLE)


def test_counters_recorded_under_other_names_fold_back_to_their_keys(monkeypatch):
    """Where a counter's recorded name is not its key, decide writes the name and fold
    adds each delta to the key it stands for: a game folded from its facts is the game
    the rules play."""
    from meeple_terra_mystica import game as G
    from meeple_terra_mystica import journal as J
    from meeple_terra_mystica.notation import parse_row
    from meeple_terra_mystica.rows import apply_row

    renamed = {**names.FACTION_NAME, "C": "coins", "VP": "points", "P1": "bowl_1"}
    monkeypatch.setattr(J, "COUNTERS_AS_RECORDED", False)
    monkeypatch.setattr(J, "FACTION_NAME", renamed)
    monkeypatch.setattr(J, "FACTION", {v: k for k, v in renamed.items()})
    monkeypatch.setattr(G, "FACTION_NAME", renamed)
    game = TerraMystica()
    opts = game.resolve_options({"factions": "darklings,nomads"})
    state = None
    for ev in game.setup(["ann", "bob"], opts, random.Random(1)):
        state = game.fold(state, ev)
    rules = game.clone(state)
    rng = random.Random(4)
    recorded = set()
    for _ in range(40):
        player = game.to_act(state)[0]
        row = rng.choice(game.legal(state, player))
        for ev in game.decide(state, player, row, None):
            recorded |= {k for _p, _f, _r, d in getattr(ev, "lines", ()) for k, _ in d}
            state = game.fold(state, ev)
        apply_row(rules, player, parse_row(row.text))
        assert state == rules, row.text
    assert {"coins", "points", "bowl_1"} <= recorded
    assert not {"C", "VP", "P1"} & recorded
