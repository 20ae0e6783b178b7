"""Carcassonne and Utopia at the human prompt (cli/human.py), as a person who knows the
rules and not the code meets them: the drawn tile drawn, the legend, whose turn it is,
and each opponent move announced in one line with its points."""

from __future__ import annotations

import io
import random

from meeple.ai.registry import make_agent
from meeple.cli.human import Announcer, HumanAgent
from meeple.core.engine import Engine
from meeple.core.plugins import load
from meeple.core.scheduler import run_match
from meeple.core.stores.memory import MemoryStore
from rich.console import Console


def _play(game_name: str, options: dict, seed: int) -> tuple[str, Engine, str]:
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game(game_name, ["ann", "bob"], options, seed=seed)
    game = eng.plugins.game(game_name)
    screen = io.StringIO()
    console = Console(file=screen, width=200, force_terminal=False)

    def typed(prompt: str = "") -> str:
        # ann types the notation of the best-looking command, as a person would; the
        # terminal echoes it and the newline
        view = eng.view(gid, "ann")
        best = max(game.legal(view, "ann"), key=lambda c: game.evaluate(
            game.step(game.clone(view), "ann", c, random.Random(0)), "ann"))
        text = game.format(best, view)
        screen.write(f"{prompt}{text}\n")
        return text

    console.input = typed  # type: ignore[method-assign]
    human = HumanAgent(console)
    run_match(eng, gid, {"ann": human, "bob": make_agent("heuristic", seed)},
              on_command=Announcer({"ann": human}))
    return screen.getvalue(), eng, gid


def test_carcassonne_at_the_prompt_shows_the_drawn_tile_legend_turn_and_bobs_points():
    text, eng, gid = _play("carcassonne-hill-dale", {"tiles": 16}, 3)
    assert eng.outcome(gid) is not None
    assert "ann to act" in text
    assert "ann to place " in text and "drawn tile " in text and "r0" in text
    assert "legend: | = path  # field  . meadow" in text
    bob_lines = [line for line in text.splitlines() if line.startswith("bob: ")]
    assert bob_lines, text[-2000:]
    assert all(" -> bob places " in line for line in bob_lines)  # one line per move
    own = [line for line in text.splitlines() if line.startswith("ann: ")]
    assert own and all(" -> ann places " in line for line in own)  # her own, too
    assert any("[ann vp +" in line for line in own), "her points are announced"
    assert any("[bob vp +" in line for line in bob_lines), "bob's points are announced"


def test_utopia_at_the_prompt_shows_the_status_legend_and_bobs_prestige():
    text, eng, gid = _play("utopia", {"goal": 12}, 5)
    assert eng.outcome(gid) is not None
    assert "ann to welcome a guest" in text and "ann to act" in text
    assert "legend: princes per player" in text
    bob_lines = [line for line in text.splitlines() if line.startswith("bob: ")]
    assert bob_lines and any("vp +" in line for line in bob_lines), text[-2000:]
    # ann's own commands are told too, with what came of them: the round's scoring after
    # her `end`, and what she drew
    own = [line for line in text.splitlines() if line.startswith("ann: ")]
    assert any(line.startswith("ann: end") and "scoring: ann +" in line for line in own), own
    assert any("ann draws 5 action cards: " in line and "?" not in line.split(": ")[-1]
               for line in own + bob_lines), "her own draw, as she may see it"


class Passer:
    """Passes whenever it may (so the other player's pass ends the round), else plays the
    first legal command."""

    name = "passer"

    def act(self, game, view, player):
        legal = game.legal(view, player)
        return next((c for c in legal if game.format(c, view).startswith("pass")), legal[0])


def test_terra_mystica_tells_the_person_the_income_and_scoring_their_own_pass_brings():
    eng = Engine(MemoryStore(), load())
    gid = eng.new_game("terra-mystica", ["ann", "bob"], {}, seed=1)
    game = eng.plugins.game("terra-mystica")
    screen = io.StringIO()
    console = Console(file=screen, width=400, force_terminal=False)

    def typed(prompt: str = "") -> str:
        # bob passes whenever he may; ann passes first, so bob's pass ends each round
        view = eng.view(gid, "bob")
        texts = [game.format(c, view) for c in game.legal(view, "bob")]
        return next((t for t in texts if t.startswith("pass")), texts[0])

    console.input = typed  # type: ignore[method-assign]
    human = HumanAgent(console)
    run_match(eng, gid, {"ann": Passer(), "bob": human}, max_commands=60,
              on_command=Announcer({"bob": human}))
    own = [line for line in screen.getvalue().splitlines() if line.startswith("bob: pass")]
    assert any("scoring SCORE" in line and "income" in line for line in own), own


def test_event_lines_count_in_the_singular_and_name_players():
    from meeple_carcassonne_hill_dale.events import Wandered

    game = load().game("carcassonne-hill-dale")
    one = game.describe_event(Wandered(0, 1, 0, 1, 2, 0, 3, 1, "ann"))
    assert one.endswith("1 tile, +1 point") and one.startswith("ann walks")
    two = game.describe_event(Wandered(0, 1, 0, 1, 2, 0, 3, 2, "ann"))
    assert two.endswith("2 tiles, +2 points")
