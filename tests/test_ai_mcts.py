"""MCTS: strength, determinism, budgets, solver, tree reuse, progressive widening, max^n
backup for three players and rollouts cut off and scored by ``evaluate``."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from meeple.ai.mcts import MCTSAgent
from meeple.ai.registry import make_agent
from meeple.core import Game, IllegalCommand, LocalGame, Outcome, command, event
from meeple.core.testing import played
from meeple_connect_four import ConnectFour, Drop

C4 = ConnectFour()


def position(columns: str) -> LocalGame:
    return played(C4, ["x", "y"], columns)


def play(game: Game, players: list[str], agents: dict, seed: int = 0) -> LocalGame:
    local = LocalGame(game, players, seed=seed)
    while local.outcome() is None:
        p = local.to_act()[0]
        local.play(p, agents[p].act(game, game.view(local.state, p), p))
    return local


# -- a three-player toy: take numbers from a pool; the highest sum wins -------------------

@command
class Take:
    number: int


@event("ai-test-pick.started")
class PickStarted:
    players: tuple[str, ...]
    pool: tuple[int, ...]
    rounds: int


@event("ai-test-pick.took")
class Took:
    player: str
    number: int


@dataclass
class PickState:
    players: tuple[str, ...]
    pool: list[int]
    sums: dict[str, int]
    picks: int
    total: int


class Pick(Game):
    name = "ai-test-pick"
    min_players, max_players = 2, 5
    events = (PickStarted, Took)

    def __init__(self, pool: int = 6, rounds: int = 2) -> None:
        self.pool, self.rounds = pool, rounds
        self.evaluated = 0

    def setup(self, players, options, rng):
        return [PickStarted(tuple(players), tuple(range(1, self.pool + 1)), self.rounds)]

    def fold(self, state, ev):
        if isinstance(ev, PickStarted):
            return PickState(ev.players, list(ev.pool), dict.fromkeys(ev.players, 0), 0,
                             ev.rounds * len(ev.players))
        state.pool.remove(ev.number)
        state.sums[ev.player] += ev.number
        state.picks += 1
        return state

    def clone(self, state):
        return PickState(state.players, state.pool[:], dict(state.sums), state.picks,
                         state.total)

    def to_act(self, state):
        if state.picks >= state.total:
            return ()
        return (state.players[state.picks % len(state.players)],)

    def legal(self, state, player):
        return [Take(n) for n in state.pool] if player in self.to_act(state) else []

    def decide(self, state, player, cmd, rng):
        if not isinstance(cmd, Take) or cmd.number not in state.pool:
            raise IllegalCommand("take a number from the pool")
        return [Took(player, cmd.number)]

    def outcome(self, state):
        return Outcome.from_scores(state.sums) if state.picks >= state.total else None

    def evaluate(self, state, player):
        self.evaluated += 1
        best_other = max(v for p, v in state.sums.items() if p != player)
        return max(-1.0, min(1.0, (state.sums[player] - best_other) / 10))

    def parse(self, text, state=None, player=None):
        return Take(int(text))

    def format(self, cmd, state=None):
        return str(cmd.number)


ABC = ["a", "b", "c"]


# -- strength and determinism ---------------------------------------------------------------

def test_mcts_200_sims_wins_at_least_19_of_20_against_random_on_connect_four():
    score = 0.0
    for i in range(20):
        m, r = make_agent("mcts:sims=200", 10 + i), make_agent("random", 50 + i)
        agents = {"x": m, "y": r} if i % 2 == 0 else {"x": r, "y": m}
        me = "x" if i % 2 == 0 else "y"
        score += play(C4, ["x", "y"], agents, i).outcome().scores[me]
    assert score >= 19, score


def test_same_seed_same_moves_and_stats():
    def run(seed):
        agent = make_agent("mcts:sims=150", seed)
        local = play(C4, ["x", "y"], {"x": agent, "y": make_agent("random", 1)})
        return local.events, agent.stats.simulations, agent.stats.calls
    assert run(3) == run(3)


def test_mcts_takes_an_immediate_win_and_blocks_one():
    win = position("121212")
    assert make_agent("mcts:sims=100", 0).act(C4, win.state, "x") == Drop(0)
    threat = position("12121")  # x threatens column 1, y to move
    assert make_agent("mcts:sims=400", 0).act(C4, threat.state, "y") == Drop(0)


def test_search_leaves_the_view_unchanged():
    local = position("4433")
    before = C4.clone(local.state)
    make_agent("mcts:sims=200", 0).act(C4, local.state, "x")
    assert local.state == before


# -- fast path --------------------------------------------------------------------------------

def test_game_step_equals_decide_and_fold_on_random_positions():
    rng = random.Random(1)
    generic = Game.step
    for _ in range(200):
        local = LocalGame(C4, ["x", "y"])
        for _ in range(rng.randrange(0, 30)):
            if local.outcome() is not None:
                break
            p = local.to_act()[0]
            local.play(p, rng.choice(C4.legal(local.state, p)))
        if local.outcome() is not None:
            continue
        p = local.to_act()[0]
        cmd = rng.choice(C4.legal(local.state, p))
        fast = C4.step(C4.clone(local.state), p, cmd, rng)
        slow = generic(C4, C4.clone(local.state), p, cmd, rng)
        assert fast == slow


# -- budgets ------------------------------------------------------------------------------------

def test_simulation_and_call_budgets():
    view = position("").state
    agent = make_agent("mcts:sims=123,reuse=0", 0)
    agent.act(C4, view, "x")
    assert agent.stats.simulations == 123
    agent = make_agent("mcts:calls=2000,reuse=0", 0)
    agent.act(C4, view, "x")
    assert 2000 <= agent.stats.calls < 2000 + 43  # at most one game's plies over
    assert agent.stats.calls / agent.stats.simulations > 5


def test_seconds_budget_stops():
    agent = make_agent("mcts:seconds=0.05", 0)
    agent.act(C4, position("").state, "x")
    assert agent.stats.simulations >= 1
    assert agent.stats.seconds < 5


# -- solver ----------------------------------------------------------------------------------------

def test_solver_proves_a_won_position_and_stops_early():
    agent = make_agent("mcts:sims=1000", 0)
    assert agent.act(C4, position("121212").state, "x") == Drop(0)
    assert agent.last_root.proven == {"x": 1.0, "y": -1.0}
    assert agent.stats.simulations < 1000
    unsolved = make_agent("mcts:sims=300,solve=false", 0)
    unsolved.act(C4, position("121212").state, "x")
    assert unsolved.last_root.proven is None and unsolved.stats.simulations == 300


# -- tree reuse ----------------------------------------------------------------------------------

def test_tree_reuse_keeps_the_subtree_of_the_reached_position():
    local = LocalGame(C4, ["x", "y"])
    agent = make_agent("mcts:sims=400", 0)
    first = agent.act(C4, local.state, "x")
    local.play("x", first)
    reply = agent.last_root.children[first]
    move, node = max(reply.children.items(), key=lambda kv: kv[1].n)
    visits = node.n
    local.play("y", move)  # the reply the tree explored most
    agent.act(C4, local.state, "x")
    assert agent.reused_visits == visits > 0
    assert agent.last_root is node and node.n == visits + 400

    fresh = make_agent("mcts:sims=400,reuse=false", 0)
    fresh.act(C4, local.state, "x")
    assert fresh.reused_visits == 0 and fresh.last_root.n == 400


def test_tree_reuse_starts_afresh_on_an_unknown_position():
    agent = make_agent("mcts:sims=50", 0)
    agent.act(C4, position("").state, "x")
    agent.act(C4, position("7766").state, "x")
    assert agent.reused_visits == 0


# -- progressive widening ------------------------------------------------------------------------

def test_progressive_widening_limits_children():
    game = Pick(pool=40, rounds=1)
    view = LocalGame(game, ABC).state
    wide = make_agent("mcts:sims=60,pw=0.5,pwk=1,reuse=0", 0)
    wide.act(game, view, "a")
    limit = math.ceil(1 * 60 ** 0.5)
    assert 1 < len(wide.last_root.children) <= limit
    plain = make_agent("mcts:sims=60,reuse=0", 0)
    plain.act(game, view, "a")
    assert len(plain.last_root.children) == 40


# -- max^n for three players -----------------------------------------------------------------------

def test_maxn_backup_keeps_each_movers_own_reward():
    game = Pick(pool=6, rounds=2)
    local = LocalGame(game, ABC)
    for n in (6, 1, 2, 5):  # a:6, b:1, c:2, a:5 ; b to move, pool 3, 4
        local.play(local.to_act()[0], str(n))
    agent = make_agent("mcts:sims=50,solve=false", 0)
    agent.act(game, local.state, "b")
    root = agent.last_root
    assert root.player == "b"
    # Whatever b takes, a (11) wins; b ends second with 1+4=5 vs c's 2+3=5 ... or 1+3=4
    # vs c's 2+4=6. Rewards: mean over the others of +1 above / 0 tied / -1 below.
    took4, took3 = root.children[Take(4)], root.children[Take(3)]
    assert took4.w / took4.n == (-1 + 0) / 2  # b: below a, tied with c
    assert took3.w / took3.n == (-1 - 1) / 2  # b: below both
    c_after_4 = took4.children[Take(3)]
    assert c_after_4.w / c_after_4.n == (-1 + 0) / 2  # c's own reward, not b's
    assert agent.act(game, local.state, "b") == Take(4)


def test_three_player_mcts_takes_the_largest_number():
    game = Pick(pool=6, rounds=2)
    view = LocalGame(game, ABC).state
    assert make_agent("mcts:sims=300", 1).act(game, view, "a") == Take(6)


# -- cut-off rollouts scored by evaluate ------------------------------------------------------------

def test_cutoff_rollouts_use_evaluate_and_stop_early():
    game = Pick(pool=12, rounds=4)
    view = LocalGame(game, ABC).state
    cut = make_agent("mcts:sims=100,depth=2,reuse=0", 0)
    cut.act(game, view, "a")
    assert game.evaluated > 0
    full_game = Pick(pool=12, rounds=4)
    full = make_agent("mcts:sims=100,reuse=0", 0)
    full.act(full_game, LocalGame(full_game, ABC).state, "a")
    assert full_game.evaluated == 0
    assert cut.stats.calls < full.stats.calls
    # each simulation: at most tree depth (< 12 here) plus the 2 rollout plies
    assert cut.stats.calls / cut.stats.simulations <= full.stats.calls / full.stats.simulations


def test_heuristic_rollouts_play_and_count_their_calls():
    agent = make_agent("mcts:sims=40,rollout=heuristic,eps=0", 0)
    assert agent.act(C4, position("121212").state, "x") == Drop(0)
    random_agent = make_agent("mcts:sims=40,solve=false,reuse=0", 0)
    random_agent.act(C4, position("").state, "x")
    greedy = make_agent("mcts:sims=40,solve=false,reuse=0,rollout=heuristic,eps=0", 0)
    greedy.act(C4, position("").state, "x")
    assert greedy.stats.calls > 3 * random_agent.stats.calls  # every candidate is tried


def test_agent_protocol_names():
    agent = make_agent("mcts:sims=10,c=2", 0)
    assert isinstance(agent, MCTSAgent) and agent.name == "mcts:sims=10,c=2"


# -- chance in decide: open-loop search stays sound ------------------------------------------------

@command
class Advance:
    dice: bool  # True: roll a die (1-6); False: one safe step


@event("ai-test-race.started")
class RaceStarted:
    players: tuple[str, ...]


@event("ai-test-race.moved")
class Moved:
    player: str
    steps: int


@dataclass
class RaceState:
    players: tuple[str, ...]
    pos: dict[str, int]
    turn: int


class Race(Game):
    """First to square 10 wins; a die roll is faster on average but chance decides."""

    name = "ai-test-race"
    events = (RaceStarted, Moved)

    def setup(self, players, options, rng):
        return [RaceStarted(tuple(players))]

    def fold(self, state, ev):
        if isinstance(ev, RaceStarted):
            return RaceState(ev.players, dict.fromkeys(ev.players, 0), 0)
        state.pos[ev.player] += ev.steps
        state.turn += 1
        return state

    def clone(self, state):
        return RaceState(state.players, dict(state.pos), state.turn)

    def to_act(self, state):
        if max(state.pos.values()) >= 10:
            return ()
        return (state.players[state.turn % len(state.players)],)

    def legal(self, state, player):
        return [Advance(True), Advance(False)] if player in self.to_act(state) else []

    def decide(self, state, player, cmd, rng):
        return [Moved(player, rng.randint(1, 6) if cmd.dice else 1)]

    def outcome(self, state):
        if max(state.pos.values()) < 10:
            return None
        return Outcome.from_scores({p: int(v >= 10) for p, v in state.pos.items()})

    def parse(self, text, state=None, player=None):
        return Advance(text == "roll")

    def format(self, cmd, state=None):
        return "roll" if cmd.dice else "step"


def test_chance_games_search_open_loop_and_switch_the_solver_off():
    game = Race()
    agent = make_agent("mcts:sims=300", 0)
    local = play(game, ["x", "y"], {"x": agent, "y": make_agent("random", 1)}, seed=2)
    assert local.outcome() is not None
    assert agent.solve is False  # a "proven" end turned out not to be one
    first = make_agent("mcts:sims=300", 0).act(game, LocalGame(game, ["x", "y"]).state, "x")
    assert first == Advance(True)  # rolling (3.5 on average) beats one safe step


# -- implicit minimax backups -----------------------------------------------------------------------

def test_implicit_minimax_keeps_evaluate_values_backed_up_by_maxn():
    from meeple.ai.rewards import rewards_of

    game = Pick(pool=6, rounds=2)
    view = LocalGame(game, ABC).state
    agent = make_agent("mcts:sims=6,im=0.5,reuse=0,solve=false", 0)
    agent.act(game, view, "a")  # meets every player (search knows them from outcomes)
    agent.act(game, view, "a")
    root = agent.last_root
    assert len(root.children) == 6  # one simulation per first move
    for move, child in root.children.items():
        after = game.step(game.clone(view), "a", move, None)
        assert child.h == rewards_of(game.evaluate, after, ABC)
    assert root.h == max((c.h for c in root.children.values()), key=lambda h: h["a"])

    deeper = make_agent("mcts:sims=300,im=0.5,reuse=0,solve=false", 0)
    deeper.act(game, view, "a")

    def check(node):
        kids = [c for c in node.children.values() if c.h is not None]
        if node.player is not None and kids:
            assert node.h[node.player] == max(c.h[node.player] for c in kids)
        for c in node.children.values():
            check(c)
    check(deeper.last_root)
    assert make_agent("mcts:sims=300,im=0.5", 0).act(game, view, "a") == Take(6)


def test_without_implicit_minimax_nodes_carry_no_values():
    game = Pick(pool=6, rounds=2)
    agent = make_agent("mcts:sims=50", 0)
    agent.act(game, LocalGame(game, ABC).state, "a")
    assert all(c.h is None for c in agent.last_root.children.values())
