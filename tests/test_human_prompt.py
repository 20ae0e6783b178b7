"""The generic human prompt (cli/human.py) on a game that knows nothing of it (connect
four): others' moves announced in one line, the prompt naming who acts, `?` lookups."""

from __future__ import annotations

import io

from meeple.cli.human import Announcer, HumanAgent, announcement
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.scheduler import run_match
from meeple.core.stores.memory import MemoryStore
from rich.console import Console


class Scripted:
    """An agent that plays the first legal command."""

    name = "first"

    def act(self, game, view, player):
        return game.legal(view, player)[0]


def test_prompt_announces_every_move_names_the_actor_and_answers_questions() -> None:
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("connect-four", ["ann", "bob"], seed=1)
    screen = io.StringIO()
    console = Console(file=screen, width=200, force_terminal=False)
    typed = iter(["?", "? nothing-here", "9", "4"] * 30)
    console.input = lambda prompt="": (screen.write(str(prompt)), next(typed))[1]  # type: ignore[method-assign]
    human = HumanAgent(console)
    run_match(eng, gid, {"ann": human, "bob": Scripted()}, max_commands=4,
              on_command=Announcer({"ann": human}))
    text = screen.getvalue()
    assert "ann to act" in text
    assert "legal: " in text  # `?` alone lists the commands allowed now
    assert "nothing called 'nothing-here' in connect-four" in text
    assert text.count("bob: ") >= 1  # bob's move, announced to ann in one line
    # her own move is told at once, before bob's reply
    assert "ann: 4 -> X drops in column 4\nbob: " in text


def test_announcement_shows_the_command_its_events_and_changes() -> None:
    game = load().game("terraforming-mars")
    from meeple.core import LocalGame

    g = LocalGame(game, ["a", "b"], seed=3)
    g.play("a", "corporation Beginner Corporation")
    events = g.play("b", "corporation Beginner Corporation")
    first = next(c for c in game.legal(g.state, "a") if game.format(c, g.state).startswith("project"))
    text = game.format(first, g.state)
    events = g.play("a", first)
    line = announcement(game, "a", text, events, "b")
    assert line.startswith(f"a: {text} -> a uses the ")
    assert "[a megacredits -" in line  # its consequences, from changes()


def test_meeple_rules_looks_a_card_up_and_refuses_an_unknown_one(capsys) -> None:
    from cli_runner import run_meeple

    code, out, err = run_meeple(capsys, "rules", "terraforming-mars", "mars", "UNIVERSITY")
    assert code == 0 and out.startswith("Mars University (8 M€, active; tags: science, building)")
    assert "discard a card from hand to draw a card" in out
    code, out, err = run_meeple(capsys, "rules", "terraforming-mars", "No Such Card")
    assert code == 2 and not out and "no card or rule named 'No Such Card'" in err
    assert len(err.strip().splitlines()) == 1
    code, out, err = run_meeple(capsys, "rules", "connect-four", "anything")
    assert code == 2 and "connect-four has no card or rule" in err  # the default: none


def test_show_as_a_player_lists_their_hand_with_cost_tags_requirement_and_text(capsys, tmp_path) -> None:
    from cli_runner import run_meeple

    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    assert run_meeple(capsys, "new", "terraforming-mars", "--players", "ann,bob", "--id", "g",
                      "--db", db)[0] == 0
    for p in ("ann", "bob"):
        assert run_meeple(capsys, "move", "g", "corporation Beginner Corporation", "--as", p,
                          "--db", db)[0] == 0
    code, out, _ = run_meeple(capsys, "show", "g", "--as", "ann", "--db", db)
    assert code == 0 and "ann's hand (10):" in out and "bob's hand" not in out
    hand = out.split("ann's hand (10):", 1)[1].splitlines()[1:11]
    assert all(" M€; " in line and "; req " in line for line in hand), hand
    assert "to act: ann (take an action (or pass))" in out
