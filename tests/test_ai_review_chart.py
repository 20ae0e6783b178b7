"""The picture of a review (meeple.ai.review_chart) read back shape by shape: the plot's
frame and grid, each player's line of estimates with the final result as its last point,
round marks where the turn marker changes, a ring at each decision that lost more than
the threshold, the legend, and long names cut short."""

from __future__ import annotations

import pytest
from meeple.ai.review_chart import BOTTOM, LEFT, PALETTE, RIGHT, TOP, review_svg
from meeple.core.testing import page, shapes

WIDTH, HEIGHT = 720, 260
PLOT = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)  # left, top, right, bottom


def at_x(i: float, count: int) -> float:
    return PLOT[0] + (PLOT[2] - PLOT[0]) * i / max(count - 1, 1)


def at_y(v: float) -> float:
    return PLOT[1] + (PLOT[3] - PLOT[1]) * (1 - max(-1.0, min(1.0, v))) / 2


def flat(points) -> list[float]:
    return [v for point in points for v in point]


def decision(index: int, player: str, before: dict[str, float], loss: float = 0.0,
             marker: str | None = None, played: str = "1", best: str = "1") -> dict:
    return {"index": index, "seq": 10 + index, "player": player, "before": before,
            "loss": loss, "marker": marker, "played": played, "best": best}


REVIEW = {"game_id": "g<1>", "players": ["ann", "a-very-long-player-name"], "threshold": 0.2,
          "decisions": [decision(0, "ann", {"ann": 0.1, "a-very-long-player-name": -0.1},
                                 marker="round 1"),
                        decision(1, "a-very-long-player-name",
                                 {"ann": 1.5, "a-very-long-player-name": -0.5},
                                 loss=0.25, played="3", best="4", marker="round 1"),
                        decision(2, "ann", {"ann": 0.0}, loss=0.2,
                                 marker="the second round of all")],
          "final": {"ann": 1.0, "a-very-long-player-name": -1.0}}


def test_the_plot_frame_and_its_grid_of_estimates() -> None:
    assert "<title>g&lt;1&gt;: estimates per player</title>" in review_svg(REVIEW)
    root, drawn = shapes(review_svg(REVIEW))
    assert page(root) == (0.0, 0.0, WIDTH, HEIGHT)
    assert PLOT == (44, 22, 610, 230)
    frame = drawn[0]
    assert frame.tag == "rect" and frame.bbox() == PLOT
    grid = [s for s in drawn[1:11] if s.tag == "line"]
    labels = [s for s in drawn[1:11] if s.tag == "text"]
    assert [g.bbox() for g in grid] == [(PLOT[0], at_y(v), PLOT[2], at_y(v))
                                       for v in (1.0, 0.5, 0.0, -0.5, -1.0)]
    assert [g.attrs["stroke"] for g in grid] == ["#e4e4e4", "#e4e4e4", "#999", "#e4e4e4",
                                                 "#e4e4e4"]
    assert [(t.text, t.bbox()[:2]) for t in labels] == [
        (text, (LEFT - 6, at_y(v) + 4))
        for text, v in (("+1", 1.0), ("+0.5", 0.5), ("+0", 0.0), ("-0.5", -0.5), ("-1", -1.0))]
    caption = drawn[-1]
    assert caption.text == "decision (ring: lost more than 0.2)"
    assert caption.bbox()[:2] == (round((PLOT[0] + PLOT[2]) / 2), HEIGHT - 8)


def test_each_player_is_a_line_of_estimates_ending_at_the_result() -> None:
    _, drawn = shapes(review_svg(REVIEW))
    lines = [s for s in drawn if s.tag == "polyline"]
    assert [s.attrs["data-player"] for s in lines] == REVIEW["players"]
    assert [s.attrs["stroke"] for s in lines] == list(PALETTE[:2])
    count = 4  # three decisions and the result
    ann = [(at_x(0, count), at_y(0.1)), (at_x(1, count), at_y(1.0)),  # 1.5 is clipped to 1
           (at_x(2, count), at_y(0.0)), (at_x(3, count), at_y(1.0))]
    other = [(at_x(0, count), at_y(-0.1)), (at_x(1, count), at_y(-0.5)),
             (at_x(2, count), at_y(0.0)), (at_x(3, count), at_y(-1.0))]
    for shape, want in zip(lines, (ann, other), strict=True):
        assert flat(shape.points) == pytest.approx(flat(want), abs=0.051)  # one decimal


def test_rounds_are_marked_where_the_marker_changes_and_long_words_are_cut() -> None:
    _, drawn = shapes(review_svg(REVIEW))
    dashed = [s for s in drawn if s.tag == "line" and "stroke-dasharray" in s.attrs]
    assert flat(d.bbox() for d in dashed) == pytest.approx(
        flat((at_x(i, 4), PLOT[1], at_x(i, 4), PLOT[3]) for i in (0, 2)), abs=0.051)
    words = [s for s in drawn if s.tag == "text" and s.attrs.get("font-size") == "9"]
    assert [w.text for w in words] == ["round 1", "the second ro…"]  # 14 characters at most
    assert flat(w.bbox()[:2] for w in words) == pytest.approx(
        flat((at_x(i, 4) + 2, PLOT[1] - 6) for i in (0, 2)), abs=0.051)


def test_the_legend_names_each_player_in_their_colour() -> None:
    _, drawn = shapes(review_svg(REVIEW))
    keys = [s for s in drawn if s.tag == "line" and s.attrs.get("stroke-width") == "3"]
    names = [s for s in drawn if s.tag == "text" and s.bbox()[0] == WIDTH - RIGHT + 30]
    assert [k.bbox() for k in keys] == [(WIDTH - RIGHT + 10, TOP + 8 + 14 * k,
                                         WIDTH - RIGHT + 26, TOP + 8 + 14 * k) for k in (0, 1)]
    assert [k.attrs["stroke"] for k in keys] == list(PALETTE[:2])
    assert [(n.text, n.bbox()[1]) for n in names] == [("ann", TOP + 12),
                                                      ("a-very-long…", TOP + 26)]  # 12 at most


def test_a_ring_marks_each_decision_that_lost_more_than_the_threshold() -> None:
    _, drawn = shapes(review_svg(REVIEW))
    points = [s for s in drawn if s.tag == "circle"]
    assert [(p.attrs["data-index"], p.attrs["data-seq"]) for p in points] == [
        ("0", "10"), ("1", "11"), ("2", "12")]
    assert [p.attrs["class"] for p in points] == ["point", "point big", "point"]  # 0.2 is not
    assert [p.num("r") for p in points] == [2.2, 4.5, 2.2]
    assert [(p.fill, p.attrs["stroke"]) for p in points] == [
        (PALETTE[0], PALETTE[0]), ("#fff", "#c00"), (PALETTE[0], PALETTE[0])]
    assert [p.attrs["stroke-width"] for p in points] == ["1", "2", "1"]  # a ring is thicker
    assert flat(p.centre() for p in points) == pytest.approx(
        flat([(at_x(0, 4), at_y(0.1)), (at_x(1, 4), at_y(-0.5)), (at_x(2, 4), at_y(0.0))]),
        abs=0.051)
    assert [p.title for p in points] == [
        "1. ann played 1 (the search agrees)",
        "2. a-very-long-player-name played 3; best 4, loss 0.250",
        "3. ann played 1 (the search agrees)"]


def test_a_single_decision_without_a_result_stands_at_the_left_edge() -> None:
    one = {"players": ["ann"], "threshold": 0.1,
           "decisions": [decision(0, "ann", {"ann": -2.0})]}
    svg = review_svg(one, width=300, height=100)
    assert "<title>: estimates per player</title>" in svg  # a review without its game's id
    _, drawn = shapes(svg)
    (line,) = [s for s in drawn if s.tag == "polyline"]
    assert len(line.points) == 1
    (point,) = [s for s in drawn if s.tag == "circle"]
    assert point.centre() == pytest.approx((LEFT, 100 - BOTTOM))  # x of decision 0, and -2 clipped to -1
    assert drawn[0].bbox() == (LEFT, TOP, 300 - RIGHT, 100 - BOTTOM)


def test_without_a_result_the_last_decision_stands_at_the_right_edge() -> None:
    two = {"players": ["ann", "bob"], "threshold": 0.1,
           "decisions": [decision(0, "ann", {"ann": 0.5, "bob": -0.5}),
                         decision(1, "zed", {"ann": 0.0, "zed": 1.0},
                                  marker="exactly 14 chr")]}
    _, drawn = shapes(review_svg(two))
    points = [s for s in drawn if s.tag == "circle"]
    assert flat(p.centre() for p in points) == pytest.approx(
        flat([(PLOT[0], at_y(0.5)), (PLOT[2], at_y(1.0))]), abs=0.051)
    # a player the review does not list is drawn in the first colour
    assert [p.fill for p in points] == [PALETTE[0], PALETTE[0]]
    lines = [s for s in drawn if s.tag == "polyline"]
    assert [len(s.points) for s in lines] == [2, 2]  # no result point
    words = [s for s in drawn if s.tag == "text" and s.attrs.get("font-size") == "9"]
    assert [w.text for w in words] == ["exactly 14 chr"]  # 14 characters: kept whole
