"""Monte Carlo tree search on the fast path: cloned plain states, ``game.step``, no store.

One search object serves both agents:

* ``mcts``: UCT. The tree is open loop (nodes hold statistics, not states): every
  simulation starts from a fresh copy of the root state and replays the path's commands,
  so chance in ``decide`` is sampled anew each time. A game with hidden information is
  searched on one ``determinize`` sample per decision.
* ``ismcts``: single-observer information-set MCTS. Every simulation starts from a new
  ``determinize`` sample of the agent's own view, and a child's UCT term counts only the
  visits in which its command was legal (availability counts).

Rewards are dicts player -> [-1, 1] (see ``rewards``); each edge keeps the mean reward of
the player who chose it, which is max^n backup for any number of players. Leaves are
scored by a random (or greedy-heuristic) rollout, cut off after ``depth`` plies and then
judged by ``evaluate``. With ``solve`` on, results of terminal positions are proven and
backed up (MCTS-Solver, max^n form); a proven loss is never explored again.
"""

from __future__ import annotations

import math
import random
import time
from collections import deque
from typing import Any

from meeple.core import Game, MeepleError

from .model_search import ModelSearchConfig, model_search
from .options import AgentOption, non_negative, parse_options, positive
from .rewards import Evaluation, outcome_rewards, rewards_of
from .stats import SearchStats


class Node:
    """Statistics of one command (the edge into this node) and the choices after it."""

    __slots__ = ("mover", "player", "moves", "untried", "children", "n", "w", "born", "avail",
                 "proven", "terminal", "varied", "h", "prior", "pv")

    def __init__(self, mover: str | None, born: int) -> None:
        self.mover = mover  # who chose the command leading here
        self.player: str | None = None  # who acts here; set on the first visit
        self.moves: list[Any] | None = None  # legal commands seen on the first visit
        self.untried: list[Any] = []
        self.children: dict[Any, Node] = {}
        self.n = 0
        self.w = 0.0  # sum of the mover's rewards
        self.born = born  # the parent's visit count when this node was made
        self.avail = 0  # visits of the parent in which this command was legal (ISMCTS)
        self.proven: dict[str, float] | None = None
        self.terminal = False
        self.varied = False  # the legal commands here differed between simulations
        self.h: dict[str, float] | None = None  # implicit minimax value of evaluate
        self.prior: dict[Any, float] | None = None  # one-ply evaluate per command (prior=)
        self.pv = 0.0  # prior value of the command leading here, for its mover

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children.values())


def _rollout_choice(value: str) -> str | None:
    return None if value in ("random", "heuristic") else "must be random or heuristic"


def _opponents_choice(value: str) -> str | None:
    return None if value in ("search", "heuristic") else "must be search or heuristic"


def _unit(value: float) -> str | None:
    return None if 0 <= value <= 1 else "must be between 0 and 1"


MCTS_OPTIONS = (
    AgentOption("sims", int, None, "simulations per decision (default 1000 if no other budget)",
                positive),
    AgentOption("seconds", float, None, "thinking time per decision", positive),
    AgentOption("calls", int, None, "forward-model calls (commands applied) per decision",
                positive),
    AgentOption("cpu", float, None, "CPU seconds (process time) per decision: a cap beside "
                "the other budgets that the machine's load does not shorten", positive),
    AgentOption("c", float, 1.4, "UCT exploration constant (rewards are in [-1, 1])",
                non_negative),
    AgentOption("rollout", str, "random", "random, or heuristic: greedy by evaluate",
                _rollout_choice),
    AgentOption("eps", float, 0.1, "heuristic rollouts: chance of a random command", _unit),
    AgentOption("depth", int, 0, "rollout cut-off in plies, then evaluate (0: play out)",
                non_negative),
    AgentOption("reuse", bool, True, "keep the subtree of the position reached between moves"),
    AgentOption("pw", float, 0.0, "progressive widening exponent alpha (0: off); a node "
                "visited n times has at most ceil(pwk * n^alpha) children", _unit),
    AgentOption("pwk", float, 1.0, "progressive widening factor", positive),
    AgentOption("im", float, 0.0, "implicit minimax: weight of the minimax value of "
                "evaluate over the tree, mixed into each child's mean (0: off)", _unit),
    AgentOption("prior", float, 0.0, "heuristic prior: commands are expanded best-first "
                "by evaluate one ply ahead, and each child's mean starts as that value "
                "weighted as this many visits (0: off)", non_negative),
    AgentOption("topk", int, 0, "with prior: only this many of a node's commands, the best "
                "by the prior, are ever searched (0: all)", non_negative),
    AgentOption("opponents", str, "search", "search: every player's commands are searched; "
                "heuristic: the others are predicted as the one-ply heuristic agent, and "
                "the tree holds only this player's decisions (ai/model_search.py; games "
                "without hidden information)", _opponents_choice),
    AgentOption("margin", float, 0.0, "opponents=heuristic: the heuristic's own command is "
                "played unless another one's mean is higher by more than this", non_negative),
    AgentOption("follow", int, 0, "opponents=heuristic: the agent's first this many "
                "decisions are the heuristic's own command, not searched (a game's opening "
                "choice that the horizon cannot judge, such as a faction; an agent is made "
                "for each game)", non_negative),
    AgentOption("end", bool, False, "opponents=heuristic: every line is played on by the "
                "heuristic to the game's end and judged by the final score margin (the rollout "
                "algorithm: exact when the others are that heuristic); depth is then unused"),
    AgentOption("solve", bool, None, "prove terminal results and back them up "
                "(default: on for games without hidden information)"),
)


class MCTSAgent:
    """UCT search; see the module docstring. ``stats`` counts simulations and calls."""

    kind = "mcts"
    per_simulation_determinize = False

    def __init__(self, options: dict[str, str] | None = None, seed: int = 0) -> None:
        opts = parse_options(self.kind, MCTS_OPTIONS, options or {})
        self.options = opts
        if opts["sims"] is None and opts["seconds"] is None and opts["calls"] is None \
                and opts["cpu"] is None:
            opts["sims"] = 1000
        self.sims: int | None = opts["sims"]
        self.seconds: float | None = opts["seconds"]
        self.max_calls: int | None = opts["calls"]
        self.cpu: float | None = opts["cpu"]
        self.c: float = opts["c"]
        self.heuristic_rollout = opts["rollout"] == "heuristic"
        self.eps: float = opts["eps"]
        self.cutoff: int = opts["depth"]
        self.reuse: bool = opts["reuse"]
        self.pw: float = opts["pw"]
        self.pwk: float = opts["pwk"]
        self.solve_option: bool | None = opts["solve"]
        self.im: float = opts["im"]
        self.prior: float = opts["prior"]
        self.topk: int = opts["topk"]
        self.margin: float = opts["margin"]
        self.follow: int = opts["follow"]
        self.to_end: bool = opts["end"]
        self.model = ModelSearchConfig(
            sims=self.sims, seconds=self.seconds, calls=self.max_calls, cpu=self.cpu, c=self.c,
            depth=self.cutoff, end=self.to_end, topk=self.topk, prior=self.prior,
            margin=self.margin, follow=self.follow,
        ) if opts["opponents"] == "heuristic" else None
        self.evaluation = Evaluation()
        given = ",".join(f"{k}={v}" for k, v in (options or {}).items())
        self.name = f"{self.kind}:{given}" if given else self.kind
        self.rng = random.Random(seed)
        self.stats = SearchStats()
        self.players: set[str] = set()
        self.last_root: Node | None = None  # root of the latest search, for tests and tools
        self.reused_visits = 0  # visits the latest root already had from earlier searches
        self._kept: tuple[Node, Any] | None = None  # subtree and state after our last move
        self.chance_seen = False  # a position once final was not: results are not proofs
        self._prior_calls = 0  # forward-model calls spent on prior values this simulation

    # -- the agent protocol ----------------------------------------------------------------

    def act(self, game: Game, view: Any, player: str) -> Any:
        if self.model is not None:
            return self._model_act(game, view, player)
        start = time.perf_counter()
        self.use(game)
        hidden = game.hidden_information
        if self.solve_option is not None:
            self.solve = self.solve_option
        else:
            self.solve = not hidden and not self.chance_seen
        self.players.add(player)
        root = self._reused_root(game, view) if (self.reuse and not hidden) else None
        if root is None or root.terminal:  # terminal: proven in another chance sample
            root = Node(None, 0)
        self.reused_visits = root.n
        base = game.determinize(view, player, self.rng)
        each = self.per_simulation_determinize and hidden
        deadline = start + self.seconds if self.seconds is not None else None
        cpu_end = time.process_time() + self.cpu if self.cpu is not None else None
        sims = calls = 0
        clone, determinize, rng = game.clone, game.determinize, self.rng
        while True:
            if self.sims is not None and sims >= self.sims:
                break
            if self.max_calls is not None and calls >= self.max_calls:
                break
            if deadline is not None and sims and time.perf_counter() >= deadline:
                break
            if cpu_end is not None and sims and time.process_time() >= cpu_end:
                break
            if root.proven is not None and self.solve:
                break
            state = determinize(view, player, rng) if each else clone(base)
            calls += self._simulate(root, state)
            sims += 1
        best_move = self._best(root)
        self.last_root = root
        if self.reuse and not hidden:
            child = root.children[best_move]
            after = game.step(clone(base), player, best_move, rng)
            self._kept = (child, after)
        self.stats.decisions += 1
        self.stats.simulations += sims
        self.stats.calls += calls
        self.stats.seconds += time.perf_counter() - start
        return best_move

    def use(self, game: Game) -> None:
        """Search ``game`` from now on, valuing positions with this agent's own evaluator
        of it (``Game.evaluator``)."""
        self.game = game
        self.evaluate = self.evaluation.of(game)

    def _model_act(self, game: Game, view: Any, player: str) -> Any:
        """``opponents=heuristic``: the opponent-model search (model_search.py)."""
        found = model_search(game, view, player, self.model, self.rng,
                             self.evaluation.of(game), self.stats.decisions)
        self.reused_visits = 0
        self.last_root = found.root
        self.stats.decisions += 1
        self.stats.simulations += found.simulations
        self.stats.calls += found.calls
        self.stats.seconds += found.seconds
        return found.move

    # -- search ------------------------------------------------------------------------------

    def _simulate(self, root: Node, state: Any) -> int:  # noqa: C901 - one simulation's selection, expansion, roll-out and backup stay together: it is the search's hot loop
        """One simulation from ``root``; returns the forward-model calls it made."""
        game, rng = self.game, self.rng
        to_act, legal, step = game.to_act, game.legal, game.step
        node = root
        path = [root]
        calls = 0
        self._prior_calls = 0
        expanded = False
        while True:
            acting = to_act(state)
            if not acting:
                rewards = outcome_rewards(game.outcome(state))
                if expanded and self.im:
                    node.h = rewards
                if node.player is not None or (node.terminal and node.proven is not None
                                               and node.proven != rewards):
                    self._chance()  # once a decision, or once another result: chance
                node.terminal = True
                if self.solve and node.proven is None:
                    node.proven = rewards
                break
            if node.terminal:  # once final, not final this time
                self._chance()
                node.terminal = False
                node.proven = None
            if expanded:
                if self.im:
                    self.players.update(acting)
                    node.h = rewards_of(self.evaluate, state, self.players)
                rewards, used = self._rollout(state, acting)
                calls += used
                break
            p = acting[0]
            moves = legal(state, p)
            if node.player is None:
                if not moves:
                    raise MeepleError(f"{game.name}: {p} is to act but has no legal command")
                node.player = p
                node.moves = moves
                untried = list(moves)
                rng.shuffle(untried)
                if self.prior:
                    # best last: expansion pops from the end (ties stay shuffled)
                    values = self._prior_values(node, state, p, untried)
                    untried.sort(key=values.__getitem__)
                    if self.topk:
                        untried = untried[-self.topk:]
                node.untried = untried
                self.players.add(p)
            elif node.varied or (moves is not node.moves and moves != node.moves):
                move, child, expanded = self._select_varied(node, p, moves, state)
                state = step(state, p, move, rng)
                calls += 1
                path.append(child)
                node = child
                continue
            children = node.children
            if node.untried and (not self.pw or not children
                                 or len(children) < self._width(node)):
                move = node.untried.pop()
                child = Node(p, node.n)
                if node.prior is not None:
                    child.pv = node.prior[move]
                children[move] = child
                expanded = True
            else:
                move, child = self._uct(node, p, math.log(node.n or 1))
            state = step(state, p, move, rng)
            calls += 1
            path.append(child)
            node = child
        self._backup(path, rewards)
        return calls + self._prior_calls

    def _chance(self) -> None:
        """The same commands led to different positions: the game has chance, so results
        found in one simulation prove nothing (unless solve was asked for explicitly)."""
        self.chance_seen = True
        self.solve = self.solve_option is True

    def _width(self, node: Node) -> float:
        return self.pwk * (node.n + 1) ** self.pw

    def _uct(self, node: Node, p: str, log_n: float) -> tuple[Any, Node]:
        c, solve, im, prior = self.c, self.solve, self.im, self.prior
        best_move = best = None
        best_value = -math.inf
        for move, child in node.children.items():
            if solve and child.proven is not None:
                value = child.proven.get(p, 0.0)
                if value >= 1.0:  # a proven win: nothing else here is worth a look
                    return move, child
            else:
                n = child.n
                if prior:
                    w = child.w + prior * child.pv
                    n += prior
                    value = w / n + c * math.sqrt(log_n / n)
                else:
                    value = child.w / n + c * math.sqrt(log_n / n)
                if im and child.h is not None:
                    value += im * (child.h.get(p, 0.0) - child.w / child.n)
            if value > best_value:
                best_move, best, best_value = move, child, value
        return best_move, best

    def _select_varied(self, node: Node, p: str, moves: list[Any],
                       state: Any) -> tuple[Any, Node, bool]:
        """Selection where the legal commands differ between simulations (chance or
        determinization): unexpanded legal commands first, then UCT over the available
        children with availability counts."""
        children = node.children
        if not node.varied:
            node.varied = True
            for child in children.values():
                child.avail = node.n - child.born
        available = []
        fresh = []
        for m in moves:
            child = children.get(m)
            if child is None:
                fresh.append(m)
            else:
                child.avail += 1
                available.append((m, child))
        if fresh and (not self.pw or len(children) < self._width(node) or not available):
            if self.prior:
                values = self._prior_values(node, state, p, fresh)
                top = max(values[m] for m in fresh)
                fresh = [m for m in fresh if values[m] == top]
            move = fresh[self.rng.randrange(len(fresh))]
            if move in node.untried:
                node.untried.remove(move)
            child = Node(p, node.n)
            child.avail = 1
            if node.prior is not None:
                child.pv = node.prior[move]
            children[move] = child
            return move, child, True
        c, prior = self.c, self.prior
        best_move, best, best_value = None, None, -math.inf
        for m, child in available:
            if child.n == 0 and not prior:
                value = math.inf
            elif self.solve and child.proven is not None:
                value = child.proven.get(p, 0.0)
            elif prior:
                n = child.n + prior
                value = ((child.w + prior * child.pv) / n
                         + c * math.sqrt(math.log(child.avail) / n))
            else:
                value = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n)
                if self.im and child.h is not None:
                    value += self.im * (child.h.get(p, 0.0) - child.w / child.n)
            if value > best_value:
                best_move, best, best_value = m, child, value
        return best_move, best, False

    def _prior_values(self, node: Node, state: Any, p: str, moves: list[Any]) -> dict[Any, float]:
        """The acting player's ``evaluate`` one ply after each command, clipped to [-1, 1];
        kept on the node, and computed only for commands not judged before (under
        determinization a node meets new commands in new samples)."""
        values = node.prior
        if values is None:
            values = node.prior = {}
        game, rng = self.game, self.rng
        clone, step, evaluate = game.clone, game.step, self.evaluate
        for m in moves:
            if m not in values:
                v = float(evaluate(step(clone(state), p, m, rng), p))
                values[m] = 1.0 if v > 1.0 else -1.0 if v < -1.0 else v
                self._prior_calls += 1
        return values

    def _rollout(self, state: Any, acting: Any) -> tuple[dict[str, float], int]:
        game, rng = self.game, self.rng
        to_act, legal, step = game.to_act, game.legal, game.step
        cutoff = self.cutoff
        heuristic = self.heuristic_rollout
        random = rng.random
        if not cutoff and not heuristic:
            # The common case, kept tight: this loop is most of a simulation's time.
            calls = 0
            while True:
                p = acting[0]
                moves = legal(state, p)
                state = step(state, p, moves[int(random() * len(moves))], rng)
                calls += 1
                acting = to_act(state)
                if not acting:
                    return outcome_rewards(game.outcome(state)), calls
        plies = calls = 0
        while True:
            if cutoff and plies >= cutoff:
                return rewards_of(self.evaluate, state, self.players), calls
            p = acting[0]
            moves = legal(state, p)
            if heuristic and len(moves) > 1 and rng.random() >= self.eps:
                move = self._greedy_move(state, p, moves)
                calls += len(moves)  # each candidate cost one forward-model call
            else:
                move = moves[int(random() * len(moves))]
            state = step(state, p, move, rng)
            plies += 1
            calls += 1
            acting = to_act(state)
            if not acting:
                return outcome_rewards(game.outcome(state)), calls

    def _greedy_move(self, state: Any, p: str, moves: list[Any]) -> Any:
        game, rng, evaluate = self.game, self.rng, self.evaluate
        best: list[Any] = []
        best_value = -math.inf
        for m in moves:
            value = evaluate(game.step(game.clone(state), p, m, rng), p)
            if value > best_value:
                best, best_value = [m], value
            elif value == best_value:
                best.append(m)
        return best[rng.randrange(len(best))]

    def _backup(self, path: list[Node], rewards: dict[str, float]) -> None:
        if len(rewards) > len(self.players):
            self.players.update(rewards)  # evaluate at cut-offs for every player there is
        for node in path:
            node.n += 1
            if node.mover is not None:
                node.w += rewards.get(node.mover, 0.0)
        if self.im:
            self._minimax(path)
        if self.solve and path[-1].proven is not None:
            for i in range(len(path) - 2, -1, -1):
                if not self._prove(path[i]):
                    break

    def _minimax(self, path: list[Node]) -> None:
        """Implicit minimax backups (Lanctot, Winands, Pepels, Sturtevant 2014): every node
        keeps the evaluate vector its player would reach by max^n over the children's
        values, refreshed along the path of each simulation."""
        for node in reversed(path[:-1]):
            p = node.player
            best = None
            for child in node.children.values():
                h = child.h
                if h is not None and (best is None or h.get(p, 0.0) > best.get(p, 0.0)):
                    best = h
            if best is None:
                return
            node.h = best

    def _prove(self, node: Node) -> bool:
        """Max^n solver: a node is proven when its player has a proven best result (+1),
        or when every command is expanded and proven (the player then takes the best)."""
        if node.proven is not None:
            return True
        p = node.player
        best = None
        complete = not node.untried and not node.varied and (
            not self.topk or len(node.children) == len(node.moves or ()))
        for child in node.children.values():
            proven = child.proven
            if proven is None:
                complete = False
                continue
            if best is None or proven.get(p, 0.0) > best.get(p, 0.0):
                best = proven
        if best is not None and (complete or best.get(p, 0.0) >= 1.0):
            node.proven = best
            return True
        return False

    def _best(self, root: Node) -> Any:
        """Proven wins first, then most visits, then the highest total reward."""
        p, solve = root.player, self.solve

        def key(item: tuple[Any, Node]) -> tuple[float, int, float]:
            child = item[1]
            proven = child.proven.get(p, 0.0) if solve and child.proven is not None else 0.0
            return (proven, child.n, child.w)

        return max(root.children.items(), key=key)[0]

    # -- tree reuse ----------------------------------------------------------------------------

    def _reused_root(self, game: Game, view: Any, max_depth: int = 4,
                     max_nodes: int = 4096) -> Node | None:
        """The node of the kept subtree whose position equals ``view``: breadth first over
        the commands the other players may have given since our last move."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        frontier = deque([(kept[0], kept[1], 0)])
        seen = 0
        while frontier and seen < max_nodes:
            node, state, depth = frontier.popleft()
            seen += 1
            if state == view:
                node.mover = None
                return node
            if depth >= max_depth or node.player is None:
                continue
            for move, child in node.children.items():
                nxt = game.step(game.clone(state), node.player, move, self.rng)
                frontier.append((child, nxt, depth + 1))
        return None


class ISMCTSAgent(MCTSAgent):
    """Information-set MCTS: a fresh ``determinize`` sample of the view every simulation."""

    kind = "ismcts"
    per_simulation_determinize = True
