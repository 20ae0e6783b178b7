import random

import pytest
from meeple.core import IllegalCommand, LocalGame
from meeple.core.testing import played
from meeple_connect_four import ConnectFour, Drop
from meeple_connect_four.game import Started

GAME = ConnectFour()
# 42 drops (1-based columns) that fill the board without a line of four: a draw.
DRAWN = "441365675334466335442232661515577771217122"


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


@pytest.mark.parametrize("column", [-3, -1, 7, 8, 40])
def test_decide_refuses_a_column_off_the_board_naming_it_and_changes_nothing(column):
    """A drop the notation cannot spell, given to decide directly."""
    local = LocalGame(GAME, ["a", "b"])
    before = GAME.clone(local.state)
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(local.state, "a", Drop(column), random.Random(0))
    assert str(refused.value) == f"column {column + 1} does not exist: choose 1 to 7"
    assert local.state == before


def test_action_i_drops_in_column_i_plus_1_and_other_indices_are_refused():
    state = LocalGame(GAME, ["a", "b"]).state
    for i in range(7):
        assert GAME.decode_action(i, state, "a") == Drop(i)
        assert GAME.encode_action(Drop(i), state) == i
    for index in (-1, 7, 8):
        with pytest.raises(IllegalCommand) as refused:
            GAME.decode_action(index, state, "a")
        assert str(refused.value) == f"action {index} is not a column: choose 0 to 6"


def test_the_state_says_which_seat_is_to_move():
    local = LocalGame(GAME, ["a", "b"])
    for n, c in enumerate("4455"):
        assert local.state.seat == n % 2 and local.to_act() == ("ab"[n % 2],)
        local.play(local.to_act()[0], c)
    assert local.state.seat == 0


def test_the_seats_are_red_and_yellow_and_numbered_beyond_two() -> None:
    assert GAME.default_players(2) == ["red", "yellow"]
    assert GAME.default_players(1) == ["red"]
    assert GAME.default_players(3) == ["p1", "p2", "p3"]


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


def _stored_game(tmp_path, moves):
    from meeple.core.engine import Engine
    eng = Engine(f"sqlite:///{tmp_path / 'c4.sqlite'}")
    gid = eng.new_game("connect-four", ["ann", "bob"], seed=1, game_id="c4")
    for i, col in enumerate(moves):
        eng.move(gid, col, "ann" if i % 2 == 0 else "bob")
    return eng, gid


def test_verify_names_the_win_whose_score_the_rules_changed(tmp_path):
    from unittest.mock import patch

    from meeple.core.testing import assert_verify_reports_rules_change
    eng, gid = _stored_game(tmp_path, "1717171")  # ann wins with her fourth disc
    won = eng.store.load(gid)[-1]
    assert won.type == "connect-four.won"
    report = assert_verify_reports_rules_change(
        eng, gid, patch.object(ConnectFour, "win_score", 3.0),
        expect=["stored +1 vp for ann", "today's rules give +3 vp for ann", "'1' by ann"])
    assert report.first_bad_seq == won.seq


def test_verify_names_a_changed_line_as_a_field_difference(tmp_path):
    from unittest.mock import patch

    from meeple.core.testing import assert_verify_reports_rules_change
    from meeple_connect_four import game as c4
    eng, gid = _stored_game(tmp_path, "1717171")
    # Report the line from the top disc down: same outcome, another recorded line.
    assert_verify_reports_rules_change(
        eng, gid, patch.object(c4, "_cells", lambda m: tuple(reversed(
            [(b // c4.H1, b % c4.H1) for b in range(c4.COLS * c4.H1) if m >> b & 1]))),
        expect=["connect-four.won: line: stored ((0, 0), (0, 1), (0, 2), (0, 3)), "
                "today's rules give ((0, 3), (0, 2), (0, 1), (0, 0))"])


def test_verify_names_an_event_today_s_rules_add(tmp_path):
    from contextlib import contextmanager
    from unittest.mock import patch

    from meeple.core.testing import assert_verify_reports_rules_change
    from meeple_connect_four import game as c4
    eng, gid = _stored_game(tmp_path, "12131")  # ann has three in column 1
    # A (made-up) variant in which three in a column already wins.
    three = lambda board: bool(board & (board >> 1) & (board >> 2))  # noqa: E731
    lines = [0b111 << (c * c4.H1 + r) for c in range(c4.COLS) for r in range(c4.ROWS - 2)]

    @contextmanager
    def variant():
        with patch.object(c4, "_wins", three), patch.object(c4, "WINDOWS", lines):
            yield

    report = assert_verify_reports_rules_change(
        eng, gid, variant(),
        expect=["the log has no event here; today's rules give connect-four.won",
                "gives 2 events, the log has 1"])
    assert report.first_bad_seq == 7


def test_a_stored_game_keeps_its_recorded_result_when_the_rules_change(tmp_path):
    from unittest.mock import patch
    eng, gid = _stored_game(tmp_path, "1717171")
    with patch.object(ConnectFour, "win_score", 3.0):
        eng.forget(gid)
        assert eng.outcome(gid).scores == {"ann": 1.0, "bob": 0.0}
        assert eng.derived_status(gid)["outcome"]["scores"] == {"ann": 1.0, "bob": 0.0}
        assert not eng.verify(gid).ok  # while verify says today's rules differ


def _old_log(tmp_path, moves, forge=None):
    """A game as connect four 0.1 stored it: Started version 1 and the drops, no results
    (``forge``: drop number -> the 0-based column stored instead)."""
    from meeple.core.codec import dumps
    from meeple.core.engine import Engine
    from meeple.core.records import GameHeader, NewEvent, chain_batches
    header = GameHeader("old", "connect-four", "meeple_connect_four", "0.1.0", ("ann", "bob"),
                        {}, 1, "2026-11-01T00:00:00+00:00")
    batches = [[NewEvent("connect-four.started", 1, dumps({"players": ["ann", "bob"]}))]]
    for i, col in enumerate(moves):
        data = dumps({"column": (forge or {}).get(i, int(col) - 1), "seat": i % 2})
        batches.append([NewEvent("connect-four.dropped", 1, data, ("ann", "bob")[i % 2], col)])
    eng = Engine(f"sqlite:///{tmp_path / 'old.sqlite'}")
    eng.store.import_game(header, chain_batches("old", 0, header.hash(), batches, "t"))
    return eng


def test_a_log_of_version_0_1_keeps_its_result(tmp_path):
    eng = _old_log(tmp_path, "1717171")
    assert eng.outcome("old").scores == {"ann": 1.0, "bob": 0.0}
    (row,) = eng.list_games()
    assert row["status"] == "finished" and row["outcome"]["winners"] == ["ann"]
    assert "results not recorded" in eng.log("old")[0].text
    report = eng.verify("old")  # an old format, said so: not a rules change
    assert report.ok, report.problem
    assert report.upcast == ("stored in format connect four 0.1 (drops without their "
                             "results), upcast: 1 event")


def test_a_drawn_game_of_a_0_1_log_scores_a_half_each(tmp_path) -> None:
    today = played(GAME, ["ann", "bob"], DRAWN)
    assert today.outcome().scores == {"ann": 0.5, "bob": 0.5}  # a draw by today's rules
    eng = _old_log(tmp_path, DRAWN)
    out = eng.outcome("old")
    assert out.scores == {"ann": 0.5, "bob": 0.5} and sorted(out.winners) == ["ann", "bob"]
    report = eng.verify("old")
    assert report.ok, report.problem
    assert LocalGame(GAME, ["ann", "bob"]).outcome() is None


def test_only_a_0_1_setup_of_the_same_players_is_the_old_format() -> None:
    today = [Started(("ann", "bob"))]
    name = "connect four 0.1 (drops without their results)"
    assert GAME.old_format([Started(("ann", "bob"), results=False)], today) == name
    assert GAME.old_format([Started(("ann", "bob"))], today) is None  # today's own shape
    assert GAME.old_format([Started(("bob", "ann"), results=False)], today) is None
    assert GAME.old_format([Started(("ann", "bob"), results=False)] * 2, today) is None
    assert GAME.old_format([Started(("ann", "bob"), results=False)], today * 2) is None


def test_a_log_of_version_0_1_with_a_changed_drop_fails_verify(tmp_path):
    """Accepting the old format accepts nothing else: a drop stored in another column than
    its command names is still the finding, at its own event."""
    eng = _old_log(tmp_path, "1717171", forge={3: 1})
    report = eng.verify("old")
    assert not report.ok and report.first_bad_seq == 5  # drop 3 (seq 1 is the setup)
    assert "column: stored 1, today's rules give 6" in report.problem


def test_a_game_begun_by_version_0_1_goes_on_in_its_shape(tmp_path):
    eng = _old_log(tmp_path, "171717")
    written = eng.move("old", "1", "ann")
    assert [r.type for r in written] == ["connect-four.dropped"]
    assert eng.outcome("old").winners == ["ann"]
    # The stored drop is read as today's events: the drop and its win, under one seq.
    eng.forget("old")
    last = eng.log("old")[-2:]
    assert [ln.seq for ln in last] == [written[0].seq] * 2
    assert "wins with four in column 1" in last[1].text and last[1].changes == {"ann": {"vp": 1.0}}
    assert eng.verify("old").ok


@pytest.mark.parametrize(("text", "column"), [
    ("1", 0), ("7", 6), (" 4 ", 3), ("drop 3", 2), ("DROP5", 4), ("Drop  2 ", 1), ("07", 6),
])
def test_a_column_is_typed_as_1_to_7_with_or_without_drop(text, column):
    assert GAME.parse(text) == Drop(column)
    assert GAME.format(Drop(column)) == str(column + 1)


@pytest.mark.parametrize("text", ["0", "8", "00", "007", "10", "99", "", "①", "٣", "³", "drop drop 1",
                                  "1 2", "+1", "-0"])
def test_anything_but_a_column_number_is_refused_naming_the_text_and_the_range(text):
    with pytest.raises(IllegalCommand) as refused:
        GAME.parse(text)
    assert str(refused.value) == f"{text!r} is not a column: type a number from 1 to 7"


def test_every_drop_is_written_as_its_column_and_read_back():
    for column in range(7):
        assert GAME.parse(GAME.format(Drop(column))) == Drop(column)
    assert GAME.regions(None, "a", Drop(4)) == ("column-5",)


def test_decide_refuses_anything_but_a_drop_naming_it():
    state = LocalGame(GAME, ["a", "b"]).state
    with pytest.raises(IllegalCommand) as refused:
        GAME.decide(state, "a", "4", random.Random(0))
    assert str(refused.value) == "connect four has only drops, not '4'"


def test_only_the_player_to_move_has_drops_and_a_full_column_has_none():
    local = played(GAME, ["a", "b"], "333333")
    assert GAME.legal(local.state, "a") == [Drop(c) for c in (0, 1, 3, 4, 5, 6)]
    assert GAME.legal(local.state, "b") == []
    local = played(GAME, ["a", "b"], "3333331111117")
    assert GAME.legal(local.state, "b") == [Drop(c) for c in (1, 3, 4, 5, 6)]
    assert GAME.legal(local.state, "a") == []
    won = played(GAME, ["a", "b"], "1212121").state
    assert GAME.legal(won, "a") == GAME.legal(won, "b") == [] and GAME.to_act(won) == ()


@pytest.mark.parametrize("columns", ["1212121", "31212121", DRAWN])
def test_nobody_is_to_act_once_either_player_wins_or_the_board_is_full(columns):
    done = played(GAME, ["a", "b"], columns).state
    assert GAME.to_act(done) == ()
    assert GAME.legal(done, "a") == GAME.legal(done, "b") == []
    before = played(GAME, ["a", "b"], columns[:-1]).state  # the last drop still to come
    assert GAME.to_act(before) == ("ab"[(len(columns) - 1) % 2],)


def test_the_legal_drops_are_a_fresh_list_each_time():
    state = LocalGame(GAME, ["a", "b"]).state
    drops = GAME.legal(state, "a")
    drops.clear()
    assert GAME.legal(state, "a") == [Drop(c) for c in range(7)]


def test_the_outcome_ranks_the_winner_first_and_a_draw_level():
    assert GAME.outcome(LocalGame(GAME, ["a", "b"]).state) is None
    first = GAME.outcome(played(GAME, ["a", "b"], "1212121").state)
    assert (first.scores, first.ranks, first.detail) == (
        {"a": 1.0, "b": 0.0}, {"a": 1, "b": 2}, {"result": "a wins"})
    second = GAME.outcome(played(GAME, ["a", "b"], "31212121").state)
    assert (second.scores, second.ranks, second.detail) == (
        {"a": 0.0, "b": 1.0}, {"b": 1, "a": 2}, {"result": "b wins"})
    drawn = GAME.outcome(played(GAME, ["a", "b"], DRAWN).state)
    assert (drawn.scores, drawn.ranks, drawn.detail) == (
        {"a": 0.5, "b": 0.5}, {"a": 1, "b": 1}, {"result": "draw"})


def test_a_clone_shares_nothing_that_play_changes():
    local = played(GAME, ["a", "b"], "44")
    copy = GAME.clone(local.state)
    assert copy == local.state and copy is not local.state
    GAME.step(copy, "a", Drop(0), random.Random(0))
    assert local.state.boards == [1 << 21, 1 << 22]
    assert local.state.heights == [0, 7, 14, 23, 28, 35, 42]
    assert (local.state.moves, local.state.scores) == (2, [0.0, 0.0])
    won = played(GAME, ["a", "b"], "121212").state
    copy = GAME.step(GAME.clone(won), "a", Drop(0), random.Random(0))
    assert won.scores == [0.0, 0.0] and copy.scores == [1.0, 0.0]


def test_states_are_equal_only_when_every_field_is():
    base = played(GAME, ["a", "b"], "4").state
    assert GAME.clone(base) == base
    assert base != "not a state"
    for field, value in [("players", ("a", "c")), ("boards", [0, 0]), ("heights", [0] * 7),
                         ("moves", 3), ("winner", 0), ("scores", [1.0, 0.0]), ("old_log", True)]:
        other = GAME.clone(base)
        setattr(other, field, value)
        assert other != base, field
    assert repr(base) == f"State(moves=1, winner=-1, boards=[{1 << 21}, 0])"


def test_the_summary_is_the_move_count_and_the_rows_top_first():
    summary = GAME.summary(played(GAME, ["a", "b"], "445").state)
    assert summary == {"moves": 3, "board": [".......", ".......", ".......", ".......",
                                             "...O...", "...XX.."]}


def test_fold_takes_only_connect_four_events():
    state = LocalGame(GAME, ["a", "b"]).state
    with pytest.raises(TypeError, match="connect four cannot fold 'x'"):
        GAME.fold(state, "x")


def test_a_started_event_sets_an_empty_board_for_its_players():
    state = GAME.fold(None, Started(("p", "q")))
    assert state == GAME.clone(state)
    assert (state.players, state.boards, state.heights, state.moves, state.winner,
            state.scores, state.old_log) == (("p", "q"), [0, 0], [0, 7, 14, 21, 28, 35, 42],
                                             0, -1, [0.0, 0.0], False)
    assert GAME.fold(None, Started(("p", "q"), results=False)).old_log is True
    assert Started.upcast_v1_v2({"players": ["p", "q"]}) == {"players": ["p", "q"],
                                                              "results": False}
