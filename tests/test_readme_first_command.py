"""The README's first command plays a whole game between AI players and ends with the
final board, the score breakdown and the commands to look again, which work as printed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from cli_runner import run_meeple

README = Path(__file__).resolve().parents[1] / "README.md"


def _first_command() -> list[str]:
    block = re.search(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.S)
    assert block, "the README starts with a shell block"
    line = block.group(1).strip()
    assert line.startswith("bash scripts/setup.sh && .venv/bin/meeple play ")
    return shlex.split(line.split("&& .venv/bin/meeple ", 1)[1])


@pytest.mark.slow
def test_readme_first_command_plays_a_game_and_says_how_to_look_again(capsys, tmp_path) -> None:
    args = _first_command()
    assert args[1] in ("carcassonne-hill-dale", "terra-mystica", "terraforming-mars", "utopia")
    assert "human" not in " ".join(args)
    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    code, out, err = run_meeple(capsys, *args, "--db", db)
    assert code == 0, err
    assert "legend:" in out  # the final board
    assert "tie-break: " in out  # how a tie would have been broken
    breakdown = out.split("score breakdown", 1)[1]
    assert re.search(r"red \d+ \(rank \d\): .*scored \d+", breakdown)
    assert re.search(r"blue \d+ \(rank \d\): .*scored \d+", breakdown)
    commands = [ln.strip() for ln in out.splitlines() if ln.startswith("  meeple ")]
    assert [c.split()[1] for c in commands] == ["show", "log", "replay", "verify"]
    for command in commands:  # each works as printed
        code, shown, err = run_meeple(capsys, *shlex.split(command)[1:])
        assert code == 0, (command, err)
        assert shown.strip()
