"""The notation: the text a player types (``parse``), the text a command is written as
(``format``, ``parse(format(c)) == c``) and what other players may see of it
(``redact_command``)."""

from __future__ import annotations

import re
from typing import Any

from meeple.core import IllegalCommand

from . import messages as m
from .board import SPACES
from .cards import CARDS, CORPORATIONS, lookup
from .effects import action_options
from .rules import (
    AWARDS,
    MILESTONES,
    PROJECTS,
    card_cost,
    steel_value,
    titanium_value,
)
from .state import State

KV = re.compile(r"\s+(pay|steel|titanium|heat)\s+(-?\d+)$", re.IGNORECASE)


def _strip_kv(text: str) -> tuple[str, dict[str, int]]:
    found: dict[str, int] = {}
    while True:
        mt = KV.search(text)
        if not mt:
            return text.strip(), found
        key = mt.group(1).lower()
        if key in found:
            raise IllegalCommand(f"{key} is given twice")
        found[key] = int(mt.group(2))
        text = text[:mt.start()]




class Notation:
    """The notation of the Game (``TerraformingMars`` mixes it in)."""

    # -- notation ------------------------------------------------------------------------------------

    def parse(self, text: str, state: State | None = None, player: str | None = None) -> Any:  # noqa: C901 - one branch per command word
        raw = " ".join(str(text).split())
        word, _, rest = raw.partition(" ")
        w = word.lower()
        if w == "buy" and not rest:
            return m.Confirm()
        if w in ("take", "drop") and rest:
            return m.Mark(self._card(rest, state), w == "take")
        if w in ("pass", "done", "greenery", "heat") and not rest:
            return {"pass": m.Pass(), "done": m.Done(), "greenery": m.Convert("plants"),
                    "heat": m.Convert("heat")}[w]
        if not rest:
            raise IllegalCommand(f"{text!r} is not a command; see docs/games/terraforming-mars.md "
                                 "(play, project, sell, claim, fund, use, greenery, heat, pass, done)")
        if w == "keep":
            return m.Keep(() if rest.lower() == "none" else tuple(self._card(c, state) for c in rest.split(",")))
        if w == "draft":
            return m.Draft(self._card(rest, state))
        if w == "corporation":
            name = lookup(rest)
            if name not in CORPORATIONS:
                raise IllegalCommand(f"no corporation {rest!r}")
            return m.ChooseCorp(name)
        if w in ("buy", "sell"):
            cards = () if rest.lower() == "none" else tuple(self._card(c, state) for c in rest.split(","))
            return m.Buy(cards) if w == "buy" else m.Sell(cards)
        if w == "play":
            return self._parse_play(rest, state, player)
        if w == "use":
            return self._parse_use(rest, state, player)
        if w in ("project", "claim", "fund"):
            body, kv = _strip_kv(rest)
            if set(kv) - {"heat"}:
                raise IllegalCommand(f"{w} is paid in M€ (Helion may add: heat N)")
            heat = kv.get("heat", 0)
            if w == "project":
                if body.lower() not in PROJECTS:
                    raise IllegalCommand(f"no project {body!r}: choose {', '.join(PROJECTS)}")
                return m.Project(body.lower(), heat)
            names = MILESTONES if w == "claim" else AWARDS
            hit = next((n for n in names if n.lower() == body.lower()), None)
            if hit is None:
                raise IllegalCommand(f"{body!r} is not one of {', '.join(names)}")
            return m.Claim(hit, heat) if w == "claim" else m.Fund(hit, heat)
        if w == "place":
            sp = rest.lower()
            if sp not in SPACES:
                raise IllegalCommand(f"{rest!r} is not a space: a row letter a-i and a number, like e4")
            return m.Place(sp)
        if w == "target":
            return m.Target("" if rest.lower() == "none" else rest)
        if w == "card":
            return m.Pick("" if rest.lower() == "none" else self._card(rest, state))
        if w == "choose":
            return m.Choose(rest.lower())
        if w == "amount":
            if not rest.isdigit():
                raise IllegalCommand("amount takes a number, like amount 2")
            return m.Amount(int(rest))
        raise IllegalCommand(f"{text!r} is not a command; see docs/games/terraforming-mars.md")

    def _card(self, text: str, state: State | None = None) -> str:
        name = lookup(text)
        if name is None or name not in CARDS:
            raise IllegalCommand(f"{text.strip()!r} is not a project card name")
        if state is not None and not self.catalog(state).has_card(name):
            raise IllegalCommand(f"{name} is not a card of this game (it is a Corporate Era card; "
                                 "start the game with -o corporate_era=true)")
        return name

    def _parse_play(self, rest: str, state: State | None, player: str | None) -> m.Play:
        body, kv = _strip_kv(rest)
        name = self._card(body, state)
        st, ti, heat = kv.get("steel", 0), kv.get("titanium", 0), kv.get("heat", 0)
        if "pay" in kv:
            mc = kv["pay"]
        elif state is not None and player in state.players:
            p = state.players[player]
            mc = max(0, card_cost(p, name) - st * steel_value(p) - ti * titanium_value(p) - heat)
        else:
            raise IllegalCommand("say how many M€ you pay: play NAME pay N")
        return m.Play(name, mc, st, ti, heat)

    def _parse_use(self, rest: str, state: State | None, player: str | None) -> m.Use:
        body, kv = _strip_kv(rest)
        name, label = lookup(body), ""
        if name is None and " " in body:
            head, _, label = body.rpartition(" ")
            name = lookup(head)
        if name is None or not action_options(name):
            raise IllegalCommand(f"{body!r} is not a card with an action")
        opts = action_options(name)
        labels = [o["label"] for o in opts]
        if label:
            if label.lower() not in labels:
                raise IllegalCommand(f"{name} has the options: {', '.join(labels)}")
            option = labels.index(label.lower())
        elif len(opts) > 1:
            raise IllegalCommand(f"say which: {', '.join(f'use {name} {x}' for x in labels)}")
        else:
            option = 0
        st, ti, heat = kv.get("steel", 0), kv.get("titanium", 0), kv.get("heat", 0)
        if "pay" in kv:
            mc = kv["pay"]
        elif state is not None and player in state.players:
            p = state.players[player]
            mc = max(0, opts[option].get("pay", 0) - st * steel_value(p) - ti * titanium_value(p)
                     - heat)
        else:
            mc = max(0, opts[option].get("pay", 0) - heat)
        return m.Use(name, option, mc, st, ti, heat)

    def format(self, command: Any, state: State | None = None) -> str:  # noqa: C901 - one branch per command kind
        c = command
        t = type(c)
        if t is m.Pass:
            return "pass"
        if t is m.Done:
            return "done"
        if t is m.Convert:
            return "greenery" if c.what == "plants" else "heat"
        if t is m.ChooseCorp:
            return f"corporation {c.corp}"
        if t is m.Draft:
            return f"draft {c.card}"
        if t is m.Keep:
            return "keep " + (", ".join(c.cards) or "none")
        if t is m.Buy:
            return "buy " + (", ".join(c.cards) or "none")
        if t is m.Mark:
            return ("take " if c.on else "drop ") + c.card
        if t is m.Confirm:
            return "buy"
        if t is m.Sell:
            return "sell " + ", ".join(c.cards)
        if t is m.Play:
            text = f"play {c.card} pay {c.mc}"
            for key in ("steel", "titanium", "heat"):
                if getattr(c, key):
                    text += f" {key} {getattr(c, key)}"
            return text
        if t is m.Use:
            opts = action_options(c.card)
            text = f"use {c.card}"
            if len(opts) > 1:
                text += f" {opts[c.option]['label']}"
            if c.mc or opts[c.option].get("pay"):
                text += f" pay {c.mc}"
            for key in ("steel", "titanium", "heat"):
                if getattr(c, key):
                    text += f" {key} {getattr(c, key)}"
            return text
        if t is m.Project:
            return f"project {c.kind}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Claim:
            return f"claim {c.name}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Fund:
            return f"fund {c.name}" + (f" heat {c.heat}" if c.heat else "")
        if t is m.Place:
            return f"place {c.space}"
        if t is m.Target:
            return f"target {c.player or 'none'}"
        if t is m.Pick:
            return f"card {c.card or 'none'}"
        if t is m.Choose:
            return f"choose {c.label}"
        if t is m.Amount:
            return f"amount {c.n}"
        raise IllegalCommand(f"not a Terraforming Mars command: {c!r}")

    def redact_command(self, text: str, actor: str, player: str | None) -> str:
        """Which cards another player drafts, keeps, buys or sells is secret; how many is not."""
        verb, _, rest = text.partition(" ")
        if verb in ("take", "drop") and player != actor:
            return f"{verb} a card"
        if verb == "buy" and not rest:
            return text
        if verb in ("draft", "keep", "buy", "sell") and player != actor:
            n = 0 if rest in ("", "none") else len(rest.split(", "))
            return f"{verb} {n} card{'s' if n != 1 else ''}"
        return text
