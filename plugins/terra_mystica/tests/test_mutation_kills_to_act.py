"""Who is shown as acting, and the duties list, which names every faction owing a choice, also
outside its own turn.

On the positions of seeded random games:

- the text picture marks "<- to act" exactly the factions whose players ``to_act`` names
  (it read the duties list, which also names the active faction while its next action
  waits for answers and leaves out the faction whose turn just ended);
- the duties list holds the active faction's turn, an answer per power offer and a
  choice for every other faction that owes one (a favor or town tile, spades, a cult
  step, ...), each once.
"""

from __future__ import annotations

from meeple.core.testing import random_decisions
from meeple_terra_mystica import TerraMystica
from meeple_terra_mystica.data import DISPLAY
from meeple_terra_mystica.render import render_text
from meeple_terra_mystica.state import OWED

GAME = TerraMystica()


def _positions():
    for seed in range(6):
        for state, _ in random_decisions(GAME, 2 + seed % 4, seed):
            yield seed, state


def _marked(g) -> set[str]:
    heads = {line for line in render_text(g).splitlines() if line.endswith("<- to act")}
    return {n for n in g.order if any(h.startswith(f"{DISPLAY[n]} [") for h in heads)}


def test_the_text_marks_exactly_the_factions_that_must_act():
    told = 0
    for seed, g in _positions():
        if g.phase == "select-factions":
            continue  # no faction yet
        want = {g.faction_of[p] for p in GAME.to_act(g)}
        assert _marked(g) == want, (seed, g.round, g.phase)
        told += g.after != "" and g.after in want
    assert told  # positions where the faction whose turn ended may still act were seen


def test_the_duties_list_names_every_faction_owing_a_choice_once():
    aside = 0
    for seed, g in _positions():
        if g.phase in ("select-factions", "setup") or g.finished:
            continue
        recs = g.records
        owing = [r["faction"] for r in recs if r["type"] == "owed"]
        want = [n for n in g.order if n != g.active and any(g.fac[n][k] for k in OWED)]
        assert owing == want, (seed, g.round, g.phase)
        assert [r["faction"] for r in recs if r["type"] == "full"] == [g.active] * bool(g.active)
        assert [(r["faction"], r["from_faction"], r["amount"]) for r in recs
                if r["type"] == "leech"] == [tuple(o[:3]) for o in g.offers]
        aside += bool(want)
    assert aside  # factions owing a choice outside their turn were among them
