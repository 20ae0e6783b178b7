"""The generic human prompt (cli/human.py) on a game that knows nothing of it (connect
four): others' moves announced in one line, the prompt naming who acts, `?` lookups."""

from __future__ import annotations

import io

import pytest
from meeple.cli.human import Announcer, HumanAgent, Leave, announcement
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
    assert code == 0 and "your hand, ann (10):" in out and "your hand, bob" not in out
    hand = out.split("your hand, ann (10):", 1)[1].splitlines()[1:11]
    assert all(" M€; " in line and "; req " in line for line in hand), hand
    assert "to act: ann (take an action (or pass))" in out


GAMES_WITH_NAMES = {
    "terra-mystica": {"factions": "witches", "bonus tiles": "BON3", "favor tiles": "FAV11",
                      "town tiles": "TW5", "scoring tiles": "SCORE3", "actions": "ACT5"},
    "terraforming-mars": {"cards": "Research Outpost", "corporations": "CrediCor",
                          "milestones": "Mayor", "awards": "Banker",
                          "standard projects": "aquifer"},
    "utopia": {"civilizations": "maya", "card actions": "raise", "wonders": "wonder fire",
               "the rest": "privilege"},
    "carcassonne-hill-dale": {"tile kinds": "start", "features": "stable"},
}


def test_every_named_thing_of_every_game_is_answered() -> None:
    plugins = load()
    for name, kinds in GAMES_WITH_NAMES.items():
        game = plugins.game(name)
        topics = game.topics()
        assert set(kinds) <= set(topics), (name, list(topics))
        for kind, names in topics.items():
            assert names, (name, kind)
            for topic in names:
                text = game.explain(topic)
                assert text and text.strip(), (name, topic)
                assert game.explain(topic.upper()) == text, (name, topic)  # any letter case
        assert game.explain("nothing of that name") is None
    assert plugins.game("connect-four").topics() == {}  # the contract's default: nothing


def test_meeple_rules_without_a_name_lists_the_names_and_with_one_explains_it(capsys) -> None:
    from cli_runner import run_meeple

    for name, kinds in GAMES_WITH_NAMES.items():
        code, out, err = run_meeple(capsys, "rules", name)
        assert code == 0, err
        for kind, example in kinds.items():
            line = next(ln for ln in out.splitlines() if ln.startswith(f"{kind} ("))
            assert example in line, (name, kind)
            code, text, err = run_meeple(capsys, "rules", name, *example.split())
            assert code == 0 and text.strip(), (name, example, err)
    code, out, err = run_meeple(capsys, "rules", "terra-mystica", "BON3")
    assert "6 coins" in out and "bonus tile" in out
    code, out, err = run_meeple(capsys, "rules", "terra-mystica", "witches")
    assert "Witches" in out and "5 points with every town" in out
    code, out, err = run_meeple(capsys, "rules", "connect-four")
    assert code == 2 and "names no cards or rules" in err


def test_question_mark_looks_a_terra_mystica_tile_up_at_the_prompt() -> None:
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("terra-mystica", ["ann", "bob"], seed=1)
    screen = io.StringIO()
    console = Console(file=screen, width=200, force_terminal=False)
    typed = iter(["? BON3", "? FAV11", "? SCORE3", "? witches", "quit"])
    console.input = lambda prompt="": next(typed)  # type: ignore[method-assign]
    human = HumanAgent(console)
    import pytest
    from meeple.cli.human import Leave

    with pytest.raises(Leave):
        run_match(eng, gid, {"ann": human, "bob": Scripted()}, on_command=Announcer({"ann": human}))
    text = screen.getvalue()
    assert "BON3 (bonus tile): income 6 coins" in text
    assert "FAV11 (favor tile" in text and "2 points per dwelling" in text
    assert "SCORE3 (round scoring tile)" in text and "Witches (faction" in text
    assert "nothing called" not in text


def test_move_takes_a_command_that_starts_with_a_minus_sign(capsys, tmp_path) -> None:
    from cli_runner import run_meeple

    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    assert run_meeple(capsys, "new", "carcassonne-hill-dale", "--players", "ann,bob", "--id",
                      "g1", "--seed", "1", "--db", db)[0] == 0
    code, out, err = run_meeple(capsys, "move", "g1", "-1,0 r0", "--as", "ann", "--db", db)
    assert code == 0, err
    assert "stored events" in out and "-1,0 r0" in out and "to act: bob" in out
    # a move the game refuses is the game's one-line answer, not an unknown option
    code, out, err = run_meeple(capsys, "move", "g1", "--as", "bob", "-9,0 r0", "--db", db)
    assert code == 2 and "No such option" not in err and "-9,0" in err


def test_tab_offers_the_next_word_of_each_legal_command() -> None:
    from meeple.cli.prompt import next_parts

    rows = ["dig 1. build F3", "dig 1. transform F3 to red", "pass BON3", "pass BON4"]
    assert next_parts("", rows) == ["dig", "pass"]
    assert next_parts("d", rows) == ["dig"]
    assert next_parts("dig", rows) == ["dig 1."]  # a Terra Mystica row, hex by hex
    assert next_parts("dig 1. ", rows) == ["dig 1. build", "dig 1. transform"]
    assert next_parts("dig 1. build", rows) == ["dig 1. build F3"]
    assert next_parts("PASS b", rows) == ["pass BON3", "pass BON4"]  # any letter case
    assert next_parts("-1,0 r", ["-1,0 r0", "-1,0 r0 farmer N", "-1,0 r90"]) == [
        "-1,0 r0", "-1,0 r90"]
    assert next_parts("x", rows) == []


def test_hot_seat_hides_one_persons_hand_until_the_next_presses_enter() -> None:
    from meeple.cli.human import Seating

    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("terraforming-mars", ["ann", "bob"], seed=3)
    screen = io.StringIO()
    console = Console(file=screen, width=200, force_terminal=False)
    console.clear = lambda *a, **k: screen.write("<CLEAR>")  # type: ignore[method-assign]
    typed = iter(["corporation Beginner Corporation", "", "corporation Beginner Corporation",
                  "", "quit"])
    console.input = lambda prompt="": (screen.write(str(prompt)), next(typed))[1]  # type: ignore[method-assign]
    seating = Seating()
    ann, bob = HumanAgent(console, seating=seating), HumanAgent(console, seating=seating)
    with pytest.raises(Leave):
        run_match(eng, gid, {"ann": ann, "bob": bob},
                  on_command=Announcer({"ann": ann, "bob": bob}))
    text = screen.getvalue()
    first, handed = text.split("<CLEAR>", 1)
    assert "offered to ann" in first and "offered to bob" not in first  # ann's private offer
    waiting, after = handed.split("pass to bob, press Enter", 1)
    assert "offered to" not in waiting  # nothing private before bob presses Enter
    bobs_turn = after.split("<CLEAR>", 1)[0]
    assert "offered to bob" in bobs_turn and "offered to ann" not in bobs_turn


def test_undo_at_the_prompt_takes_back_the_ai_reply_unless_it_revealed_a_draw() -> None:
    from meeple.cli.playing import take_back

    def person() -> tuple[HumanAgent, io.StringIO]:
        screen = io.StringIO()
        return HumanAgent(Console(file=screen, width=200, force_terminal=False)), screen

    # connect four hides nothing: the AI's reply and the person's own move are taken back
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("connect-four", ["ann", "bob"], seed=1)
    eng.move(gid, "4", "ann")
    eng.move(gid, "5", "bob")
    ann, screen = person()
    take_back(eng, gid, "ann", {"ann": ann}, ann.console)
    assert "undone: bob's command" in screen.getvalue()
    assert "undone: ann's command" in screen.getvalue()
    assert eng.to_act(gid) == ["ann"] and eng.store.last(gid)[0] == 5  # two Undone events
    # Carcassonne: the AI's placement drew the next tile (hidden until then): it says no
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("carcassonne-hill-dale", ["ann", "bob"], {"tiles": 16}, seed=1)
    game = eng.plugins.game("carcassonne-hill-dale")
    for p in ("ann", "bob"):
        view = eng.view(gid, p)
        eng.move(gid, game.format(game.legal(view, p)[0], view), p)
    last = eng.store.last(gid)[0]
    ann, screen = person()
    take_back(eng, gid, "ann", {"ann": ann}, ann.console)
    assert "bob (an AI player) does not agree" in screen.getvalue()
    assert eng.store.last(gid)[0] == last  # nothing stored
