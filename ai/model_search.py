"""MCTS with an opponent model: ``mcts:opponents=heuristic``.

The plain search (``mcts.py``) branches on every player's commands, so in a four-player
game three quarters of its simulations explore what the others might do. Here the other
players are assumed to play like the one-ply heuristic agent (the command whose result
their own ``evaluate`` likes best), so the tree branches only on the searching player's
commands and every simulation goes to its own plans:

* a node is a position where the searcher is to act (or a final one), and keeps that
  position (closed loop: a simulation walks stored positions, it replays nothing);
* an edge is one of the searcher's commands followed by the others' predicted commands,
  up to the searcher's next decision (a leech offer included) or the end;
* a node's commands are ranked once by ``evaluate`` one ply ahead (the heuristic's own
  view); only the ``topk`` best are searched, best first, and ``prior`` weighs that value
  in the choice of the child to descend into;
* every line is judged at one horizon: when the others have given ``depth`` commands since
  the root, by the searcher's ``evaluate`` there (a line that has not reached it is played
  on by the heuristic's commands for everybody). The tree stops at the horizon, so a free
  action (a conversion, which gives the others no turn) and a pass (after which they take
  the rest of the round) are compared at the same moment of the game. A final position
  before the horizon counts 1 for a win (1/k shared by k) and its ``evaluate`` otherwise;
* with ``end=1`` there is no horizon: every line is played on to the game's end and
  judged by the final score margin (``_margin``). Against opponents that are the
  heuristic this is the rollout algorithm, exact up to ties, and never worse than the
  heuristic's own play; a playout is long, so a budget then starts a simulation only if
  one as long as the last still fits;
* a node's value is the best of its own (the heuristic's play from there) and its
  children's: the searcher picks its own commands, and the model makes the values
  deterministic, so no mean is needed. A node whose lines are all judged is closed; the
  search ends early when the root is;
* the first ``follow`` decisions are the heuristic's own commands (Terra Mystica's faction
  pick: ``evaluate`` judges it by a table of how well the agent plays each faction, but
  at any horizon after it by the position, which favoured the weaker factions);
* the move is the heuristic's own (the best prior) unless a searched command is better
  by more than ``margin``: with deterministic values a close call among many commands is
  won by the luckiest line.

Values depend on the horizon, so no subtree is kept between moves. A model of greedy
opponents, with positions stored in the tree, is only right for games whose commands
have no chance and no hidden information: the agent refuses the latter.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
from meeple.core import BadOptions, Game

from .rewards import clip, match_score


@attrs.frozen
class ModelSearchConfig:
    """What one search may spend and how it searches (the ``mcts`` options it reads)."""

    sims: int | None = None
    seconds: float | None = None
    calls: int | None = None  # forward-model calls
    cpu: float | None = None
    c: float = 1.4
    depth: int = 0  # the horizon: the others' commands since the root
    end: bool = False  # no horizon: every line is played on to the game's end
    topk: int = 0
    prior: float = 0.0
    margin: float = 0.0
    follow: int = 0


@attrs.frozen
class ModelSearchResult:
    """The command chosen, the tree it was chosen from and what the search spent."""

    move: Any
    root: ModelNode
    simulations: int
    calls: int
    seconds: float


def model_search(game: Game, view: Any, player: str, config: ModelSearchConfig,
                 rng: random.Random, evaluate: Callable[[Any, str], float] | None = None,
                 decision: int = 0) -> ModelSearchResult:
    """Search ``player``'s commands in ``view`` with the others predicted as the one-ply
    heuristic. ``evaluate``: the function values are judged by (default
    ``game.evaluate``); ``decision``: how many decisions the agent made before this one
    (the first ``config.follow`` are the heuristic's own command)."""
    return ModelSearch(config, rng, evaluate).act(game, view, player, decision)


class ModelNode:
    """A position where the searcher acts (or a final one) and what search found there."""

    __slots__ = ("state", "clock", "moves", "values", "children", "n", "pv", "value",
                 "best", "done", "final")

    def __init__(self, state: Any, pv: float, clock: int) -> None:
        self.state = state  # never changed in place: every step works on a clone
        self.clock = clock  # the other players' commands since the root
        self.moves: list[Any] | None = None  # the searched commands, best prior first
        self.values: dict[Any, float] = {}  # every legal command's one-ply evaluate
        self.children: dict[Any, ModelNode] = {}
        self.n = 0  # simulations through this node
        self.pv = pv  # one-ply evaluate of the command leading here (the prior)
        self.value = -math.inf  # the line of heuristic play from here, at the horizon
        self.best = -math.inf  # the best line found from here
        self.done = False  # every line below is judged
        self.final = False  # the game is over here

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children.values())


class ModelSearch:
    """One search (``model_search``): its configuration, random numbers and evaluate."""

    def __init__(self, config: ModelSearchConfig, rng: random.Random,
                 evaluate: Callable[[Any, str], float] | None = None) -> None:
        self.config = config
        self.rng = rng
        self.evaluate = evaluate
        self.calls = 0

    def act(self, game: Game, view: Any, player: str, decision: int = 0) -> ModelSearchResult:
        cfg = self.config
        if game.hidden_information:
            raise BadOptions(f"{game.name}: opponents=heuristic needs a game without hidden "
                             "information (its tree keeps positions)")
        start = time.perf_counter()
        self.game, self.me = game, player
        if self.evaluate is None:
            self.evaluate = game.evaluate
        root = ModelNode(game.clone(view), 0.0, 0)
        self.horizon = _NO_HORIZON if cfg.end else cfg.depth
        self.calls = 0
        deadline = start + cfg.seconds if cfg.seconds is not None else None
        cpu_end = time.process_time() + cfg.cpu if cfg.cpu is not None else None
        sims = 0
        # end=1: a simulation plays a whole game out, long against the budget, so the next
        # one starts only if one as long as the last still fits (the budget is then a cap).
        last_wall = last_cpu = 0.0
        while not root.done:
            if cfg.sims is not None and sims >= cfg.sims:
                break
            if cfg.calls is not None and self.calls >= cfg.calls:
                break
            if deadline is not None and sims and time.perf_counter() + last_wall >= deadline:
                break
            if cpu_end is not None and sims and time.process_time() + last_cpu >= cpu_end:
                break
            wall0, cpu0 = time.perf_counter(), time.process_time()
            self._simulate(root)
            if cfg.end:
                last_wall = time.perf_counter() - wall0
                last_cpu = time.process_time() - cpu0
            sims += 1
            if len(root.moves) == 1 or decision < cfg.follow:
                break  # one command, or the heuristic's choice: nothing to search
        move = self._best(root) if decision >= cfg.follow else root.moves[0]
        return ModelSearchResult(move, root, sims, self.calls, time.perf_counter() - start)

    # -- one simulation ----------------------------------------------------------------

    def _simulate(self, root: ModelNode) -> None:
        """Down the tree by UCT over the open children, one new child, values back up."""
        node = root
        path = [root]
        while True:
            if node.moves is None:
                self._expand(node)
            moves, children = node.moves, node.children
            if len(children) < len(moves):
                move = moves[len(children)]  # the best prior not yet searched
                children[move] = child = self._edge(node, move)
                path.append(child)
                break
            open_ = [c for c in children.values() if not c.done]
            if not open_:
                break
            node = self._uct(node, open_)
            path.append(node)
        for n in reversed(path):
            n.n += 1
            if n.children:
                best = max(c.best for c in n.children.values())
                n.best = max(n.value, best)
                n.done = len(n.children) == len(n.moves) and all(
                    c.done for c in n.children.values())

    def _expand(self, node: ModelNode) -> None:
        """Rank the searcher's commands by ``evaluate`` one ply ahead; keep the best."""
        game, me, rng, evaluate = self.game, self.me, self.rng, self.evaluate
        state = node.state
        moves = game.legal(state, me)
        if len(moves) == 1:
            node.moves = moves
            return
        values = node.values
        for m in moves:
            values[m] = clip(evaluate(game.step(game.clone(state), me, m, rng), me))
            self.calls += 1
        ranked = sorted(moves, key=values.__getitem__, reverse=True)  # stable: legal's order
        k = self.config.topk
        node.moves = ranked[:k] if k else ranked

    def _edge(self, node: ModelNode, move: Any) -> ModelNode:
        """Our command, then the others' predicted ones up to our next decision; the new
        node's value is judged at the horizon (on the way, or played on to it)."""
        game, me, rng = self.game, self.me, self.rng
        state = game.step(game.clone(node.state), me, move, rng)
        self.calls += 1
        clock, at_horizon = node.clock, None
        to_act = game.to_act
        while True:
            acting = to_act(state)
            if not acting or acting[0] == me:
                break
            state = self._greedy(state, acting[0])
            clock += 1
            if clock == self.horizon:
                at_horizon = state
        child = ModelNode(state, node.values.get(move, 0.0), clock)
        child.final = not acting
        if at_horizon is not None:
            child.value = self._judge(at_horizon)
        elif child.final or clock >= self.horizon:
            child.value = self._judge(state)
        else:
            child.value = self._judge(self._play_on(state, clock))
        child.best = child.value
        child.done = child.final or clock >= self.horizon
        return child

    def _play_on(self, state: Any, clock: int) -> Any:
        """The heuristic's commands for everybody until the others reach the horizon."""
        game, me = self.game, self.me
        plies = 0
        cap = _MAX_GAME_PLIES if self.config.end else _MAX_LEAF_PLIES
        while clock < self.horizon and plies < cap:
            acting = game.to_act(state)
            if not acting:
                break
            state = self._greedy(state, acting[0])
            plies += 1
            clock += acting[0] != me
        return state

    def _judge(self, state: Any) -> float:
        """The searcher's reward: 1 for a won game (1/k shared), else its ``evaluate``."""
        game, me = self.game, self.me
        if not game.to_act(state):
            if self.config.end:
                return _margin(game.outcome(state), me)
            won = match_score(game.outcome(state), me)
            if won:
                return won
        return clip(self.evaluate(state, me))

    def _greedy(self, state: Any, p: str) -> Any:
        """The position after ``p``'s one-ply heuristic command (the first of equals)."""
        game, rng, evaluate = self.game, self.rng, self.evaluate
        moves = game.legal(state, p)
        self.calls += len(moves)
        if len(moves) == 1:
            return game.step(game.clone(state), p, moves[0], rng)
        best, best_value = None, -math.inf
        for m in moves:
            child = game.step(game.clone(state), p, m, rng)
            v = evaluate(child, p)
            if v > best_value:
                best, best_value = child, v
        return best

    def _uct(self, node: ModelNode, open_: list[ModelNode]) -> ModelNode:
        c, prior = self.config.c, self.config.prior
        log_n = math.log(node.n or 1)
        best, best_value = None, -math.inf
        for child in open_:
            n = child.n + prior
            value = ((child.best * child.n + prior * child.pv) / n
                     + c * math.sqrt(log_n / n))
            if value > best_value:
                best, best_value = child, value
        return best

    def _best(self, root: ModelNode) -> Any:
        """The heuristic's own command (the best prior) unless another searched command's
        line beats it by more than ``margin``; then the best line's."""
        first = root.moves[0]
        base = root.children.get(first)
        best_move, best = max(root.children.items(), key=lambda item: item[1].best)
        if base is not None and best.best <= base.best + self.config.margin:
            return first
        return best_move


def _margin(outcome: Any, me: str) -> float:
    """A finished line under ``end=1``: the searcher's score less the best other's, on
    [-1, 1] (positive exactly when it wins), so that among lost lines the closest counts
    most and among won ones the safest."""
    others = [v for p, v in outcome.scores.items() if p != me]
    if not others:
        return 1.0
    return math.tanh((outcome.scores[me] - max(others)) / 40.0)


#: ``end=1``: no horizon, and a line is cut only if the game has not ended after this many
#: commands (a safety net: every game in the catalogue ends long before).
_NO_HORIZON = 1 << 30
_MAX_GAME_PLIES = 100_000

#: A line played on to the horizon stops after this many commands even if it has not
#: reached it (a player whose commands keep the turn, free actions, could otherwise go on).
_MAX_LEAF_PLIES = 40
