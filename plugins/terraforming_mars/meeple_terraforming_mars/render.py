"""Pictures of the state: terminal text, an SVG, one-line event descriptions, a summary."""

from __future__ import annotations

import math
import textwrap
from html import escape
from typing import Any

from meeple.core import fit_lines

from . import messages as m
from .board import ROW_LETTERS, SPACES
from .cardtext import hand_line
from .regions import allowed_spaces, placement, refusal
from .rules import AWARDS, MILESTONES, card_cost
from .scoring import breakdown
from .standings import tie_lines
from .state import MC, RES, State
from .table import bonus_words, space_gain

# What each pending decision asks, for "to act" lines.
ASKS = {"corp": "choose a corporation",
        "buy": "research: take cards one by one, then buy (drop CARD takes one off)",
        "draft": "draft a card", "place": "place a tile", "claim": "claim a space (Land Claim)",
        "remove": "choose whose resources to remove", "reduce": "choose whose production to lower",
        "flood": "choose whom Flooding takes 4 M€ from", "add": "choose a card to add to",
        "steal": "choose a card to take from", "pick": "choose a card", "choose": "choose an option",
        "viral": "Viral Enhancers: plant or resource", "olympus": "Olympus Conference",
        "university": "Mars University: discard a card to draw one, or none",
        "keep": "keep cards", "amount": "choose an amount", "final": "final greenery conversion"}


def asks(s: State, name: str) -> str:
    """What ``name`` is asked to do now, in a few words."""
    item = next((it for it in s.pending if it[0] == name), None)
    if item is None:
        return "take an action (or pass)" if not s.actions else "take a second action, or done"
    if item[1] == "place":
        return f"place {'an' if item[2][0] in 'aeiou' else 'a'} {item[2]}" + (
            f" for {item[4]}" if len(item) > 4 and item[4] else "")
    return ASKS.get(item[1], item[1])

TILE_CHAR = {"ocean": "~", "greenery": "g", "city": "C", "capital": "C"}


def _cell(s: State, sp: str) -> str:
    kind, owner = s.tiles.get(sp, ("", ""))
    if not kind:
        return "o" if SPACES[sp].ocean else "."
    ch = TILE_CHAR.get(kind, "*")
    return ch + (str(s.names.index(owner) + 1) if owner in s.names else "n" if owner else "")


def private(s: State, player: str) -> list[str]:
    """What only ``player`` sees: their hand (cost to them, tags, requirement, text) and
    the cards offered to them, with the research list marked."""
    p = s.players[player]
    lines = []
    if p.hand:
        lines.append(f"your hand, {player} ({len(p.hand)}):")
        lines += [f"  {hand_line(c, card_cost(p, c))}" for c in p.hand if c != "?"]
    if p.corp_offer:
        lines.append("corporations offered: " + ", ".join(p.corp_offer))
    if p.offer:
        lines.append(f"offered to {player} (3 M€ each when bought; * = on your list):")
        lines += [f"  {'*' if c in p.marked else ' '} {hand_line(c, card_cost(p, c))}"
                  for c in p.offer if c != "?"]
    if p.drafted:
        lines.append("drafted so far: " + ", ".join(p.drafted))
    return lines


def text(s: State, player: str | None = None, acting: tuple[str, ...] = (),
         width: int | None = None) -> str:
    """The table in lines of text, each within ``width`` columns (None: as long as it is)."""
    lines = [f"Generation {s.generation} ({s.phase})  temperature {s.temp_c} C  "
             f"oxygen {s.oxygen} %  oceans {s.oceans}/9"]
    for r in range(9):
        row = [sp for sp in SPACES if SPACES[sp].row == r]
        pad = " " * (2 * abs(r - 4))
        lines.append(f"{ROW_LETTERS[r]} {pad}" + "".join(f"{_cell(s, sp):<4}" for sp in row))
    off = [f"{sp}: {s.tiles[sp][1]}" for sp in ("phobos", "ganymede") if sp in s.tiles]
    if off:
        lines.append("off Mars: " + ", ".join(off))
    lines.append("legend: ~ ocean, g greenery, C city, * special tile, o ocean space; digit = seat")
    for i, n in enumerate(s.names):
        p = s.players[n]
        res = " ".join(f"{r} {v}({p.prod[k]:+d})" for k, (r, v) in enumerate(zip(RES, p.res, strict=False)))
        flag = " passed" if p.passed else ""
        lines.append(f"{i + 1} {n} [{p.corp or '-'}] TR {p.tr}  {res}  hand {len(p.hand)}  "
                     f"played {len(p.played)}{flag}")
    if s.milestones:
        lines.append("milestones: " + ", ".join(f"{k} ({v})" for k, v in s.milestones.items()))
    if s.awards:
        lines.append("awards: " + ", ".join(f"{k} ({v})" for k, v in s.awards.items()))
    if player in s.players:
        lines += private(s, player)
    if acting:
        lines.append("to act: " + "; ".join(f"{n} ({asks(s, n)})" for n in acting))
    elif s.phase == "over":
        lines.append("the game is over")
    return "\n".join(fit_lines(lines, width))


COLORS = ("#d62828", "#1d4ed8", "#16a34a", "#eab308", "#c084fc")
FILL = {"ocean": "#3b82f6", "greenery": "#22c55e"}


BONUS_COLOURS = {"steel": "#1f2937", "titanium": "#e5e7eb", "plants": "#4ade80", "cards": "#f97316"}


SHORT = {"mc": "M€", "steel": "steel", "titanium": "titan", "plants": "plant",
         "energy": "energy", "heat": "heat"}


def _legend(x: int, y: int) -> list[str]:
    """What the markers mean (plain shapes and text: no glyph needs an emoji font)."""
    out = [f'<text x="{x}" y="{y}" font-size="11" fill="#fff">legend</text>']
    rows = (("hex", "#b45309", "land space"), ("hex", "#1e3a8a", "space reserved for oceans"),
            ("hex", FILL["ocean"], "ocean tile"), ("hex", FILL["greenery"], "greenery tile"),
            ("square", "#d1d5db", "city tile"), ("hex", "#9ca3af", "special tile (its initials)"),
            ("dot", "#6b7280", "owner (player colour; grey: neutral)"))
    for k, (shape, colour, label) in enumerate(rows):
        cy = y + 16 + 16 * k
        if shape == "square":
            out.append(f'<rect x="{x}" y="{cy - 6}" width="12" height="12" fill="{colour}"/>')
        elif shape == "dot":
            out.append(f'<circle cx="{x + 6}" cy="{cy}" r="5" fill="{colour}"/>')
        else:
            out.append(f'<rect x="{x}" y="{cy - 6}" width="12" height="12" rx="3" fill="{colour}" '
                       'stroke="#000"/>')
        out.append(f'<text x="{x + 18}" y="{cy + 4}" font-size="10" fill="#fff">{label}</text>')
    bonus = (("steel", "steel bonus"), ("titanium", "titanium bonus"), ("plants", "plant bonus"),
             ("cards", "card bonus"))
    for k, (kind, label) in enumerate(bonus):
        cx, cy = x + 6 + 110 * (k % 2), y + 16 + 16 * (len(rows) + k // 2)
        out.append(_bonus_icon(kind, cx, cy))
        out.append(f'<text x="{cx + 12}" y="{cy + 4}" font-size="10" fill="#fff">{label}</text>')
    return out


def _space_title(s: State, sp: str, player: str | None, place: tuple[str, str, str] | None,
                 allowed: set[str]) -> str:
    """A space in words: its name, what it is, its printed bonus, what lies on it and, while
    the seat is to place a tile, what placing there gives or why it is refused."""
    info = SPACES[sp]
    words = [f"{sp}{' (' + info.name + ')' if info.name else ''}: "
             f"{'reserved for an ocean' if info.ocean else 'land'}",
             "bonus: " + (bonus_words(info.bonus) or "none")]
    kind, owner = s.tiles.get(sp, ("", ""))
    if kind:
        words.append(f"{kind} tile" + (f" of {owner}" if owner else ""))
    if place is not None and player is not None:
        tile = "claim" if place[0] == "claim" else place[0]
        if sp in allowed:
            words.append(f"your {tile if tile != 'claim' else 'Land Claim'} may go here: "
                         f"{space_gain(s, sp)}" if tile != "claim" else "you may claim it")
        else:
            words.append("refused: " + refusal(s, player, place[0], place[1], sp))
    return "; ".join(words)


def _bonus_icon(kind: str, x: float, y: float) -> str:
    colour = BONUS_COLOURS[kind]
    if kind == "plants":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}" stroke="#000" stroke-width="0.5"/>'
    wide, tall = (4, 6) if kind == "cards" else (5, 5)
    return (f'<rect x="{x - wide / 2:.1f}" y="{y - tall / 2:.1f}" width="{wide}" height="{tall}" '
            f'fill="{colour}" stroke="#000" stroke-width="0.5"/>')


def svg(s: State, acting: tuple[str, ...] = (), scores: dict[str, float] | None = None,  # noqa: C901 - the picture's parts drawn in order
        winners: list[str] | None = None, player: str | None = None) -> str:
    """The picture; for a seat (``player``) every space is a region, and while the seat
    is to place a tile the spaces it may use are outlined."""
    size = 22
    w, h = 800, 560
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<rect width="{w}" height="{h}" fill="#2b1a12"/>']
    place = placement(s, player)
    allowed = set(allowed_spaces(s, player, place[0], place[1])) if place and player else set()
    for sp, info in SPACES.items():
        cx = 60 + (2 * info.index + abs(info.row - 4)) * size * 0.9
        cy = 40 + info.row * size * 1.6
        kind, owner = s.tiles.get(sp, ("", ""))
        fill = FILL.get(kind, "#9ca3af" if kind else ("#1e3a8a" if info.ocean else "#b45309"))
        pts = " ".join(f"{cx + size * math.cos(math.radians(60 * k + 30)):.1f},"
                       f"{cy + size * math.sin(math.radians(60 * k + 30)):.1f}" for k in range(6))
        stroke = 'stroke="#facc15" stroke-width="3"' if sp in allowed else 'stroke="#000" stroke-width="1"'
        region = f' data-region="space/{sp}"' if player is not None else ""
        title = escape(_space_title(s, sp, player, place, allowed))
        parts.append(f'<polygon points="{pts}" fill="{fill}" {stroke}{region}>'
                     f'<title>{title}</title></polygon>')
        if not kind:  # the printed bonus, until a tile covers it
            for k, b in enumerate(info.bonus):
                parts.append(_bonus_icon(b, cx + (k - (len(info.bonus) - 1) / 2) * 7, cy - 5))
        if kind in ("city", "capital"):
            parts.append(f'<rect x="{cx - 7:.1f}" y="{cy - 7:.1f}" width="14" height="14" fill="#d1d5db"/>')
        if owner:
            col = COLORS[s.names.index(owner) % len(COLORS)] if owner in s.names else "#6b7280"
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="5" fill="{col}"/>')
        parts.append(f'<text x="{cx:.1f}" y="{cy + size * 0.75:.1f}" font-size="7" fill="#fff" '
                     f'text-anchor="middle">{sp}</text>')
    x0 = 470
    if s.phase == "over" and scores is not None:
        won = ", ".join(winners or [])
        head = f"Game over after generation {s.generation}: {won} win{'s' if len(winners or []) == 1 else ''}"
    elif acting:
        head = f"Generation {s.generation}: " + "; ".join(f"{n} to {asks(s, n)}" for n in acting)
    else:
        head = f"Generation {s.generation}"
    # The panel right of the map is 330 px wide: a long status (several players' pending
    # choices) wraps, and the panel below it moves down to make room.
    heads = textwrap.wrap(head, 50) or [""]
    for k, line in enumerate(heads):
        parts.append(f'<text x="{x0}" y="{30 + 16 * k}" font-size="12" fill="#fff">{escape(line)}</text>')
    drop = 16 * (len(heads) - 1)
    parts.append(f'<g transform="translate(0,{drop})">')
    shown = (f"temperature {s.temp_c:+d} °C", f"oxygen {s.oxygen} %",
             f"oceans {s.oceans}/9")
    for k, (label, val, top) in enumerate(zip(shown, (s.temp, s.oxygen, s.oceans), (19, 14, 9),
                                              strict=True)):
        y = 50 + 24 * k
        parts.append(f'<rect x="{x0}" y="{y}" width="200" height="12" fill="#374151"/>')
        parts.append(f'<rect x="{x0}" y="{y}" width="{200 * val / top:.1f}" height="12" fill="#f97316"/>')
        parts.append(f'<text x="{x0 + 205}" y="{y + 10}" font-size="10" fill="#fff">{label}</text>')
    for i, n in enumerate(s.names):
        p = s.players[n]
        y = 140 + 70 * i
        col = COLORS[i % len(COLORS)]
        parts.append(f'<rect x="{x0}" y="{y}" width="320" height="62" fill="none" stroke="{col}"/>')
        score = f" - {scores[n]:g} VP" if s.phase == "over" and scores else ""
        mark = " (winner)" if s.phase == "over" and n in (winners or []) else (
            " (to act)" if n in acting else "")
        parts.append(f'<text x="{x0 + 6}" y="{y + 14}" font-size="11" fill="{col}">{escape(n)}{mark} - '
                     f'{escape(p.corp or "no corporation")} - TR {p.tr}{score}</text>')
        for k, r in enumerate(RES):
            # Short labels: six columns of the full names overlap at this font size.
            parts.append(f'<text x="{x0 + 6 + 52 * k}" y="{y + 34}" font-size="9" fill="#fff">'
                         f'{SHORT[r]} {p.res[k]}</text>')
            parts.append(f'<text x="{x0 + 6 + 52 * k}" y="{y + 50}" font-size="9" fill="#fbbf24">'
                         f'prod {p.prod[k]}</text>')
    y = 150 + 70 * len(s.names)
    for label, held in (("milestones", s.milestones), ("awards", s.awards)):
        text = ", ".join(f"{k} ({v})" for k, v in held.items()) or "none yet"
        for line in textwrap.wrap(f"{label}: {text}", 58):  # long names take two lines
            parts.append(f'<text x="{x0}" y="{y}" font-size="10" fill="#fff">{escape(line)}</text>')
            y += 16
    bottom_right = 0
    if s.phase == "over" and scores:
        ranked = sorted(scores, key=lambda n: -scores[n])
        text = ", ".join(f"{n} {scores[n]:g} VP" + (" (winner)" if n in (winners or []) else "")
                         for n in ranked)
        # five long names do not fit the 330 px panel on one line
        for k, line in enumerate(textwrap.wrap(f"final scores: {text}", 52)):
            parts.append(f'<text x="{x0}" y="{y + 16 * k}" font-size="11" fill="#fbbf24">'
                         f'{escape(line)}</text>')
            bottom_right = y + 16 * k + drop + 10
    parts.append("</g>")
    kinds = {"city": "C", "capital": "C", "greenery": "", "ocean": ""}
    for sp, (kind, _) in s.tiles.items():
        if sp in SPACES and kind not in kinds:  # special tiles: their initial
            info = SPACES[sp]
            cx = 60 + (2 * info.index + abs(info.row - 4)) * size * 0.9
            cy = 40 + info.row * size * 1.6
            parts.append(f'<text x="{cx:.1f}" y="{cy - 8:.1f}" font-size="8" fill="#fff" '
                         f'text-anchor="middle">{kind[:3]}</text>')
    parts += _legend(20, 380)
    bottom = 560
    if s.phase == "over" and scores:
        table, low = _score_table(s, scores, 240, 380)
        parts += table
        bottom = max(bottom, low, bottom_right)
    parts.append("</svg>")
    tall = max(h + drop, bottom)
    if tall != h:  # taller by what the wrapped status or the score table took
        parts[0] = parts[0].replace(f'height="{h}"', f'height="{tall}"').replace(
            f'0 0 {w} {h}', f'0 0 {w} {tall}')
        parts[1] = parts[1].replace(f'height="{h}"', f'height="{tall}"')
    return "\n".join(parts)


SCORE_COLUMNS = (("TR", "tr"), ("MS", "milestones"), ("AW", "awards"), ("GR", "greenery"),
                 ("CI", "cities"), ("CA", "cards"))


def _score_table(s: State, scores: dict[str, float], x: int, y: int) -> tuple[list[str], int]:
    """The final score of each player in its parts, best first, the key to the columns,
    and how a tie was decided. Returns the elements and the lowest y they reach."""
    parts = breakdown(s)
    ranked = sorted(s.names, key=lambda n: (-scores[n], -s.players[n].res[MC]))
    out = [f'<text x="{x}" y="{y}" font-size="11" fill="#fbbf24">score breakdown</text>']
    cols = [x + 60 + 22 * k for k in range(len(SCORE_COLUMNS) + 1)]
    y += 16
    for cx, (label, _) in zip(cols, (*SCORE_COLUMNS, ("VP", "")), strict=True):
        out.append(f'<text x="{cx}" y="{y}" font-size="9" fill="#fff">{label}</text>')
    for n in ranked:
        y += 14
        out.append(f'<text x="{x}" y="{y}" font-size="9" fill="#fff">{escape(n[:10])}</text>')
        values = [parts[n][key] for _, key in SCORE_COLUMNS] + [scores[n]]
        for cx, v in zip(cols, values, strict=True):
            out.append(f'<text x="{cx}" y="{y}" font-size="9" fill="#fff">{v:g}</text>')
    keys = ["TR terraform rating, MS milestones, AW awards,", "GR greeneries, CI cities, CA cards"]
    for line in keys + [wrapped for tie in tie_lines(s, {n: int(v) for n, v in scores.items()})
                        for wrapped in textwrap.wrap(tie, 42)]:
        y += 14
        out.append(f'<text x="{x}" y="{y}" font-size="9" fill="#d1d5db">{escape(line)}</text>')
    return out, y + 10


STEP_WORDS = {"temp": ("temperature", 2, " C"), "oxygen": ("oxygen", 1, " %"), "oceans": ("oceans", 1, "")}


def facts(e: Any) -> list[str]:
    """What an event did to the table, from its recorded delta: tiles placed (with their
    owner), parameter steps, milestones, awards. Players' counters are its ``changes``."""
    d = getattr(e, "delta", None)
    if d is None:
        return []
    out = [f"{tile} on {sp}" + (f" ({owner})" if owner else "") for sp, tile, owner in d.tiles]
    for k, n in d.steps:
        word, unit, suffix = STEP_WORDS[k]
        out.append(f"{word} {n * unit:+d}{suffix}")
    out += [f"{owner} claims {name}" for name, owner in d.milestones]
    out += [f"{owner} funds {name}" for name, owner in d.awards]
    return out


def describe(e: Any) -> str:
    line = _describe(e)
    # what the line says already is not repeated (a placed tile, a funded award)
    more = ", ".join(f for f in facts(e) if f not in line and f.split(" (")[0] not in line)
    return f"{line} ({more})" if more else line


def _cards(cards: tuple[str, ...]) -> str:
    """Card names, or how many when they are hidden from the reader."""
    if cards and all(c == "?" for c in cards):
        return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    return ", ".join(cards)


def _describe(e: Any) -> str:  # noqa: C901 - one sentence per event kind
    t = type(e)
    if t is m.Started:
        return "Terraforming Mars: " + ", ".join(e.players)
    if t is m.Shuffled:
        return f"the deck of {len(e.cards)} cards is shuffled"
    if t is m.Reshuffled:
        return f"{len(e.cards)} discarded cards are shuffled in under the deck"
    if t is m.Dealt:
        return f"{e.player} is dealt {_cards(e.corps) or 'no corporations'} and {_cards(e.cards)}"
    if t is m.CorpChosen:
        return f"{e.player} runs {e.corp}"
    if t is m.Marked:
        return f"{e.player} {'puts' if e.on else 'takes'} {e.card if e.card != '?' else 'a card'} " \
               f"{'on' if e.on else 'off'} the research list"
    if t is m.Bought:
        return f"{e.player} buys {_cards(e.cards) or 'nothing'}"
    if t is m.Drawn:
        return f"{e.player} draws {_cards(e.cards) or 'nothing (the deck is empty)'}"
    if t is m.Revealed:
        return f"{e.player} reveals {e.card} for {e.source}"
    if t is m.CardPlayed:
        pay = f"{e.mc} M€" + "".join(f", {getattr(e, k)} {k}" for k in ("steel", "titanium", "heat")
                                    if getattr(e, k))
        return f"{e.player} plays {e.card} for {pay}"
    if t is m.ActionUsed:
        return f"{e.player} uses {e.card} (option {e.option + 1})"
    if t is m.ProjectUsed:
        return f"{e.player} uses the {e.kind} standard project"
    if t is m.Sold:
        return f"{e.player} sells {len(e.cards)} card(s)"
    if t is m.Claimed:
        return f"{e.player} claims {e.name}"
    if t is m.Funded:
        return f"{e.player} funds {e.name}"
    if t is m.Converted:
        return f"{e.player} converts {e.what}"
    if t is m.Placed:
        placed = [tile for sp, tile, _ in (e.delta.tiles if e.delta else ()) if sp == e.space]
        if placed:
            return f"{e.player} places {'an' if placed[0][0] in 'aeiou' else 'a'} {placed[0]} on {e.space}"
        return f"{e.player} places on {e.space}"
    if t is m.Targeted:
        return f"{e.player} targets {e.target or 'nobody'}"
    if t is m.Picked:
        return f"{e.player} picks {e.card}"
    if t is m.Chosen:
        return f"{e.player} chooses {e.label}"
    if t is m.AmountChosen:
        return f"{e.player} converts {e.n} heat production"
    if t is m.Passed:
        return f"{e.player} passes"
    if t is m.TurnEnded:
        return f"{e.player} ends the turn"
    if t is m.ActionsBegan:
        return f"generation {e.generation}: action phase"
    if t is m.Produced:
        return f"generation {e.generation}: production"
    if t is m.Research:
        return f"generation {e.generation}: research, 4 cards each"
    if t is m.FinalConversion:
        return "Mars is terraformed: final greenery conversion"
    if t is m.FinalDone:
        return f"{e.player} is done converting"
    if t is m.NeutralPlaced:
        return (f"neutral cities on {', '.join(e.cities)} and greeneries on "
                f"{', '.join(e.greeneries)} (from {', '.join(e.cards)})")
    if t is m.Drafted:
        return f"{e.player} drafts {e.card}"
    if t is m.Looked:
        return f"{e.player} looks at {_cards(e.cards)} for {e.source}"
    if t is m.Kept:
        return f"{e.player} keeps {_cards(e.cards) or 'nothing'}"
    if t is m.Scored:
        return (f"{e.player} scores {e.total} VP: TR {e.tr}, milestones {e.milestones}, awards "
                f"{e.awards}, greeneries {e.greenery}, cities {e.cities}, cards {e.cards}")
    if t is m.GameEnded:
        return f"the game ends after generation {e.generation}"
    return repr(e)


def summary(s: State) -> dict[str, Any]:
    return {
        "generation": s.generation, "phase": s.phase, "temperature": s.temp_c,
        "oxygen": s.oxygen, "oceans": s.oceans,
        "players": {n: {"tr": p.tr, "corporation": p.corp, "resources": dict(zip(RES, p.res, strict=False)),
                        "production": dict(zip(RES, p.prod, strict=False)), "hand": len(p.hand)}
                    for n, p in s.players.items()},
        "milestones": dict(s.milestones), "awards": dict(s.awards),
        "milestone_names": list(MILESTONES), "award_names": list(AWARDS),
    }
