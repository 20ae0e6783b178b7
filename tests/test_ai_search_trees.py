"""MCTS (and ISMCTS and the heuristic agent) read back on small game trees whose statistics are
known exactly: visit counts against the UCB1 formula (with and without a prior and implicit
minimax), budgets to the simulation and the forward-model call, the solver's proofs and
early stop, chance found only where there is chance, rollouts cut off, greedy or random with
their calls counted, progressive widening's width, tree reuse's reach.

The statistics read are the search's documented results (``last_root``: visits ``n``, summed
rewards ``w``, ``proven``, ``h``, ``pv``), not its internals."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from meeple.ai.mcts import Node
from meeple.ai.registry import make_agent
from meeple.core import Game, LocalGame, MeepleError, Outcome, command, event
from meeple_connect_four import ConnectFour


@command
class Go:
    label: str


@event("ai-search-tree.started")
class TreeStarted:
    players: tuple[str, ...]


@event("ai-search-tree.went")
class Went:
    player: str
    entry: str


@dataclass(frozen=True)
class TreeState:
    players: tuple[str, ...]
    path: tuple[str, ...]


Shape = Callable[[tuple[str, ...]], "list[str] | tuple[float, ...]"]


class Tree(Game):
    """A game given by its tree: ``shape(path)`` is the list of command labels at a
    decision (players move in turn) or the scores at the end. A label ending in ``?``
    is a coin toss: the path records it as ``label0`` or ``label1``; ``!`` an eight-sided
    die (``label0`` to ``label7``). ``value(path,
    player)`` is ``evaluate`` (default: the base class's)."""

    name = "ai-search-tree"
    min_players, max_players = 1, 4
    events = (TreeStarted, Went)

    def __init__(self, shape: Shape, value: Callable[[tuple[str, ...], str], float] | None
                 = None) -> None:
        self.shape, self.value = shape, value
        self.steps = 0

    def at(self, state):
        return self.shape(state.path)

    def setup(self, players, options, rng):
        return [TreeStarted(tuple(players))]

    def fold(self, state, ev):
        if isinstance(ev, TreeStarted):
            return TreeState(ev.players, ())
        return TreeState(state.players, state.path + (ev.entry,))

    def clone(self, state):
        return state  # immutable

    def to_act(self, state):
        if isinstance(self.at(state), tuple):
            return ()
        return (state.players[len(state.path) % len(state.players)],)

    def legal(self, state, player):
        return [Go(label) for label in self.at(state)] \
            if player in self.to_act(state) else []

    def decide(self, state, player, cmd, rng):
        self.steps += 1
        sides = {"?": 2, "!": 8}.get(cmd.label[-1])
        entry = cmd.label[:-1] + str(rng.randrange(sides)) if sides else cmd.label
        return [Went(player, entry)]

    def outcome(self, state):
        scores = self.at(state)
        if not isinstance(scores, tuple):
            return None
        return Outcome.from_scores(dict(zip(state.players, scores, strict=True)))

    def evaluate(self, state, player):
        if self.value is None:
            return super().evaluate(state, player)
        return self.value(state.path, player)

    def parse(self, text, state=None, player=None):
        return Go(text)

    def format(self, cmd, state=None):
        return cmd.label


XY = ("x", "y")


def start(game: Tree, players=XY) -> TreeState:
    return LocalGame(game, list(players)).state


def search(spec: str, game: Tree, players=XY, seed: int = 0):
    agent = make_agent(spec, seed)
    move = agent.act(game, start(game, players), players[0])
    return agent, move, agent.last_root


def one_ply(leaves: dict[str, tuple[float, ...]]) -> Tree:
    return Tree(lambda path: list(leaves) if not path else leaves[path[0]])


def long_lines(labels: str, length: int = 400) -> Shape:
    """Each first command starts a line of ``length`` forced commands, then a draw."""
    def shape(path):
        if not path:
            return list(labels)
        return ["go"] if len(path) < length else (0, 0)
    return shape


def by_first(values: dict[str, float]) -> Callable[[tuple[str, ...], str], float]:
    """x's evaluate is the value of the first command taken; y's is its negation."""
    def value(path, player):
        v = values[path[0]] if path else 0.0
        return v if player == "x" else -v
    return value


def ucb1_visits(means: list[float], sims: int, c: float, prior: float = 0.0,
                pv: list[float] | None = None, im: float = 0.0,
                h: list[float] | None = None) -> list[int]:
    """Visits of the root's children by UCB1 when child i always returns means[i]: each
    child once, then the highest mean + c*sqrt(ln N / n), a prior counting as ``prior``
    visits of value pv[i], implicit minimax adding im*(h[i] - mean)."""
    n = [1] * len(means)
    for total in range(len(means), sims):
        best, best_value = 0, -math.inf
        for i, m in enumerate(means):
            if prior:
                k = n[i] + prior
                v = (m * n[i] + prior * pv[i]) / k + c * math.sqrt(math.log(total) / k)
            else:
                v = m + c * math.sqrt(math.log(total) / n[i])
            if im:
                v += im * (h[i] - m)
            if v > best_value:
                best, best_value = i, v
        n[best] += 1
    return n


# -- the statistics of one ply ----------------------------------------------------------------

def test_each_first_command_is_tried_once_and_scored_by_its_outcome() -> None:
    game = one_ply({"win": (1, 0), "draw": (0, 0), "lose": (0, 1)})
    agent, move, root = search("mcts:sims=3,solve=false,reuse=0", game)
    assert move == Go("win")
    assert (root.n, root.player, root.mover) == (3, "x", None)
    stats = {m.label: (c.n, c.w, c.mover) for m, c in root.children.items()}
    assert stats == {"win": (1, 1.0, "x"), "draw": (1, 0.0, "x"), "lose": (1, -1.0, "x")}
    assert root.size() == 4 and Node("x", 0).size() == 1
    assert (agent.stats.simulations, agent.stats.calls, agent.stats.decisions) == (3, 3, 1)
    assert agent.stats.seconds > 0


@pytest.mark.parametrize("c, sims", [(1.4, 40), (0.3, 40), (3.0, 60), (0.0, 25)])
def test_visits_follow_ucb1_with_the_exploration_constant(c: float, sims: int) -> None:
    values = {"a": 0.6, "b": 0.25, "c": -0.35, "d": 0.1}
    game = Tree(long_lines("abcd"), by_first(values))
    agent, move, root = search(f"mcts:sims={sims},c={c},depth=1,reuse=0", game)
    got = {m.label: ch.n for m, ch in root.children.items()}
    want = dict(zip("abcd", ucb1_visits(list(values.values()), sims, c), strict=True))
    assert got == want
    for m, ch in root.children.items():
        assert ch.w == pytest.approx(values[m.label] * ch.n)
    assert move == Go("a") and root.n == sims


def test_a_prior_counts_as_visits_of_the_one_ply_value_and_orders_expansion() -> None:
    values = {"a": 0.3, "b": 0.5, "c": -2.0, "d": 2.5}  # evaluate clipped to [-1, 1]
    clipped = {"a": 0.3, "b": 0.5, "c": -1.0, "d": 1.0}
    game = Tree(long_lines("abcd"), by_first(values))
    agent, _, root = search("mcts:sims=4,depth=1,reuse=0,prior=2", game)
    assert [m.label for m in root.children] == ["d", "b", "a", "c"]  # best first
    assert {m.label: ch.pv for m, ch in root.children.items()} == clipped
    pv = list(clipped.values())  # the rollouts' evaluate is clipped the same way
    for sims, prior, c in ((30, 2.0, 1.4), (50, 5.0, 0.7), (40, 0.5, 1.0)):
        agent, _, root = search(f"mcts:sims={sims},c={c},depth=1,reuse=0,prior={prior}", game)
        want = ucb1_visits(pv, sims, c, prior, pv)
        assert {m.label: ch.n for m, ch in root.children.items()} == dict(
            zip("abcd", want, strict=True))


def test_implicit_minimax_adds_its_weight_times_value_minus_mean() -> None:
    # The rollouts play each line out to a win for x (a, c) or for y (b, d), while
    # evaluate says otherwise: h and the mean differ, so im moves the visits.
    ends = {"a": (1, 0), "b": (0, 1), "c": (1, 0), "d": (0, 1)}
    h = {"a": -0.6, "b": 0.8, "c": 0.2, "d": -0.1}

    def shape(path):
        if not path:
            return list("abcd")
        return ["go"] if len(path) < 300 else ends[path[0]]

    game = Tree(shape, by_first(h))
    for im, sims in ((0.5, 40), (1.0, 30)):
        agent, _, root = search(f"mcts:sims={sims},c=1,reuse=0,solve=false,im={im}", game)
        means = [1.0, -1.0, 1.0, -1.0]
        want = ucb1_visits(means, sims, 1.0, im=im, h=list(h.values()))
        assert {m.label: ch.n for m, ch in root.children.items()} == dict(
            zip("abcd", want, strict=True))
        assert {m.label: ch.h["x"] for m, ch in root.children.items()} == h
        assert root.h["x"] == 0.8  # x's best evaluate over the children, max^n


def test_implicit_minimax_backs_up_each_players_best_judged_child_and_stops_at_none() -> None:
    agent = make_agent("mcts:sims=1,im=0.5", 0)
    root, mid, leaf, other = Node(None, 0), Node("x", 0), Node("y", 0), Node("x", 0)
    root.player, mid.player = "x", "y"
    root.children = {"mid": mid, "other": other}
    other.h = {"x": 0.5, "y": -0.5}
    mid.children = {"leaf": leaf}
    agent._minimax([root, mid, leaf])  # nothing below mid is judged: nothing moves up
    assert mid.h is None and root.h is None
    leaf.h = {"x": 0.9, "y": -0.9}
    mid.children["low"] = low = Node("y", 0)
    low.h = {"x": 0.2, "y": -0.2}
    agent._minimax([root, mid, leaf])
    assert mid.h == {"x": 0.2, "y": -0.2}  # y's best
    assert root.h == {"x": 0.5, "y": -0.5}  # x's best: other (0.5) over mid (0.2)


# -- budgets --------------------------------------------------------------------------------------

def test_the_call_budget_stops_at_the_first_simulation_that_reaches_it() -> None:
    # every simulation costs exactly 1 + 5 calls: each line is five commands long
    game = Tree(long_lines("ab", 6))
    for calls, sims in ((1, 1), (6, 1), (7, 2), (12, 2), (13, 3), (60, 10)):
        agent, _, root = search(f"mcts:calls={calls},reuse=0,solve=false", game)
        assert (agent.stats.simulations, agent.stats.calls, root.n) == (sims, 6 * sims, sims)
    agent, _, _ = search("mcts:sims=3,calls=1000,reuse=0", game)
    assert agent.stats.simulations == 3
    agent, _, _ = search("mcts:sims=1000,calls=13,reuse=0,solve=false", game)
    assert agent.stats.simulations == 3


def test_a_tiny_time_budget_still_runs_one_simulation() -> None:
    game = one_ply({"a": (1, 0), "b": (0, 1)})
    agent, move, root = search("mcts:seconds=0.000001,reuse=0", game)
    assert agent.stats.simulations >= 1 and root.n >= 1 and move in root.children


def test_counters_add_up_over_decisions() -> None:
    game = Tree(long_lines("ab", 6))
    agent = make_agent("mcts:sims=4,reuse=0,solve=false", 0)
    for i in range(1, 4):
        agent.act(game, start(game), "x")
        assert (agent.stats.decisions, agent.stats.simulations, agent.stats.calls) == (
            i, 4 * i, 24 * i)


def test_a_player_without_a_legal_command_is_an_error_naming_them() -> None:
    game = Tree(lambda path: [])
    with pytest.raises(MeepleError) as info:
        search("mcts:sims=5", game)
    assert str(info.value) == "ai-search-tree: x is to act but has no legal command"


# -- the solver -------------------------------------------------------------------------------------

def test_a_proven_win_stops_the_search_and_is_chosen() -> None:
    game = one_ply({"a": (0, 1), "b": (0, 0), "c": (1, 0), "d": (0, 1)})
    for seed in range(4):
        agent, move, root = search("mcts:sims=100,reuse=0", game, seed=seed)
        assert move == Go("c") and root.proven == {"x": 1.0, "y": -1.0}
        assert agent.stats.simulations == len(root.children) <= 4
        assert root.children[Go("c")].proven == {"x": 1.0, "y": -1.0}


def test_a_position_whose_commands_are_all_proven_takes_the_best_of_them() -> None:
    # a: y then wins at once (q) -> a proven loss for x; b: a draw. Proven: the draw.
    tree = {(): ["a", "b"], ("a",): ["p", "q"], ("a", "p"): (1, 0), ("a", "q"): (0, 1),
            ("b",): (0, 0)}
    game = Tree(tree.__getitem__)
    for seed in range(5):
        agent, move, root = search("mcts:sims=500,reuse=0", game, seed=seed)
        assert move == Go("b"), seed
        assert root.proven == {"x": 0.0, "y": 0.0}
        a = root.children[Go("a")]
        assert a.proven == {"x": -1.0, "y": 1.0}
        assert a.children[Go("q")].proven == {"x": -1.0, "y": 1.0}
        assert agent.stats.simulations < 500


def test_a_proven_loss_is_not_visited_again() -> None:
    # b loses at once; a's long line never ends within the search, so nothing else is
    # proven and the search runs its whole budget.
    def shape(path):
        if not path:
            return ["a", "b"]
        if path[0] == "b":
            return (0, 1)
        return ["go"] if len(path) < 200 else (0, 0)

    agent, move, root = search("mcts:sims=60,reuse=0,c=5", Tree(shape))
    b = root.children[Go("b")]
    assert move == Go("a") and b.n == 1 and b.proven == {"x": -1.0, "y": 1.0}
    assert root.proven is None and agent.stats.simulations == 60
    off, _, root = search("mcts:sims=60,reuse=0,c=5,solve=false", Tree(shape))
    assert root.children[Go("b")].n > 1 and root.children[Go("b")].proven is None


def test_without_the_solver_nothing_is_proven_and_the_budget_is_spent() -> None:
    game = one_ply({"a": (0, 1), "c": (1, 0)})
    agent, move, root = search("mcts:sims=30,reuse=0,solve=false", game)
    assert move == Go("c") and root.proven is None and agent.stats.simulations == 30
    assert all(ch.proven is None for ch in root.children.values())
    assert root.children[Go("c")].n > root.children[Go("a")].n


# -- chance ----------------------------------------------------------------------------------------

def test_a_deterministic_game_is_never_taken_for_chance() -> None:
    game = one_ply({"a": (1, 0), "b": (0, 0)})
    agent, _, root = search("mcts:sims=50,reuse=0,solve=false", game)
    assert root.children[Go("a")].n > 2  # a terminal position met again and again
    assert agent.chance_seen is False
    agent, _, _ = search("mcts:sims=50,reuse=0", Tree(long_lines("ab", 3)))
    assert agent.chance_seen is False and agent.solve is True


def test_chance_switches_the_default_solver_off_but_not_one_asked_for() -> None:
    # "toss!" ends the game on a 0 (one time in eight) or goes on: a position once final
    # is not final another time, so results found there prove nothing.
    def shape(path):
        if not path:
            return ["toss!", "wait"]
        if path == ("toss0",):
            return (0, 0)
        return ["go"] if len(path) < 50 else (0, 0)

    seen = 0
    for seed in range(10):
        for spec, solve_after in (("mcts:sims=40,reuse=0", False),
                                  ("mcts:sims=40,reuse=0,solve=true", True)):
            agent, _, _ = search(spec, Tree(shape), seed=seed)
            if agent.chance_seen:
                seen += 1
                assert agent.solve is solve_after, (seed, spec)
            else:
                assert agent.solve is True
    assert seen >= 10
    def coin(path):  # heads ends the game, one time in two
        if not path:
            return ["toss?", "wait"]
        return (0, 0) if path == ("toss0",) or len(path) >= 50 else ["go"]

    for seed in range(3):
        game = Tree(coin)
        agent, _, _ = search("mcts:sims=40,reuse=0,solve=false", game, seed=seed)
        assert agent.chance_seen is True and agent.solve is False
        agent.act(game, start(game), "x")  # the next decision knows it too
        assert agent.solve is False


def test_legal_commands_that_differ_between_samples_are_tried_and_counted_when_available(
) -> None:
    # After the coin, y has {p, q} on heads and {q, r} on tails: q is available every
    # visit, p and r only on their side; a child is never visited more often than it was
    # available, and every command met is tried.
    def shape(path):
        if not path:
            return ["coin?"]
        if len(path) == 1:
            return ["p", "q"] if path[0] == "coin0" else ["q", "r"]
        return ["go"] if len(path) < 200 else (0, 0)

    agent, _, root = search("mcts:sims=80,reuse=0", Tree(shape))
    node = root.children[Go("coin?")]
    assert node.varied and set(node.children) == {Go("p"), Go("q"), Go("r")}
    q = node.children[Go("q")]
    assert q.avail == node.n - q.born  # available at every visit since it was made
    for child in node.children.values():
        assert 1 <= child.n <= child.avail <= node.n - 1
    assert node.n == 80 and sum(ch.n for ch in node.children.values()) == node.n - 1

    # An eight-sided die that offers {p, q} only on a 0: the commands are first seen to
    # differ after several visits, when q has been available in all of them.
    def die(path):
        if not path:
            return ["die!"]
        if len(path) == 1:
            return ["p", "q"] if path[0] == "die0" else ["q", "r"]
        return ["go"] if len(path) < 200 else (0, 0)

    for seed in range(3):
        agent, _, root = search("mcts:sims=60,reuse=0", Tree(die), seed=seed)
        node = root.children[Go("die!")]
        q = node.children[Go("q")]
        assert node.varied and q.avail == node.n - q.born and q.avail >= q.n


# -- rollouts ----------------------------------------------------------------------------------------

def binary(depth: int, winner: Callable[[tuple[str, ...]], tuple[float, float]]) -> Shape:
    """Two commands (l, r) at every decision for ``depth`` plies after the root's a/b."""
    def shape(path):
        if not path:
            return ["a", "b"]
        return ["l", "r"] if len(path) <= depth else winner(path)
    return shape


def test_cut_off_rollouts_play_that_many_plies_then_evaluate() -> None:
    game = Tree(binary(30, lambda p: (0, 0)), by_first({"a": 0.4, "b": -0.7}))
    for depth in (1, 3, 7):
        agent, move, root = search(f"mcts:sims=2,depth={depth},reuse=0", game)
        assert agent.stats.calls == 2 * (1 + depth)
        assert {m.label: ch.w for m, ch in root.children.items()} == {"a": 0.4, "b": -0.7}
        assert move == Go("a")


def test_random_rollouts_play_to_the_end() -> None:
    game = Tree(binary(9, lambda p: (1, 0) if p[-1] == "l" else (0, 1)))
    agent, _, root = search("mcts:sims=2,reuse=0", game)
    assert agent.stats.calls == 2 * (1 + 9)
    assert all(ch.w in (1.0, -1.0) for ch in root.children.values())


def test_greedy_rollouts_take_the_best_evaluated_command_and_pay_for_each_candidate() -> None:
    # evaluate likes "l" for whoever moves; ending on "l" makes x win. Greedy rollouts
    # (eps=0) always end on l; random ones (eps=1) pay one call per ply.
    def value(path, player):
        return 0.5 if path and path[-1] == "l" else -0.5

    def ends(p):
        return (1, 0) if p[-1] == "l" else (0, 1)

    game = Tree(binary(6, ends), value)
    greedy, _, root = search("mcts:sims=2,reuse=0,rollout=heuristic,eps=0", game)
    assert greedy.stats.calls == 2 * (1 + 6 * 3)  # a step plus two candidates per ply
    assert all(ch.w == 1.0 for ch in root.children.values())
    rnd, _, _ = search("mcts:sims=2,reuse=0,rollout=heuristic,eps=1", game)
    assert rnd.stats.calls == 2 * (1 + 6)
    forced = Tree(long_lines("ab", 7), value)
    one, _, _ = search("mcts:sims=2,reuse=0,rollout=heuristic,eps=0", forced)
    assert one.stats.calls == 2 * 7  # a single command is taken without judging it


def test_greedy_rollouts_cut_off_evaluate_at_the_cut() -> None:
    game = Tree(binary(20, lambda p: (0, 0)), by_first({"a": 0.25, "b": -0.5}))
    agent, _, root = search("mcts:sims=2,reuse=0,rollout=heuristic,eps=0,depth=2", game)
    assert agent.stats.calls == 2 * (1 + 2 * 3)
    assert {m.label: ch.w for m, ch in root.children.items()} == {"a": 0.25, "b": -0.5}


# -- progressive widening ---------------------------------------------------------------------------

def widened(sims: int, alpha: float, k: float) -> int:
    """Children of a root with more commands than simulations: a new one whenever there
    are fewer than k * (n + 1) ** alpha, n the visits so far (and always the first)."""
    children = 0
    for n in range(sims):
        if children == 0 or children < k * (n + 1) ** alpha:
            children += 1
    return children


@pytest.mark.parametrize("pw, pwk, sims", [(0.5, 1.0, 40), (0.5, 2.0, 30), (0.3, 1.5, 50),
                                           (1.0, 0.5, 20)])
def test_progressive_widening_keeps_the_width_formula(pw: float, pwk: float, sims: int) -> None:
    game = Tree(long_lines("abcdefghijklmnopqrstuvwxyz"), by_first(
        {ch: (i % 7) / 10 - 0.3 for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz")}))
    _, _, root = search(f"mcts:sims={sims},depth=1,reuse=0,pw={pw},pwk={pwk}", game)
    assert len(root.children) == widened(sims, pw, pwk)


# -- tree reuse ---------------------------------------------------------------------------------------

def test_tree_reuse_reaches_four_plies_past_our_move_and_no_further() -> None:
    # A single line of forced commands after x's first: the kept subtree is one chain.
    game = Tree(long_lines("a", 40))
    agent = make_agent("mcts:sims=60,solve=false", 0)
    agent.act(game, start(game), "x")
    chain = agent.last_root.children[Go("a")]
    nodes = [chain]
    while nodes[-1].children:
        nodes.append(next(iter(nodes[-1].children.values())))
    assert len(nodes) > 8
    for plies, found in ((1, True), (3, True), (4, True), (5, False), (6, False)):
        again = make_agent("mcts:sims=60,solve=false", 0)
        again.act(game, start(game), "x")
        kept = again.last_root.children[Go("a")]
        node = kept
        for _ in range(plies):
            node = next(iter(node.children.values()))
        visits = node.n
        view = TreeState(XY, ("a",) + ("go",) * plies)
        again.act(game, view, XY[len(view.path) % 2])
        assert (again.reused_visits == visits) is found, plies
        assert (again.last_root is node) is found
        assert again.last_root.mover is None


def coin_then(heads: list[str], tails: list[str], length: int = 200) -> Shape:
    """x tosses a coin; then y has ``heads`` or ``tails``; then long forced lines."""
    def shape(path):
        if not path:
            return ["coin?"]
        if len(path) == 1:
            return heads if path[0] == "coin0" else tails
        return ["go"] if len(path) < length else (0, 0)
    return shape


def by_second(values: dict[str, float]) -> Callable[[tuple[str, ...], str], float]:
    """y's evaluate is the value of y's command after the coin; x's is its negation."""
    def value(path, player):
        v = values[path[1]] if len(path) > 1 else 0.0
        return v if player == "y" else -v
    return value


def test_where_the_commands_vary_a_heavy_prior_picks_the_best_judged_available_one() -> None:
    # heads offers q then p, tails r then q; judged p 0.9 > q 0.1 > r -0.5. With c=0 and a
    # prior of 1000 visits, each side's best judged command takes every visit after the
    # first ones: p on heads, q on tails; r is tried once, when it is new.
    game = Tree(coin_then(["q", "p"], ["r", "q"]), by_second({"p": 0.9, "q": 0.1, "r": -0.5}))
    agent, _, root = search("mcts:sims=60,c=0,depth=1,reuse=0,prior=1000", game)
    node = root.children[Go("coin?")]
    assert node.varied
    kids = {m.label: ch for m, ch in node.children.items()}
    assert kids["r"].n == 1 and kids["p"].n >= 10 and kids["q"].n >= 10
    assert {k: ch.pv for k, ch in kids.items()} == {"p": 0.9, "q": 0.1, "r": -0.5}
    for k, ch in kids.items():
        assert ch.w == pytest.approx({"p": 0.9, "q": 0.1, "r": -0.5}[k] * ch.n)


def test_where_the_commands_vary_implicit_minimax_still_backs_up_evaluate() -> None:
    game = Tree(coin_then(["q", "p"], ["r", "q"], 70), by_second({"p": 0.9, "q": 0.1,
                                                                    "r": -0.5}))
    agent, _, root = search("mcts:sims=60,reuse=0,im=0.5,solve=false", game)
    node = root.children[Go("coin?")]
    assert node.varied
    assert {m.label: ch.h["y"] for m, ch in node.children.items()} == {
        "p": 0.9, "q": 0.1, "r": -0.5}
    assert node.h["y"] == 0.9 and root.h["x"] == -0.9
    assert sum(ch.n for ch in node.children.values()) == node.n - 1


def test_implicit_minimax_takes_a_final_position_s_result_as_its_value() -> None:
    game = one_ply({"win": (1, 0), "draw": (0, 0), "lose": (0, 1)})
    _, _, root = search("mcts:sims=3,reuse=0,solve=false,im=0.5", game)
    assert {m.label: ch.h for m, ch in root.children.items()} == {
        "win": {"x": 1.0, "y": -1.0}, "draw": {"x": 0.0, "y": 0.0},
        "lose": {"x": -1.0, "y": 1.0}}
    assert root.h == {"x": 1.0, "y": -1.0}


def test_a_time_budget_runs_simulations_until_it_is_spent() -> None:
    game = one_ply({"a": (1, 0), "b": (0, 1), "c": (0, 0)})
    agent, _, root = search("mcts:seconds=0.3,reuse=0,solve=false", game)
    assert agent.stats.simulations >= 2 and root.n == agent.stats.simulations


# -- hidden information -------------------------------------------------------------------------------

class HiddenTree(Tree):
    """The same tree, declared as hiding something: search must not prove or reuse."""

    hidden_information = True

    def __init__(self, shape: Shape, value=None) -> None:
        super().__init__(shape, value)
        self.determinized = 0

    def determinize(self, view, player, rng):
        self.determinized += 1
        return view


def test_with_hidden_information_nothing_is_proven_or_reused_unless_asked() -> None:
    game = HiddenTree(lambda path: ["a", "b"] if not path else
                      (["go"] if len(path) < 9 else (1, 0) if path[0] == "a" else (0, 1)))
    agent = make_agent("mcts:sims=40", 0)
    assert agent.act(game, start(game), "x") == Go("a")
    assert agent.solve is False and agent.last_root.proven is None
    assert agent.stats.simulations == 40 and game.determinized == 1
    view = TreeState(XY, ("a", "go"))
    agent.act(game, view, "x")
    assert agent.reused_visits == 0 and game.determinized == 2
    asked = make_agent("mcts:sims=400,solve=true", 0)
    asked.act(game, start(game), "x")
    assert asked.solve is True and asked.last_root.proven == {"x": 1.0, "y": -1.0}
    ismcts = make_agent("ismcts:sims=25", 0)
    game.determinized = 0
    ismcts.act(game, start(game), "x")
    assert game.determinized == 26  # one for the agent's own base state, one per simulation


def test_the_heuristic_judges_a_hidden_game_on_one_sample_per_decision() -> None:
    game = HiddenTree(lambda path: ["a", "b"] if not path else (1, 0) if path[0] == "a"
                      else (0, 1))
    agent = make_agent("heuristic", 0)
    assert agent.act(game, start(game), "x") == Go("a") and game.determinized == 1
    plain = Tree(game.shape)
    assert make_agent("heuristic", 0).act(plain, start(plain), "x") == Go("a")


# -- the heuristic agent -------------------------------------------------------------------------------

def test_the_heuristic_breaks_ties_at_random_among_the_best_only() -> None:
    game = one_ply({"a": (0, 0), "b": (0, 0), "c": (0, 0), "d": (0, 0)})
    game.value = lambda path, player: {"a": 0.5, "b": 0.1, "c": 0.5, "d": 0.2}[path[0]] \
        if path else 0.0
    picks = {make_agent("heuristic", seed).act(game, start(game), "x").label
             for seed in range(30)}
    assert picks == {"a", "c"}


def test_a_deeper_heuristic_expects_each_reply_to_be_the_replier_s_best() -> None:
    # depth 1: a looks better (0.5 > 0.4). depth 2: after a, y answers p (best for y),
    # which is -0.8 for x; after b, y answers s (0.3 for y), 0.2 for x: b is better.
    y_value = {"p": 0.9, "q": 0.1, "r": 0.2, "s": 0.3}
    x_value = {"p": -0.8, "q": 0.9, "r": 0.3, "s": 0.2}
    tree = {(): ["a", "b"], ("a",): ["p", "q"], ("b",): ["r", "s"]}

    def value(path, player):
        if len(path) == 1:
            return {"a": 0.5, "b": 0.4}[path[0]] if player == "x" else 0.0
        return (x_value if player == "x" else y_value)[path[1]]

    game = Tree(lambda path: tree.get(path, (0, 0)), value)
    one = make_agent("heuristic", 0)
    assert one.act(game, start(game), "x") == Go("a") and one.stats.calls == 2
    two = make_agent("heuristic:depth=2", 0)
    assert two.act(game, start(game), "x") == Go("b") and two.stats.calls == 2 + 2 * 2
    three = make_agent("heuristic:depth=3", 0)  # the game ends after two plies
    assert three.act(game, start(game), "x") == Go("b") and three.stats.calls == 6


# -- availability counts, on worlds that take turns ------------------------------------------------

@dataclass(frozen=True)
class WorldState(TreeState):
    world: int = 0


class Worlds(Tree):
    """Hidden information whose samples are not random: ``determinize`` hands out the
    worlds 0, 1, 2, 0, 1, ... (after one sample for the agent's own base state), and x's
    commands at the start are ``WORLDS[world]``. Each leads to a long forced line; x's
    evaluate is H[command] one ply after it and M[command] deeper (y's is the negation)."""

    hidden_information = True
    WORLDS = (["q"], ["q", "r"], ["p", "q"])

    def __init__(self, h: dict[str, float], m: dict[str, float],
                 ends: dict[str, tuple[int, int]] | None = None) -> None:
        super().__init__(lambda path: None)
        self.h, self.m, self.ends, self.calls = h, m, ends or {}, 0

    def at(self, state):
        if not state.path:
            return self.WORLDS[state.world]
        return ["go"] if len(state.path) < 150 else self.ends.get(state.path[0], (0, 0))

    def fold(self, state, ev):
        if isinstance(ev, TreeStarted):
            return WorldState(ev.players, ())
        return WorldState(state.players, state.path + (ev.entry,), state.world)

    def determinize(self, view, player, rng):
        self.calls += 1
        return WorldState(view.players, view.path, (self.calls - 2) % 3)

    def evaluate(self, state, player):
        if not state.path:
            return 0.0
        v = (self.h if len(state.path) == 1 else self.m)[state.path[0]]
        return v if player == "x" else -v


def availability_visits(h: dict[str, float], m: dict[str, float], sims: int, c: float,
                        prior: float = 0.0, im: float = 0.0) -> dict[str, int]:
    """Visits under ISMCTS selection with availability counts: a command is tried when it
    is first legal (q, then r, then p in the first three samples); then among the legal
    ones the highest w/n + c*sqrt(ln(avail)/n), avail the visits in which it was legal
    (this one included); a prior adds ``prior`` visits of H; implicit minimax adds
    im*(h - w/n), h being H until a command's second visit shows the value M below it."""
    n = {"q": 1, "r": 1, "p": 1}
    w = dict(m)
    avail = {"q": 3, "r": 1, "p": 1}
    for i in range(3, sims):
        legal = Worlds.WORLDS[i % 3]
        best, best_value = None, -math.inf
        for mv in legal:
            avail[mv] += 1
            if prior:
                k = n[mv] + prior
                v = (w[mv] + prior * h[mv]) / k + c * math.sqrt(math.log(avail[mv]) / k)
            else:
                v = w[mv] / n[mv] + c * math.sqrt(math.log(avail[mv]) / n[mv])
                if im:
                    v += im * ((h if n[mv] == 1 else m)[mv] - w[mv] / n[mv])
            if v > best_value:
                best, best_value = mv, v
        n[best] += 1
        w[best] += m[best]
    return n


@pytest.mark.parametrize("spec, c, prior, im", [
    ("c=1.4", 1.4, 0.0, 0.0), ("c=0.4", 0.4, 0.0, 0.0), ("c=3", 3.0, 0.0, 0.0),
    ("c=1,prior=3", 1.0, 3.0, 0.0), ("c=0.5,prior=0.5", 0.5, 0.5, 0.0),
    ("c=1,im=0.6", 1.0, 0.0, 0.6), ("c=0.3,im=1", 0.3, 0.0, 1.0),
])
def test_ismcts_visits_follow_ucb1_over_availability_counts(spec, c, prior, im) -> None:
    h = {"p": 0.7, "q": -0.2, "r": 0.4}
    m = {"p": 0.1, "q": 0.3, "r": -0.45}
    game = Worlds(h, m)
    agent = make_agent(f"ismcts:sims=45,depth=1,{spec}", 0)
    agent.act(game, game.fold(None, TreeStarted(XY)), "x")
    root = agent.last_root
    got = {mv.label: ch.n for mv, ch in root.children.items()}
    assert got == availability_visits(h, m, 45, c, prior, im)
    assert {mv.label: ch.avail for mv, ch in root.children.items()} == {
        "q": 45, "r": 15, "p": 15}  # q in every sample, r and p in every third
    assert [mv.label for mv in root.children] == ["q", "r", "p"]


def test_a_proven_result_outranks_visits_when_the_move_is_chosen() -> None:
    # b draws at once (proven at its first visit, then valued at exactly 0), so the search
    # keeps visiting a, whose random rollouts mostly draw. Only when y's winning answer t
    # is expanded (last: the prior misjudges it) is a proven lost; then every first
    # command is proven and the search stops with a far more visited than b. The proven
    # draw b must still be chosen over the proven loss.
    def shape(path):
        if not path:
            return ["a", "b"]
        if path == ("b",):
            return (0, 0)
        if len(path) == 1:
            return ["u1", "u2", "u3", "u4", "u5", "t"]
        if path[1] == "t":
            return (0, 1)
        return ["go"] if len(path) < 40 else (0, 0)

    def value(path, player):
        return -0.9 if player == "y" and path[-1:] == ("t",) else 0.0

    for seed in range(3):
        agent, move, root = search("mcts:sims=500,reuse=0,prior=1", Tree(shape, value),
                                   seed=seed)
        a, b = root.children[Go("a")], root.children[Go("b")]
        assert root.proven == {"x": 0.0, "y": 0.0} and agent.stats.simulations < 500
        assert a.proven == {"x": -1.0, "y": 1.0} and a.n > b.n == 1
        assert move == Go("b"), seed


def _chosen(children: dict[str, tuple[int, float, dict | None]], solve: bool = True) -> str:
    """The command ``MCTSAgent._best`` chooses at a root of x's with these children, given as
    (visits, total reward, proven result)."""
    agent = make_agent("mcts:sims=1", 0)
    agent.solve = solve
    root = Node(None, 0)
    root.player = "x"
    for move, (n, w, proven) in children.items():
        child = root.children[move] = Node("x", 0)
        child.n, child.w, child.proven = n, w, proven
    return agent._best(root)


WIN, DRAW, LOSS = {"x": 1.0, "y": -1.0}, {"x": 0.0, "y": 0.0}, {"x": -1.0, "y": 1.0}


def test_the_chosen_command_is_the_best_proven_then_the_most_visited_then_the_best_total(
) -> None:
    assert _chosen({"open": (10, 9.0, None), "win": (1, 1.0, WIN),
                    "loss": (20, -20.0, LOSS)}) == "win"  # whatever the visits
    # an open command counts as an even result: above a proven loss, level with a draw
    assert _chosen({"open": (10, 2.0, None), "loss": (20, -20.0, LOSS)}) == "open"
    assert _chosen({"loss": (20, -20.0, LOSS), "open": (10, 2.0, None)}) == "open"
    assert _chosen({"draw": (3, 0.0, DRAW), "open": (10, -5.0, None)}) == "open"
    assert _chosen({"open": (2, 1.0, None), "draw": (3, 0.0, DRAW)}) == "draw"
    assert _chosen({"a": (5, 1.0, None), "b": (5, 3.0, None), "c": (4, 4.0, None)}) == "b"
    # without the solver a proven result is only its visits
    assert _chosen({"win": (1, 1.0, WIN), "loss": (20, -20.0, LOSS)}, solve=False) == "loss"


def _varied_pick(children: dict[str, tuple[int, float, dict | None]], solve: bool,
                 spec: str = "mcts:sims=1,c=1") -> str:
    """The child ``_select_varied`` descends into at a node of x's whose commands vary,
    with every command already a child given as (visits, total reward, proven result);
    each was available in all of the node's 20 visits."""
    agent = make_agent(spec, 0)
    agent.solve = solve
    node = Node(None, 0)
    node.player, node.varied, node.n = "x", True, 20
    for move, (n, w, proven) in children.items():
        child = node.children[move] = Node("x", 0)
        child.n, child.w, child.proven, child.avail = n, w, proven, 19
    move, _, expanded = agent._select_varied(node, "x", list(children), None)
    assert not expanded and all(c.avail == 20 for c in node.children.values())
    return move


def test_where_the_commands_vary_an_unvisited_child_then_a_proven_result_decide() -> None:
    # ucb of (5 visits, total 2.5) with c=1 and 20 availabilities: 0.5 + sqrt(ln 20 / 5)
    ucb = 0.5 + math.sqrt(math.log(20) / 5)
    assert 1.0 < ucb < 1.5
    assert _varied_pick({"b": (5, 2.5, None), "new": (0, 0.0, None)}, True) == "new"
    assert _varied_pick({"b": (5, 2.5, None), "win": (2, -2.0, WIN)}, True) == "b"
    assert _varied_pick({"b": (5, 2.5, None), "loss": (2, 2.0, LOSS)}, False) == "loss"
    assert _varied_pick({"b": (5, 2.5, None), "loss": (2, 2.0, LOSS)}, True) == "b"
    # (50, 0): sqrt(ln 20 / 50) = 0.24; the win's own visits (4, -4): -1 + sqrt(ln 20 / 4)
    assert _varied_pick({"b": (50, 0.0, None), "win": (4, -4.0, WIN)}, True) == "win"
    assert _varied_pick({"b": (50, 0.0, None), "win": (4, -4.0, WIN)}, False) == "b"


def _uct_pick(children: dict[str, tuple[int, float, dict | None]], solve: bool) -> str:
    """The child ``_uct`` descends into at a root of x's visited 10 times (c=1)."""
    agent = make_agent("mcts:sims=1,c=1", 0)
    agent.solve = solve
    root = Node(None, 0)
    root.player, root.n = "x", 10
    for move, (n, w, proven) in children.items():
        child = root.children[move] = Node("x", 0)
        child.n, child.w, child.proven = n, w, proven
    return agent._uct(root, "x", math.log(10))[0]


def test_selection_takes_a_proven_win_at_once_and_never_a_proven_loss() -> None:
    # (1, 1.0): a mean of 1 plus sqrt(ln 10) = 2.52, above any proven value
    assert _uct_pick({"open": (1, 1.0, None), "win": (3, 3.0, WIN)}, True) == "win"
    assert _uct_pick({"win": (3, 3.0, WIN), "open": (1, 1.0, None)}, True) == "win"
    # (5, -4.0): -0.8 + sqrt(ln 10 / 5) = -0.12, above a proven loss, below a proven draw
    assert _uct_pick({"loss": (1, 1.0, LOSS), "open": (5, -4.0, None)}, True) == "open"
    assert _uct_pick({"open": (5, -4.0, None), "draw": (1, 0.0, DRAW)}, True) == "draw"
    assert _uct_pick({"open": (1, 1.0, None), "win": (3, 3.0, WIN)}, False) == "open"


def test_a_greedy_reply_breaks_a_tie_at_random() -> None:
    # After a, y's p and q are equally good for y (the values are computed, so equal but
    # not the same object), but p loses for x and q wins: depth 2 judges a by one of them,
    # at random, so x sometimes prefers a (q expected) and sometimes b (0).
    def value(path, player):
        base = {("a", "p"): (-1.0, 0.5), ("a", "q"): (1.0, 0.5), ("b", "r"): (0.0, 0.0)}
        x, y = base.get(path, (0.0, 0.0))
        return (x if player == "x" else y) * 1.0

    tree = {(): ["a", "b"], ("a",): ["p", "q"], ("b",): ["r"]}
    game = Tree(lambda path: tree.get(path, (0, 0)), value)
    picks = {make_agent("heuristic:depth=2", seed).act(game, start(game), "x").label
             for seed in range(20)}
    assert picks == {"a", "b"}


class Flip(Worlds):
    """x's only command a ends the game in world 0 and leads on to y's forced line in
    world 1; the samples take turns, world 0 first (sim i sees world i % 2)."""

    def __init__(self) -> None:
        super().__init__({}, {})

    def at(self, state):
        if not state.path:
            return ["a"]
        if state.path == ("a",) and state.world == 0:
            return (1, 0)
        return ["go"] if len(state.path) < 30 else (0, 0)

    def determinize(self, view, player, rng):
        self.calls += 1
        return WorldState(view.players, view.path, (self.calls - 2) % 2)

    def evaluate(self, state, player):
        return Game.evaluate(self, state, player)


def test_a_position_final_in_one_sample_and_not_in_the_next_is_chance_and_says_which() -> None:
    for sims, final in ((21, True), (20, False), (2, False), (1, True)):
        game = Flip()
        agent = make_agent(f"ismcts:sims={sims}", 0)
        agent.act(game, game.fold(None, TreeStarted(XY)), "x")
        a = agent.last_root.children[Go("a")]
        assert a.terminal is final, sims  # as the latest sample left it
        assert agent.chance_seen is (sims > 1)
        assert a.n == sims and a.proven is None


def test_ismcts_implicit_minimax_weighs_the_difference_between_value_and_mean() -> None:
    # Played out, p and r lose for x and q wins, while evaluate says otherwise (H one ply
    # after the command, M deeper): the difference h - mean stays open, and im weighs it.
    h = {"p": 0.7, "q": -0.2, "r": 0.4}
    m = {"p": 0.1, "q": 0.3, "r": -0.45}
    ends = {"p": (0, 1), "q": (1, 0), "r": (0, 1)}
    rewards = {"p": -1.0, "q": 1.0, "r": -1.0}
    game = Worlds(h, m, ends)
    agent = make_agent("ismcts:sims=45,c=1.4,im=0.5", 0)
    agent.act(game, game.fold(None, TreeStarted(XY)), "x")
    got = {mv.label: ch.n for mv, ch in agent.last_root.children.items()}
    n = {"q": 1, "r": 1, "p": 1}
    w = dict(rewards)
    avail = {"q": 3, "r": 1, "p": 1}
    for i in range(3, 45):  # availability UCB1 plus im * (h - mean), h = H then M
        best, best_value = None, -math.inf
        for mv in Worlds.WORLDS[i % 3]:
            avail[mv] += 1
            mean = w[mv] / n[mv]
            v = mean + 1.4 * math.sqrt(math.log(avail[mv]) / n[mv])
            v += 0.5 * ((h if n[mv] == 1 else m)[mv] - mean)
            if v > best_value:
                best, best_value = mv, v
        n[best] += 1
        w[best] += rewards[best]
    assert got == n


def test_prior_values_are_clipped_just_beyond_the_bounds_and_kept_at_them() -> None:
    values = {"a": 1.5, "b": -1.5, "c": 1.0, "d": -1.0, "e": 0.999}
    game = Tree(long_lines("abcde"), by_first(values))
    _, _, root = search("mcts:sims=5,depth=1,reuse=0,prior=1", game)
    assert {m.label: ch.pv for m, ch in root.children.items()} == {
        "a": 1.0, "b": -1.0, "c": 1.0, "d": -1.0, "e": 0.999}


# -- on connect four, and budgets and rollouts on long lines -------------------------------


C4 = ConnectFour()


def test_heuristic_depth_counts_the_plies_it_looks_at() -> None:
    # depth=1: one step per legal move; depth=2: each of those answered greedily (7 more).
    start = LocalGame(C4, ["x", "y"]).state
    for depth, calls in ((1, 7), (2, 7 + 7 * 7)):
        agent = make_agent(f"heuristic:depth={depth}", 0)
        agent.act(C4, C4.view(start, "x"), "x")
        assert agent.stats.calls == calls, depth


def _varied_node(n: int, stats: dict[str, tuple[float, int, int]]):
    """A node whose legal commands changed between simulations, with children given as
    {move: (total reward, visits, availability)}."""
    from meeple.ai.mcts import Node

    node = Node("y", 0)
    node.player, node.n, node.varied = "x", n, True
    for move, (w, visits, avail) in stats.items():
        child = Node("x", 0)
        child.w, child.n, child.avail = w, visits, avail
        node.children[move] = child
    return node


def test_ismcts_selection_weighs_exploration_by_c_over_availability_counts() -> None:
    # UCB1 with availability counts: w/n + c*sqrt(ln(avail)/n). "a" exploits (0.8 over 10
    # visits, seen 10 times), "b" explores (0.5 over 2, seen 100 times). With c=0.1 "a"
    # wins; an exploration term not scaled by c, or one using the parent's 1000 visits
    # instead of availability, picks "b".
    agent = make_agent("ismcts:sims=1,c=0.1", 0)
    agent.solve = False
    node = _varied_node(1000, {"a": (8.0, 10, 10), "b": (1.0, 2, 100)})
    move, _, expanded = agent._select_varied(node, "x", ["a", "b"], None)
    assert (move, expanded) == ("a", False)
    assert (node.children["a"].avail, node.children["b"].avail) == (11, 101)
    agent = make_agent("ismcts:sims=1,c=1", 0)
    agent.solve = False
    node = _varied_node(1000, {"a": (8.0, 10, 10), "b": (1.0, 2, 100)})
    assert agent._select_varied(node, "x", ["a", "b"], None)[0] == "b"


def test_ismcts_widening_adds_a_new_command_only_below_the_width() -> None:
    # pw=0.5, pwk=1: width sqrt(n + 1). One child and n=3 (width 2): the new legal command
    # "c" is expanded; n=0 (width 1): no room, so an available child is chosen.
    agent = make_agent("ismcts:sims=1,pw=0.5,pwk=1", 0)
    agent.solve = False
    node = _varied_node(3, {"a": (1.0, 2, 2)})
    assert agent._select_varied(node, "x", ["a", "c"], None)[::2] == ("c", True)
    node = _varied_node(0, {"a": (1.0, 2, 2)})
    assert agent._select_varied(node, "x", ["a", "c"], None)[::2] == ("a", False)


def test_a_proven_result_reaches_the_root_in_the_same_backup() -> None:
    # The solver proves bottom-up: once a leaf is proven, every ancestor that becomes
    # proven by it must pass it on at once, not one level per later simulation.
    from meeple.ai.mcts import Node

    agent = make_agent("mcts:sims=1,solve=true", 0)
    agent.solve, agent.players = True, {"x", "y"}
    root, mid, leaf = Node(None, 0), Node("x", 0), Node("y", 0)
    root.player, mid.player = "x", "y"
    root.children, mid.children = {"m": mid}, {"k": leaf}
    leaf.proven = {"x": 1.0, "y": -1.0}
    agent._backup([root, mid, leaf], {"x": 1.0, "y": -1.0})
    assert mid.proven == root.proven == {"x": 1.0, "y": -1.0}


def test_mcts_counts_every_forward_model_call_prior_values_included() -> None:
    # stats.calls is what `meeple bench` and the strength scripts compare agents by: it
    # must count the prior's one-ply evaluations as well as the simulations' steps.
    class Counting(ConnectFour):
        steps = 0

        def step(self, state, player, command, rng=None):
            Counting.steps += 1
            return super().step(state, player, command, rng)

    game = Counting()
    start = LocalGame(game, ["x", "y"]).state
    for spec in ("mcts:sims=30,prior=1,reuse=0", "mcts:sims=30,reuse=0"):
        Counting.steps = 0
        agent = make_agent(spec, 0)
        agent.act(game, game.view(start, "x"), "x")
        assert agent.stats.calls == Counting.steps > 30, spec


# A wall-clock or CPU budget still far from spent must leave the end of the search to the
# other budgets; a deadline tested with anything but "reached" (`!=`, `>`) stops after one
# simulation. The hour-long budgets keep this independent of the machine's speed.
@pytest.mark.parametrize("budget", ["seconds=3600", "cpu=3600"])
@pytest.mark.parametrize("sims", [2, 3, 7])
def test_mcts_with_a_time_budget_not_yet_spent_runs_its_simulation_budget(budget, sims):
    agent, _, root = search(f"mcts:sims={sims},{budget},reuse=0,solve=false",
                            Tree(long_lines("ab", 6)))
    assert agent.stats.simulations == root.n == sims


@pytest.mark.parametrize("budget", ["seconds=3600", "cpu=3600"])
def test_mcts_with_a_time_budget_not_yet_spent_runs_its_call_budget(budget):
    # each simulation of these lines costs 6 calls, so 13 calls end the third
    agent, _, _ = search(f"mcts:calls=13,{budget},reuse=0,solve=false",
                         Tree(long_lines("ab", 6)))
    assert agent.stats.simulations == 3


# A random rollout picks any of the commands: one that always took the first (a random
# number scaled wrongly, `random() // n`) would score every line by a single ending. Here
# the last command decides the game, so forty rollouts see both endings.
@pytest.mark.parametrize("rollout", ["rollout=random", "rollout=heuristic,eps=1"])
def test_mcts_random_rollouts_take_every_command(rollout):
    game = Tree(binary(12, lambda p: (1, 0) if p[-1] == "l" else (0, 1)))
    _, _, root = search(f"mcts:sims=40,reuse=0,solve=false,{rollout}", game)
    visits = sum(ch.n for ch in root.children.values())
    assert -visits < sum(ch.w for ch in root.children.values()) < visits


# Greedy rollouts break ties between equally evaluated commands at random. evaluate
# returns a fresh float each call, so a tie tested by identity (`is`) instead of equality
# would never be seen, and the first command would always be taken.
def test_mcts_greedy_rollouts_break_ties_at_random():
    def level(path, player):
        return float("0.25")  # equal every time, a new object every time

    game = Tree(binary(12, lambda p: (1, 0) if p[-1] == "l" else (0, 1)), level)
    _, _, root = search("mcts:sims=40,reuse=0,solve=false,rollout=heuristic,eps=0", game)
    visits = sum(ch.n for ch in root.children.values())
    assert -visits < sum(ch.w for ch in root.children.values()) < visits
