"""Tournaments as the store shows them: which games belong to one, and standings so far.

``meeple tournament`` names each match ``<tournament id>-<n>`` and titles it
``tournament <id> game <n>: p1=<spec>, p2=<spec>``; a header that carries a tournament id
of its own is preferred. Standings count finished games only, as ai/tournament.py does:
a sole win is 1, a shared first place 1/k.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
from meeple.ai.rewards import match_score
from meeple.core import Outcome

TITLE = re.compile(r"^tournament (?P<tid>\S+) game (?P<n>\d+): (?P<seats>.*)$")
SEAT = re.compile(r"(?:^|, )(?P<seat>[^=,\s]+)=")


@attrs.frozen
class TournamentGame:
    tournament: str
    index: int
    specs: Mapping[str, str]  # seat -> agent spec


def tournament_of(header: Any) -> TournamentGame | None:
    m = TITLE.match(getattr(header, "title", "") or "")
    tid = getattr(header, "tournament", None) or (m.group("tid") if m else None)
    if not tid:
        return None
    specs: dict[str, str] = {}
    if m:
        text = m.group("seats")
        starts = [(x.start("seat"), x.group("seat")) for x in SEAT.finditer(text)]
        for i, (pos, seat) in enumerate(starts):
            end = starts[i + 1][0] - 2 if i + 1 < len(starts) else len(text)
            specs[seat] = text[pos + len(seat) + 1:end]
    return TournamentGame(tid, int(m.group("n")) if m else 0, specs)


def standings(rows: Iterable[Mapping[str, Any]], headers: Mapping[str, Any]) -> dict[str, Any]:
    """Per agent spec: games finished, wins, win rate, mean score; and games running."""
    table: dict[str, dict[str, Any]] = {}
    running, finished = [], 0
    for r in rows:
        tg = tournament_of(headers[r["game_id"]])
        if tg is None:
            continue
        if r.get("status") != "finished":
            running.append(r["game_id"])
            continue
        finished += 1
        out = r["outcome"]
        outcome = Outcome(out["scores"], out["ranks"])
        for seat, spec in (tg.specs or {p: p for p in out["scores"]}).items():
            st = table.setdefault(spec, {"entrant": spec, "games": 0, "wins": 0.0,
                                         "score_sum": 0.0})
            st["games"] += 1
            st["wins"] += match_score(outcome, seat)
            st["score_sum"] += float(out["scores"].get(seat, 0))
    rows_out = []
    for st in table.values():
        rows_out.append({"entrant": st["entrant"], "games": st["games"], "wins": st["wins"],
                         "win_rate": round(st["wins"] / st["games"], 4),
                         "mean_score": round(st["score_sum"] / st["games"], 3)})
    rows_out.sort(key=lambda s: (-s["win_rate"], -s["mean_score"], s["entrant"]))
    return {"finished": finished, "running": running, "standings": rows_out}
