"""What a player may do now: the checks of a command (in the action phase, or against the
pending decision at the head of the queue) with the events it causes, and the legal
commands."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from meeple.core import IllegalCommand

from . import corporate_era as ce
from . import messages as m
from .board import SPACES
from .cards import BEGINNER
from .checks import (
    claim_problem,
    convert_problem,
    fund_problem,
    heat_splits,
    play_options,
    play_problem,
    project_problem,
    use_options,
    use_problem,
)
from .effects import action_options, choice_options
from .rules import (
    AWARD_COSTS,
    AWARDS,
    MILESTONES,
    PROJECTS,
    add_targets,
    can_lower_production,
    flood_targets,
    legal_spaces,
    project_cost,
    steal_sources,
)
from .state import MC, NEUTRAL, RI, State


class Allowed:
    """The checks and the legal commands of the Game (``TerraformingMars`` mixes it in)."""

    def _check(self, s: State, player: str, cmd: Any) -> tuple[list, list]:  # noqa: C901 - one branch per action of the action phase
        p = s.players[player]
        item = self._my_pending(s, player)
        if item is not None:
            return self._check_pending(s, p, item, cmd)
        t = type(cmd)
        if t is m.Pass:
            if s.actions:
                raise IllegalCommand("you have taken an action this turn: say done to end it")
            return [m.Passed(player)], []
        if t is m.Done:
            if not s.actions:
                raise IllegalCommand("take an action first, or pass for this generation")
            return [m.TurnEnded(player)], []
        if t is m.Play:
            why = play_problem(s, p, cmd.card, (cmd.mc, cmd.steel, cmd.titanium, cmd.heat))
            if why:
                raise IllegalCommand(why)
            # the card's own draws and looks come as automatic steps its fold queues
            return [m.CardPlayed(player, cmd.card, cmd.mc, cmd.steel, cmd.titanium, cmd.heat)], []
        if t is m.Project:
            if cmd.kind not in PROJECTS:
                raise IllegalCommand(f"no project {cmd.kind!r}: choose {', '.join(PROJECTS)}")
            why = project_problem(s, p, cmd.kind, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.ProjectUsed(player, cmd.kind, cmd.heat)], []
        if t is m.Sell:
            if not cmd.cards or len(set(cmd.cards)) != len(cmd.cards):
                raise IllegalCommand("name the cards to sell, each once")
            for c in cmd.cards:
                if c not in p.hand:
                    raise IllegalCommand(f"{c} is not in your hand")
            return [m.Sold(player, cmd.cards)], []
        if t is m.Claim:
            if cmd.name not in MILESTONES:
                raise IllegalCommand(f"no milestone {cmd.name!r}: {', '.join(MILESTONES)}")
            why = claim_problem(s, p, cmd.name, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.Claimed(player, cmd.name, cmd.heat)], []
        if t is m.Fund:
            if cmd.name not in AWARDS:
                raise IllegalCommand(f"no award {cmd.name!r}: {', '.join(AWARDS)}")
            why = fund_problem(s, p, cmd.name, cmd.heat)
            if why:
                raise IllegalCommand(why)
            return [m.Funded(player, cmd.name, cmd.heat)], []
        if t is m.Use:
            why = use_problem(s, p, cmd.card, cmd.option, (cmd.mc, cmd.steel, cmd.titanium, cmd.heat))
            if why:
                raise IllegalCommand(why)
            action_options(cmd.card)[cmd.option]
            after = [("reveal", 1, cmd.card)] if cmd.card == "Search For Life" else []
            if cmd.card in ce.LOOK:
                after.append(("look", ce.LOOK[cmd.card][0], cmd.card))
            draws = ce.action_draws(cmd.card, cmd.option)
            if draws:
                after.append(("draw", draws, ""))
            return [m.ActionUsed(player, cmd.card, cmd.option, cmd.mc, cmd.steel, cmd.titanium,
                                 cmd.heat)], after
        if t is m.Convert:
            if cmd.what not in ("plants", "heat"):
                raise IllegalCommand("convert plants (greenery) or heat")
            why = convert_problem(s, p, cmd.what)
            if why:
                raise IllegalCommand(why)
            return [m.Converted(player, cmd.what)], []
        raise IllegalCommand(f"that is not an action (try: play, project, sell, claim, fund, use, "
                             f"greenery, heat, pass or done), not {cmd!r}")

    def _check_pending(self, s: State, p: Any, item: tuple, cmd: Any) -> tuple[list, list]:  # noqa: C901 - one branch per kind of pending decision
        kind = item[1]
        t = type(cmd)
        player = p.name
        if kind == "corp":
            if t is not m.ChooseCorp:
                raise IllegalCommand("choose your corporation first: corporation NAME")
            if not self.catalog(s).has_corporation(cmd.corp):
                raise IllegalCommand(f"{cmd.corp} is not a corporation of this game")
            if cmd.corp not in p.corp_offer and cmd.corp != BEGINNER:
                raise IllegalCommand(f"choose one of: {', '.join([*p.corp_offer, BEGINNER])}")
            # Inventrix draws its 3 cards as its first action, not now (start_turn)
            return [m.CorpChosen(player, cmd.corp)], []
        if kind in ("pick", "university"):
            if t is not m.Pick:
                raise IllegalCommand("choose a card first: card NAME")
            allowed = self._picks(s, p, item)
            if cmd.card not in allowed:
                raise IllegalCommand(f"choose one of: {', '.join(c or 'none' for c in allowed)}")
            after = [("draw", 1, "")] if kind == "university" and cmd.card else []
            return [m.Picked(player, cmd.card)], after
        if kind in ("viral", "olympus"):
            labels = self._labels(p, item)
            if t is not m.Choose or cmd.label not in labels:
                raise IllegalCommand(f"choose one: {', '.join('choose ' + x for x in labels)}")
            draw = kind == "olympus" and cmd.label == "draw"
            return [m.Chosen(player, cmd.label)], [("draw", 1, "")] if draw else []
        if kind == "claim":
            if t is not m.Place or cmd.space not in self._claimable(s):
                raise IllegalCommand("claim a free land space that is not reserved: place SPACE")
            return [m.Placed(player, cmd.space)], []
        if kind == "keep":
            n = ce.LOOK[item[2]][1]
            if t is not m.Keep or len(set(cmd.cards)) != len(cmd.cards) or any(
                    c not in p.offer for c in cmd.cards):
                raise IllegalCommand(f"keep cards from: {', '.join(p.offer)}")
            if n == "buy" and 3 * len(cmd.cards) > p.res[MC]:
                raise IllegalCommand("buying the card costs 3 M€")
            if n != "buy" and len(cmd.cards) != min(n, len(p.offer)):
                raise IllegalCommand(f"keep exactly {n} of: {', '.join(p.offer)}")
            return [m.Kept(player, cmd.cards)], []
        if kind == "draft":
            if t is not m.Draft or cmd.card not in p.offer:
                raise IllegalCommand(f"draft one card: {', '.join('draft ' + c for c in p.offer)}")
            return [m.Drafted(player, cmd.card)], []
        if kind == "buy" and t is m.Mark:
            if cmd.card not in p.offer:
                raise IllegalCommand(f"you may buy from: {', '.join(p.offer)}")
            if cmd.on:
                if cmd.card in p.marked:
                    raise IllegalCommand(f"{cmd.card} is on your list already")
                if 3 * (len(p.marked) + 1) > p.res[MC]:
                    raise IllegalCommand(f"{len(p.marked) + 1} cards cost {3 * (len(p.marked) + 1)} M€; "
                                         f"you have {p.res[MC]}")
            elif cmd.card not in p.marked:
                raise IllegalCommand(f"{cmd.card} is not on your list")
            return [m.Marked(player, cmd.card, cmd.on)], []
        if kind == "buy" and t is m.Confirm:
            return [m.Bought(player, tuple(c for c in p.offer if c in p.marked))], []
        if kind == "buy":
            if t is not m.Buy:
                raise IllegalCommand("choose the cards to buy first: take CARD for each, then buy "
                                     "(or at once: buy A, B; buy none)")
            if len(set(cmd.cards)) != len(cmd.cards) or any(c not in p.offer for c in cmd.cards):
                raise IllegalCommand(f"you may buy from: {', '.join(p.offer)}")
            if 3 * len(cmd.cards) > p.res[MC]:
                raise IllegalCommand(f"{len(cmd.cards)} cards cost {3 * len(cmd.cards)} M€; you have {p.res[MC]}")
            return [m.Bought(player, cmd.cards)], []
        if kind == "place":
            if t is not m.Place:
                raise IllegalCommand(f"place your {item[2]} first: place SPACE")
            spaces = legal_spaces(s, player, item[2], item[3])
            if cmd.space not in spaces:
                raise IllegalCommand(f"{item[2]} may not go on {cmd.space}; allowed: {' '.join(spaces)}")
            cards = SPACES[cmd.space].bonus.count("cards")
            return [m.Placed(player, cmd.space)], [("draw", cards, "")] if cards else []
        if kind in ("remove", "reduce", "flood"):
            if t is not m.Target:
                raise IllegalCommand("choose a player first: target NAME (or target none)")
            allowed = self._targets(s, item, player)
            if cmd.player not in allowed:
                names = ", ".join(a or "none" for a in allowed)
                raise IllegalCommand(f"choose a target among: {names}")
            return [m.Targeted(player, cmd.player)], []
        if kind in ("add", "steal"):
            if t is not m.Pick:
                raise IllegalCommand("choose a card first: card NAME")
            allowed = add_targets(s, item) if kind == "add" else steal_sources(s, item[2], item[3])
            if cmd.card not in allowed:
                raise IllegalCommand(f"choose one of: {', '.join(allowed)}")
            return [m.Picked(player, cmd.card)], []
        if kind == "choose":
            labels = [o["label"] for o in choice_options(item[2])]
            if t is not m.Choose or cmd.label not in labels:
                raise IllegalCommand(f"choose one: {', '.join('choose ' + x for x in labels)}")
            return [m.Chosen(player, cmd.label)], []
        if kind == "amount":
            low, high = self._amount_range(p, item)
            if t is not m.Amount or not low <= cmd.n <= high:
                raise IllegalCommand(f"say how much: amount {low} to {high}")
            return [m.AmountChosen(player, cmd.n)], []
        if kind == "final":
            if t is m.Done:
                return [m.FinalDone(player)], []
            if t is m.Convert and cmd.what == "plants":
                why = convert_problem(s, p, "plants")
                if why:
                    raise IllegalCommand(why)
                return [m.Converted(player, "plants")], []
            raise IllegalCommand("final conversion: greenery or done")
        raise IllegalCommand(f"unknown decision {kind}")

    def _amount_range(self, p: Any, item: tuple) -> tuple[int, int]:
        if item[2] == "Power Infrastructure":
            return 1, p.res[RI["energy"]]
        return 0, p.prod[RI["heat"]]

    def _picks(self, s: State, p: Any, item: tuple) -> list[str]:
        if item[1] == "university":
            return [*dict.fromkeys(p.hand), ""]
        return ce.PICKS[item[2]][0](s, p)

    def _labels(self, p: Any, item: tuple) -> list[str]:
        if item[1] == "viral":
            return ce.viral_enhancers_options(p, item[2])
        return ["add", "draw"] if p.card_res.get("Olympus Conference", 0) > 0 else ["add"]

    def _claimable(self, s: State) -> list[str]:
        return [sp for sp in ce.land_claim_spaces(s) if sp not in s.claims]

    def _targets(self, s: State, item: tuple, player: str) -> list[str]:
        kind = item[1]
        # solo: the neutral player stands in for the opponents and has everything
        neutral = [NEUTRAL] if len(s.names) == 1 else []
        if kind == "remove":
            i = RI[item[2]]
            return [n for n in s.names if n != player and s.players[n].res[i] > 0
                    and not ce.protected(s.players[n], player, item[2])] + neutral + [""]
        if kind == "reduce":
            return [n for n in s.names
                    if can_lower_production(s.players[n], item[2], item[3])] + neutral
        return flood_targets(s, player, item[2]) + [""]

    # -- legal commands --------------------------------------------------------------------------

    def legal(self, state: State, player: str) -> list:  # noqa: C901 - one branch per kind of decision a seat can face
        s = state
        if player not in self.to_act(s):
            return []
        p = s.players[player]
        item = self._my_pending(s, player)
        if item is not None:
            return self._legal_pending(s, p, item)
        out: list = [m.Done()] if s.actions else [m.Pass()]
        for name in dict.fromkeys(p.hand):
            for mc, st, ti, h in play_options(s, p, name):
                out.append(m.Play(name, mc, st, ti, h))
        for kind in PROJECTS:
            for h in heat_splits(p, project_cost(p, kind)):
                if project_problem(s, p, kind, h) is None:
                    out.append(m.Project(kind, h))
        if p.hand:
            out.extend(m.Sell((c,)) for c in dict.fromkeys(p.hand))
            if len(p.hand) > 1:
                out.append(m.Sell(tuple(p.hand)))
        for n in MILESTONES:
            for h in heat_splits(p, 8):
                if claim_problem(s, p, n, h) is None:
                    out.append(m.Claim(n, h))
        for n in AWARDS:
            for h in heat_splits(p, AWARD_COSTS[min(len(s.awards), 2)]):
                if fund_problem(s, p, n, h) is None:
                    out.append(m.Fund(n, h))
        for name in (p.corp, *p.played):
            for i in range(len(action_options(name)) if name else 0):
                for mc, st, ti, h in use_options(s, p, name, i):
                    out.append(m.Use(name, i, mc, st, ti, h))
        out.extend(m.Convert(w) for w in ("plants", "heat") if convert_problem(s, p, w) is None)
        return out

    def _legal_pending(self, s: State, p: Any, item: tuple) -> list:  # noqa: C901 - one branch per kind of pending decision
        kind = item[1]
        if kind == "corp":
            return [m.ChooseCorp(c) for c in (*p.corp_offer, BEGINNER)]
        if kind == "draft":
            return [m.Draft(c) for c in dict.fromkeys(p.offer)]
        if kind in ("pick", "university"):
            return [m.Pick(c) for c in self._picks(s, p, item)]
        if kind in ("viral", "olympus"):
            return [m.Choose(x) for x in self._labels(p, item)]
        if kind == "claim":
            return [m.Place(sp) for sp in self._claimable(s)]
        if kind == "keep":
            n = ce.LOOK[item[2]][1]
            if n == "buy":
                return [m.Keep(())] + ([m.Keep((p.offer[0],))] if p.res[MC] >= 3 else [])
            return [m.Keep(combo) for combo in combinations(p.offer, min(n, len(p.offer)))]
        if kind == "buy":
            # staged, one card at a time (docs/games/terraforming-mars.md): at most 11
            # commands. `drop CARD` is accepted but not offered: with it the decision would
            # have cycles (take, drop, take...) that a search can wander around forever.
            out = [m.Confirm()]
            if 3 * (len(p.marked) + 1) <= p.res[MC]:
                out.extend(m.Mark(c, True) for c in dict.fromkeys(p.offer) if c not in p.marked)
            return out
        if kind == "place":
            return [m.Place(sp) for sp in legal_spaces(s, p.name, item[2], item[3])]
        if kind in ("remove", "reduce", "flood"):
            return [m.Target(t) for t in self._targets(s, item, p.name)]
        if kind == "add":
            return [m.Pick(c) for c in add_targets(s, item)]
        if kind == "steal":
            return [m.Pick(c) for c in steal_sources(s, item[2], item[3])]
        if kind == "choose":
            return [m.Choose(o["label"]) for o in choice_options(item[2])]
        if kind == "amount":
            low, high = self._amount_range(p, item)
            return [m.Amount(n) for n in range(low, high + 1)]
        if kind == "final":
            out = [m.Done()]
            if convert_problem(s, p, "plants") is None:
                out.append(m.Convert("plants"))
            return out
        return []
