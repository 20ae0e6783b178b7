"""The research tools (meeple_terra_mystica.tools): two of them are `meeple` subcommands
through the plugin's ``meeple_commands`` hook and print what the module prints; the ones
that read the league records say in one line where to find them when they are missing;
every tool plays with a game object of its own, never changing the plugin's weights."""

from __future__ import annotations

import pytest
from meeple.cli.testing import run_meeple
from meeple.core.testing import require_data, shared_data
from meeple_terra_mystica import ai
from meeple_terra_mystica.tools import legal_coverage, read_game, replay_all
from meeple_terra_mystica.tools.weights import weighted


def test_meeple_tm_read_game_prints_the_game_the_module_prints(capsys):
    code, out, err = run_meeple(capsys, "tm-read-game", "3", "--players", "random")
    assert (code, err) == (0, "")
    assert read_game.main(["3", "--players", "random"]) == 0
    assert capsys.readouterr().out == out
    rows = out.splitlines()
    assert rows[-5].startswith("round scoring tiles: ")
    assert all(" VP, " in line and line.endswith(" buildings") for line in rows[-4:])


@pytest.mark.parametrize("args, said", [
    (["tm-strength", "--set", "W.nope=1"], "--set: unknown weight 'W.nope'"),
    (["tm-read-game", "1", "--set", "W.dig=many"], "--set: W.dig='many' is not a number"),
])
def test_bad_weights_are_refused_with_a_reason(capsys, args, said):
    code, out, err = run_meeple(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.strip().startswith(said)
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("tool", [replay_all, legal_coverage])
def test_without_records_a_tool_names_the_variable_to_set(tool, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(tmp_path / "nowhere"))
    assert tool.main([]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip() == (f"MEEPLE_TM_RECORDS={tmp_path / 'nowhere'} is not a folder: set it "
                           "to the Terra Mystica records")


def test_changed_weights_live_in_their_own_game_object():
    before = ai.DEFAULT
    game = weighted({("W", "dig"): 1.5})
    assert game.weights.get("W", "dig") == 1.5
    assert ai.DEFAULT is before
    assert ai.DEFAULT.get("W", "dig") != 1.5


@pytest.mark.parametrize("tool, said", [
    (replay_all, "ok    4pLeague_S60_D1L1_G1"),
    (legal_coverage, "missed (100.00% covered)"),
])
def test_a_tool_finds_the_records_and_walks_the_one_named(tool, said, monkeypatch, capsys):
    folder = require_data(shared_data("MEEPLE_TM_RECORDS", "shared/data/terra-mystica", __file__),
                          "MEEPLE_TM_RECORDS")
    monkeypatch.setenv("MEEPLE_TM_RECORDS", str(folder))
    assert tool.main(["S60_D1L1_G1"]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert "G2" not in out
