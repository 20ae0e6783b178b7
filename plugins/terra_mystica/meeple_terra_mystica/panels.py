"""The parts of the table besides the map, in words: the action spaces taken this round,
the scoring tiles with the current round marked, the bonus tiles with their coins, the
favor and town tiles left, each faction's income preview and, at the end, each score
broken down. Terra Mystica hides nothing, so every seat and a spectator see the same."""

from __future__ import annotations

from meeple.core import Entry, Panel

from . import descriptions as D
from . import preview as P
from .data import DISPLAY
from .render import OWN_ACTION
from .state import State, pw


def _actions(g: State) -> Panel:
    entries = []
    for i in range(1, 7):
        code = f"ACT{i}"
        taken = "taken this round" if g.blocked.get(code) else "free"
        entries.append(Entry(code, f"{D.ACTIONS[code][0]} ({taken})", D.ACTIONS[code][1],
                             f"action:{code}"))
    for n in g.order:
        code = OWN_ACTION.get(n)
        if code is None:
            continue
        have = bool(g.fac[n].get(code))
        state = ("taken this round" if g.blocked.get(f"{code}/{n}")
                 else "free" if have else "once the stronghold stands")
        entries.append(Entry(code, f"{D.ACTIONS[code][0]} ({state})", D.ACTIONS[code][1],
                             f"action:{code}"))
    return Panel("Action spaces", tuple(entries))


def _scoring(g: State) -> Panel:
    entries = []
    for i, t in enumerate(g.score_tiles):
        mark = " (this round)" if g.round == i + 1 and not g.finished else (
            " (scored)" if g.finished or i + 1 < g.round else "")
        entries.append(Entry(f"Round {i + 1}: {t}", D.SCORING[t][0] + mark, D.SCORING[t][1]))
    return Panel("Scoring tiles", tuple(entries))


def _bonus(g: State) -> Panel:
    holder = {f["bonus"]: n for n, f in g.fac.items() if f["bonus"]}
    entries = []
    for b in sorted(g.coins, key=lambda b: int(b[3:])):
        if g.pool.get(b, 0) > 0:
            where = f"on display with {g.coins[b]} coin{'s' if g.coins[b] != 1 else ''}"
        else:
            who = holder.get(b)
            where = f"held by {DISPLAY[who]}" if who else "taken"
        entries.append(Entry(b, f"{D.BONUS[b][0]} ({where})", D.BONUS[b][1], f"bonus:{b}"))
    return Panel("Bonus tiles", tuple(entries))


def _supply(g: State, prefix: str, kind: str, title: str, words: dict) -> Panel:
    tiles = sorted((t for t in g.pool if t.startswith(prefix)),
                   key=lambda t: int(t[len(prefix):]))
    holders = {t: [DISPLAY[n] for n in g.order if g.fac[n].get(t)] for t in tiles}
    entries = []
    for t in tiles:
        held = f"; held by {', '.join(holders[t])}" if holders[t] else ""
        entries.append(Entry(t, f"{words[t][0]} ({g.pool[t]} left{held})", words[t][1],
                             f"{kind}:{t}"))
    return Panel(title, tuple(entries))


def _factions(g: State) -> Panel:
    entries = []
    for n in g.order:
        f = g.fac[n]
        text = (f"{f['VP']} VP; {f['C']} C, {f['W']} W, {f['P']} P, power {pw(f)}; "
                f"ship {f['shipping']}, dig {f['digging']}")
        if not g.finished:
            text += f"; next income {P.say(P.income_preview(f))}"
            bonus = P.round_bonus(g, f)
            if bonus:
                text += f"; at this round's end {P.say(bonus)}"
        detail = ("Income at the next round's start from buildings, bonus tile and favor "
                  "tiles as they stand now; the round's end reward comes from the current "
                  "scoring tile and the cult tracks.")
        entries.append(Entry(f"{DISPLAY[n]} ({g.player_of[n]})", text, detail))
    return Panel("Factions and income", tuple(entries))


def _offers(g: State) -> Panel:
    """Power offered by a neighbour's building, waiting for an answer."""
    entries = []
    for offer in g.offers:
        receiver, giver, amount = offer[0], offer[1], offer[2]
        text = (f"{DISPLAY[giver]} built next to them: {amount} power offered"
                + (f", taking it all costs {amount - 1} VP" if amount > 1 else ", for free"))
        entries.append(Entry(f"{DISPLAY[receiver]} ({g.player_of[receiver]})", text,
                             "Take the power (the first point is free, each further point "
                             "costs 1 VP; bowls that are full take less) or decline it."))
    return Panel("Power offers", tuple(entries))


def _final(g: State) -> Panel:
    entries = [Entry(DISPLAY[n], P.breakdown_line(g, n, parts),
                     "VP in play, then the final scoring: 8/4/2 VP per cult track, "
                     "18/12/6 VP for the largest linked areas, 1 VP per 3 coins of "
                     "resources.")
               for n, parts in P.breakdown(g).items()]
    places = ", ".join(f"{p}. {' and '.join(g.player_of[n] for n in t)}"
                       for p, t in P.places(g))
    entries.append(Entry("Places", places, P.TIE_RULE[0].upper() + P.TIE_RULE[1:] + "."))
    return Panel("Final score", tuple(entries))


def panels_of(g: State, player: str | None) -> tuple[Panel, ...]:
    """The panels of the table; the same for every seat (nothing is hidden)."""
    if g.phase == "select-factions":
        return (_scoring(g), _bonus(g))
    out = [_scoring(g), _actions(g), _bonus(g),
           _supply(g, "FAV", "favor", "Favor tiles", D.FAVOR),
           _supply(g, "TW", "town", "Town tiles", D.TOWNS), _factions(g)]
    if g.offers:
        out.append(_offers(g))
    if g.finished and g.final:
        out.append(_final(g))
    return tuple(out)
