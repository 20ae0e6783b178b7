"""The table in words (Game.describe_table): at the prompt and in `meeple show` as text,
each game says what its picture does not: pools, what is taken, scoring tiles with the
current one marked, income, tableaux, neighbours, a player's own scoring, the tie-break."""

from __future__ import annotations

import random

from cli_runner import run_meeple
from meeple.core import LocalGame
from meeple.core.plugins import load


def _played(name: str, commands: int, seed: int = 1) -> tuple:
    game = load().game(name)
    g = LocalGame(game, ["ann", "bob"], seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        acting = game.to_act(g.state)
        if not acting:
            break
        p = acting[0]
        g.play(p, game.format(rng.choice(game.legal(g.state, p)), g.state))
    return game, g.state


def test_terra_mystica_says_pools_taken_actions_scoring_tiles_and_income() -> None:
    game, state = _played("terra-mystica", 30)
    lines = game.describe_table(game.view(state, "ann"), "ann")
    text = "\n".join(lines)
    current = state.score_tiles[state.round - 1]
    assert f"{state.round} {current} (now)" in text and text.count("(now)") == 1
    bonus = next(ln for ln in lines if ln.startswith("bonus tiles to take: "))
    for tile, left in state.pool.items():
        if tile.startswith("BON") and left:
            assert tile in bonus
            if state.coins.get(tile):
                assert f"{tile} (" in bonus and f"+{state.coins[tile]} coin" in bonus
    assert any(ln.startswith("favor tiles left: FAV") for ln in lines)
    assert any(ln.startswith("town tiles left: TW") for ln in lines)
    assert any(ln.startswith("power actions taken this round: ") for ln in lines)
    assert any(ln.startswith("income next round, ann (") and "(you)" in ln for ln in lines)
    assert any(ln.startswith("income next round, bob (") for ln in lines)
    assert lines[-1].startswith("tie-break: ")


def test_terraforming_mars_says_each_tableau_with_resources_tags_and_vp() -> None:
    game, state = _played("terraforming-mars", 120)
    lines = game.describe_table(game.view(state, "ann"), "ann")
    text = "\n".join(lines)
    for name in ("ann", "bob"):
        p = state.players[name]
        tableau = next(ln for ln in lines if ln.startswith(f"{name}'s tableau: "))
        assert p.corp in tableau
        for card in p.played:
            assert card in tableau
            if p.card_res.get(card):
                assert f"{card} ({p.card_res[card]} resource" in tableau
        assert f"{name}'s tags: " in text and "VP so far " in text
    assert "the most M€ wins" in lines[-1]


def test_utopia_says_the_neighbours_of_your_districts_and_your_scoring() -> None:
    game, state = _played("utopia", 60)
    lines = game.describe_table(game.view(state, "ann"), "ann")
    assert any("your princes" in ln and "neighbours by land" in ln for ln in lines)
    assert any(ln.startswith("your round scoring now: ") for ln in lines)
    assert "more controlled districts wins" in lines[-1]
    spectator = game.describe_table(game.view(state, None), None)
    assert not any("your" in ln for ln in spectator)  # no seat, no seat's own lines


def test_show_as_a_player_prints_the_table_in_words(capsys, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'g.sqlite'}"
    assert run_meeple(capsys, "new", "terra-mystica", "--players", "ann,bob", "--id", "t",
                      "--seed", "1", "--db", db)[0] == 0
    code, out, err = run_meeple(capsys, "show", "t", "--as", "ann", "--db", db)
    assert code == 0, err
    assert "bonus tiles to take: BON" in out and "favor tiles left: FAV1 x1" in out
    assert "tie-break: " in out
    code, out, err = run_meeple(capsys, "show", "t", "--format", "json", "--db", db)
    assert "tie-break" not in out  # json stays data


def test_terraforming_mars_says_placement_bonuses_and_what_each_space_gives_now() -> None:
    from meeple_terraforming_mars.board import SPACES

    game = load().game("terraforming-mars")
    g = LocalGame(game, ["ann", "bob"], seed=1)
    rng = random.Random(1)
    for _ in range(400):
        p = game.to_act(g.state)[0]
        head = g.state.pending[0] if g.state.pending else None
        if head and head[0] == p and head[1] == "place":
            break
        g.play(p, game.format(rng.choice(game.legal(g.state, p)), g.state))
    else:
        raise AssertionError("no placement in 400 commands")
    lines = game.describe_table(game.view(g.state, p), p)
    free = next(ln for ln in lines if ln.startswith("placement bonuses on free spaces: "))
    assert "a1 2 steel" in free or "a1" in g.state.tiles
    assert all(f"{sp.id} " not in free for sp in SPACES.values() if sp.id in g.state.tiles)
    placing = next(ln for ln in lines if ln.startswith(f"you place {head[2]}: "))
    legal = [game.format(c, g.state).split()[-1] for c in game.legal(g.state, p)]
    assert all(f"{space} (" in placing for space in legal)
    assert " 1 plants" not in placing and " 1 cards" not in placing  # plurals right
