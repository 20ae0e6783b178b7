"""The play prompt in a real terminal, typed at as a person does (tests/terminal.py):
line editing, this game's history, Tab completion, the words of every prompt."""

from __future__ import annotations

from pathlib import Path

from terminal import CLEAR, CTRL_C, CTRL_D, END, HOME, TAB, UP, Terminal


def _connect_four(tmp: Path, *extra: str) -> Terminal:
    t = Terminal(tmp, "play", "connect-four", "--players", "human,random", "--seed", "1",
                 "--id", "c1", *extra)
    t.expect("red>")
    return t


def test_tab_completes_home_and_end_move_and_help_lists_the_words(tmp_path: Path) -> None:
    t = _connect_four(tmp_path)
    t.send("hel" + TAB)  # Tab completes the word
    t.expect("help")
    t.send("\r")
    shown = t.expect("Tab completes")
    assert "undo" in shown and "quit" in shown and "? NAME" in shown
    t.expect("red>")
    t.send("el" + HOME + "h" + END + "p\r")  # Home goes back to the start, End to the end
    t.expect("Words that work at every prompt")
    t.expect("red>")
    t.line("quit")
    t.expect("To play on")
    assert t.close() == 0


def test_up_arrow_brings_back_the_last_command_of_this_game(tmp_path: Path) -> None:
    t = _connect_four(tmp_path)
    t.line("4")
    t.expect(r"red: 4 -> X drops in column 4")
    t.expect("red>")
    t.send(UP + "\r")
    t.expect(r"red: 4 -> X drops in column 4")
    t.expect("red>")
    t.send(CTRL_D)
    t.expect("To play on")
    t.close()
    # the history is kept for the game: a resumed prompt has it too
    again = Terminal(tmp_path, "play", "c1", "--resume", "--players", "human,random")
    again.expect("red>")
    again.send(UP + "\r")
    again.expect(r"red: 4 -> X drops in column 4")
    again.expect("red>")
    again.line("quit")
    again.expect("To play on")
    assert again.close() == 0


def test_undo_takes_back_the_reply_and_the_own_command(tmp_path: Path) -> None:
    t = _connect_four(tmp_path)
    t.line("4")
    t.expect("red>")
    t.line("undo")
    t.expect(r"undone: yellow's command")
    t.expect(r"undone: red's command")
    board = t.expect("red>")
    assert "X" not in board.split("red to move")[0]  # the board is empty again
    t.line("quit")
    t.expect("To play on")
    t.close()


def test_quit_and_ctrl_c_print_a_resume_command_that_works_as_printed(tmp_path: Path) -> None:
    t = _connect_four(tmp_path)
    t.line("3")
    t.expect("red>")
    t.send(CTRL_C)
    t.expect("To play on, type:")
    command = t.expect(r"meeple play .*\n").strip().splitlines()[-1]
    assert t.close() == 0
    assert command.startswith("meeple play c1 --resume --players human,random")
    words = command.split()[2:]  # as printed, after `meeple play`
    again = Terminal(tmp_path, "play", *words)
    again.expect(r"\. \. X")  # red's 3 is on the board
    again.expect("red>")
    again.line("quit")
    again.expect("To play on")
    assert again.close() == 0


def test_hot_seat_clears_the_screen_and_waits_for_the_next_person(tmp_path: Path) -> None:
    t = Terminal(tmp_path, "play", "connect-four", "--players", "human,human", "--seed", "1",
                 "--id", "hs")
    t.expect("red>")
    t.line("4")
    t.expect("pass to yellow, press Enter")
    before = t.raw.rsplit("pass to yellow", 1)[0]
    assert CLEAR in before.rsplit("red: 4", 1)[1], "the screen is cleared before the hand-off"
    assert "yellow>" not in t.seen and "yellow to act" not in t.seen
    t.send("\r")
    shown = t.expect("yellow>")
    assert "yellow to act" in shown and "red: 4 -> X drops in column 4" in shown
    t.line("4")
    t.expect("pass to red, press Enter")
    t.send("\r")
    t.expect("red>")
    t.line("quit")
    t.expect("To play on")
    assert t.close() == 0


def test_undo_of_another_persons_command_asks_their_consent(tmp_path: Path) -> None:
    t = Terminal(tmp_path, "play", "connect-four", "--players", "human,human", "--seed", "1",
                 "--id", "uc")
    t.expect("red>")
    t.line("4")
    t.expect("pass to yellow, press Enter")
    t.send("\r")
    t.expect("yellow>")
    t.line("undo")
    t.expect(r"red, do you agree to undo red's last command\? \[y/N\]")
    t.line("n")
    t.expect("nothing undone: red does not agree")
    t.expect("yellow>")
    t.line("undo")
    t.expect(r"red, do you agree")
    t.line("y")
    shown = t.expect(r"undone: red's command.*\n")
    t.expect("pass to red, press Enter")  # red is to act again, at the hot seat
    assert "nothing to undo" not in t.seen + shown
    t.send("\r")
    board = t.expect("red>")
    assert "X" not in board.split("red to move")[0]
    t.line("quit")
    t.expect("To play on")
    assert t.close() == 0
