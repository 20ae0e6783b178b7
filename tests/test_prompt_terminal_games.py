"""Each of the four games at the prompt in a real terminal (tests/terminal.py): a person
looks a name up with `?`, plays the first command the prompt lists, sees it announced
with what came of it, quits and resumes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from terminal import CTRL_C, TAB, UP, Terminal

GAMES = {
    # game: (a name to look up, what its answer says)
    "terra-mystica": ("BON3", "income 6 coins"),
    "terraforming-mars": ("Mars University", "discard a card from hand to draw a card"),
    "utopia": ("privilege", "hands one to NAME"),
    "carcassonne-hill-dale": ("stable", "1 point per animal"),
}


def _first_legal(shown: str) -> str:
    line = [ln for ln in shown.splitlines() if ln.startswith("legal: ")][-1]
    return line[len("legal: "):].split(", ")[0].split(" ... ")[0].strip()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_at_the_terminal_looks_up_plays_quits_and_resumes(tmp_path: Path, game: str) -> None:
    topic, answer = GAMES[game]
    t = Terminal(tmp_path, "play", game, "--players", "human,random", "--names", "ann,bob",
                 "--seed", "1", "--id", "g")
    shown = t.expect("ann>")
    t.line(f"? {topic}")
    t.expect(re.escape(answer).replace("\\ ", r"\s+"))  # the answer may wrap
    t.expect("ann>")
    command = _first_legal(shown)
    t.line(command)
    t.expect(re.escape(f"ann: {command}") + " -> ")
    t.expect("ann>")
    t.line("quit")
    t.expect("To play on, type:")
    resume = t.expect(r"meeple play .*\n").strip().splitlines()[-1]
    assert t.close() == 0
    again = Terminal(tmp_path, *resume.split()[1:])
    again.expect("ann>")
    again.send(UP)  # this game's history: the last line typed was `quit`, then the command
    again.send(UP)
    again.expect(re.escape(command))
    again.send("\x15")  # Ctrl-U clears the line
    again.line("quit")
    again.expect("To play on")
    assert again.close() == 0


def test_tab_completes_a_terra_mystica_faction(tmp_path: Path) -> None:
    t = Terminal(tmp_path, "play", "terra-mystica", "--players", "human,random", "--names",
                 "ann,bob", "--seed", "1", "--id", "tm")
    t.expect("ann>")
    t.send("? witc" + TAB)  # `? ` completes the names the game explains
    t.expect(r"\? witches")
    t.send("\r")
    t.expect("Witches \\(faction")
    t.expect("ann>")
    t.send("setup alc" + TAB)
    t.expect("setup alchemists")
    t.send("\r")
    t.expect(r"ann: setup alchemists -> ")
    t.expect("ann>")
    t.line("quit")
    t.expect("To play on")
    assert t.close() == 0


def test_ctrl_c_while_the_ai_thinks_stops_as_quit_does(tmp_path: Path) -> None:
    t = Terminal(tmp_path, "play", "carcassonne-hill-dale", "--players",
                 "human,ismcts:sims=100000", "--names", "ann,bob", "--seed", "1", "--id", "k")
    shown = t.expect("ann>")
    command = _first_legal(shown)
    t.line(command)
    t.expect(re.escape(f"ann: {command}") + " -> ")  # bob now thinks for a long while
    t.send(CTRL_C)
    t.expect("To play on, type:")
    t.expect(r"meeple play k --resume --players human,ismcts:sims=100000")
    assert t.close() == 0
