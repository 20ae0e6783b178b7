"""The picture of a review: each player's estimate over the game as an SVG line chart.

x is the decision number, y the estimate in [-1, 1] (the search's value of the position
before each decision, for every player; the finished game's result as the last point).
A dashed line marks each new round or generation (the game's ``turn_marker``), and a ring
marks every decision that lost more than the threshold. Every point carries
``data-index`` and ``data-seq`` (the decision and the event it wrote), so a page can jump
to that position when it is clicked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

#: Colours that stay apart for up to six players (Okabe-Ito).
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

WIDTH, HEIGHT = 720, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 110, 22, 30


def review_svg(review: Mapping[str, Any], width: int = WIDTH, height: int = HEIGHT) -> str:
    """The chart of a review as ``review_json`` gives it."""
    players: list[str] = list(review["players"])
    decisions: Sequence[Mapping[str, Any]] = review["decisions"]
    threshold = float(review["threshold"])
    final = review.get("final")
    count = len(decisions) + (1 if final else 0)
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM

    def x(i: float) -> float:
        return LEFT + (plot_w * i / max(count - 1, 1))

    def y(v: float) -> float:
        v = max(-1.0, min(1.0, v))
        return TOP + plot_h * (1 - v) / 2

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="review-chart" '
             f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="11">',
             f'<title>{escape(review.get("game_id", ""))}: estimates per player</title>',
             f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
             f'stroke="#ccc"/>']
    for v in (1.0, 0.5, 0.0, -0.5, -1.0):
        parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'stroke="{"#999" if v == 0 else "#e4e4e4"}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end" '
                     f'fill="#666">{v:+g}</text>')
    # Round or generation marks: where the game's turn marker changes.
    last = None
    for d in decisions:
        m = d.get("marker")
        if m and m != last:
            xm = x(d["index"])
            parts.append(f'<g class="round"><line x1="{xm:.1f}" x2="{xm:.1f}" y1="{TOP}" '
                         f'y2="{TOP + plot_h}" stroke="#bbb" stroke-dasharray="3,3"/>'
                         f'<text x="{xm + 2:.1f}" y="{TOP - 6}" fill="#666" font-size="9">'
                         f'{escape(_short(m))}</text></g>')
        last = m
    for k, p in enumerate(players):
        colour = PALETTE[k % len(PALETTE)]
        points = [(x(d["index"]), y(d["before"].get(p, 0.0))) for d in decisions]
        if final:
            points.append((x(count - 1), y(final.get(p, 0.0))))
        if points:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            parts.append(f'<polyline class="player" data-player="{escape(p)}" points="{path}" '
                         f'fill="none" stroke="{colour}" stroke-width="1.6"/>')
        ly = TOP + 14 * k + 8
        parts.append(f'<g class="legend"><line x1="{width - RIGHT + 10}" x2="{width - RIGHT + 26}" '
                     f'y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="3"/>'
                     f'<text x="{width - RIGHT + 30}" y="{ly + 4}">{escape(_short(p, 12))}'
                     f'</text></g>')
    for d in decisions:
        p = d["player"]
        k = players.index(p) if p in players else 0
        colour = PALETTE[k % len(PALETTE)]
        big = d["loss"] > threshold
        tip = (f'{d["index"] + 1}. {p} played {d["played"]}' +
               (f'; best {d["best"]}, loss {d["loss"]:.3f}' if d["played"] != d["best"]
                else " (the search agrees)"))
        cls = "point big" if big else "point"
        r = 4.5 if big else 2.2
        fill = "#fff" if big else colour
        stroke = "#c00" if big else colour
        parts.append(f'<circle class="{cls}" data-index="{d["index"]}" data-seq="{d["seq"]}" '
                     f'cx="{x(d["index"]):.1f}" cy="{y(d["before"].get(p, 0.0)):.1f}" r="{r}" '
                     f'fill="{fill}" stroke="{stroke}" stroke-width="{2 if big else 1}" '
                     f'style="cursor:pointer"><title>{escape(tip)}</title></circle>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.0f}" y="{height - 8}" text-anchor="middle" '
                 f'fill="#666">decision (ring: lost more than {threshold:g})</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _short(text: str, limit: int = 14) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
