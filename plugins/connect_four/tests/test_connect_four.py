import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import GameContract
from meeple_connect_four import ConnectFour, Drop

GAME = ConnectFour()


class TestContract(GameContract):
    game = GAME
    player_counts = (2,)


def test_distinct_positions_per_ply_match_published_counts():
    # OEIS A212693: positions reachable after n plies (games stop at a win).
    expected = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]
    frontier = {(): LocalGame(GAME, ["a", "b"]).state}
    counts = [1]
    for _ in range(8):
        nxt = {}
        for state in frontier.values():
            if GAME.outcome(state) is not None:
                continue
            player = GAME.to_act(state)[0]
            for cmd in GAME.legal(state, player):
                child = GAME.clone(state)
                for ev in GAME.decide(state, player, cmd, None):
                    child = GAME.fold(child, ev)
                nxt.setdefault((child.boards[0], child.boards[1]), child)
        frontier = nxt
        counts.append(len(frontier))
    assert counts == expected


def test_vertical_win_and_outcome():
    g = LocalGame(GAME, ["a", "b"])
    for col in "1212121":
        g.play(g.to_act()[0], col)
    out = g.outcome()
    assert out.winners == ["a"] and out.ranks == {"a": 1, "b": 2}


def test_full_column_is_refused_with_reason():
    g = LocalGame(GAME, ["a", "b"])
    for _ in range(6):
        g.play(g.to_act()[0], "3")
    with pytest.raises(IllegalCommand, match="column 3 is full"):
        g.play(g.to_act()[0], "3")


@pytest.mark.parametrize("text", ["0", "8", "-1", "x", "drop", "1.5"])
def test_bad_columns_are_refused(text):
    g = LocalGame(GAME, ["a", "b"])
    with pytest.raises(IllegalCommand, match="1 to 7"):
        g.play("a", text)
    assert len(g.log) == 1


def test_evaluate_prefers_the_centre():
    g = LocalGame(GAME, ["a", "b"])
    centre, edge = GAME.clone(g.state), GAME.clone(g.state)
    GAME.fold(centre, GAME.decide(centre, "a", Drop(3), None)[0])
    GAME.fold(edge, GAME.decide(edge, "a", Drop(0), None)[0])
    assert GAME.evaluate(centre, "a") > GAME.evaluate(edge, "a")


def test_svg_and_text_render():
    g = LocalGame(GAME, ["a", "b"])
    g.play("a", "4")
    assert GAME.render(g.state, "svg").startswith("<svg")
    assert "X" in GAME.render(g.state)
