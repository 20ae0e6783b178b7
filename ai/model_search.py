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
  view), only the ``topk`` best are searched, best first, and each child's mean starts as
  that value weighted as ``prior`` visits;
* a new leaf is judged by ``evaluate`` for the searcher at a fixed horizon: once the
  other players have given ``depth`` commands since the root (everybody playing the
  heuristic's commands up to there), so that every line is judged at the same point of
  the game; a final position by its outcome. Rewards are the searcher's alone, in [-1, 1];
* after the move the subtree of the predicted next decision is kept, and reused when the
  position reached is the one predicted.

A model of greedy opponents, with positions stored in the tree, is only right for games
whose commands have no chance and no hidden information: the agent refuses others.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from meeple.core import BadOptions, Game

from .rewards import outcome_rewards

if TYPE_CHECKING:
    from .mcts import MCTSAgent


class ModelNode:
    """A position where the searcher acts; statistics of the edge into it."""

    __slots__ = ("state", "clock", "moves", "values", "children", "n", "w", "pv", "final")

    def __init__(self, state: Any, pv: float, clock: int) -> None:
        self.state = state  # never changed in place: every step works on a clone
        self.clock = clock  # the other players' commands since the tree was started
        self.moves: list[Any] | None = None  # the searched commands, best prior first
        self.values: dict[Any, float] = {}  # their one-ply evaluate
        self.children: dict[Any, ModelNode] = {}
        self.n = 0
        self.w = 0.0  # sum of the searcher's rewards
        self.pv = pv  # one-ply evaluate of the command leading here (the prior)
        self.final: float | None = None  # the searcher's reward if the game is over here

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children.values())


class ModelSearch:
    """The search of one ``MCTSAgent`` with ``opponents=heuristic``."""

    def __init__(self, agent: MCTSAgent) -> None:
        self.agent = agent
        self.kept: ModelNode | None = None  # the predicted next decision after our move
        self.calls = 0

    def act(self, game: Game, view: Any, player: str) -> Any:
        agent = self.agent
        if game.hidden_information:
            raise BadOptions(f"{game.name}: opponents=heuristic needs a game without hidden "
                             "information (its tree keeps positions)")
        start = time.perf_counter()
        self.game, self.me = game, player
        root = self.kept if self.kept is not None and self.kept.state == view else None
        self.kept = None
        if root is None:
            root = ModelNode(game.clone(view), 0.0, 0)
        agent.reused_visits = root.n
        self.horizon = root.clock + agent.cutoff
        self.calls = 0
        deadline = start + agent.seconds if agent.seconds is not None else None
        cpu_end = time.process_time() + agent.cpu if agent.cpu is not None else None
        sims = 0
        while True:
            if agent.sims is not None and sims >= agent.sims:
                break
            if agent.max_calls is not None and self.calls >= agent.max_calls:
                break
            if deadline is not None and sims and time.perf_counter() >= deadline:
                break
            if cpu_end is not None and sims and time.process_time() >= cpu_end:
                break
            self._simulate(root)
            sims += 1
            if root.moves is not None and len(root.moves) == 1:
                break  # one command: nothing to search
        move = self._best(root)
        agent.last_root = root
        if agent.reuse:
            child = root.children[move]
            self.kept = child if child.final is None else None
        agent.stats.decisions += 1
        agent.stats.simulations += sims
        agent.stats.calls += self.calls
        agent.stats.seconds += time.perf_counter() - start
        return move

    # -- one simulation ----------------------------------------------------------------

    def _simulate(self, root: ModelNode) -> None:
        node = root
        path = [root]
        while True:
            if node.final is not None:
                value = node.final
                break
            if node.moves is None:
                self._expand(node)
            moves = node.moves
            if len(node.children) < len(moves):
                move = moves[len(node.children)]  # the best prior not yet searched
                child, at_horizon = self._edge(node, move)
                node.children[move] = child
                path.append(child)
                value = self._leaf(child, at_horizon)
                break
            node = self._uct(node)
            path.append(node)
        for n in path:
            n.n += 1
            n.w += value

    def _expand(self, node: ModelNode) -> None:
        """Rank the searcher's commands by ``evaluate`` one ply ahead; keep the best."""
        game, me, rng = self.game, self.me, self.agent.rng
        state = node.state
        moves = game.legal(state, me)
        if len(moves) == 1:
            node.moves = moves
            return
        values = node.values
        for m in moves:
            values[m] = _clip(game.evaluate(game.step(game.clone(state), me, m, rng), me))
            self.calls += 1
        ranked = sorted(moves, key=values.__getitem__, reverse=True)  # stable: legal's order
        k = self.agent.topk
        node.moves = ranked[:k] if k else ranked

    def _edge(self, node: ModelNode, move: Any) -> tuple[ModelNode, Any]:
        """Our command, then the others' predicted ones up to our next decision. Also
        the position where the others' commands reached the horizon on the way (or
        None), at which the new leaf is judged."""
        game, me, rng = self.game, self.me, self.agent.rng
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
        if not acting:
            child.final = outcome_rewards(game.outcome(state)).get(me, 0.0)
        return child, at_horizon

    def _greedy(self, state: Any, p: str) -> Any:
        """The position after ``p``'s one-ply heuristic command (the first of equals)."""
        game, rng = self.game, self.agent.rng
        moves = game.legal(state, p)
        self.calls += len(moves)
        if len(moves) == 1:
            return game.step(game.clone(state), p, moves[0], rng)
        best, best_value = None, -math.inf
        for m in moves:
            child = game.step(game.clone(state), p, m, rng)
            v = game.evaluate(child, p)
            if v > best_value:
                best, best_value = child, v
        return best

    def _leaf(self, node: ModelNode, at_horizon: Any) -> float:
        """The new leaf's value for the searcher: ``evaluate`` once the others have given
        ``depth`` commands since the root (so that lines are judged at the same time:
        a free action, which gives the others no turn, would otherwise look better than
        a pass, after which they take the rest of the round), playing the heuristic's
        commands for everybody up to there; a final position by its outcome."""
        game, me = self.game, self.me
        if at_horizon is not None:
            state = at_horizon
        elif node.final is not None:
            return node.final
        else:
            state, clock = node.state, node.clock
            plies = 0
            while clock < self.horizon and plies < _MAX_LEAF_PLIES:
                acting = game.to_act(state)
                if not acting:
                    break
                state = self._greedy(state, acting[0])
                plies += 1
                clock += acting[0] != me
        if not game.to_act(state):
            return outcome_rewards(game.outcome(state)).get(me, 0.0)
        return _clip(game.evaluate(state, me))

    def _uct(self, node: ModelNode) -> ModelNode:
        c, prior = self.agent.c, self.agent.prior
        log_n = math.log(node.n or 1)
        best, best_value = None, -math.inf
        for child in node.children.values():
            n = child.n + prior
            value = (child.w + prior * child.pv) / n + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        return best

    def _best(self, root: ModelNode) -> Any:
        """The heuristic's own command (the best prior) unless another searched command's
        mean beats it by more than ``margin``; then the best mean. Leaf values are
        deterministic, so a close call between many commands is won by the luckiest
        play-out (a free conversion that merely moves the play-out elsewhere would win
        them all); the margin asks search to be sure before it overrules the heuristic."""
        def mean(child: ModelNode) -> float:
            return child.w / child.n if child.n else -math.inf

        first = root.moves[0]
        base = root.children.get(first)
        best_move, best = max(root.children.items(), key=lambda item: (mean(item[1]), item[1].n))
        if base is not None and mean(best) <= mean(base) + self.agent.margin:
            return first
        return best_move


#: A leaf's play-out stops after this many commands even if the horizon is not reached
#: (a player whose commands keep the turn, free actions, could otherwise go on).
_MAX_LEAF_PLIES = 40


def _clip(v: float) -> float:
    v = float(v)
    return 1.0 if v > 1.0 else -1.0 if v < -1.0 else v
