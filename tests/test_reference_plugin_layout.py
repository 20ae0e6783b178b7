"""Connect four, the reference plugin of docs/plugins.md, is laid out exactly as
``meeple plugin new connect-four`` lays out a plugin: the same files in the same places,
the same pyproject tables (the ``test`` extra, the entry point, pytest's options)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from meeple.cli.commands_plugin import write_plugin

C4 = Path(__file__).resolve().parents[1] / "plugins" / "connect_four"


def test_connect_four_has_every_file_the_template_writes(tmp_path):
    written = write_plugin("connect-four", tmp_path / "new")
    missing = [str(p.relative_to(tmp_path / "new")) for p in written
               if not (C4 / p.relative_to(tmp_path / "new")).is_file()]
    assert not missing, missing


def test_connect_four_pyproject_has_the_templates_tables(tmp_path):
    write_plugin("connect-four", tmp_path / "new")
    made = tomllib.loads((tmp_path / "new" / "pyproject.toml").read_text())
    ours = tomllib.loads((C4 / "pyproject.toml").read_text())
    assert ours["project"]["name"] == made["project"]["name"] == "meeple-connect-four"
    assert ours["project"]["optional-dependencies"] == made["project"]["optional-dependencies"]
    assert ours["project"]["optional-dependencies"]["test"] == ["meeple[testing]"]
    assert ours["project"]["entry-points"] == made["project"]["entry-points"] == {
        "meeple": {"connect_four": "meeple_connect_four.plugin"}}
    assert ours["tool"]["setuptools"] == made["tool"]["setuptools"]
    assert ours["tool"]["pytest"] == made["tool"]["pytest"]
    assert ours["build-system"] == made["build-system"]
