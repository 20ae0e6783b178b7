"""The opponent-model search (``mcts:opponents=heuristic``, ai/model_search.py) checked against
what its module text promises, through the public agent, on the three-player Pick toy of
test_ai_mcts.py and on connect four.

The main check rebuilds, for every node of a searched tree, the line it stands for from the
root position alone: the searcher's commands on the path, each followed by the other
players' one-ply heuristic commands (the first of equals, in legal's order) up to the
searcher's next decision, then the heuristic's commands for everybody. A line is judged
where the others have given ``depth`` commands since the root (depth 0: at the end of the
first edge), or where the game ends (1 for a win, 1/k shared, else ``evaluate``), or after
40 commands of playing on. A node's value is its line's, its best the best of its own and
its children's; it is closed when final, past the horizon, or every searched command's child
is closed. The commands searched are the ``topk`` best by the one-ply ``evaluate`` (legal's
order among equals). The move is the heuristic's own unless a searched command's best line
beats it by more than ``margin``. Besides: which child UCT descends into, every budget at
its boundary, the counters, the opening commands followed without search, and a line played
on that never reaches the horizon.

model_search.py is tuned for Terra Mystica elsewhere, so nothing here depends on a tuned
number."""

from __future__ import annotations

import math
import random
import time

import pytest
from meeple.ai.registry import make_agent
from meeple.core import Game, LocalGame, Outcome, command, event
from meeple.core.testing import played
from meeple_connect_four import ConnectFour
from test_ai_mcts import ABC, Pick, Take

SPEC = "mcts:opponents=heuristic,reuse=0"
LEAF_PLIES = 40  # the documented cap of a line played on


class Counting(Pick):
    """Pick that counts the commands applied (the forward-model calls)."""

    def __init__(self, pool: int = 6, rounds: int = 2) -> None:
        super().__init__(pool, rounds)
        self.steps = 0

    def step(self, state, player, cmd, rng):
        self.steps += 1
        return super().step(state, player, cmd, rng)


class CountingC4(ConnectFour):
    def __init__(self) -> None:
        super().__init__()
        self.steps = 0

    def step(self, state, player, cmd, rng):
        self.steps += 1
        return super().step(state, player, cmd, rng)


# -- the oracle: lines from the root position -------------------------------------------------


def _after(game: Game, state, player: str, cmd):
    return game.step(game.clone(state), player, cmd, random.Random(0))


def _greedy(game: Game, state, player: str):
    """The one-ply heuristic's command: the first of the best by the player's evaluate."""
    options = [(game.evaluate(_after(game, state, player, c), player), i, c)
               for i, c in enumerate(game.legal(state, player))]
    best = max(v for v, _, _ in options)
    return next(c for v, _, c in options if v == best)


def _clip(v: float) -> float:
    return max(-1.0, min(1.0, float(v)))


def _judge(game: Game, state, me: str) -> float:
    if not game.to_act(state):
        scores = game.outcome(state).scores
        top = max(scores.values())
        if scores[me] == top:
            return 1 / sum(1 for s in scores.values() if s == top)
    return _clip(game.evaluate(state, me))


def _line(game: Game, root, me: str, path: list, depth: int) -> dict:
    """Where the searcher's commands ``path`` lead (the node) and what the line is worth."""
    state, clock, judged = root, 0, None
    for k, cmd in enumerate(path):
        state = _after(game, state, me, cmd)
        while game.to_act(state) and game.to_act(state)[0] != me:
            p = game.to_act(state)[0]
            state = _after(game, state, p, _greedy(game, state, p))
            clock += 1
            if judged is None and depth and clock == depth:
                judged = state
        if judged is None and k == 0 and depth == 0:
            judged = state  # depth 0: every line is judged at the end of its first edge
    node = {"state": state, "clock": clock, "final": not game.to_act(state)}
    if judged is None and not node["final"]:
        on, plies = state, 0
        while clock < depth and plies < LEAF_PLIES and game.to_act(on):
            p = game.to_act(on)[0]
            on = _after(game, on, p, _greedy(game, on, p))
            plies += 1
            clock += p != me
        judged = on
    node["value"] = _judge(game, judged if judged is not None else state, me)
    return node


def _ranked(game: Game, state, me: str, topk: int) -> list:
    legal = game.legal(state, me)
    if len(legal) == 1:
        return legal
    values = [_clip(game.evaluate(_after(game, state, me, c), me)) for c in legal]
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    chosen = [legal[i] for i in order]
    return chosen[:topk] if topk else chosen


def _check(game: Game, root_state, me: str, node, path: list, depth: int, topk: int) -> float:
    """Checks ``node`` (reached by ``path``) and its subtree; returns its best line."""
    if path:
        want = _line(game, root_state, me, path, depth)
        assert node.state == want["state"], path
        assert (node.clock, node.final) == (want["clock"], want["final"]), path
        assert node.value == pytest.approx(want["value"]), path
    else:
        assert node.value == -math.inf and node.clock == 0
    if node.moves is not None:
        assert node.moves == _ranked(game, node.state, me, topk), path
        # the children are searched best prior first
        assert list(node.children) == node.moves[:len(node.children)], path
    best = node.value
    for cmd, child in node.children.items():
        if len(node.moves) > 1:
            assert child.pv == pytest.approx(
                _clip(game.evaluate(_after(game, node.state, me, cmd), me))), path
        best = max(best, _check(game, root_state, me, child, [*path, cmd], depth, topk))
        assert child.n >= 1
    if node.children:
        assert node.best == pytest.approx(best), path
        closed = len(node.children) == len(node.moves) and all(
            c.done for c in node.children.values())
        assert node.done == closed, path
        # every simulation through a node goes on into one child, except the one that
        # made the node (the root was never made by a simulation)
        assert node.n == (1 if path else 0) + sum(c.n for c in node.children.values()), path
    elif path:
        assert node.best == node.value
        assert node.done == (node.final or node.clock >= depth), path
    return node.best


class Loud(Pick):
    """Pick whose evaluate goes past 1: equal rewards (clipped) for unequal positions,
    so the heuristic's own command (the first of the best unclipped) and the best by
    the clipped prior can differ."""

    def evaluate(self, state, player):
        best_other = max(v for p, v in state.sums.items() if p != player)
        return (state.sums[player] - best_other) / 2


def _walk(node):
    yield node
    for c in node.children.values():
        yield from _walk(c)


def _pick_positions(game=None):
    game = game or Pick(pool=9, rounds=3)
    fresh = LocalGame(game, ABC).state
    later = LocalGame(game, ABC)
    for n in (5, 2, 9, 1):  # then b is to act
        later.play(later.to_act()[0], Take(n))
    return game, [("a", fresh), ("b", later.state)]


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize(("topk", "sims", "loud"), [(0, 12, False), (3, 40, False),
                                                    (0, 200, False), (1, 60, True),
                                                    (2, 60, True)])
def test_every_node_of_a_pick_tree_is_the_line_it_stands_for(depth, topk, sims, loud):
    game, positions = _pick_positions(Loud(pool=9, rounds=3) if loud else None)
    for me, state in positions:
        agent = make_agent(f"{SPEC},prior=1,c=0.3,depth={depth},topk={topk},sims={sims}", 3)
        agent.act(game, state, me)
        root = agent.last_root
        _check(game, state, me, root, [], depth, topk)
        assert root.n == agent.stats.simulations
        assert root.size() == len(list(_walk(root))) > 1
        # the search ends early only once the root is closed, or with one command (topk=1)
        assert agent.stats.simulations == sims or root.done or len(root.moves) == 1


def test_a_shared_win_before_the_horizon_counts_one_over_the_sharers():
    # pool 1..6, two rounds for a, b, c; c's last pick ends the game in a three-way tie
    # for first, worth 1/3 to c.
    game = Pick(pool=6, rounds=2)
    local = LocalGame(game, ABC)
    for n in (6, 5, 4, 1, 2):  # a 6, b 5, c 4, a 1, b 2: a has 7, b 7, c 4
        local.play(local.to_act()[0], Take(n))
    agent = make_agent(f"{SPEC},prior=1,depth=9,sims=50", 0)
    agent.act(game, local.state, "c")  # c takes 3: 7 each, a three-way tie
    root = agent.last_root
    assert root.children[Take(3)].final
    assert root.children[Take(3)].value == pytest.approx(1 / 3)
    local.play("c", Take(3))
    assert local.outcome().scores == {"a": 7, "b": 7, "c": 7}


@pytest.mark.parametrize("depth", [0, 2, 4])
def test_every_node_of_a_connect_four_tree_is_the_line_it_stands_for(depth):
    game = ConnectFour()
    local = played(game, ["x", "y"], [game.parse(t) for t in "3 3 4 2 2".split()])
    me = local.to_act()[0]
    agent = make_agent(f"{SPEC},prior=1,c=0.5,depth={depth},sims=30", 1)
    agent.act(game, local.state, me)
    _check(game, local.state, me, agent.last_root, [], depth, 0)


# -- the move, the choice of child, the budgets --------------------------------------------


@pytest.mark.parametrize("margin", [0.0, 0.05, 0.1, 0.3, 2.0])
@pytest.mark.parametrize("depth", [2, 4])
def test_the_move_is_the_heuristics_unless_a_line_beats_it_by_more_than_the_margin(margin, depth):
    game, positions = _pick_positions()
    for me, state in positions:
        agent = make_agent(f"{SPEC},prior=1,depth={depth},sims=300,margin={margin}", 5)
        move = agent.act(game, state, me)
        root = agent.last_root
        first = root.moves[0]
        top = max(c.best for c in root.children.values())
        if root.children[first].best + margin >= top:
            assert move == first
        else:
            assert root.children[move].best == top
            assert move == next(m for m, c in root.children.items() if c.best == top)


class Backwards(Pick):
    def evaluate(self, state, player):
        return -super().evaluate(state, player)


def test_a_line_beating_the_heuristic_by_exactly_the_margin_leaves_the_heuristics_move():
    game = Backwards(pool=9, rounds=1)
    state = LocalGame(game, ABC).state
    searcher = make_agent(f"{SPEC},prior=1,sims=30", 0)
    won = searcher.act(game, state, "a")
    root = searcher.last_root
    gap = root.children[won].best - root.children[root.moves[0]].best
    assert won != root.moves[0] and gap > 0
    assert make_agent(f"{SPEC},prior=1,sims=30,margin={gap}", 0).act(
        game, state, "a") == root.moves[0]
    assert make_agent(f"{SPEC},prior=1,sims=30,margin={gap * 0.999}", 0).act(
        game, state, "a") == won


@pytest.mark.parametrize(("c", "prior"), [(0.3, 1.0), (2.0, 0.5), (0.0, 3.0), (1.0, 0.0),
                                          (5.0, 0.2)])
def test_each_simulation_descends_into_the_open_child_with_the_best_uct_value(c, prior):
    game = Pick(pool=9, rounds=3)
    state = LocalGame(game, ABC).state
    spec = f"{SPEC},prior={prior},c={c},depth=8"
    n_moves = len(game.legal(state, "a"))
    checked = 0
    for sims in range(n_moves + 1, n_moves + 17):
        before = make_agent(f"{spec},sims={sims - 1}", 2)
        before.act(game, state, "a")
        after = make_agent(f"{spec},sims={sims}", 2)
        after.act(game, state, "a")
        old, new = before.last_root, after.last_root
        grown = [m for m in new.children if new.children[m].n != old.children[m].n]
        assert len(grown) == 1
        open_ = [(m, ch) for m, ch in old.children.items() if not ch.done]

        def uct(ch, old=old):
            n = ch.n + prior
            return (ch.best * ch.n + prior * ch.pv) / n + c * math.sqrt(math.log(old.n) / n)

        top = max(uct(ch) for _, ch in open_)
        assert grown[0] == next(m for m, ch in open_ if uct(ch) == top), sims
        checked += 1
    assert checked == 16


def test_the_forward_model_calls_counted_are_the_commands_applied():
    for game, players in ((Counting(pool=8, rounds=3), ABC), (CountingC4(), ["x", "y"])):
        state, me = LocalGame(game, players).state, players[0]
        for spec in (f"{SPEC},prior=1,depth=3,sims=25", f"{SPEC},prior=1,depth=0,topk=2,sims=7"):
            agent = make_agent(spec, 0)
            game.steps = 0
            agent.act(game, state, me)
            assert agent.stats.calls == game.steps > 0, spec


def test_a_calls_budget_stops_at_the_first_simulation_that_reaches_it():
    game = Pick(pool=8, rounds=3)
    state = LocalGame(game, ABC).state
    spent = []
    for sims in range(1, 8):
        agent = make_agent(f"{SPEC},prior=1,depth=4,sims={sims}", 0)
        agent.act(game, state, "a")
        spent.append(agent.stats.calls)
    assert spent == sorted(spent) and len(set(spent)) == len(spent)
    for budget in (spent[2], spent[2] + 1, spent[4] - 1, spent[4]):
        agent = make_agent(f"{SPEC},prior=1,depth=4,calls={budget}", 0)
        agent.act(game, state, "a")
        want = next(i + 1 for i, c in enumerate(spent) if c >= budget)
        assert agent.stats.simulations == want, budget


@pytest.mark.parametrize("budget", ["seconds=0.000000001", "cpu=0.000000001"])
def test_a_time_budget_long_past_still_gives_one_simulation(budget):
    game = Pick(pool=8, rounds=3)
    agent = make_agent(f"{SPEC},prior=1,depth=4,{budget}", 0)
    move = agent.act(game, LocalGame(game, ABC).state, "a")
    assert agent.stats.simulations == 1 and agent.last_root.n == 1
    assert move == agent.last_root.moves[0]


@pytest.mark.parametrize("budget", ["seconds=0.9", "cpu=0.9"])
def test_a_time_budget_not_yet_spent_lets_the_simulation_budget_end_the_search(budget):
    # three simulations of the toy take a few milliseconds, far inside the 0.9 s
    game = Pick(pool=8, rounds=3)
    agent = make_agent(f"{SPEC},prior=1,depth=4,sims=3,{budget}", 0)
    agent.act(game, LocalGame(game, ABC).state, "a")
    assert agent.stats.simulations == 3


@pytest.mark.parametrize("sims", [1, 2, 5, 9])
def test_a_simulation_budget_runs_exactly_that_many(sims):
    game = Pick(pool=9, rounds=3)
    agent = make_agent(f"{SPEC},prior=1,depth=6,sims={sims}", 0)
    agent.act(game, LocalGame(game, ABC).state, "a")
    assert agent.stats.simulations == agent.last_root.n == sims
    assert len(agent.last_root.children) == min(sims, 9)


def test_a_single_command_is_played_after_one_simulation_and_counters_add_up():
    game = Counting(pool=3, rounds=1)
    local = LocalGame(game, ABC)
    local.play("a", Take(3))
    local.play("b", Take(1))
    agent = make_agent(f"{SPEC},prior=1,sims=50", 0)
    game.steps = 0
    t0 = time.perf_counter()
    assert agent.act(game, local.state, "c") == Take(2)
    t1 = time.perf_counter()
    assert agent.stats.simulations == 1 and agent.stats.decisions == 1
    assert agent.reused_visits == 0
    first_seconds = agent.stats.seconds
    assert agent.stats.calls == game.steps == 1
    assert 0 < first_seconds <= t1 - t0  # the thinking time lies within the call
    fresh = LocalGame(game, ABC).state
    t2 = time.perf_counter()
    agent.act(game, fresh, "a")
    t3 = time.perf_counter()
    assert agent.stats.decisions == 2
    assert agent.stats.simulations == 1 + agent.last_root.n > 2
    assert agent.stats.calls == game.steps > 1  # both decisions' calls, added up
    assert first_seconds < agent.stats.seconds <= first_seconds + (t3 - t2)
    assert agent.reused_visits == 0


@pytest.mark.parametrize("follow", [1, 2, 3])
def test_the_first_follow_decisions_are_the_heuristics_without_search(follow):
    game = Backwards(pool=9, rounds=1)
    view = LocalGame(game, ABC).state
    agent = make_agent(f"{SPEC},prior=1,sims=30,follow={follow}", 0)
    for k in range(follow):
        assert agent.act(game, view, "a") == Take(1)  # the heuristic's (losing) choice
        assert agent.stats.simulations == k + 1 and agent.stats.decisions == k + 1
    assert agent.act(game, view, "a") != Take(1)
    assert agent.stats.simulations > follow + 1


# -- a line that never reaches the horizon ---------------------------------------------------


@command
class Free:
    pass


@command
class Over:
    pass


@event("ai-test-free.started")
class FreeStarted:
    players: tuple[str, ...]


@event("ai-test-free.took")
class TookFree:
    player: str
    free: bool


class Endless(Game):
    """a may take free actions (a's turn goes on) or hand the turn to b, who can only
    hand it back; a's evaluate likes free actions, so a line played on by the heuristic
    never gives b a turn again."""

    name = "ai-test-free"
    min_players, max_players = 2, 2
    events = (FreeStarted, TookFree)

    def setup(self, players, options, rng):
        return [FreeStarted(tuple(players))]

    def fold(self, state, ev):
        if isinstance(ev, FreeStarted):
            return {"players": ev.players, "turn": 0, "free": 0, "handed": 0}
        if ev.free:
            state["free"] += 1
        else:
            state["turn"] = 1 - state["turn"]
            state["handed"] += 1
        return state

    def clone(self, state):
        return dict(state)

    def to_act(self, state):
        return () if state["handed"] >= 50 else (state["players"][state["turn"]],)

    def legal(self, state, player):
        if player not in self.to_act(state):
            return []
        return [Over(), Free()] if state["turn"] == 0 else [Over()]

    def decide(self, state, player, cmd, rng):
        return [TookFree(player, isinstance(cmd, Free))]

    def outcome(self, state):
        return Outcome.from_scores({p: 0 for p in state["players"]}) \
            if not self.to_act(state) else None

    def evaluate(self, state, player):
        return state["free"] / 100 if player == state["players"][0] else 0.0

    def parse(self, text, state=None, player=None):
        return Free() if text == "free" else Over()

    def format(self, cmd, state=None):
        return "free" if isinstance(cmd, Free) else "over"


def test_a_line_played_on_stops_after_forty_commands_short_of_the_horizon():
    game = Endless()
    state = LocalGame(game, ["a", "b"]).state
    agent = make_agent(f"{SPEC},prior=1,depth=3,sims=2", 0)
    agent.act(game, state, "a")
    root = agent.last_root
    free = root.children[Free()]
    assert free.clock == 0 and not free.done
    # one free action on the edge, then forty more played on, the horizon never reached
    assert free.value == pytest.approx((1 + LEAF_PLIES) / 100)
    handed = root.children[Over()]
    assert handed.clock == 1  # b handed the turn back
    assert handed.value == pytest.approx(LEAF_PLIES / 100)


def test_a_player_name_built_at_run_time_searches_the_same_tree():
    # The searcher's name may come from a file or a socket: equal to the game's copy of
    # it, not the same object. Its decisions must still be told from the others'.
    game = Pick(pool=9, rounds=3)
    names = ["ann", "bob", "cat"]
    state = LocalGame(game, names).state
    built = "".join(["an", "n"])
    assert built == "ann" and built is not state.players[0]
    trees = []
    for me in ("ann", built):
        agent = make_agent(f"{SPEC},prior=1,depth=4,sims=20", 0)
        move = agent.act(game, state, me)
        root = agent.last_root
        trees.append((move, [(n.state.sums, n.clock, n.value) for n in _walk(root)]))
        assert all(game.to_act(c.state) in ((me,), ()) for c in root.children.values())
    assert trees[0] == trees[1]


def test_a_node_with_more_than_256_commands_is_closed_once_every_one_is_judged():
    # depth 0: each command's line ends with its edge, so the root is closed after one
    # simulation per command, however many there are (ints past 256 are distinct objects).
    game = Pick(pool=300, rounds=1)
    agent = make_agent(f"{SPEC},prior=1,depth=0,sims=1000", 0)
    agent.act(game, LocalGame(game, ["a", "b"]).state, "a")
    assert agent.last_root.done
    assert agent.stats.simulations == len(agent.last_root.children) == 300
